package lob

import (
	"slices"

	"galloper/rules"
	"galloper/rules/hex"
	"galloper/rules/lob/lobtext"
)

var _ rules.OrderHinter = System{}

// writtenKinds are the kinds of written order a Command may be given
// (LoB 10.2): Attack and Move.
var writtenKinds = []string{"ATTACK", "MOVE"}

// OrderHints implements rules.OrderHinter: for the side whose Player Turn
// it is, its Commands with the written orders open to each and the
// Commands below it an order may go to (LoB 10.6d), its stacks with the
// steps of an activity open to them, their weapons' reach and the enemy
// units the side sees within it, and the map's named places. Only what
// the side's own view shows of the enemy is used.
func (System) OrderHints(st rules.State, side rules.Side) *rules.OrderHints {
	s, ok := st.(*State)
	if !ok || s.Over() || !slices.Contains(s.Segment().Sides, side) {
		return nil
	}
	sd := s.scn.side(side)
	if sd == nil {
		return nil
	}
	h := &rules.OrderHints{Orders: append(lobtext.Dialect.Starts(), "STANDING")}
	h.Commands = s.commandHints(sd)
	h.Stacks = s.stackHints(side)
	for _, p := range s.scn.Map.Places {
		h.Objectives = append(h.Objectives, rules.PlaceHint{Name: p.Name, At: p.Hex})
	}
	return h
}

// commandHints lists the side's Commands on the map, army first.
func (s *State) commandHints(sd *SideOOB) []rules.CommandHint {
	cs := []*Command{&sd.Army}
	for i := range sd.Commands {
		cs = append(cs, &sd.Commands[i])
	}
	var out []rules.CommandHint
	for _, c := range cs {
		if c.ArrivesTurn > s.turn() {
			continue // a reinforcement not yet on (LoB 3.7)
		}
		ch := rules.CommandHint{Name: c.Name, Orders: writtenKinds}
		if p := s.hqPiece(c); p != nil && s.onMapNow(p) {
			ch.At = p.Hex
		}
		for _, sub := range sd.Commands {
			below := sub.Parent == c.Name || (c == &sd.Army && sub.Parent == "")
			if below && sub.Name != c.Name && sub.ArrivesTurn <= s.turn() {
				ch.To = append(ch.To, sub.Name)
			}
		}
		out = append(out, ch)
	}
	return out
}

// stackHints lists the side's stacks of combat units on the map, in
// stacking order, each with the enemy units shown to the side within its
// weapons' reach.
func (s *State) stackHints(side rules.Side) []rules.StackHint {
	m := &s.scn.Map
	show := s.shown(side, s.seenBy(side))
	var enemies []int
	for i := range s.doc.Pieces {
		p := &s.doc.Pieces[i]
		if p.Side != side && show[i] && combatKinds[p.Kind] && s.onMapNow(p) {
			enemies = append(enemies, i)
		}
	}
	r := &resolver{s: s}
	var out []rules.StackHint
	at := map[string]int{}
	for i := range s.doc.Pieces {
		p := &s.doc.Pieces[i]
		if p.Side != side || !combatKinds[p.Kind] || !s.onMapNow(p) {
			continue
		}
		k, ok := at[p.Hex]
		if !ok {
			k, at[p.Hex] = len(out), len(out)
			out = append(out, rules.StackHint{At: p.Hex})
		}
		out[k].Units = append(out[k].Units, p.Name)
		if rng, _, why := r.weaponRange(p); why == "" {
			out[k].Range = max(out[k].Range, rng)
		}
	}
	for k := range out {
		st := &out[k]
		st.Steps = stepsFor(s, st.Units)
		for _, i := range enemies {
			e := s.doc.Pieces[i]
			if d := hex.Distance(m.axial(st.At), m.axial(e.Hex)); d <= st.Range {
				v := s.unitView(e, side)
				st.Targets = append(st.Targets, rules.TargetHint{Unit: v.Name, At: v.Hex, Distance: d})
			}
		}
	}
	return out
}

// stepsFor lists the steps a stack's activity may hold: limbering and
// unlimbering only with artillery in it (LoB 8.2).
func stepsFor(s *State, units []string) []string {
	guns := slices.ContainsFunc(units, func(n string) bool { return s.piece(n).Kind == ArmArtillery })
	var out []string
	for _, v := range lobtext.StepVerbs {
		if !guns && (v == "LIMBER" || v == "UNLIMBER") {
			continue
		}
		out = append(out, v)
	}
	return out
}
