package mail_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	gomail "github.com/emersion/go-message/mail"

	"galloper/adjudicator/store"
	"galloper/mail"
)

// A temporary SMTP failure leaves the mail queued; it goes out on a later
// attempt with the same Message-ID.
func TestOutboxRetriesTemporaryFailure(t *testing.T) {
	r := newRig(t)
	r.srv.FailNext(3) // the three game-start mails are refused once
	r.cycle()
	if n := len(r.srv.Sent()); n != 0 {
		t.Fatalf("%d mails got through a refusing server", n)
	}
	r.db.WithTx(context.Background(), func(tx *store.Tx) error {
		if n, _ := tx.CountOutbox("pending"); n != 3 {
			t.Errorf("pending mails = %d, want 3 after a 421", n)
		}
		return nil
	})
	r.cycle() // not due yet: the retry waits for its backoff
	if n := len(r.srv.Sent()); n != 0 {
		t.Fatalf("a mail was retried before its backoff: %d sent", n)
	}
	r.clock = r.clock.Add(2 * 60e9) // two minutes later
	r.cycle()
	if got := len(r.mailsTo(csaAddr, "Game creek begins")) + len(r.mailsTo(usaAddr, "Game creek begins")) +
		len(r.mailsTo(umpAddr, "Game creek begins")); got != 3 {
		t.Fatalf("after the retry %d game-start mails arrived, want 3", got)
	}
}

