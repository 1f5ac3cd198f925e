package gbacw

import (
	"cmp"
	"fmt"
	"slices"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/gbacw/gbtext"
)

var _ rules.OrderHinter = System{}

// OrderHints implements rules.OrderHinter. Both sides write a turn's file
// at once (GBACW 3.0), so both are hinted while orders are awaited; in the
// segment before the first turn only the doctrine (STANDING) is taken.
//
// What is hinted, each choice checked alone as Validate checks a file:
//
//   - the once-a-turn choices of Phases II and III/A as Commands: a
//     corps's EFFICIENCY +1 (5.22); a division's BONUS +1 or +2 (5.23),
//     TRANSFER (5.4, To: the divisions it may draw on), HOLD BACK with
//     the most it may hold back, its AMs before any bonus (5.31),
//     FIRST (5.13) and COORDINATE (5.34); a brigade's ORDERS (6.12,
//     6.14, 9.71), RESERVE (6.31), RELEASE (6.34), BRIGADE CHANGE
//     (6.21) and REST (17.42); each unit that may start Breastworks,
//     BUILD (15.11-15.12); each leader on the map, LEADER TOWARD
//     (9.31-9.32); the side's FIRST MARCH (5.13, 5.35);
//   - each combat unit on the map as a Stack: the actions its script may
//     use now (5.33), its weapon's range, the enemy units it may fire at
//     (in arc, range and LOS, 10.16, 10.2), as Charges those it may
//     SHOCK or CHARGE (in a Front hex, not the Refused one, 11.12, 7.34),
//     and the hexes its MA reaches under its Orders by the cheapest path
//     (9.1, 9.41-9.45).
//
// Counters are open (rules notes §8) but for fog of war, when the hints
// are drawn on the map as the side knows it (ruling GBACW-R21); the
// side's own Efficiency Markers are its own (5.21) and the enemy's are
// never read: Validate's Efficiency check reads only the side's own
// (buildPlan).
func (sys System) OrderHints(st rules.State, side rules.Side) *rules.OrderHints {
	sys = sys.forGame(st)
	s, ok := st.(*State)
	if !ok || s.Over() || s.side(side) == nil {
		return nil
	}
	s = s.knownTo(sys.combat, side) // as the side knows it (ruling GBACW-R21)
	if s.Phase != PhaseOrders {
		return &rules.OrderHints{Orders: []string{"STANDING"}}
	}
	h := &rules.OrderHints{Orders: append(slices.Clone(gbtext.Verbs), "STANDING")}
	h.Commands = sys.commandHints(s, side)
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side && u.combat() && s.brigade(u.Brigade).Arrives <= s.Turn {
			h.Stacks = append(h.Stacks, sys.unitHint(s, u))
		}
	}
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side && s.toEnter(u) {
			// 9.71: a reinforcement enters its Entrance hex by its
			// script's movement, or HOLDs to delay (9.73).
			h.Stacks = append(h.Stacks, rules.StackHint{At: s.entryOf(u), Units: []string{u.Name}, Steps: []string{gbtext.ActHold, gbtext.ActToward, gbtext.ActMove}})
		}
	}
	for _, p := range s.Places {
		h.Objectives = append(h.Objectives, rules.PlaceHint{Name: p.Name, At: p.Hex})
	}
	return h
}

