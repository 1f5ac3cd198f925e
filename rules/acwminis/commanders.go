package acwminis

import (
	"fmt"

	"galloper/orders"
	"galloper/rules/acwminis/acwtext"
	"galloper/rules/table"
)

// Commanders' moves (ruling A22). A COMMANDER order moves a Commander or
// the C-in-C at the start of step 1d of the Command Phase (TURN SEQUENCE,
// seed L22), before the HOLD, ADVANCE and RUN orders of that step, in the
// order the orders are written:
//
//  1. The path is one straight line from the centre of his base, TO a
//     point or TOWARD the nearest point of a named unit or feature, up to
//     his 24" (MOVEMENT, seed L51). He has no Run.
//  2. He may not enter terrain his column of the TERRAIN TABLE marks
//     "No" (a Building, seed L111-116) nor leave the table.
//  3. He keeps 1" from enemy units (PROXIMITY TO ENEMY, seed L101-103)
//     and passes through friendly units as INTERPENETRATION allows (not a
//     march column, limbered artillery or a disordered unit, seed L81-83),
//     ending clear of them; no morale test follows (he is no unit).
//  4. TOWARD stops short of contact with the unit named, or at the edge
//     of the feature named, and wherever the path is cut short; TO must
//     reach its point, or it is refused with the farthest point it may
//     reach instead.
//
// The sheet has no commander casualties and no attaching: Galloper
// inflicts none (ruling A22).

// ruleCommanderMove cites a commander's move.
const ruleCommanderMove = "ACW MOVEMENT, Commander (seed L22, L51; ruling A22)"

// commanderOrders are a file's COMMANDER orders, in the order written.
func commanderOrders(f *orders.File) []*acwtext.Order {
	var out []*acwtext.Order
	if f == nil {
		return nil
	}
	for _, o := range f.Orders {
		if x, ok := o.(*acwtext.Order); ok && x.Verb == acwtext.Command {
			out = append(out, x)
		}
	}
	return out
}

// body is the commander's base as a body facing north: its front edge
// half a base ahead of his point.
func (c *Commander) body() table.Body {
	h := table.Length(c.Base / 2)
	return table.Body{ID: c.Name, Pose: table.Pose{Front: table.Point{X: table.Length(c.At[0]), Y: table.Length(c.At[1]) + h}},
		Width: table.Length(c.Base), Depth: table.Length(c.Base)}
}

// centreOf is the point a commander's body stands on.
func centreOf(b table.Body) [2]int64 {
	return [2]int64{int64(b.Pose.Front.X), int64(b.Pose.Front.Y - b.Depth/2)}
}

// commanderMove plans and, on s, carries out one commander's move. It
// returns the dry-run line and the line of the event, which names no unit
// (fog of war, ruling A42: the event may be shown to the enemy), or a
// refusal, leaving him where he stood.
// Lenient (resolution) treats a TO as a TOWARD the point: as far as it
// legally goes.
func commanderMove(s *State, sheet *Sheet, c *Commander, o *acwtext.Order, lenient bool) (note, event string, ref *refusal) {
	st := o.Steps[0]
	strict := st.Verb == acwtext.To && !lenient
	refuse := func(code, rule, msg, instead string) *refusal {
		return &refusal{at: st.At, code: code, rule: rule, msg: c.Name + ": " + st.String() + ": " + msg, instead: instead}
	}
	allowance, _ := rates(sheet, "Commander", "N/A")
	b := c.body()
	from := c.Point()
	to := table.Point{X: table.Length(st.X), Y: table.Length(st.Y)}
	target := ""
	if st.Verb == acwtext.Toward {
		var ok bool
		if to, target, ok = s.nearestTo(from, st.Name); !ok {
			where := "on the table"
			if s.on(optFog) {
				where = "in " + string(c.Side) + "'s sight (fog of war, ruling A42)"
			}
			return "", "", refuse("acw-unknown-name", ruleCommanderMove, fmt.Sprintf("there is no unit or feature called %s %s", st.Name, where), "")
		}
	}
	dist := table.PointDistance(from, table.Polygon{to}).Gap
	if dist == 0 {
		line := fmt.Sprintf("COMMANDER %s stays at %v", c.Name, from)
		return line, line, nil
	}
	dir := bearing(from, to)
	obs := s.commanderObstacles(sheet, c, target)
	toPoint := func(mv table.Move) string {
		p := centreOf(mv.End)
		return "TO " + acwtext.Inches(p[0]) + "," + acwtext.Inches(p[1])
	}
	if dist > allowance {
		if strict {
			mv, _ := table.Straight(b, dir, allowance, nil)
			return "", "", refuse("acw-allowance", ruleCommanderMove, fmt.Sprintf("the point is %s\" away, more than a commander's %s\"", inches(dist), inches(allowance)), toPoint(mv))
		}
		dist = allowance
	}
	mv, err := table.Straight(b, dir, dist, obs)
	if err != nil {
		return "", "", refuse("acw-move", ruleCommanderMove, err.Error(), "")
	}
	if mv.Stop != nil && strict {
		why, rule := whyStop(mv.Stop, s.isEnemyOf(c, mv.Stop.ID), s.unit(mv.Stop.ID) != nil && !s.isEnemyOf(c, mv.Stop.ID))
		return "", "", refuse("acw-blocked", rule, fmt.Sprintf("he stops after %s\": %s", inches(table.Length(mv.Done)), why), toPoint(mv))
	}
	done := table.Length(mv.Done)
	if f := s.friendUnder(c, mv.End); f != "" {
		if strict {
			back := s.clearBefore(c, b, dir, done)
			bm, _ := table.Straight(b, dir, back, nil)
			return "", "", refuse("acw-interpenetration", ruleInterpenetration, fmt.Sprintf("he would end on %s: a move through a friend must clear it", f), toPoint(bm))
		}
		done = s.clearBefore(c, b, dir, done)
		mv, _ = table.Straight(b, dir, done, nil)
	}
	start := c.Point()
	c.At = centreOf(mv.End)
	event = fmt.Sprintf("COMMANDER %s moves from %v to %v, %s\" of %s\"", c.Name, start, c.Point(), inches(done), inches(allowance))
	if done == 0 {
		event = fmt.Sprintf("COMMANDER %s stays at %v: his way is blocked where he stands", c.Name, start)
	}
	line := fmt.Sprintf("COMMANDER %s: %s; from %v to %v, %s\" of %s\"", c.Name, st, start, c.Point(), inches(done), inches(allowance))
	if mv.Stop != nil {
		if mv.Stop.ID == target {
			line += fmt.Sprintf(", stopped %s\" from %s", inches(mv.Stop.Gap), target)
		} else {
			why, _ := whyStop(mv.Stop, s.isEnemyOf(c, mv.Stop.ID), s.unit(mv.Stop.ID) != nil && !s.isEnemyOf(c, mv.Stop.ID))
			line += "; stopped: " + why
		}
	}
	return line, event, nil
}

