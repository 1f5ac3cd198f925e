package mail_test

import (
	"context"
	"fmt"
	"net"
	"strings"
	"testing"
	"time"

	"galloper/adjudicator/store"
	"galloper/mail"
)

// refusedAddr is a loopback address where nothing listens: connections
// to it are refused, as to a mail server that is down.
func refusedAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// When the SMTP server cannot be reached at all, the outbox keeps its mail
// and the sender backs off: 10 s, then 20 s, then 40 s between tries.
func TestSenderBacksOffUnreachableServer(t *testing.T) {
	ctx := context.Background()
	db, clock := outboxStore(t)
	if err := db.WithTx(ctx, func(tx *store.Tx) error {
		return tx.Enqueue(store.Outgoing{MessageID: "<m1@galloper>", Kind: "receipt", Recipient: "ann@example.org",
			Raw: []byte("Subject: x\r\n\r\nx\r\n"), CreatedAt: clock.UnixMilli(), Segment: -1})
	}); err != nil {
		t.Fatal(err)
	}
	s := mail.NewSender(mail.SMTPConfig{Addr: refusedAddr(t), From: "gm@example.org"}, db, func() time.Time { return clock }, nil)
	// Flush reports a failed connection; it returns nothing when it waits
	// out the backoff without trying.
	steps := []struct {
		after time.Duration
		tries bool
	}{
		{0, true},                 // the first try fails
		{5 * time.Second, false},  // inside the 10 s backoff
		{5 * time.Second, true},   // 10 s on: tried again, fails; now 20 s
		{15 * time.Second, false}, // waits
		{5 * time.Second, true},   // 20 s on: tried again; now 40 s
		{30 * time.Second, false}, // waits
		{10 * time.Second, true},  // 40 s on
	}
	for i, st := range steps {
		clock = clock.Add(st.after)
		n, err := s.Flush(ctx)
		if n != 0 || (err != nil) != st.tries {
			t.Fatalf("step %d: Flush = %d, %v; want 0 sent and a connection tried: %v", i, n, err, st.tries)
		}
		if err != nil && !strings.Contains(err.Error(), "next attempt at") {
			t.Errorf("step %d: error %q does not say when Galloper tries again", i, err)
		}
	}
	if err := db.WithTx(ctx, func(tx *store.Tx) error {
		n, err := tx.CountOutbox("pending")
		if n != 1 {
			t.Errorf("pending mails = %d, want the one mail kept", n)
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
}

// A daemon step sends the whole outbox, however far it is behind (a burst
// of deadlines, say), not one batch of a hundred a poll.
func TestStepSendsBacklog(t *testing.T) {
	r := newRig(t)
	before := len(r.srv.Sent())
	const backlog = 250
	pending := 0 // the game-start mails of the rig's game
	if err := r.db.WithTx(context.Background(), func(tx *store.Tx) (err error) {
		if pending, err = tx.CountOutbox("pending"); err != nil {
			return err
		}
		for i := range backlog {
			if err := tx.Enqueue(store.Outgoing{MessageID: fmt.Sprintf("<b%d@galloper>", i), Kind: "reminder", Recipient: "ann@example.org",
				Raw: []byte("Subject: x\r\n\r\nx\r\n"), CreatedAt: r.clock.UnixMilli(), Segment: -1}); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if err := r.d.Step(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := len(r.srv.Sent()) - before; got != backlog+pending {
		t.Fatalf("one step sent %d of %d mails", got, backlog+pending)
	}
}