// commandHints are the side's corps, divisions and brigades with the
// once-a-turn choices open to each, and the side's FIRST MARCH. Each
// choice is named by its line without the command's name ("BONUS +1",
// "ORDERS ATTACK", "BRIGADE CHANGE ATTACK").
func (sys System) commandHints(s *State, side rules.Side) []rules.CommandHint {
	var out []rules.CommandHint
	hint := func(name string, choices ...[2]string) rules.CommandHint {
		ch := rules.CommandHint{Name: name, At: s.leaderHex(s.leaderOf(name))}
		for _, c := range choices {
			if sys.acceptsAlone(s, side, c[1]) {
				ch.Orders = append(ch.Orders, c[0])
			}
		}
		return ch
	}
	keep := func(ch rules.CommandHint) {
		if len(ch.Orders) > 0 {
			out = append(out, ch)
		}
	}
	for _, c := range s.Corps {
		if c.Side == side {
			keep(hint(c.ID, [2]string{"EFFICIENCY +1", "EFFICIENCY " + c.ID + " +1"}))
		}
	}
	var divs []string
	for i := range s.Divisions {
		if d := &s.Divisions[i]; s.sideOfDivision(d) == side {
			divs = append(divs, d.ID)
		}
	}
	for _, d := range divs {
		ch := hint(d, [2]string{"BONUS +1", "BONUS " + d + " +1"}, [2]string{"BONUS +2", "BONUS " + d + " +2"},
			[2]string{"FIRST", "FIRST " + d},
			[2]string{"COORDINATE", "COORDINATE " + d})
		for n := MaxAMs; n > 0; n-- { // the most it may hold back: its AMs (5.31)
			if sys.acceptsAlone(s, side, fmt.Sprintf("HOLD BACK %s %d", d, n)) {
				ch.Orders = append(ch.Orders, fmt.Sprintf("HOLD BACK %d", n))
				break
			}
		}
		for _, from := range divs {
			if from != d && sys.acceptsAlone(s, side, "TRANSFER "+d+" FROM "+from) {
				ch.To = append(ch.To, from)
			}
		}
		if len(ch.To) > 0 {
			ch.Orders = append(ch.Orders, gbtext.Transfer)
		}
		keep(ch)
	}
	for i := range s.Brigades {
		b := &s.Brigades[i]
		if s.sideOfBrigade(b) != side || b.Arrives > s.Turn {
			continue
		}
		var cs [][2]string
		for _, o := range gbtext.OrderNames {
			if !eqName(o, b.Orders) || b.Arrives == s.Turn {
				cs = append(cs, [2]string{"ORDERS " + o, "ORDERS " + b.ID + " " + o})
			}
		}
		cs = append(cs, [2]string{"RESERVE", "RESERVE " + b.ID}, [2]string{"REST", "REST " + b.ID},
			[2]string{"RELEASE ADVANCE", "RELEASE " + b.ID + " ADVANCE"}, [2]string{"RELEASE ATTACK", "RELEASE " + b.ID + " ATTACK"})
		for _, o := range []string{"ADVANCE", "ATTACK"} {
			if !eqName(o, b.Orders) { // 6.21: a change to other Orders
				cs = append(cs, [2]string{"BRIGADE CHANGE " + o, "BRIGADE " + b.ID + ": CHANGE " + o})
			}
		}
		keep(hint(b.ID, cs...))
	}
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == side && u.combat() && u.Kind == "infantry" && len(s.checkBuild(sys.combat, u, s.ordersOf(u), "")) == 0 {
			out = append(out, rules.CommandHint{Name: u.Name, At: u.Hex, Orders: []string{"BUILD"}}) // 15.11-15.12
		}
	}
	for _, l := range s.Leaders {
		if l.Side == side && !l.Killed && l.Hex != "" { // 9.31-9.32
			out = append(out, rules.CommandHint{Name: l.Name, At: l.Hex, Orders: []string{"LEADER TOWARD"}})
		}
	}
	if sys.acceptsAlone(s, side, "FIRST MARCH") {
		out = append(out, rules.CommandHint{Name: string(side), Orders: []string{"FIRST MARCH"}})
	}
	return out
}

// leaderOf is the leader of a corps, division or brigade, by its id.
func (s *State) leaderOf(id string) string {
	if c := s.corps(id); c != nil {
		return c.Leader
	}
	if d := s.division(id); d != nil {
		return d.Leader
	}
	if b := s.brigade(id); b != nil {
		return b.Leader
	}
	return ""
}

// acceptsAlone reports whether a file of the one line is accepted by the
// parser and by Validate.
func (sys System) acceptsAlone(s *State, side rules.Side, line string) bool {
	f, ps := orders.Parse(fmt.Sprintf("GAME hint\nSIDE %s\nTURN %d\n%s\n", side, s.Turn, line), gbtext.Dialect)
	if len(ps) > 0 {
		return false
	}
	_, ps = sys.buildPlan(s, side, f)
	return len(ps) == 0
}

