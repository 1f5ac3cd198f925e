package table

import (
	"fmt"
	"slices"
)

// ShootingGap is the narrowest gap between two units that a line of sight
// may pass through: "A gap of at least 6" is necessary to shoot between
// units" (ACW sheet, LINE OF SIGHT, seed L176).
const ShootingGap = 6 * Inch

// DefaultSamples is how many points of an edge the line-of-sight test
// looks from or at, both corners included.
const DefaultSamples = 11

// Feature is a piece of terrain: a convex polygon, segment or point with
// an id the report can name. Scenarios split other shapes into convex
// pieces.
type Feature struct {
	ID    string
	Shape Polygon
}

// Screen is everything on the table that can block a line of sight at one
// moment: unit footprints, LOS-blocking terrain and the hull of every pair
// of units closer than ShootingGap. Build it once per pose of the table
// and ask it many questions.
type Screen struct {
	samples int
	bodies  map[string]Body
	shapes  map[string]Polygon
	blocks  []blocker
}

// blocker is one shape that stops sight, and the units it is made of (so
// a line between two units is not stopped by either of them).
type blocker struct {
	id      string
	shape   Polygon
	box     box
	members [2]string
}

type box struct{ lo, hi Point }

func boxOf(p Polygon) box {
	b := box{p[0], p[0]}
	for _, v := range p[1:] {
		b.lo.X, b.lo.Y = min(b.lo.X, v.X), min(b.lo.Y, v.Y)
		b.hi.X, b.hi.Y = max(b.hi.X, v.X), max(b.hi.Y, v.Y)
	}
	return b
}

func (a box) meets(b box) bool {
	return a.lo.X <= b.hi.X && b.lo.X <= a.hi.X && a.lo.Y <= b.hi.Y && b.lo.Y <= a.hi.Y
}

// NewScreen builds the screen for bodies and LOS-blocking terrain. Sample
// counts below 2 take DefaultSamples. Body ids must be unique and not
// empty.
func NewScreen(bodies []Body, terrain []Feature, samples int) (*Screen, error) {
	if samples < 2 {
		samples = DefaultSamples
	}
	s := &Screen{samples: samples, bodies: map[string]Body{}, shapes: map[string]Polygon{}}
	for _, b := range bodies {
		if b.ID == "" {
			return nil, fmt.Errorf("table: a unit on the table has no id")
		}
		if _, dup := s.bodies[b.ID]; dup {
			return nil, fmt.Errorf("table: unit id %q appears twice", b.ID)
		}
		s.bodies[b.ID] = b
		fp := b.Footprint()
		s.shapes[b.ID] = fp
		s.blocks = append(s.blocks, blocker{id: b.ID, shape: fp, box: boxOf(fp), members: [2]string{b.ID, b.ID}})
	}
	for _, f := range terrain {
		if len(f.Shape) == 0 {
			return nil, fmt.Errorf("table: terrain %q has no shape", f.ID)
		}
		s.blocks = append(s.blocks, blocker{id: f.ID, shape: f.Shape, box: boxOf(f.Shape)})
	}
	// See ACW sheet, LINE OF SIGHT (seed L176): a gap under 6" between two
	// units blocks sight as if it were solid.
	boxes := make([]box, len(bodies))
	for i, b := range bodies {
		boxes[i] = boxOf(s.shapes[b.ID])
	}
	for i, a := range bodies {
		grown := box{Point{boxes[i].lo.X - ShootingGap, boxes[i].lo.Y - ShootingGap},
			Point{boxes[i].hi.X + ShootingGap, boxes[i].hi.Y + ShootingGap}}
		for j, b := range bodies[i+1:] {
			if !grown.meets(boxes[i+1+j]) {
				continue // 6" or more apart along an axis
			}
			pa, pb := s.shapes[a.ID], s.shapes[b.ID]
			if d := Between(pa, pb); d.Gap < ShootingGap {
				h := hull(append(slices.Clone(pa), pb...))
				s.blocks = append(s.blocks, blocker{id: "gap " + a.ID + "/" + b.ID, shape: h, box: boxOf(h),
					members: [2]string{a.ID, b.ID}})
			}
		}
	}
	return s, nil
}

// Sight is the outcome of a line-of-sight check and the counts that
// decided it.
type Sight struct {
	// Good is the verdict: at least half the target's samples are seen
	// and at least half the shooter's samples see the target.
	Good bool
	// TargetSeen of TargetSamples points of the target's sides facing the
	// shooter are seen from some point of the shooter's front edge.
	TargetSeen, TargetSamples int
	// ShooterSeeing of ShooterSamples points of the shooter's front edge
	// see some point of the target.
	ShooterSeeing, ShooterSamples int
	// Blockers names, sorted, every unit, terrain feature or gap under 6"
	// that stopped at least one line.
	Blockers []string
}

// Complete reports whether every line was clear: a good sight with no
// point of the target hidden. (The ACW rulings count a partly hidden
// target as obscured.)
func (s Sight) Complete() bool { return s.Good && s.TargetSeen == s.TargetSamples }

// String prints the verdict with its counts.
func (s Sight) String() string {
	v := "blocked"
	if s.Good {
		v = "clear"
	}
	out := fmt.Sprintf("LOS %s: %d/%d of target seen, %d/%d of shooter sees", v,
		s.TargetSeen, s.TargetSamples, s.ShooterSeeing, s.ShooterSamples)
	if len(s.Blockers) > 0 {
		out += fmt.Sprintf(" (blocked by %v)", s.Blockers)
	}
	return out
}

