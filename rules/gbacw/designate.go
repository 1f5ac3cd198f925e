package gbacw

import (
	"slices"
	"strings"

	"galloper/rules/gbacw/gbtext"
)

// Shock Step 1, designation (GBACW 11.31-11.32, 11.41, 8.36, 5.34;
// ruling GBACW-R36), from the shocks the units declared and the
// mandatory ones (11.21):
//
//	1. The shocking units of a hex shock together (8.36). A unit naming
//	   its target shocks that enemy's hex; one naming none shocks every
//	   enemy-held hex of its Front (11.32: one attacking hex with
//	   defenders in both Frontal hexes shocks both); a hex named alone
//	   still takes the stack's other enemy-held Front hex when no other
//	   shock targets it (11.31: every enemy in an attacker's Front is a
//	   target).
//	2. A hex that would shock two defending hexes leaves out one that
//	   another shock targets (11.32). An Extended Line shocks every
//	   enemy-held hex of its Front, the hexes in front of each of its
//	   parts, as one shock, whatever it names (8.46, 11.31 Exception).
//	3. Attacking hexes shocking the same single defending hex combine
//	   when they are next to one another (in a chain), infantry with
//	   infantry, charging cavalry with charging cavalry, shocking cavalry
//	   with shocking cavalry (11.32); coordinated brigades' units combine
//	   alike (5.34). A shock is thus one attacking hex or one defending
//	   hex (11.31). Hexes that may not combine shock the defender one
//	   after the other.
//	4. The shocks are resolved from left to right as the map is drawn:
//	   by their defending hexes' ids, column then row; right to left,
//	   the other way, when the side's doctrine says SHOCK ORDER RIGHT
//	   (11.41).

// attackStack is one attacking hex's shocking units.
type attackStack struct {
	hex     string
	units   []*UnitSt
	targets []string
	named   bool
	charge  bool
}

// class is what the stack may combine with (11.32).
func (a *attackStack) class() string {
	switch {
	case a.units[0].Kind != "cavalry":
		return "foot"
	case a.charge:
		return "charging cavalry"
	}
	return "shocking cavalry"
}

// groupShocks designates the shocks. See GBACW 11.31-11.32, 11.41.
func (r *resolver) groupShocks(ps []pendingShock) []*shockGroup {
	stacks := r.attackStacks(ps)
	targeted := func(h string, but *attackStack) bool {
		return slices.ContainsFunc(stacks, func(o *attackStack) bool { return o != but && slices.Contains(o.targets, h) })
	}
	// 11.31: a named target leaves no enemy in the Front untargeted.
	for _, st := range stacks {
		if !st.named {
			continue
		}
		for _, h := range r.frontHeld(st.units[0]) {
			if !slices.Contains(st.targets, h) && !targeted(h, st) {
				st.targets = append(st.targets, h)
			}
		}
	}
	// 11.32: two defending hexes, unless another shock targets one.
	for _, st := range stacks {
		for i := len(st.targets) - 1; i >= 0 && len(st.targets) > 1 && !st.units[0].extended(); i-- {
			if targeted(st.targets[i], st) {
				st.targets = slices.Delete(st.targets, i, i+1)
			}
		}
		slices.Sort(st.targets)
	}
	gs := r.combine(stacks)
	dir := 1
	if len(gs) > 0 && r.standing(gs[0].side, gbtext.RShockOrder) == "RIGHT" {
		dir = -1 // SHOCK ORDER RIGHT TO LEFT (11.41)
	}
	slices.SortStableFunc(gs, func(a, b *shockGroup) int { return dir * strings.Compare(a.hexes[0], b.hexes[0]) })
	return gs
}

// attackStacks gathers the declared shocks by attacking hex (8.36). A
// stack charges only when every unit in it does (11.21 Note).
func (r *resolver) attackStacks(ps []pendingShock) []*attackStack {
	s := r.s
	var stacks []*attackStack
	byHex := map[string]*attackStack{}
	for _, p := range ps {
		u := s.unit(p.attacker)
		if u == nil || !u.combat() || u.Kind == "artillery" || s.ordersOf(u) == March {
			continue
		}
		targets := r.frontHeld(u)
		if p.target != "" {
			t := s.unit(p.target)
			i := slices.IndexFunc(targets, func(h string) bool { return t != nil && t.combat() && slices.Contains(s.holders(h), t) })
			if i < 0 && t != nil && t.onMap() && r.barredFront(u, t.Hex) {
				r.event("no-shock", "GBACW 11.12", "%s cannot shock %s: movement across the hexside between %s and %s is prohibited (11.12)", u.Name, p.target, u.Hex, t.Hex)
				continue
			}
			if i < 0 {
				r.event("no-shock", "GBACW 11.12", "%s cannot shock %s: it is not in one of its Front hexes (a Refused Frontal hex does not count, 7.34)", u.Name, p.target)
				continue
			}
			if !u.extended() {
				targets = []string{targets[i]} // 8.46: a line shocks them all
			}
		}
		if len(targets) == 0 {
			continue
		}
		charge := p.charge && (s.ordersOf(u) == Attack || u.Kind == "cavalry")
		st := byHex[u.Hex]
		if st == nil {
			st = &attackStack{hex: u.Hex, targets: targets, named: p.target != "", charge: charge}
			byHex[u.Hex] = st
			stacks = append(stacks, st)
		} else {
			st.charge = st.charge && charge
		}
		st.units = append(st.units, u)
	}
	for _, st := range stacks {
		// The stack's order, the top unit first (8.36).
		here := s.unitsAt(st.hex)
		slices.SortStableFunc(st.units, func(a, b *UnitSt) int { return slices.Index(here, a) - slices.Index(here, b) })
	}
	return stacks
}

