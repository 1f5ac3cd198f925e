package table

import (
	"math"
	"math/big"
	"testing"

	"pgregory.net/rapid"
)

// rect is an axis-aligned body facing +Y whose front edge runs from
// (x, y) to (x+w, y) and whose depth runs down to y-d.
func rect(id string, x, y, w, d Length) Body {
	return Body{ID: id, Pose: Pose{Front: Point{x + w/2, y}}, Width: w, Depth: d}
}

func TestCeilSqrtRatioMatchesBigIntegers(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		// As toSegment calls it: c = |ab × av|, den = |ab|², coordinates
		// within ±MaxCoord.
		v := func(n string) Point {
			return Point{Length(rapid.Int64Range(-2e6, 2e6).Draw(t, n+"x")), Length(rapid.Int64Range(-2e6, 2e6).Draw(t, n+"y"))}
		}
		ab, av := v("ab"), v("av")
		if ab == (Point{}) {
			ab.X = 1
		}
		c, den := abs64(cross(ab, av)), uint64(dot(ab, ab))
		got := uint64(ceilSqrtRatio(mul(c, c), den))
		num := new(big.Int).Mul(new(big.Int).SetUint64(c), new(big.Int).SetUint64(c))
		k := new(big.Int).SetUint64(got)
		kk := new(big.Int).Mul(new(big.Int).Mul(k, k), new(big.Int).SetUint64(den))
		if kk.Cmp(num) < 0 {
			t.Fatalf("ceil sqrt(%d²/%d) = %d is too small", c, den, got)
		}
		if got > 0 {
			k1 := new(big.Int).SetUint64(got - 1)
			k1k1 := new(big.Int).Mul(new(big.Int).Mul(k1, k1), new(big.Int).SetUint64(den))
			if k1k1.Cmp(num) >= 0 {
				t.Fatalf("ceil sqrt(%d²/%d) = %d is too large", c, den, got)
			}
		}
	})
}

func TestHullIsCounterClockwiseWithoutCollinearPoints(t *testing.T) {
	h, err := Hull(Point{0, 0}, Point{2000, 0}, Point{1000, 0}, Point{2000, 2000}, Point{0, 2000}, Point{1000, 1000})
	if err != nil {
		t.Fatal(err)
	}
	want := Polygon{{0, 0}, {2000, 0}, {2000, 2000}, {0, 2000}}
	if len(h) != len(want) {
		t.Fatalf("hull %v, want %v", h, want)
	}
	for i := range want {
		if h[i] != want[i] {
			t.Fatalf("hull %v, want %v", h, want)
		}
	}
	if _, err := Hull(Point{MaxCoord + 1, 0}); err == nil {
		t.Fatal("a point beyond MaxCoord was accepted")
	}
	if _, err := Hull(); err == nil {
		t.Fatal("an empty polygon was accepted")
	}
}

func TestTouchingIsNotOverlapping(t *testing.T) {
	a := rect("a", 0, 0, 4*Inch, Inch).Footprint()
	edge := rect("b", 4*Inch, 0, 4*Inch, Inch).Footprint()
	corner := rect("c", 4*Inch, Inch+Inch, 4*Inch, Inch).Footprint()
	into := rect("d", 4*Inch-1, 0, 4*Inch, Inch).Footprint()
	if Overlaps(a, edge) || Overlaps(a, corner) {
		t.Fatal("shapes touching at an edge or a corner overlap")
	}
	if !Overlaps(a, into) {
		t.Fatal("shapes overlapping by 0.001\" do not overlap")
	}
	if g := Between(a, edge).Gap; g != 0 {
		t.Fatalf("touching shapes are %v apart", g)
	}
	// A zero-width wall crossing the rectangle overlaps it; one along its
	// edge does not.
	if !Overlaps(a, Polygon{{2 * Inch, -Inch}, {2 * Inch, Inch}}) {
		t.Fatal("a wall through the rectangle does not overlap it")
	}
	if Overlaps(a, Polygon{{0, 0}, {4 * Inch, 0}}) {
		t.Fatal("a wall along the edge overlaps")
	}
}

