package hex

// Ring returns the hexes at exactly radius steps from center, in a fixed
// order: counter-clockwise, starting from the one straight below it.
// Radius 0 is the centre alone.
func Ring(center Axial, radius int) []Axial {
	if radius <= 0 {
		return []Axial{center}
	}
	out := make([]Axial, 0, 6*radius)
	// Start radius steps in direction 4 (down) and walk the six sides.
	at := center
	for range radius {
		at = at.Neighbor(4)
	}
	for side := 0; side < 6; side++ {
		for range radius {
			out = append(out, at)
			at = at.Neighbor(side)
		}
	}
	return out
}

// Range returns every hex within radius steps of center, the centre first
// and then ring by ring.
func Range(center Axial, radius int) []Axial {
	out := make([]Axial, 0, 3*radius*(radius+1)+1)
	for r := 0; r <= radius; r++ {
		out = append(out, Ring(center, r)...)
	}
	return out
}
