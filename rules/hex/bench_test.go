package hex

import "testing"

// benchBoard is a generated 60×40 map: terrain costs 1 to 3 and about one
// hex in ten impassable, drawn from a fixed LCG so every run is the same.
type benchBoard struct {
	cols, rows int
	cost       []int // by (row-1)*cols + col-1; -1 is impassable
	seed       uint64
}

func newBenchBoard() *benchBoard {
	b := &benchBoard{cols: 60, rows: 40, seed: 1}
	b.cost = make([]int, b.cols*b.rows)
	for i := range b.cost {
		if b.next(10) == 0 {
			b.cost[i] = -1
		} else {
			b.cost[i] = 1 + b.next(3)
		}
	}
	b.cost[b.index(b.target().ToOffset())] = 1
	return b
}

// next returns a pseudo-random number in [0, n) from Knuth's MMIX LCG.
func (b *benchBoard) next(n int) int {
	b.seed = b.seed*6364136223846793005 + 1442695040888963407
	return int((b.seed >> 33) % uint64(n))
}

func (b *benchBoard) index(o Offset) int { return (o.Row-1)*b.cols + o.Col - 1 }

// step is the board's CostFunc: the cost of the hex entered.
func (b *benchBoard) step(_, to Axial) int {
	o := to.ToOffset()
	if o.Col < 1 || o.Col > b.cols || o.Row < 1 || o.Row > b.rows {
		return -1
	}
	return b.cost[b.index(o)]
}

func (b *benchBoard) target() Axial { return Offset{30, 20}.ToAxial() }

// units returns n distinct passable hexes other than the target.
func (b *benchBoard) units(n int) []Axial {
	taken := map[Axial]bool{b.target(): true}
	out := make([]Axial, 0, n)
	for len(out) < n {
		h := Offset{1 + b.next(b.cols), 1 + b.next(b.rows)}.ToAxial()
		if !taken[h] && b.step(h, h) > 0 {
			taken[h] = true
			out = append(out, h)
		}
	}
	return out
}

func TestBenchBoard(t *testing.T) {
	b := newBenchBoard()
	walls := 0
	for _, c := range b.cost {
		if c < 0 {
			walls++
		}
	}
	if walls < len(b.cost)/20 || walls > len(b.cost)*3/20 {
		t.Fatalf("%d impassable hexes of %d", walls, len(b.cost))
	}
	reached := 0
	for _, u := range b.units(300) {
		if _, _, ok := Path(u, b.target(), b.step); ok {
			reached++
		}
	}
	if reached < 250 {
		t.Fatalf("only %d of 300 units reach the target", reached)
	}
}

func BenchmarkPathEveryUnit(b *testing.B) {
	board := newBenchBoard()
	units := board.units(300)
	for b.Loop() {
		for _, u := range units {
			Path(u, board.target(), board.step)
		}
	}
	perUnit(b, len(units), "ns/path")
}

func BenchmarkAStarEveryUnit(b *testing.B) {
	board := newBenchBoard()
	units := board.units(300)
	for b.Loop() {
		for _, u := range units {
			AStar(u, board.target(), board.step, 1)
		}
	}
	perUnit(b, len(units), "ns/path")
}

// BenchmarkReach traces a radius of 8 from every unit, as for a Command
// Radius: each step costs 1 and the impassable hexes block it.
func BenchmarkReach(b *testing.B) {
	board := newBenchBoard()
	units := board.units(300)
	trace := func(from, to Axial) int { return min(board.step(from, to), 1) }
	for b.Loop() {
		for _, u := range units {
			Reach(u, 8, trace)
		}
	}
	perUnit(b, len(units), "ns/reach")
}

// perUnit reports the time per unit as well as per run of every unit.
func perUnit(b *testing.B, units int, unit string) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*units), unit)
}