// TestOneInchBoundary: the 1" proximity rule (seed L101-103) compares the
// exact gap; 1.000" is within 1", 1.001" is not.
func TestOneInchBoundary(t *testing.T) {
	a := rect("a", 0, 0, 6*Inch, 2*Inch)
	for _, tc := range []struct {
		gap    Length
		within bool
	}{{Inch, true}, {Inch + 1, false}, {Inch - 1, true}} {
		b := rect("b", 0, tc.gap+2*Inch, 6*Inch, 2*Inch)
		d := Between(a.Footprint(), b.Footprint())
		if d.Gap != tc.gap || d.Within(Inch) != tc.within {
			t.Errorf("gap %v: measured %v, within 1\" %v, want %v", tc.gap, d, d.Within(Inch), tc.within)
		}
	}
	// Two points, and a point and a segment, have a distance too.
	if d := Between(Polygon{{0, 0}}, Polygon{{3 * Inch, 4 * Inch}}); d.Gap != 5*Inch {
		t.Fatalf("point to point: %v", d)
	}
	if d := Between(Polygon{{0, 0}}, Polygon{{-Inch, 2 * Inch}, {Inch, 2 * Inch}}); d.Gap != 2*Inch {
		t.Fatalf("point to segment: %v", d)
	}
	// A slanted gap: corner (3", 4") from the origin is exactly 5".
	d := Between(Polygon{{0, 0}}, Polygon{{3 * Inch, 4 * Inch}, {3 * Inch, 9 * Inch}})
	if d.Gap != 5*Inch {
		t.Fatalf("3-4-5 gap measured %v", d.Gap)
	}
	// Point to a slanted edge: (0,0) to the line x+y = 2" is √2" = 1.41421356..."
	d = Between(Polygon{{0, 0}}, Polygon{{2 * Inch, 0}, {0, 2 * Inch}})
	if d.Gap != 1415 {
		t.Fatalf("gap to a slanted edge %v, want 1.415\" (rounded up)", d.Gap)
	}
}

func drawBody(t *rapid.T, id string) Body {
	return Body{
		ID: id,
		Pose: Pose{
			Front:   Point{Length(rapid.IntRange(-48000, 48000).Draw(t, id+"x")), Length(rapid.IntRange(-48000, 48000).Draw(t, id+"y"))},
			Heading: Angle(rapid.IntRange(0, 3599).Draw(t, id+"h")),
		},
		Width: Length(rapid.IntRange(500, 16000).Draw(t, id+"w")),
		Depth: Length(rapid.IntRange(500, 6000).Draw(t, id+"d")),
	}
}

func TestDistanceSymmetricAndNonNegative(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a, b := drawBody(t, "a").Footprint(), drawBody(t, "b").Footprint()
		ab, ba := Between(a, b), Between(b, a)
		if ab.Gap != ba.Gap {
			t.Fatalf("gap a→b %v, b→a %v", ab.Gap, ba.Gap)
		}
		if ab.Gap < 0 {
			t.Fatalf("negative gap %v", ab.Gap)
		}
		if Overlaps(a, b) != Overlaps(b, a) {
			t.Fatal("overlap is not symmetric")
		}
		if Overlaps(a, b) && ab.Gap != 0 {
			t.Fatalf("overlapping shapes %v apart", ab.Gap)
		}
		// The gap is a lower bound for the distance between any two
		// vertices, and at most the rounded distance between the nearest
		// points reported.
		for _, p := range a {
			for _, q := range b {
				d := p.Sub(q)
				if dd := ceilSqrt(uint64(dot(d, d))); dd < ab.Gap {
					t.Fatalf("vertices %v and %v are %v apart, less than the gap %v", p, q, dd, ab.Gap)
				}
			}
		}
	})
}

// TestQuartersPartitionAroundUnit walks a circle round a unit: every point
// gets one quarter, and the quarters come round in the order front, right
// flank, rear, left flank, each once (seed L349-351).
func TestQuartersPartitionAroundUnit(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		b := drawBody(t, "u")
		r := b.Width + b.Depth + Length(rapid.IntRange(1000, 30000).Draw(t, "r"))
		var seq []Quarter
		c := b.Centre()
		for a := Angle(0); a < 3600; a++ {
			p := offset(c, b.Pose.Heading+a, r, 0)
			q := QuarterOf(b, p).Quarter
			if q == Inside {
				t.Fatalf("point %v far outside the unit is inside it", p)
			}
			if len(seq) == 0 || seq[len(seq)-1] != q {
				seq = append(seq, q)
			}
		}
		if len(seq) > 1 && seq[0] == seq[len(seq)-1] {
			seq = seq[:len(seq)-1]
		}
		want := []Quarter{Front, RightFlank, Rear, LeftFlank}
		if len(seq) != 4 {
			t.Fatalf("quarters round the unit %v, want each of %v once", seq, want)
		}
		if seq[0] != Front {
			t.Fatalf("straight ahead is %v", seq[0])
		}
		for i := range want {
			if seq[i] != want[i] {
				t.Fatalf("quarters round the unit %v, want %v", seq, want)
			}
		}
		if q := QuarterOf(b, c).Quarter; q != Inside {
			t.Fatalf("the unit's centre is in its %v", q)
		}
	})
}

func TestQuarterCornerLinesBelongToFrontAndRear(t *testing.T) {
	b := rect("u", 0, 0, 4*Inch, 2*Inch) // front edge (0,0)-(4,0), rear at y=-2
	for _, tc := range []struct {
		p    Point
		want Quarter
	}{
		{Point{-Inch, Inch}, Front},         // on the 45° line off the front-left corner
		{Point{-Inch, Inch - 1}, LeftFlank}, // just below it
		{Point{5 * Inch, Inch}, Front},      // on the line off the front-right corner
		{Point{5 * Inch, -3 * Inch}, Rear},  // on the line off the rear-right corner
		{Point{5 * Inch, -3*Inch + 1}, RightFlank},
		{Point{2 * Inch, -Inch}, Inside},
		{Point{2 * Inch, 0}, Inside}, // on the front edge
	} {
		if got := QuarterOf(b, tc.p); got.Quarter != tc.want {
			t.Errorf("%v: %v (%+v), want %v", tc.p, got.Quarter, got, tc.want)
		}
	}
}

