package main

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"galloper/rules/systems"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	gomail "github.com/emersion/go-message/mail"
	"github.com/spf13/cobra"

	"galloper/adjudicator"
	"galloper/adjudicator/store"
	"galloper/mail"
	"galloper/mail/mailtest"
	"galloper/rules"
)

func demoCmd() *cobra.Command {
	var out string
	var turns int
	var seed uint64
	var bots bool
	var scenario, python, system string
	cmd := &cobra.Command{
		Use:   "demo --out DIR [--turns N] [--system ID]",
		Short: "Play a sample game by email on an in-process IMAP server and SMTP sink",
		Long: "demo starts an IMAP server and an SMTP server on 127.0.0.1, creates a Line of Battle game on the\n" +
			"Lantern Ridge battle scenario (the fight for Sorrel Bridge), and has two scripted players mail\n" +
			"their orders turn by turn (written orders, activity scripts that move, fire and Charge, standing\n" +
			"reactions) while the real Galloper daemon reads, answers and resolves them over those loopback\n" +
			"connections. The reports show orders in transit, refused on a failed Command Roll, accepted,\n" +
			"re-issued by a corps to its divisions, stopped by Fluke Stoppage, recovering and ended, and\n" +
			"fire, Charges, Morale Checks, retreats and rallies. Every mail\n" +
			"Galloper sends is written to DIR/mail/*.eml and every map to DIR/maps/.\n\n" +
			"With --system ID it plays the sample game of that system instead (any system with a demo),\n" +
			"each player writing its orders from its own side's view, to the end of the game.\n\n" +
			"With --bots two sample bots play a whole game instead, from the JSON of their mails: of Line of\n" +
			"Battle, or with --system of any registered system.",
		RunE: func(cmd *cobra.Command, _ []string) error {
			if bots {
				if err := os.MkdirAll(out, 0o755); err != nil {
					return err
				}
				o := demoBots{System: system, Scenario: scenario, Seed: seed, Python: python}
				if o.System == "" {
					o.System = "lob.v2"
				}
				if !cmd.Flags().Changed("scenario") && !strings.HasPrefix(o.System, "lob") {
					o.Scenario = "" // the system's own demo scenario
				}
				_, err := runDemoBots(cmd.Context(), cmd.OutOrStdout(), out, o)
				return err
			}
			if system != "" {
				_, err := runSystemDemo(cmd.Context(), cmd.OutOrStdout(), out, system, seed)
				return err
			}
			return runDemo(cmd.Context(), cmd.OutOrStdout(), out, turns, seed)
		},
	}
	cmd.Flags().BoolVar(&bots, "bots", false, "play a whole game between two sample bots (galloper bot) instead")
	cmd.Flags().StringVar(&scenario, "scenario", "tanners-creek", "the scenario of a --bots game (for another system than LoB, its demo scenario unless given)")
	cmd.Flags().StringVar(&python, "python", "", "with --bots, the second side is played by this Python bot (scripts/galloper_bot.py)")
	cmd.Flags().StringVar(&system, "system", "", "play the sample game of this system (e.g. acwminis) instead of the Line of Battle demo; with --bots, the system of the bots' game (default lob.v2)")
	cmd.Flags().StringVar(&out, "out", "demo-out", "directory for the mails, maps and database")
	cmd.Flags().IntVar(&turns, "turns", demoTurns, "game turns to play (each has a CSA and a USA player turn)")
	cmd.Flags().Uint64Var(&seed, "seed", demoSeed, "seed of the demo's dice secret (a real game draws it from crypto/rand)")
	return cmd
}

const (
	demoGame  = "demo"
	demoGM    = "galloper@demo.galloper.test"
	demoCSA   = "csa@players.galloper.test"
	demoUSA   = "usa@players.galloper.test"
	demoPassC = "tulip-47"
	demoPassU = "oak-12"
	// demoScenario is the battle the demo fights, on the Lantern Ridge map.
	demoScenario = "lantern-ridge-battle"
	// demoTurns and demoSeed are the defaults of --turns and --seed: the
	// whole scenario, on dice that show each step of the order system.
	demoTurns = 8
	// demoScenarioTurns is the length of the demo's scenario: a demo
	// that long ends the game.
	demoScenarioTurns = 8
	demoSeed          = 2
)

