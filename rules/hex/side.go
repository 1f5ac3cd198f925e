package hex

// Side identifies a hexside: the edge between a hex and its neighbour in
// direction Dir. It is kept in a canonical form (Dir 0, 1 or 2, named from
// the hex below-left of the edge), so the same edge named from either of
// its hexes is the same value and can key a map of hexside features.
type Side struct {
	Hex Axial
	Dir int // 0, 1 or 2: see Directions
}

// Side returns the hexside of a in direction dir (0..5).
func (a Axial) Side(dir int) Side {
	dir = ((dir % 6) + 6) % 6
	if dir < 3 {
		return Side{a, dir}
	}
	return Side{a.Neighbor(dir), dir - 3}
}

// SideBetween returns the hexside between two neighbouring hexes; ok is
// false when they are not neighbours.
func SideBetween(a, b Axial) (s Side, ok bool) {
	for d := 0; d < 6; d++ {
		if a.Neighbor(d) == b {
			return a.Side(d), true
		}
	}
	return Side{}, false
}

// Hexes returns the two hexes on either side of s.
func (s Side) Hexes() (Axial, Axial) { return s.Hex, s.Hex.Neighbor(s.Dir) }

// Vertex identifies a hex corner, shared by three hexes. Corner i of a hex
// lies between its hexsides i-1 and i. The canonical form names the corner
// as corner 0 or 1 of one of its hexes, so it is comparable.
type Vertex struct {
	Hex    Axial
	Corner int // 0 or 1
}

// Vertex returns corner i (0..5) of a: the corner between its hexsides in
// directions i-1 and i.
func (a Axial) Vertex(i int) Vertex {
	i = ((i % 6) + 6) % 6
	// The three hexes at a corner are a and its neighbours in directions
	// i-1 and i. Each names the corner with a different index; pick the
	// one whose index is 0 or 1.
	for k, h := range [3]Axial{a, a.Neighbor(i - 1), a.Neighbor(i)} {
		idx := (i + [3]int{0, 2, 4}[k]) % 6
		if idx < 2 {
			return Vertex{h, idx}
		}
	}
	panic("hex: no canonical corner") // unreachable: indices i, i+2, i+4 cover 0 or 1
}

// Hexes returns the three hexes that meet at v.
func (v Vertex) Hexes() [3]Axial {
	i := v.Corner
	return [3]Axial{v.Hex, v.Hex.Neighbor(i - 1), v.Hex.Neighbor(i)}
}

// Vertices returns the two ends of s.
func (s Side) Vertices() [2]Vertex {
	return [2]Vertex{s.Hex.Vertex(s.Dir), s.Hex.Vertex(s.Dir + 1)}
}

// LineSides returns the hexsides the straight line from a to b runs
// exactly along: where the two nudged traces of Line pass either side.
func LineSides(a, b Axial) []Side {
	l, r := Line(a, b)
	var out []Side
	for i := range l {
		if l[i] != r[i] {
			if s, ok := SideBetween(l[i], r[i]); ok {
				out = append(out, s)
			}
		}
	}
	return out
}
