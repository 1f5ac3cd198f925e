package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"galloper/adjudicator"
	"galloper/adjudicator/store"
	"galloper/mail"
	"galloper/mail/mailtest"
	"galloper/rules"
	"galloper/rules/systems"
)

// The demo of any system that implements rules.Demonstrator: `galloper
// demo --system ID`. It plays the system's sample scenario by email on an
// in-process IMAP server and SMTP sink, with one scripted player a side.
// Each segment each side that sends orders writes its file from the view
// its last report gave it (the system's DemoOrders), mails it with the
// envelope, and answers every decision request with its default, until
// the game is over or the system's segment cap is reached.

// systemDemo is what a demo of a system did, for its story and its test.
type systemDemo struct {
	System   string
	Scenario string
	// Segments is how many segments were resolved; Over is set when the
	// game ended.
	Segments int
	Over     bool
	// Refused lists each order file Galloper refused, as "side, segment:
	// problem lines". A refused file is sent again without its orders so
	// that the game goes on.
	Refused []string
	// Decisions counts the decision requests answered.
	Decisions int
	Mails     int
	Maps      int
	Events    int
	// Kinds counts the journal's events by kind.
	Kinds map[string]int
}

// demoSystem finds a registered system by id (with or without its
// version) that can play a demo.
func demoSystem(id string) (rules.System, rules.Demonstrator, error) {
	var ids []string
	for _, s := range systems.All() {
		d, ok := s.(rules.Demonstrator)
		if !ok {
			continue
		}
		ids = append(ids, s.ID())
		if s.ID() == id || strings.SplitN(s.ID(), ".", 2)[0] == id {
			return s, d, nil
		}
	}
	return nil, nil, fmt.Errorf("no system %q plays a demo (systems with a demo: %s)", id, strings.Join(ids, ", "))
}

// demoEmail is the address of a demo player of side.
func demoEmail(side rules.Side) string {
	return slug(string(side)) + "@players.galloper.test"
}

