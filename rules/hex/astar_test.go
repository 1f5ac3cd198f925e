package hex

import (
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// randomBoard is a small map with random terrain costs from minCost up,
// random walls and a random surcharge on some hexsides.
type randomBoard struct {
	cols, rows int
	terrain    []int // -1 is a wall
	sides      []int // surcharge by sideIndex
}

func drawBoard(t *rapid.T, minCost int) *randomBoard {
	b := &randomBoard{cols: rapid.IntRange(1, 14).Draw(t, "cols"), rows: rapid.IntRange(1, 12).Draw(t, "rows")}
	n := b.cols * b.rows
	b.terrain = rapid.SliceOfN(rapid.IntRange(minCost-1, minCost+4), n, n).Draw(t, "terrain")
	for i, c := range b.terrain {
		if c < minCost {
			b.terrain[i] = -1
		}
	}
	b.sides = rapid.SliceOfN(rapid.IntRange(0, 3), 1, 17).Draw(t, "sides")
	return b
}

// step costs the terrain entered plus the surcharge of the hexside crossed.
func (b *randomBoard) step(from, to Axial) int {
	o := to.ToOffset()
	if o.Col < 1 || o.Col > b.cols || o.Row < 1 || o.Row > b.rows {
		return -1
	}
	c := b.terrain[(o.Row-1)*b.cols+o.Col-1]
	if c < 0 {
		return -1
	}
	s, _ := SideBetween(from, to)
	return c + b.sides[((s.Hex.Q*7+s.Hex.R*13+s.Dir)%len(b.sides)+len(b.sides))%len(b.sides)]
}

func (b *randomBoard) draw(t *rapid.T, name string) Axial {
	return Offset{rapid.IntRange(1, b.cols).Draw(t, name+"c"), rapid.IntRange(1, b.rows).Draw(t, name+"r")}.ToAxial()
}

func TestAStarCostsWhatPathCosts(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		minCost := rapid.IntRange(1, 3).Draw(t, "minCost")
		board := drawBoard(t, minCost)
		a, b := board.draw(t, "a"), board.draw(t, "b")
		_, want, wantOK := Path(a, b, board.step)
		p, total, ok := AStar(a, b, board.step, minCost)
		if ok != wantOK || total != want {
			t.Fatalf("AStar %v→%v: %d %v; Path: %d %v", a, b, total, ok, want, wantOK)
		}
		if ok {
			checkPath(t, p, a, b, total, board.step)
		}
	})
}

func TestAStarWithoutEstimateIsPath(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		board := drawBoard(t, 1)
		a, b := board.draw(t, "a"), board.draw(t, "b")
		p, total, ok := Path(a, b, board.step)
		q, qTotal, qOK := AStar(a, b, board.step, 0)
		if !slices.Equal(p, q) || total != qTotal || ok != qOK {
			t.Fatalf("AStar(0) = %v %d %v, Path = %v %d %v", q, qTotal, qOK, p, total, ok)
		}
	})
}

func TestAStarLooksAtFewerHexes(t *testing.T) {
	a, b := Offset{1, 10}.ToAxial(), Offset{30, 10}.ToAxial()
	looked := func(search func(CostFunc)) int {
		n := 0
		search(func(from, to Axial) int { n++; return onBoard(30, 20)(from, to) })
		return n
	}
	dijkstra := looked(func(c CostFunc) { Path(a, b, c) })
	astar := looked(func(c CostFunc) { AStar(a, b, c, 1) })
	if astar*3 > dijkstra {
		t.Fatalf("AStar priced %d steps, Path %d", astar, dijkstra)
	}
}

// checkPath fails unless p runs from a to b in allowed steps costing total.
func checkPath(t *rapid.T, p []Axial, a, b Axial, total int, cost CostFunc) {
	if p[0] != a || p[len(p)-1] != b {
		t.Fatalf("path %v does not run %v→%v", p, a, b)
	}
	sum := 0
	for i := 1; i < len(p); i++ {
		c := cost(p[i-1], p[i])
		if Distance(p[i-1], p[i]) != 1 || c < 0 {
			t.Fatalf("step %v→%v not allowed", p[i-1], p[i])
		}
		sum += c
	}
	if sum != total {
		t.Fatalf("path %v costs %d, reported %d", p, sum, total)
	}
}