// demoPlayer is a scripted player: orders to send, in order. An order that
// the rules say was not sent is sent again next turn.
type demoPlayer struct {
	side, email, password string
	pending               []string // ORDER blocks still to send
	bad                   map[int]string
}

func runDemo(ctx context.Context, w io.Writer, out string, turns int, seed uint64) error {
	if ctx == nil {
		ctx = context.Background()
	}
	if turns < 1 || turns > 8 {
		return fmt.Errorf("--turns must be 1 to 8 (the scenario is 8 turns long), got %d", turns)
	}
	for _, d := range []string{"mail", "maps"} {
		if err := os.MkdirAll(filepath.Join(out, d), 0o755); err != nil {
			return err
		}
	}
	dbPath := filepath.Join(out, "galloper.db")
	for _, suffix := range []string{"", "-wal", "-shm"} {
		_ = os.Remove(dbPath + suffix)
	}
	srv, err := mailtest.Start(demoGM, "gm", "gm-password")
	if err != nil {
		return err
	}
	defer srv.Close()
	fmt.Fprintf(w, "Galloper demo: IMAP on %s, SMTP on %s, database %s\n\n", srv.IMAPAddr, srv.SMTPAddr, dbPath)

	db, err := store.Open(ctx, dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	adj := adjudicator.New(db, adjudicator.Config{Systems: systems.All(), Address: demoGM, Domain: "demo.galloper.test"}, time.Now, newSeedReader(seed), nil)
	err = adj.CreateGame(ctx, adjudicator.GameSpec{ID: demoGame, System: "lob.v2", Scenario: demoScenario, Players: []adjudicator.PlayerSpec{
		{Side: "CSA", Email: demoCSA, Password: demoPassC}, {Side: "USA", Email: demoUSA, Password: demoPassU}}})
	if err != nil {
		return err
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

	expect := 2 // the two game-start mails
	if _, err := srv.WaitFor(ctx, expect, 30*time.Second); err != nil {
		return err
	}
	fmt.Fprintln(w, "Game demo created on Lantern Ridge (the fight for Sorrel Bridge); both players have their game-start mail and dice commitment.")
	players := map[string]*demoPlayer{"CSA": demoCSAPlayer(), "USA": demoUSAPlayer()}
	for turn := 1; turn <= turns; turn++ {
		for _, side := range []string{"CSA", "USA"} {
			p := players[side]
			if bad, ok := p.bad[turn]; ok {
				expect++
				if err := p.send(srv, turn, bad); err != nil {
					return err
				}
				got, err := srv.WaitFor(ctx, expect, 30*time.Second)
				if err != nil {
					return err
				}
				fmt.Fprintf(w, "\nTurn %d %s: sent an order file with mistakes; Galloper replied %q\n", turn, side, subject(got[len(got)-1].Raw))
				fmt.Fprint(w, indent(problemLines(got[len(got)-1].Raw)))
			}
			body := ""
			if len(p.pending) > 0 {
				body = p.pending[0]
			}
			text, scripts, err := p.battleOrders(ctx, adj, db, turn, strings.TrimSpace(body))
			if err != nil {
				return err
			}
			if err := p.send(srv, turn, text); err != nil {
				return err
			}
			got, err := awaitResults(ctx, srv, players, expect)
			if err != nil {
				return err
			}
			expect += len(got)
			fmt.Fprintf(w, "\nTurn %d %s: sent %s, %d activity scripts%s\n", turn, side, map[bool]string{true: "no new orders", false: "a new order"}[body == ""], scripts,
				map[bool]string{true: " and standing reactions", false: ""}[turn == 1])
			for _, m := range got {
				if m.To == p.email && strings.HasPrefix(subject(m.Raw), "Results") {
					text := bodyText(m.Raw)
					fmt.Fprint(w, indent(section(text, "== What happened ==")))
					if body != "" && !strings.Contains(text, "is not sent") && !strings.Contains(text, "cannot roll") {
						p.pending = p.pending[1:]
					}
				}
			}
		}
	}
	if turns == demoScenarioTurns {
		// The game is over: every player gets the mail that ends it.
		if err := awaitSubjects(ctx, srv, expect, "Game "+demoGame+" is over", len(players)); err != nil {
			return err
		}
	}
	shutdown()

	sent := srv.Sent()
	maps := 0
	for i, m := range sent {
		base := fmt.Sprintf("%03d-%s-%s", i+1, strings.SplitN(m.To, "@", 2)[0], slug(subject(m.Raw)))
		if err := os.WriteFile(filepath.Join(out, "mail", base+".eml"), m.Raw, 0o644); err != nil {
			return err
		}
		n, err := saveMaps(m.Raw, filepath.Join(out, "maps"))
		if err != nil {
			return fmt.Errorf("mail %s: %w", base, err)
		}
		maps += n
	}
	var j []store.JournalEntry
	if err := db.WithTx(ctx, func(tx *store.Tx) error { j, err = tx.Journal(demoGame); return err }); err != nil {
		return err
	}
	rolls := 0
	for _, e := range j {
		var ev rules.Event
		if json.Unmarshal([]byte(e.Body), &ev) == nil && ev.Kind == "roll" {
			rolls++
		}
	}
	fmt.Fprintf(w, "\nDone: %d turns played, %d mails written to %s, %d maps to %s,\n%d journal events (%d dice rolls; journal hash chain %s).\n",
		turns, len(sent), filepath.Join(out, "mail"), maps, filepath.Join(out, "maps"), len(j), rolls, verdict(store.VerifyJournal(j)))
	fmt.Fprintf(w, "Check every roll: galloper dice verify %s/mail/*.eml\n", out)
	return nil
}

func verdict(err error) string {
	if err != nil {
		return "BROKEN: " + err.Error()
	}
	return "intact"
}

// demoCSAPlayer sends Lyle's Corps to attack Sorrel Bridge and brings
// army headquarters up, while its scripts fight the battle. The corps
// re-issues the Attack order to both its divisions (LoB 10.6d), each of
// which makes its own Command Roll to carry it out and, from the end of
// the scenario's Fluke Stoppage grace period, its own Fluke Stoppage
// checks (10.7b). The route through Halloway Orchard keeps the HQs short
// of the bridge for more than one turn, so the attack lasts (10.2h).
func demoCSAPlayer() *demoPlayer {
	return &demoPlayer{side: "CSA", email: demoCSA, password: demoPassC, pending: []string{
		`ORDER ATTACK from Harrow to Lyle's Corps
  OBJECTIVE Sorrel Bridge
  ROUTE     Wexley Pike, Halloway Orchard, Sorrel Bridge
  INTENT    Under cover of Halloway Orchard, drive the Federals off this bank and take the bridge before they are reinforced.
END`,
		`ORDER MOVE from Harrow to Army of the Blue Ridge
  OBJECTIVE A7.11
  ROUTE     Wexley Pike, A7.11
  INTENT    Bring army headquarters up behind the corps.
END`,
	}}
}

func demoUSAPlayer() *demoPlayer {
	return &demoPlayer{side: "USA", email: demoUSA, password: demoPassU, pending: []string{
		`ORDER MOVE from Crandall to Fairfax's Division
  OBJECTIVE Wexley
  ROUTE     Wexley Pike, Wexley
  INTENT    Hold the bridge and the town; do not cross the creek.
END`,
	}, bad: map[int]string{2: `ORDER MOVE from Crandall to Morow
  OBJECTIVE A40.4
  ROUTE     A21.4, A40.4
  WHEN      14:00
  OBJETIVE  A20.8
END`}}
}

// header is the head of the player's order file for a turn.
func (p *demoPlayer) header(turn int) string {
	return fmt.Sprintf("GAME     %s\nSIDE     %s\nTURN     %d\nPASSWORD %s\nSALT     %s turn %d\n\n",
		demoGame, p.side, turn, p.password, strings.ToLower(p.side), turn)
}

// battleOrders is the player's order file for a turn: its written orders
// and directives, its STANDING block on the first turn, and the activity
// scripts it writes from its report's map, each kept only when Galloper
// accepts it. It reports how many scripts it kept.
func (p *demoPlayer) battleOrders(ctx context.Context, adj *adjudicator.Adjudicator, db *store.DB, turn int, written string) (string, int, error) {
	blocks := [][]string{{written}}
	if turn == 1 {
		blocks = append(blocks, []string{demoStanding[p.side]})
	}
	base, _, err := keepAccepted(ctx, adj, p, turn, "", blocks)
	if err != nil {
		return "", 0, err
	}
	v, err := sideView(ctx, db, p.side)
	if err != nil {
		return "", 0, err
	}
	return keepAccepted(ctx, adj, p, turn, base, demoScripts(v, p.side))
}

// awaitResults waits for the mails of one player turn from the mail
// number from on, until both sides' results have come; a decision request
// on the way is answered with its default (option 1), as a player who
// agrees with Galloper's suggestion would. It returns the turn's mails.
func awaitResults(ctx context.Context, srv *mailtest.Server, players map[string]*demoPlayer, from int) ([]mailtest.Message, error) {
	seen, results := from, 0
	for results < 2 {
		got, err := srv.WaitFor(ctx, seen+1, 30*time.Second)
		if err != nil {
			return nil, err
		}
		for _, m := range got[seen:] {
			switch subj := subject(m.Raw); {
			case strings.HasPrefix(subj, "Results"):
				results++
			case strings.HasPrefix(subj, "Decision needed"):
				if err := decideDefault(srv, players, m); err != nil {
					return nil, err
				}
			}
		}
		seen = len(got)
	}
	return srv.Sent()[from:seen], nil
}

// awaitSubjects waits for n mails from the from'th on whose subjects
// begin with prefix.
func awaitSubjects(ctx context.Context, srv *mailtest.Server, from int, prefix string, n int) error {
	for want := from + 1; ; want++ {
		got, err := srv.WaitFor(ctx, want, 30*time.Second)
		if err != nil {
			return fmt.Errorf("waiting for %d mails %q: %w", n, prefix, err)
		}
		found := 0
		for _, m := range got[from:] {
			if strings.HasPrefix(subject(m.Raw), prefix) {
				found++
			}
		}
		if found >= n {
			return nil
		}
	}
}

// decideRequest finds the request number in a decision request's text.
var decideRequest = regexp.MustCompile(`(?m)^\s*DECIDE (\d+) `)

// decideDefault answers a decision request mail for the player it went to
// with the request's first option, its default (docs/commands.md,
// "Decisions mid-segment").
func decideDefault(srv *mailtest.Server, players map[string]*demoPlayer, m mailtest.Message) error {
	n := decideRequest.FindStringSubmatch(bodyText(m.Raw))
	if n == nil {
		return fmt.Errorf("decision request to %s without a DECIDE line", m.To)
	}
	for _, p := range players {
		if p.email == m.To {
			text := fmt.Sprintf("GAME     %s\nSIDE     %s\nPASSWORD %s\nDECIDE %s 1\n", demoGame, p.side, p.password, n[1])
			return p.mail(srv, "Decision "+n[1], text)
		}
	}
	return fmt.Errorf("decision request to %s, who plays no side", m.To)
}

func (p *demoPlayer) send(srv *mailtest.Server, turn int, orders string) error {
	return p.mail(srv, fmt.Sprintf("%s orders, turn %d", p.side, turn), p.header(turn)+orders+"\n")
}

// mail sends a plain text mail from the player to Galloper.
func (p *demoPlayer) mail(srv *mailtest.Server, subject, text string) error {
	var h gomail.Header
	h.SetDate(time.Now())
	h.SetAddressList("From", []*gomail.Address{{Address: p.email}})
	h.SetAddressList("To", []*gomail.Address{{Address: demoGM}})
	h.SetSubject(subject)
	if err := h.GenerateMessageID(); err != nil {
		return err
	}
	var buf bytes.Buffer
	var th gomail.InlineHeader
	th.Set("Content-Type", "text/plain; charset=utf-8")
	mw, err := gomail.CreateSingleInlineWriter(&buf, h)
	if err != nil {
		return err
	}
	if _, err := io.WriteString(mw, text); err != nil {
		return err
	}
	if err := mw.Close(); err != nil {
		return err
	}
	return srv.Send(p.email, demoGM, buf.Bytes())
}

// newSeedReader is a deterministic byte stream for the demo's dice secret,
// so that a demo run can be repeated. Real games use crypto/rand.
func newSeedReader(seed uint64) io.Reader {
	return &seedReader{seed: seed}
}

type seedReader struct {
	seed, n uint64
	buf     []byte
}

func (r *seedReader) Read(p []byte) (int, error) {
	for len(r.buf) < len(p) {
		var b [16]byte
		binary.BigEndian.PutUint64(b[:8], r.seed)
		binary.BigEndian.PutUint64(b[8:], r.n)
		r.n++
		s := sha256.Sum256(append([]byte("galloper-demo-seed"), b[:]...))
		r.buf = append(r.buf, s[:]...)
	}
	n := copy(p, r.buf)
	r.buf = r.buf[n:]
	return n, nil
}

func subject(raw []byte) string {
	mr, err := gomail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		return ""
	}
	s, _ := mr.Header.Subject()
	return s
}

// bodyText returns the first text/plain inline part of a mail.
func bodyText(raw []byte) string {
	mr, err := gomail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		return ""
	}
	for {
		p, err := mr.NextPart()
		if err != nil {
			return ""
		}
		if h, ok := p.Header.(*gomail.InlineHeader); ok {
			if ct, _, _ := h.ContentType(); ct == "text/plain" {
				b, _ := io.ReadAll(p.Body)
				return string(b)
			}
		}
	}
}

