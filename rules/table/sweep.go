package table

import (
	"fmt"
)

// Obstacle is something a moving unit may not pass through: another
// unit's footprint, impassable terrain or the edge of terrain it may not
// enter. With a Clearance the mover must also stay that far from it (the
// ACW sheet's 1" from enemy units, PROXIMITY TO ENEMY, seed L101-103).
// Touching an obstacle with no clearance is allowed: that is contact.
type Obstacle struct {
	ID        string
	Shape     Polygon
	Clearance Length
}

// Hit is what stopped a move and how close the unit ended to it.
type Hit struct {
	ID  string
	Gap Length
}

// Move is the outcome of one movement primitive.
type Move struct {
	// End is the body where the move stopped.
	End Body
	// Wanted and Done are the distance (straight moves) or angle (wheels
	// and turns, in tenths of a degree) asked for and achieved.
	Wanted, Done int64
	// Path is the distance travelled by the unit's swinging front corner
	// (wheels) or front centre (straight moves), rounded up.
	Path Length
	// Stop names the obstacle that cut the move short; nil if the whole
	// move was made.
	Stop *Hit
}

// String prints the move for a report.
func (m Move) String() string {
	s := fmt.Sprintf("to %v, path %v", m.End.Pose, m.Path)
	if m.Stop != nil {
		s += fmt.Sprintf(", stopped %v from %s", m.Stop.Gap, m.Stop.ID)
	}
	return s
}

// blockedBy returns the first obstacle, in the given order, that the swept
// shape passes through or comes closer to than its clearance.
func blockedBy(sweep Polygon, obs []Obstacle) (string, bool) {
	for _, o := range obs {
		if Overlaps(sweep, o.Shape) {
			return o.ID, true
		}
		if o.Clearance > 0 && Between(sweep, o.Shape).Gap < o.Clearance {
			return o.ID, true
		}
	}
	return "", false
}

// nearby keeps the obstacles that could meet a sweep lying within grow of
// shape, in their order.
func nearby(shape Polygon, grow Length, obs []Obstacle) []Obstacle {
	bx := boxOf(shape)
	var out []Obstacle
	for _, o := range obs {
		g := grow + o.Clearance
		ob := boxOf(o.Shape)
		ob.lo, ob.hi = Point{ob.lo.X - g, ob.lo.Y - g}, Point{ob.hi.X + g, ob.hi.Y + g}
		if ob.meets(bx) {
			out = append(out, o)
		}
	}
	return out
}

// relax returns obs with the clearance of every obstacle the start
// footprint is already inside dropped to 0, so a unit in contact or within
// 1" of an enemy can still move away, but not through it.
func relax(start Polygon, obs []Obstacle) []Obstacle {
	out := obs
	for i, o := range obs {
		if o.Clearance > 0 && Between(start, o.Shape).Gap < o.Clearance {
			if &out[0] == &obs[0] {
				out = append([]Obstacle(nil), obs...)
			}
			out[i].Clearance = 0
		}
	}
	return out
}

// stopAt reports the gap from body to the named obstacle.
func stopAt(b Body, id string, obs []Obstacle) *Hit {
	for _, o := range obs {
		if o.ID == id {
			return &Hit{ID: id, Gap: Between(b.Footprint(), o.Shape).Gap}
		}
	}
	return &Hit{ID: id}
}

// Straight moves b up to dist along bearing dir, keeping its heading: a
// move forward (dir = heading), an oblique, or a move straight back (dir =
// heading + 180°). The area swept is the hull of the start and end
// footprints. It stops at the last thousandth of an inch before the swept
// area would pass through an obstacle or inside its clearance, so the unit
// never passes through anything; Stop then names what stopped it. An
// obstacle the unit already stands within the clearance of (a unit in
// contact, say) only may not be passed through: the unit may move away.
func Straight(b Body, dir Angle, dist Length, obs []Obstacle) (Move, error) {
	if dist < 0 {
		return Move{}, fmt.Errorf("table: %s cannot move a negative distance %v", b.ID, dist)
	}
	start := b.Footprint()
	obs = relax(start, nearby(hull(append(append(Polygon{}, start...), offset(b.Pose.Front, dir, dist, 0))), b.Width+b.Depth, obs))
	at := func(t Length) Body {
		e := b
		e.Pose.Front = offset(b.Pose.Front, dir, t, 0)
		return e
	}
	legal := func(t Length) (string, bool) {
		if t == 0 {
			id, hit := blockedBy(start, obs)
			return id, !hit
		}
		fp := at(t).Footprint()
		id, hit := blockedBy(hull(append(append(Polygon{}, start...), fp...)), obs)
		return id, !hit
	}
	m := Move{Wanted: int64(dist)}
	if id, ok := legal(0); !ok {
		m.End, m.Stop = b, stopAt(b, id, obs)
		return m, nil
	}
	if _, ok := legal(dist); ok {
		m.End, m.Done, m.Path = at(dist), int64(dist), dist
		return m, nil
	}
	lo, hi := Length(0), dist
	id, _ := legal(hi)
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if who, ok := legal(mid); ok {
			lo = mid
		} else {
			hi, id = mid, who
		}
	}
	m.End, m.Done, m.Path = at(lo), int64(lo), lo
	m.Stop = stopAt(m.End, id, obs)
	return m, nil
}

