package hex

import (
	"math"
	"testing"

	"pgregory.net/rapid"
)

func TestSideFromEitherHex(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := drawAxial(t, "a")
		d := rapid.IntRange(-6, 11).Draw(t, "dir")
		b := a.Neighbor(d)
		s := a.Side(d)
		if s != b.Side(d+3) {
			t.Fatalf("%v.Side(%d) = %v, %v.Side(%d) = %v", a, d, s, b, d+3, b.Side(d+3))
		}
		if s.Dir < 0 || s.Dir > 2 {
			t.Fatalf("side %v not canonical", s)
		}
		for _, pair := range [][2]Axial{{a, b}, {b, a}} {
			got, ok := SideBetween(pair[0], pair[1])
			if !ok || got != s {
				t.Fatalf("SideBetween(%v, %v) = %v %v, want %v", pair[0], pair[1], got, ok, s)
			}
		}
		x, y := s.Hexes()
		if !(x == a && y == b) && !(x == b && y == a) {
			t.Fatalf("%v.Hexes() = %v, %v; want %v and %v", s, x, y, a, b)
		}
	})
}

func TestSideBetweenNonNeighbours(t *testing.T) {
	for _, b := range []Axial{{0, 0}, {2, 0}, {1, 1}, {-2, 1}} {
		if _, ok := SideBetween(Axial{0, 0}, b); ok {
			t.Errorf("SideBetween((0,0), %v) found a side", b)
		}
	}
}

func TestSidesOfAHexAreDistinct(t *testing.T) {
	sides, corners := map[Side]bool{}, map[Vertex]bool{}
	for i := range 6 {
		sides[Axial{4, -2}.Side(i)] = true
		corners[Axial{4, -2}.Vertex(i)] = true
	}
	if len(sides) != 6 || len(corners) != 6 {
		t.Fatalf("%d sides and %d corners, want 6 and 6", len(sides), len(corners))
	}
}

func TestVertexFromItsThreeHexes(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := drawAxial(t, "a")
		v := a.Vertex(rapid.IntRange(-6, 11).Draw(t, "corner"))
		if v.Corner != 0 && v.Corner != 3 {
			t.Fatalf("vertex %v not canonical", v)
		}
		hexes := v.Hexes()
		for i, h := range hexes {
			if !hasVertex(h, v) {
				t.Fatalf("%v is a corner of %v but not among its vertices", v, h)
			}
			if o := hexes[(i+1)%3]; Distance(h, o) != 1 {
				t.Fatalf("hexes %v of %v are not mutual neighbours", hexes, v)
			}
		}
		if !contains(hexes[:], a) {
			t.Fatalf("%v.Hexes() = %v leaves out %v", v, hexes, a)
		}
	})
}

func TestSideVerticesAreCornersOfBothHexes(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := drawAxial(t, "a").Side(rapid.IntRange(0, 5).Draw(t, "dir"))
		vs := s.Vertices()
		if vs[0] == vs[1] {
			t.Fatalf("%v has one vertex twice: %v", s, vs)
		}
		x, y := s.Hexes()
		for _, v := range vs {
			if !hasVertex(x, v) || !hasVertex(y, v) {
				t.Fatalf("%v of %v is not a corner of both %v and %v", v, s, x, y)
			}
		}
	})
}

// The canonical names agree with the drawing: corner i of a hex, placed
// at 60°·i from its centre, is the same point from each of its hexes.
func TestVertexMatchesThePlane(t *testing.T) {
	for q := -3; q <= 3; q++ {
		for r := -3; r <= 3; r++ {
			a := Axial{q, r}
			for i := range 6 {
				v := a.Vertex(i)
				x, y := cornerXY(a, i)
				vx, vy := cornerXY(v.Hex, v.Corner)
				if math.Abs(x-vx) > 1e-9 || math.Abs(y-vy) > 1e-9 {
					t.Fatalf("%v corner %d at (%.3f,%.3f) but %v at (%.3f,%.3f)", a, i, x, y, v, vx, vy)
				}
			}
		}
	}
}

func cornerXY(a Axial, i int) (x, y float64) {
	x, y = a.ToOffset().Center(1)
	angle := float64(i) * math.Pi / 3
	return x + math.Cos(angle), y + math.Sin(angle)
}

func hasVertex(h Axial, v Vertex) bool {
	for i := range 6 {
		if h.Vertex(i) == v {
			return true
		}
	}
	return false
}

func contains(hs []Axial, h Axial) bool {
	for _, x := range hs {
		if x == h {
			return true
		}
	}
	return false
}
