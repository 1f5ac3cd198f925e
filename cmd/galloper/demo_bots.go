package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"galloper/adjudicator"
	"galloper/adjudicator/store"
	"galloper/mail"
	"galloper/mail/mailtest"
	"galloper/rules/systems"
)

// demoBotsResult is what a bot-against-bot game came to.
type demoBotsResult struct {
	Mails    int // mails Galloper sent
	Receipts int // order files accepted
	Fired    int // accepted files with a FIRE step
	Decided  int // decisions the bots answered
	Refused  int // order files refused, by either bot
	Over     bool
}

// runDemoBots plays a whole Line of Battle game on scenario between two
// sample bots (mailBot), each reading its own IMAP mailbox and answering
// by SMTP, while the real daemon reads, answers and resolves.
//
// With python set (the path of scripts/galloper_bot.py), the USA side is
// played by the Python bot instead, run with python3.
func runDemoBots(ctx context.Context, w io.Writer, dir, scenario string, seed uint64, python string) (demoBotsResult, error) {
	var res demoBotsResult
	srv, err := mailtest.Start(demoGM, "gm", "gm-password")
	if err != nil {
		return res, err
	}
	defer srv.Close()
	bots := []*mailBot{
		{IMAPAddr: srv.IMAPAddr, User: "csa", Password: "csa-box", SMTPAddr: srv.SMTPAddr, Address: demoCSA},
		{IMAPAddr: srv.IMAPAddr, User: "usa", Password: "usa-box", SMTPAddr: srv.SMTPAddr, Address: demoUSA},
	}
	for _, b := range bots {
		if err := srv.AddMailbox(b.Address, b.User, b.Password); err != nil {
			return res, err
		}
	}
	db, err := store.Open(ctx, filepath.Join(dir, "galloper.db"))
	if err != nil {
		return res, err
	}
	defer db.Close()
	adj := adjudicator.New(db, adjudicator.Config{Systems: systems.All(), Address: demoGM, Domain: "demo.galloper.test"},
		time.Now, newSeedReader(seed), nil)
	if err := adj.CreateGame(ctx, adjudicator.GameSpec{ID: demoGame, System: "lob.v2", Scenario: scenario, Players: []adjudicator.PlayerSpec{
		{Side: "CSA", Email: demoCSA, Password: demoPassC}, {Side: "USA", Email: demoUSA, Password: demoPassU}}}); err != nil {
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
	fmt.Fprintf(w, "Galloper demo, bot against bot on %s: IMAP on %s, SMTP on %s\n", scenario, srv.IMAPAddr, srv.SMTPAddr)
	var pyDone chan error
	var pyOut bytes.Buffer
	if python != "" {
		usa := bots[1]
		bots = bots[:1]
		py := exec.CommandContext(ctx, "python3", python, "--imap", usa.IMAPAddr, "--user", usa.User, "--smtp", usa.SMTPAddr,
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
		fmt.Fprintf(w, "%s read %d mails; %d of its order files were refused\n", b.Address, b.Mails, b.Refused)
	}
	fmt.Fprintf(w, "The game is over after %d mails from Galloper: %d receipts (%d with fire), %d decisions answered.\n",
		res.Mails, res.Receipts, res.Fired, res.Decided)
	return res, nil
}
