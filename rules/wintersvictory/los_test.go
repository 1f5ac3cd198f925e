package wintersvictory

import "testing"

// TestLineOfSightWorkedExamples plays the booklet's Line of Sight
// Examples (10.4) on their printed counts, hex by hex from the higher
// unit: Example A, X (level 2) to A and to C (level 0); Example B, Y to
// B and to D on the same level.
func TestLineOfSightWorkedExamples(t *testing.T) {
	hi := ground{level: 2}
	sl := func(l int) ground { return ground{level: l, slope: true} }
	low := ground{level: 0}
	for _, c := range []struct {
		name string
		path []ground
		want bool
	}{
		// Step 2: 4 hexes; step 3: 2; 2 x 2 = 4; 4 - 4 = 0: observe.
		{"A", []ground{hi, hi, sl(2), sl(1), low}, true},
		// Step 2: 5 hexes; step 3: 2; 2 x 2 = 4; 5 - 4 = 1: no.
		{"C", []ground{hi, hi, hi, sl(2), sl(1), low}, false},
		// Both on slopes, a full hex of their level between: no.
		{"B", []ground{sl(2), hi, hi, sl(2)}, false},
		// Both on slopes, only a slope hex between: observe.
		{"D", []ground{sl(2), sl(2), sl(2)}, true},
		// The lower unit far out on the plain is seen: 3 - 4 x 2 < 0.
		{"plain", []ground{hi, sl(2), sl(1), low, low, low}, true},
		// A village at the foot of the hill counts one level up (10.41
		// step 2): 5 - 2 x 2 = 1, where the open plain gives 4 - 3 x 2.
		{"open", []ground{hi, hi, sl(2), sl(1), low, low}, true},
		{"village", []ground{hi, hi, sl(2), sl(1), {blocker: true}, low}, false},
		// The higher unit on a slope across its own plateau: reverse slope.
		{"reverse", []ground{sl(2), hi, sl(2), sl(1), low}, false},
		{"adjacent", []ground{sl(2), {woods: true, blocker: true}}, true},
	} {
		if got := losClear(c.path); got != c.want {
			t.Errorf("%s: observes %v, want %v", c.name, got, c.want)
		}
		if got := losClear(reversed(c.path)); got != c.want {
			t.Errorf("%s from the lower end: observes %v, want %v", c.name, got, c.want)
		}
	}
}
