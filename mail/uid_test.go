package mail_test

import (
	"testing"

	"github.com/emersion/go-imap/v2"
)

// A mail another client has opened (so it is \Seen) before Galloper
// reads it is still stored, once: intake goes by UID, not by the flag.
func TestMailReadElsewhereIsStillTaken(t *testing.T) {
	r := newRig(t)
	r.send(csaAddr, "orders", csaTurn1)
	r.cycle() // the mailbox is known from here on
	if n := r.inbound(""); n != 1 {
		t.Fatalf("%d mails stored, want 1", n)
	}
	raw := r.compose(usaAddr, "orders", "GAME creek\nSIDE USA\nTURN 1\nPASSWORD oak\n")
	if err := r.srv.DeliverFlags(raw, imap.FlagSeen); err != nil {
		t.Fatal(err)
	}
	r.cycle()
	if n := r.inbound(""); n != 2 {
		t.Fatalf("%d mails stored after a mail read elsewhere came, want 2", n)
	}
	r.cycle()
	if n := r.inbound(""); n != 2 {
		t.Fatalf("%d mails stored after another poll, want still 2", n)
	}
}
