package table

import (
	"fmt"
	"slices"
)

// LineOfFire is everything the ACW sheet measures before a unit shoots:
// the line of sight, whether the target is in the front arc, and the
// range to the nearest part of the target that is both visible and in the
// arc.
type LineOfFire struct {
	Sight Sight
	Arc   Arc
	// Range runs from the shooter's centre to the nearest visible part of
	// the target in its front arc, rounded up. It is meaningful only when
	// Sight.Good and Arc.In.
	Range Distance
	// Exact is true when Range ends at the nearest point of the target's
	// whole footprint (it is visible and in the arc); otherwise it ends at
	// the nearest of the sampled points of the target that are.
	Exact bool
}

// String prints what decided the shot.
func (f LineOfFire) String() string {
	arc := "out of the front arc"
	if f.Arc.In {
		arc = "in the front arc"
	}
	return fmt.Sprintf("%v; %s; range %v", f.Sight, arc, f.Range.Gap)
}

// Fire measures a shot from shooter at target. "Distance is determined
// from the center of the shooting unit to the nearest visible part of the
// target unit ... Target unit must be in front arc of the shooting unit
// (45° off units front corners)." (ACW MEASURING DISTANCE & ARCS, seed
// L178-182; the ½-and-½ line of sight, seed L174-176.)
func (s *Screen) Fire(shooter, target string) (LineOfFire, error) {
	sight, err := s.Sight(shooter, target)
	if err != nil {
		return LineOfFire{}, err
	}
	a, b := s.bodies[shooter], s.bodies[target]
	f := LineOfFire{Sight: sight, Arc: InArc(a, b)}
	centre := a.Centre()
	inArc := func(p Point) bool {
		q := QuarterOf(a, p).Quarter
		return q == Front
	}
	fl, fr := a.FrontEdge()
	from := sampleEdge(fl, fr, s.samples)
	near := s.between(shooter, target, boxOf(hull(append(slices.Clone(from), s.shapes[target]...))))
	seenFrom := func(p Point) bool {
		for _, q := range from {
			if firstBlocker(q, p, near) == "" {
				return true
			}
		}
		return false
	}
	exact := Range(a, b)
	if inArc(exact.To) && seenFrom(exact.To) {
		f.Range, f.Exact = exact, true
		return f, nil
	}
	best := Distance{Gap: -1}
	for _, p := range facingSamples(s.shapes[target], centre, s.samples) {
		if !inArc(p) || !seenFrom(p) {
			continue
		}
		if d := PointDistance(centre, Polygon{p}); best.Gap < 0 || d.Gap < best.Gap {
			best = Distance{Gap: d.Gap, From: centre, To: p}
		}
	}
	if best.Gap >= 0 {
		f.Range = best
	}
	return f, nil
}
