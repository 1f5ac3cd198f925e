package gbacw

import (
	"fmt"

	"galloper/rules/hex"
)

// Withdrawal Movement (GBACW 9.54, ruling GBACW-R53), a unit's WITHDRAW
// action:
//
//  1. Only under Advance or Attack Orders, as the unit's movement for the
//     activation: it has not moved or fired, and after it neither fires
//     nor shocks.
//  2. A Refused unit gives up its Refusal at no cost (7.33), after any
//     Withdrawal Fire at it (10.44).
//  3. It moves backwards into one of its rear hexes, facing kept, at most
//     two hexes, along the hexes given or, without them, each time into
//     the rear hex farthest from the nearest enemy. A hex must be one the
//     unit may enter by its Orders (6.15, 9.52), and one it may stop in,
//     but that it may cross a hex of units as 9.54 allows; under Attack
//     Orders it stops next to an enemy (9.53).
//  4. Each hex that costs more than 1 MP to enter (a pike, road or trail
//     counted when the unit may use it, 8.13) calls for a UDD with +1 for
//     each MP over one. A failed UDD Disorders the unit; a unit already
//     Disordered that fails does not enter the second hex, or, failing
//     for the second, returns to the first.

// withdraw carries out a WITHDRAW action along hexes (none: the unit's
// own choice).
func (r *resolver) withdraw(u *UnitSt, hexes []string, stand bool) {
	s := r.s
	o := s.ordersOf(u)
	switch {
	case stand || u.Moved || u.Fired:
		return
	case o == March:
		r.event("withdraw-halted", "GBACW 9.54", "%s is under March Orders and may not use Withdrawal Movement", u.Name)
		return
	}
	r.withdrawalFire(u)
	if !u.combat() {
		return
	}
	u.Barred = true
	if u.Refused != "" {
		u.Refused = ""
		r.event("unrefuse", "GBACW 9.54", "%s leaves Refused status to withdraw", u.Name)
	}
	start := u.Hex
	var first string
	for step := 0; step < 2; step++ {
		var next string
		if step < len(hexes) {
			next = hexes[step]
			if why := r.withdrawBar(u, o, next, step, hexes); why != "" {
				r.event("withdraw-halted", "GBACW 9.54", "%s halts at %s: %s", u.Name, u.Hex, why)
				break
			}
		} else if len(hexes) > 0 {
			break
		} else if next = r.withdrawPick(u, o); next == "" {
			break
		}
		was := u.Status == StDisordered
		from := u.Hex
		u.Hex, u.Moved = next, true
		if mp := s.withdrawMP(r.sys.combat, u, o, from, next); mp > 1 {
			if !r.uddOrDisorder(u, mp-1, "Withdrawal Movement into "+next, "terrain") && was {
				if step == 1 {
					u.Hex = first // 9.54: it returns to the first hex
				}
				break
			}
		}
		first = next
		if o == Attack && len(s.adjacentEnemies(u.Hex, u.Side)) > 0 {
			break // 9.53
		}
	}
	if u.Hex != start {
		r.event("withdraw", "GBACW 9.54", "%s withdraws from %s to %s", u.Name, start, u.Hex)
		r.approachFire(u)
		r.reactionFacing(u)
	}
}

// withdrawMP is the MPs a hex costs a withdrawing unit, for its UDD.
func (s *State) withdrawMP(cc *CombatCharts, u *UnitSt, o Orders, from, to string) int {
	return (s.moveCost(cc, u, o, from, to) + 1) / 2
}

// withdrawBar says why a withdrawing unit may not take its next hex, or
// "" when it may. See GBACW 9.54.
func (r *resolver) withdrawBar(u *UnitSt, o Orders, next string, step int, hexes []string) string {
	s := r.s
	cc := r.sys.combat
	if s.m.Distance(u.Hex, next) != 1 || arcOf(s.axial(u.Hex), u.Facing, s.axial(next)) != RearArc {
		return fmt.Sprintf("%s is not one of its rear hexes", next)
	}
	oc := s.occupancy(cc, u.Side)
	switch {
	case oc.enemy[next] || s.moveCost(cc, u, o, u.Hex, next) == 0:
		return fmt.Sprintf("it may not enter %s", next)
	case o == Advance && oc.nextToFoot[next]:
		return fmt.Sprintf("under Advance Orders it may not enter %s, next to the enemy", next) // 6.15
	case u.Status == StDisordered && oc.nextToEnemy[next]:
		return fmt.Sprintf("Disordered, it may not enter %s, next to the enemy", next) // 12.34
	}
	if oc.stackRoom(s, u, next, o) {
		return ""
	}
	// 9.54: through a unit only on the way to the second hex, artillery
	// only along a pike or road, others only through artillery.
	if step == 1 || len(hexes) < 2 {
		return fmt.Sprintf("it may not stop among the units of %s", next)
	}
	way := s.wayFor(u, o, u.Hex, next)
	road := (way == "pike" || way == "road") && s.wayType(next, hexes[1]) == way
	if !road && (u.Kind == "artillery" || hasNonArtillery(oc.own[next])) {
		return fmt.Sprintf("it may not withdraw through the units of %s", next)
	}
	return ""
}

// withdrawPick is the rear hex a unit withdraws into when its order names
// none: one it may enter and stop in, farthest from the nearest enemy,
// cheapest on a tie, the first in direction order after that.
func (r *resolver) withdrawPick(u *UnitSt, o Orders) string {
	s := r.s
	e, _ := s.nearestEnemy(u.Hex, u.Side)
	best, bestD, bestMP := "", -1, 0
	for _, n := range s.neighbours(u.Hex) {
		if r.withdrawBar(u, o, n, 1, nil) != "" {
			continue
		}
		d := 0
		if e != nil {
			d = hex.Distance(s.axial(n), s.axial(e.Hex))
		}
		mp := s.withdrawMP(r.sys.combat, u, o, u.Hex, n)
		if d > bestD || d == bestD && mp < bestMP {
			best, bestD, bestMP = n, d, mp
		}
	}
	return best
}
