package lob

import (
	"strings"
	"testing"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/lob/lobtext"
)

// freeOfAreas gives every Command of the position an empty no-orders area
// (LoB 10.8a, R-C2-8A): the field-rule tests (movement, fire, Charges)
// take their moves as ordered, since command and control is not what they
// test. The HQ bolt still holds.
func freeOfAreas(st *State) {
	for _, c := range st.scn.commands() {
		st.cmdState(c.Name).Area = &NoOrdersArea{}
	}
}

// c2Resolver is a CSA Activity Phase on the command-and-control case map
// (testdata/c2.yaml) with the shipped chart pack.
func c2Resolver(t *testing.T) *resolver {
	t.Helper()
	return &resolver{s: stateOn(t, testdataScenario(t, "c2.yaml"), shippedPack(t)), side: "CSA", turn: 1, log: &rules.Log{}}
}

// TestAreaBarrier checks the Activity Phase's own check of LoB 10.8a, the
// one that holds when positions have changed since the orders were
// validated: a step past the forward line is barred and the area recorded
// (R-C2-8A), a step inside it is not, the bolted HQ does not move, and
// an accepted order frees both.
func TestAreaBarrier(t *testing.T) {
	r := c2Resolver(t)
	law := scriptedStack(r, "A9.7", "4 Ala", "15 Ala")
	if why, rule := r.moveBarred(law, "A10.7", true); rule != "LoB 10.8a" || !strings.Contains(why, "3 hexes from A12.9") {
		t.Errorf("advance to A10.7: %q (%s), want barred by LoB 10.8a", why, rule)
	}
	if a := r.s.cmdStatus("Hood's Division").Area; a == nil || len(a.Marks) != 2 {
		t.Errorf("Hood's Division area %+v, want two marks recorded", a)
	}
	if why, _ := r.moveBarred(law, "A9.6", true); why != "" {
		t.Errorf("move to A9.6 inside the area barred: %s", why)
	}
	mclaws := scriptedStack(r, "A9.4", "McLaws")
	if why, rule := r.moveBarred(mclaws, "A8.4", true); rule != "LoB 10.8a" || !strings.Contains(why, "bolted") {
		t.Errorf("McLaws moves: %q (%s), want bolted by LoB 10.8a", why, rule)
	}
	r.s.doc.Orders = append(r.s.doc.Orders,
		Order{ID: "CSA-1", Side: "CSA", Type: "ATTACK", To: "Hood's Division", Objective: "A12.8", Status: Accepted, AcceptedTurn: 1},
		Order{ID: "CSA-2", Side: "CSA", Type: "MOVE", To: "McLaws' Division", Objective: "A7.4", Status: Accepted, AcceptedTurn: 1})
	if why, _ := r.moveBarred(law, "A10.7", true); why != "" {
		t.Errorf("under an accepted order, the advance is barred: %s", why)
	}
	if why, _ := r.moveBarred(mclaws, "A8.4", true); why != "" {
		t.Errorf("under an accepted order, McLaws is bolted: %s", why)
	}
	r.s.doc.Orders = nil
	if why, _ := r.moveBarred(r.autoStack(r.s.piece("4 Ala")), "A10.7", true); why != "" {
		t.Errorf("an automatic move is barred: %s", why)
	}
}

// scriptedStack is a stack of counters moved by an activity script.
func scriptedStack(r *resolver, at string, names ...string) *actingStack {
	a := &actingStack{script: &lobtext.Stack{}, hex: at}
	for _, n := range names {
		a.script.Units = append(a.script.Units, orders.Name{Text: n})
		if p := r.s.piece(n); p.Unit != nil {
			a.units = append(a.units, p)
		} else {
			a.leaders = append(a.leaders, p)
		}
	}
	return a
}

