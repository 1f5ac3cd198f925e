package mail_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/prometheus/client_golang/prometheus"

	"galloper/adjudicator"
	"galloper/adjudicator/store"
	"galloper/mail"
	"galloper/rules"
	"galloper/rules/lob"
)

// mailboxState counts the INBOX's messages and its unseen ones.
func (r *rig) mailboxState() (total, unseen int) {
	r.t.Helper()
	c, err := imapclient.DialInsecure(r.srv.IMAPAddr, nil)
	if err != nil {
		r.t.Fatal(err)
	}
	defer c.Close()
	if err := c.Login("gm", "pw").Wait(); err != nil {
		r.t.Fatal(err)
	}
	if _, err := c.Select("INBOX", &imap.SelectOptions{ReadOnly: true}).Wait(); err != nil {
		r.t.Fatal(err)
	}
	all, err := c.UIDSearch(&imap.SearchCriteria{}, nil).Wait()
	if err != nil {
		r.t.Fatal(err)
	}
	un, err := c.UIDSearch(&imap.SearchCriteria{NotFlag: []imap.Flag{imap.FlagSeen}}, nil).Wait()
	if err != nil {
		r.t.Fatal(err)
	}
	return len(all.AllUIDs()), len(un.AllUIDs())
}

func (r *rig) inbound(status string) int {
	r.t.Helper()
	var n int
	if err := r.db.WithTx(context.Background(), func(tx *store.Tx) error {
		var err error
		n, err = tx.CountInbound(status)
		return err
	}); err != nil {
		r.t.Fatal(err)
	}
	return n
}

// When the mailbox comes back with a new UIDVALIDITY (deleted and
// recreated, or restored from a backup with its flags), intake reads every
// message in it again, seen or not: a mail that arrived already marked
// \Seen is processed, and the mails it had stored before, including one
// without a Message-ID, are recognised and not processed twice. A crash
// in the middle of the rescan makes the next start rescan again.
func TestUIDValidityChangeRescans(t *testing.T) {
	r := newRig(t)
	reg := prometheus.NewRegistry()
	metrics := mail.NewMetrics(reg)
	r.d.Intake.Metrics = metrics
	r.cycle()
	orders := r.compose(csaAddr, "orders", csaTurn1)
	status := r.compose(usaAddr, "status", "GAME creek\nSIDE USA\nPASSWORD oak\nSTATUS\n")
	noID := []byte("From: csa@players.test\r\nTo: gm@galloper.test\r\nSubject: where are we\r\n\r\nGAME creek\r\nSIDE CSA\r\nPASSWORD tulip\r\nSTATUS\r\n")
	for _, m := range [][]byte{orders, status, noID} {
		if err := r.srv.Deliver(m); err != nil {
			t.Fatal(err)
		}
	}
	r.cycle()
	counts := func() [4]int {
		return [4]int{len(r.mailsTo(csaAddr, "Receipt")), len(r.mailsTo(usaAddr, "STATUS")),
			len(r.mailsTo(csaAddr, "STATUS")), len(r.mailsTo(usaAddr, "Receipt"))}
	}
	if got := counts(); got != [4]int{1, 1, 1, 0} {
		t.Fatalf("before the change: CSA receipts, USA status, CSA status, USA receipts = %v", got)
	}
	before, err := r.srv.UIDValidity("INBOX")
	if err != nil {
		t.Fatal(err)
	}

	// The mailbox is restored: the old mails come back (one of them
	// marked read), and a new order mail arrives already marked \Seen,
	// which a search for unseen mail would never find.
	if err := r.srv.RecreateMailbox("INBOX"); err != nil {
		t.Fatal(err)
	}
	after, err := r.srv.UIDValidity("INBOX")
	if err != nil || after == before {
		t.Fatalf("UIDVALIDITY %d -> %d (%v): the server did not change it", before, after, err)
	}
	usaOrders := r.compose(usaAddr, "usa orders", "GAME creek\nSIDE USA\nTURN 1\nPASSWORD oak\n")
	for _, m := range []struct {
		raw  []byte
		seen bool
	}{{orders, true}, {status, false}, {noID, false}, {usaOrders, true}} {
		var flags []imap.Flag
		if m.seen {
			flags = append(flags, imap.FlagSeen)
		}
		if err := r.srv.DeliverFlags(m.raw, flags...); err != nil {
			t.Fatal(err)
		}
	}
	// Enough bounces, also read, for the rescan to take two batches.
	const bounces = 60
	for i := range bounces {
		raw := fmt.Sprintf("From: MAILER-DAEMON@players.test\r\nTo: gm@galloper.test\r\nSubject: Undelivered %d\r\n"+
			"Auto-Submitted: auto-replied\r\nMessage-ID: <bounce%d@players.test>\r\n\r\nNo such user.\r\n", i, i)
		if err := r.srv.DeliverFlags([]byte(raw), imap.FlagSeen); err != nil {
			t.Fatal(err)
		}
	}

	// A crash after the rescan's first batch is stored, before the second:
	// the new UIDVALIDITY is not recorded yet.
	crash := context.Background()
	ctx, cancel := context.WithCancel(crash)
	mail.SetAfterFetch(r.d.Intake, cancel)
	if _, err := r.d.Intake.PollOnce(ctx); err != nil && ctx.Err() == nil {
		t.Fatal(err)
	}
	r.db.WithTx(crash, func(tx *store.Tx) error {
		if v, err := tx.MailboxValidity(r.d.Intake.Box()); err != nil || v != before {
			t.Errorf("during the rescan the recorded UIDVALIDITY is %d (%v), want the old %d", v, err, before)
		}
		return nil
	})
	r.restart()
	r.d.Intake.Metrics = metrics
	r.cycle()

	if got := counts(); got != [4]int{1, 1, 1, 1} {
		t.Fatalf("after the change: CSA receipts, USA status, CSA status, USA receipts = %v, want [1 1 1 1]", got)
	}
	if n := r.inbound(""); n != 4+bounces {
		t.Errorf("%d mails stored, want %d (3 before the change, 1 new order mail, %d bounces)", n, 4+bounces, bounces)
	}
	if total, unseen := r.mailboxState(); total != 4+bounces || unseen != 0 {
		t.Errorf("mailbox holds %d mails, %d unseen; want %d, 0", total, unseen, 4+bounces)
	}
	r.db.WithTx(crash, func(tx *store.Tx) error {
		if v, err := tx.MailboxValidity(r.d.Intake.Box()); err != nil || v != after {
			t.Errorf("recorded UIDVALIDITY %d (%v), want %d", v, err, after)
		}
		return nil
	})
	if n := gathered(t, reg, "galloper_imap_uidvalidity_changes_total", ""); n != 2 {
		t.Errorf("rescans counted %v, want 2 (the one cut short and the one that finished)", n)
	}
	// With the new UIDVALIDITY recorded, the next poll reads only unseen
	// mail again.
	r.cycle()
	if n := gathered(t, reg, "galloper_imap_uidvalidity_changes_total", ""); n != 2 {
		t.Errorf("a poll without a change rescanned: %v rescans", n)
	}
}

