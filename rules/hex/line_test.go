package hex

import (
	"math"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

func TestLineEndsAndContiguity(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := Axial{rapid.IntRange(-30, 30).Draw(t, "aq"), rapid.IntRange(-30, 30).Draw(t, "ar")}
		b := Axial{rapid.IntRange(-30, 30).Draw(t, "bq"), rapid.IntRange(-30, 30).Draw(t, "br")}
		l, r := Line(a, b)
		for _, line := range [][]Axial{l, r} {
			if len(line) != Distance(a, b)+1 || line[0] != a || line[len(line)-1] != b {
				t.Fatalf("line %v→%v = %v", a, b, line)
			}
			for i := 1; i < len(line); i++ {
				if Distance(line[i-1], line[i]) != 1 {
					t.Fatalf("line %v→%v not contiguous at %d: %v", a, b, i, line)
				}
			}
		}
	})
}

func TestLineAlongHexside(t *testing.T) {
	a := Axial{0, 0}
	// Two steps "up-right then up" in cube terms ends at a hex whose
	// centre line passes exactly between two hexes: (1,0) and (0,1).
	b := Axial{1, 1}
	l, r := Line(a, b)
	if l[1] == r[1] {
		t.Fatalf("line to %v should run along a hexside: %v / %v", b, l, r)
	}
	mid := map[Axial]bool{l[1]: true, r[1]: true}
	if !mid[Axial{1, 0}] || !mid[Axial{0, 1}] {
		t.Fatalf("hexside between (1,0) and (0,1) expected, got %v and %v", l[1], r[1])
	}
	if !OnHexside(a, b) {
		t.Fatal("OnHexside = false")
	}
	if OnHexside(a, Axial{3, 0}) {
		t.Fatal("a line straight through hex centres is not on a hexside")
	}
}

func drawLineEnds(t *rapid.T) (a, b Axial) {
	a = Axial{rapid.IntRange(-200, 200).Draw(t, "aq"), rapid.IntRange(-200, 200).Draw(t, "ar")}
	if rapid.Bool().Draw(t, "onAxis") {
		d := rapid.IntRange(0, 5).Draw(t, "axis")
		k := rapid.IntRange(1, 40).Draw(t, "k")
		return a, a.Add(Directions[d].Add(Directions[mod6(d+1)]).Scale(k))
	}
	return a, Axial{rapid.IntRange(-200, 200).Draw(t, "bq"), rapid.IntRange(-200, 200).Draw(t, "br")}
}

// A line is the same hexes whichever end it is traced from: each trace of
// Line(b, a), reversed, is the same trace of Line(a, b).
func TestLineReversedIsTheSameHexes(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a, b := drawLineEnds(t)
		l, r := Line(a, b)
		bl, br := Line(b, a)
		if !slices.Equal(reversed(bl), l) || !slices.Equal(reversed(br), r) {
			t.Fatalf("Line(%v, %v) = %v / %v; Line(%v, %v) = %v / %v", a, b, l, r, b, a, bl, br)
		}
	})
}

func TestLineHexesLieBetweenTheEnds(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a, b := drawLineEnds(t)
		l, r := Line(a, b)
		n := Distance(a, b)
		for _, line := range [][]Axial{l, r} {
			for i, h := range line {
				if Distance(a, h) != i || Distance(h, b) != n-i {
					t.Fatalf("hex %d of %v→%v is %v: %d from a, %d from b", i, a, b, h, Distance(a, h), Distance(h, b))
				}
			}
		}
	})
}

