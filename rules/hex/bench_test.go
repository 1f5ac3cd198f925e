package hex

import "testing"

// board is a generated 60×40 map: step costs 1 to 3 and about one hex in
// ten impassable, from a fixed linear congruential sequence.
type board struct {
	cost  map[Axial]int
	units []Axial
}

func newBoard() board {
	b := board{cost: map[Axial]int{}}
	x := uint32(12345)
	next := func() uint32 { x = x*1664525 + 1013904223; return x >> 8 }
	for c := 1; c <= 60; c++ {
		for r := 1; r <= 40; r++ {
			v := int(next()%10) + 1
			switch {
			case v == 10:
				v = -1
			default:
				v = v%3 + 1
			}
			b.cost[Offset{c, r}.ToAxial()] = v
		}
	}
	for len(b.units) < 300 {
		a := Offset{int(next()%60) + 1, int(next()%40) + 1}.ToAxial()
		if b.cost[a] > 0 {
			b.units = append(b.units, a)
		}
	}
	return b
}

func (b board) step(_, to Axial) int {
	c, ok := b.cost[to]
	if !ok {
		return -1
	}
	return c
}

func benchPaths(bench *testing.B, find func(a, t Axial, cost CostFunc) ([]Axial, int, bool)) {
	b := newBoard()
	target := Offset{30, 20}.ToAxial()
	b.cost[target] = 1
	bench.ResetTimer()
	for bench.Loop() {
		for _, u := range b.units {
			find(u, target, b.step)
		}
	}
	bench.ReportMetric(float64(len(b.units)*bench.N)/bench.Elapsed().Seconds(), "paths/s")
}

// BenchmarkPathEveryUnit: 300 units each find a cheapest path to one
// target on a 60×40 map, with Dijkstra.
func BenchmarkPathEveryUnit(bench *testing.B) { benchPaths(bench, Path) }

// BenchmarkAStarEveryUnit is the same with A*.
func BenchmarkAStarEveryUnit(bench *testing.B) {
	benchPaths(bench, func(a, t Axial, cost CostFunc) ([]Axial, int, bool) { return AStar(a, t, cost, 1) })
}

// BenchmarkReach: a radius-8 flood fill from each of 300 units.
func BenchmarkReach(bench *testing.B) {
	b := newBoard()
	bench.ResetTimer()
	for bench.Loop() {
		for _, u := range b.units {
			Reach(u, 8, b.step)
		}
	}
}
