package table

import (
	"math"
	"testing"

	"pgregory.net/rapid"
)

// TestBearingAxes checks the bearings along the axes and diagonals.
func TestBearingAxes(t *testing.T) {
	o := Point{}
	for _, c := range []struct {
		q    Point
		want Angle
	}{
		{Point{0, 5}, 0}, {Point{7, 0}, 900}, {Point{0, -3}, 1800}, {Point{-2, 0}, 2700},
		{Point{4, 4}, 450}, {Point{4, -4}, 1350}, {Point{-4, -4}, 2250}, {Point{-4, 4}, 3150},
		{Point{1000, 1732}, 300}, {o, 0},
	} {
		if got := Bearing(o, c.q); got != c.want {
			t.Errorf("Bearing to %v = %v, want %v", c.q, got, c.want)
		}
	}
}

// TestBearingProperties checks Bearing on random pairs of points: it is
// the true bearing to within half a tenth of a degree (checked against
// math.Atan2, which the engine no longer uses), it is unchanged when both
// points move together or q moves along the same line from p, and the
// bearing back is exactly half a turn round.
func TestBearingProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		pt := func(n string) Point {
			return Point{Length(rapid.Int64Range(-200000, 200000).Draw(t, n+"x")), Length(rapid.Int64Range(-200000, 200000).Draw(t, n+"y"))}
		}
		p, q, by := pt("p"), pt("q"), pt("by")
		if p == q {
			return
		}
		b := Bearing(p, q)
		if b < 0 || b >= 3600 {
			t.Fatalf("Bearing %v out of [0°, 360°)", b)
		}
		truth := math.Atan2(float64(q.X-p.X), float64(q.Y-p.Y)) * 1800 / math.Pi
		if d := math.Abs(math.Remainder(float64(b)-truth, 3600)); d > 0.5+1e-6 {
			t.Fatalf("Bearing(%v, %v) = %v, true bearing %.4f tenths: off by %.4f", p, q, b, truth, d)
		}
		if got := Bearing(p.Add(by), q.Add(by)); got != b {
			t.Fatalf("moved together by %v: %v, was %v", by, got, b)
		}
		k := Length(rapid.Int64Range(2, 4).Draw(t, "k"))
		far := Point{p.X + k*(q.X-p.X), p.Y + k*(q.Y-p.Y)}
		if got := Bearing(p, far); got != b {
			t.Fatalf("q %d times as far along the line: %v, was %v", k, got, b)
		}
		if back := Bearing(q, p); back != (b + 1800).Norm() {
			t.Fatalf("bearing back %v, want %v", back, (b + 1800).Norm())
		}
	})
}
