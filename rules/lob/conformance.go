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

// hideReach is how far, in hexes, every varied unit stands from every
// counter of the looking side, before and after it moves: beyond any move
// and any fire of one player turn, so that resolving the turn cannot
// bring it into play or into sight (LoB 3.2, 5.1).
const hideReach = 12

// HideUnseen returns a copy of s in which enemy combat units the side
// cannot see, standing alone and out of its reach (hideReach), get another
// strength (1 to printed) and facing and may move to an empty hex that is
// also unseen and out of reach, as pick chooses. It reports how many
// units it varied.
//
// It does not vary what the fog's shape or the rules' hidden bookkeeping
// would show (issue 23): when a move changes which hexes the side sees
// (a hidden unit blocking its line of sight, LoB 4.2e) the position is
// returned unchanged, and units stacked with others, leaders, HQs and
// Wagons, strengths and orders are never varied.
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
	far := func(h string) bool {
		for _, o := range own {
			if m.distance(o, h) <= hideReach {
				return false
			}
		}
		return true
	}
	var free []string
	for _, h := range m.Hexes {
		if count[h.ID] == 0 && unseen(h.ID) && far(h.ID) {
			free = append(free, h.ID)
		}
	}
	moved := 0
	for i := range next.doc.Pieces {
		p := &next.doc.Pieces[i]
		if p.Side == side || p.Unit == nil || p.Unit.Eliminated || !next.onMapNow(p) || count[p.Hex] != 1 ||
			!unseen(p.Hex) || !far(p.Hex) || len(free) == 0 {
			continue
		}
		// Its strength (secret, LoB 2.4) and facing are varied too.
		if u := next.scn.unit(p.Name); u != nil && u.SP > 1 {
			p.Unit.SP = 1 + pick(u.SP)
		}
		p.Unit.Facing = pick(6)
		moved++
		if k := pick(len(free) + 1); k < len(free) {
			next.setHex(p, free[k])
			free = slices.Delete(free, k, k+1)
		}
	}
	if moved > 0 && !slices.Equal(next.seenBy(side), seen) {
		return s, 0, nil
	}
	return next, moved, nil
}
