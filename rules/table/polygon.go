package table

import (
	"fmt"
	"slices"
)

// Polygon is a convex polygon with integer vertices in counter-clockwise
// order and no three in a line. Two vertices make a segment (a wall, a
// stretch of fence) and one a point. Build one with Hull.
type Polygon []Point

// Hull returns the convex hull of pts, counter-clockwise from the lowest,
// leftmost point, with collinear points dropped. It returns an error for
// no points or a point out of range.
func Hull(pts ...Point) (Polygon, error) {
	if len(pts) == 0 {
		return nil, fmt.Errorf("table: a polygon needs at least one point")
	}
	for _, p := range pts {
		if !p.InRange() {
			return nil, fmt.Errorf("table: point %v lies beyond the %v limit", p, MaxCoord)
		}
	}
	return hull(pts), nil
}

// hull is Andrew's monotone chain over points already checked for range.
func hull(in []Point) Polygon {
	pts := slices.Clone(in)
	slices.SortFunc(pts, func(a, b Point) int {
		if a.Y != b.Y {
			return cmpLen(a.Y, b.Y)
		}
		return cmpLen(a.X, b.X)
	})
	pts = slices.Compact(pts)
	if len(pts) <= 2 {
		return pts
	}
	h := make([]Point, 0, 2*len(pts))
	for _, p := range pts { // lower chain: y ascending
		for len(h) >= 2 && orient(h[len(h)-2], h[len(h)-1], p) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, p)
	}
	lo := len(h) + 1
	for i := len(pts) - 2; i >= 0; i-- {
		p := pts[i]
		for len(h) >= lo && orient(h[len(h)-2], h[len(h)-1], p) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, p)
	}
	return Polygon(h[:len(h)-1])
}

func cmpLen(a, b Length) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Contains reports whether p lies in the polygon or on its boundary.
func (pg Polygon) Contains(p Point) bool {
	switch len(pg) {
	case 0:
		return false
	case 1:
		return pg[0] == p
	case 2:
		return orient(pg[0], pg[1], p) == 0 && dot(p.Sub(pg[0]), p.Sub(pg[1])) <= 0
	}
	for i := range pg {
		if orient(pg[i], pg[(i+1)%len(pg)], p) < 0 {
			return false
		}
	}
	return true
}

// Overlaps reports whether a and b share more than boundary: their
// interiors meet, or a segment crosses through the other. Polygons that
// only touch along an edge or at a corner do not overlap. It is the
// separating-axis test over the edges of both, in integers.
func Overlaps(a, b Polygon) bool {
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	if min(len(a), len(b)) == 1 && max(len(a), len(b)) < 3 {
		return false // a point has no inside, nor crosses through anything
	}
	return !separates(a, b) && !separates(b, a)
}

// separates reports whether an edge line of p has all of q on its closed
// outer side.
func separates(p, q Polygon) bool {
	switch len(p) {
	case 1:
		return false
	case 2:
		return allSide(p[0], p[1], q, 1) || allSide(p[0], p[1], q, -1)
	}
	for i := range p {
		if allSide(p[i], p[(i+1)%len(p)], q, 1) {
			return true
		}
	}
	return false
}

// allSide reports whether no vertex of q lies strictly on side s (+1 left,
// -1 right) of the line a→b. For a counter-clockwise polygon, s = 1
// asks whether q is entirely on the closed outer side of edge a→b.
func allSide(a, b Point, q Polygon, s int) bool {
	for _, v := range q {
		if orient(a, b, v) == s {
			return false
		}
	}
	return true
}

// Distance is an edge-to-edge distance and where it was measured.
type Distance struct {
	// Gap is the least distance between the two shapes, rounded up to the
	// thousandth of an inch; 0 when they touch or overlap.
	Gap Length
	// From and To are the nearest points on the first and second shape,
	// to the nearest thousandth, for the report.
	From, To Point
}

// String prints the gap and where it was measured.
func (d Distance) String() string { return fmt.Sprintf("%v from %v to %v", d.Gap, d.From, d.To) }

// Within reports whether the gap is at most l.
func (d Distance) Within(l Length) bool { return d.Gap <= l }

// Between returns the edge-to-edge distance between two convex shapes. It
// is symmetric: Between(a, b) and Between(b, a) have the same Gap.
func Between(a, b Polygon) Distance {
	if len(a) == 0 || len(b) == 0 {
		return Distance{}
	}
	if Overlaps(a, b) {
		p := a[0]
		if b.Contains(p) {
			return Distance{From: p, To: p}
		}
		return Distance{From: b[0], To: b[0]}
	}
	best := Distance{Gap: -1}
	scan := func(p, q Polygon, flip bool) {
		for _, v := range q {
			for i := range edges(p) {
				e0, e1 := p[i], p[(i+1)%len(p)]
				g, near := toSegment(v, e0, e1)
				if best.Gap < 0 || g < best.Gap {
					best = Distance{Gap: g, From: near, To: v}
					if flip {
						best.From, best.To = v, near
					}
				}
			}
		}
	}
	scan(a, b, false)
	scan(b, a, true)
	return best
}

// edges returns the number of edges to scan: none for a point, one for a
// segment, one per side otherwise.
func edges(p Polygon) int {
	switch len(p) {
	case 1:
		return 1 // a point is a zero-length segment to itself
	case 2:
		return 1
	}
	return len(p)
}

// toSegment returns the distance from v to segment a-b, rounded up, and
// the nearest point of the segment rounded to the thousandth.
func toSegment(v, a, b Point) (Length, Point) {
	ab, av := b.Sub(a), v.Sub(a)
	t := dot(av, ab)
	l2 := dot(ab, ab)
	if t <= 0 || l2 == 0 {
		return ceilSqrt(uint64(dot(av, av))), a
	}
	if t >= l2 {
		bv := v.Sub(b)
		return ceilSqrt(uint64(dot(bv, bv))), b
	}
	c := abs64(cross(ab, av))
	g := ceilSqrtRatio(mul(c, c), uint64(l2))
	f := float64(t) / float64(l2)
	near := Point{a.X + snap(float64(float64(ab.X)*f)), a.Y + snap(float64(float64(ab.Y)*f))}
	return g, near
}

// PointDistance returns the distance from p to the shape, rounded up.
func PointDistance(p Point, pg Polygon) Distance {
	return Between(Polygon{p}, pg)
}
