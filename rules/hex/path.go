package hex

import "container/heap"

// CostFunc gives the cost of one step between neighbouring hexes, or a
// negative number when the step is not allowed (off the map, impassable).
type CostFunc func(from, to Axial) int

// Path finds a cheapest path from a to b with Dijkstra's algorithm. The
// path starts with a and ends with b; its total cost is returned too. The
// search only visits hexes that cost lets it step into, so cost must refuse
// hexes off the map. Ties are broken by the order in which hexes were first
// reached and by neighbour direction, so the answer is deterministic.
func Path(a, b Axial, cost CostFunc) (path []Axial, total int, ok bool) {
	if a == b {
		return []Axial{a}, 0, true
	}
	dist := map[Axial]int{a: 0}
	prev := map[Axial]Axial{}
	q := &queue{}
	seq := 0
	heap.Push(q, item{a, 0, seq})
	for q.Len() > 0 {
		it := heap.Pop(q).(item)
		if it.cost > dist[it.at] {
			continue
		}
		if it.at == b {
			return walkBack(prev, a, b), it.cost, true
		}
		for d := 0; d < 6; d++ {
			n := it.at.Neighbor(d)
			c := cost(it.at, n)
			if c < 0 {
				continue
			}
			nd := it.cost + c
			if old, seen := dist[n]; seen && old <= nd {
				continue
			}
			dist[n], prev[n] = nd, it.at
			seq++
			heap.Push(q, item{n, nd, seq})
		}
	}
	return nil, 0, false
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
