package gbacw

import (
	"fmt"
	"strings"

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
//  5. An Extended Column may not withdraw. An Extended Line withdraws
//     extended, every part stepping back the same way, by no pike, road
//     or trail, one UDD a step for its dearest hex; one that cannot
//     Disorders, retracts into its counter's hex and withdraws as one
//     hex (ruling GBACW-R86).

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
	case u.inColumn():
		r.event("withdraw-halted", "GBACW 9.54", "%s is in Extended Column and may not use Withdrawal Movement", u.Name)
		return
	}
	spBefore, statusBefore, hexBefore := u.SP, u.Status, u.Hex
	r.withdrawalFire(u)
	if !u.combat() || u.Hex != hexBefore {
		r.lateWithdrawal = nil
		return // 10.44: a 2nd Disorder's result instead of moving
	}
	// 10.44: a failed UDD, D or step loss from Withdrawal Fire limits the
	// move to one hex.
	steps := 2
	if u.SP < spBefore || u.Status != statusBefore {
		steps = 1
		if len(hexes) > 1 {
			r.event("withdraw-halted", "GBACW 10.44", "%s, hurt by Withdrawal Fire, withdraws one hex only", u.Name)
		}
	}
	u.Barred = true
	if u.Refused != "" {
		u.Refused = ""
		r.event("unrefuse", "GBACW 9.54", "%s leaves Refused status to withdraw", u.Name)
	}
	if u.extended() {
		if r.withdrawLine(u, o, hexes) {
			return
		}
		// 9.54: a line that cannot withdraw extended Disorders (no more
		// if it already is), retracts and withdraws as one hex.
		if u.Status != StDisordered {
			r.disorder(u, "withdrawal")
		}
		u.ExtLeft, u.ExtRight = "", ""
		r.event("retract", "GBACW 9.54", "%s cannot withdraw in Extended Line: it retracts into %s to withdraw (ruling GBACW-R86)", u.Name, u.Hex)
	}
	start := u.Hex
	var first string
	for step := 0; step < steps; step++ {
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
	r.lateWithdrawalFire() // 10.44 Exception
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

// withdrawLine is Withdrawal Movement in Extended Line (step 5): each
// step moves every part one hex the same way, a rear hex of the
// counter's, by the hexes' own terrain (no thoroughfares); under Advance
// Orders no part comes next to enemy infantry or cavalry (6.15), nor
// next to an enemy when Disordered (12.34); the step's UDD takes the
// dearest hex a part enters. It reports false when the line could not
// take its first step extended. See GBACW 9.54 and ruling GBACW-R86.
func (r *resolver) withdrawLine(u *UnitSt, o Orders, hexes []string) bool {
	s := r.s
	start := u.Hex
	var first []string
	steps := 0
	for step := 0; step < 2; step++ {
		var to []string
		switch {
		case step < len(hexes):
			to = r.lineWithdrawTo(u, o, s.dirTo(u.Hex, hexes[step]))
			if to == nil {
				r.event("withdraw-halted", "GBACW 9.54", "%s halts at %s: its Extended Line may not withdraw toward %s", u.Name, u.Hex, hexes[step])
			}
		case len(hexes) == 0:
			to = r.lineWithdrawPick(u, o)
		}
		if to == nil {
			break
		}
		was := u.Status == StDisordered
		from := u.lineParts()
		u.shift(to)
		u.Moved = true
		mp := 0
		for i, p := range from {
			mp = max(mp, (s.moveCost(r.sys.combat, u, Attack, p.hex, to[i])+1)/2)
		}
		if mp > 1 && !r.uddOrDisorder(u, mp-1, "Withdrawal Movement into "+strings.Join(to, " and "), "terrain") && was {
			if step == 1 {
				u.shift(first) // 9.54: it returns to the first hexes
			} else if step == 0 {
				steps++ // it stays in the first, Disordered
			}
			break
		}
		first = to
		steps++
		if o == Attack && s.lineNextToEnemy(u) {
			break // 9.53
		}
	}
	if steps == 0 {
		return false
	}
	r.event("withdraw", "GBACW 9.54", "%s withdraws in Extended Line from %s to %s", u.Name, start, u.Hex)
	r.approachFire(u)
	r.reactionFacing(u)
	return true
}

// lineWithdrawTo is where an Extended Line's parts land withdrawing one
// hex in direction d, or nil when d is not a rear direction of the
// counter or a part may not go there (shiftTo, 6.15, 12.34).
func (r *resolver) lineWithdrawTo(u *UnitSt, o Orders, d int) []string {
	s := r.s
	at := s.axial(u.Hex)
	if d < 0 || arcOf(at, u.Facing, at.Neighbor(d)) != RearArc {
		return nil
	}
	to := s.shiftTo(r.sys.combat, u, d)
	oc := s.occupancy(r.sys.combat, u.Side)
	for _, h := range to {
		if o == Advance && oc.nextToFoot[h] || u.Status == StDisordered && oc.nextToEnemy[h] {
			return nil
		}
	}
	return to
}

// lineWithdrawPick is the step an Extended Line takes on its own: of its
// counter's rear directions, the one that leaves the counter farthest from
// the nearest enemy, the first in direction order on a tie; nil when
// neither is open.
func (r *resolver) lineWithdrawPick(u *UnitSt, o Orders) []string {
	s := r.s
	e, _ := s.nearestEnemy(u.Hex, u.Side)
	var best []string
	bestD := -1
	for d := range 6 {
		to := r.lineWithdrawTo(u, o, d)
		if to == nil {
			continue
		}
		dist := 0
		if e != nil {
			dist = hex.Distance(s.axial(to[0]), s.axial(e.Hex))
		}
		if dist > bestD {
			best, bestD = to, dist
		}
	}
	return best
}

// lineNextToEnemy: a part of u stands next to an enemy unit.
func (s *State) lineNextToEnemy(u *UnitSt) bool {
	for _, p := range u.lineParts() {
		if len(s.adjacentEnemies(p.hex, u.Side)) > 0 {
			return true
		}
	}
	return false
}

// dirTo is the direction from hex a to its neighbour b, or -1.
func (s *State) dirTo(a, b string) int {
	at := s.axial(a)
	for d := range 6 {
		if s.hexID(at.Neighbor(d)) == b {
			return d
		}
	}
	return -1
}
