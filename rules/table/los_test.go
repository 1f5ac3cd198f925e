package table

import (
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// facing returns a body facing -Y whose front edge runs from (x, y) to
// (x+w, y), its depth above.
func facing(id string, x, y, w, d Length) Body {
	return Body{ID: id, Pose: Pose{Front: Point{x + w/2, y}, Heading: 1800}, Width: w, Depth: d}
}

func sight(t *testing.T, bodies []Body, terrain []Feature, from, to string) Sight {
	t.Helper()
	s, err := NewScreen(bodies, terrain, 0)
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.Sight(from, to)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func TestSightOpenField(t *testing.T) {
	got := sight(t, []Body{rect("s", 0, 0, 4*Inch, Inch), facing("t", 0, 20*Inch, 4*Inch, Inch)}, nil, "s", "t")
	if !got.Complete() || got.TargetSeen != 11 || got.ShooterSeeing != 11 || len(got.Blockers) != 0 {
		t.Fatalf("open field: %v", got)
	}
}

// TestSixInchGap: "A gap of at least 6" is necessary to shoot between
// units" (seed L176). Two units 6.000" apart let the line through; at
// 5.999" the gap blocks it.
func TestSixInchGap(t *testing.T) {
	for _, tc := range []struct {
		gap  Length
		good bool
	}{{6 * Inch, true}, {6*Inch - 1, false}, {6*Inch + 1, true}} {
		left := rect("a", -10*Inch, 10*Inch, 9*Inch, Inch) // x from -10" to -1"
		right := rect("b", -Inch+tc.gap, 10*Inch, 9*Inch, Inch)
		bodies := []Body{rect("s", 0, 0, 4*Inch, Inch), facing("t", 0, 20*Inch, 4*Inch, Inch), left, right}
		got := sight(t, bodies, nil, "s", "t")
		if got.Good != tc.good {
			t.Errorf("gap %v: %v, want good=%v", tc.gap, got, tc.good)
		}
		if !tc.good && !slices.Contains(got.Blockers, "gap a/b") {
			t.Errorf("gap %v: blockers %v do not name the gap", tc.gap, got.Blockers)
		}
	}
}

// TestHalfOfTargetVisible: "If at least ½ of the target unit is visible
// and ½ of the shooting unit can see the target, LOS is good" (seed
// L176). A wall just in front of a 10" target hides its left part: 6 of
// 11 points seen is good, 5 of 11 is blocked.
func TestHalfOfTargetVisible(t *testing.T) {
	for _, tc := range []struct {
		wallEnd Length
		seen    int
		good    bool
	}{{4500, 6, true}, {5500, 5, false}} {
		wall := Feature{ID: "wall", Shape: Polygon{{-100 * Inch, 19900}, {tc.wallEnd, 19900}}}
		bodies := []Body{rect("s", 0, 0, 10*Inch, Inch), facing("t", 0, 20*Inch, 10*Inch, Inch)}
		got := sight(t, bodies, []Feature{wall}, "s", "t")
		if got.TargetSeen != tc.seen || got.Good != tc.good || got.ShooterSeeing != 11 {
			t.Errorf("wall to %v: %v, want %d seen, good=%v", tc.wallEnd, got, tc.seen, tc.good)
		}
		if !slices.Equal(got.Blockers, []string{"wall"}) {
			t.Errorf("blockers %v", got.Blockers)
		}
	}
}

// TestSightSymmetricFacePair: when two units stand square to each other,
// each centre in front of the other's frontage, the rule looks from front
// edge to front edge both ways, so the verdict and the counts are the
// same either way round.
func TestSightSymmetricFacePair(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		// Even widths: an odd frontage cannot be centred on a thousandth.
		wa := 2 * Length(rapid.IntRange(1000, 6000).Draw(t, "wa"))
		wb := 2 * Length(rapid.IntRange(1000, 6000).Draw(t, "wb"))
		dist := Length(rapid.IntRange(8000, 40000).Draw(t, "dist"))
		a := rect("a", 0, 0, wa, Inch)
		lo, hi := wa/2-wb, wa/2 // keep each centre within the other's frontage
		xb := Length(rapid.Int64Range(int64(max(lo, -wb/2)), int64(min(hi, wa-wb/2))).Draw(t, "xb"))
		b := facing("b", xb, dist, wb, Inch)
		bodies := []Body{a, b}
		n := rapid.IntRange(0, 6).Draw(t, "n")
		for i := range n {
			o := rect(string(rune('c'+i)), Length(rapid.IntRange(-20000, 20000).Draw(t, "ox")),
				Length(rapid.Int64Range(2000, int64(dist)-1000).Draw(t, "oy")),
				Length(rapid.IntRange(500, 8000).Draw(t, "ow")), 500)
			clash := false
			for _, x := range bodies {
				clash = clash || Overlaps(o.Footprint(), x.Footprint())
			}
			if !clash {
				bodies = append(bodies, o)
			}
		}
		s, err := NewScreen(bodies, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ab, _ := s.Sight("a", "b")
		ba, _ := s.Sight("b", "a")
		if ab.Good != ba.Good || ab.TargetSeen != ba.ShooterSeeing || ab.ShooterSeeing != ba.TargetSeen {
			t.Fatalf("a→b %v but b→a %v", ab, ba)
		}
	})
}

func TestClearIsSymmetric(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		bodies := []Body{drawBody(t, "a"), drawBody(t, "b")}
		s, err := NewScreen(bodies[:1+rapid.IntRange(0, 1).Draw(t, "n")], nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		p := Point{Length(rapid.IntRange(-50000, 50000).Draw(t, "px")), Length(rapid.IntRange(-50000, 50000).Draw(t, "py"))}
		q := Point{Length(rapid.IntRange(-50000, 50000).Draw(t, "qx")), Length(rapid.IntRange(-50000, 50000).Draw(t, "qy"))}
		pq, _ := s.Clear(p, q)
		qp, _ := s.Clear(q, p)
		if pq != qp {
			t.Fatalf("%v→%v clear %v, back %v", p, q, pq, qp)
		}
	})
}