// saveMaps writes a mail's maps, inline or attached, to dir and counts
// them.
func saveMaps(raw []byte, dir string) (int, error) {
	mr, err := gomail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		return 0, err
	}
	n := 0
	for {
		p, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return n, nil
		}
		if err != nil {
			return n, err
		}
		var name string
		switch h := p.Header.(type) {
		case *gomail.AttachmentHeader:
			name, _ = h.Filename()
		case *gomail.InlineHeader:
			_, params, _ := h.ContentDisposition()
			name = params["filename"]
		}
		if !strings.HasSuffix(name, ".svg.zip") && !strings.HasSuffix(name, ".png") {
			continue
		}
		b, err := io.ReadAll(p.Body)
		if err != nil {
			return n, err
		}
		if strings.HasSuffix(name, ".zip") {
			if name, b, err = unzipOne(b); err != nil {
				return n, err
			}
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(name)), b, 0o644); err != nil {
			return n, err
		}
		n++
	}
}

func section(text, heading string) string {
	i := strings.Index(text, heading)
	if i < 0 {
		return ""
	}
	rest := text[i+len(heading):]
	if j := strings.Index(rest, "\n=="); j >= 0 {
		rest = rest[:j]
	}
	return strings.TrimSpace(rest) + "\n"
}

func problemLines(raw []byte) string {
	var out []string
	for _, l := range strings.Split(bodyText(raw), "\n") {
		if strings.HasPrefix(l, "line ") || strings.HasPrefix(l, "mail: ") {
			out = append(out, strings.TrimRight(l, "\r"))
		}
	}
	return strings.Join(out, "\n") + "\n"
}

func indent(s string) string {
	if s == "" {
		return ""
	}
	return "    " + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n    ") + "\n"
}

var nonSlug = regexp.MustCompile(`[^a-z0-9]+`)

func slug(s string) string {
	s = strings.Trim(nonSlug.ReplaceAllString(strings.ToLower(s), "-"), "-")
	if len(s) > 40 {
		s = s[:40]
	}
	return s
}

// unzipOne reads the one file in a zip archive, as a map's SVG is sent.
func unzipOne(b []byte) (string, []byte, error) {
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return "", nil, err
	}
	if len(zr.File) != 1 {
		return "", nil, fmt.Errorf("map archive holds %d files, want 1", len(zr.File))
	}
	f, err := zr.File[0].Open()
	if err != nil {
		return "", nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, 64<<20))
	return zr.File[0].Name, data, err
}
