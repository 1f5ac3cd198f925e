package gbacw

import (
	"galloper/rules"
	"galloper/rules/hex"
)

// Command Range and the chain of command on the map (GBACW 4.15, 4.2).

// inRange reports whether a subordinate's hex is within a superior's
// Command Range, counted in leader MP along the cheapest path from the
// superior's hex, the subordinate's hex counted and the superior's not;
// a path may not pass through a hex adjacent to an enemy unit unless a
// friendly combat unit holds it. At Dawn, Dusk and Night the range is
// halved, rounding up. See GBACW 4.15, 16.11-16.12.
func (s *State) inRange(cc *CombatCharts, side rules.Side, from, to string, rng int) bool {
	rng = s.lightRange(rng)
	if from == "" || to == "" {
		return false
	}
	if from == to {
		return true
	}
	a, b := s.axial(from), s.axial(to)
	if hex.Distance(a, b) > rng {
		return false // a leader MP buys at most a hex
	}
	// barred: next to an enemy with no friendly unit there (4.15); asked
	// once a hex, not once for each way into it.
	barred := map[string]bool{}
	cost := func(x, y hex.Axial) int {
		id := s.hexID(y)
		if id == "" {
			return -1
		}
		xid := s.hexID(x)
		mp := s.leaderCost(cc, xid, id)
		if mp <= 0 {
			return -1
		}
		mp += s.leaderBreastworks(cc, xid, id) // 15.22
		if y != b {
			bar, seen := barred[id]
			if !seen {
				bar = len(s.adjacentEnemies(id, side)) > 0 && !s.friendlyCombatAt(id, side)
				barred[id] = bar
			}
			if bar {
				return -1
			}
		}
		return mp
	}
	_, total, ok := hex.AStar(a, b, cost, 1)
	return ok && total <= rng
}

func (s *State) friendlyCombatAt(h string, side rules.Side) bool {
	for _, u := range s.unitsAt(h) {
		if u.Side == side && u.combat() {
			return true
		}
	}
	return false
}

func (s *State) leaderHex(name string) string {
	if l := s.leader(name); l != nil && !l.Killed {
		return l.Hex
	}
	return ""
}

// divisionInCorpsRange: the division leader is within his corps
// commander's Command Range, both on the map (5.23 #2, 6.12).
func (s *State) divisionInCorpsRange(cc *CombatCharts, d *Division) bool {
	c := s.corps(d.Corps)
	cl := s.leader(c.Leader)
	return cl != nil && s.inRange(cc, c.Side, s.leaderHex(c.Leader), s.leaderHex(d.Leader), commandRange(cl))
}

// brigadierInRange: the brigadier is within his division leader's range.
// Units directly under a higher leader have no brigadier between them
// and him (4.22; ruling GBACW-R100).
func (s *State) brigadierInRange(cc *CombatCharts, b *BrigadeSt) bool {
	if b.Under != "" {
		return true
	}
	d := s.division(b.Division)
	dl := s.leader(d.Leader)
	return dl != nil && s.inRange(cc, s.sideOfBrigade(b), s.leaderHex(d.Leader), s.leaderHex(b.Leader), dl.Range)
}

// unitInCommand: the unit is within its brigadier's range, or linked to
// such a unit by a chain of adjacent units of its brigade, not across an
// impassable hexside (4.22). Units directly under a division leader or
// corps commander are traced to him, with his range (4.22; ruling
// GBACW-R100).
func (s *State) unitInCommand(cc *CombatCharts, u *UnitSt) bool {
	bl := s.leader(s.commanderOf(s.brigadeOf(u))) // an attached battery: the brigade's leader (4.32)
	if bl == nil {
		return false
	}
	return s.unitWithin(cc, u, commandRange(bl)) // a corps commander who rode far: 9.32
}

// unitWithin is unitInCommand with the brigadier's range taken as rng.
func (s *State) unitWithin(cc *CombatCharts, u *UnitSt, rng int) bool {
	b := s.brigadeOf(u) // an attached battery: the brigade's leader (4.32)
	bl := s.leader(s.commanderOf(b))
	if bl == nil || bl.Hex == "" {
		return false
	}
	// A unit spread in Extended Line or Column holds all its hexes, and
	// links a chain through them (8.5, 4.22).
	seen := map[string]bool{}
	var queue []string
	for _, p := range u.lineParts() {
		seen[p.hex] = true
		queue = append(queue, p.hex)
	}
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		if s.inRange(cc, u.Side, bl.Hex, h, rng) {
			return true
		}
		for _, n := range s.neighbours(h) {
			if seen[n] || s.uncrossable(cc, h, n) {
				continue // 4.22: impassable hexsides break the chain
			}
			for _, f := range s.holders(n) {
				if s.brigadeOf(f) == b {
					seen[n] = true
					queue = append(queue, n)
					break
				}
			}
		}
	}
	return false
}

