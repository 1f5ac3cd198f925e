package hex

import (
	"testing"

	"pgregory.net/rapid"
)

func drawAxial(t *rapid.T, name string) Axial {
	return Axial{rapid.IntRange(-50, 50).Draw(t, name+"q"), rapid.IntRange(-50, 50).Draw(t, name+"r")}
}

func TestRingSizeAndDistance(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := drawAxial(t, "c")
		radius := rapid.IntRange(1, 12).Draw(t, "radius")
		ring := Ring(c, radius)
		if len(ring) != 6*radius {
			t.Fatalf("ring %d has %d hexes, want %d", radius, len(ring), 6*radius)
		}
		seen := map[Axial]bool{}
		for i, h := range ring {
			if Distance(c, h) != radius {
				t.Fatalf("%v is %d from the centre, want %d", h, Distance(c, h), radius)
			}
			if seen[h] {
				t.Fatalf("%v twice in the ring", h)
			}
			seen[h] = true
			if next := ring[(i+1)%len(ring)]; Distance(h, next) != 1 {
				t.Fatalf("ring not walked hex by hex at %d: %v then %v", i, h, next)
			}
		}
	})
}

func TestRingOrder(t *testing.T) {
	got := Ring(Axial{0, 0}, 1)
	want := []Axial{{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("Ring 1 = %v, want %v", got, want)
		}
	}
	if r := Ring(Axial{3, 4}, 0); len(r) != 1 || r[0] != (Axial{3, 4}) {
		t.Fatalf("Ring 0 = %v", r)
	}
	if Ring(Axial{}, -1) != nil || Range(Axial{}, -1) != nil {
		t.Fatal("a negative radius has no hexes")
	}
}

func TestRangeIsEveryHexWithin(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := drawAxial(t, "c")
		radius := rapid.IntRange(0, 10).Draw(t, "radius")
		got := Range(c, radius)
		if len(got) != 3*radius*(radius+1)+1 {
			t.Fatalf("range %d has %d hexes, want %d", radius, len(got), 3*radius*(radius+1)+1)
		}
		in := map[Axial]bool{}
		last := 0
		for _, h := range got {
			d := Distance(c, h)
			if d > radius || d < last || in[h] {
				t.Fatalf("%v at distance %d (after %d, radius %d, repeated %v)", h, d, last, radius, in[h])
			}
			in[h], last = true, d
		}
		// Every hex of the bounding square within radius is listed.
		for q := c.Q - radius; q <= c.Q+radius; q++ {
			for r := c.R - radius; r <= c.R+radius; r++ {
				h := Axial{q, r}
				if Distance(c, h) <= radius && !in[h] {
					t.Fatalf("%v is within %d of %v but not in the range", h, radius, c)
				}
			}
		}
	})
}
