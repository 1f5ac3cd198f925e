package lob

import (
	"container/heap"
	"slices"
	"strings"

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
	held, zoc := s.shownEnemyHexes(side, enemies)
	costs := newReachCache(s)
	for k := range out {
		st := &out[k]
		st.Steps = stepsFor(s, st.Units)
		st.Reach = s.reach(r, costs, st.At, st.Units, held, zoc)
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

// shownEnemyHexes are the hexes held by the enemy combat units shown to
// the side (the indexes enemies), and the hexes next to them, where a
// zone of control may be (LoB 3.4): only what the side's view shows.
func (s *State) shownEnemyHexes(side rules.Side, enemies []int) (held, zoc map[string]bool) {
	m := &s.scn.Map
	held, zoc = map[string]bool{}, map[string]bool{}
	for _, i := range enemies {
		h := s.unitView(s.doc.Pieces[i], side).Hex
		held[h] = true
		at := m.axial(h)
		for d := range 6 {
			if n := at.Neighbor(d); m.onMap(n) {
				zoc[m.idAt(n)] = true
			}
		}
	}
	return held, zoc
}

// reach lists the hexes a stack at hex may reach in a Move Activity, in
// the order of their cost then their ids: by the cheapest path whose
// every step the whole stack pays from the least Movement Allowance of its
// units (LoB 3.0; halved when Disrupted, 3.0e), through their front
// hexsides with no change of Facing (3.3), by Road Movement for a lone
// unit (3.0a), never into a hex an enemy combat unit is shown in (3.0b)
// and never on from a hex next to one, where its zone of control may stop
// the stack (3.4). A stack that starts next to one, or is Routed, or
// holds Unlimbered artillery (3.6a), gets none. Hidden enemy units, a Zero
// leader's roll (9.1e) and Closing Rolls (3.5) may stop it short.
func (s *State) reach(r *resolver, costs *reachCache, at string, names []string, held, zoc map[string]bool) []string {
	if zoc[at] || s.marker(at).Morale == MoraleRouted {
		return nil
	}
	var units []*Piece
	allow := MP(-1)
	for _, n := range names {
		p := s.piece(n)
		ma, err := s.charts.field.Allowance(movementColumn(p))
		if err != nil || p.Unit.Formation == "unlimbered" {
			return nil
		}
		if s.marker(at).Morale == MoraleDG {
			ma = DGAllowance(ma)
		}
		if allow < 0 || ma < allow {
			allow = ma
		}
		units = append(units, p)
	}
	m := &s.scn.Map
	cost := map[string]MP{at: 0}
	q := &hexQueue{{hex: at}}
	for q.Len() > 0 {
		c := heap.Pop(q).(hexCost)
		if c.mp > cost[c.hex] || c.hex != at && zoc[c.hex] {
			continue
		}
		from := m.axial(c.hex)
		for d := range 6 {
			n := from.Neighbor(d)
			if !m.onMap(n) {
				continue
			}
			to := m.idAt(n)
			if held[to] {
				continue
			}
			step, ok := s.stackStepCost(r, costs, units, c.hex, to)
			if next := c.mp + step; ok && next <= allow {
				if old, seen := cost[to]; !seen || next < old {
					cost[to] = next
					heap.Push(q, hexCost{hex: to, mp: next})
				}
			}
		}
	}
	delete(cost, at)
	out := make([]string, 0, len(cost))
	for h := range cost {
		out = append(out, h)
	}
	slices.SortFunc(out, func(a, b string) int {
		if cost[a] != cost[b] {
			return int(cost[a] - cost[b])
		}
		return strings.Compare(a, b)
	})
	return out
}

// stackStepCost is what a step from one hex to the next costs the stack:
// the most any of its units pays (LoB 3.0), by road for a lone unit
// (3.0a); false when one of them may not make it (prohibited terrain, or
// not through its front, 3.3), with the costs kept in costs.
func (s *State) stackStepCost(r *resolver, costs *reachCache, units []*Piece, from, to string) (MP, bool) {
	road := false
	if len(units) == 1 && costs.roads[[2]string{from, to}] { // Road Movement is for a lone unit (LoB 3.0a)
		k := stepKey{col: "road " + movementColumn(units[0]), from: from, to: to}
		c, seen := costs.steps[k]
		if !seen {
			c.ok = r.roadStep(&actingStack{units: units, hex: from}, to)
			costs.steps[k] = c
		}
		road = c.ok
	}
	most := MP(0)
	for _, p := range units {
		if !r.throughFront(p, from, to) {
			return 0, false
		}
		k := stepKey{col: movementColumn(p), from: from, to: to, road: road}
		c, seen := costs.steps[k]
		if !seen {
			tc, ok := r.enterCost(p, from, to, road)
			c = stepCost{mp: tc.MP, ok: ok}
			costs.steps[k] = c
		}
		if !c.ok {
			return 0, false
		}
		most = max(most, c.mp)
	}
	return most, true
}

// stepKey is a step in a movement column, by road or not.
type stepKey struct {
	col, from, to string
	road          bool
}

// stepCost is what a step costs, and whether it may be made at all.
type stepCost struct {
	mp MP
	ok bool
}

// hexCost is a hex and the MPs spent to reach it.
type hexCost struct {
	hex string
	mp  MP
}

// hexQueue is a heap of hexes, cheapest first, then by id.
type hexQueue []hexCost

func (q hexQueue) Len() int { return len(q) }
func (q hexQueue) Less(i, j int) bool {
	if q[i].mp != q[j].mp {
		return q[i].mp < q[j].mp
	}
	return q[i].hex < q[j].hex
}
func (q hexQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *hexQueue) Push(x any)   { *q = append(*q, x.(hexCost)) }
func (q *hexQueue) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}

// reachCache serves the reach of every stack of one side's hints: the
// cost of each step in a movement column, and the pairs of adjacent hexes
// a road joins, both ways round.
type reachCache struct {
	steps map[stepKey]stepCost
	roads map[[2]string]bool
}

// newReachCache starts a cache for s.
func newReachCache(s *State) *reachCache {
	c := &reachCache{steps: map[stepKey]stepCost{}, roads: map[[2]string]bool{}}
	for _, rd := range s.scn.Map.Roads {
		for j := 1; j < len(rd.Hexes); j++ {
			c.roads[[2]string{rd.Hexes[j-1], rd.Hexes[j]}] = true
			c.roads[[2]string{rd.Hexes[j], rd.Hexes[j-1]}] = true
		}
	}
	return c
}
