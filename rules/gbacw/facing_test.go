package gbacw

import (
	"os"
	"testing"

	"galloper/rules/hex"
)

// The MP costs of turning, in half MPs: one vertex a hex free, more 1 MP
// (7.21); under Attack Orders in a Woods hex 1 MP a vertex, 1 MP for 180°
// (7.22); free moving on by road but under Attack Orders (7.23).
func TestFacingCost(t *testing.T) {
	sc := fieldScenario(t)
	s := sc.start
	for _, tc := range []struct {
		o    Orders
		hex  string
		k    int
		road bool
		want int
	}{
		{Advance, "0707", 0, false, 0}, {Advance, "0707", 1, false, 0}, {Advance, "0707", 2, false, 2},
		{Advance, "0707", 3, false, 2}, {March, "0707", 1, false, 0}, {March, "0707", 2, false, 2},
		{Advance, "0707", 3, true, 0}, {March, "0707", 3, true, 0}, {Attack, "0707", 3, true, 2},
		{Attack, "0606", 1, false, 2}, {Attack, "0606", 2, false, 4}, {Attack, "0606", 3, false, 2},
		{Advance, "0606", 1, false, 0}, {Advance, "0606", 2, false, 2},
	} {
		if got := s.facingCost(tc.o, tc.hex, tc.k, tc.road); got != tc.want {
			t.Errorf("%v in %s, %d vertices, road %v: %d half MPs, want %d", tc.o, tc.hex, tc.k, tc.road, got, tc.want)
		}
	}
}

// A unit under March Orders facing a hexside has one Front hex, the Rear
// hex opposite, and four Flank hexes (7.11, 8.51; ruling GBACW-R31).
func TestSideArc(t *testing.T) {
	at := hex.Axial{}
	want := []Arc{FrontArc, FlankArc, FlankArc, RearArc, FlankArc, FlankArc}
	for side := range 6 {
		for d := range 6 {
			if got := sideArc(at, side, at.Neighbor(side+d)); got != want[d] {
				t.Errorf("facing %d, hex %d round: %v, want %v", side, d, got, want[d])
			}
		}
	}
	if got := sideArc(at, 0, at.Neighbor(0).Neighbor(0)); got != NotAdjacent {
		t.Errorf("a hex two away: %v", got)
	}
}

// Turns between facings, both ways round.
func TestTurns(t *testing.T) {
	for _, tc := range [][3]int{{0, 0, 0}, {0, 1, 1}, {0, 5, 1}, {1, 4, 3}, {5, 1, 2}, {2, 5, 3}} {
		if got := turns(tc[0], tc[1]); got != tc[2] {
			t.Errorf("turns(%d, %d) = %d, want %d", tc[0], tc[1], got, tc[2])
		}
	}
}

// halfMP writes half MPs as the reports do.
func TestHalfMP(t *testing.T) {
	for n, want := range map[int]string{0: "0 MPs", 1: "½ MP", 2: "1 MP", 3: "1½ MPs", 4: "2 MPs"} {
		if got := halfMP(n); got != want {
			t.Errorf("halfMP(%d) = %q, want %q", n, got, want)
		}
	}
}

// fieldScenario loads the cases' field map, testdata/field.yaml.
func fieldScenario(t *testing.T) *scenario {
	t.Helper()
	data, err := os.ReadFile("testdata/field.yaml")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := LoadScenario("field", data)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}
