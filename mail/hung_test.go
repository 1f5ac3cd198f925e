package mail_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"galloper/adjudicator/store"
	"galloper/mail"
	"galloper/mail/mailtest"
)

// logBuf collects a component's log lines (JSON) for a test to read.
type logBuf struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuf) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuf) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

func (l *logBuf) logger() *slog.Logger { return slog.New(slog.NewJSONHandler(l, nil)) }

// startIntake runs the rig's intake through the proxy with a log, the
// given timeout and a fake clock for its waits; it returns a channel
// signalled after each stored batch and a stop function that cancels the
// intake and returns when Run has returned.
func startIntake(t *testing.T, r *rig, p *proxy, clock *fakeClock, timeout time.Duration, logs *logBuf) (chan struct{}, func() <-chan struct{}) {
	r.imap.Addr, r.imap.Timeout = p.ln.Addr().String(), timeout
	r.restart()
	mail.SetLog(r.d.Intake, logs.logger())
	mail.SetShutdownGrace(r.d.Intake, 100*time.Millisecond)
	return runIntakeLoop(t, r, clock)
}

// A server that stops answering in the middle of an IDLE (a stopped
// Dovecot process keeps its sockets open) is given up after the timeout:
// intake logs why, reconnects once the server is back, logs the
// reconnection in human units, and reads the mail that came meanwhile.
func TestHungIMAPServerIsLeftAndReconnected(t *testing.T) {
	r := newRig(t)
	p := newProxy(t, r.srv.IMAPAddr, false)
	p.setUp(true)
	clock := newFakeClock()
	logs := &logBuf{}
	notified, _ := startIntake(t, r, p, clock, 300*time.Millisecond, logs)
	clock.next(t, "in IDLE", time.Hour)
	p.freeze(true)
	clock.fire <- time.Time{} // the IDLE is renewed: DONE gets no answer
	clock.next(t, "hung server given up", time.Second)
	if l := logs.String(); !strings.Contains(l, "no answer within 300ms") || !strings.Contains(l, `"retry_in":"1s"`) {
		t.Fatalf("the hung server is not logged as such, with the wait in human units:\n%s", l)
	}
	p.freeze(false)
	r.send(csaAddr, "orders", csaTurn1)
	clock.fire <- time.Time{}
	waitNotified(t, "server back", notified)
	clock.next(t, "in IDLE again", time.Hour)
	if n := r.inbound(""); n != 1 {
		t.Fatalf("%d mails stored after reconnecting, want 1", n)
	}
	if l := logs.String(); !strings.Contains(l, `"msg":"imap reconnected"`) || !strings.Contains(l, `"outage":"0s"`) {
		t.Fatalf("the reconnection is not logged with its outage:\n%s", l)
	}
}

// A stop asked for while the server is hung in IDLE completes within the
// shutdown grace, not when the server wakes up (never).
func TestShutdownWithHungIMAPServer(t *testing.T) {
	r := newRig(t)
	p := newProxy(t, r.srv.IMAPAddr, false)
	p.setUp(true)
	clock := newFakeClock()
	logs := &logBuf{}
	_, stop := startIntake(t, r, p, clock, time.Hour, logs)
	clock.next(t, "in IDLE", time.Hour)
	p.freeze(true)
	select {
	case <-stop():
	case <-time.After(time.Minute): // a stuck test, not a measurement
		t.Fatal("intake did not stop while the server was hung")
	}
	if l := logs.String(); !strings.Contains(l, `"msg":"imap intake stopped"`) {
		t.Fatalf("the stop is not logged:\n%s", l)
	}
}

// hungSMTPAddr is a loopback address where a server accepts connections
// and never says a word.
func hungSMTPAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	})
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	return ln.Addr().String()
}

