package gbacw

import (
	"cmp"
	"slices"

	"galloper/rules"
)

// Abandoned guns (GBACW 12.8, 3.0 IV/B/4-5):
//
//	1. Artillery a combat result Abandons takes an Abandoned 1 marker
//	   (StAbandoned). It is no unit: it blocks no LOS, does not count to
//	   stacking or to a hex's fire limits, and units of both sides may
//	   move through its hex (12.8).
//	2. At the end of any Brigade Activation during which a friendly unit
//	   in Good Order moved into or through its hex, a friendly unit
//	   advanced into it after combat, or a friendly unit there rallied,
//	   the battery is recreated: Disordered, facing as the friendly units
//	   in the hex, within the stacking limits (12.81, ruling GBACW-R35).
//	3. In the Recovery Phase, batteries marked Abandoned 2 are
//	   eliminated; then Abandoned 1 markers flip to Abandoned 2 (12.82).
//	4. Exception: guns whose hex holds a friendly unit in Good Order that
//	   passes its UDD for Friendly Fire (10.26) or Retreat-Through
//	   (12.46) disregard an Abandoned result of that cause (12.8; ruling
//	   GBACW-R66).

// regain records that unit u did in hex h what lets its side's
// Abandoned guns there be recreated. See GBACW 12.81.
func (r *resolver) regain(u *UnitSt, h string) {
	if r.regained == nil {
		r.regained = map[string]map[rules.Side]bool{}
		r.regainedBy = map[string][]string{}
	}
	if r.regained[h] == nil {
		r.regained[h] = map[rules.Side]bool{}
	}
	r.regained[h][u.Side] = true
	r.regainedBy[h] = append(r.regainedBy[h], u.Name)
}

// regainedByOther: a unit other than g regained g's hex (a battery that
// entered it and was Abandoned there, 12.45, does not recreate itself).
func (r *resolver) regainedByOther(g *UnitSt) bool {
	for _, n := range r.regainedBy[g.Hex] {
		if n != g.Name {
			return true
		}
	}
	return false
}

// recreateGuns is the end of a Brigade Activation: Abandoned batteries
// whose hex a friendly unit regained return to play. See GBACW 12.81.
func (r *resolver) recreateGuns() {
	s := r.s
	defer func() { r.regained, r.regainedBy = nil, nil }()
	for i := range s.Units {
		g := &s.Units[i]
		if g.Status != StAbandoned || !g.onMap() || !r.regained[g.Hex][g.Side] || !r.regainedByOther(g) {
			continue
		}
		var friends []*UnitSt
		for _, f := range s.unitsAt(g.Hex) {
			if f != g && f.Side == g.Side && f.combat() {
				friends = append(friends, f)
			}
		}
		if !stackRoomOf(g, friends, s.ordersOf(g), s.ordersOf, s.book.stacking()) {
			r.event("not-recreated", "GBACW 12.81", "%s stays Abandoned: recreated, it would exceed the stacking limits in %s", g.Name, g.Hex)
			continue
		}
		g.Status, g.Abandoned2 = StDisordered, false
		if len(friends) > 0 {
			g.Facing = friends[0].Facing
		}
		r.event("recreated", "GBACW 12.81", "%s is recreated in %s, Disordered", g.Name, g.Hex)
	}
}

// abandonedGuns is Phase IV/B/4-5: batteries Abandoned since the last
// turn are eliminated, and this turn's flip to Abandoned 2. See GBACW
// 12.8, 12.82.
func (r *resolver) abandonedGuns() {
	s := r.s
	for i := range s.Units {
		g := &s.Units[i]
		switch {
		case g.Status != StAbandoned || !g.onMap():
		case g.Abandoned2:
			s.side(g.Side).Lost += g.SP
			r.event("eliminated", "GBACW 12.82", "%s, Abandoned and not recreated by the end of the second turn, is eliminated", g.Name)
			g.Status, g.Hex = StEliminated, ""
			r.commandGone(g) // 12.71: a leader whose units are all eliminated
		default:
			g.Abandoned2 = true
			r.event("abandoned", "GBACW 12.8", "%s's Abandoned marker flips to Abandoned 2", g.Name)
		}
	}
}

// friendlyUDDs are the UDDs of the friendly units fired over (10.26) or
// retreated through (12.46), for cause. A unit in Good Order that passes
// saves the guns in its hex from an Abandoned result of the same cause
// (12.8 Exception): Disordered artillery, which alone may be Abandoned
// by it (12.36), rolls after the units stacked with it.
func (r *resolver) friendlyUDDs(units []*UnitSt, why, cause string) {
	units = slices.Clone(units)
	slices.SortStableFunc(units, func(a, b *UnitSt) int { return cmp.Compare(exposedGuns(a), exposedGuns(b)) })
	outer := r.coverers // a UDD failed may set off a retreat through others
	r.coverers = map[string]string{}
	defer func() { r.coverers = outer }()
	for _, f := range units {
		if !f.combat() {
			continue
		}
		good := f.Status == StGood
		if r.uddOrDisorder(f, 0, why, cause) && good && f.onMap() {
			if _, ok := r.coverers[f.Hex]; !ok {
				r.coverers[f.Hex] = f.Name
			}
		}
	}
}

// exposedGuns is 1 for Disordered artillery, 0 for any other unit.
func exposedGuns(u *UnitSt) int {
	if u.Kind == "artillery" && u.Status == StDisordered {
		return 1
	}
	return 0
}
