package acwminis

import (
	"fmt"
	"maps"

	"galloper/rules"
	"galloper/rules/table"
)

// hideSteps are the moves HideUnseen tries for a hidden unit, in inches
// along the table's axes.
var hideSteps = [][2]int64{{-2, 0}, {2, 0}, {0, -2}, {0, 2}, {-1, -1}, {1, 1}, {-1, 1}, {1, -1}}

// HideUnseen is the rulestest.Hider capability (conformance_test.go
// guards it) for the conformance suite's
// hidden-information check (fog of war, ruling A42): each enemy unit side
// cannot see is moved a little (by pick) where it stands clear of every
// unit and terrain area, still unseen (and unseen even with the other
// units of its side gone), further from each of side's units than that
// unit's Run rate and 2" (out of its reach this half), and without
// changing what else side sees. A unit for which the picked move
// fails one of these stays where it is.
func (System) HideUnseen(st rules.State, side rules.Side, pick func(n int) int) (rules.State, int, error) {
	s, ok := st.(*State)
	if !ok {
		return nil, 0, fmt.Errorf("acwminis: state is %T", st)
	}
	seen := s.seenBy(side)
	if seen == nil {
		return st, 0, nil
	}
	sheet := New().sheet
	next := s.clone()
	moved := 0
	for i := range next.Units {
		u := &next.Units[i]
		if u.Side == side || !u.inPlay() || seen[u.Name] {
			continue
		}
		step := hideSteps[pick(len(hideSteps))]
		was := *u
		u.X += step[0] * int64(table.Inch)
		u.Y += step[1] * int64(table.Inch)
		if next.hideable(u, side, sheet) && maps.Equal(next.seenBy(side), seen) && next.coveredAlone(u, side) {
			moved++
			continue
		}
		*u = was
	}
	return next, moved, nil
}

// coveredAlone reports whether side would still not see u, where it
// stands now, with every other unit of u's side gone: hidden by terrain
// and side's own units, so that no enemy unit broken this half can
// uncover it.
func (s *State) coveredAlone(u *Unit, side rules.Side) bool {
	c := s.clone()
	c.Units = c.Units[:0]
	for _, o := range s.Units {
		if o.Side == side || o.Name == u.Name {
			c.Units = append(c.Units, o)
		}
	}
	return !c.seenBy(side)[u.Name]
}

// hideable reports whether u may stand where it is for HideUnseen: on
// the table, clear of every other unit in play and of every terrain area,
// and beyond the reach of each of side's units.
func (s *State) hideable(u *Unit, side rules.Side, sheet *Sheet) bool {
	b, err := u.Body()
	if err != nil {
		return false
	}
	for _, p := range b.Footprint() {
		if p.X < 0 || p.Y < 0 || int64(p.X) > s.Table.Width || int64(p.Y) > s.Table.Depth {
			return false
		}
	}
	for i := range s.Terrain {
		if f := &s.Terrain[i]; !f.Line && table.Overlaps(b.Footprint(), f.Polygon()) {
			return false
		}
	}
	for i := range s.Units {
		o := &s.Units[i]
		if o == u || !o.inPlay() {
			continue
		}
		ob := o.body()
		if table.Overlaps(b.Footprint(), ob.Footprint()) {
			return false
		}
		if o.Side == side {
			adv, run := rates(sheet, o.Type, o.Formation)
			reach := max(adv, run) + 2*table.Inch
			if table.Between(b.Footprint(), ob.Footprint()).Gap <= reach {
				return false
			}
		}
	}
	return true
}
