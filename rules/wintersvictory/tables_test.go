package wintersvictory

import (
	"strings"
	"testing"
)

// Line numbers below are those of the rulebook text (seed
// 002_1c3110ecdfac5179.txt) each table was read from.

func TestPrintedTablesLoad(t *testing.T) {
	if _, err := LoadTables("printed.yaml", printedTables); err != nil {
		t.Fatal(err)
	}
}

// 11.0 step 2 (lines 1325-1327): Infantry 1 hex / NA / 2 hexes / None;
// Artillery 1,2 / 3,4 / 5-8 / 9-12. 11.22 (line 1396): Class 3 and Russian
// Class 2 horse batteries reach 6. 11.23 (line 1400): Extended Range only
// for Class 1 foot batteries of 4 guns or more, not Disordered.
func TestFireBand(t *testing.T) {
	tb := PrintedTables()
	inf := Firer{}
	art := Firer{Artillery: true}
	short := Firer{Artillery: true, ShortRange: true}
	big := Firer{Artillery: true, ExtendedCapable: true, Guns: 4}
	small := Firer{Artillery: true, ExtendedCapable: true, Guns: 3}
	for _, c := range []struct {
		f     Firer
		hexes int
		want  Band
	}{
		{inf, 1, Minimum}, {inf, 2, Maximum}, {inf, 3, ""}, {inf, 0, ""},
		{art, 1, Minimum}, {art, 2, Minimum}, {art, 3, Medium}, {art, 4, Medium},
		{art, 5, Maximum}, {art, 8, Maximum}, {art, 9, ""},
		{short, 6, Maximum}, {short, 7, ""},
		{big, 9, Extended}, {big, 12, Extended}, {big, 13, ""}, {small, 9, ""},
	} {
		got, ok := tb.FireBand(c.f, c.hexes)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("%+v at %d hexes: %q %v, want %q", c.f, c.hexes, got, ok, c.want)
		}
	}
}

// 11.23 Extended Range Firing Result Table (lines 1414-1418): 0 one hex
// short; 1-6 on target; 7,8 one hex over; 9 two hexes over.
func TestExtendedImpact(t *testing.T) {
	tb := PrintedTables()
	want := []int{-1, 0, 0, 0, 0, 0, 0, 1, 1, 2}
	for die, w := range want {
		got, err := tb.ExtendedImpact(die)
		if err != nil || got != w {
			t.Errorf("die %d: %d %v, want %d", die, got, err, w)
		}
	}
	if _, err := tb.ExtendedImpact(10); err == nil {
		t.Error("die 10 accepted")
	}
}

// 11.93 (lines 1578-1582): Extended 5-9, Maximum 7-9, Medium 8-9,
// Minimum 9.
func TestSpendsAmmo(t *testing.T) {
	tb := PrintedTables()
	for band, from := range map[Band]int{Extended: 5, Maximum: 7, Medium: 8, Minimum: 9} {
		for die := 0; die <= 9; die++ {
			if got := tb.SpendsAmmo(band, die); got != (die >= from) {
				t.Errorf("%s die %d: spends %v", band, die, got)
			}
		}
	}
}

// 6.32 (lines 606-612): a gun lost on 7, 8 or 9; -2 Brook or Light Cover
// hexside, -1 horse artillery, +1 Class 1 battery.
func TestGunLost(t *testing.T) {
	tb := PrintedTables()
	for _, c := range []struct {
		die                  int
		brook, horse, class1 bool
		want                 bool
	}{
		{6, false, false, false, false}, {7, false, false, false, true}, {9, false, false, false, true},
		{8, true, false, false, false}, {9, true, false, false, true},
		{7, false, true, false, false}, {6, false, false, true, true},
		{9, true, true, true, true}, {8, true, true, true, false},
	} {
		if got := tb.GunLost(c.die, c.brook, c.horse, c.class1); got != c.want {
			t.Errorf("%+v: %v", c, got)
		}
	}
}