// On shutdown the daemon finishes the batch of mail intake has in hand:
// fetched when the stop came, it is still committed and marked \Seen; the
// next batch is not started and stays unread on the server.
func TestShutdownFinishesIntakeBatch(t *testing.T) {
	r := newRig(t)
	const n = 120 // three fetch batches
	for i := range n {
		if err := r.srv.Deliver(r.compose(csaAddr, fmt.Sprintf("note %d", i), "HELP\n")); err != nil {
			t.Fatal(err)
		}
	}
	ctx, stop := context.WithCancel(context.Background())
	mail.SetAfterFetch(r.d.Intake, stop)
	r.d.Poll = time.Hour
	if err := r.d.Run(ctx); err != nil {
		t.Fatal(err)
	}
	stored := r.inbound("")
	total, unseen := r.mailboxState()
	if stored != 50 || total != n || unseen != n-50 {
		t.Fatalf("after shutdown: %d stored, %d of %d unseen; want the batch in hand (50) stored and seen, the rest unseen",
			stored, unseen, total)
	}
	// Nothing was lost: a restart takes the rest.
	r.restart()
	r.cycle()
	if stored, _ := r.inbound(""), 0; stored != n {
		t.Fatalf("after restart %d stored, want %d", stored, n)
	}
}

// On shutdown the daemon finishes the mail it is processing and sends its
// replies, and starts no other; the rest wait, stored, for the next start.
func TestShutdownFinishesMailInHand(t *testing.T) {
	r := newRig(t)
	r.cycle()
	for _, m := range []struct{ from, subject, body string }{
		{csaAddr, "orders", csaTurn1},
		{usaAddr, "status", "GAME creek\nSIDE USA\nPASSWORD oak\nSTATUS\n"},
		{umpAddr, "status", "GAME creek\nSIDE UMPIRE\nPASSWORD whistle\nSTATUS\n"},
	} {
		r.send(m.from, m.subject, m.body)
	}
	if _, err := r.d.Intake.PollOnce(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	mail.SetAfterHandle(r.d.Processor, stop)
	r.d.Poll = time.Hour
	if err := r.d.Run(ctx); err != nil {
		t.Fatal(err)
	}
	if p, all := r.inbound("processed"), r.inbound(""); p != 1 || all != 3 {
		t.Fatalf("after shutdown %d of %d mails processed, want 1 of 3", p, all)
	}
	if n := len(r.mailsTo(csaAddr, "Receipt")); n != 1 {
		t.Fatalf("the receipt for the mail in hand was not sent before shutdown (%d sent)", n)
	}
	if n := len(r.mailsTo(usaAddr, "STATUS")) + len(r.mailsTo(umpAddr, "STATUS")); n != 0 {
		t.Fatalf("mail not yet started was processed during shutdown: %d replies", n)
	}
	r.restart()
	r.cycle()
	if n := len(r.mailsTo(usaAddr, "STATUS")) + len(r.mailsTo(umpAddr, "STATUS")); n != 2 {
		t.Fatalf("after restart %d status replies, want 2", n)
	}
}

// The daemon's counters count what happened: sessions, stored and
// processed mail by outcome, SMTP attempts by result.
func TestMetricsCount(t *testing.T) {
	r := newRig(t)
	reg := prometheus.NewRegistry()
	r.d.Metrics = mail.NewMetrics(reg)
	r.srv.FailNext(1)
	r.send(csaAddr, "orders", csaTurn1)
	r.send(csaAddr, "bad", "GAME creek\nSIDE CSA\nTURN 9\nPASSWORD tulip\n")
	ctx, stop := context.WithCancel(context.Background())
	mail.SetAfterHandle(r.d.Processor, func() {
		if r.inbound("new") == 0 {
			stop()
		}
	})
	r.d.Poll = time.Hour
	if err := r.d.Run(ctx); err != nil {
		t.Fatal(err)
	}
	for outcome, want := range map[string]float64{"accepted": 1, "problems": 1, "command": 0, "ignored": 0} {
		if got := gathered(t, reg, "galloper_mails_processed_total", outcome); got != want {
			t.Errorf("processed %s = %v, want %v", outcome, got, want)
		}
	}
	if got := gathered(t, reg, "galloper_mails_stored_total", ""); got != 2 {
		t.Errorf("stored = %v, want 2", got)
	}
	// 3 game-start mails, a receipt, the umpire's copy of the orders, 2
	// results mails, a problems reply: 8 mails, the first refused once
	// with a 421.
	sent := len(r.srv.Sent())
	if s := gathered(t, reg, "galloper_smtp_sends_total", "sent"); int(s) != sent || sent != 8 {
		t.Errorf("sends counted %v, sink got %d, want 8", s, sent)
	}
	if s := gathered(t, reg, "galloper_smtp_sends_total", "temporary"); s != 1 {
		t.Errorf("temporary failures counted %v, want 1", s)
	}
	if s := gathered(t, reg, "galloper_imap_sessions_total", ""); s < 1 {
		t.Errorf("IMAP sessions counted %v", s)
	}
}

// gathered is the value of a counter as a scrape would see it: the one
// named name whose first label has the given value ("" for none).
func gathered(t *testing.T, reg *prometheus.Registry, name, label string) float64 {
	t.Helper()
	fams, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fams {
		if f.GetName() != name {
			continue
		}
		for _, m := range f.GetMetric() {
			if label == "" || (len(m.GetLabel()) > 0 && m.GetLabel()[0].GetValue() == label) {
				return m.GetCounter().GetValue()
			}
		}
	}
	t.Fatalf("no metric %s{%s}", name, label)
	return 0
}

// broken is Line of Battle with a bug: every resolution fails.
type broken struct{ rules.System }

func (broken) ID() string { return "test.broken" }

func (broken) Resolve(rules.Input) (rules.Result, error) {
	return rules.Result{}, errors.New("engine bug")
}

// A mail whose processing fails with Galloper's own error is tried again
// at each step, and the mail behind it waits; after MaxAttempts failures
// it is set aside as failed, with the error, and the rest goes on.
func TestPoisonMailIsSetAside(t *testing.T) {
	r := newRig(t)
	r.d.Adj.UseSystem(broken{lob.New()})
	err := r.d.Adj.CreateGame(context.Background(), adjudicator.GameSpec{ID: "bug", System: "test.broken", Scenario: "tanners-creek",
		Players: []adjudicator.PlayerSpec{{Side: "CSA", Email: csaAddr, Password: "tulip"}, {Side: "USA", Email: usaAddr, Password: "oak"}}})
	if err != nil {
		t.Fatal(err)
	}
	r.send(csaAddr, "bug orders", strings.Replace(csaTurn1, "GAME creek", "GAME bug", 1))
	r.send(csaAddr, "creek orders", csaTurn1)
	ctx := context.Background()
	if _, err := r.d.Intake.PollOnce(ctx); err != nil {
		t.Fatal(err)
	}
	for i := 1; i < mail.MaxAttempts; i++ {
		if err := r.d.Step(ctx); err == nil || !strings.Contains(err.Error(), "engine bug") {
			t.Fatalf("step %d: %v, want the engine's error", i, err)
		}
		if n := len(r.mailsTo(csaAddr, "Receipt")); n != 0 {
			t.Fatalf("step %d: the mail behind the failing one was processed first", i)
		}
	}
	if err := r.d.Step(ctx); err != nil {
		t.Fatalf("step %d: %v", mail.MaxAttempts, err)
	}
	if got := r.mailsTo(csaAddr, "Receipt"); len(got) != 1 || !strings.Contains(got[0], "creek") {
		t.Fatalf("receipts after the failing mail was set aside: %q", got)
	}
	if n := len(r.mailsTo(csaAddr, "Receipt: bug")); n != 0 {
		t.Fatal("the failing mail's receipt went out")
	}
	r.db.WithTx(ctx, func(tx *store.Tx) error {
		m, err := tx.Inbound(1)
		if err != nil || m.Status != "failed" || !strings.Contains(m.Result, "engine bug") {
			t.Errorf("the failing mail: status %q, result %q (%v)", m.Status, m.Result, err)
		}
		return nil
	})
	if n := r.inbound("new"); n != 0 {
		t.Errorf("%d mails still pending", n)
	}
}

// A mail arriving under a UID that the database already holds for a
// different mail, under the same UIDVALIDITY (a server that broke the
// rules, or a database carried over from another account), is neither
// dropped as a duplicate nor acknowledged: it stays unread on the server,
// and the mails beside it are stored and acknowledged as usual.
func TestReusedUIDIsNotLost(t *testing.T) {
	r := newRig(t)
	v, err := r.srv.UIDValidity("INBOX")
	if err != nil {
		t.Fatal(err)
	}
	r.db.WithTx(context.Background(), func(tx *store.Tx) error {
		_, _, err := tx.InsertInbound(store.Inbound{Mailbox: r.d.Intake.Box(), UIDValidity: v, UID: 1,
			MessageID: "<older@players.test>", Raw: []byte("Subject: older\r\n\r\nolder\r\n")})
		if err == nil {
			err = tx.SetMailboxValidity(r.d.Intake.Box(), v, 1)
		}
		if err != nil {
			t.Fatal(err)
		}
		return nil
	})
	r.send(csaAddr, "orders", csaTurn1)                                       // UID 1
	r.send(usaAddr, "status", "GAME creek\nSIDE USA\nPASSWORD oak\nSTATUS\n") // UID 2
	r.cycle()
	if total, unseen := r.mailboxState(); total != 2 || unseen != 1 {
		t.Fatalf("mailbox: %d mails, %d unseen; want 2, with the one under the reused UID unseen", total, unseen)
	}
	if n := len(r.mailsTo(usaAddr, "STATUS")); n != 1 {
		t.Fatalf("the mail beside it got %d replies, want 1", n)
	}
	if n := len(r.mailsTo(csaAddr, "Receipt")); n != 0 {
		t.Fatal("the mail under the reused UID was processed as another")
	}
	r.db.WithTx(context.Background(), func(tx *store.Tx) error {
		m, err := tx.Inbound(1)
		if err != nil || m.MessageID != "<older@players.test>" {
			t.Errorf("the older row was changed: %+v, %v", m, err)
		}
		return nil
	})
}