func TestScreenRejectsBadInput(t *testing.T) {
	if _, err := NewScreen([]Body{rect("a", 0, 0, Inch, Inch), rect("a", 9*Inch, 0, Inch, Inch)}, nil, 0); err == nil {
		t.Fatal("a repeated unit id was accepted")
	}
	s, err := NewScreen([]Body{rect("a", 0, 0, Inch, Inch)}, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Sight("a", "zz"); err == nil {
		t.Fatal("sight to a unit not on the table was accepted")
	}
}

// TestGapHullsDiagonal: two units less than 6" apart corner to corner
// (diagonally) still close the gap between them.
func TestGapHullsDiagonal(t *testing.T) {
	// a is below and to the right of b: corners 3" and 3" apart, 4.243".
	a := rect("a", 7*Inch, 10*Inch, 4*Inch, Inch)    // x 7..11, y 9..10
	b := rect("b", 0, 14*Inch, 4*Inch, Inch)         // x 0..4, y 13..14
	far := rect("c", 20*Inch, 14*Inch, 4*Inch, Inch) // well clear
	s, err := NewScreen([]Body{a, b, far}, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	// A line through the diagonal gap, between the two near corners.
	if ok, by := s.Clear(Point{5 * Inch, 0}, Point{6 * Inch, 24 * Inch}); ok || by != "gap a/b" {
		t.Fatalf("a line through a 4.2\" diagonal gap: clear %v, blocked by %q", ok, by)
	}
}

// TestUnitInAGapShoots: a regiment standing in the gap between two others
// less than 6" apart is not shooting between them; its own line of sight
// is open (seed L176 is about shooting between units).
func TestUnitInAGapShoots(t *testing.T) {
	left := rect("l", -5*Inch, 0, 4*Inch, Inch) // x -5..-1
	mid := rect("m", 0, -500, 3*Inch, Inch)     // x 0..3, half a base back in the 5" gap
	right := rect("r", 4*Inch, 0, 4*Inch, Inch) // x 4..8
	target := facing("t", 0, 20*Inch, 3*Inch, Inch)
	got := sight(t, []Body{left, mid, right, target}, nil, "m", "t")
	if !got.Complete() {
		t.Fatalf("a unit in a gap: %v", got)
	}
	// A unit behind the line still cannot shoot through the 5" gap.
	behind := rect("b", 0, -10*Inch, 3*Inch, Inch)
	got = sight(t, []Body{left, right, behind, target}, nil, "b", "t")
	if got.Good {
		t.Fatalf("a shot through a 5\" gap: %v", got)
	}
}