// 9.11 (lines 1155-1157): infantry 36/18, cavalry 24/12, guns 12/6; 9.14
// (line 1171): 3 battalions, 2 cavalry or 2 artillery units.
func TestStack(t *testing.T) {
	tb := PrintedTables()
	for kind, want := range map[string]StackLimit{
		"infantry": {36, 18, 3}, "cavalry": {24, 12, 2}, "artillery": {12, 6, 2},
	} {
		got, err := tb.Stack(kind)
		if err != nil || got != want {
			t.Errorf("%s: %+v %v, want %+v", kind, got, err, want)
		}
	}
	if _, err := tb.Stack("crew"); err == nil {
		t.Error("crew accepted")
	}
}

// 12.41 (lines 1706-1712) and 12.42 (lines 1718-1725).
func TestShockResults(t *testing.T) {
	tb := PrintedTables()
	for code, want := range map[string]ShockResult{
		"•": {}, "D": {Disorder: true}, "D1": {Disorder: true, Loss: 1},
		"Dr": {Disorder: true, Retreat: 2}, "Dr1": {Disorder: true, Loss: 1, Retreat: 2},
		"Dr2": {Disorder: true, Loss: 2, Retreat: 2}, "R": {Rout: true, Loss: 2, Retreat: 3},
	} {
		got, err := tb.Shock(code)
		if err != nil || got != want {
			t.Errorf("%s: %+v %v, want %+v", code, got, err, want)
		}
	}
	r, extra, _ := tb.AdjustShock("Dr2", ShockTarget{Disordered: true}) // 12.42.1
	if !r.Rout || r.Retreat != 3 || extra != 0 {
		t.Errorf("Disordered unit receiving Dr2: %+v", r)
	}
	r, extra, _ = tb.AdjustShock("•", ShockTarget{Routed: true}) // 12.42.1
	if !r.Rout || extra != 1 {
		t.Errorf("Routed defender: %+v extra %d", r, extra)
	}
	r, _, _ = tb.AdjustShock("D1", ShockTarget{Unformed: true}) // 12.42.2
	if r.Disorder || r.Loss != 1 {
		t.Errorf("General Order unit receiving D1: %+v", r)
	}
	r, _, _ = tb.AdjustShock("D", ShockTarget{ChargingVsSkirmish: true}) // 12.42.3
	if r != (ShockResult{}) {
		t.Errorf("charging cavalry against skirmishers receiving D: %+v", r)
	}
	// 12.42.4-5.
	for _, c := range []struct{ loss, own, other, want int }{
		{1, 2, 9, 0}, {2, 9, 1, 1}, {1, 8, 8, 2}, {2, 12, 8, 3}, {1, 7, 8, 1}, {0, 9, 9, 0},
	} {
		if got := ShockLoss(c.loss, c.own, c.other); got != c.want {
			t.Errorf("ShockLoss(%d, %d, %d) = %d, want %d", c.loss, c.own, c.other, got, c.want)
		}
	}
	if _, err := tb.Shock("X"); err == nil || !strings.Contains(err.Error(), "12.41") {
		t.Errorf("unknown code: %v", err)
	}
}

// The worked example of 7.62 A (line 884): "A Disordered 6-gun artillery
// battery, with a current gun strength of 5, receives a Dr1 as a result of
// Shock Combat. The Dr1 result is converted to a Rout result and the
// battery takes a 2-gun loss (see 12.42). The artillery crew is reduced
// (the battery now has 3 guns) and makes a Routed retreat of 3 hexes."
func TestExample762DisorderedBattery(t *testing.T) {
	tb := PrintedTables()
	r, _, err := tb.AdjustShock("Dr1", ShockTarget{Disordered: true})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Rout || r.Loss != 2 || r.Retreat != 3 {
		t.Fatalf("Dr1 on a Disordered battery: %+v, want Rout, 2 lost, 3 hexes", r)
	}
	guns := 5 - r.Loss
	if guns != 3 {
		t.Errorf("battery now has %d guns, want 3", guns)
	}
	if before, after := CrewSteps(5), CrewSteps(guns); after >= before {
		t.Errorf("crew %d steps before, %d after: not reduced", before, after)
	}
	// 7.62: "A single step of an artillery crew is equivalent to
	// 'manning' 3 guns"; the 8-gun crew example (line 891) has 3 steps.
	if CrewSteps(8) != 3 || CrewSteps(6) != 2 || CrewSteps(3) != 1 {
		t.Errorf("crew steps: 8 guns %d, 6 guns %d, 3 guns %d", CrewSteps(8), CrewSteps(6), CrewSteps(3))
	}
}

