package gbacw

import (
	"fmt"
	"maps"

	"galloper/rules"
	"galloper/rules/hex"
)

// HideUnseen is the rulestest.Hider capability (conformance_test.go
// guards it) for the conformance suite's hidden-information check (fog
// of war, ruling GBACW-R21): each enemy unit side cannot see is moved to
// a neighbouring hex (picked by pick) of the same terrain and elevation,
// empty, off the victory hexes, still unseen, without changing what else
// side sees, and further from each of side's units than both units'
// Movement Allowances and 2 hexes (out of each other's reach this turn).
// A unit for which the picked move fails one of these stays where it is.
func (sys System) HideUnseen(st rules.State, side rules.Side, pick func(n int) int) (rules.State, int, error) {
	sys = sys.forGame(st)
	s, ok := st.(*State)
	if !ok {
		return nil, 0, fmt.Errorf("gbacw: state is %T", st)
	}
	seen := s.seenBy(sys.combat, side)
	if seen == nil {
		return st, 0, nil
	}
	next := s.clone()
	moved := 0
	for i := range next.Units {
		u := &next.Units[i]
		if u.Side == side || !u.onMap() || seen[u.Name] {
			continue
		}
		ns := next.g.neighbours[u.Hex]
		if len(ns) == 0 {
			continue
		}
		to := ns[pick(len(ns))]
		was := u.Hex
		if !next.hideable(u, to, side) {
			continue
		}
		u.Hex = to
		if maps.Equal(next.seenBy(sys.combat, side), seen) {
			moved++
			continue
		}
		u.Hex = was
	}
	return next, moved, nil
}

// hideable reports whether u may be moved to hex to for HideUnseen.
func (s *State) hideable(u *UnitSt, to string, side rules.Side) bool {
	from, ok1 := s.m.Hex(u.Hex)
	dest, ok2 := s.m.Hex(to)
	if !ok1 || !ok2 || from.Terrain != dest.Terrain || from.Elevation != dest.Elevation {
		return false
	}
	if len(s.unitsAt(to)) > 0 {
		return false
	}
	for _, p := range s.Places {
		if p.Hex == to {
			return false
		}
	}
	for _, l := range s.Leaders {
		if l.Hex == to {
			return false
		}
	}
	for i := range s.Units {
		if w := &s.Units[i]; s.toEnter(w) && (s.entryOf(w) == to || s.entryOf(w) == u.Hex) {
			return false // a unit there keeps reinforcements off (8.12, 9.73)
		}
	}
	for i := range s.Units {
		o := &s.Units[i]
		if o.Side != side || o.Hex == "" {
			continue
		}
		reach := 2
		if hex.Distance(s.axial(o.Hex), s.axial(to)) <= reach || hex.Distance(s.axial(o.Hex), s.axial(u.Hex)) <= reach {
			return false
		}
	}
	return true
}