// unitHint is one unit's actions, targets and reach.
func (sys System) unitHint(s *State, u *UnitSt) rules.StackHint {
	r := &resolver{sys: sys, s: s}
	o := s.ordersOf(u)
	sh := rules.StackHint{At: u.Hex, Units: []string{u.Name}, Steps: []string{gbtext.ActHold}}
	if rng, err := sys.combat.Range(u.Weapon); err == nil {
		sh.Range = rng.Max
	}
	if u.Status == StDisordered || u.Ammo != AmmoOK && len(s.adjacentEnemies(u.Hex, u.Side)) == 0 {
		sh.Steps = append(sh.Steps, gbtext.ActRally) // 13.41, 10.92-10.93
	}
	sh.Reach = s.reach(sys.combat, u, o)
	if len(sh.Reach) > 0 {
		sh.Steps = append(sh.Steps, gbtext.ActToward, gbtext.ActMove)
	}
	adjacent := s.adjacentEnemies(u.Hex, u.Side)
	if len(adjacent) > 0 && o != March {
		sh.Steps = append(sh.Steps, gbtext.ActRetire)
	}
	if (o == Advance || o == Attack) && u.Refused == "" {
		sh.Steps = append(sh.Steps, gbtext.ActTurn) // 10.32
	}
	if r.mayFire(u, phasingFire) {
		for i := range s.Units {
			t := &s.Units[i]
			if t.Side == u.Side || !t.combat() {
				continue
			}
			if d, ok := r.canReach(u, t); ok {
				sh.Targets = append(sh.Targets, rules.TargetHint{Unit: t.Name, At: t.Hex, Distance: d})
			}
		}
		slices.SortStableFunc(sh.Targets, func(a, b rules.TargetHint) int { return cmp.Compare(a.Distance, b.Distance) })
		if len(sh.Targets) > 0 {
			sh.Steps = append(sh.Steps, gbtext.ActFire)
		}
		if s.frontHexesHeld(u) == 2 {
			sh.Steps = append(sh.Steps, gbtext.ActSplit) // 10.15
		}
	}
	if o != March && u.Kind != "artillery" {
		for _, e := range adjacent {
			if s.unitArc(u, s.axial(e.Hex)) == FrontArc && e.Hex != s.refusedHex(u) {
				sh.Charges = append(sh.Charges, rules.TargetHint{Unit: e.Name, At: e.Hex, Distance: 1})
			}
		}
		if len(sh.Charges) > 0 {
			sh.Steps = append(sh.Steps, gbtext.ActShock)
			if (o == Attack || u.Kind == "cavalry") && !(u.Kind == "cavalry" && s.night()) {
				sh.Steps = append(sh.Steps, gbtext.ActCharge) // 11.21, 11.5; no Cavalry Charge at Night (16.12)
			}
		}
	}
	if o != March && u.Refused == "" && len(adjacent) == 0 && s.stackSP(u) >= 3 {
		sh.Steps = append(sh.Steps, gbtext.ActRefuse) // 7.32
	}
	return sh
}

// frontHexesHeld counts u's two Front hexes that hold an enemy combat
// unit (10.15).
func (s *State) frontHexesHeld(u *UnitSt) int {
	n := 0
	for _, h := range s.neighbours(u.Hex) {
		if s.unitArc(u, s.axial(h)) != FrontArc || h == s.refusedHex(u) {
			continue
		}
		for _, e := range s.enemiesAt(h, u.Side) {
			if e.combat() {
				n++
				break
			}
		}
	}
	return n
}

// reach lists the hexes u may end a move in this activation by the
// cheapest path within its MA under its Orders, as move reckons them:
// half the MA under Attack Orders (6.16), a March's Activation-
// equivalents (5.35, 5.28) and none within four hexes and LOS of the
// enemy (6.13); the costs of 9.41-9.45 and the chart (6.11); never into
// an enemy's hex, nor next to enemy infantry or cavalry under Advance
// Orders (6.15), nor next to an enemy when Disordered (12.34), and never
// on from a hex next to an enemy (9.53); ending only where the stack has
// room (8.1). Reactions and terrain Disorder may still stop it short.
func (s *State) reach(cc *CombatCharts, u *UnitSt, o Orders) []string {
	if u.Status == StDisordered && u.Kind == "artillery" || o == March && s.withinEnemy(cc, u.Hex, u.Side, 4) {
		return nil
	}
	ma := s.maNow(u) // 12.31, 2.21
	if o == Attack {
		ma = (ma + 1) / 2 // 6.16
	}
	ma = fatiguedMA(ma, s.fatigueOf(u)) // 17.31
	budget := 2 * ma                    // moveCost is in half MPs
	if o == March {
		b := s.brigade(u.Brigade)
		budget *= MarchEquivalents(b.MarchedNow, s.division(b.Division).AMs, s.entryAMs(b))
	}
	oc := s.occupancy(cc, u.Side)
	enter := func(n string) bool {
		switch {
		case oc.enemy[n]:
			return false
		case o == March && oc.withinEnemy(s, cc, n, u.Side):
			return false // 6.13
		case o == Advance && oc.nextToFoot[n]:
			return false // 6.15
		case u.Status == StDisordered && oc.nextToEnemy[n]:
			return false // 12.34
		}
		return true
	}
	cost := map[string]int{u.Hex: 0}
	open := []string{u.Hex}
	for len(open) > 0 {
		slices.SortStableFunc(open, func(a, b string) int {
			if c := cmp.Compare(cost[a], cost[b]); c != 0 {
				return c
			}
			return cmp.Compare(a, b)
		})
		h := open[0]
		open = open[1:]
		if h != u.Hex && oc.nextToEnemy[h] {
			continue // 9.53: a unit stops on coming next to an enemy
		}
		for _, n := range s.neighbours(h) {
			if !enter(n) {
				continue
			}
			c := s.moveCost(cc, u, o, h, n)
			if c == 0 || cost[h]+c > budget {
				continue
			}
			if old, seen := cost[n]; seen && old <= cost[h]+c {
				continue
			}
			cost[n] = cost[h] + c
			open = append(open, n)
		}
	}
	var out []string
	for h := range cost {
		if h != u.Hex && oc.stackRoom(s, u, h, o) {
			out = append(out, h)
		}
	}
	slices.Sort(out)
	return out
}
