package lob

import (
	"slices"
	"testing"
)

func loadCaseScenario(t *testing.T) *Scenario {
	t.Helper()
	return testdataScenario(t, "c2.yaml")
}

// TestOrderOfBattle checks the Command tree and the printed unit data a
// scenario gives (LoB 1.3, 10.1).
func TestOrderOfBattle(t *testing.T) {
	scn := loadCaseScenario(t)
	u := scn.unit("4 Ala")
	want := []string{"Army of Northern Virginia", "Longstreet's Corps", "Hood's Division", "Law's Brigade"}
	if u == nil || !slices.Equal(u.Org, want) || u.Arm != ArmInfantry || u.Weapon != "R" || !slices.Equal(u.Sides, []string{"column", "line"}) {
		t.Fatalf("4 Ala: %+v", u)
	}
	if c := scn.unit("1 Va Cav"); c == nil || !slices.Equal(c.Sides, []string{"mounted", "line"}) || !slices.Equal(c.Org, want[:2]) {
		t.Errorf("1 Va Cav: %+v", c)
	}
	if b := scn.unit("Taylor's Battery"); b == nil || b.Canister != "normal" || !slices.Equal(b.Sides, []string{"limbered", "unlimbered"}) {
		t.Errorf("Taylor's Battery: %+v", b)
	}
	corps := scn.command("Longstreet's Corps")
	var subs []string
	for _, c := range scn.subordinates(corps) {
		subs = append(subs, c.Name)
	}
	if !slices.Equal(subs, []string{"Hood's Division", "McLaws' Division", "Alexander's Battalion"}) {
		t.Errorf("subordinates of the corps: %v", subs)
	}
	if p := scn.parent(scn.command("Hood's Division")); p != corps {
		t.Errorf("Hood's parent: %v", p)
	}
	if p := scn.parent(corps); p == nil || p.Level != LevelArmy {
		t.Errorf("the corps' parent: %v", p)
	}
}

// TestWrecked follows LoB 5.7's examples: printed 6 is Wrecked at 2,
// printed 5 at 2; artillery is never Wrecked.
func TestWrecked(t *testing.T) {
	for _, c := range []struct {
		arm     string
		printed int
		sp      int
		wrecked bool
	}{
		{ArmInfantry, 6, 3, false}, {ArmInfantry, 6, 2, true}, {ArmInfantry, 5, 3, false}, {ArmInfantry, 5, 2, true},
		{ArmArtillery, 6, 1, false},
	} {
		u := Unit{Arm: c.arm, SP: c.printed}
		if u.Wrecked(c.sp) != c.wrecked {
			t.Errorf("%s printed %d at %d SP: Wrecked %v", c.arm, c.printed, c.sp, !c.wrecked)
		}
	}
}

// TestUnitState: a new game puts every combat unit on its first printed
// side at full strength, and the view shows formation and facing.
func TestUnitState(t *testing.T) {
	st := newGame(t)
	p := st.piece("Ashby's Cavalry")
	if p.Unit == nil || p.Unit.Formation != "mounted" || p.Unit.SP != 4 || p.Kind != ArmCavalry {
		t.Fatalf("Ashby's Cavalry: %+v %+v", p, p.Unit)
	}
	for _, u := range st.view("").Map.Units {
		// Hexside 0 is up-right: a bearing of 60 degrees on LoB's map.
		if u.Name == "Ashby's Cavalry" && (u.Formation != "mounted" || u.Facing == nil || *u.Facing != 60) {
			t.Errorf("view: %+v", u)
		}
		if u.Kind == "hq" && u.Facing != nil {
			t.Errorf("an HQ has no facing: %+v", u)
		}
	}
}

func TestWithOptionalRules(t *testing.T) {
	st := newGame(t)
	s2, err := WithOptionalRules(st, "12.4", "12.2", "12.4")
	if err != nil {
		t.Fatal(err)
	}
	if n := s2.(*State); !n.optional("12.4") || !n.optional("12.2") || n.optional("12.5") || len(n.doc.Optional) != 2 || st.optional("12.4") {
		t.Errorf("optional rules %v (original %v)", n.doc.Optional, st.doc.Optional)
	}
	if _, err := WithOptionalRules(st, "12.6"); err == nil {
		t.Error("12.6 accepted")
	}
	later, _ := step(t, st, nil, forced())
	if _, err := WithOptionalRules(later, "12.2"); err == nil {
		t.Error("optional rules changed during play")
	}
}

// TestCommandStateRoundTrip: the command-and-control state (Command
// statuses, Reserve, markers, pending events, optional rules, re-issues)
// survives the canonical form, as replays need.
func TestCommandStateRoundTrip(t *testing.T) {
	s, err := WithOptionalRules(newGame(t), "12.4")
	if err != nil {
		t.Fatal(err)
	}
	st := s.(*State)
	st.cmdState("Barton's Division").Recovering = true
	st.cmdState("Lyle's Corps").Skedaddle = "A2.7"
	st.piece("Ames' Brigade").Unit.Reserve = true
	st.doc.Markers = append(st.doc.Markers, HexMarker{Hex: "A4.3", Morale: MoraleSh})
	st.raise("leader-lost", "Whitcomb")
	dec, err := New().DecodeState(st.Canonical())
	if err != nil {
		t.Fatal(err)
	}
	if string(dec.Canonical()) != string(st.Canonical()) {
		t.Fatalf("round trip changed the state:\n%s\n%s", st.Canonical(), dec.Canonical())
	}
	d := dec.(*State)
	if !d.cmdStatus("Barton's Division").Recovering || d.cmdStatus("Lyle's Corps").Skedaddle != "A2.7" ||
		!d.piece("Ames' Brigade").Unit.Reserve || d.marker("A4.3").Morale != MoraleSh || len(d.doc.Pending) != 1 || !d.optional("12.4") {
		t.Errorf("decoded %+v", d.doc.Commands)
	}
}
