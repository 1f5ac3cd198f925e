package gbacw

import (
	"slices"
	"strings"
)

// Leaders with retreating, advancing and vanished units (GBACW
// 12.72-12.73):
//
//  1. A leader stacked with a unit that retreats goes with it when no
//     other friendly combat unit stays in his hex; otherwise he stays.
//     A leader stays behind a unit that advances; a brigadier rejoins
//     his brigade at the end of its activation (9.31). These are the
//     player's choices of 12.72, made by ruling GBACW-R46. Leaders are
//     never routed nor made to retreat.
//  2. A leader not stacked with a friendly combat unit who finds himself
//     next to an enemy combat unit is placed at once with the nearest
//     friendly combat unit he can reach, measured in leader MP, by a
//     path free of enemy units and of hexes next to them; with no such
//     path he is killed (12.73). A phasing leader so placed does not
//     move again in that activation.

// carryLeaders is step 1 for a unit that retreated from one hex to the
// next.
func (r *resolver) carryLeaders(u *UnitSt, from, to string) {
	s := r.s
	if from == to || s.friendlyCombatAt(from, u.Side) {
		return
	}
	for i := range s.Leaders {
		if l := &s.Leaders[i]; l.Side == u.Side && !l.Killed && l.Hex == from {
			l.Hex = to
			r.event("leader-follows", "GBACW 12.72", "%s goes with %s from %s to %s", l.Name, u.Name, from, to)
		}
	}
}

// leadersAlone is step 2, for every leader on the map.
func (r *resolver) leadersAlone() {
	for i := range r.s.Leaders {
		r.leaderAlone(&r.s.Leaders[i])
	}
}

// leadersAloneNear is step 2 for a unit that has just moved from one
// hex to the next: for the leaders it left behind, and those in or next
// to the hex it entered, the only ones the move can have left alone or
// come next to.
func (r *resolver) leadersAloneNear(from, h string) {
	s := r.s
	for i := range s.Leaders {
		if l := &s.Leaders[i]; l.Hex != "" && (l.Hex == from || l.Hex == h || slices.Contains(s.neighbours(h), l.Hex)) {
			r.leaderAlone(l)
		}
	}
}

// leaderAlone is step 2 for one leader.
func (r *resolver) leaderAlone(l *Leader) {
	s := r.s
	if l.Killed || l.Hex == "" || s.friendlyCombatAt(l.Hex, l.Side) || len(s.adjacentEnemies(l.Hex, l.Side)) == 0 {
		return
	}
	from := l.Hex
	to, with := s.refugeOf(r.sys.combat, l)
	if to == "" {
		l.Killed, l.Hex = true, ""
		r.event("leader-killed", "GBACW 12.73", "%s, alone next to the enemy at %s with no way to a friendly combat unit, is killed", l.Name, from)
		return
	}
	l.Hex = to
	if l.Side == r.phasing {
		if r.displaced == nil {
			r.displaced = map[string]bool{}
		}
		r.displaced[l.Name] = true
	}
	r.event("leader-displaced", "GBACW 12.73", "%s, alone next to the enemy at %s, is placed with %s at %s", l.Name, from, with, to)
}

// refugeOf is the hex of the friendly combat unit nearest a leader
// in leader MP by a path free of enemy units and of hexes next to them,
// and the unit's name; "" when there is none. Of hexes as near, the
// lowest id. See GBACW 12.73.
func (s *State) refugeOf(cc *CombatCharts, l *Leader) (string, string) {
	dist := map[string]int{l.Hex: 0}
	frontier := []string{l.Hex}
	best, bestMP := "", -1
	for len(frontier) > 0 {
		// The frontier hex nearest the leader, the lowest id on a tie.
		slices.SortFunc(frontier, func(a, b string) int {
			if dist[a] != dist[b] {
				return dist[a] - dist[b]
			}
			return strings.Compare(a, b)
		})
		h := frontier[0]
		frontier = frontier[1:]
		if bestMP >= 0 && dist[h] > bestMP {
			break
		}
		if h != l.Hex && s.friendlyCombatAt(h, l.Side) {
			if bestMP < 0 || strings.Compare(h, best) < 0 {
				best, bestMP = h, dist[h]
			}
			continue
		}
		if h != l.Hex && len(s.adjacentEnemies(h, l.Side)) > 0 {
			continue // a path may not pass next to the enemy
		}
		for _, n := range s.neighbours(h) {
			mp := s.terrainOf(cc, n).Leader
			if s.onRoad(h, n) {
				mp = 1
			}
			if mp <= 0 || len(s.enemiesAt(n, l.Side)) > 0 {
				continue
			}
			if d, seen := dist[n]; !seen || dist[h]+mp < d {
				if !seen {
					frontier = append(frontier, n)
				}
				dist[n] = dist[h] + mp
			}
		}
	}
	if best == "" {
		return "", ""
	}
	for _, u := range s.unitsAt(best) {
		if u.Side == l.Side && u.combat() {
			return best, u.Name
		}
	}
	return "", ""
}

// commandGone kills the leaders every unit of whose command is now
// eliminated, u the last of them (routed units and units yet to enter
// are not eliminated). See GBACW 12.71.
func (r *resolver) commandGone(u *UnitSt) {
	s := r.s
	for i := range s.Leaders {
		l := &s.Leaders[i]
		if l.Side != u.Side || l.Killed || !s.commands(l, u) {
			continue
		}
		gone := true
		for j := range s.Units {
			if x := &s.Units[j]; x.Side == l.Side && s.commands(l, x) && x.Status != StEliminated {
				gone = false
				break
			}
		}
		if gone {
			l.Killed, l.Hex = true, ""
			r.event("leader-killed", "GBACW 12.71", "%s is killed: every unit of %s is eliminated", l.Name, s.commandName(l))
		}
	}
}
