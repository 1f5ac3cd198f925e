package gbacw

import (
	"slices"

	"galloper/rules/gbacw/gbtext"
)

// Retreat through friendly units (GBACW 12.46):
//
//  1. A retreating unit whose path is blocked by friendly units it may
//     not stack with goes on through them until it reaches a hex where
//     it may stop, whatever the Disorder codes of the hexes it passes.
//  2. Once its retreat is over (with its own 2nd Disorder UDD or rout
//     check), each stationary unit it went through makes a UDD, failing
//     which it is Disordered; one already Disordered takes a 2nd
//     Disorder "from retreat through friendly units" (12.35b), and may
//     retreat in turn.
//  3. No double jeopardy: in one Fire Table or shock result, and the
//     chain of retreats it sets off, a unit checks once, and the units
//     that retreated through others check for none. A stationary
//     Extended Line or Column blocks every hex it holds (8.44, 8.5) and
//     makes one UDD however many of them a unit went through.

// blocked: h holds friendly units u may not stack with (8.12, 12.44),
// an Extended Unit's extension among them (8.44, 8.5); Abandoned guns
// are not units (12.8).
func (s *State) blocked(u *UnitSt, h string) bool {
	for _, f := range s.holders(h) {
		if f != u && f.Side == u.Side && f.combat() {
			return !s.stackRoom(u, h, s.ordersOf(u))
		}
	}
	return false
}

// retreatThrough is step 1 for u, just retreated into a hex: while the
// hex is blocked it goes on a hex more, away from the enemy at from. It
// returns the stationary units passed through, and false when no hex
// beyond would take it.
func (r *resolver) retreatThrough(u *UnitSt, from string, friends bool) ([]*UnitSt, bool) {
	s := r.s
	var passed []*UnitSt
	for hops := 0; s.blocked(u, u.Hex); hops++ {
		for _, f := range s.holders(u.Hex) {
			if f != u && f.Side == u.Side && f.combat() {
				passed = append(passed, f)
			}
		}
		r.event("retreat-through", "GBACW 12.46", "%s retreats through the units in %s", u.Name, u.Hex)
		h := r.retreatHex(u, from, friends)
		if h == "" || hops == 3 {
			return passed, false
		}
		r.event("retreat", "GBACW 12.46", "%s retreats from %s to %s", u.Name, u.Hex, h)
		r.retreatStep(u, h)
	}
	return passed, true
}

// retreatHex is the hex u retreats into next, away from the enemy at
// from: never through friendly units in a hex designated for a shock yet
// to be resolved (12.46 Exception), before a shock never into a
// friendly-held hex designated for one (11.34), never into a hex it
// could not enter in movement (12.44), and for artillery none that would
// cost it more than 2 MPs, a road's rate counting (12.45).
func (r *resolver) retreatHex(u *UnitSt, from string, friends bool) string {
	at := u.Hex
	avoid := func(h string) bool {
		if c := r.s.moveCost(r.sys.combat, u, r.s.ordersOf(u), at, h); c == 0 || u.Kind == "artillery" && c > 2*2 {
			return true
		}
		if r.enemyFrontHex(u, h) || r.nextToDesignator(u, h) {
			return true
		}
		return r.barred[h] || r.unresolved[h] && r.s.blocked(u, h)
	}
	return r.s.retreatHexAvoiding(r.sys.combat, u, at, from, friends, avoid)
}

// retreatOneOrTwo is a retreat of one or two hexes, two when the second
// does not go through friendly units: the unit must stop after one if it
// would (12.46 Exception).
func (r *resolver) retreatOneOrTwo(u *UnitSt, from string) {
	r.retreat(u, from, 1)
	if !u.onMap() {
		return
	}
	h := r.retreatHex(u, from, r.standing(u.Side, gbtext.RRetreat) == "FRIENDS")
	if h != "" && r.s.blocked(u, h) {
		r.event("retreat-stop", "GBACW 12.46", "%s stops after one hex: a second would go through the units in %s", u.Name, h)
		return
	}
	r.retreat(u, from, 1)
}

