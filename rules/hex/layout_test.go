package hex

import (
	"math"
	"testing"

	"pgregory.net/rapid"
)

// drawLayout draws any layout with a four-digit or a letter-dot id scheme.
func drawLayout(t *rapid.T) Layout {
	l := Layout{
		Top:     rapid.SampledFrom([]string{FlatTop, PointyTop}).Draw(t, "top"),
		Shifted: rapid.SampledFrom([]string{Even, Odd}).Draw(t, "shifted"),
		Rows:    rapid.SampledFrom([]string{RowsUp, RowsDown}).Draw(t, "rows"),
		IDs:     rapid.SampledFrom([]IDScheme{{Form: Digits}, {Form: LetterDot, Letter: "B"}}).Draw(t, "ids"),
	}
	if err := l.Check(); err != nil {
		t.Fatal(err)
	}
	return l
}

func drawOffset(t *rapid.T, name string) Offset {
	return Offset{Col: rapid.IntRange(1, 60).Draw(t, name+".col"), Row: rapid.IntRange(1, 60).Draw(t, name+".row")}
}

func TestZeroLayoutIsLoB(t *testing.T) {
	for _, l := range []Layout{{}, LoB("A")} {
		for c := 1; c <= 12; c++ {
			for r := 1; r <= 10; r++ {
				o := Offset{c, r}
				if l.ToAxial(o) != o.ToAxial() {
					t.Fatalf("%+v: %v -> %v, LoB gives %v", l, o, l.ToAxial(o), o.ToAxial())
				}
				x, y := l.Center(o, 10)
				wx, wy := o.Center(10)
				if math.Abs(x-wx) > 1e-9 || math.Abs(y-wy) > 1e-9 {
					t.Fatalf("%v centre (%g, %g), LoB (%g, %g)", o, x, y, wx, wy)
				}
			}
		}
	}
	if got := LoB("A").ID(Offset{10, 10}); got != "A10.10" {
		t.Errorf("LoB id %q, want A10.10", got)
	}
	for d, want := range []float64{60, 0, 300, 240, 180, 120} {
		if got := LoB("A").Bearing(d); got != want {
			t.Errorf("LoB hexside %d bearing %g, want %g", d, got, want)
		}
	}
}

// TestFourDigitFlatTopRowsDown pins a GBACW-style map: flat-top hexes,
// ids 0614, row 1 at the top, even columns half a hex lower.
func TestFourDigitFlatTopRowsDown(t *testing.T) {
	l := Layout{Top: FlatTop, Shifted: Even, Rows: RowsDown, IDs: IDScheme{Form: Digits}}
	o, ok := l.ParseID("0614")
	if !ok || o != (Offset{6, 14}) || l.ID(o) != "0614" {
		t.Fatalf("0614 reads %v %v and prints %q", o, ok, l.ID(o))
	}
	// 0614 in an even column: its neighbours are 0613 and 0615 above and
	// below, and 0514, 0515, 0714, 0715 beside it (shifted down a half).
	want := map[string]bool{"0613": true, "0615": true, "0514": true, "0515": true, "0714": true, "0715": true}
	a := l.ToAxial(o)
	for d := range 6 {
		id := l.ID(l.ToOffset(a.Neighbor(d)))
		if !want[id] {
			t.Errorf("neighbour %d of 0614 is %s", d, id)
		}
		delete(want, id)
	}
	_, y1 := l.Center(Offset{5, 14}, 1)
	_, y2 := l.Center(Offset{6, 14}, 1)
	if y2 >= y1 {
		t.Errorf("0614 (y %g) should sit below 0514 (y %g)", y2, y1)
	}
	if b := l.Bearing(1); b != 180 {
		t.Errorf("direction 1 (rows up the axial grid) points to bearing %g on a rows-down map, want 180", b)
	}
	for _, bad := range []string{"614", "06-4", "A6.14", "061400"} {
		if _, ok := l.ParseID(bad); ok {
			t.Errorf("%q read as a four-digit id", bad)
		}
	}
}

func TestLayoutNeighboursSymmetric(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		l := drawLayout(t)
		o := drawOffset(t, "o")
		a := l.ToAxial(o)
		for d := range 6 {
			n := l.ToOffset(a.Neighbor(d))
			back := l.ToAxial(n)
			found := false
			for e := range 6 {
				if l.ToOffset(back.Neighbor(e)) == o {
					found = true
				}
			}
			if !found {
				t.Fatalf("%v is a neighbour of %v but not the other way round", n, o)
			}
			// Neighbours are one hex apart on the page too.
			x0, y0 := l.Center(o, 1)
			x1, y1 := l.Center(n, 1)
			if dist := math.Hypot(x1-x0, y1-y0); math.Abs(dist-math.Sqrt(3)) > 1e-9 {
				t.Fatalf("neighbours %v and %v are %g apart, want sqrt 3", o, n, dist)
			}
			b := l.Bearing(d)
			if got := bearing(x1-x0, y1-y0); math.Abs(got-b) > 1e-6 {
				t.Fatalf("bearing of direction %d is %g, centres give %g", d, b, got)
			}
		}
	})
}

func TestLayoutDistanceSymmetricAndConsistent(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		l := drawLayout(t)
		a, b := l.ToAxial(drawOffset(t, "a")), l.ToAxial(drawOffset(t, "b"))
		d := Distance(a, b)
		if d != Distance(b, a) {
			t.Fatalf("distance %v-%v is not symmetric", a, b)
		}
		if (d == 0) != (a == b) {
			t.Fatalf("distance %d between %v and %v", d, a, b)
		}
		// Some neighbour of a is one step nearer b, and none is more than
		// one step nearer or further.
		nearer := false
		for dir := range 6 {
			nd := Distance(a.Neighbor(dir), b)
			if nd < d-1 || nd > d+1 {
				t.Fatalf("neighbour of %v is %d from %v, %v is %d", a, nd, b, a, d)
			}
			nearer = nearer || nd == d-1
		}
		if d > 0 && !nearer {
			t.Fatalf("no neighbour of %v is nearer %v", a, b)
		}
	})
}

func TestLayoutIDRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		l := drawLayout(t)
		o := drawOffset(t, "o")
		if got := l.ToOffset(l.ToAxial(o)); got != o {
			t.Fatalf("%v -> %v -> %v", o, l.ToAxial(o), got)
		}
		id := l.ID(o)
		back, ok := l.ParseID(id)
		if !ok || back != o {
			t.Fatalf("%v prints %q, reads back %v %v", o, id, back, ok)
		}
	})
}

func TestLayoutCheck(t *testing.T) {
	for _, l := range []Layout{{Top: "round"}, {Rows: "sideways"}, {Shifted: "both"}, {IDs: IDScheme{Form: "roman"}}, {IDs: IDScheme{Form: Digits, Letter: "A"}}} {
		if l.Check() == nil {
			t.Errorf("%+v passes Check", l)
		}
	}
}
