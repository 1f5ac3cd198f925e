package gbacw

import "testing"

// The examples of GBACW 13.41. #1, Disordered Cohesion 5: a 4 rallies, an
// 8 stays Disordered, a 9 stays and loses 1 SP. #2, rating 4: a 4
// rallies, a 5 stays, an 8 or more stays and loses 1 SP.
func TestExample1341Rally(t *testing.T) {
	for _, tc := range []struct {
		roll, rating int
		want         string
	}{
		{4, 5, Rallied}, {8, 5, StaysDisorder}, {9, 5, StaysAndLoses1},
		{4, 4, Rallied}, {5, 4, StaysDisorder}, {7, 4, StaysDisorder}, {8, 4, StaysAndLoses1}, {11, 4, StaysAndLoses1},
		{-1, 1, Rallied}, {2, 1, StaysAndLoses1},
	} {
		if got := RallyResult(tc.roll, tc.rating); got != tc.want {
			t.Errorf("roll %d, rating %d: %s, want %s", tc.roll, tc.rating, got, tc.want)
		}
	}
}

// 13.42's DRMs, with the Fatigue of 17.31.
func TestRallyDRM(t *testing.T) {
	for _, tc := range []struct {
		adj, mounted bool
		stars        int
		f            Fatigue
		want         int
	}{
		{true, false, 0, NoFatigue, 1},
		{false, true, 0, FatigueOK, -1},
		{false, false, 2, Fatigue0, -2},
		{true, true, 1, Fatigue3, 1},
		{false, false, 0, Fatigue1, 1},
		{false, false, 0, Fatigue4, 2},
	} {
		if got := RallyDRM(tc.adj, tc.mounted, tc.stars, tc.f); got != tc.want {
			t.Errorf("%+v: %+d, want %+d", tc, got, tc.want)
		}
	}
}

// The comprehensive example of GBACW 17.22: a brigade moves for its first
// AM and shock attacks for its second and third, and defends against
// shock in two enemy Action Phases: one Level for the third activation,
// one for the second shock attack, one each for the two defences: four.
func TestExample1722Fatigue(t *testing.T) {
	if got := FatigueGain(3, 4); got != 4 {
		t.Errorf("3 activations, shock in 4 phases: %d Levels, want 4", got)
	}
	// Cause 1: four activations earn two (17.22), and never more than two
	// a turn (17.23).
	if got := FatigueGain(4, 0); got != 2 {
		t.Errorf("4 activations: %d, want 2", got)
	}
	if got := FatigueGain(6, 1); got != 2 {
		t.Errorf("6 activations, one shock phase: %d, want 2", got)
	}
	// 17.24-17.25: none, OK, 0, 1 ...; never past 4.
	if got := NoFatigue.Add(4); got != Fatigue2 || got.Number() != 2 {
		t.Errorf("none plus 4: %d, want Fatigue 2", got)
	}
	if got := Fatigue3.Add(3); got != Fatigue4 {
		t.Errorf("3 plus 3: %d, want 4", got)
	}
}

// The March example of GBACW 17.22: up to 24 MPs (4 AMs) a turn, with
// Fatigue above 18 MPs on roads: at ½ MP a hex, 48 hexes, Fatigue from hex
// 37 on. Off the roads the third and fourth equivalents both earn one.
func TestExample1722March(t *testing.T) {
	const ma = 6
	if got := MarchEquivalentsUsed(2*24, ma); got != 4 {
		t.Errorf("24 MPs: %d equivalents, want 4", got)
	}
	if got := MarchEquivalentsUsed(36, ma); got != 3 || MarchFatigue(got, true) != 0 {
		t.Errorf("36 road hexes: %d equivalents, Fatigue %d; want 3 and none", got, MarchFatigue(got, true))
	}
	if got := MarchEquivalentsUsed(37, ma); got != 4 || MarchFatigue(got, true) != 1 {
		t.Errorf("37 road hexes: %d equivalents, Fatigue %d; want 4 and 1", got, MarchFatigue(got, true))
	}
	if got := MarchFatigue(4, false); got != 2 {
		t.Errorf("4 equivalents off road: %d, want 2", got)
	}
	if got := MarchFatigue(3, false); got != 1 {
		t.Errorf("3 equivalents off road: %d, want 1", got)
	}
}