// Side names the front corner a wheel pivots on.
type Side int

// The two front corners.
const (
	Left Side = iota
	Right
)

func (s Side) String() string { return [...]string{"left", "right"}[s] }

// wheelStep is the largest turn checked as one straight-sided sweep: the
// chord of a 0.5° arc lies within 0.001" of the arc for a swing radius up
// to 100".
const wheelStep Angle = 5

// Wheel swings b through angle (tenths of a degree, positive) pivoting on
// its left or right front corner, as the ACW sheet's WHEELING describes
// (seed L89-91): a wheel on the left corner turns the unit to the left
// (counter-clockwise) with the right corner swinging round. Path is the
// length of the swinging corner's arc, rounded up. It stops at the last
// tenth of a degree before the sweep meets an obstacle.
func Wheel(b Body, pivot Side, angle Angle, obs []Obstacle) (Move, error) {
	if angle < 0 || angle > 1800 {
		return Move{}, fmt.Errorf("table: %s cannot wheel through %v (0° to 180°)", b.ID, angle)
	}
	c := b.Corners()
	centre, sign := c[0], Angle(-1)
	if pivot == Right {
		centre, sign = c[1], 1
	}
	at := func(a Angle) Body {
		e := b
		e.Pose.Front = rotate(b.Pose.Front, centre, sign*a)
		e.Pose.Heading = (b.Pose.Heading + sign*a).Norm()
		return e
	}
	m, err := sweepTurn(b, angle, at, obs)
	m.Path = arc(b.Width, Angle(m.Done))
	return m, err
}

// Turn pivots b in place about the centre of its footprint by angle
// (tenths of a degree, clockwise positive, at most 180° either way). It
// stops at the last tenth of a degree before the sweep meets an obstacle.
// Path is left 0: what a turn costs is a rule of the game, not geometry.
func Turn(b Body, angle Angle, obs []Obstacle) (Move, error) {
	if angle < -1800 || angle > 1800 {
		return Move{}, fmt.Errorf("table: %s cannot turn through %v (-180° to 180°)", b.ID, angle)
	}
	centre, sign := b.Centre(), Angle(1)
	if angle < 0 {
		angle, sign = -angle, -1
	}
	at := func(a Angle) Body {
		e := b
		e.Pose.Front = rotate(b.Pose.Front, centre, sign*a)
		e.Pose.Heading = (b.Pose.Heading + sign*a).Norm()
		return e
	}
	m, err := sweepTurn(b, angle, at, obs)
	m.Done *= int64(sign)
	m.Wanted *= int64(sign)
	return m, err
}

// sweepTurn turns a body step by step through angle, each step swept as
// the hull of its two ends, and stops at the last legal tenth of a degree.
func sweepTurn(b Body, angle Angle, at func(Angle) Body, obs []Obstacle) (Move, error) {
	m := Move{Wanted: int64(angle), End: b}
	prev := b.Footprint()
	obs = relax(prev, obs)
	if id, hit := blockedBy(prev, obs); hit {
		m.Stop = stopAt(b, id, obs)
		return m, nil
	}
	for a := Angle(0); a < angle; {
		next := min(a+wheelStep, angle)
		if id, hit := blockedBy(hull(append(append(Polygon{}, prev...), at(next).Footprint()...)), obs); hit {
			// Find the last legal tenth within this step.
			good := a
			for k := a + 1; k < next; k++ {
				if _, h := blockedBy(hull(append(append(Polygon{}, prev...), at(k).Footprint()...)), obs); h {
					break
				}
				good = k
			}
			m.End, m.Done = at(good), int64(good)
			m.Stop = stopAt(m.End, id, obs)
			return m, nil
		}
		prev, a = at(next).Footprint(), next
	}
	m.End, m.Done = at(angle), int64(angle)
	return m, nil
}

// arc is the length of an arc of radius r through a, rounded up (ArcLength).
func arc(r Length, a Angle) Length { return ArcLength(r, a) }