// commandOf builds the Efficiency inputs of a side (5.2): its corps and
// divisions with their leaders' ratings and ranges.
func (s *State) commandOf(cc *CombatCharts, side rules.Side) (OC, []CorpsCommand) {
	ss := s.side(side)
	ocl := s.leader(ss.OC)
	oc := OC{}
	if ocl != nil && !ocl.Killed && !ocl.Rode { // 9.32
		oc.InitiativeRating = ocl.Initiative
	}
	var out []CorpsCommand
	for i := range s.Corps {
		c := &s.Corps[i]
		if c.Side != side {
			continue
		}
		if _, drawn := ss.EMs[c.ID]; !drawn && !s.corpsInPlay(c.ID) {
			continue // 5.21: no units on the map or entering, no EM and no AMs
		}
		cl := s.leader(c.Leader)
		cmd := CorpsCommand{ID: c.ID, Rating: c.Rating, OnMap: s.leaderHex(c.Leader) != ""}
		cmd.InOCRange = ocl != nil && cmd.OnMap && s.inRange(cc, side, s.leaderHex(ocl.Name), s.leaderHex(c.Leader), ocl.Range)
		_ = cl
		for j := range s.Divisions {
			d := &s.Divisions[j]
			if d.Corps != c.ID {
				continue
			}
			entering := !s.divisionOnMap(d) && s.divisionEntering(d)
			cmd.Divisions = append(cmd.Divisions, DivisionCommand{ID: d.ID, ActivationRating: d.Activation,
				LeaderOnMap: s.leaderHex(d.Leader) != "", InCorpsRange: s.divisionInCorpsRange(cc, d), Entering: entering, Ineffective: d.CI})
		}
		out = append(out, cmd)
	}
	return oc, out
}

// divisionOnMap: a unit of the division is on the map.
func (s *State) divisionOnMap(d *Division) bool {
	for i := range s.Units {
		if u := &s.Units[i]; u.onMap() && s.brigade(u.Brigade).Division == d.ID {
			return true
		}
	}
	return false
}

// divisionEntering: a brigade of the division enters this turn (9.71).
func (s *State) divisionEntering(d *Division) bool {
	for i := range s.Brigades {
		if b := &s.Brigades[i]; b.Division == d.ID && b.Arrives == s.Turn {
			return true
		}
	}
	return false
}

// nearEnemy: a unit of the brigade is within n hexes and LOS of an enemy
// combat unit (6.14 with n = 4).
func (s *State) brigadeNear(cc *CombatCharts, b *BrigadeSt, n int, los bool) bool {
	for i := range s.Units {
		u := &s.Units[i]
		if u.Brigade != b.ID || !u.onMap() {
			continue
		}
		for j := range s.Units {
			e := &s.Units[j]
			if e.Side == u.Side || !e.combat() {
				continue
			}
			if hex.Distance(s.axial(u.Hex), s.axial(e.Hex)) <= n && (!los || s.lineOfSight(cc, u.Hex, e.Hex)) {
				return true
			}
		}
	}
	return false
}

// leaderPath is the cheapest path in leader MP from a leader's hex to a
// hex (4.15's rules of passage), without its first hex, with the MP each
// step costs.
func (s *State) leaderPath(cc *CombatCharts, side rules.Side, from, to string) ([]string, []int) {
	a, b := s.axial(from), s.axial(to)
	cost := func(x, y hex.Axial) int {
		id := s.hexID(y)
		if id == "" {
			return -1
		}
		mp := s.leaderCost(cc, s.hexID(x), id)
		if mp <= 0 || len(s.enemiesAt(id, side)) > 0 {
			return -1
		}
		return mp + s.leaderBreastworks(cc, s.hexID(x), id) // 15.22
	}
	p, _, ok := hex.AStar(a, b, cost, 1)
	if !ok || len(p) < 2 {
		return nil, nil
	}
	var ids []string
	var costs []int
	for i := 1; i < len(p); i++ {
		ids = append(ids, s.hexID(p[i]))
		costs = append(costs, cost(p[i-1], p[i]))
	}
	return ids, costs
}

// moveLeader moves a leader toward a hex, spending at most mp leader MP
// (9.31-9.32), and reports whether he moved.
func (s *State) moveLeader(cc *CombatCharts, l *Leader, to string, mp int) bool {
	if l == nil || l.Killed || l.Hex == "" || to == "" || l.Hex == to {
		return false
	}
	path, costs := s.leaderPath(cc, l.Side, l.Hex, to)
	moved := false
	for i, h := range path {
		if mp < costs[i] {
			break
		}
		mp -= costs[i]
		l.Hex, moved = h, true
	}
	return moved
}
