package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	gomail "github.com/emersion/go-message/mail"

	"galloper/mail"
	"galloper/mail/mailtest"
	"galloper/rules"
)

// TestBotWaitsOutRateLimit: a mail Galloper did not read for the bot's
// rate limit (a problems document with the code rate-limited) is no
// refusal: the bot sends the same mail again once the minute its reply
// names has passed on its clock, and only once.
func TestBotWaitsOutRateLimit(t *testing.T) {
	srv, err := mailtest.Start(demoGM, "gm", "pw")
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	const reply = "referee@elsewhere.test"
	now := time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)
	b := &mailBot{SMTPAddr: srv.SMTPAddr, Address: "csa@players.galloper.test", sent: map[string]bool{},
		Now: func() time.Time { return now }}
	seg := &rules.SegmentDoc{Turn: 2, Index: 2, Name: "CSA", Label: "Turn 2, CSA", Sides: []rules.Side{"CSA"}}
	due := rules.MailDoc{Kind: "results", Game: "g", System: "acwminis.v1", Side: "CSA", Segment: seg, OrdersDue: true,
		Hints: &rules.OrderHints{Orders: []string{"HOLD"}, Units: []rules.UnitHint{
			{Unit: "1st Tennessee", Orders: []string{"HOLD"}, State: "Steady", Targets: []rules.ReachHint{{Unit: "2nd Wisconsin", Inches: 12}}}}}}
	if err := b.answer(docMail(t, due, reply)); err != nil {
		t.Fatal(err)
	}
	if len(srv.Sent()) != 1 {
		t.Fatalf("the bot sent %d mails for its segment, want 1", len(srv.Sent()))
	}
	first := srv.Sent()[0]
	limited := rules.MailDoc{Kind: "problems", Orders: &rules.OrdersDoc{Status: "refused"}, Problems: []rules.ProblemDoc{{
		Kind: "invalid", Code: "rate-limited", Message: "Galloper reads at most 2 order files from one address in 1 hour",
		Suggestion: "send it again after Mon 1 Jun 2026 10:00 UTC"}}}
	if err := b.answer(inReplyTo(t, docMail(t, limited, reply), first.Raw)); err != nil {
		t.Fatal(err)
	}
	if b.Refused != 0 {
		t.Errorf("a rate-limited mail counted as %d refusals", b.Refused)
	}
	for _, c := range []struct {
		at   string
		want int
	}{{"09:59", 1}, {"10:00", 1}, {"10:01", 2}, {"10:30", 2}} {
		hm, _ := time.Parse("15:04", c.at)
		now = time.Date(2026, 6, 1, hm.Hour(), hm.Minute(), 0, 0, time.UTC)
		if err := b.resendDue(); err != nil {
			t.Fatal(err)
		}
		if got := len(srv.Sent()); got != c.want {
			t.Fatalf("at %s the bot has sent %d mails, want %d", c.at, got, c.want)
		}
	}
	again := srv.Sent()[1]
	if !bytes.Contains([]byte(textOf(t, first.Raw)), []byte("1st Tennessee")) {
		t.Fatalf("the bot's orders are not in its mail's text:\n%s", first.Raw)
	}
	if again.To != first.To || textOf(t, again.Raw) != textOf(t, first.Raw) {
		t.Errorf("the bot sent to %s:\n%s\nnot the mail Galloper did not read (to %s):\n%s", again.To, textOf(t, again.Raw), first.To, textOf(t, first.Raw))
	}
}

// inReplyTo is raw with an In-Reply-To header naming the Message-ID of
// the mail it answers.
func inReplyTo(t *testing.T, raw, answers []byte) []byte {
	t.Helper()
	mr, err := gomail.CreateReader(bytes.NewReader(answers))
	if err != nil {
		t.Fatal(err)
	}
	id, err := mr.Header.MessageID()
	if err != nil || id == "" {
		t.Fatalf("the bot's mail has no Message-ID: %v", err)
	}
	return append([]byte("In-Reply-To: <"+id+">\r\n"), raw...)
}

// textOf is a mail's decoded text.
func textOf(t *testing.T, raw []byte) string {
	t.Helper()
	mr, err := gomail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	return mail.TextParts(mr)
}

// TestPythonBotWaitsOutRateLimit: the Python bot too sends a mail
// Galloper did not read for its rate limit again once the minute the
// reply names is over (here long past), to the same address with the
// same text, and counts it no refusal.
func TestPythonBotWaitsOutRateLimit(t *testing.T) {
	srv, err := mailtest.Start(demoGM, "gm", "pw")
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	const bot, reply = "csa@players.galloper.test", "referee@elsewhere.test"
	if err := srv.AddMailbox(bot, "csa", "csa-box"); err != nil {
		t.Fatal(err)
	}
	seg := &rules.SegmentDoc{Turn: 2, Index: 2, Name: "CSA", Label: "Turn 2, CSA", Sides: []rules.Side{"CSA"}}
	due := rules.MailDoc{Kind: "results", Game: "g", System: "acwminis.v1", Side: "CSA", Segment: seg, OrdersDue: true,
		Hints: &rules.OrderHints{Orders: []string{"HOLD"}, Units: []rules.UnitHint{
			{Unit: "1st Tennessee", Orders: []string{"HOLD"}, State: "Steady", Targets: []rules.ReachHint{{Unit: "2nd Wisconsin", Inches: 12}}}}}}
	if err := srv.Send(demoGM, bot, docMail(t, due, reply)); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	py := exec.Command("python3", "../../scripts/galloper_bot.py", "--imap", srv.IMAPAddr, "--user", "csa", "--smtp", srv.SMTPAddr,
		"--address", bot, "--poll", "0.05", "--until-over", "--timeout", "60")
	py.Env = append(os.Environ(), "GALLOPER_BOT_PASSWORD=csa-box")
	py.Stdout, py.Stderr = &out, &out
	if err := py.Start(); err != nil {
		t.Fatal(err)
	}
	defer py.Process.Kill()
	got, err := srv.WaitFor(context.Background(), 2, 30*time.Second)
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	first := got[1]
	limited := rules.MailDoc{Kind: "problems", Orders: &rules.OrdersDoc{Status: "refused"}, Problems: []rules.ProblemDoc{{
		Kind: "invalid", Code: "rate-limited", Message: "Galloper reads at most 2 order files from one address in 1 hour",
		Suggestion: "send it again after Mon 1 Jun 2026 10:00 UTC"}}}
	if err := srv.Send(demoGM, bot, inReplyTo(t, docMail(t, limited, reply), first.Raw)); err != nil {
		t.Fatal(err)
	}
	got, err = srv.WaitFor(context.Background(), 4, 30*time.Second)
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	again := got[3]
	if first.To != reply || again.To != reply || textOf(t, again.Raw) != textOf(t, first.Raw) ||
		!bytes.Contains([]byte(textOf(t, first.Raw)), []byte("1st Tennessee")) {
		t.Fatalf("the bot sent to %s:\n%s\nnot the mail Galloper did not read (to %s):\n%s", again.To, textOf(t, again.Raw), first.To, textOf(t, first.Raw))
	}
	if err := srv.Send(demoGM, bot, docMail(t, rules.MailDoc{Kind: "final", Game: "g", System: "acwminis.v1", Side: "CSA", Over: true}, reply)); err != nil {
		t.Fatal(err)
	}
	if err := py.Wait(); err != nil {
		t.Fatalf("the Python bot: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "0 of its order files were refused") || len(srv.Sent()) != 5 {
		t.Fatalf("%d mails; the bot says:\n%s", len(srv.Sent()), out.String())
	}
}