// runSystemDemo plays the demo of system id into out, as runDemo does for
// the Line of Battle demo, and prints its story to w.
func runSystemDemo(ctx context.Context, w io.Writer, out, id string, seed uint64) (systemDemo, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	sys, demo, err := demoSystem(id)
	if err != nil {
		return systemDemo{}, err
	}
	scenario, sides, maxSegments := demo.DemoScenario()
	res := systemDemo{System: sys.ID(), Scenario: scenario, Kinds: map[string]int{}}
	for _, d := range []string{"mail", "maps"} {
		if err := os.MkdirAll(filepath.Join(out, d), 0o755); err != nil {
			return res, err
		}
	}
	dbPath := filepath.Join(out, "galloper.db")
	for _, suffix := range []string{"", "-wal", "-shm"} {
		_ = os.Remove(dbPath + suffix)
	}
	srv, err := mailtest.Start(demoGM, "gm", "gm-password")
	if err != nil {
		return res, err
	}
	defer srv.Close()
	fmt.Fprintf(w, "Galloper demo of %s: IMAP on %s, SMTP on %s, database %s\n\n", sys.Name(), srv.IMAPAddr, srv.SMTPAddr, dbPath)

	db, err := store.Open(ctx, dbPath)
	if err != nil {
		return res, err
	}
	defer db.Close()
	adj := adjudicator.New(db, adjudicator.Config{Systems: systems.All(), Address: demoGM, Domain: "demo.galloper.test"}, time.Now, newSeedReader(seed), nil)
	players := map[string]*demoPlayer{}
	var specs []adjudicator.PlayerSpec
	for i, s := range sides {
		p := &demoPlayer{side: string(s), email: demoEmail(s), password: fmt.Sprintf("%s-%d", slug(string(s)), 17+i*29)}
		players[p.side] = p
		specs = append(specs, adjudicator.PlayerSpec{Side: p.side, Email: p.email, Password: p.password})
	}
	if err := adj.CreateGame(ctx, adjudicator.GameSpec{ID: demoGame, System: sys.ID(), Scenario: scenario, Players: specs}); err != nil {
		return res, err
	}
	d := &mail.Daemon{
		Intake:    mail.NewIntake(mail.IMAPConfig{Addr: srv.IMAPAddr, Username: "gm", Password: "gm-password"}, db, time.Now, nil),
		Processor: mail.NewProcessor(adj, nil),
		Sender:    mail.NewSender(mail.SMTPConfig{Addr: srv.SMTPAddr, From: demoGM}, db, time.Now, nil),
		Adj:       adj, Poll: 200 * time.Millisecond,
	}
	dctx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- d.Run(dctx) }()
	running := true
	shutdown := func() {
		if running {
			stop()
			<-done
			running = false
		}
	}
	defer shutdown()

	seen := len(sides) // the game-start mails
	if _, err := srv.WaitFor(ctx, seen, 30*time.Second); err != nil {
		return res, err
	}
	fmt.Fprintf(w, "Game %s created on %s (%s); each player has the game-start mail and the dice commitment.\n", demoGame, scenario, sys.ID())
	for res.Segments < maxSegments {
		st, err := gameState(ctx, db, sys)
		if err != nil {
			return res, err
		}
		if st.Over() {
			break
		}
		seg := st.Segment()
		fmt.Fprintf(w, "\n%s:", seg.Label)
		for _, side := range seg.Sides {
			p := players[string(side)]
			if p == nil {
				return res, fmt.Errorf("segment %s awaits %s, who has no player", seg.Label, side)
			}
			v := sys.View(st, side)
			v.Game = demoGame
			body := strings.TrimSpace(demo.DemoOrders(v, side))
			if err := p.send(srv, seg.Turn, body); err != nil {
				return res, err
			}
			fmt.Fprintf(w, " %s sent %d order lines.", side, orderLines(body))
		}
		fmt.Fprintln(w)
		if seen, err = awaitSegment(ctx, w, srv, players, seen, seg, &res); err != nil {
			return res, err
		}
		res.Segments++
	}
	if st, err := gameState(ctx, db, sys); err != nil {
		return res, err
	} else if res.Over = st.Over(); res.Over {
		if err := awaitSubjects(ctx, srv, seen, "Game "+demoGame+" is over", len(players)); err != nil {
			return res, err
		}
	}
	shutdown()
	if err := saveDemo(ctx, out, srv, db, &res); err != nil {
		return res, err
	}
	end := "the segment cap was reached"
	if res.Over {
		end = "the game is over"
	}
	fmt.Fprintf(w, "\nDone: %d segments played (%s), %d order files refused, %d decisions answered; %d mails written to %s, %d maps to %s,\n%d journal events.\n",
		res.Segments, end, len(res.Refused), res.Decisions, res.Mails, filepath.Join(out, "mail"), res.Maps, filepath.Join(out, "maps"), res.Events)
	fmt.Fprintf(w, "Check every roll: galloper dice verify %s/mail/*.eml\n", out)
	return res, nil
}

// gameState is the demo game's state, decoded from the store.
func gameState(ctx context.Context, db *store.DB, sys rules.System) (rules.State, error) {
	var g store.Game
	if err := db.WithTx(ctx, func(tx *store.Tx) (err error) { g, err = tx.Game(demoGame); return err }); err != nil {
		return nil, err
	}
	return sys.DecodeState(g.State)
}

// orderLines counts the non-blank lines of an order body.
func orderLines(body string) int {
	n := 0
	for _, l := range strings.Split(body, "\n") {
		if strings.TrimSpace(l) != "" {
			n++
		}
	}
	return n
}

