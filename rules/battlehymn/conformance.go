package battlehymn

import (
	"fmt"
	"maps"

	"galloper/rules"
)

// reachSlack is how many hexes beyond the Movement Allowances HideUnseen
// keeps between a side's units and an enemy unit it moves: one hex of
// ZOC, a retreat of up to two hexes and an advance of one (BH 6.1, 7, 8),
// and four hexes of sight (BH 9.3) or bombardment range (BH 9).
const reachSlack = 1 + 2 + 1 + 4

// HideUnseen is the rulestest.Hider capability for the conformance
// suite's hidden-information check (fog of war, ruling E-11; guarded by
// TestConformance): each enemy unit side cannot see is moved (by pick)
// to a neighbouring empty hex of the same terrain and elevation where it
// is still unseen, without changing what else side sees. The move is
// made only when the unit, where it stood and where it goes, is out of
// reach this Hour of every unit of side and of side's Entry Areas (their
// distance in hexes above both units' Movement Allowances and
// reachSlack: no hex costs less than one MP), out of its own reach of
// every Objective, and out of reach of each other unit of its own side
// that is not itself as far from side, so that neither its moves nor
// theirs can tell side where it stood. Units that fail stay where they
// are.
func (System) HideUnseen(st rules.State, side rules.Side, pick func(n int) int) (rules.State, int, error) {
	s, ok := st.(*State)
	if !ok {
		return nil, 0, fmt.Errorf("battlehymn: state is %T", st)
	}
	seen := s.seenBy(side)
	if seen == nil {
		return st, 0, nil
	}
	next := s.clone()
	moved := 0
	for i := range next.Units {
		u := &next.Units[i]
		if !hiddenFrom(seen, side, u) {
			continue
		}
		nbs := next.board.neighbors(u.Hex)
		if len(nbs) == 0 {
			continue
		}
		was := u.Hex
		q := nbs[pick(len(nbs))]
		b := next.board
		if next.at(q) != nil || b.terrain(q) != b.terrain(was) || b.elevation(q) != b.elevation(was) ||
			!next.outOfReach(u, was, side) || !next.outOfReach(u, q, side) {
			continue
		}
		u.Hex = q
		if maps.Equal(next.seenBy(side), seen) {
			moved++
			continue
		}
		u.Hex = was
	}
	return next, moved, nil
}

// outOfReach reports whether the enemy unit u standing in hex x is out of
// reach this Hour of side (HideUnseen).
func (s *State) outOfReach(u *Unit, x string, side rules.Side) bool {
	b := s.board
	farFromSide := func(h string, ma int) bool {
		for i := range s.Units {
			o := &s.Units[i]
			if o.Side != side || o.eliminated() || o.Shattered {
				continue
			}
			if o.onMap() {
				if b.Distance(o.Hex, h) <= o.allowance()+ma+reachSlack {
					return false
				}
				continue
			}
			for _, e := range b.entryArea(o.Entry) {
				if b.Distance(e, h) <= o.allowance()+ma+reachSlack {
					return false
				}
			}
		}
		return true
	}
	if !farFromSide(x, u.allowance()) {
		return false
	}
	for _, o := range s.Objectives {
		if b.Distance(o.Hex, x) <= u.allowance() {
			return false
		}
	}
	for i := range s.Units {
		w := &s.Units[i]
		if w.Side != u.Side || w.Name == u.Name || w.eliminated() || w.Shattered {
			continue
		}
		hexes := []string{w.Hex}
		if !w.onMap() {
			hexes = b.entryArea(w.Entry)
		}
		for _, h := range hexes {
			if b.Distance(h, x) <= w.allowance()+1 && !farFromSide(h, w.allowance()) {
				return false
			}
		}
	}
	return true
}
