package hex

// Reach returns the least cost from start to every hex reachable at a
// total cost of at most limit, start included at 0; for a negative limit
// it is empty. A step whose cost is negative is refused; unless every step
// costs at least 1, cost must refuse hexes off the map, as for Path.
//
// Reach traces a radius through hexes rather than counting it over them,
// as a Command Radius is (LoB 10.2e): Reach(hq, radius, trace), where trace
// costs 1 a step and returns -1 for a step into a hex an enemy unit holds,
// lists the hexes within the HQ's radius. Because cost sees both hexes of
// a step it can treat an enemy zone of control either way a system's rule
// asks: refuse to enter it (look at to), or enter it but go no further
// (refuse a step whose from is in it, other than from start).
func Reach(start Axial, limit int, cost CostFunc) map[Axial]int {
	if limit < 0 {
		return map[Axial]int{}
	}
	s := newSearch(start)
	defer s.release()
	for {
		it, more := s.next()
		if !more {
			break
		}
		s.relax(it, cost, limit, start, 0)
	}
	out := make(map[Axial]int, len(s.best))
	for k, st := range s.best {
		out[unpack(k)] = st.cost
	}
	return out
}
