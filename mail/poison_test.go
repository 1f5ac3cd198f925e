package mail_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"galloper/adjudicator/store"
	"galloper/mail"
)

// TestPoisonMailPanicsIsolated: a mail whose processing panics is
// recovered, counted, tried again before the mails behind it, and after
// MaxAttempts set aside, with its sender told once and the operator told
// by the log and the failed-outcome metric; the mail behind it is then
// processed. Nothing the panicking attempts did is kept.
func TestPoisonMailPanicsIsolated(t *testing.T) {
	r := newRig(t)
	reg := prometheus.NewRegistry()
	r.d.Processor.Metrics = mail.NewMetrics(reg)
	r.cycle()
	mail.SetBeforeHandle(r.d.Processor, func(m store.Inbound) {
		if bytes.Contains(m.Raw, []byte("Subject: poison")) {
			panic("a bug that this mail triggers")
		}
	})
	r.send(csaAddr, "poison", csaTurn1)
	r.send(usaAddr, "status", "GAME creek\nSIDE USA\nPASSWORD oak\nSTATUS\n")
	ctx := context.Background()
	if _, err := r.d.Intake.PollOnce(ctx); err != nil {
		t.Fatal(err)
	}
	for i := 1; i < mail.MaxAttempts; i++ {
		if err := r.d.Step(ctx); err == nil || !strings.Contains(err.Error(), "panic: a bug") {
			t.Fatalf("step %d: %v, want the recovered panic", i, err)
		}
		if n := len(r.mailsTo(usaAddr, "STATUS: creek")); n != 0 {
			t.Fatalf("step %d: the mail behind the poison one was processed first", i)
		}
	}
	if err := r.d.Step(ctx); err != nil {
		t.Fatalf("step %d: %v", mail.MaxAttempts, err)
	}
	if n := len(r.mailsTo(usaAddr, "STATUS: creek")); n != 1 {
		t.Fatalf("the mail behind the poison one got %d replies, want 1", n)
	}
	checkSetAside(t, r, 1, "panic: a bug")
	if got := gathered(t, reg, "galloper_mails_processed_total", "failed"); got != 1 {
		t.Errorf("failed outcome counted %v, want 1", got)
	}
	if n := len(r.mailsTo(csaAddr, "Receipt")); n != 0 {
		t.Fatal("a receipt for the poison mail went out")
	}
	// The next step does not tell the sender again.
	if err := r.d.Step(ctx); err != nil {
		t.Fatal(err)
	}
	if n := len(r.mailsTo(csaAddr, "Not processed")); n != 1 {
		t.Fatalf("the sender was told %d times", n)
	}
}

// TestPoisonMailKillingTheProcessIsolated: a mail that kills the process
// while it is being processed (out of memory) leaves its attempts counted,
// since each is counted before the mail is read. After MaxAttempts such
// deaths the daemon sets it aside without reading it again, tells the
// sender once, and processes the mails behind it.
func TestPoisonMailKillingTheProcessIsolated(t *testing.T) {
	r := newRig(t)
	r.cycle()
	r.send(csaAddr, "poison", csaTurn1)
	r.send(usaAddr, "status", "GAME creek\nSIDE USA\nPASSWORD oak\nSTATUS\n")
	ctx := context.Background()
	if _, err := r.d.Intake.PollOnce(ctx); err != nil {
		t.Fatal(err)
	}
	// Each death leaves the attempt counted and the mail pending, as a
	// process killed after StartInboundAttempt committed would.
	for i := 0; i < mail.MaxAttempts; i++ {
		r.db.WithTx(ctx, func(tx *store.Tx) error {
			if _, err := tx.StartInboundAttempt(1); err != nil {
				t.Fatal(err)
			}
			return nil
		})
		r.restart()
	}
	mail.SetBeforeHandle(r.d.Processor, func(m store.Inbound) {
		if m.ID == 1 {
			t.Error("the mail that killed the process was read again")
		}
	})
	if err := r.d.Step(ctx); err != nil {
		t.Fatal(err)
	}
	if n := len(r.mailsTo(usaAddr, "STATUS: creek")); n != 1 {
		t.Fatalf("the mail behind the poison one got %d replies, want 1", n)
	}
	checkSetAside(t, r, 1, "did not finish")
}

// checkSetAside checks that inbound mail id is set aside with a result
// saying why, and that its sender (CSA) got one notice.
func checkSetAside(t *testing.T, r *rig, id int64, why string) {
	t.Helper()
	r.db.WithTx(context.Background(), func(tx *store.Tx) error {
		m, err := tx.Inbound(id)
		if err != nil || m.Status != "failed" || !strings.Contains(m.Result, why) {
			t.Errorf("the poison mail: status %q, result %q (%v); want failed, %q", m.Status, m.Result, err, why)
		}
		return nil
	})
	notes := r.mailsTo(csaAddr, "Not processed: poison")
	if len(notes) != 1 || !strings.Contains(notes[0], "set aside for the operator") {
		t.Fatalf("notices to the sender: %q", notes)
	}
	if n := r.inbound("new"); n != 0 {
		t.Errorf("%d mails still pending", n)
	}
}