// A hung SMTP server costs one timeout, not the daemon: Flush fails, the
// mail stays queued and the server is tried again after the backoff.
func TestHungSMTPServer(t *testing.T) {
	ctx := context.Background()
	db, clock := outboxStore(t)
	queue(t, db, clock, "<a@galloper.test>", "ann@example.test")
	s := mail.NewSender(mail.SMTPConfig{Addr: hungSMTPAddr(t), From: "gm@example.org", Timeout: 200 * time.Millisecond},
		db, func() time.Time { return clock }, nil)
	done := make(chan error, 1)
	go func() { _, err := s.Flush(ctx); done <- err }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "timeout") {
			t.Fatalf("Flush against a hung server: %v; want a timeout", err)
		}
	case <-time.After(time.Minute): // a stuck test, not a measurement
		t.Fatal("Flush waited on a hung SMTP server")
	}
	if n := countOutbox(t, db, "pending"); n != 1 {
		t.Fatalf("%d mails pending, want the one mail kept", n)
	}
}

// outboxStore is a fresh store, closed when the test ends, and the time
// the outbox tests start at.
func outboxStore(t *testing.T) (*store.DB, time.Time) {
	t.Helper()
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "g.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db, time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)
}

func queue(t *testing.T, db *store.DB, at time.Time, msgID, to string) {
	t.Helper()
	if err := db.WithTx(context.Background(), func(tx *store.Tx) error {
		return tx.Enqueue(store.Outgoing{MessageID: msgID, GameID: "creek", Kind: "receipt", Recipient: to,
			Raw: []byte("Message-Id: " + msgID + "\r\nSubject: x\r\n\r\nx\r\n"), CreatedAt: at.UnixMilli(), Segment: -1})
	}); err != nil {
		t.Fatal(err)
	}
}

func countOutbox(t *testing.T, db *store.DB, status string) int {
	t.Helper()
	var n int
	if err := db.WithTx(context.Background(), func(tx *store.Tx) error {
		var err error
		n, err = tx.CountOutbox(status)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return n
}

// A database Galloper cannot write sends nothing: the claim that records
// an attempt fails before any mail leaves, so no mail goes out twice (or
// at all) however often the outbox is flushed.
func TestReadOnlyDatabaseSendsNothing(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "g.db")
	db, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	clock := time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)
	queue(t, db, clock, "<a@galloper.test>", "ann@example.test")
	queue(t, db, clock, "<b@galloper.test>", "bob@example.test")
	db.Close()
	ro, err := store.OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	srv := startSink(t)
	s := mail.NewSender(mail.SMTPConfig{Addr: srv.SMTPAddr, From: gm}, ro, func() time.Time { return clock }, nil)
	for i := range 4 {
		clock = clock.Add(time.Minute)
		n, err := s.Flush(ctx)
		if err == nil || n != 0 {
			t.Fatalf("flush %d on a read-only database: %d sent, %v; want nothing sent and an error", i, n, err)
		}
	}
	if sent := srv.Sent(); len(sent) != 0 {
		t.Fatalf("%d mails sent from a read-only database, want none", len(sent))
	}
}

// startSink starts an in-process IMAP and SMTP server for a test.
func startSink(t *testing.T) *mailtest.Server {
	t.Helper()
	srv, err := mailtest.Start(gm, "gm", "pw")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	return srv
}

// While the SMTP server is down, the daemon wakes for the sender's next
// try (10 s after the first failure), not at the next poll (an hour), so
// sending resumes soon after an outage.
func TestDaemonWakesForSMTPRetry(t *testing.T) {
	r := newRig(t)
	r.d.Sender = mail.NewSender(mail.SMTPConfig{Addr: refusedAddr(t), From: gm}, r.db, func() time.Time { return r.clock }, nil)
	r.d.Poll = time.Hour
	clock := newFakeClock()
	mail.SetDaemonAfter(r.d, clock.after)
	mail.SetAfter(r.d.Intake, func(time.Duration) <-chan time.Time { return nil }) // intake waits for ever
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		r.d.Run(ctx)
	}()
	defer func() {
		cancel()
		for {
			select {
			case <-done:
				return
			case <-clock.waits:
			case clock.fire <- time.Time{}:
			}
		}
	}()
	// The loop's first wait is set up before the first step; that step
	// finds the start mails, cannot reach the server, and the loop then
	// waits only for the retry.
	clock.next(t, "before the first step", time.Hour)
	clock.next(t, "after the failed send", 10*time.Second)
}