// frontHeld lists the enemy-held hexes of u's Front, not its Refused
// Frontal hex (7.34, 11.12) nor one across a hexside that bars movement
// (11.12): the Front of each part of an Extended Line,
// facing as its counter (8.44), an enemy line or column held in each of
// its hexes (8.46, 8.5).
func (r *resolver) frontHeld(u *UnitSt) []string {
	s := r.s
	var out []string
	for _, p := range u.lineParts() {
		pa := s.axial(p.hex)
		for d := range 6 {
			n := s.hexID(pa.Neighbor(d))
			if n == "" || arcOf(pa, u.Facing, s.axial(n)) != FrontArc && (p.hex != u.Hex || s.unitArc(u, s.axial(n)) != FrontArc) || n == s.refusedHex(u) {
				continue
			}
			if s.uncrossable(r.sys.combat, p.hex, n) {
				continue // 11.12: no shock across a hexside barring movement
			}
			if slices.ContainsFunc(s.enemiesAt(n, u.Side), (*UnitSt).combat) && !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	return out
}

// combine makes the shocks: each stack shocking two hexes alone, and the
// stacks shocking one hex joined while next to one another and of one
// class (11.32).
func (r *resolver) combine(stacks []*attackStack) []*shockGroup {
	s := r.s
	var gs []*shockGroup
	done := map[*attackStack]bool{}
	// An Extended Line's shock first, to take in the stacks by it.
	order := slices.Clone(stacks)
	slices.SortStableFunc(order, func(a, b *attackStack) int {
		return map[bool]int{true: 0, false: 1}[a.line()] - map[bool]int{true: 0, false: 1}[b.line()]
	})
	for _, st := range order {
		if done[st] {
			continue
		}
		done[st] = true
		members := []*attackStack{st}
		if st.line() {
			// 11.31 Exception: an Extended Line shocking several hexes
			// takes in the stacks next to it that shock one of them.
			for grew := true; grew; {
				grew = false
				for _, o := range stacks {
					if done[o] || len(o.targets) != 1 || !slices.Contains(st.targets, o.targets[0]) || o.class() != st.class() {
						continue
					}
					if slices.ContainsFunc(members, func(m *attackStack) bool { return r.nextTo(m, o) }) {
						members = append(members, o)
						done[o], grew = true, true
					}
				}
			}
		}
		if len(st.targets) == 1 {
			for grew := true; grew; {
				grew = false
				for _, o := range stacks {
					if done[o] || len(o.targets) != 1 || !r.oneTarget(o.targets[0], st.targets[0]) || o.class() != st.class() {
						continue
					}
					if slices.ContainsFunc(members, func(m *attackStack) bool { return s.m.Distance(m.hex, o.hex) == 1 }) {
						members = append(members, o)
						done[o], grew = true, true
					}
				}
			}
		}
		g := &shockGroup{side: st.units[0].Side, hexes: slices.Clone(st.targets), charge: true}
		for _, m := range members {
			g.attackers = append(g.attackers, m.units...)
			g.charge = g.charge && m.charge
			for _, h := range m.targets {
				if !slices.Contains(g.hexes, h) {
					g.hexes = append(g.hexes, h) // another hex of a defending line
				}
			}
		}
		slices.Sort(g.hexes)
		if len(members) > 1 {
			r.event("combine", "GBACW 11.32", "%s combine against %s: their hexes are next to one another", unitNames(g.attackers), strings.Join(g.hexes, " and "))
		}
		gs = append(gs, g)
	}
	return gs
}

// barredFront reports whether h is next to u (or a part of its line),
// across a hexside that bars movement: no shock there (11.12).
func (r *resolver) barredFront(u *UnitSt, h string) bool {
	for _, p := range u.lineParts() {
		if r.s.m.Distance(p.hex, h) == 1 && r.s.uncrossable(r.sys.combat, p.hex, h) {
			return true
		}
	}
	return false
}

// line reports whether the stack is an Extended Line shocking more than
// one hex (8.46, 11.31 Exception).
func (a *attackStack) line() bool {
	return len(a.targets) > 1 && slices.ContainsFunc(a.units, (*UnitSt).extended)
}

// nextTo reports whether stack o stands next to any hex of stack m, an
// Extended Line's hexes all counted (11.32).
func (r *resolver) nextTo(m, o *attackStack) bool {
	for _, u := range m.units {
		for _, p := range u.lineParts() {
			if r.s.m.Distance(p.hex, o.hex) == 1 {
				return true
			}
		}
	}
	return r.s.m.Distance(m.hex, o.hex) == 1
}

// oneTarget reports whether defending hexes a and b are one target: the
// same hex, or two of one Extended Line, shocked as one solid unit (8.46,
// 11.31 Exception).
func (r *resolver) oneTarget(a, b string) bool {
	if a == b {
		return true
	}
	la, lb := r.lineIn(a), r.lineIn(b)
	return la != nil && la == lb
}

// lineIn is the Extended Line holding hex h, by its counter or a part,
// or nil.
func (r *resolver) lineIn(h string) *UnitSt {
	if u := r.s.lineAt(h); u != nil {
		return u
	}
	for _, u := range r.s.unitsAt(h) {
		if u.extended() {
			return u
		}
	}
	return nil
}
