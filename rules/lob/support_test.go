package lob

import (
	"testing"

	"galloper/rules"
)

// supportCase is the support case map's starting position.
func supportCase(t *testing.T) *State {
	t.Helper()
	r := newCaseRun(t, "support", "support.yaml")
	return r.state()
}

// drawn finds a counter on a side's map view.
func drawn(st *State, side rules.Side, name string) (rules.UnitView, bool) {
	for _, u := range st.view(side).Map.Units {
		if u.Name == name {
			return u, true
		}
	}
	return rules.UnitView{}, false
}

// LoB 2.4: a unit's strength is secret, so Wrecked shows only to its
// owner and the umpire; eliminated units and units off the map are not
// drawn at all.
func TestViewKeepsStrengthSecret(t *testing.T) {
	st := supportCase(t)
	st.setHex(st.piece("11 Mass"), "A9.8") // next to the 4 Ala below, in its sight
	st.piece("11 Mass").Unit.SP = 2        // printed 6: Wrecked (LoB 5.7)
	st.setHex(st.piece("4 Ala"), "A8.8")
	if u, ok := drawn(st, "USA", "11 Mass"); !ok || u.Status != "Wrecked" {
		t.Errorf("owner's view of 11 Mass: %+v, %v; want Wrecked", u, ok)
	}
	if u, ok := drawn(st, "", "11 Mass"); !ok || u.Status != "Wrecked" {
		t.Errorf("umpire's view of 11 Mass: %+v, %v; want Wrecked", u, ok)
	}
	u, ok := drawn(st, "CSA", "11 Mass")
	if !ok {
		t.Fatalf("the Confederates do not see the 11 Mass at all; the test needs it in sight")
	}
	if u.Status != "" {
		t.Errorf("enemy view of 11 Mass shows %q; its strength must stay secret", u.Status)
	}
	st.piece("16 Mass").Unit.Eliminated = true
	st.piece("Taylor's Battery").OffMap = true
	for _, side := range []rules.Side{"", "USA", "CSA"} {
		if _, ok := drawn(st, side, "16 Mass"); ok {
			t.Errorf("%q view draws the eliminated 16 Mass", side)
		}
		if _, ok := drawn(st, side, "Taylor's Battery"); ok {
			t.Errorf("%q view draws Taylor's Battery, which is off the map", side)
		}
	}
}

// The support state is part of the canonical state: it survives a clone
// byte for byte, with its lists in key order.
func TestSupportStateCanonical(t *testing.T) {
	st := supportCase(t)
	st.doc.Support.Repls = append(st.doc.Support.Repls, Repl{Brigade: "Robertson's Brigade", Hex: "A4.4"}, Repl{Brigade: "Law's Brigade", Hex: "A5.5"})
	st.doc.Support.sortSupport()
	st.wagonState("Division Train").Shell = 1
	st.wagonState("Corps Train").Canister = 0
	if st.doc.Support.Wagons[0].Name != "Corps Train" || st.doc.Support.Repls[0].Brigade != "Law's Brigade" {
		t.Errorf("support lists not sorted: %+v", st.doc.Support)
	}
	if string(st.clone().Canonical()) != string(st.Canonical()) {
		t.Errorf("clone changes the canonical state")
	}
}

// The support rules' questions, asked by the fire, movement and report
// code, never change the position.
func TestSupportQueriesDoNotChangeState(t *testing.T) {
	st := supportCase(t)
	before := string(st.Canonical())
	taylor := st.piece("Taylor's Battery")
	st.caissonWagon(taylor, AmmoShell)
	st.batteryMayFire(taylor, AmmoCanister, 2)
	st.usableWagons(taylor.Name, AmmoShell, 4)
	st.view("CSA")
	st.view("")
	st.isOpenOrderCapable(st.piece("Berdan Rifles"))
	st.artilleryShots("CSA", "A4.3")
	st.breastworkCovers("CSA", "A5.5", "A5.8")
	st.postHolder("Hood's Division")
	if after := string(st.Canonical()); after != before {
		t.Errorf("queries changed the state:\nbefore %s\nafter  %s", before, after)
	}
}

// LoB 9.1b: a Repl placed where his leader fell, with no other hex of the
// brigade to go to, does not count for the Morale Check of that moment;
// after the Activity Phase he does.
func TestReplMoraleMoment(t *testing.T) {
	st := supportCase(t)
	st.setHex(st.piece("15 Ala"), "A5.5")
	r := &resolver{s: st, side: "CSA", turn: 1, log: &rules.Log{Dice: &rules.ForcedDice{}}, rolled: map[string]bool{}, heldNoted: map[string]bool{}}
	r.loseLeader("Law", "killed")
	if ls := st.moraleLeaders("CSA", "A5.5"); len(ls) != 0 {
		t.Errorf("morale leaders at A5.5 right after the loss: %+v, want none", ls)
	}
	r.moraleMomentPassed()
	ls := st.moraleLeaders("CSA", "A5.5")
	if len(ls) != 1 || ls[0].Name != "Repl (Law's Brigade)" || ls[0].Morale != 0 {
		t.Errorf("morale leaders at A5.5 later: %+v, want the Repl with Morale Value 0", ls)
	}
}

// Periods on the Turn Record Track are counted by the clock, so they take
// fewer turns at night (LoB 2.3): an hour from 19:45 (turn 50) ends at
// 21:00 (turn 53), an hour from 10:00 four turns later; no time at all is
// the turn itself.
func TestTurnAfterCountsTheClock(t *testing.T) {
	st := supportCase(t)
	for _, c := range []struct{ turn, minutes, want int }{
		{50, 60, 53}, {11, 60, 15}, {11, 0, 11}, {59, 30, 60}, {67, 30, 68},
	} {
		if got := st.turnAfter(c.turn, c.minutes); got != c.want {
			t.Errorf("turnAfter(%d, %d) = %d (%s), want %d", c.turn, c.minutes, got, st.scn.clock(got).Format("15:04"), c.want)
		}
	}
}
