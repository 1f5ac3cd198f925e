package wintersvictory

import (
	"fmt"
	"slices"
	"strings"

	"galloper/rules"
)

// Attack Orders in play (See WV 17.73-17.76):
//
//  1. A leader that receives an Attack Order holds it for his formation:
//     the brigades below him. Its infantry has +1 Effectiveness (13.2,
//     17.73); its commanders check Continuation at -2 (17.63).
//  2. Violations, +1 each (17.75): at the end of the side's Movement
//     Phase, each brigade with a battalion neither adjacent to an enemy
//     unit nor ended nearer one than it began; at the end of its Rally
//     Phase, each brigade with a Routed battalion; at an hourly
//     Interphase, each brigade at Fatigue Level 2. (A command unit
//     reduced is not yet counted: leader loss is not played.)
//  3. Ending (17.76), at the end of the side's Rally Phase: voluntarily
//     (COMMAND leader: END ATTACK), or forced when a die plus the
//     holder's Command Bonus is at or under the violations. On ending the
//     holder and the Division Leaders of the formation go Standing and its
//     infantry brigades add Fatigue Points (French 2, Russian 1; ruling
//     R7).
//
// Not yet: a Corps Commander holding an Attack Order and implementing it
// later by Division Attack Orders (17.71-17.72), and the formation
// markers A/B/C; a received Attack Order is implemented at once (ruling
// R54).

// attackHolder is the leader holding the Attack Order a brigade is under:
// the brigade's own leader or the nearest above it with one, or nil.
func (s *State) attackHolder(brigade string) *Leader {
	for l, n := s.leader(brigade), 0; l != nil && n < 10; l, n = s.leader(l.Superior), n+1 {
		if l.Attack {
			return l
		}
	}
	return nil
}

// formation lists the Brigade Leaders below (or being) leader l.
func (s *State) formation(l *Leader) []*Leader {
	var out []*Leader
	for i := range s.Leaders {
		b := &s.Leaders[i]
		if b.Level != Brigade || b.Side != l.Side {
			continue
		}
		if b == l {
			out = append(out, b)
			continue
		}
		if _, below := s.subordinate(l, b); below {
			out = append(out, b)
		}
	}
	return out
}

// nearestSeen is, per unit name, the distance to the nearest enemy unit
// its side sees: a Movement Phase's start for 17.75.1.
func (r *run) nearestSeen(side rules.Side) map[string]int {
	out := map[string]int{}
	enemies := r.s.seenEnemyHexes(side)
	m := r.s.board()
	for i := range r.s.Units {
		if u := &r.s.Units[i]; u.Side == side && !u.Eliminated {
			out[u.Name] = nearestOf(m.Axial(u.Hex), enemies)
		}
	}
	return out
}

// movementViolations counts 17.75.1 for each formation of side under an
// Attack Order at the end of its Movement Phase; before holds each unit's
// distance to the nearest enemy at the phase's start.
func (r *run) movementViolations(side rules.Side, before map[string]int) {
	after := r.nearestSeen(side)
	byHolder := map[*Leader][]BattalionAdvance{}
	for i := range r.s.Units {
		u := &r.s.Units[i]
		if u.Side != side || u.Eliminated || u.Type != "infantry" {
			continue
		}
		h := r.s.attackHolder(u.Brigade)
		if h == nil {
			continue
		}
		byHolder[h] = append(byHolder[h], BattalionAdvance{Brigade: u.Brigade, Adjacent: after[u.Name] == 1, Closer: after[u.Name] < before[u.Name]})
	}
	r.addViolations(side, byHolder, func(bs []BattalionAdvance) (int, string) {
		var lag []string
		for _, b := range bs {
			if !b.Adjacent && !b.Closer && !slices.Contains(lag, b.Brigade) {
				lag = append(lag, b.Brigade)
			}
		}
		return MovementViolations(bs), "brigades that did not close on the enemy: " + strings.Join(lag, ", ")
	}, "WV 17.75")
}

