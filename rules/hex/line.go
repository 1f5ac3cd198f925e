package hex

import "math"

// Line returns a straight line of hexes from a to b: Distance(a, b)+1
// hexes, a and b included, in order, one per step, each holding the point
// of the centre-to-centre segment at that step (the usual hex line
// drawing). Each trace is contiguous.
//
// The segment is traced twice, nudged a hair one way and the other. Where
// a sample falls exactly on a hexside the traces disagree at that index
// and name the two hexes of that side; elsewhere they agree. A sample
// falls on a hexside in two ways:
//   - the segment runs along hexsides, which it does when b-a lies on one
//     of the six axes through hex corners; LineSides lists those sides.
//     Which of the two hexes counts is each system's rule (e.g. LoB 4.0),
//     not geometry's.
//   - the segment crosses a hexside exactly at its midpoint, and passes
//     through both hexes; (0,0) to (4,-1) does so between (2,-1) and (2,0).
//
// The nudges are fixed on the map, not sides of the direction of travel:
// Line(b, a) returns the same two traces reversed, so a line is the same
// hexes whichever end it is traced from. Between two samples the segment
// can clip the corner of a hex that is in neither trace: (0,0) to (-7,1)
// clips (-3,1).
func Line(a, b Axial) (left, right []Axial) {
	return trace(a, b, 1), trace(a, b, -1)
}

// OnHexside reports whether the line from a to b runs along hexsides,
// i.e. whether b-a lies on one of the six axes through hex corners, such as
// (1,1) or (2,-1). The traces of Line then differ at every odd index.
func OnHexside(a, b Axial) bool {
	_, ok := cornerAxis(b.Add(a.Scale(-1)))
	return ok
}

// LineSides returns the hexsides the line from a to b runs exactly along,
// in order from a: the side between left[i] and right[i] of Line at every
// odd index i when OnHexside(a, b), and none otherwise. It is computed
// exactly, without tracing.
func LineSides(a, b Axial) []Side {
	d, ok := cornerAxis(b.Add(a.Scale(-1)))
	if !ok {
		return nil
	}
	step := Directions[d].Add(Directions[mod6(d+1)])
	k := Distance(a, b) / 2
	sides := make([]Side, 0, k)
	for h := a; len(sides) < k; h = h.Add(step) {
		s, _ := SideBetween(h.Neighbor(d), h.Neighbor(d+1))
		sides = append(sides, s)
	}
	return sides
}

// cornerAxis reports whether v is a positive multiple of one of the six
// axes through hex corners, Directions[d]+Directions[d+1], and returns d.
// In cube coordinates those are the vectors with two equal components.
func cornerAxis(v Axial) (d int, ok bool) {
	k := Distance(Axial{}, v) / 2
	if k == 0 {
		return 0, false
	}
	for d := range Directions {
		if Directions[d].Add(Directions[mod6(d+1)]).Scale(k) == v {
			return d, true
		}
	}
	return 0, false
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
