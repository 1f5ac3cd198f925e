package mail_test

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"galloper/adjudicator"
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
	if help := r.mailsTo("newcomer@else.test", "Galloper help"); len(help) != 1 || !strings.Contains(help[0], "STATUS") ||
		!strings.Contains(help[0], "ORDER MOVE from Harrow to Barton") {
		t.Fatalf("HELP replies: %d, want 1 with STATUS and LoB's example order: %q", len(help), help)
	}
	// HELP mails the player's guide itself, the order language, attached.
	guide := false
	for _, m := range r.srv.Sent() {
		if m.To == "newcomer@else.test" && bytes.Contains(m.Raw, []byte("guide-lob.v2.txt")) && bytes.Contains(m.Raw, []byte("Writing your orders")) {
			guide = true
		}
	}
	if !guide {
		t.Error("the HELP reply does not attach LoB's player's guide")
	}
	if !strings.Contains(status[0], "Your units, and the enemy in sight") || !strings.Contains(status[0], "== Victory ==") {
		t.Errorf("STATUS lacks the side's roster or the victory conditions:\n%s", status[0])
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

// DEADLINE says when the current segment's orders are due, or that there
// is no deadline.
func TestDeadlineCommand(t *testing.T) {
	r := newRig(t) // creek: created without a deadline
	r.deadline = 24 * time.Hour
	r.restart()
	err := r.d.Adj.CreateGame(context.Background(), adjudicator.GameSpec{ID: "dl", System: "lob.v2", Scenario: "tanners-creek",
		Players: []adjudicator.PlayerSpec{{Side: "CSA", Email: csaAddr, Password: "tulip"}, {Side: "USA", Email: usaAddr, Password: "oak"}}})
	if err != nil {
		t.Fatal(err)
	}
	r.send(usaAddr, "when", "GAME dl\nSIDE USA\nPASSWORD oak\nDEADLINE\n")
	r.send(csaAddr, "when", "GAME creek\nSIDE CSA\nPASSWORD tulip\nDEADLINE\n")
	r.cycle()
	if got := r.mailsTo(usaAddr, "DEADLINE: dl, USA"); len(got) != 1 ||
		!strings.Contains(got[0], "Orders for the current segment are due by Tue 2 Jun 2026 09:00 UTC") {
		t.Fatalf("DEADLINE for dl: %q", got)
	}
	if got := r.mailsTo(csaAddr, "DEADLINE: creek, CSA"); len(got) != 1 || !strings.Contains(got[0], "no deadline") {
		t.Fatalf("DEADLINE for creek: %q", got)
	}
}

// REPLACE above an order file is allowed and changes nothing: the last
// valid orders for a segment are the ones that count.
func TestReplaceOrders(t *testing.T) {
	r := newRig(t)
	r.send(umpAddr, "hold", "GAME creek\nSIDE UMPIRE\nPASSWORD whistle\nPAUSE\n")
	r.cycle() // paused: CSA's orders are kept, the segment is not resolved
	r.send(csaAddr, "orders", csaTurn1)
	r.cycle()
	r.send(csaAddr, "new orders", "REPLACE\n"+strings.Replace(csaTurn1, "Take the mill crossing.", "Hold the mill crossing.", 1))
	r.cycle()
	if n := len(r.mailsTo(csaAddr, "Receipt")); n != 2 {
		t.Fatalf("CSA got %d receipts, want 2", n)
	}
	if n := len(r.mailsTo(csaAddr, "Re: new orders")); n != 0 {
		t.Fatal("REPLACE was answered with a problem")
	}
	r.send(csaAddr, "what now", "GAME creek\nSIDE CSA\nPASSWORD tulip\nORDERS\n")
	r.cycle()
	got := r.mailsTo(csaAddr, "ORDERS: creek, CSA")
	if len(got) != 1 || !strings.Contains(got[0], "Hold the mill crossing.") || strings.Contains(got[0], "Take the mill crossing.") {
		t.Fatalf("ORDERS after REPLACE: %q", got)
	}
	r.send(umpAddr, "go", "GAME creek\nSIDE UMPIRE\nPASSWORD whistle\nRESUME\n")
	r.cycle()
	if n := len(r.mailsTo(csaAddr, "Results")); n != 1 {
		t.Fatalf("after RESUME CSA got %d results mails, want 1", n)
	}
}
