package mail_test

import (
	"context"
	"strings"
	"testing"

	"galloper/adjudicator/store"
)

// A temporary SMTP failure leaves the mail queued; it goes out on a later
// attempt with the same Message-ID.
func TestOutboxRetriesTemporaryFailure(t *testing.T) {
	r := newRig(t)
	r.srv.FailNext(2) // both game-start mails are refused once
	r.cycle()
	if n := len(r.srv.Sent()); n != 0 {
		t.Fatalf("%d mails got through a refusing server", n)
	}
	r.db.WithTx(context.Background(), func(tx *store.Tx) error {
		if n, _ := tx.CountOutbox("pending"); n != 2 {
			t.Errorf("pending mails = %d, want 2 after a 421", n)
		}
		return nil
	})
	r.cycle() // not due yet: the retry waits for its backoff
	if n := len(r.srv.Sent()); n != 0 {
		t.Fatalf("a mail was retried before its backoff: %d sent", n)
	}
	r.clock = r.clock.Add(2 * 60e9) // two minutes later
	r.cycle()
	if got := len(r.mailsTo(csaAddr, "Game creek begins")) + len(r.mailsTo(usaAddr, "Game creek begins")); got != 2 {
		t.Fatalf("after the retry %d game-start mails arrived, want 2", got)
	}
}

// Bounces and auto-replies are stored but never answered (RFC 3834).
func TestAutoRepliesAreNotAnswered(t *testing.T) {
	r := newRig(t)
	r.cycle()
	before := len(r.srv.Sent())
	raw := "From: csa@players.test\r\nTo: gm@galloper.test\r\nSubject: Out of office\r\nAuto-Submitted: auto-replied\r\n" +
		"Message-ID: <ooo@players.test>\r\n\r\nI am away until Monday.\r\n"
	if err := r.srv.Send(csaAddr, gm, []byte(raw)); err != nil {
		t.Fatal(err)
	}
	r.cycle()
	if n := len(r.srv.Sent()) - before; n != 0 {
		t.Fatalf("an auto-reply was answered with %d mails", n)
	}
	r.db.WithTx(context.Background(), func(tx *store.Tx) error {
		if n, _ := tx.CountInbound("processed"); n != 1 {
			t.Errorf("processed inbound = %d, want the auto-reply stored and processed", n)
		}
		return nil
	})
}

// An HTML-only mail's orders are read from its text.
func TestHTMLOnlyOrders(t *testing.T) {
	r := newRig(t)
	html := strings.ReplaceAll(csaTurn1, "\n", "<br>\n")
	raw := "From: csa@players.test\r\nTo: gm@galloper.test\r\nSubject: html orders\r\nMessage-ID: <html@players.test>\r\n" +
		"MIME-Version: 1.0\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<html><body><p>" + html + "</p></body></html>\r\n"
	if err := r.srv.Send(csaAddr, gm, []byte(raw)); err != nil {
		t.Fatal(err)
	}
	r.cycle()
	rc := r.mailsTo(csaAddr, "Receipt")
	if len(rc) != 1 || !strings.Contains(rc[0], "Tanner's Mill") {
		t.Fatalf("HTML-only orders were not accepted: %d receipts; problems: %v", len(rc), r.mailsTo(csaAddr, "Re: html"))
	}
}
