package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"galloper/adjudicator"
	"galloper/adjudicator/store"
	"galloper/mail"
	"galloper/mail/mailtest"
	"galloper/rules"
	"galloper/rules/systems"
)

// demoBotsResult is what a bot-against-bot game came to.
type demoBotsResult struct {
	System   string
	Scenario string
	Mails    int            // mails Galloper sent
	Receipts int            // order files accepted
	Fired    int            // accepted files with a FIRE step
	Decided  int            // decisions the bots answered
	Refused  int            // order files refused, by either bot
	Accepted int            // order files accepted, as the bots count them
	Orders   int            // the orders those files held
	Kinds    map[string]int // those orders by their first word
	Hinted   bool
	Over     bool
	Sent     [][]byte // every mail Galloper sent, raw
}

// demoBots says which game `galloper demo --bots` plays.
type demoBots struct {
	System   string // a registered system's id
	Scenario string // empty: the system's demo scenario (rules.Demonstrator), else its first
	Seed     uint64
	// Python, when set, is the path of scripts/galloper_bot.py: the
	// second side is played by the Python bot instead, run with python3.
	Python string
	// Systems are the systems Galloper runs; nil: systems.All().
	Systems []rules.System
}

// demoSides are the scenario and sides of a bots game of sys: those of its
// demo (rules.Demonstrator) when it has one, else scenario (its first
// when empty) and its sides as a game of it is set up: those of the
// umpire's roster, those ordering first, those of the units on its board.
func demoSides(sys rules.System, scenario string) (string, []rules.Side, error) {
	if d, ok := sys.(rules.Demonstrator); ok {
		scn, sides, _ := d.DemoScenario()
		if scenario == "" || scenario == scn {
			return scn, sides, nil
		}
	}
	if scenario == "" {
		if len(sys.Scenarios()) == 0 {
			return "", nil, fmt.Errorf("%s has no scenario", sys.ID())
		}
		scenario = sys.Scenarios()[0]
	}
	st, err := sys.NewGame(scenario, nil)
	if err != nil {
		return "", nil, err
	}
	v := sys.View(st, "")
	var sides []rules.Side
	add := func(s rules.Side) {
		if s != "" && !slices.Contains(sides, s) {
			sides = append(sides, s)
		}
	}
	for _, g := range v.Roster {
		add(g.Side)
	}
	for _, s := range st.Segment().Sides {
		add(s)
	}
	if v.Map != nil {
		for _, u := range v.Map.Units {
			add(u.Side)
		}
	}
	if v.Table != nil {
		for _, u := range v.Table.Units {
			add(u.Side)
		}
	}
	if len(sides) < 2 {
		return "", nil, fmt.Errorf("%s %s: the start shows %d sides", sys.ID(), scenario, len(sides))
	}
	return scenario, sides, nil
}