// A permanent SMTP failure (5xx) is not retried: the mail is marked
// failed with the server's answer, and the other mails go out.
func TestOutboxPermanentFailure(t *testing.T) {
	r := newRig(t)
	r.srv.RejectNext(1) // the first game-start mail: no such user
	r.cycle()
	if n := len(r.srv.Sent()); n != 2 {
		t.Fatalf("%d mails sent, want the other 2", n)
	}
	r.clock = r.clock.Add(48 * time.Hour)
	r.cycle()
	if n := len(r.srv.Sent()); n != 2 {
		t.Fatalf("a permanently refused mail was retried: %d sent", n)
	}
	r.db.WithTx(context.Background(), func(tx *store.Tx) error {
		failed, _ := tx.CountOutbox("failed")
		pending, _ := tx.CountOutbox("pending")
		if failed != 1 || pending != 0 {
			t.Errorf("outbox: %d failed, %d pending; want 1 and 0", failed, pending)
		}
		all, err := tx.OutboxAfter(0)
		for _, m := range all {
			if m.Status == "failed" && (m.Attempts != 1 || !strings.Contains(m.LastError, "no such user")) {
				t.Errorf("failed mail: %d attempts, last error %q", m.Attempts, m.LastError)
			}
		}
		return err
	})
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

// When a segment's deadline passes without orders, the side is taken to
// have sent none (orders in hand carry on) and the segment is resolved.
func TestDeadlineResolvesWithDefaults(t *testing.T) {
	r := newRig(t)
	r.deadline = 24 * time.Hour
	r.restart() // the same database, now with a deadline configured
	r.send(csaAddr, "orders", csaTurn1)
	r.cycle() // CSA's segment resolves; USA's deadline is set 24 h ahead
	r.clock = r.clock.Add(23 * time.Hour)
	r.cycle()
	if n := len(r.mailsTo(usaAddr, "Results")); n != 1 {
		t.Fatalf("USA has %d results mails before its deadline, want 1", n)
	}
	r.clock = r.clock.Add(2 * time.Hour)
	r.cycle()
	res := r.mailsTo(usaAddr, "Results")
	if len(res) != 2 || !strings.Contains(res[1], "Resolved: Turn 1 (07:00), USA player turn") {
		t.Fatalf("the USA segment was not resolved at its deadline: %d results", len(res))
	}
	r.db.WithTx(context.Background(), func(tx *store.Tx) error {
		o, err := tx.LatestOrders("creek", 1)
		if err != nil || len(o) != 1 || o[0].InboundID != 0 {
			t.Errorf("default orders not recorded for USA: %+v %v", o, err)
		}
		return nil
	})
}

// Replying to Galloper's mail authenticates a player by the secret token in
// the reply address; no password is needed. A forged reply address is not
// enough, and a stranger is refused once a day at most.
func TestReplyAddressAuthenticates(t *testing.T) {
	r := newRig(t)
	r.cycle()
	replyTo := r.replyTo(csaAddr)
	if !strings.HasPrefix(replyTo, "gm+creek.csa.") {
		t.Fatalf("game-start mail's Reply-To = %q, want the player's reply address", replyTo)
	}
	noPassword := strings.Replace(csaTurn1, "PASSWORD tulip\n", "", 1)
	forged := strings.Replace(replyTo, "gm+creek.csa.", "gm+creek.csa.x", 1)
	if err := r.srv.Send(csaAddr, forged, r.compose(csaAddr, "forged", noPassword)); err != nil {
		t.Fatal(err)
	}
	r.cycle()
	if n := len(r.mailsTo(csaAddr, "Receipt")); n != 0 {
		t.Fatalf("a forged reply address was accepted")
	}
	if err := r.srv.Send(csaAddr, replyTo, r.compose(csaAddr, "by reply", noPassword)); err != nil {
		t.Fatal(err)
	}
	r.cycle()
	if n := len(r.mailsTo(csaAddr, "Receipt")); n != 1 {
		t.Fatalf("orders sent to the reply address got %d receipts, want 1", n)
	}
	// A stranger: one refusal today, then silence.
	for i := range 3 {
		r.send("stranger@else.test", fmt.Sprintf("hello %d", i), "GAME creek\nSIDE CSA\nTURN 1\nPASSWORD guess\n")
	}
	r.cycle()
	if n := len(r.mailsTo("stranger@else.test", "")); n != 1 {
		t.Fatalf("the stranger got %d refusals, want 1", n)
	}
}

// With a processed folder set, stored mail leaves the inbox.
func TestProcessedFolder(t *testing.T) {
	r := newRig(t)
	r.imap.Processed = "Processed"
	r.restart()
	r.send(csaAddr, "orders", csaTurn1)
	r.cycle()
	if n := len(r.mailsTo(csaAddr, "Receipt")); n != 1 {
		t.Fatalf("receipts = %d", n)
	}
	c, err := imapclient.DialInsecure(r.srv.IMAPAddr, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Login("gm", "pw").Wait(); err != nil {
		t.Fatal(err)
	}
	for mbox, want := range map[string]uint32{"INBOX": 0, "Processed": 1} {
		st, err := c.Status(mbox, &imap.StatusOptions{NumMessages: true}).Wait()
		if err != nil {
			t.Fatal(err)
		}
		if *st.NumMessages != want {
			t.Errorf("%s holds %d messages, want %d", mbox, *st.NumMessages, want)
		}
	}
}

// A mail over the size limit is not fetched whole; its sender is told why.
func TestOversizeMailIsRefused(t *testing.T) {
	r := newRig(t)
	r.imap.MaxSize = 4096
	r.restart()
	big := csaTurn1 + "  INTENT " + strings.Repeat("x", 8000) + "\n"
	r.send(csaAddr, "big orders", big)
	r.cycle()
	replies := r.mailsTo(csaAddr, "Re: big orders")
	if len(replies) != 1 || !strings.Contains(replies[0], "over Galloper's limit of 4096 bytes") {
		t.Fatalf("oversize mail replies: %q", replies)
	}
	if n := len(r.mailsTo(csaAddr, "Receipt")); n != 0 {
		t.Fatal("an oversize mail's orders were accepted")
	}
}

// A missing player is reminded before the deadline, told each day of the
// grace period, and the segment resolves when the grace period ends.
func TestRemindersAndGrace(t *testing.T) {
	r := newRig(t)
	r.deadline, r.remind, r.grace = 24*time.Hour, 6*time.Hour, 48*time.Hour
	r.restart()
	r.send(csaAddr, "orders", csaTurn1)
	r.cycle() // CSA's segment resolves; USA's orders are due in 24 h
	count := func(prefix string) int { return len(r.mailsTo(usaAddr, prefix)) }
	steps := []struct {
		at                         time.Duration
		reminders, overdue, result int
	}{
		{17 * time.Hour, 0, 0, 1},
		{19 * time.Hour, 1, 0, 1},
		{20 * time.Hour, 1, 0, 1}, // not twice
		{25 * time.Hour, 1, 1, 1},
		{30 * time.Hour, 1, 1, 1},
		{50 * time.Hour, 1, 2, 1}, // the second day of grace
		{73 * time.Hour, 1, 2, 2}, // grace over: resolved with default orders
	}
	start := r.clock
	for _, s := range steps {
		r.clock = start.Add(s.at)
		r.cycle()
		if got := [3]int{count("Reminder"), count("Overdue"), count("Results")}; got != [3]int{s.reminders, s.overdue, s.result} {
			t.Fatalf("at +%s: reminders, overdue notices, results = %v, want %v", s.at, got, [3]int{s.reminders, s.overdue, s.result})
		}
	}
	if n := len(r.mailsTo(csaAddr, "Reminder")) + len(r.mailsTo(csaAddr, "Overdue")); n != 0 {
		t.Fatalf("CSA, whose orders were not due, got %d reminders", n)
	}
}

// The receiving server's Authentication-Results are kept with the mail as
// evidence; they authenticate nobody.
func TestAuthenticationResultsAreRecorded(t *testing.T) {
	r := newRig(t)
	raw := r.compose(csaAddr, "orders", strings.Replace(csaTurn1, "PASSWORD tulip", "PASSWORD wrong", 1))
	raw = append([]byte("Authentication-Results: mx.galloper.test;\r\n dkim=pass header.d=players.test;\r\n spf=pass smtp.mailfrom=players.test\r\n"), raw...)
	if err := r.srv.Send(csaAddr, gm, raw); err != nil {
		t.Fatal(err)
	}
	r.cycle()
	var got string
	err := r.db.WithTx(context.Background(), func(tx *store.Tx) error {
		m, err := tx.Inbound(1)
		got = m.AuthResults
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if got != "mx.galloper.test; dkim=pass header.d=players.test; spf=pass smtp.mailfrom=players.test" {
		t.Fatalf("stored Authentication-Results %q", got)
	}
	if n := len(r.mailsTo(csaAddr, "Receipt")); n != 0 {
		t.Fatal("dkim=pass authenticated a mail with a wrong password")
	}
}

// A mail with more attachments than Galloper reads is refused, saying why.
func TestTooManyAttachmentsAreRefused(t *testing.T) {
	r := newRig(t)
	var h gomail.Header
	h.SetAddressList("From", []*gomail.Address{{Address: csaAddr}})
	h.SetAddressList("To", []*gomail.Address{{Address: gm}})
	h.SetSubject("holiday photos")
	h.SetMessageID("photos@players.test")
	var buf bytes.Buffer
	w, err := gomail.CreateWriter(&buf, h)
	if err != nil {
		t.Fatal(err)
	}
	tw, _ := w.CreateInline()
	var th gomail.InlineHeader
	th.SetContentType("text/plain", nil)
	pw, _ := tw.CreatePart(th)
	io.WriteString(pw, csaTurn1)
	pw.Close()
	tw.Close()
	for i := range mail.MaxAttachments + 1 {
		var ah gomail.AttachmentHeader
		ah.SetFilename(fmt.Sprintf("photo%d.jpg", i))
		ah.SetContentType("image/jpeg", nil)
		aw, _ := w.CreateAttachment(ah)
		aw.Write([]byte{0xff, 0xd8, 0xff})
		aw.Close()
	}
	w.Close()
	if err := r.srv.Send(csaAddr, gm, buf.Bytes()); err != nil {
		t.Fatal(err)
	}
	r.cycle()
	if m := r.mailsTo(csaAddr, "Re: holiday photos"); len(m) != 1 || !strings.Contains(m[0], "it has 6 attachments; Galloper reads at most 5") {
		t.Fatalf("replies: %q", m)
	}
}

// Forwarded orders work, inline (the forwarder's note and the forwarded
// header block are dropped) and as an attached message/rfc822.
func TestForwardedOrders(t *testing.T) {
	r := newRig(t)
	r.cycle()
	inline := "Ann asked me to send these on, her mail is down.\n\n" +
		"---------- Forwarded message ---------\nFrom: Ann <ann@elsewhere.test>\nDate: Mon, 1 Jun 2026 at 08:12\n" +
		"Subject: my orders\nTo: Bob <csa@players.test>\n\n" + csaTurn1
	r.send(csaAddr, "Fwd: my orders", inline)
	r.cycle()
	if m := r.mailsTo(csaAddr, "Receipt: creek"); len(m) != 1 {
		t.Fatalf("inline forward: %d receipts; replies %q", len(m), r.mailsTo(csaAddr, "Re:"))
	}

	// USA forwards its orders as an attachment.
	orig := r.compose(usaAddr, "usa orders", "GAME creek\nSIDE USA\nTURN 1\nPASSWORD oak\n")
	var h gomail.Header
	h.SetAddressList("From", []*gomail.Address{{Address: usaAddr}})
	h.SetAddressList("To", []*gomail.Address{{Address: gm}})
	h.SetSubject("Fwd: usa orders")
	h.SetMessageID("fwd-attached@players.test")
	var buf bytes.Buffer
	w, err := gomail.CreateWriter(&buf, h)
	if err != nil {
		t.Fatal(err)
	}
	tw, _ := w.CreateInline()
	var th gomail.InlineHeader
	th.SetContentType("text/plain", nil)
	pw, _ := tw.CreatePart(th)
	io.WriteString(pw, "See attached.\n")
	pw.Close()
	tw.Close()
	var ah gomail.AttachmentHeader
	ah.SetContentType("message/rfc822", nil)
	ah.SetFilename("usa orders.eml")
	aw, _ := w.CreateAttachment(ah)
	aw.Write(orig)
	aw.Close()
	w.Close()
	if err := r.srv.Send(usaAddr, gm, buf.Bytes()); err != nil {
		t.Fatal(err)
	}
	r.cycle()
	if m := r.mailsTo(usaAddr, "Receipt: creek"); len(m) != 1 {
		t.Fatalf("attached forward: %d receipts; replies %q", len(m), r.mailsTo(usaAddr, "Re:"))
	}
}

// A multipart/alternative mail, as most mail programs send, is read from
// its text/plain part (here quoted-printable, as Outlook and Gmail encode
// long lines), not from its HTML twin.
func TestMultipartAlternativeOrders(t *testing.T) {
	r := newRig(t)
	plain := strings.ReplaceAll(strings.Replace(csaTurn1, "Take the mill crossing.", "Take the mill crossing =\nat once.", 1), "\n", "\r\n")
	raw := "From: csa@players.test\r\nTo: gm@galloper.test\r\nSubject: alt orders\r\nMessage-ID: <alt@players.test>\r\n" +
		"MIME-Version: 1.0\r\nContent-Type: multipart/alternative; boundary=\"b1\"\r\n\r\n" +
		"--b1\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" + plain +
		"\r\n--b1\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<div dir=\"ltr\"><b>GAME</b> creek<br>nonsense</div>\r\n--b1--\r\n"
	if err := r.srv.Send(csaAddr, gm, []byte(raw)); err != nil {
		t.Fatal(err)
	}
	r.cycle()
	rc := r.mailsTo(csaAddr, "Receipt")
	if len(rc) != 1 || !strings.Contains(rc[0], "Take the mill crossing at once.") {
		t.Fatalf("multipart/alternative orders: receipts %q; problems: %q", rc, r.mailsTo(csaAddr, "Re: alt"))
	}
}

// Every kind of automatic mail is recognised, and nothing else is.
func TestAutomaticMailKinds(t *testing.T) {
	base := "To: gm@galloper.test\r\nSubject: x\r\nMessage-ID: <a@p>\r\n"
	for _, c := range []struct {
		header string
		auto   bool
	}{
		{"From: csa@players.test\r\nAuto-Submitted: auto-replied\r\n", true},
		{"From: csa@players.test\r\nAuto-Submitted: auto-generated\r\n", true},
		{"From: csa@players.test\r\nAuto-Submitted: no\r\n", false},
		{"From: csa@players.test\r\nPrecedence: bulk\r\n", true},
		{"From: csa@players.test\r\nPrecedence: junk\r\n", true},
		{"From: csa@players.test\r\nPrecedence: list\r\n", true},
		{"From: csa@players.test\r\nX-Autoreply: yes\r\n", true},
		{"From: csa@players.test\r\nReturn-Path: <>\r\n", true},
		{"From: Mail Delivery System <MAILER-DAEMON@mx.players.test>\r\n", true},
		{"From: postmaster@players.test\r\n", true},
		{"From: csa@players.test\r\nX-Galloper: 1\r\n", true}, // Galloper's own mail, looped back
		{"From: csa@players.test\r\nContent-Type: multipart/report; report-type=delivery-status; boundary=b\r\n", true},
		{"From: csa@players.test\r\n", false},
	} {
		in := mail.Read([]byte(c.header + base + "\r\nGAME creek\r\n"))
		if in.Automatic != c.auto {
			t.Errorf("%q: automatic = %v, want %v", c.header, in.Automatic, c.auto)
		}
	}
}
