package lob

import (
	"testing"
)

// TestFireGeometryAdjacent checks the fire fan, rear fire and the 1.7k
// lines against the hexside rules for the six neighbours of a hex: the
// fan and the front are the three front hexsides (LoB 3.3), everything
// else is rear, and a hexside feature applies only across its own side.
func TestFireGeometryAdjacent(t *testing.T) {
	scn := testdataScenario(t, "field.yaml")
	m := &scn.Map
	st := &State{scn: scn}
	for _, h := range []string{"F4.4", "F5.4"} { // an even and an odd column
		for f := 0; f < 6; f++ {
			p := &Piece{Name: "x", Hex: h, Unit: &UnitState{Formation: "line", Facing: f}}
			for d, n := range m.adjacentHexes(h) {
				if dir := m.direction(h, n); dir != d {
					t.Fatalf("direction(%s, %s) = %d, want %d", h, n, dir, d)
				}
				if got, want := inFan(m, h, f, n), frontal(f, d); got != want {
					t.Errorf("%s facing %s: inFan to %s = %v, want %v", h, facingNames[f], n, got, want)
				}
				if got, want := st.fromRear(p, n), !frontal(f, d); got != want {
					t.Errorf("%s facing %s: fromRear from %s = %v, want %v", h, facingNames[f], n, got, want)
				}
				if got, want := featureApplies(m, h, f, n), d == f; got != want {
					t.Errorf("%s: a feature on side %s applies from %s = %v, want %v", h, facingNames[f], n, got, want)
				}
			}
		}
	}
}

// TestFireFanAtRange checks the 120-degree fan two hexes out: of the 12
// hexes at range 2, the fan holds the 5 between and on the lines through
// the centres of the outer front hexsides (LoB 3.3).
func TestFireFanAtRange(t *testing.T) {
	scn := testdataScenario(t, "field.yaml")
	m := &scn.Map
	in := 0
	for _, hx := range m.Hexes {
		if m.distance("F5.4", hx.ID) == 2 && inFan(m, "F5.4", 1, hx.ID) {
			in++
		}
	}
	if in != 5 {
		t.Errorf("%d hexes at range 2 in the fan of F5.4 facing N, want 5", in)
	}
}
