package wintersvictory

import (
	"fmt"
	"strings"
	"testing"
)

// ownerCard builds an owner's Order Delivery Table in the chart pack format
// with results by modified roll from low to high, so the tests of the
// procedure do not lean on the provisional thresholds.
func ownerCard(t *testing.T, low int, results ...string) *Pack {
	t.Helper()
	var b strings.Builder
	b.WriteString("name: owner-card\nsystem: wintersvictory\ntables:\n  order-delivery:\n    rule: \"17.34\"\n    columns: [result]\n    rows:\n")
	for i, r := range results {
		fmt.Fprintf(&b, "      \"%d\": [%s]\n", low+i, r)
	}
	b.WriteString(tablesAfterODT())
	p, err := LoadPack("owner.yaml", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// tablesAfterODT is the shock table of the shipped pack, for test cards
// that change only the Order Delivery Table.
func tablesAfterODT() string {
	s := string(ProvisionalPackData())
	return s[strings.Index(s, "  shock:\n"):]
}

// testCard: modified -2..9; 3 or less Received, 4-6 Delay 1, 7+ Ignored.
func testCard(t *testing.T) *Pack {
	return ownerCard(t, -2,
		"received", "received", "received", "received", "received", "received",
		"delay1", "delay1", "delay1",
		"ignored", "ignored", "ignored")
}

// 17.34: same hex Received with no roll; within the radius a roll; beyond
// it one Delay level for each Command Radius or fraction beyond, at most 3.
func TestPlaceOrder(t *testing.T) {
	for _, c := range []struct {
		dist, radius int
		want         Placement
	}{
		{0, 4, Placement{State: Received}}, // "in the same location"
		{1, 4, Placement{Roll: true}},
		{4, 4, Placement{Roll: true}},     // at the radius is within it
		{5, 4, Placement{State: Delay1}},  // 1 hex beyond: a fraction of a radius
		{8, 4, Placement{State: Delay1}},  // one whole radius beyond
		{9, 4, Placement{State: Delay2}},  // a radius and a fraction
		{12, 4, Placement{State: Delay2}}, // two radii
		{13, 4, Placement{State: Delay3}}, // two and a fraction
		{40, 4, Placement{State: Delay3}}, // "up to a maximum of 3 levels"
		{3, 1, Placement{State: Delay2}},  // radius 1: 2 hexes beyond
		{Unreachable, 6, Placement{State: Delay3}},
	} {
		got, err := PlaceOrder(c.dist, c.radius)
		if err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("PlaceOrder(%d, radius %d) = %+v, want %+v", c.dist, c.radius, got, c.want)
		}
	}
	if _, err := PlaceOrder(3, 0); err == nil || !strings.Contains(err.Error(), "Command Radius 0") {
		t.Errorf("radius 0: err = %v", err)
	}
	if _, err := PlaceOrder(-4, 3); err == nil {
		t.Error("distance -4 accepted")
	}
}

// 17.35: each modifier the rule lists, alone and together.
func TestDeliveryModifiers(t *testing.T) {
	for _, c := range []struct {
		m    DeliveryModifiers
		want int
	}{
		{DeliveryModifiers{}, 0},
		{DeliveryModifiers{ReceiverBonus: 2}, -2},          // -# receiver's Command Bonus
		{DeliveryModifiers{FrenchBrigadeLeader: true}, -1}, // -1 French Brigade Leader
		{DeliveryModifiers{SenderHoldsOrder: true}, -1},    // -1 sender with AO or OR marker
		{DeliveryModifiers{SenderAdjacent: true}, -2},      // -2 adjacent
		{DeliveryModifiers{Urgent: true}, -2},              // -2 urgent
		{DeliveryModifiers{FromArmy: true}, -2},            // -2 Army HQ or Army Commander
		{DeliveryModifiers{ReceiverBonus: 1, FrenchBrigadeLeader: true, SenderHoldsOrder: true,
			SenderAdjacent: true, Urgent: true, FromArmy: true}, -9},
	} {
		if got := c.m.Total(); got != c.want {
			t.Errorf("%+v: total %d, want %d", c.m, got, c.want)
		}
	}
}

// 17.34: within the radius the roll is made at once, with the modifiers.
func TestSendWithinRadiusRolls(t *testing.T) {
	p := testCard(t)
	o, err := p.Send(3, 4, DeliveryModifiers{}, false, 5)
	if err != nil {
		t.Fatal(err)
	}
	if o.State != Delay1 || o.Rolls != 1 {
		t.Errorf("die 5 unmodified: %v after %d rolls, want Delay 1 after 1", o.State, o.Rolls)
	}
	// The same die with an urgent order from the Army: 5-2-2 = 1, Received.
	o, _ = p.Send(3, 4, DeliveryModifiers{Urgent: true, FromArmy: true}, false, 5)
	if o.State != Received {
		t.Errorf("die 5 -4: %v, want Received", o.State)
	}
	o, _ = p.Send(3, 4, DeliveryModifiers{}, false, 8)
	if o.State != Ignored {
		t.Errorf("die 8: %v, want Ignored", o.State)
	}
	// Same hex and beyond the radius: no roll, whatever the die says.
	if o, _ := p.Send(0, 4, DeliveryModifiers{}, false, 9); o.State != Received || o.Rolls != 0 {
		t.Errorf("same hex: %+v", o)
	}
	if o, _ := p.Send(10, 4, DeliveryModifiers{}, false, 0); o.State != Delay2 || o.Rolls != 0 {
		t.Errorf("10 hexes, radius 4: %+v", o)
	}
	if _, err := p.Send(3, 4, DeliveryModifiers{}, false, 10); err == nil || !strings.Contains(err.Error(), "0 to 9") {
		t.Errorf("die 10: err = %v", err)
	}
}

// 17.35: Delay 1 rolls; Delay 2 and 3 step down without a roll, in that
// order, so a Delay 2 order first rolls in the next Delay Check.
func TestDelayCheckCountsDown(t *testing.T) {
	p := testCard(t)
	o, _ := p.Send(13, 4, DeliveryModifiers{}, false, 0)
	want := []Delivery{Delay2, Delay1}
	for i, w := range want {
		var err error
		o, err = p.DelayCheck(o, 9) // a 9 would be Ignored were it rolled
		if err != nil {
			t.Fatal(err)
		}
		if o.State != w || o.Rolls != 0 {
			t.Fatalf("check %d: %v after %d rolls, want %v and no roll", i+1, o.State, o.Rolls, w)
		}
	}
	o, _ = p.DelayCheck(o, 2)
	if o.State != Received {
		t.Errorf("Delay 1 rolling 2: %v, want Received", o.State)
	}
	// Received and Ignored orders are left alone.
	if r, _ := p.DelayCheck(Order{State: Received}, 9); r.State != Received {
		t.Errorf("Received changed to %v", r.State)
	}
}

// 17.35: "For each turn (after the initial order delivery check) that an
// order remains at Delay 1, a -1 modifier per turn is applied to
// subsequent rolls", on top of the sender's modifiers, which stay with the
// Delay marker.
func TestDelayCumulativeModifier(t *testing.T) {
	p := testCard(t)
	mods := DeliveryModifiers{SenderAdjacent: true} // -2
	o, _ := p.Send(2, 4, mods, false, 7)            // 7-2 = 5: Delay 1
	if o.State != Delay1 {
		t.Fatalf("initial roll: %v", o.State)
	}
	if got := o.RollModifier(); got != -3 {
		t.Errorf("second roll modifier %d, want -3 (-2 adjacent, -1 one turn at Delay 1)", got)
	}
	o, _ = p.DelayCheck(o, 8) // 8-3 = 5: still Delay 1
	if o.State != Delay1 || o.RollModifier() != -4 {
		t.Fatalf("after second roll: %v, modifier %d, want Delay 1 and -4", o.State, o.RollModifier())
	}
	o, _ = p.DelayCheck(o, 7) // 7-4 = 3: Received
	if o.State != Received {
		t.Errorf("third roll 7-4: %v, want Received", o.State)
	}
}

// 17.35: "When activating Brigade Leaders, Ignored results are treated as
// Delay 1."
func TestBrigadeActivationIgnoredIsDelay(t *testing.T) {
	p := testCard(t)
	o, _ := p.Send(3, 4, DeliveryModifiers{}, true, 9)
	if o.State != Delay1 {
		t.Errorf("brigade activation rolling 9: %v, want Delay 1", o.State)
	}
	o, _ = p.Send(3, 4, DeliveryModifiers{}, false, 9)
	if o.State != Ignored {
		t.Errorf("other order rolling 9: %v, want Ignored", o.State)
	}
}

// Modified rolls beyond the card's rows read its end rows.
func TestODTClamps(t *testing.T) {
	p := testCard(t)
	if got := p.OrderDeliveryTable(-30); got != Received {
		t.Errorf("-30: %v", got)
	}
	if got := p.OrderDeliveryTable(30); got != Ignored {
		t.Errorf("30: %v", got)
	}
}

// 17.35 over a side's orders: only the Delay 1 orders roll, in order;
// Delay 2 and 3 step down.
func TestDelayCheckSegment(t *testing.T) {
	p := testCard(t)
	orders := []Order{
		{State: Delay3}, {State: Delay1}, {State: Received}, {State: Delay2},
		{State: Delay1, Mods: DeliveryModifiers{Urgent: true}, Rolls: 1},
	}
	if n := DelayRolls(orders); n != 2 {
		t.Fatalf("DelayRolls = %d, want 2", n)
	}
	// Die 9 for the first Delay 1 order (Ignored), die 8 for the second:
	// 8 -2 urgent -1 one earlier roll = 5, Delay 1.
	got, err := p.DelayCheckSegment(orders, []int{9, 8})
	if err != nil {
		t.Fatal(err)
	}
	want := []Delivery{Delay2, Ignored, Received, Delay1, Delay1}
	for i, w := range want {
		if got[i].State != w {
			t.Errorf("order %d: %v, want %v", i, got[i].State, w)
		}
	}
	if got[4].Rolls != 2 {
		t.Errorf("the urgent order has made %d rolls, want 2", got[4].Rolls)
	}
	if _, err := p.DelayCheckSegment(orders, []int{3}); err == nil {
		t.Error("too few dice accepted")
	}
}
