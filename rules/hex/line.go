package hex

import "math"

// Line returns the hexes a straight line from the centre of a to the
// centre of b passes through, a and b included, in order. The line is
// traced twice, nudged a hair to either side; where it runs exactly along
// a hexside the two traces disagree. one and other are equal when it
// never does, and each is contiguous. The nudge is fixed in the plane, so
// which trace passes which side of a hexside does not depend on the
// line's direction. Which of the two hexes on such a hexside counts is
// each system's rule (e.g. LoB 4.0), not geometry's.
func Line(a, b Axial) (one, other []Axial) {
	return trace(a, b, 1), trace(a, b, -1)
}

// OnHexside reports whether the line from a to b runs along a hexside
// anywhere, i.e. whether the two traces of Line differ.
func OnHexside(a, b Axial) bool {
	l, r := Line(a, b)
	for i := range l {
		if l[i] != r[i] {
			return true
		}
	}
	return false
}

// nudge is small next to a hex but large next to float error over any
// map a wargame uses.
const nudge = 1e-6

func trace(a, b Axial, sign float64) []Axial {
	n := Distance(a, b)
	out := make([]Axial, 0, n+1)
	// Cube coordinates x=Q, z=R, y=-Q-R; nudging x, y and z by unequal
	// amounts that sum to zero keeps the point on the cube plane.
	ex, ey, ez := sign*nudge, sign*2*nudge, -sign*3*nudge
	ax, az := float64(a.Q)+ex, float64(a.R)+ez
	bx, bz := float64(b.Q)+ex, float64(b.R)+ez
	ay, by := -float64(a.Q)-float64(a.R)+ey, -float64(b.Q)-float64(b.R)+ey
	for i := 0; i <= n; i++ {
		t := 0.0
		if n > 0 {
			t = float64(i) / float64(n)
		}
		out = append(out, cubeRound(ax+(bx-ax)*t, ay+(by-ay)*t, az+(bz-az)*t))
	}
	return out
}

// cubeRound returns the hex containing the fractional cube point.
func cubeRound(x, y, z float64) Axial {
	rx, ry, rz := math.Round(x), math.Round(y), math.Round(z)
	dx, dy, dz := math.Abs(rx-x), math.Abs(ry-y), math.Abs(rz-z)
	switch {
	case dx > dy && dx > dz:
		rx = -ry - rz
	case dy > dz:
		// ry would be -rx-rz; axial coordinates do not need it.
	default:
		rz = -rx - ry
	}
	return Axial{Q: int(rx), R: int(rz)}
}
