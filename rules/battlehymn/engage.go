package battlehymn

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"galloper/rules"
)

// Engagements (BH 6.1.5-6.1.9): an attacking unit in a defender's ZOC is
// linked to it, and must attack it; an attacker adjacent to a defender
// but not in its ZOC may join (OPTIONAL ATTACKS) and is then fired on in
// turn (BH 6.1.7, 6.4). An Engagement is a connected group of linked
// units that have not fought this Combat Turn; after each, the rest are
// found again (BH 6.1.6, 6.1.9).

// link reports whether attacker a and defender d are linked, and whether
// only optionally.
func (s *State) link(a, d *Unit) (linked, optional bool) {
	if !a.fires() || !d.fires() || !s.board.adjacent(a.Hex, d.Hex) {
		return false, false
	}
	if s.exertsZOC(d, a.Hex) {
		return true, false
	}
	return true, true
}

// engagementGroups finds the Engagements left to fight.
func (h *hour) engagementGroups(att, def rules.Side) [][]*Unit {
	s := h.s
	opt, _ := h.reaction(att, "OPTIONAL")
	var as, ds []*Unit
	for _, u := range s.units(att) {
		if !h.fought[u.Name] {
			as = append(as, u)
		}
	}
	for _, u := range s.units(def) {
		if !h.fought[u.Name] {
			ds = append(ds, u)
		}
	}
	adj := map[string][]*Unit{}
	for _, a := range as {
		for _, d := range ds {
			if l, o := s.link(a, d); l && (!o || opt == "ALWAYS") {
				adj[a.Name] = append(adj[a.Name], d)
				adj[d.Name] = append(adj[d.Name], a)
			}
		}
	}
	seen := map[string]bool{}
	var groups [][]*Unit
	for _, start := range append(slices.Clone(as), ds...) {
		if seen[start.Name] || len(adj[start.Name]) == 0 {
			continue
		}
		var g []*Unit
		queue := []*Unit{start}
		seen[start.Name] = true
		for len(queue) > 0 {
			u := queue[0]
			queue = queue[1:]
			g = append(g, u)
			for _, v := range adj[u.Name] {
				if !seen[v.Name] {
					seen[v.Name] = true
					queue = append(queue, v)
				}
			}
		}
		slices.SortFunc(g, byName)
		groups = append(groups, g)
	}
	return groups
}

// engagements is step 5: each Engagement in turn, in the order of the
// Attacker's ENGAGEMENTS PREFER list, else At Random (BH 6.1.6, 6.1.9).
func (h *hour) engagements(att, def rules.Side) error {
	for {
		gs := h.engagementGroups(att, def)
		if len(gs) == 0 {
			return nil
		}
		pick := -1
		if choice, ns := h.reaction(att, "ENGAGEMENTS"); choice == "PREFER" {
			for _, n := range ns {
				for i, g := range gs {
					if pick < 0 && slices.ContainsFunc(g, func(u *Unit) bool { return strings.EqualFold(u.Name, n) }) {
						pick = i
					}
				}
			}
		}
		if pick < 0 {
			labels := make([]string, len(gs))
			for i, g := range gs {
				labels[i] = strings.ReplaceAll(names(g), ",", " +")
			}
			l, err := h.atRandom(labels, "BH 3.1, 6.1.6", "the next Engagement")
			if err != nil {
				return err
			}
			pick = slices.Index(labels, l)
		}
		if err := h.engagement(att, gs[pick]); err != nil {
			return err
		}
	}
}

// engagement fights one Engagement: Round One, Round Two if any unit is
// still adjacent to an enemy and able to fire, then the end-of-Engagement
// retreat (BH 6.1.7, 6.1.8).
func (h *hour) engagement(att rules.Side, g []*Unit) error {
	s := h.s
	in := map[string]bool{}
	for _, u := range g {
		in[u.Name] = true
		h.fought[u.Name] = true
	}
	h.event("engagement", "BH 6.1.5", "Engagement: %s", names(g))
	advanced := map[string]bool{}
	if err := h.combatRound(att, 1, g, in, advanced); err != nil {
		return err
	}
	if !h.anyAdjacent(g, in, advanced) {
		return nil // See BH 6.1.7: no Round Two, and no retreat at its end.
	}
	if err := h.combatRound(att, 2, g, in, advanced); err != nil {
		return err
	}
	def := s.enemy(att)
	leave, _ := h.reaction(att, "UNENGAGED")
	for _, u := range g {
		if u.Side != att || !u.fires() || advanced[u.Name] {
			continue
		}
		adj := s.adjacentEnemies(u)
		switch {
		case s.enemyZOC(att, u.Hex):
			h.event("retreat-end", "BH 6.1.8", "%s is still in a %s ZOC after Round Two and did not advance: it must retreat", u.Name, def)
			if err := h.retreat(u, hexes(adj), false, "BH 6.1.8, 7.1.2"); err != nil {
				return err
			}
		case len(adj) > 0 && leave == "RETREAT":
			h.event("retreat-end", "BH 6.1.8", "%s, adjacent to but not in a %s ZOC, retreats (standing reaction)", u.Name, def)
			if err := h.retreat(u, hexes(adj), true, "BH 6.1.8, 7.1.1"); err != nil {
				return err
			}
		}
	}
	return nil
}