// runDemoBots plays a whole game of a registered system between sample
// bots (mailBot), one a side, each reading its own IMAP mailbox and
// answering by SMTP, while the real daemon reads, answers and resolves.
func runDemoBots(ctx context.Context, w io.Writer, dir string, o demoBots) (demoBotsResult, error) {
	res := demoBotsResult{System: o.System}
	if o.Systems == nil {
		o.Systems = systems.All()
	}
	sys, err := botSystem(o.Systems, o.System)
	if err != nil {
		return res, err
	}
	res.System = sys.ID()
	scenario, sides, err := demoSides(sys, o.Scenario)
	if err != nil {
		return res, err
	}
	res.Scenario = scenario
	_, res.Hinted = sys.(rules.OrderHinter)
	srv, err := mailtest.Start(demoGM, "gm", "gm-password")
	if err != nil {
		return res, err
	}
	defer srv.Close()
	var bots []*mailBot
	var players []adjudicator.PlayerSpec
	for _, side := range sides {
		name := strings.ToLower(string(side))
		b := &mailBot{IMAPAddr: srv.IMAPAddr, User: name, Password: name + "-box", SMTPAddr: srv.SMTPAddr,
			Address: name + "@players.galloper.test", Log: w}
		if err := srv.AddMailbox(b.Address, b.User, b.Password); err != nil {
			return res, err
		}
		bots = append(bots, b)
		players = append(players, adjudicator.PlayerSpec{Side: string(side), Email: b.Address, Password: name + "-pw"})
	}
	db, err := store.Open(ctx, filepath.Join(dir, "galloper.db"))
	if err != nil {
		return res, err
	}
	defer db.Close()
	adj := adjudicator.New(db, adjudicator.Config{Systems: o.Systems, Address: demoGM, Domain: "demo.galloper.test"},
		time.Now, newSeedReader(o.Seed), nil)
	if err := adj.CreateGame(ctx, adjudicator.GameSpec{ID: demoGame, System: sys.ID(), Scenario: scenario, Players: players}); err != nil {
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
	defer func() { stop(); <-done }()
	fmt.Fprintf(w, "Galloper demo, bot against bot: %s on %s (%s): IMAP on %s, SMTP on %s\n", sys.ID(), scenario,
		strings.Join(sideNames(sides), " against "), srv.IMAPAddr, srv.SMTPAddr)
	if !res.Hinted {
		fmt.Fprintf(w, "%s lists no order hints: each bot plays it with empty order files, one for every segment it is due to order.\n", sys.ID())
	}
	var pyDone chan error
	var pyOut bytes.Buffer
	if o.Python != "" {
		usa := bots[len(bots)-1]
		bots = bots[:len(bots)-1]
		py := exec.CommandContext(ctx, "python3", o.Python, "--imap", usa.IMAPAddr, "--user", usa.User, "--smtp", usa.SMTPAddr,
			"--address", usa.Address, "--poll", "0.05", "--until-over", "--timeout", "120")
		py.Env = append(os.Environ(), "GALLOPER_BOT_PASSWORD="+usa.Password)
		py.Stdout, py.Stderr = &pyOut, &pyOut
		if err := py.Start(); err != nil {
			return res, fmt.Errorf("python bot: %w", err)
		}
		pyDone = make(chan error, 1)
		go func() { pyDone <- py.Wait() }()
	}
	// Each bot answers as Galloper's mails arrive, until both have had
	// their final mail. Mails counted before a round are in the bots'
	// mailboxes when it starts (mailtest delivers before it counts), so
	// any mail the round missed makes the count grow again.
	over := func() bool {
		for _, b := range bots {
			if !b.Over {
				return false
			}
		}
		return true
	}
	for n := 1; !over(); {
		got, err := srv.WaitFor(ctx, n, 20*time.Second)
		if err != nil {
			return res, fmt.Errorf("waiting for Galloper's mail %d: %w (problems: %q)\n%s", n, err, bots[0].Problems, pyOut.String())
		}
		n = len(got) + 1
		for _, b := range bots {
			if _, err := b.Step(ctx); err != nil {
				return res, err
			}
		}
	}
	if pyDone != nil {
		if err := <-pyDone; err != nil {
			return res, fmt.Errorf("python bot: %w\n%s", err, pyOut.String())
		}
		fmt.Fprint(w, pyOut.String())
	}
	res.Mails, res.Over = len(srv.Sent()), true
	for _, m := range srv.Sent() {
		res.Sent = append(res.Sent, m.Raw)
		switch subj := subject(m.Raw); {
		case strings.HasPrefix(subj, "Receipt: "):
			res.Receipts++
			if strings.Contains(bodyText(m.Raw), "FIRE ") {
				res.Fired++
			}
		case strings.HasPrefix(subj, "DECIDE: "):
			res.Decided++
		}
	}
	for _, b := range bots {
		res.Refused += b.Refused
		res.Accepted += b.Accepted
		res.Orders += b.Orders
		for k, n := range b.Kinds {
			if res.Kinds == nil {
				res.Kinds = map[string]int{}
			}
			res.Kinds[k] += n
		}
		fmt.Fprintf(w, "%s (galloper bot) read %d mails; %d of its order files were accepted, holding %d orders, and %d refused\n",
			b.Address, b.Mails, b.Accepted, b.Orders, b.Refused)
	}
	fmt.Fprintf(w, "The game is over after %d mails from Galloper: %d receipts (%d with fire), %d decisions answered.\n",
		res.Mails, res.Receipts, res.Fired, res.Decided)
	if len(res.Kinds) > 0 {
		var kinds []string
		for k, n := range res.Kinds {
			kinds = append(kinds, fmt.Sprintf("%d %s", n, k))
		}
		slices.Sort(kinds)
		fmt.Fprintf(w, "The bots' accepted orders: %s.\n", strings.Join(kinds, ", "))
	}
	return res, nil
}

// sideNames are sides as strings.
func sideNames(sides []rules.Side) []string {
	out := make([]string, len(sides))
	for i, s := range sides {
		out[i] = string(s)
	}
	return out
}

// botSystem is the system of id among list, or of the name before its
// version ("acwminis" for "acwminis.v1").
func botSystem(list []rules.System, id string) (rules.System, error) {
	var ids []string
	for _, s := range list {
		if s.ID() == id || strings.SplitN(s.ID(), ".", 2)[0] == id {
			return s, nil
		}
		ids = append(ids, s.ID())
	}
	return nil, fmt.Errorf("unknown game system %q (known: %s)", id, strings.Join(ids, ", "))
}
