package hex

// Side is a hexside: the edge between two neighbouring hexes. Its canonical
// form names it from the lower of the two, Dir 0 (up-right), 1 (up) or 2
// (up-left), so the same edge is the same value whichever of its two hexes
// it is named from and Side can key a map of hexside features (streams,
// walls, bridges).
type Side struct {
	Hex Axial
	Dir int
}

// Side returns the hexside of a in direction dir (0..5, taken modulo 6), in
// canonical form: a.Side(d) == a.Neighbor(d).Side(d+3).
func (a Axial) Side(dir int) Side {
	dir = mod6(dir)
	if dir >= 3 {
		return Side{Hex: a.Neighbor(dir), Dir: dir - 3}
	}
	return Side{Hex: a, Dir: dir}
}

// SideBetween returns the hexside between a and b, and false when they are
// not neighbours.
func SideBetween(a, b Axial) (Side, bool) {
	for d := range Directions {
		if a.Neighbor(d) == b {
			return a.Side(d), true
		}
	}
	return Side{}, false
}

// Hexes returns the two hexes the side separates: s.Hex first, then its
// neighbour across the side.
func (s Side) Hexes() (Axial, Axial) { return s.Hex, s.Hex.Neighbor(s.Dir) }

// Vertices returns the two corners at the ends of the side. Side d of a
// hex runs from its vertex d to its vertex d+1.
func (s Side) Vertices() [2]Vertex {
	return [2]Vertex{s.Hex.Vertex(s.Dir), s.Hex.Vertex(s.Dir + 1)}
}

// Vertex is a hex corner, where three hexes meet. Its canonical form names
// it as the east corner (Corner 0) or the west corner (Corner 3) of one of
// those hexes; every corner of the grid is exactly one of these, so equal
// corners are equal values.
type Vertex struct {
	Hex    Axial
	Corner int
}

// Vertex returns corner i (0..5, taken modulo 6) of a in canonical form.
// Corner 0 is the east corner and they go counter-clockwise, 60° apart, so
// corner i lies between the sides to Neighbor(i-1) and Neighbor(i).
func (a Axial) Vertex(i int) Vertex {
	switch mod6(i) {
	case 0:
		return Vertex{a, 0}
	case 1:
		return Vertex{a.Neighbor(0), 3}
	case 2:
		return Vertex{a.Neighbor(2), 0}
	case 3:
		return Vertex{a, 3}
	case 4:
		return Vertex{a.Neighbor(3), 0}
	default:
		return Vertex{a.Neighbor(5), 3}
	}
}

// Hexes returns the three hexes that meet at the corner, v.Hex first.
func (v Vertex) Hexes() [3]Axial {
	return [3]Axial{v.Hex, v.Hex.Neighbor(v.Corner - 1), v.Hex.Neighbor(v.Corner)}
}

func mod6(i int) int { return ((i % 6) + 6) % 6 }