// TestAreaRecordGoesStale checks that a recorded area belongs to one time
// without orders: once the Command accepts an order and it ends, the
// area is drawn again from the positions of then (R-C2-8A).
func TestAreaRecordGoesStale(t *testing.T) {
	r := c2Resolver(t)
	c := r.s.scn.command("Hood's Division")
	r.s.recordArea(c)
	if _, kept := r.s.noOrdersArea(c); !kept {
		t.Fatal("area not kept after recording")
	}
	r.s.doc.Orders = append(r.s.doc.Orders, Order{ID: "CSA-1", Side: "CSA", Type: "MOVE", To: c.Name, Objective: "A9.6", Status: Ended, AcceptedTurn: 1})
	if _, kept := r.s.noOrdersArea(c); kept {
		t.Error("the area recorded before CSA-1 still holds after it ended")
	}
	if a := r.s.recordArea(c); a.After != "CSA-1" {
		t.Errorf("new area after %q, want CSA-1", a.After)
	}
}

// TestBoxBarrier checks the Activity Phase's own check of a Defensive
// Position (LoB 12.2, R-C2-12-2): steps past the front or a boundary are
// barred, steps inside the box and to its open rear are not, and without
// optional rule 12.2 the DEFEND line binds nothing (the 10.8a area then
// holds the Command instead).
func TestBoxBarrier(t *testing.T) {
	r := c2Resolver(t)
	r.s.doc.Optional = append(r.s.doc.Optional, "12.2")
	r.s.doc.Orders = append(r.s.doc.Orders, Order{ID: "CSA-1", Side: "CSA", Type: "MOVE", To: "Hood's Division",
		Objective: "A9.6", Status: Ended, AcceptedTurn: 1, Defend: "facing NE from A9.6 to A9.8, front A10.6-A10.8"})
	law := scriptedStack(r, "A10.7", "4 Ala", "15 Ala")
	for to, want := range map[string]string{"A11.8": "past the front line", "A10.8": "", "A9.7": ""} {
		why, rule := r.moveBarred(law, to, true)
		if want == "" && why != "" || want != "" && (rule != "LoB 12.2" || !strings.Contains(why, want)) {
			t.Errorf("A10.7 to %s: %q (%s), want %q", to, why, rule, want)
		}
	}
	law.hex = "A9.8"
	if why, rule := r.moveBarred(law, "A9.9", true); rule != "LoB 12.2" || !strings.Contains(why, "beyond a boundary") {
		t.Errorf("A9.8 to A9.9: %q (%s), want beyond a boundary", why, rule)
	}
	r.s.doc.Optional = nil
	if _, rule := r.moveBarred(law, "A9.9", true); rule == "LoB 12.2" {
		t.Error("without 12.2 in play the box still binds")
	}
}

// TestDefensiveBoxFront checks where the box's front lies (R-C2-12-2):
// through the most forward front hex written, through the boundary hexes
// when the DEFEND line names no front hex on the map, whatever the case
// of the hex letters.
func TestDefensiveBoxFront(t *testing.T) {
	r := c2Resolver(t)
	r.s.doc.Optional = append(r.s.doc.Optional, "12.2")
	m := &r.s.scn.Map
	for _, tc := range []struct{ defend, front string }{
		{"facing NE from A9.6 to A9.8, front A10.6-A10.8", "A10.8"},
		{"facing ne from a9.6 to a9.8, front a10.6-a10.8", "A10.8"},
		{"facing NE from A9.6 to A9.8", "A9.8"},
		{"facing NE from A9.6 to A9.8, front the stone wall", "A9.8"},
		{"facing NE from A9.6 to A9.8, front A40.1-A40.3", "A9.8"},
	} {
		r.s.doc.Orders = []Order{{ID: "CSA-1", Side: "CSA", Type: "MOVE", To: "Hood's Division", Status: Ended, AcceptedTurn: 1, Defend: tc.defend}}
		b, ok := r.s.defensivePosition(r.s.scn.command("Hood's Division"))
		if !ok || b.front != b.depth(m, tc.front) || b.lo != b.lateral(m, "A9.6") || b.hi != b.lateral(m, "A9.8") {
			t.Errorf("%q: box %+v (%v), want the front through %s", tc.defend, b, ok, tc.front)
		}
	}
}
