package hex

import "container/heap"

// CostFunc gives the cost of one step between neighbouring hexes, or a
// negative number when the step is not allowed (off the map, impassable).
type CostFunc func(from, to Axial) int

// Path finds a cheapest path from a to b with Dijkstra's algorithm. The
// path starts with a and ends with b; its total cost is returned too. The
// search only visits hexes that cost lets it step into, so cost must refuse
// hexes off the map. Costs may depend on the hexside crossed, since cost
// gets both ends of each step. Ties are broken by the order in which hexes
// were first reached and by neighbour direction, so the answer is
// deterministic.
func Path(a, b Axial, cost CostFunc) (path []Axial, total int, ok bool) {
	return search(a, b, cost, func(Axial) int { return 0 })
}

// AStar is Path guided towards b: minStep must be no more than the cheapest
// step cost anywhere, so that minStep times the distance left never
// overestimates (then the cost found is the least, as with Path).
func AStar(a, b Axial, cost CostFunc, minStep int) (path []Axial, total int, ok bool) {
	return search(a, b, cost, func(x Axial) int { return minStep * Distance(x, b) })
}

func search(a, b Axial, cost CostFunc, h func(Axial) int) (path []Axial, total int, ok bool) {
	if a == b {
		return []Axial{a}, 0, true
	}
	dist := map[Axial]int{a: 0}
	prev := map[Axial]Axial{}
	q := &queue{}
	seq := 0
	heap.Push(q, item{a, h(a), seq})
	for q.Len() > 0 {
		it := heap.Pop(q).(item)
		g := dist[it.at]
		if it.cost > g+h(it.at) {
			continue // a stale entry: a cheaper way here was found later
		}
		if it.at == b {
			return walkBack(prev, a, b), g, true
		}
		for d := 0; d < 6; d++ {
			n := it.at.Neighbor(d)
			c := cost(it.at, n)
			if c < 0 {
				continue
			}
			nd := g + c
			if old, seen := dist[n]; seen && old <= nd {
				continue
			}
			dist[n], prev[n] = nd, it.at
			seq++
			heap.Push(q, item{n, nd + h(n), seq})
		}
	}
	return nil, 0, false
}

// Reach is a flood fill bounded by cost: the least cost from start to
// every hex reachable for at most limit, start included at 0. A step whose
// cost is negative is blocked. This is how a command radius is traced
// when enemy units and their zones of control block it (LoB 10.2e): the
// system's CostFunc returns -1 for such hexes.
func Reach(start Axial, limit int, cost CostFunc) map[Axial]int {
	dist := map[Axial]int{start: 0}
	q := &queue{}
	seq := 0
	heap.Push(q, item{start, 0, seq})
	for q.Len() > 0 {
		it := heap.Pop(q).(item)
		if it.cost > dist[it.at] {
			continue
		}
		for d := 0; d < 6; d++ {
			n := it.at.Neighbor(d)
			c := cost(it.at, n)
			if c < 0 || it.cost+c > limit {
				continue
			}
			nd := it.cost + c
			if old, seen := dist[n]; seen && old <= nd {
				continue
			}
			dist[n] = nd
			seq++
			heap.Push(q, item{n, nd, seq})
		}
	}
	return dist
}

func walkBack(prev map[Axial]Axial, a, b Axial) []Axial {
	var rev []Axial
	for at := b; at != a; at = prev[at] {
		rev = append(rev, at)
	}
	rev = append(rev, a)
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev
}

type item struct {
	at   Axial
	cost int
	seq  int
}

type queue []item

func (q queue) Len() int { return len(q) }
func (q queue) Less(i, j int) bool {
	if q[i].cost != q[j].cost {
		return q[i].cost < q[j].cost
	}
	return q[i].seq < q[j].seq
}
func (q queue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *queue) Push(x any)   { *q = append(*q, x.(item)) }
func (q *queue) Pop() any {
	old := *q
	it := old[len(old)-1]
	*q = old[:len(old)-1]
	return it
}