// 13.1 (lines 1904-1906): by state, for an excess of 1-3 and of 4 or more.
func TestMoraleOutcome(t *testing.T) {
	tb := PrintedTables()
	for _, c := range []struct {
		s        MoraleState
		roll, er int
		want     string
	}{
		{Formed, 5, 5, ""}, {Formed, 6, 5, "disordered"}, {Formed, 8, 5, "disordered"}, {Formed, 9, 5, "disordered-retreat-2"},
		{Unformed, 3, 4, ""}, {Unformed, 7, 4, "disordered-retreat-2"}, {Unformed, 8, 4, "routed-retreat-3"},
		{Disordered, 4, 4, ""}, {Disordered, 5, 4, "routed-retreat-3"}, {Disordered, 12, 4, "routed-retreat-3"},
	} {
		got, err := tb.MoraleOutcome(c.s, c.roll, c.er)
		if err != nil || got != c.want {
			t.Errorf("%s roll %d vs %d: %q %v, want %q", c.s, c.roll, c.er, got, err, c.want)
		}
	}
	if _, err := tb.MoraleOutcome("routed", 5, 3); err == nil {
		t.Error("routed units never check (13.12); the state was accepted")
	}
}

// 13.13 (lines 1940-1960).
func TestMoraleModifier(t *testing.T) {
	tb := PrintedTables()
	for _, c := range []struct {
		name string
		f    MoraleFacts
		want int
	}{
		{"Effectiveness Modifier 2", MoraleFacts{EffectivenessModifier: 2}, -2},
		{"town", MoraleFacts{HardCover: true}, -3},
		{"woods", MoraleFacts{SoftCover: true}, -2},
		{"light cover", MoraleFacts{LightCover: true}, -1},
		{"same regiment in clear", MoraleFacts{SameRegiment: true, ClearHex: true}, -1},
		{"same regiment not in clear", MoraleFacts{SameRegiment: true}, 0},
		{"Russian light artillery", MoraleFacts{RussianLightArtillery: true, ClearHex: true}, -1},
		{"leader", MoraleFacts{CommandUnit: true}, -1},
		{"leader, Disordered", MoraleFacts{CommandUnit: true, Disordered: true}, 1},
		{"leader, General Order", MoraleFacts{CommandUnit: true, Unformed: true}, 0},
		{"square", MoraleFacts{Square: true}, -1},
		{"into the wind", MoraleFacts{IntoWind: true}, 1},
		{"elimination here and adjacent", MoraleFacts{EliminationSameHex: true, EliminationAdjacent: true}, 2},
		{"enfiladed", MoraleFacts{Enfiladed: true}, 1},
		{"skirmisher far, Ammo Deplt", MoraleFacts{SkirmisherFar: true, AmmoDepleted: true}, 3},
		{"charge modifier", MoraleFacts{ChargeModifier: 3, EffectivenessModifier: 1}, 2},
	} {
		if got := tb.MoraleModifier(c.f); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}

// 12.63 (lines 1887-1890): 1-4 +1/0 0/0; middle row +2/+1 +1/0; 9+ +3/+2
// +2/+1 (Heavy Primary/Secondary, Light Primary/Secondary).
func TestChargeModifier(t *testing.T) {
	tb := PrintedTables()
	for _, c := range []struct {
		heavy, primary bool
		strength, want int
	}{
		{true, true, 1, 1}, {true, false, 4, 0}, {false, true, 4, 0}, {false, false, 1, 0},
		{true, true, 5, 2}, {true, false, 8, 1}, {false, true, 6, 1}, {false, false, 8, 0},
		{true, true, 9, 3}, {true, false, 15, 2}, {false, true, 9, 2}, {false, false, 24, 1},
		{true, true, 0, 0},
	} {
		if got := tb.ChargeModifier(c.heavy, c.primary, c.strength); got != c.want {
			t.Errorf("heavy %v primary %v strength %d: %d, want %d", c.heavy, c.primary, c.strength, got, c.want)
		}
	}
}

// 13.2 (lines 1969-1976), and the start of its worked example (line 1979):
// "if an infantry battalion's original Strength is 9 and its original
// (printed) Effectiveness Rating is 5, its Effectiveness Rating is reduced
// to 3 if" (the text is cut there; COVERAGE.md).
func TestCurrentEffectiveness(t *testing.T) {
	tb := PrintedTables()
	for _, c := range []struct {
		printed int
		f       EffectivenessFacts
		want    int
	}{
		{5, EffectivenessFacts{}, 5},
		{5, EffectivenessFacts{AttackOrder: true}, 6},
		{5, EffectivenessFacts{HalfStrength: true}, 4},
		{5, EffectivenessFacts{GeneralOrder: true, Demoralized: true}, 3},
		{5, EffectivenessFacts{FatigueLevel: 1}, 4},
		{5, EffectivenessFacts{FatigueLevel: 2}, 3},
		{1, EffectivenessFacts{FatigueLevel: 2, HalfStrength: true}, 0}, // never below 0
	} {
		if got := tb.CurrentEffectiveness(c.printed, c.f); got != c.want {
			t.Errorf("%d with %+v: %d, want %d", c.printed, c.f, got, c.want)
		}
	}
	// Strength 9: half or less is 4 or fewer.
	if !HalfStrength(4, 9) || HalfStrength(5, 9) {
		t.Error("half strength of 9 misread")
	}
}

// 15.2 Brigade Fatigue Level Table (lines 2131-2135).
func TestFatigue(t *testing.T) {
	tb := PrintedTables()
	want := map[int][2]int{0: {0, 0}, 1: {0, 0}, 4: {0, 0}, 5: {1, -1}, 6: {1, -1}, 7: {2, -2}, 8: {2, -2}}
	for pts, w := range want {
		l, err := tb.Fatigue(pts)
		if err != nil || l.Level != w[0] || l.Effectiveness != w[1] || l.ShockCheck != (w[0] == 2) {
			t.Errorf("%d points: %+v %v, want level %d, %d", pts, l, err, w[0], w[1])
		}
	}
	if l, _ := tb.Fatigue(7); l.Status != "Exhausted" {
		t.Errorf("7 points: status %q", l.Status)
	}
	for _, bad := range []int{-1, 9} {
		if _, err := tb.Fatigue(bad); err == nil {
			t.Errorf("%d points accepted", bad)
		}
	}
}

// A broken table is refused with an error naming the table and entry.
func TestLoadTablesRefuses(t *testing.T) {
	good := string(printedTables)
	for _, c := range []struct{ name, from, to, want string }{
		{"gap in extended range", "{die: [1, 6], hexes: 0}", "{die: [2, 6], hexes: 0}", "table extended_range row 2"},
		{"missing modifier", "  ammo_depleted: 2\n", "", "table morale_modifiers: missing entry ammo_depleted"},
		{"unknown modifier", "  ammo_depleted: 2\n", "  ammo_depleted: 2\n  drunk: 3\n", "unknown entries drunk"},
		{"fatigue gap", "points: [5, 6]", "points: [5, 5]", "table fatigue_levels row 3"},
		{"morale outcome", "formed: [disordered, disordered-retreat-2]", "formed: [shaken, disordered-retreat-2]", `"shaken"`},
		{"charge rows", "{from: 5,", "{from: 0,", "table charge_morale row 2"},
		{"stacking", "cavalry: {clear: 24, obstructed: 12", "cavalry: {clear: 10, obstructed: 12", "table stacking entry cavalry"},
		{"shock result", "  R: {disorder: false, rout: true, loss: 2, retreat: 3}\n", "", "missing result R"},
		{"out of range", "into_wind: 1", "into_wind: 40", "entry into_wind: 40"},
		{"unknown field", "fire_ranges:", "colour: red\nfire_ranges:", "colour"},
	} {
		data := strings.Replace(good, c.from, c.to, 1)
		if data == good {
			t.Fatalf("%s: %q not found in printed.yaml", c.name, c.from)
		}
		_, err := LoadTables("broken.yaml", []byte(data))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want it to mention %q", c.name, err, c.want)
		}
	}
}