// targets lists the enemy units u fires at in a round: the units of the
// Engagement exerting a ZOC into its hex (ruling R-3), the partners of an
// optional attack both ways (BH 6.1.7, 6.4), and, for a unit that
// advanced, every enemy unit exerting a ZOC into its new hex (BH 8.2),
// which fire back (ruling A13).
func (h *hour) targets(u *Unit, att rules.Side, in, advanced map[string]bool) []*Unit {
	s := h.s
	opt, _ := h.reaction(att, "OPTIONAL")
	var out []*Unit
	for _, e := range s.adjacentEnemies(u) {
		if !e.fires() {
			continue
		}
		a, d := u, e
		if u.Side != att {
			a, d = e, u
		}
		_, optional := s.link(a, d)
		switch {
		case in[e.Name] && s.exertsZOC(e, u.Hex):
			out = append(out, e)
		case in[e.Name] && optional && opt == "ALWAYS":
			out = append(out, e)
		case advanced[u.Name] && s.exertsZOC(e, u.Hex):
			out = append(out, e)
		case advanced[e.Name] && s.exertsZOC(u, e.Hex) && in[e.Name]:
			out = append(out, e)
		}
	}
	return out
}

// anyAdjacent reports whether a unit of the Engagement can still fire at
// an enemy (BH 6.1.8).
func (h *hour) anyAdjacent(g []*Unit, in, advanced map[string]bool) bool {
	for _, u := range g {
		if u.fires() && len(h.targets(u, h.attackerSide, in, advanced)) > 0 {
			return true
		}
	}
	return false
}

// shares is one firer's fire in a round, fixed before any die (BH 6.3.2).
type shares struct {
	f   *Unit
	at  []*Unit
	sps map[string]int
}

// combatRound fights one Combat Round (BH 6.1.7, 6.2): every firer's
// shares fixed, all dice rolled, then the Defender's Morale Checks, the
// Attacker's, and the Attacker's advances.
func (h *hour) combatRound(att rules.Side, round int, g []*Unit, in, advanced map[string]bool) error {
	s := h.s
	h.attackerSide = att
	if round == 1 {
		h.event("round", "BH 6.1.7", "Round One")
	} else {
		h.event("round-two", "BH 6.1.8", "Round Two: a unit is still adjacent to an enemy and able to fire")
	}
	fire, err := h.allocate(att, g, in, advanced)
	if err != nil {
		return err
	}
	sort.SliceStable(fire, func(i, j int) bool { return (fire[i].f.Side == att) && (fire[j].f.Side != att) })
	hits := map[string]int{}
	causes := map[string][]string{}
	firedAt := map[string][]string{} // target -> attacking firers
	for _, x := range fire {
		for _, t := range x.at {
			n := x.sps[t.Name]
			if n == 0 {
				continue
			}
			c, why, err := h.chance(x.f, t, false, false)
			if err != nil {
				return err
			}
			k, rolls := s.charts.Fire(h.dice, n, c, fmt.Sprintf("Round %d, %s at %s", round, x.f.Name, t.Name))
			h.event("fire", "BH 6.2.2, 6.2.3", "%s fires %d SP at %s: To Hit %d (%s): rolls %v, %d Hit(s)", x.f.Name, n, t.Name, c, why, rolls, k)
			h.trace(rules.TraceFire, x.f.Side, x.f.Name, x.f.Hex, t.Hex)
			hits[t.Name] += k
			causes[t.Name] = append(causes[t.Name], x.f.Hex)
			if x.f.Side == att {
				firedAt[t.Hex] = append(firedAt[t.Hex], x.f.Name)
			}
		}
	}
	for _, side := range []rules.Side{s.enemy(att), att} { // See BH 6.2.4.
		if err := h.resolveHits(side, hits, causes); err != nil {
			return err
		}
	}
	return h.advance(att, firedAt, advanced)
}

