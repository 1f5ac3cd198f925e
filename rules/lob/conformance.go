package lob

import (
	"embed"
	"fmt"
	"io/fs"
	"slices"

	"galloper/rules"
)

// What the conformance suite (rules/rulestest, docs/systems.md) asks of a
// system beyond rules.System: example order files and, since Line of
// Battle has hidden information (its fog of war, visibility.go), positions
// a side cannot tell apart.

//go:embed examples/*.txt
var examples embed.FS

// Examples returns the example order files, for the conformance suite's
// fuzzing and recorded game.
func (System) Examples() []string {
	names, _ := fs.Glob(examples, "examples/*.txt")
	var out []string
	for _, n := range names {
		b, _ := examples.ReadFile(n)
		out = append(out, string(b))
	}
	return out
}

// hideReach is how far, in hexes, every varied counter stands from
// every counter of the looking side, before and after it moves, when the
// side resolves the segment: beyond any move of one player turn, so that
// resolving the turn cannot bring it into play (LoB 3.0). FIRE at a hex
// the side does not see reads the same whatever stands there (R-FOG-2),
// so fire needs no margin of its own.
const hideReach = 12

// HideUnseen returns a copy of s in which the enemy counters in hexes the
// side cannot see get other strengths (1 to printed) and facings, and
// each such hex's stack may move whole, its leaders, HQs and Wagons with
// it, to an empty hex the side cannot see either, as pick chooses. It
// reports how many counters it varied.
//
// In the enemy's segment every hidden stack is varied, next to the side's
// units or not: the side resolves nothing, and what it is shown must not
// depend on hidden units (the fog's shape, R-FOG-1; the no-orders area in
// its report, R-FOG-3). In the side's own segment only stacks out of its
// reach (hideReach) are varied, and moved only out of reach, because the
// check resolves the segment and play may rightly meet a hidden unit (a
// move into its ZOC). In the enemy's segment the strengths of the enemy
// units the side sees, and the facings of units under a top counter, are
// varied too (secretStrengths). Orders and standing reactions are not
// varied.
func (System) HideUnseen(s rules.State, side rules.Side, pick func(n int) int) (rules.State, int, error) {
	st, ok := s.(*State)
	if !ok {
		return nil, 0, fmt.Errorf("lob: state is %T, not a Line of Battle state", s)
	}
	if side == "" {
		return s, 0, nil // the umpire sees everything
	}
	next := st.clone()
	m := &next.scn.Map
	seen := next.seenBy(side)
	unseen := func(h string) bool { return !seen[m.sight.index(m.axial(h))] }
	count := map[string]int{}
	var own []string
	for i := range next.doc.Pieces {
		if p := &next.doc.Pieces[i]; next.onMapNow(p) {
			count[p.Hex]++
			if p.Side == side {
				own = append(own, p.Hex)
			}
		}
	}
	reach := -1
	if slices.Contains(s.Segment().Sides, side) {
		reach = hideReach
	}
	far := func(h string) bool {
		for _, o := range own {
			if m.distance(o, h) <= reach {
				return false
			}
		}
		return true
	}
	var free, stacks []string
	for _, h := range m.Hexes {
		switch {
		case !unseen(h.ID) || !far(h.ID):
		case count[h.ID] == 0:
			free = append(free, h.ID)
		default:
			stacks = append(stacks, h.ID)
		}
	}
	moved := 0
	for _, h := range stacks {
		var here []*Piece
		for i := range next.doc.Pieces {
			if p := &next.doc.Pieces[i]; p.Hex == h && next.onMapNow(p) {
				here = append(here, p)
			}
		}
		for _, p := range here {
			if p.Unit == nil {
				continue
			}
			// Its strength (secret, LoB 2.4) and facing are varied too.
			if u := next.scn.unit(p.Name); u != nil && u.SP > 1 {
				p.Unit.SP = 1 + pick(u.SP)
			}
			p.Unit.Facing = pick(6)
		}
		moved += len(here)
		if k := pick(len(free) + 1); k < len(free) && len(here) > 0 {
			for _, p := range here {
				next.setHex(p, free[k])
			}
			free = slices.Delete(free, k, k+1)
		}
	}
	if reach < 0 {
		moved += secretStrengths(next, side, pick)
	}
	return next, moved, nil
}

// secretStrengths varies, in a position the side does not resolve, what
// it knows nothing of in the enemy stacks it sees: every combat unit's
// strength (LoB 2.4) and the facing of units under the top one. It
// reports how many units it varied.
func secretStrengths(s *State, side rules.Side, pick func(n int) int) int {
	n := 0
	for i := range s.doc.Pieces {
		p := &s.doc.Pieces[i]
		if p.Side == side || p.Unit == nil || !s.onMapNow(p) {
			continue
		}
		if u := s.scn.unit(p.Name); u != nil && u.SP > 1 {
			p.Unit.SP = 1 + pick(u.SP)
			n++
		}
		if s.topCombat(p.Hex) != p {
			p.Unit.Facing = pick(6)
		}
	}
	return n
}
