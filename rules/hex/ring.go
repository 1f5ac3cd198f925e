package hex

// Scale returns a with both coordinates multiplied by k: k steps in the
// direction a names when a is one of Directions.
func (a Axial) Scale(k int) Axial { return Axial{a.Q * k, a.R * k} }

// Ring returns the hexes exactly radius steps from center: 6*radius of
// them, or center alone for radius 0, and none for a negative radius. The
// order is fixed: it starts radius steps straight down (direction 4) and
// goes counter-clockwise, so a rule that walks the ring is deterministic.
func Ring(center Axial, radius int) []Axial {
	if radius < 0 {
		return nil
	}
	if radius == 0 {
		return []Axial{center}
	}
	out := make([]Axial, 0, 6*radius)
	return appendRing(out, center, radius)
}

// appendRing appends the ring of radius > 0 in Ring's order.
func appendRing(out []Axial, center Axial, radius int) []Axial {
	h := center.Add(Directions[4].Scale(radius))
	for d := 0; d < 6; d++ {
		for range radius {
			out = append(out, h)
			h = h.Neighbor(d)
		}
	}
	return out
}

// Range returns every hex within radius steps of center, center included:
// 3*radius*(radius+1)+1 of them, nearest first. Each ring is in Ring's
// order. A negative radius gives none.
func Range(center Axial, radius int) []Axial {
	if radius < 0 {
		return nil
	}
	out := make([]Axial, 1, 3*radius*(radius+1)+1)
	out[0] = center
	for r := 1; r <= radius; r++ {
		out = appendRing(out, center, r)
	}
	return out
}
