package gbacw

import "slices"

// bothRout plays the routs held back while a shock's result was applied
// (12.52): when both sides would rout, the one unit with the highest
// Cohesion Rating, less half its brigade's Fatigue rounded up, does not;
// on a tie it is the attacker. Abandoned guns count as the defenders'
// rout but are never the unit spared. The others rout to their Division
// Box (12.53). See GBACW 12.52-12.53.
func (r *resolver) bothRout(attackers, defenders []*UnitSt, held []*UnitSt) {
	attackerRouts, defenderRouts := false, false
	var u, bestDef *UnitSt // the attackers' and the defenders' best
	for _, x := range held {
		if slices.Contains(attackers, x) {
			attackerRouts = true
			if u == nil || r.routCohesion(x) > r.routCohesion(u) {
				u = x
			}
			continue
		}
		defenderRouts = true
		if bestDef == nil || r.routCohesion(x) > r.routCohesion(bestDef) {
			bestDef = x
		}
	}
	for _, d := range defenders {
		if d.Kind == "artillery" && d.Status == StAbandoned {
			defenderRouts = true // the 12.52 Note
		}
	}
	if attackerRouts && defenderRouts {
		spared := u
		if bestDef != nil && r.routCohesion(bestDef) > r.routCohesion(u) && r.uniqueBest(held, bestDef) {
			spared = bestDef
			r.event("both-rout", "GBACW 12.52", "both sides would rout: %s, of the defenders, does not (Cohesion %d against the attackers' %d)",
				spared.Name, r.routCohesion(spared), r.routCohesion(u))
		} else {
			other := 0
			if bestDef != nil {
				other = r.routCohesion(bestDef)
			}
			tie := ""
			if bestDef != nil && other >= r.routCohesion(u) {
				tie = ": a tie spares an attacker"
			}
			r.event("both-rout", "GBACW 12.52", "both sides would rout: %s, of the attackers, does not (Cohesion %d against the defenders' %d%s)",
				u.Name, r.routCohesion(u), other, tie)
		}
		held = slices.DeleteFunc(held, func(x *UnitSt) bool { return x == spared })
	}
	if r.chain != nil {
		r.chain.spared = r.chain.spared || attackerRouts && defenderRouts
		for _, d := range defenders {
			if d.Kind == "artillery" && d.Status == StAbandoned {
				r.chain.routed[d.Side] = true // the 12.52 Note
			}
		}
	}
	for _, x := range held {
		if x.onMap() {
			r.chain.routs(r, x)
			r.rout(x)
		}
	}
}

// routCohesion is a unit's Cohesion Rating for 12.52: its current
// rating less half its brigade's Fatigue rounded up.
func (r *resolver) routCohesion(u *UnitSt) int {
	return u.cohesionNow() - r.s.brigade(u.Brigade).Fatigue.DRM()
}

// uniqueBest: no other defender held for rout ties best.
func (r *resolver) uniqueBest(held []*UnitSt, best *UnitSt) bool {
	for _, x := range held {
		if x != best && r.routCohesion(x) == r.routCohesion(best) {
			return false
		}
	}
	return true
}