func TestInArcAndRange(t *testing.T) {
	s := rect("s", 0, 0, 4*Inch, Inch)
	ahead := rect("t", 0, 10*Inch, 4*Inch, Inch)
	behind := rect("r", 0, -10*Inch, 4*Inch, Inch)
	wide := rect("w", 20*Inch, 10*Inch, 4*Inch, Inch) // corner (20,9): 16" beyond the side, 9" ahead
	if a := InArc(s, ahead); !a.In {
		t.Fatal("a unit straight ahead is out of arc")
	}
	if a := InArc(s, behind); a.In {
		t.Fatal("a unit behind is in arc")
	}
	if a := InArc(s, wide); a.In {
		t.Fatalf("a unit 16\" out and 9\" ahead is in arc: %+v", a)
	}
	// Centre (2, -0.5) to the target's rear edge at y = 9: 9.5".
	if r := Range(s, ahead); r.Gap != 9500 {
		t.Fatalf("range %v, want 9.500\"", r)
	}
	// A wide target whose corners are both outside the arc but which
	// crosses it.
	straddle := rect("x", -30*Inch, 2*Inch, 64*Inch, Inch) // corners 30" out to each side, 1" and 2" ahead
	if a := InArc(s, straddle); !a.In || !a.Straddles {
		t.Fatalf("a long unit across the arc: %+v", a)
	}
}

// TestSinesTable recomputes every entry of the sine table from a 200-bit
// Taylor series and checks it is the float64 nearest the true value.
func TestSinesTable(t *testing.T) {
	const prec = 200
	pi, _ := new(big.Float).SetPrec(prec).SetString("3.14159265358979323846264338327950288419716939937510582097494459230781640628620899862803482534211706798214808651")
	for i, got := range sines {
		x := new(big.Float).SetPrec(prec).Mul(pi, new(big.Float).SetPrec(prec).SetInt64(int64(i)))
		x.Quo(x, new(big.Float).SetPrec(prec).SetInt64(1800))
		sum := new(big.Float).SetPrec(prec)
		term := new(big.Float).SetPrec(prec).Set(x)
		x2 := new(big.Float).SetPrec(prec).Mul(x, x)
		for n := 1; n < 40; n++ {
			sum.Add(sum, term)
			term.Mul(term, x2)
			term.Quo(term, new(big.Float).SetPrec(prec).SetInt64(int64(2*n*(2*n+1))))
			term.Neg(term)
		}
		if want, _ := sum.Float64(); got != want {
			t.Fatalf("sines[%d] = %v, want %v", i, got, want)
		}
	}
	// The quadrants: sin 30° = 0.5, cos 120° = -0.5, sin 270° = -1.
	if s, _ := unit(300); s != 0.5 {
		t.Errorf("sin 30° = %v", s)
	}
	if _, c := unit(1200); c != -0.5 {
		t.Errorf("cos 120° = %v", c)
	}
	if s, c := unit(2700); s != -1 || c != 0 {
		t.Errorf("sin, cos 270° = %v, %v", s, c)
	}
}

// TestGapIsTheTrueDistanceRoundedUp compares Between with a float64
// computation of the distance between two separate shapes: the gap is the
// true distance rounded up to the thousandth.
func TestGapIsTheTrueDistanceRoundedUp(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a, b := drawBody(t, "a").Footprint(), drawBody(t, "b").Footprint()
		if Overlaps(a, b) {
			return
		}
		segDist := func(p, s, e Point) float64 {
			px, py := float64(p.X), float64(p.Y)
			sx, sy, ex, ey := float64(s.X), float64(s.Y), float64(e.X), float64(e.Y)
			dx, dy := ex-sx, ey-sy
			u := ((px-sx)*dx + (py-sy)*dy) / (dx*dx + dy*dy)
			u = max(0, min(1, u))
			qx, qy := sx+u*dx-px, sy+u*dy-py
			return math.Sqrt(qx*qx + qy*qy)
		}
		want := math.Inf(1)
		for _, pair := range [][2]Polygon{{a, b}, {b, a}} {
			for _, v := range pair[0] {
				for i := range pair[1] {
					want = min(want, segDist(v, pair[1][i], pair[1][(i+1)%len(pair[1])]))
				}
			}
		}
		got := float64(Between(a, b).Gap)
		if got < want-1e-6 || got > want+1+1e-6 {
			t.Fatalf("gap %v, true distance %.6f thousandths", got, want)
		}
	})
}
