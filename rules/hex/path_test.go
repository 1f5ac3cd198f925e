package hex

import (
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// onBoard allows steps on a cols x rows map at a cost of 1.
func onBoard(cols, rows int) CostFunc {
	return func(_, to Axial) int {
		o := to.ToOffset()
		if o.Col < 1 || o.Col > cols || o.Row < 1 || o.Row > rows {
			return -1
		}
		return 1
	}
}

func TestPathUnitCostIsDistance(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := Offset{rapid.IntRange(1, 12).Draw(t, "ac"), rapid.IntRange(1, 10).Draw(t, "ar")}.ToAxial()
		b := Offset{rapid.IntRange(1, 12).Draw(t, "bc"), rapid.IntRange(1, 10).Draw(t, "br")}.ToAxial()
		p, cost, ok := Path(a, b, onBoard(12, 10))
		if !ok {
			t.Fatalf("no path %v -> %v", a, b)
		}
		if cost != Distance(a, b) || len(p) != cost+1 {
			t.Fatalf("cost %d, len %d, want distance %d", cost, len(p), Distance(a, b))
		}
		if p[0] != a || p[len(p)-1] != b {
			t.Fatalf("path %v does not run %v -> %v", p, a, b)
		}
		for i := 1; i < len(p); i++ {
			if Distance(p[i-1], p[i]) != 1 {
				t.Fatalf("step %v -> %v is not to a neighbour", p[i-1], p[i])
			}
		}
	})
}

func TestPathGoesAroundAWall(t *testing.T) {
	// Column 3 is impassable except its top hex, row 5.
	wall := func(from, to Axial) int {
		o := to.ToOffset()
		if o.Col == 3 && o.Row != 5 {
			return -1
		}
		return onBoard(5, 5)(from, to)
	}
	a, b := Offset{1, 1}.ToAxial(), Offset{5, 1}.ToAxial()
	p, cost, ok := Path(a, b, wall)
	if !ok {
		t.Fatal("no path")
	}
	through := false
	for _, h := range p {
		if h.ToOffset() == (Offset{3, 5}) {
			through = true
		}
	}
	if !through || cost <= Distance(a, b) {
		t.Fatalf("path %v (cost %d) should detour through col 3 row 5", p, cost)
	}
}

func TestPathPrefersCheapSteps(t *testing.T) {
	// Row 1 costs 1 per hex, everything else 5: the path hugs row 1.
	cost := func(from, to Axial) int {
		if onBoard(6, 4)(from, to) < 0 {
			return -1
		}
		if to.ToOffset().Row == 1 {
			return 1
		}
		return 5
	}
	p, total, ok := Path(Offset{1, 1}.ToAxial(), Offset{6, 1}.ToAxial(), cost)
	if !ok || total != 5 || len(p) != 6 {
		t.Fatalf("got %v cost %d ok %v", p, total, ok)
	}
}

func TestPathUnreachable(t *testing.T) {
	none := func(_, _ Axial) int { return -1 }
	if _, _, ok := Path(Axial{0, 0}, Axial{2, 0}, none); ok {
		t.Fatal("found a path where every step is refused")
	}
	if p, c, ok := Path(Axial{1, 1}, Axial{1, 1}, none); !ok || c != 0 || len(p) != 1 {
		t.Fatal("a path to oneself is the hex itself")
	}
}

// Among the many cheapest paths on an open board, Path keeps choosing the
// same one: ties go to the hex reached first, then to neighbour direction.
func TestPathTieBreakIsStable(t *testing.T) {
	cases := []struct {
		from, to Offset
		want     []Offset
	}{
		{Offset{1, 1}, Offset{5, 4}, []Offset{{1, 1}, {2, 1}, {3, 2}, {4, 2}, {5, 3}, {5, 4}}},
		{Offset{6, 1}, Offset{1, 3}, []Offset{{6, 1}, {5, 2}, {4, 2}, {3, 3}, {2, 3}, {1, 3}}},
	}
	for _, c := range cases {
		p, _, ok := Path(c.from.ToAxial(), c.to.ToAxial(), onBoard(8, 8))
		got := make([]Offset, len(p))
		for i, h := range p {
			got[i] = h.ToOffset()
		}
		if !ok || !slices.Equal(got, c.want) {
			t.Errorf("Path %v→%v = %v, want %v", c.from, c.to, got, c.want)
		}
	}
}
