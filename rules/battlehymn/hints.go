package battlehymn

import (
	"galloper/orders"
	"galloper/rules"
	"galloper/rules/battlehymn/bhtext"
)

var _ rules.OrderHinter = System{}

// OrderHints implements rules.OrderHinter: the side's Formations and what
// each unit may be ordered to do this Hour, its artillery's targets in
// range and sight now (BH 9), and the Objectives. Every unit is in view
// (rules notes §8), so the hints use nothing the side cannot see.
func (System) OrderHints(st rules.State, side rules.Side) *rules.OrderHints {
	s := st.(*State)
	if s.Over() || (side != s.Sides[0] && side != s.Sides[1]) {
		return nil
	}
	s = s.knownTo(side) // as the side knows it (fog of war, ruling E-11)
	h := &rules.OrderHints{Orders: []string{bhtext.Move, bhtext.Hold, bhtext.Bombard, bhtext.RBC}}
	if s.isNight(s.Hour) {
		h.Orders = []string{bhtext.Move, bhtext.Hold, bhtext.Rally}
	} else if s.initiative(s.Hour) == side {
		h.Orders = append(h.Orders, bhtext.Combat)
	}
	for _, f := range s.Formations {
		if f.Side == side && s.formationInPlay(&f, s.Hour) {
			h.Commands = append(h.Commands, rules.CommandHint{Name: f.Name, Orders: []string{bhtext.Move, bhtext.Hold}})
		}
	}
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != side || !u.onMap() {
			continue
		}
		sh := rules.StackHint{At: u.Hex, Units: []string{u.Name}, Steps: []string{bhtext.Move, bhtext.Hold}}
		if u.Type == Cavalry {
			sh.Steps = append(sh.Steps, bhtext.Dismount, bhtext.Mount)
		}
		if u.Type == Artillery || u.Type == HorseArtillery {
			sh.Steps, sh.Range = append(sh.Steps, bhtext.Bombard), 4
			for _, t := range s.bombardTargets(u) {
				sh.Targets = append(sh.Targets, rules.TargetHint{Unit: t.Name, At: t.Hex, Distance: s.board.Distance(u.Hex, t.Hex)})
			}
		}
		h.Stacks = append(h.Stacks, sh)
	}
	for _, o := range s.Objectives {
		h.Objectives = append(h.Objectives, rules.PlaceHint{Name: o.Name, At: o.Hex})
	}
	for i := range h.Stacks {
		h.Stacks[i].Approaches = s.approaches(s.unit(h.Stacks[i].Units[0]), h.Objectives)
	}
	return h
}

// approaches are the paths a MOVE script of u may name toward each
// Objective this Hour: paths the check of the order file accepts (the
// map, the terrain and u's MA; BH 5.1-5.4), that enter no hex an enemy
// unit stands in now. What the draw decides (ZOCs, a friendly unit at
// the end) may still stop it, and its owner is asked then (BH 5.3).
func (s *State) approaches(u *Unit, objs []rules.PlaceHint) []rules.ApproachHint {
	enemy := map[string]bool{}
	for i := range s.Units {
		if e := &s.Units[i]; e.Side != u.Side && e.onMap() {
			enemy[e.Hex] = true
		}
	}
	next := func(h string) []string {
		var out []string
		for _, n := range s.board.neighbors(h) {
			if !enemy[n] {
				out = append(out, n)
			}
		}
		return out
	}
	ok := func(path []string) bool {
		return len(s.checkPath(u, &bhtext.Order{Verb: bhtext.Move, Unit: orders.Name{Text: u.Name}, Hexes: path})) == 0
	}
	return rules.Approaches(u.Hex, objs, u.allowance(), next, s.board.Distance, ok)
}
