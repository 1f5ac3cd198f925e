package table

import "fmt"

// Pose places a unit: the centre of its front edge and its heading.
type Pose struct {
	Front   Point
	Heading Angle
}

// String prints a pose as (x, y) facing h.
func (p Pose) String() string { return fmt.Sprintf("%v facing %v", p.Front, p.Heading.Norm()) }

// Body is a unit's rectangular footprint on the table: its pose, its
// frontage (Width) and its depth.
type Body struct {
	ID    string
	Pose  Pose
	Width Length
	Depth Length
}

// Layout describes a formation as a block of bases: Files bases abreast,
// as many ranks as it takes, each base BaseW wide and BaseD deep, with Gap
// between neighbouring bases of a rank (skirmishers).
type Layout struct {
	Bases, Files int
	BaseW, BaseD Length
	Gap          Length
}

// Size returns the frontage and depth of the layout's bounding rectangle.
// It returns an error for a layout with no bases, no files or a base
// without size.
func (l Layout) Size() (w, d Length, err error) {
	if l.Bases < 1 || l.Files < 1 || l.BaseW <= 0 || l.BaseD <= 0 || l.Gap < 0 {
		return 0, 0, fmt.Errorf("table: layout %d bases in %d files of %v × %v with gap %v has no footprint",
			l.Bases, l.Files, l.BaseW, l.BaseD, l.Gap)
	}
	files := min(l.Files, l.Bases)
	ranks := (l.Bases + files - 1) / files
	return Length(files)*l.BaseW + Length(files-1)*l.Gap, Length(ranks) * l.BaseD, nil
}

// NewBody places a unit whose footprint is its layout's bounding
// rectangle.
func NewBody(id string, pose Pose, l Layout) (Body, error) {
	w, d, err := l.Size()
	if err != nil {
		return Body{}, fmt.Errorf("table: unit %s: %w", id, err)
	}
	if !pose.Front.InRange() {
		return Body{}, fmt.Errorf("table: unit %s stands at %v, beyond the %v limit", id, pose.Front, MaxCoord)
	}
	return Body{ID: id, Pose: Pose{Front: pose.Front, Heading: pose.Heading.Norm()}, Width: w, Depth: d}, nil
}

// Corners returns the front-left, front-right, rear-right and rear-left
// corners, each rounded to the thousandth.
func (b Body) Corners() [4]Point {
	h, f := b.Pose.Heading, b.Pose.Front
	half := b.Width / 2
	return [4]Point{
		offset(f, h, 0, -half),
		offset(f, h, 0, b.Width-half),
		offset(f, h, -b.Depth, b.Width-half),
		offset(f, h, -b.Depth, -half),
	}
}

// Footprint returns the body's rectangle as a polygon.
func (b Body) Footprint() Polygon {
	c := b.Corners()
	return hull(c[:])
}

// Centre returns the centre of the footprint, used to measure shooting
// range.
func (b Body) Centre() Point {
	return offset(b.Pose.Front, b.Pose.Heading, -b.Depth/2, 0)
}

// FrontEdge returns the front-left and front-right corners.
func (b Body) FrontEdge() (Point, Point) {
	c := b.Corners()
	return c[0], c[1]
}

// Local returns p in the body's own frame, rounded to the thousandth:
// Right is the distance to the right of the front centre (negative to the
// left), Ahead the distance in front of the front edge (negative behind).
func (b Body) Local(p Point) (right, ahead Length) {
	dx, dy := unit(b.Pose.Heading)
	d := p.Sub(b.Pose.Front)
	ahead = snap(float64(float64(d.X)*dx) + float64(float64(d.Y)*dy))
	right = snap(float64(float64(d.X)*dy) - float64(float64(d.Y)*dx))
	return right, ahead
}

// Quarter is one of the four regions around a unit bounded by its sides
// and the 45° lines from its corners, or its own footprint.
type Quarter int

// The quarters, with Inside for a point on or in the footprint.
const (
	Inside Quarter = iota
	Front
	RightFlank
	Rear
	LeftFlank
)

func (q Quarter) String() string {
	return [...]string{"inside", "front", "right flank", "rear", "left flank"}[q]
}

// Flank reports whether q is either flank.
func (q Quarter) Flank() bool { return q == RightFlank || q == LeftFlank }

// Placement is the quarter a point lies in and the local offsets that
// decided it, for the report.
type Placement struct {
	Quarter Quarter
	// Right and Ahead are the point's offsets from the front centre in the
	// unit's frame (see Body.Local).
	Right, Ahead Length
	// Beyond is how far the point lies outside the unit's sides: 0 if it
	// lies between them, otherwise its distance past the nearer side.
	Beyond Length
}

// QuarterOf returns which quarter of b holds p. The four quarters and the
// footprint partition the table: each point gets exactly one. The front
// quarter is everything at least as far ahead of the front edge as it is
// beyond the sides (Ahead ≥ Beyond), the rear quarter likewise behind the
// rear edge, and the flanks the rest to either side, so a point exactly on
// a 45° corner line belongs to the front or rear quarter. See the ACW
// sheet, FLANK AND REAR CHARGES (seed L349-351) and MEASURING DISTANCE &
// ARCS (seed L182): "45° arcs from each corner of the unit".
func QuarterOf(b Body, p Point) Placement {
	right, ahead := b.Local(p)
	pl := Placement{Right: right, Ahead: ahead}
	lo, hi := -(b.Width / 2), b.Width-b.Width/2
	switch {
	case right < lo:
		pl.Beyond = lo - right
	case right > hi:
		pl.Beyond = right - hi
	}
	behind := -b.Depth - ahead
	switch {
	case pl.Beyond == 0 && ahead <= 0 && behind <= 0:
		pl.Quarter = Inside
	case ahead > 0 && ahead >= pl.Beyond:
		pl.Quarter = Front
	case behind > 0 && behind >= pl.Beyond:
		pl.Quarter = Rear
	case right < 0:
		pl.Quarter = LeftFlank
	default:
		pl.Quarter = RightFlank
	}
	return pl
}