// allocate fixes every firer's shares for a round before any die is
// rolled (BH 6.3.2): each unit of the Engagement splits its intact SPs
// among its targets, odd SPs by ODD SPS or At Random (BH 6.1.7, 6.3.1).
func (h *hour) allocate(att rules.Side, g []*Unit, in, advanced map[string]bool) ([]shares, error) {
	s := h.s
	var fire []shares
	var extra []*Unit // non-Engagement units fired on after an advance (BH 8.2)
	for _, u := range g {
		if !u.fires() {
			continue
		}
		ts := h.targets(u, att, in, advanced)
		if len(ts) == 0 {
			continue
		}
		var tn []string
		for _, t := range ts {
			tn = append(tn, t.Name)
			if !in[t.Name] && !slices.Contains(extra, t) {
				extra = append(extra, t)
			}
		}
		odd, err := h.oddTargets(u.Side, u.Name, u.Intact(), tn)
		if err != nil {
			return nil, err
		}
		idx := make([]int, len(odd))
		for i, o := range odd {
			idx[i] = slices.Index(tn, o)
		}
		sp, err := Split(u.Intact(), len(tn), idx)
		if err != nil {
			return nil, err
		}
		x := shares{f: u, at: ts, sps: map[string]int{}}
		for i, t := range tn {
			x.sps[t] = sp[i]
		}
		fire = append(fire, x)
	}
	for _, e := range extra { // they fire back at the unit that advanced
		if !e.fires() {
			continue
		}
		var ts []*Unit
		var tn []string
		for _, a := range s.adjacentEnemies(e) {
			if advanced[a.Name] && a.fires() {
				ts, tn = append(ts, a), append(tn, a.Name)
			}
		}
		if len(ts) == 0 {
			continue
		}
		odd, err := h.oddTargets(e.Side, e.Name, e.Intact(), tn)
		if err != nil {
			return nil, err
		}
		idx := make([]int, len(odd))
		for i, o := range odd {
			idx[i] = slices.Index(tn, o)
		}
		sp, err := Split(e.Intact(), len(tn), idx)
		if err != nil {
			return nil, err
		}
		x := shares{f: e, at: ts, sps: map[string]int{}}
		for i, t := range tn {
			x.sps[t] = sp[i]
		}
		fire = append(fire, x)
	}
	return fire, nil
}

// resolveHits makes the Combat Morale Checks of side's units with Hits,
// one at a time, each with its retreat, in the order of the side's MORALE
// CHECKS PREFER list, then At Random (BH 6.2.4, 10.4.1).
func (h *hour) resolveHits(side rules.Side, hits map[string]int, causes map[string][]string) error {
	s := h.s
	var left []string
	for n, k := range hits {
		if u := s.unit(n); k > 0 && u.Side == side && u.fires() {
			left = append(left, n)
		}
	}
	sort.Strings(left)
	_, prefer := h.reaction(side, "CHECKS")
	for len(left) > 0 {
		next := ""
		for _, p := range prefer {
			if i := slices.IndexFunc(left, func(n string) bool { return strings.EqualFold(n, p) }); i >= 0 && next == "" {
				next = left[i]
			}
		}
		if next == "" {
			var err error
			if next, err = h.atRandom(left, "BH 3.1, 6.2.4", string(side)+": the next Morale Check"); err != nil {
				return err
			}
		}
		left = slices.DeleteFunc(left, func(n string) bool { return n == next })
		u := s.unit(next)
		if !u.fires() {
			continue
		}
		pass := h.check(u, "BH 10.4.1", "Combat")
		r, err := ApplyHits(u.sps(), hits[next], CombatCheck, pass)
		if err != nil {
			return err
		}
		u.setSPs(r.SPs)
		h.event("hits", "BH 10.4.1", "%s takes %d Hit(s): %d SPs, %d demoralized", u.Name, r.Hits, u.Strength, u.Demoralized)
		if err := h.afterHits(u, r); err != nil {
			return err
		}
		if r.Retreat && u.fires() {
			if err := h.retreat(u, causes[next], false, "BH 10.4.1, 7.1.2"); err != nil {
				return err
			}
		}
	}
	return nil
}

// advance offers the Attacker an Advance After Combat into each hex its
// units fired at that is now vacant (BH 6.2.4, 8, 8.1): by its ADVANCE
// AFTER COMBAT reaction, the PREFER list's first eligible unit or, with
// ALWAYS, one of them At Random. Artillery never advances (BH 11.1, 11.2),
// nor a unit screened by a cavalry retreat (BH 6.1.1).
func (h *hour) advance(att rules.Side, firedAt map[string][]string, advanced map[string]bool) error {
	s := h.s
	policy, prefer := h.reaction(att, "ADVANCES")
	if policy == "NEVER" {
		return nil
	}
	hs := make([]string, 0, len(firedAt))
	for x := range firedAt {
		hs = append(hs, x)
	}
	sort.Strings(hs)
	for _, x := range hs {
		if s.at(x) != nil {
			continue
		}
		var elig []string
		for _, n := range firedAt[x] {
			u := s.unit(n)
			if u.fires() && u.Type != Artillery && u.Type != HorseArtillery && !h.noAdvance[n] && s.board.adjacent(u.Hex, x) && !slices.Contains(elig, n) {
				elig = append(elig, n)
			}
		}
		if len(elig) == 0 {
			continue
		}
		pick := ""
		if policy == "PREFER" {
			for _, p := range prefer {
				if i := slices.IndexFunc(elig, func(n string) bool { return strings.EqualFold(n, p) }); i >= 0 && pick == "" {
					pick = elig[i]
				}
			}
			if pick == "" {
				continue
			}
		} else {
			sort.Strings(elig)
			var err error
			if pick, err = h.atRandom(elig, "BH 3.1, 8.1", "the unit to advance into "+x); err != nil {
				return err
			}
		}
		u := s.unit(pick)
		from := u.Hex
		u.Hex = x
		advanced[u.Name] = true
		h.occupy(u)
		h.event("advance", "BH 8.1", "%s advances after combat from %s into %s", u.Name, from, x)
		h.trace(rules.TraceMove, u.Side, u.Name, from, x)
	}
	return nil
}