// awaitSegment reads the mails from the seen'th on until every player has
// the results of seg: it answers decision requests with their defaults,
// and sends a refused order file again without its orders (noting the
// refusal in res). It prints what happened, as the first ordering side's
// results tell it, and returns how many mails it has read.
func awaitSegment(ctx context.Context, w io.Writer, srv *mailtest.Server, players map[string]*demoPlayer, seen int, seg rules.Segment, res *systemDemo) (int, error) {
	results := 0
	teller := ""
	if len(seg.Sides) > 0 {
		teller = players[string(seg.Sides[0])].email
	}
	for results < len(players) {
		got, err := srv.WaitFor(ctx, seen+1, 30*time.Second)
		if err != nil {
			return seen, fmt.Errorf("%s: waiting for results: %w", seg.Label, err)
		}
		for _, m := range got[seen:] {
			switch subj := subject(m.Raw); {
			case strings.HasPrefix(subj, "Results"):
				results++
				if m.To == teller {
					fmt.Fprint(w, indent(section(bodyText(m.Raw), "== What happened ==")))
				}
			case strings.HasPrefix(subj, "Decision needed"):
				if err := decideMarked(srv, players, m); err != nil {
					return seen, err
				}
				res.Decisions++
			case strings.Contains(subj, "orders not accepted"):
				p := playerByEmail(players, m.To)
				if p == nil {
					return seen, fmt.Errorf("a refusal went to %s, who plays no side", m.To)
				}
				probs := strings.TrimSpace(problemLines(m.Raw))
				res.Refused = append(res.Refused, fmt.Sprintf("%s, %s: %s", p.side, seg.Label, probs))
				fmt.Fprintf(w, "  %s's orders were refused; sent again without orders:\n%s", p.side, indent(indent(probs)))
				if err := p.send(srv, seg.Turn, ""); err != nil {
					return seen, err
				}
			}
		}
		seen = len(got)
	}
	return seen, nil
}

func playerByEmail(players map[string]*demoPlayer, email string) *demoPlayer {
	for _, p := range players {
		if p.email == email {
			return p
		}
	}
	return nil
}

// decisionDefault finds the option marked "(default)" in a decision
// request's text.
var decisionDefault = regexp.MustCompile(`(?m)^\s*(\d+)\. .*\(default\)\s*$`)

// decideMarked answers a decision request with the option the request
// marks as its default, as a player who agrees with Galloper's suggestion
// would.
func decideMarked(srv *mailtest.Server, players map[string]*demoPlayer, m mailtest.Message) error {
	text := bodyText(m.Raw)
	n := decideRequest.FindStringSubmatch(text)
	if n == nil {
		return fmt.Errorf("decision request to %s without a DECIDE line", m.To)
	}
	choice := "1"
	if d := decisionDefault.FindStringSubmatch(text); d != nil {
		choice = d[1]
	}
	p := playerByEmail(players, m.To)
	if p == nil {
		return fmt.Errorf("decision request to %s, who plays no side", m.To)
	}
	body := fmt.Sprintf("GAME     %s\nSIDE     %s\nPASSWORD %s\nDECIDE %s %s\n", demoGame, p.side, p.password, n[1], choice)
	return p.mail(srv, "Decision "+n[1], body)
}

// saveDemo writes every mail Galloper sent to out/mail and its maps to
// out/maps, and counts the journal's events into res.
func saveDemo(ctx context.Context, out string, srv *mailtest.Server, db *store.DB, res *systemDemo) error {
	sent := srv.Sent()
	for i, m := range sent {
		base := fmt.Sprintf("%03d-%s-%s", i+1, strings.SplitN(m.To, "@", 2)[0], slug(subject(m.Raw)))
		if err := os.WriteFile(filepath.Join(out, "mail", base+".eml"), m.Raw, 0o644); err != nil {
			return err
		}
		n, err := saveMaps(m.Raw, filepath.Join(out, "maps"))
		if err != nil {
			return fmt.Errorf("mail %s: %w", base, err)
		}
		res.Maps += n
	}
	res.Mails = len(sent)
	var j []store.JournalEntry
	if err := db.WithTx(ctx, func(tx *store.Tx) (err error) { j, err = tx.Journal(demoGame); return err }); err != nil {
		return err
	}
	if err := store.VerifyJournal(j); err != nil {
		return fmt.Errorf("the journal's hash chain is broken: %w", err)
	}
	res.Events = len(j)
	for _, e := range j {
		res.Kinds[e.Kind]++
	}
	return nil
}
