package lob

import (
	"strings"
	"testing"

	"galloper/orders"
	"galloper/rules"
)

// chargeMapState is the Charge case map (testdata/charge.yaml) with the
// shipped provisional chart pack.
func chargeMapState(t *testing.T) *State {
	t.Helper()
	st := stateOn(t, testdataScenario(t, "charge.yaml"), shippedPack(t))
	freeOfAreas(st) // the example's Charge is made under orders (LoB 10.8a)
	return st
}

// TestChargeExampleOnTheShippedPack plays the Complete Charge Combat
// Example (LoB 7.0) with the provisional chart pack, whose tables pin the
// example's values, and the seed's rolls: the Closing Roll 4, the Opening
// Volley 5 (2 SPs), Hood's Leader Loss roll 8 (wounded), the Morale roll
// 11 (13 on A: DG b3 L1). The Union player's retreat path is decided
// through Hooker's hex. Case ch-001 is the same Charge on the explicit
// case tables.
func TestChargeExampleOnTheShippedPack(t *testing.T) {
	st := chargeMapState(t)
	st.setHex(st.piece("Hood"), "C4.2")
	st.setHex(st.piece("Robertson"), "C4.2")
	tex := st.piece("1 Tex").Unit
	tex.Formation, tex.Facing = "line", facingIndex("NE")
	bat := st.piece("Campbell's Battery").Unit
	bat.Formation, bat.Facing = "unlimbered", facingIndex("S")
	st.setHex(st.piece("Hooker"), "C4.6")
	text := "GAME ch\nSIDE CSA\nTURN 1\nSTACK Hood, 1 Tex\n  MOVE C4.3\n  FACE N\n  MOVE C4.4\n  CHARGE C4.5\nEND\n"
	f := validOrders(t, st, text)
	dice := &rules.ForcedDice{Results: []int{4, 5, 4, 4, 5, 6}}
	res, err := New().Resolve(rules.Input{State: st, Orders: map[rules.Side]*orders.File{"CSA": f}, Dice: dice,
		Decisions: []rules.Decision{{Key: "retreat Campbell's Battery #1", Side: "USA", Choice: "to C4.8 via C4.6 C4.7 C4.8"}}})
	if err != nil || res.Paused() {
		t.Fatalf("resolve: %v, pauses %+v\n%s", err, res.Pauses, eventList(res.Events))
	}
	var got []string
	for _, e := range res.Events {
		got = append(got, e.Kind+": "+e.Text)
	}
	all := strings.Join(got, "\n")
	for _, w := range []string{
		"rolls 4 to Charge C4.5: succeeds",
		"on the shift-only column, die 5: 2 SP lost",
		"Hood rolls 8 on the Leader Loss Table (charge-attacker): wounded",
		"Campbell's Battery loses 1 SP to the Charge, 5 left",
		"modifiers artillery +1, Charge 7 v 5 SPs +1, roll 11: DG b3 L1",
		"charge-advance: 1 Tex advance from C4.4 into C4.5",
	} {
		if !strings.Contains(all, w) {
			t.Errorf("no event with %q in:\n%s", w, all)
		}
	}
	next := res.Next.(*State)
	if p := next.piece("1 Tex"); p.Hex != "C4.5" || p.Unit.SP != 7 {
		t.Errorf("1 Tex: %s with %d SPs, want C4.5 with 7", p.Hex, p.Unit.SP)
	}
	if p := next.piece("Campbell's Battery"); p.Hex != "C4.8" || p.Unit.SP != 4 || next.morale("C4.8") != MoraleDG {
		t.Errorf("Campbell's Battery: %s with %d SPs, %s; want C4.8 with 4, DG", p.Hex, p.Unit.SP, next.morale("C4.8"))
	}
	if used := len(dice.Rolls()); used != 6 {
		t.Errorf("%d dice used, want 6", used)
	}
}
