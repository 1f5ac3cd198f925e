package table

import "testing"

// TestFireRangeToNearestVisiblePart: the range runs from the shooter's
// centre to the nearest part of the target that it can see (seed L180).
func TestFireRangeToNearestVisiblePart(t *testing.T) {
	shooter := rect("s", 0, 0, 4*Inch, Inch) // centre (2, -0.5)
	target := facing("t", -4*Inch, 12*Inch, 12*Inch, Inch)
	// Open: the nearest point is straight ahead, 12.5" from the centre.
	s, err := NewScreen([]Body{shooter, target}, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	f, err := s.Fire("s", "t")
	if err != nil {
		t.Fatal(err)
	}
	if !f.Sight.Good || !f.Arc.In || !f.Exact || f.Range.Gap != 12500 {
		t.Fatalf("open shot: %v (exact %v)", f, f.Exact)
	}
	// A wall hides the middle of the target from the shooter: the range
	// goes to the nearest part still seen, further away.
	wall := Feature{ID: "wall", Shape: Polygon{{-Inch, 11 * Inch}, {5 * Inch, 11 * Inch}}}
	s, err = NewScreen([]Body{shooter, target}, []Feature{wall}, 0)
	if err != nil {
		t.Fatal(err)
	}
	f, err = s.Fire("s", "t")
	if err != nil {
		t.Fatal(err)
	}
	if f.Exact || f.Range.Gap <= 12500 || f.Range.Gap >= 16*Inch {
		t.Fatalf("shot past a wall: %v (exact %v, to %v)", f, f.Exact, f.Range.To)
	}
}