// throughUDDs is steps 2 and 3 for the units u retreated through.
func (r *resolver) throughUDDs(u *UnitSt, passed []*UnitSt) {
	if r.throughDone == nil {
		r.throughDone = map[*UnitSt]bool{}
	}
	r.throughDone[u] = true
	var check []*UnitSt
	for _, f := range passed {
		if r.throughDone[f] || !f.combat() {
			continue
		}
		r.throughDone[f] = true
		check = append(check, f)
	}
	r.friendlyUDDs(check, "a unit retreated through it", "retreat-through") // 12.8 Exception
}

// enemyFrontHex: h is a Front hex of an enemy combat unit, or next to
// the units whose shock caused the retreat, which a retreating unit may
// not enter unless a friendly unit not designated as a target of shock
// holds it (12.44).
func (r *resolver) enemyFrontHex(u *UnitSt, h string) bool {
	s := r.s
	if !r.unresolved[h] && slices.ContainsFunc(s.holders(h), func(f *UnitSt) bool { return f != u && f.Side == u.Side && f.combat() }) {
		return false
	}
	if slices.ContainsFunc(r.causers, func(c string) bool { return s.m.Distance(c, h) == 1 && s.heldAgainst(c, u.Side) }) {
		return true
	}
	ha := s.axial(h)
	return slices.ContainsFunc(s.adjacentEnemies(h, u.Side), func(e *UnitSt) bool { return s.unitArc(e, ha) == FrontArc })
}

// hexesOf maps units to the hexes they stand in.
func hexesOf(us []*UnitSt) map[*UnitSt]string {
	out := map[*UnitSt]string{}
	for _, u := range us {
		out[u] = u.Hex
	}
	return out
}

// keepOrder: units of one stack, us in their order top first, that
// retreated together into one hex keep their stacking order (12.44).
func (r *resolver) keepOrder(us []*UnitSt, from map[*UnitSt]string) {
	type move struct{ from, to string }
	groups := map[move][]*UnitSt{}
	var keys []move
	for _, u := range us {
		if !u.onMap() || u.Hex == from[u] {
			continue
		}
		k := move{from[u], u.Hex}
		if groups[k] == nil {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], u)
	}
	for _, k := range keys {
		g := groups[k]
		if len(g) < 2 {
			continue
		}
		var places []int
		for _, u := range g {
			places = append(places, u.Stack)
		}
		slices.Sort(places)
		for i, u := range g {
			u.Stack = places[i]
		}
	}
}

// retreatToComply is a 2nd Disorder's retreat of one or two hexes: one,
// unless the unit then stands next to an enemy and only a second hex,
// not through friendly units (12.46 Exception), takes it away from every
// enemy: then two (12.44, ruling GBACW-R19).
func (r *resolver) retreatToComply(u *UnitSt, from string) {
	r.retreat(u, from, 1)
	if !u.onMap() || len(r.s.adjacentEnemies(u.Hex, u.Side)) == 0 {
		return
	}
	h := r.retreatHex(u, from, r.standing(u.Side, gbtext.RRetreat) == "FRIENDS")
	if h == "" || r.s.blocked(u, h) || len(r.s.adjacentEnemies(h, u.Side)) > 0 {
		return
	}
	r.event("retreat-two", "GBACW 12.44", "%s retreats a second hex: only two take it away from the enemy", u.Name)
	r.retreat(u, from, 1)
}

// nextToDesignator: h is next to an attacker of a shock still to resolve
// that designated u (12.44), unless friendly units not designated for a
// shock hold it.
func (r *resolver) nextToDesignator(u *UnitSt, h string) bool {
	s := r.s
	if !r.unresolved[h] && slices.ContainsFunc(s.holders(h), func(f *UnitSt) bool { return f != u && f.Side == u.Side && f.combat() }) {
		return false
	}
	for _, g := range r.pendingShocks {
		if g.ended || !slices.ContainsFunc(r.defenders(g), func(d *UnitSt) bool { return d == u }) {
			continue
		}
		for _, a := range g.attackers {
			if a.onMap() && s.touches(a, h) {
				return true
			}
		}
	}
	return false
}
