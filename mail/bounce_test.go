package mail_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"galloper/adjudicator/store"
	"galloper/mail"
)

// dsn is a Postfix-style delivery status notification (RFC 3464) for a
// mail to rcpt whose header is returned.
func dsn(rcpt, returnedMsgID string) []byte {
	return fmt.Appendf(nil, "From: MAILER-DAEMON@mx.players.test (Mail Delivery System)\r\n"+
		"To: %s\r\nSubject: Undelivered Mail Returned to Sender\r\nMessage-ID: <bounce.1@mx.players.test>\r\n"+
		"Auto-Submitted: auto-replied\r\nMIME-Version: 1.0\r\n"+
		"Content-Type: multipart/report; report-type=delivery-status; boundary=\"B\"\r\n\r\n"+
		"--B\r\nContent-Type: text/plain\r\n\r\nI'm sorry to have to inform you that your message could not be delivered.\r\n"+
		"--B\r\nContent-Type: message/delivery-status\r\n\r\n"+
		"Reporting-MTA: dns; mx.players.test\r\nArrival-Date: Mon, 1 Jun 2026 09:00:00 +0000\r\n\r\n"+
		"Final-Recipient: rfc822; %s\r\nOriginal-Recipient: rfc822;%s\r\nAction: failed\r\nStatus: 5.1.1\r\n"+
		"Remote-MTA: dns; mx.players.test\r\nDiagnostic-Code: smtp; 550 5.1.1 <%s>: Recipient address rejected:\r\n"+
		" User unknown in local recipient table\r\n\r\n"+
		"--B\r\nContent-Type: text/rfc822-headers\r\n\r\nFrom: Galloper <%s>\r\nTo: %s\r\nMessage-ID: %s\r\nSubject: x\r\n\r\n"+
		"--B--\r\n", gm, rcpt, rcpt, rcpt, gm, rcpt, returnedMsgID)
}

func TestParseDSN(t *testing.T) {
	b := mail.ParseDSN(dsn("csa@players.test", "<galloper.game-start.creek.csa=players.test@galloper.test>"))
	if b == nil || b.Recipient != "csa@players.test" || b.Status != "5.1.1" ||
		b.MessageID != "<galloper.game-start.creek.csa=players.test@galloper.test>" ||
		!strings.Contains(b.Diagnostic, "550 5.1.1 <csa@players.test>: Recipient address rejected: User unknown") {
		t.Fatalf("ParseDSN = %+v", b)
	}
	plain := []byte("From: a@b\r\nTo: c@d\r\nSubject: hi\r\n\r\nGAME creek\r\n")
	if b := mail.ParseDSN(plain); b != nil {
		t.Fatalf("ParseDSN of an ordinary mail = %+v, want nil", b)
	}
	delayed := []byte(strings.Replace(string(dsn("csa@players.test", "<x@y>")), "Action: failed", "Action: delayed", 1))
	if b := mail.ParseDSN(delayed); b != nil {
		t.Fatalf("ParseDSN of a delay report = %+v, want nil", b)
	}
}

// A bounce of one of Galloper's mails marks that mail bounced in the
// outbox, is counted, and tells the game's umpire.
func TestBounceReachesTheUmpire(t *testing.T) {
	r := newRig(t)
	r.cycle() // the game-start mails go out
	var start store.Outgoing
	r.db.WithTx(context.Background(), func(tx *store.Tx) error {
		rows, err := tx.OutboxAfter(0)
		for _, m := range rows {
			if m.Recipient == csaAddr {
				start = m
			}
		}
		return err
	})
	if start.ID == 0 || start.Status != "sent" {
		t.Fatalf("the start mail to CSA: %+v", start)
	}
	if err := r.srv.Deliver(dsn(csaAddr, start.MessageID)); err != nil {
		t.Fatal(err)
	}
	r.cycle()
	var after store.Outgoing
	r.db.WithTx(context.Background(), func(tx *store.Tx) error {
		var err error
		after, err = tx.OutgoingByMessageID(start.MessageID)
		return err
	})
	if after.Status != "bounced" || !strings.Contains(after.LastError, "5.1.1") {
		t.Fatalf("the bounced mail is %q (%q), want bounced with the status", after.Status, after.LastError)
	}
	got := r.mailsTo(umpAddr, "Undeliverable: start to "+csaAddr)
	if len(got) != 1 || !strings.Contains(got[0], "User unknown") || !strings.Contains(got[0], "galloper outbox retry") {
		t.Fatalf("the umpire's notice: %q", got)
	}
	if n := len(r.mailsTo(csaAddr, "Re: ")); n != 0 {
		t.Fatalf("the bounce was answered %d times", n)
	}
}