// addViolations adds each holder's count, in scenario order.
func (r *run) addViolations(side rules.Side, by map[*Leader][]BattalionAdvance, count func([]BattalionAdvance) (int, string), rule string) {
	for i := range r.s.Leaders {
		h := &r.s.Leaders[i]
		bs, ok := by[h]
		if !ok {
			continue
		}
		if n, why := count(bs); n > 0 {
			h.Violations += n
			r.tell("attack-violation", rule, only(side), "%s's Attack Order: %d violation(s), %d in all (%s)", h.Name, n, h.Violations, why)
		}
	}
}

// rallyViolations counts 17.75.2 at the end of the Rally Phase.
func (r *run) rallyViolations(side rules.Side) {
	by := map[*Leader][]BattalionAdvance{}
	for i := range r.s.Units {
		u := &r.s.Units[i]
		if u.Side != side || u.Eliminated || u.Type != "infantry" || u.Morale != moraleRouted {
			continue
		}
		if h := r.s.attackHolder(u.Brigade); h != nil {
			by[h] = append(by[h], BattalionAdvance{Brigade: u.Brigade})
		}
	}
	r.addViolations(side, by, func(bs []BattalionAdvance) (int, string) {
		var routed []string
		for _, b := range bs {
			routed = append(routed, b.Brigade)
		}
		slices.Sort(routed)
		routed = slices.Compact(routed)
		return RoutViolations(routed), "brigades with a Routed battalion: " + strings.Join(routed, ", ")
	}, "WV 17.75")
}

// attackStoppage is 17.76 at the end of the side's Rally Phase: the
// voluntary ends asked for, then the forced-end roll of each formation
// with violations.
func (r *run) attackStoppage(side rules.Side, voluntary []string) {
	for i := range r.s.Leaders {
		h := &r.s.Leaders[i]
		if h.Side != side || !h.Attack {
			continue
		}
		if slices.Contains(voluntary, h.Name) {
			r.endAttack(h, "voluntarily")
			continue
		}
		if h.Violations == 0 {
			continue
		}
		die := r.d10("WV 17.76", "Attack Order stoppage: "+h.Name, only(side))
		ends, err := AttackOrderEnds(die, h.Bonus, h.Violations)
		if err != nil {
			continue
		}
		if !ends {
			r.tell("attack-continues", "WV 17.76", only(side), "%s's Attack Order goes on: %d+%d = %d, over its %d violation(s)", h.Name, die, h.Bonus, die+h.Bonus, h.Violations)
			continue
		}
		r.endAttack(h, fmt.Sprintf("forced: %d+%d = %d, at or under its %d violation(s)", die, h.Bonus, die+h.Bonus, h.Violations))
	}
}

// endAttack ends the Attack Order h holds (17.76).
func (r *run) endAttack(h *Leader, why string) {
	h.Attack, h.Violations = false, 0
	if h.State == Mobilized {
		h.State = Standing
	}
	for i := range r.s.Leaders {
		l := &r.s.Leaders[i]
		if _, below := r.s.subordinate(h, l); below && l.Level == Division && l.State == Mobilized {
			l.State = Standing
		}
	}
	r.tell("attack-ended", "WV 17.76", only(h.Side), "%s's Attack Order ends (%s); its commanders go Standing", h.Name, why)
	for _, b := range r.s.formation(h) {
		nation := r.brigadeNation(b.Name)
		if nation == 0 {
			continue // no infantry in play
		}
		add, err := AttackOrderFatigue(nation, r.opt)
		if err != nil {
			continue
		}
		if fp, err := AddFatigue(b.Fatigue, add); err == nil {
			b.Fatigue = fp
			r.tell("fatigue", "WV 17.76", only(h.Side), "%s's brigade: %d Fatigue Points (+%d at the Attack Order's end)", b.Name, fp, add)
		}
	}
}

// brigadeNation is the nationality of a brigade's infantry in play, 0 if
// it has none (17.76 B counts infantry brigades).
func (r *run) brigadeNation(brigade string) Nationality {
	for i := range r.s.Units {
		u := &r.s.Units[i]
		if u.Brigade != brigade || u.Eliminated || u.Type != "infantry" {
			continue
		}
		switch u.Nation {
		case "Russian":
			return Russian
		case "Prussian":
			return Prussian
		}
		return FrenchNation
	}
	return 0
}