// Sight checks the line of sight from shooter to target by the ACW
// sheet's rule (LINE OF SIGHT, seed L174-176): lines from the shooter's
// front edge (its corners and evenly spaced points between) to the
// target's sides that face the shooter; LOS is good if at least ½ of the
// target is visible and ½ of the shooter can see it. Every unit other than
// the two, every blocking terrain feature and every gap under 6" between
// two other units stops a line that passes through its inside; a line that
// only grazes a corner or runs along an edge is not stopped.
func (s *Screen) Sight(shooter, target string) (Sight, error) {
	a, ok := s.bodies[shooter]
	if !ok {
		return Sight{}, fmt.Errorf("table: no unit %q on the table", shooter)
	}
	if _, ok := s.bodies[target]; !ok {
		return Sight{}, fmt.Errorf("table: no unit %q on the table", target)
	}
	if shooter == target {
		return Sight{}, fmt.Errorf("table: unit %q cannot look at itself", shooter)
	}
	fl, fr := a.FrontEdge()
	from := sampleEdge(fl, fr, s.samples)
	to := facingSamples(s.shapes[target], a.Centre(), s.samples)
	near := s.between(shooter, target, boxOf(hull(append(slices.Clone(from), to...))))
	seen := make([]bool, len(to))
	res := Sight{TargetSamples: len(to), ShooterSamples: len(from)}
	stoppedBy := map[string]bool{}
	for _, p := range from {
		sees := false
		for j, q := range to {
			if id := firstBlocker(p, q, near); id != "" {
				stoppedBy[id] = true
				continue
			}
			sees, seen[j] = true, true
		}
		if sees {
			res.ShooterSeeing++
		}
	}
	for _, v := range seen {
		if v {
			res.TargetSeen++
		}
	}
	for id := range stoppedBy {
		res.Blockers = append(res.Blockers, id)
	}
	slices.Sort(res.Blockers)
	res.Good = 2*res.TargetSeen >= res.TargetSamples && 2*res.ShooterSeeing >= res.ShooterSamples
	return res, nil
}

// between returns the blockers that can stop a line from shooter to
// target within span: not the two units, nor a gap between two others
// that either of them stands in (a unit in a gap does not shoot between
// the units on either side of it).
func (s *Screen) between(shooter, target string, span box) []blocker {
	var near []blocker
	for _, bl := range s.blocks {
		if !bl.box.meets(span) || involves(bl, shooter) || involves(bl, target) {
			continue
		}
		if bl.members[0] != bl.members[1] &&
			(Overlaps(bl.shape, s.shapes[shooter]) || Overlaps(bl.shape, s.shapes[target])) {
			continue
		}
		near = append(near, bl)
	}
	return near
}

func involves(bl blocker, id string) bool { return bl.members[0] == id || bl.members[1] == id }

// Clear reports whether the segment p-q passes through none of the
// screen's blockers other than those made of the named units. It is
// symmetric in p and q.
func (s *Screen) Clear(p, q Point, except ...string) (bool, string) {
	var near []blocker
	span := boxOf(hull([]Point{p, q}))
	for _, bl := range s.blocks {
		skip := false
		for _, e := range except {
			skip = skip || involves(bl, e)
		}
		if !skip && bl.box.meets(span) {
			near = append(near, bl)
		}
	}
	id := firstBlocker(p, q, near)
	return id == "", id
}

func firstBlocker(p, q Point, near []blocker) string {
	seg := Polygon{p, q}
	if p == q {
		seg = Polygon{p}
	}
	sb := box{Point{min(p.X, q.X), min(p.Y, q.Y)}, Point{max(p.X, q.X), max(p.Y, q.Y)}}
	for _, bl := range near {
		if bl.box.meets(sb) && Overlaps(seg, bl.shape) {
			return bl.id
		}
	}
	return ""
}

// sampleEdge returns n evenly spaced points from a to b, both included.
// The points are computed from the lesser endpoint so that the same edge
// gives the same points whichever way round it is named.
func sampleEdge(a, b Point, n int) []Point {
	if b.Y < a.Y || b.Y == a.Y && b.X < a.X {
		a, b = b, a
	}
	d := b.Sub(a)
	out := make([]Point, n)
	for k := range n {
		out[k] = Point{a.X + divRound(d.X*Length(k), Length(n-1)), a.Y + divRound(d.Y*Length(k), Length(n-1))}
	}
	return out
}

// divRound divides rounding half away from zero. m > 0.
func divRound(v, m Length) Length {
	if v < 0 {
		return -((-v + m/2) / m)
	}
	return (v + m/2) / m
}

// facingSamples returns n points on each side of pg that faces from (the
// shooter's centre), corners shared between sides counted once.
func facingSamples(pg Polygon, from Point, n int) []Point {
	var out []Point
	seen := map[Point]bool{}
	for i := range pg {
		a, b := pg[i], pg[(i+1)%len(pg)]
		if orient(a, b, from) >= 0 {
			continue
		}
		for _, p := range sampleEdge(a, b, n) {
			if !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	if len(out) == 0 { // from lies inside: look at the whole outline
		for i := range pg {
			for _, p := range sampleEdge(pg[i], pg[(i+1)%len(pg)], n) {
				if !seen[p] {
					seen[p] = true
					out = append(out, p)
				}
			}
		}
	}
	slices.SortFunc(out, func(p, q Point) int {
		if p.Y != q.Y {
			return cmpLen(p.Y, q.Y)
		}
		return cmpLen(p.X, q.X)
	})
	return out
}
