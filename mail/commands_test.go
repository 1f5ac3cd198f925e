package mail_test

import (
	"bytes"
	"strings"
	"testing"
)

func TestCommands(t *testing.T) {
	r := newRig(t)
	r.cycle()
	replyTo := r.replyTo(usaAddr)
	// STATUS by replying: no password needed.
	if err := r.srv.Send(usaAddr, replyTo, r.compose(usaAddr, "Re: Game creek begins", "status\n\n> old quoted text\n")); err != nil {
		t.Fatal(err)
	}
	// ORDERS with GAME, SIDE and PASSWORD lines.
	r.send(csaAddr, "what do you hold", "GAME creek\nSIDE CSA\nPASSWORD tulip\nORDERS\n")
	// HELP from anyone, answered once a day.
	r.send("newcomer@else.test", "help", "HELP\n")
	r.send("newcomer@else.test", "help again", "HELP\n")
	// MAP with a wrong password: refused.
	r.send(csaAddr, "map", "GAME creek\nSIDE CSA\nPASSWORD wrong\nMAP\n")
	r.cycle()

	status := r.mailsTo(usaAddr, "STATUS: creek, USA")
	if len(status) != 1 || !strings.Contains(status[0], "Situation") || !strings.Contains(status[0], "waiting for the other side") {
		t.Fatalf("STATUS replies: %q", status)
	}
	if ord := r.mailsTo(csaAddr, "ORDERS: creek, CSA"); len(ord) != 1 || !strings.Contains(ord[0], "holds no orders") {
		t.Fatalf("ORDERS replies: %q", ord)
	}
	if help := r.mailsTo("newcomer@else.test", "Galloper help"); len(help) != 1 || !strings.Contains(help[0], "STATUS") {
		t.Fatalf("HELP replies: %d, want 1", len(help))
	}
	if n := len(r.mailsTo(csaAddr, "MAP")); n != 0 {
		t.Fatal("MAP was answered despite a wrong password")
	}
	if n := len(r.mailsTo(csaAddr, "Re: map")); n != 1 {
		t.Fatalf("the wrong-password MAP got %d refusals, want 1", n)
	}

	// MAP, properly authenticated, carries the side's map.
	r.send(csaAddr, "map", "GAME creek\nSIDE CSA\nPASSWORD tulip\n\nMAP\n")
	r.cycle()
	found := false
	for _, m := range r.srv.Sent() {
		if m.To == csaAddr && bytes.Contains(m.Raw, []byte("Subject: MAP")) && bytes.Contains(m.Raw, []byte("image/png")) {
			found = true
		}
	}
	if !found {
		t.Fatal("no MAP reply with a PNG map")
	}
}