// nearestTo finds the point of a named unit's footprint or feature
// nearest p.
func (s *State) nearestTo(p table.Point, name string) (table.Point, string, bool) {
	if o := s.unit(name); o != nil && o.inPlay() {
		return table.PointDistance(p, o.body().Footprint()).To, o.Name, true
	}
	if f := s.feature(name); f != nil {
		return table.PointDistance(p, f.Polygon()).To, f.Name, true
	}
	return table.Point{}, "", false
}

func (s *State) isEnemyOf(c *Commander, id string) bool {
	u := s.unit(id)
	return u != nil && u.Side != c.Side
}

// commanderObstacles are what a commander's base may not pass: enemy
// units with 1" clearance, friends that may not be passed through and the
// unit he moves toward, terrain his column marks "No", and the table's
// edges.
func (s *State) commanderObstacles(sheet *Sheet, c *Commander, target string) []table.Obstacle {
	var obs []table.Obstacle
	for i := range s.Units {
		u := &s.Units[i]
		switch {
		case !u.inPlay():
		case u.Side != c.Side:
			obs = append(obs, table.Obstacle{ID: u.Name, Shape: u.body().Footprint(), Clearance: proximity})
		case !passable(u) || u.Name == target:
			obs = append(obs, table.Obstacle{ID: u.Name, Shape: u.body().Footprint()})
		}
	}
	for i := range s.Terrain {
		f := &s.Terrain[i]
		if mv, _ := sheet.Terrain.Move(f.Category, "commanders"); !f.Line && mv == "no" {
			obs = append(obs, table.Obstacle{ID: f.Name, Shape: f.Polygon()})
		}
	}
	w, d := table.Length(s.Table.Width), table.Length(s.Table.Depth)
	far := 100 * table.Inch
	edge := func(x0, y0, x1, y1 table.Length) table.Obstacle {
		return table.Obstacle{ID: "the table's edge", Shape: table.Polygon{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}}}
	}
	return append(obs, edge(-far, -far, w+far, 0), edge(-far, d, w+far, d+far), edge(-far, 0, 0, d), edge(w, 0, w+far, d))
}

// friendUnder names a friendly unit the body overlaps, or "".
func (s *State) friendUnder(c *Commander, b table.Body) string {
	fp := b.Footprint()
	for i := range s.Units {
		if u := &s.Units[i]; u.inPlay() && u.Side == c.Side && table.Overlaps(fp, u.body().Footprint()) {
			return u.Name
		}
	}
	return ""
}

// clearBefore is the farthest distance up to t along dir at which the
// base stands clear of friends. Each friend's footprint and the base are
// convex, so the base overlaps it along a line for one interval: the
// search steps back to the start of each interval it is in.
func (s *State) clearBefore(c *Commander, b table.Body, dir table.Angle, t table.Length) table.Length {
	at := func(l table.Length) table.Body {
		mv, _ := table.Straight(b, dir, l, nil)
		return mv.End
	}
	for t > 0 && s.friendUnder(c, at(t)) != "" {
		name := s.friendUnder(c, at(t))
		fp := s.unit(name).body().Footprint()
		lo, hi := table.Length(0), t // overlap at hi; find its first point
		if table.Overlaps(at(0).Footprint(), fp) {
			return 0
		}
		for hi-lo > 1 {
			mid := lo + (hi-lo)/2
			if table.Overlaps(at(mid).Footprint(), fp) {
				hi = mid
			} else {
				lo = mid
			}
		}
		t = lo
	}
	return t
}
