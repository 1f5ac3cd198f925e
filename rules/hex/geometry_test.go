package hex

import (
	"testing"

	"pgregory.net/rapid"
)

func axial(t *rapid.T, name string) Axial {
	return Axial{rapid.IntRange(-20, 20).Draw(t, name+"q"), rapid.IntRange(-20, 20).Draw(t, name+"r")}
}

func TestRingAndRange(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := axial(t, "c")
		r := rapid.IntRange(0, 9).Draw(t, "radius")
		ring := Ring(c, r)
		want := 6 * r
		if r == 0 {
			want = 1
		}
		seen := map[Axial]bool{}
		for _, h := range ring {
			if Distance(c, h) != r || seen[h] {
				t.Fatalf("ring %d of %v: %v at distance %d (repeated %v)", r, c, h, Distance(c, h), seen[h])
			}
			seen[h] = true
		}
		if len(ring) != want {
			t.Fatalf("ring %d has %d hexes, want %d", r, len(ring), want)
		}
		for i := 1; r > 0 && i < len(ring); i++ {
			if Distance(ring[i-1], ring[i]) != 1 {
				t.Fatalf("ring %d is not walked hex by hex at %d", r, i)
			}
		}
		rng := Range(c, r)
		if len(rng) != 3*r*(r+1)+1 {
			t.Fatalf("range %d has %d hexes, want %d", r, len(rng), 3*r*(r+1)+1)
		}
	})
}

func TestSideIsTheSameFromEitherHex(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := axial(t, "a")
		d := rapid.IntRange(0, 5).Draw(t, "dir")
		b := a.Neighbor(d)
		s1, ok1 := SideBetween(a, b)
		s2, ok2 := SideBetween(b, a)
		if !ok1 || !ok2 || s1 != s2 || s1 != a.Side(d) || s1 != b.Side(d+3) {
			t.Fatalf("side %v-%v: %v / %v / %v / %v", a, b, s1, s2, a.Side(d), b.Side(d+3))
		}
		x, y := s1.Hexes()
		if !((x == a && y == b) || (x == b && y == a)) {
			t.Fatalf("side %v has hexes %v, %v; want %v, %v", s1, x, y, a, b)
		}
		if _, ok := SideBetween(a, a.Neighbor(d).Neighbor(d)); ok {
			t.Fatal("hexes two apart share a side")
		}
	})
}

func TestVertexIsSharedByItsThreeHexes(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := axial(t, "a")
		i := rapid.IntRange(0, 5).Draw(t, "corner")
		v := a.Vertex(i)
		hs := v.Hexes()
		found := 0
		for _, h := range hs {
			for j := 0; j < 6; j++ {
				if h.Vertex(j) == v {
					found++
				}
			}
			if Distance(h, a) > 1 {
				t.Fatalf("corner %d of %v: hex %v is not a or a neighbour", i, a, h)
			}
		}
		if found != 3 {
			t.Fatalf("corner %v is named by %d corners of its hexes, want 3", v, found)
		}
		// Both ends of a side are corners of both its hexes.
		s := a.Side(i)
		x, y := s.Hexes()
		for _, end := range s.Vertices() {
			for _, h := range []Axial{x, y} {
				ok := false
				for j := 0; j < 6; j++ {
					ok = ok || h.Vertex(j) == end
				}
				if !ok {
					t.Fatalf("end %v of side %v is not a corner of %v", end, s, h)
				}
			}
		}
	})
}

func TestLineProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a, b := axial(t, "a"), axial(t, "b")
		l, r := Line(a, b)
		for _, line := range [][]Axial{l, r} {
			for _, h := range line {
				if Distance(a, h)+Distance(h, b) != Distance(a, b) {
					t.Fatalf("line %v→%v leaves the shortest band at %v", a, b, h)
				}
			}
		}
		// Reversed, the line passes the same hexes.
		rl, rr := Line(b, a)
		if !sameReversed(l, rl) || !sameReversed(r, rr) {
			t.Fatalf("Line(%v,%v) reversed is not Line(%v,%v): %v %v / %v %v", a, b, b, a, l, r, rl, rr)
		}
		// Where the traces differ, they differ by a hexside.
		for i := range l {
			if l[i] != r[i] && Distance(l[i], r[i]) != 1 {
				t.Fatalf("traces of %v→%v part by more than a hexside at %d", a, b, i)
			}
		}
	})
}

func sameReversed(x, y []Axial) bool {
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		if x[i] != y[len(y)-1-i] {
			return false
		}
	}
	return true
}

func TestLineSidesOnTheVertexAxes(t *testing.T) {
	// Lines along the six "vertex" directions run along hexsides all the
	// way; lines along the six neighbour directions never do.
	for _, d := range []Axial{{1, 1}, {2, -1}, {1, -2}, {-1, -1}, {-2, 1}, {-1, 2}} {
		for k := 1; k <= 3; k++ {
			b := Axial{d.Q * k, d.R * k}
			if n := len(LineSides(Axial{}, b)); n != k {
				t.Errorf("line to %v runs along %d hexsides, want %d", b, n, k)
			}
		}
	}
	for _, d := range Directions {
		if n := len(LineSides(Axial{}, Axial{d.Q * 4, d.R * 4})); n != 0 {
			t.Errorf("line along direction %v runs along %d hexsides", d, n)
		}
	}
}

// costs draws a small board with random step costs and walls.
func costs(t *rapid.T) CostFunc {
	w := map[Axial]int{}
	for c := 1; c <= 10; c++ {
		for r := 1; r <= 8; r++ {
			w[Offset{c, r}.ToAxial()] = rapid.IntRange(-1, 4).Draw(t, "cost")
		}
	}
	return func(_, to Axial) int {
		c, ok := w[to]
		if !ok || c < 0 {
			return -1
		}
		return c + 1
	}
}

func TestAStarMatchesDijkstra(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cost := costs(t)
		a := Offset{rapid.IntRange(1, 10).Draw(t, "ac"), rapid.IntRange(1, 8).Draw(t, "ar")}.ToAxial()
		b := Offset{rapid.IntRange(1, 10).Draw(t, "bc"), rapid.IntRange(1, 8).Draw(t, "br")}.ToAxial()
		p1, c1, ok1 := Path(a, b, cost)
		p2, c2, ok2 := AStar(a, b, cost, 1)
		if ok1 != ok2 || c1 != c2 {
			t.Fatalf("Dijkstra %v %d %v, A* %v %d %v", ok1, c1, p1, ok2, c2, p2)
		}
	})
}

func TestReach(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := axial(t, "c")
		limit := rapid.IntRange(0, 6).Draw(t, "limit")
		open := func(_, _ Axial) int { return 1 }
		got := Reach(c, limit, open)
		want := Range(c, limit)
		if len(got) != len(want) {
			t.Fatalf("reach %d covers %d hexes, range has %d", limit, len(got), len(want))
		}
		for _, h := range want {
			if d, ok := got[h]; !ok || d != Distance(c, h) {
				t.Fatalf("reach to %v = %d, %v; want %d", h, d, ok, Distance(c, h))
			}
		}
		// A closed ring at radius 2 (say, enemy units and their zones of
		// control) keeps everything beyond it out of reach.
		wall := map[Axial]bool{}
		for _, h := range Ring(c, 2) {
			wall[h] = true
		}
		walled := Reach(c, 10, func(_, to Axial) int {
			if wall[to] {
				return -1
			}
			return 1
		})
		if len(walled) != 7 {
			t.Fatalf("inside a closed ring, reach covers %d hexes, want 7", len(walled))
		}
	})
}
