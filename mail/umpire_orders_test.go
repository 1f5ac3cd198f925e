package mail_test

import (
	"strings"
	"testing"
)

// TestUmpireReadsOrdersBeforeResolution: the umpire is mailed a copy of
// each order file accepted, and while a segment waits (here the game is
// paused) its STATUS and ORDERS replies show what each due side has sent,
// its scripts and all; a player's replies show only its own orders, and
// the other side's never, and no player gets the copy.
func TestUmpireReadsOrdersBeforeResolution(t *testing.T) {
	r := newRig(t)
	r.cycle()
	r.send(umpAddr, "pause", umpire+"PAUSE\n")
	r.cycle()
	r.send(umpAddr, "status before", umpire+"STATUS\n")
	r.cycle()
	before := r.mailsTo(umpAddr, "STATUS: creek")
	if len(before) != 1 || !strings.Contains(before[0], "CSA: nothing received yet.") || strings.Contains(before[0], "ORDER MOVE") {
		t.Fatalf("the umpire's STATUS before any orders: %q", before)
	}
	// The umpire orders no side: its Next line names the sides still due.
	if !strings.Contains(before[0], "player turn: waiting for orders from CSA.") || strings.Contains(before[0], "the other side") {
		t.Errorf("the umpire's Next line before any orders:\n%s", before[0])
	}
	r.send(csaAddr, "t1", csaTurn1)
	r.cycle()
	if n := len(r.segments("creek")); n != 0 {
		t.Fatalf("the paused segment resolved (%d segments)", n)
	}
	copies := r.mailsTo(umpAddr, "Orders received: creek, CSA")
	if len(copies) != 1 || !strings.Contains(copies[0], "ORDER MOVE from Harrow to Barton") || strings.Contains(copies[0], "tulip") {
		t.Fatalf("the umpire's copy of CSA's orders: %q", copies)
	}
	if n := len(r.mailsTo(usaAddr, "Orders received")) + len(r.mailsTo(csaAddr, "Orders received")); n != 0 {
		t.Fatalf("%d copies of the orders went to players", n)
	}
	r.send(umpAddr, "status", umpire+"STATUS\n")
	r.send(umpAddr, "orders", umpire+"ORDERS\n")
	r.send(usaAddr, "status usa", "GAME creek\nSIDE USA\nPASSWORD oak\nSTATUS\n")
	r.send(usaAddr, "orders usa", "GAME creek\nSIDE USA\nPASSWORD oak\nORDERS\n")
	r.send(csaAddr, "status csa", "GAME creek\nSIDE CSA\nPASSWORD tulip\nSTATUS\n")
	r.cycle()
	status := r.mailsTo(umpAddr, "STATUS: creek")
	orders := r.mailsTo(umpAddr, "ORDERS: creek")
	if len(status) != 2 || len(orders) != 1 {
		t.Fatalf("%d STATUS and %d ORDERS replies to the umpire, want 2 and 1", len(status), len(orders))
	}
	if !strings.Contains(status[1], "player turn: every side's orders are in.") || strings.Contains(status[1], "waiting for") {
		t.Errorf("the umpire's Next line once CSA's orders are in:\n%s", status[1])
	}
	for _, reply := range []string{status[1], orders[0]} {
		for _, want := range []string{"Orders received for the current segment", "CSA, received ", "ORDER MOVE", "Barton", "Take the mill crossing."} {
			if !strings.Contains(reply, want) {
				t.Errorf("the umpire's reply lacks %q:\n%s", want, reply)
			}
		}
		if strings.Contains(reply, "tulip") {
			t.Errorf("the umpire's reply carries CSA's password:\n%s", reply)
		}
	}
	for _, who := range []string{usaAddr, csaAddr} {
		for _, reply := range append(r.mailsTo(who, "STATUS: creek"), r.mailsTo(who, "ORDERS: creek")...) {
			if strings.Contains(reply, "Orders received for the current segment") || who == usaAddr && (strings.Contains(reply, "Barton") || strings.Contains(reply, "ORDER MOVE")) {
				t.Errorf("a player's reply shows the orders received:\n%s", reply)
			}
		}
	}
	if m := r.mailsTo(usaAddr, "ORDERS: creek"); len(m) != 1 || !strings.Contains(m[0], "holds no orders from you") {
		t.Errorf("USA's ORDERS: %q", m)
	}
}