// Where the traces differ, the sample lies exactly at the midpoint of the
// hexside between the two hexes named. On a corner axis the segment runs
// along that side (it is perpendicular to the step between the two hexes)
// at every odd index and LineSides lists it; off the axes it crosses the
// side obliquely and LineSides is empty.
func TestLineTracesDifferOnlyOnHexsides(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a, b := drawLineEnds(t)
		l, r := Line(a, b)
		n, along := Distance(a, b), OnHexside(a, b)
		var sides []Side
		for i := range l {
			if l[i] == r[i] {
				if along && i%2 == 1 {
					t.Fatalf("%v→%v runs along hexsides but the traces agree at %d", a, b, i)
				}
				continue
			}
			s, ok := SideBetween(l[i], r[i])
			if !ok {
				t.Fatalf("%v→%v: traces differ at %d with non-neighbours %v, %v", a, b, i, l[i], r[i])
			}
			mid := l[i].Add(r[i]).Scale(n)
			if sample := a.Scale(2 * n).Add(b.Add(a.Scale(-1)).Scale(2 * i)); mid != sample {
				t.Fatalf("%v→%v: sample %d is not the midpoint of %v", a, b, i, s)
			}
			if runsAlong := cubeDot(b.Add(a.Scale(-1)), r[i].Add(l[i].Scale(-1))) == 0; runsAlong != along {
				t.Fatalf("%v→%v at %d: runs along %v = %v, OnHexside = %v", a, b, i, s, runsAlong, along)
			}
			if along {
				sides = append(sides, s)
			}
		}
		if got := LineSides(a, b); !slices.Equal(got, sides) {
			t.Fatalf("LineSides(%v, %v) = %v, traces give %v", a, b, got, sides)
		}
	})
}

func TestLineSidesOnTheCornerAxes(t *testing.T) {
	a := Axial{5, -3}
	axes := []Axial{{1, 1}, {-1, 2}, {-2, 1}, {-1, -1}, {1, -2}, {2, -1}}
	for d, v := range axes {
		for k := 1; k <= 20; k++ {
			b := a.Add(v.Scale(k))
			sides := LineSides(a, b)
			if !OnHexside(a, b) || len(sides) != k {
				t.Fatalf("%v→%v along %v: OnHexside %v, %d sides", a, b, v, OnHexside(a, b), len(sides))
			}
			for j, s := range sides {
				h := a.Add(v.Scale(j))
				if want, _ := SideBetween(h.Neighbor(d), h.Neighbor(d+1)); s != want {
					t.Fatalf("side %d of %v→%v is %v, want %v", j, a, b, s, want)
				}
			}
			if OnHexside(a, b.Neighbor(d)) || LineSides(a, b.Neighbor(d)) != nil {
				t.Fatalf("%v→%v is off the axis", a, b.Neighbor(d))
			}
		}
	}
	if OnHexside(a, a) || LineSides(a, a) != nil {
		t.Fatal("a line to oneself runs along no hexside")
	}
}

func TestLineCrossesAHexsideAtItsMidpoint(t *testing.T) {
	a, b := Axial{0, 0}, Axial{4, -1}
	l, r := Line(a, b)
	pair := map[Axial]bool{l[2]: true, r[2]: true}
	if !pair[Axial{2, -1}] || !pair[Axial{2, 0}] {
		t.Fatalf("traces at 2 are %v and %v, want (2,-1) and (2,0)", l[2], r[2])
	}
	if OnHexside(a, b) || LineSides(a, b) != nil {
		t.Fatal("a line crossing a hexside does not run along it")
	}
}

// Line samples the segment once per step, so it can miss a hex whose
// corner the segment clips between samples.
func TestLineCanMissAClippedCorner(t *testing.T) {
	a, b, clipped := Axial{0, 0}, Axial{-7, 1}, Axial{-3, 1}
	ax, ay := a.ToOffset().Center(1)
	bx, by := b.ToOffset().Center(1)
	f := (-4 - ax) / (bx - ax) // where the segment passes x = -4
	if got := pixelHex(-4, ay+(by-ay)*f); got != clipped {
		t.Fatalf("segment at x=-4 is in %v, want %v", got, clipped)
	}
	l, r := Line(a, b)
	if contains(l, clipped) || contains(r, clipped) {
		t.Fatalf("%v is in the traces %v / %v", clipped, l, r)
	}
}

// pixelHex returns the hex holding a point of the plane Center draws in,
// for hexes of size 1.
func pixelHex(x, y float64) Axial {
	q := x / 1.5
	r := y/math.Sqrt(3) - q/2
	return cubeRound(q, -q-r, r)
}

// cubeDot is the dot product of two axial vectors in cube coordinates,
// zero when they are perpendicular on the map.
func cubeDot(u, v Axial) int {
	return u.Q*v.Q + (u.Q+u.R)*(v.Q+v.R) + u.R*v.R
}

func reversed(s []Axial) []Axial {
	out := make([]Axial, len(s))
	for i, h := range s {
		out[len(s)-1-i] = h
	}
	return out
}