// The end of an SMTP outage is logged with its length in human units.
func TestSMTPReconnectIsLogged(t *testing.T) {
	ctx := context.Background()
	db, clock := outboxStore(t)
	queue(t, db, clock, "<a@galloper.test>", "ann@example.test")
	addr := refusedAddr(t)
	logs := &logBuf{}
	s := mail.NewSender(mail.SMTPConfig{Addr: addr, From: gm}, db, func() time.Time { return clock }, logs.logger())
	if _, err := s.Flush(ctx); err == nil {
		t.Fatal("Flush with the server down succeeded")
	}
	// The server comes back on the same address 45 s later.
	srv := startSink(t)
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Skipf("the port of the refused address was taken meanwhile: %v", err)
	}
	defer ln.Close()
	go relayTo(ln, srv.SMTPAddr)
	clock = clock.Add(45 * time.Second)
	if n, err := s.Flush(ctx); err != nil || n != 1 {
		t.Fatalf("Flush after the outage: %d sent, %v", n, err)
	}
	if l := logs.String(); !strings.Contains(l, `"msg":"smtp reconnected"`) || !strings.Contains(l, `"outage":"45s"`) {
		t.Fatalf("the end of the outage is not logged with its length:\n%s", l)
	}
}

// relayTo copies every connection accepted on ln to target, both ways.
func relayTo(ln net.Listener, target string) {
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		go func() {
			defer c.Close()
			s, err := net.Dial("tcp", target)
			if err != nil {
				return
			}
			defer s.Close()
			go io.Copy(s, c)
			io.Copy(c, s)
		}()
	}
}

// A mail claimed by a sender that was killed before it could record the
// sending goes at once when the next sender starts, not after the lease.
func TestClaimOfAKilledSenderIsReleased(t *testing.T) {
	ctx := context.Background()
	db, clock := outboxStore(t)
	queue(t, db, clock, "<a@galloper.test>", "ann@example.test")
	if err := db.WithTx(ctx, func(tx *store.Tx) error {
		rows, err := tx.DueOutgoing(clock.UnixMilli(), 1)
		if err != nil || len(rows) != 1 {
			t.Fatalf("due: %v, %v", rows, err)
		}
		ok, err := tx.ClaimOutgoing(rows[0].ID, clock.UnixMilli(), clock.Add(time.Hour).UnixMilli())
		if !ok {
			t.Fatal("the claim was not taken")
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	srv := startSink(t)
	s := mail.NewSender(mail.SMTPConfig{Addr: srv.SMTPAddr, From: gm}, db, func() time.Time { return clock }, nil)
	if n, err := s.Flush(ctx); err != nil || n != 1 {
		t.Fatalf("the restarted sender sent %d, %v; want the claimed mail at once", n, err)
	}
}

// A stop while a mail is going to a hung SMTP server (Hurry, as the daemon
// calls it when it is told to stop) ends that exchange within the grace,
// not the full timeout.
func TestHurryCutsAHungSMTPExchange(t *testing.T) {
	ctx := context.Background()
	db, clock := outboxStore(t)
	queue(t, db, clock, "<a@galloper.test>", "ann@example.test")
	s := mail.NewSender(mail.SMTPConfig{Addr: hungSMTPAddr(t), From: gm, Timeout: time.Hour}, db, func() time.Time { return clock }, nil)
	mail.SetSenderGrace(s, 100*time.Millisecond)
	done := make(chan error, 1)
	go func() { _, err := s.Flush(ctx); done <- err }()
	s.Hurry()
	select {
	case err := <-done:
		if err == nil {
			t.Fatal("Flush against a hung server succeeded")
		}
	case <-time.After(time.Minute): // a stuck test, not a measurement
		t.Fatal("Flush held a stop up against a hung SMTP server")
	}
}
