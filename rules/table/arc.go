package table

// Range is the shooting distance: from the centre of the shooter to the
// nearest part of the target's footprint, rounded up. See ACW sheet,
// MEASURING DISTANCE & ARCS (seed L178-180).
func Range(shooter, target Body) Distance {
	return PointDistance(shooter.Centre(), target.Footprint())
}

// reach is how far the corner lines of a quarter are drawn: past any
// point of a table within MaxCoord.
const reach = 3 * MaxCoord

// QuarterShape returns quarter q of b as a convex polygon, its open side
// closed far beyond the table. Flanks and rear are drawn the same way as
// the front.
func QuarterShape(b Body, q Quarter) Polygon {
	a, c, out, err := Face(b, q)
	if err != nil {
		return b.Footprint()
	}
	// Seen from outside the face, a is its left end and c its right.
	return hull([]Point{a, c, offset(c, out+450, reach, 0), offset(a, out-450, reach, 0)})
}

// Arc is whether a target is in a shooter's front arc and what decided
// it.
type Arc struct {
	In bool
	// Corner is the target corner found in the front quarter, with its
	// placement, when one is; a target can also straddle the arc with all
	// its corners outside it.
	Corner    Point
	Placement Placement
	Straddles bool
}

// InArc reports whether any part of target's footprint lies in shooter's
// front quarter, bounded by the lines at 45° off its front corners (ACW
// sheet, MEASURING DISTANCE & ARCS, seed L182). A target that only touches
// the 45° line counts as in the arc.
func InArc(shooter, target Body) Arc {
	tc := target.Corners()
	for _, p := range tc {
		if pl := QuarterOf(shooter, p); pl.Quarter == Front {
			return Arc{In: true, Corner: p, Placement: pl}
		}
	}
	if Overlaps(QuarterShape(shooter, Front), target.Footprint()) {
		return Arc{In: true, Straddles: true}
	}
	return Arc{}
}
