package hex

import "sync"

// CostFunc gives the cost of one step between neighbouring hexes, or a
// negative number when the step is not allowed (off the map, impassable).
// It sees both hexes of the step, so a cost may depend on the hexside
// crossed (a stream, a wall, a road running through it) as well as on the
// hex entered; SideBetween(from, to) names that hexside.
type CostFunc func(from, to Axial) int

// Path finds a cheapest path from a to b with Dijkstra's algorithm. The
// path starts with a and ends with b; its total cost is returned too. The
// search only visits hexes that cost lets it step into, so cost must refuse
// hexes off the map. Ties are broken by the order in which hexes were first
// reached and by neighbour direction, so the answer is deterministic.
func Path(a, b Axial, cost CostFunc) (path []Axial, total int, ok bool) {
	return shortest(a, b, cost, 0)
}

// AStar finds a cheapest path from a to b like Path, but searches towards
// b first, using Distance to b times minStep as the A* estimate of the
// cost still to come, so it usually looks at far fewer hexes. minStep must
// be no more than the cheapest step cost allows (cheapest terrain plus
// cheapest hexside), or the path may not be a cheapest one; with minStep 0
// AStar is Path. Where several paths are cheapest AStar may
// choose another than Path, at the same total. Ties between equal
// estimates go to the hex nearer b, then as in Path, so the answer is
// deterministic.
func AStar(a, b Axial, cost CostFunc, minStep int) (path []Axial, total int, ok bool) {
	return shortest(a, b, cost, max(minStep, 0))
}

// shortest is Path, or A* when minStep > 0.
func shortest(a, b Axial, cost CostFunc, minStep int) (path []Axial, total int, ok bool) {
	if a == b {
		return []Axial{a}, 0, true
	}
	s := newSearch(a)
	defer s.release()
	for {
		it, more := s.next()
		if !more {
			return nil, 0, false
		}
		if it.at == b {
			return s.walkBack(a, b), it.cost, true
		}
		s.relax(it, cost, maxCost, b, minStep)
	}
}

// maxCost is a limit no search reaches.
const maxCost = int(^uint(0) >> 1)

// search is the state of a Dijkstra or A* search: for every hex reached
// the best cost found so far and the hex it was reached from, and the open
// hexes. Hexes are keyed by pack.
type search struct {
	best map[uint64]step
	open frontier
	seq  int
}

// step is how a search best reached a hex.
type step struct {
	cost int
	from Axial
}

// searches keeps the state of finished searches for reuse, so a search
// does not grow its map and heap from nothing each time.
var searches = sync.Pool{New: func() any {
	return &search{best: map[uint64]step{}, open: make(frontier, 0, 64)}
}}

// newSearch returns an empty search from start; release it when done.
func newSearch(start Axial) *search {
	s := searches.Get().(*search)
	s.best[pack(start)] = step{}
	s.open.push(item{at: start})
	return s
}

// release empties s and returns it for reuse.
func (s *search) release() {
	clear(s.best)
	s.open, s.seq = s.open[:0], 0
	searches.Put(s)
}

// next pops the open hex with the lowest key, skipping entries made stale
// by a cheaper way found later; false when none is left.
func (s *search) next() (item, bool) {
	for len(s.open) > 0 {
		it := s.open.pop()
		if it.cost <= s.best[pack(it.at)].cost {
			return it, true
		}
	}
	return item{}, false
}

// relax offers the neighbours of it, in direction order, at no more than
// limit. Each is keyed by its cost plus minStep per hex still to go to goal.
func (s *search) relax(it item, cost CostFunc, limit int, goal Axial, minStep int) {
	for d := range Directions {
		n := it.at.Neighbor(d)
		c := cost(it.at, n)
		if c < 0 {
			continue
		}
		nd := it.cost + c
		if nd > limit {
			continue
		}
		k := pack(n)
		if old, seen := s.best[k]; seen && old.cost <= nd {
			continue
		}
		s.best[k] = step{nd, it.at}
		key := nd
		if minStep > 0 {
			key += Distance(n, goal) * minStep
		}
		s.seq++
		s.open.push(item{at: n, key: key, cost: nd, seq: s.seq})
	}
}

// walkBack returns the path to b that the search recorded.
func (s *search) walkBack(a, b Axial) []Axial {
	n := 1
	for at := b; at != a; at = s.best[pack(at)].from {
		n++
	}
	path := make([]Axial, n)
	for at := b; ; at = s.best[pack(at)].from {
		n--
		path[n] = at
		if at == a {
			return path
		}
	}
}

// pack makes a map key of a hex, which is hashed faster than Axial. It is
// one to one for coordinates that fit in 32 bits, far beyond any map.
func pack(a Axial) uint64 {
	return uint64(uint32(int32(a.Q)))<<32 | uint64(uint32(int32(a.R)))
}

// unpack undoes pack.
func unpack(k uint64) Axial { return Axial{int(int32(k >> 32)), int(int32(k))} }
