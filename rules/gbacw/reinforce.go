package gbacw

import (
	"fmt"
	"slices"

	"galloper/rules/gbacw/gbtext"
)

// Reinforcements enter by movement (GBACW 9.71-9.73; ruling GBACW-R80):
//
//	1. Phase II/D names the brigades due this turn; their units stay off
//	   the map (reinforcements, resolve.go).
//	2. In each activation of its brigade (the March AM under March
//	   Orders) a unit still off the map enters its Entrance hex as the
//	   first step of its movement, paying the hex's cost under its
//	   Orders, its road's when one runs through it (9.71, 9.43), plus
//	   what the stacks that entered by the same hex earlier in the Action
//	   Phase paid for it (9.72); it then goes on by its clause.
//	3. One that cannot pay for the stacks ahead of it, finds no room in
//	   the hex (8.12), or may not enter it under its Orders waits for its
//	   command's next Action Phase (9.73). Under March Orders it may not
//	   enter within four hexes and LOS of an enemy (6.13); under Advance
//	   Orders it may enter next to one, but not shock in that Activation
//	   (9.72).
//	4. A clause of HOLD delays the entry, until another group is due by
//	   the same hex: the earlier group must enter first (9.73).
//	5. The brigadier enters with his brigade's first unit.

// entryOf is the hex a unit enters by: its own, for a unit entering
// alone, else its brigade's.
func (s *State) entryOf(u *UnitSt) string {
	if u.Entry != "" {
		return u.Entry
	}
	if b := s.brigade(u.Brigade); b != nil {
		return b.Entry
	}
	return ""
}

// arrivalOf is the turn a unit is due.
func (s *State) arrivalOf(u *UnitSt) int {
	if u.Arrives > 0 {
		return u.Arrives
	}
	if b := s.brigade(u.Brigade); b != nil {
		return b.Arrives
	}
	return 0
}

// toEnter: u is a reinforcement due by now and still off the map (9.73).
func (s *State) toEnter(u *UnitSt) bool {
	return u.Hex == "" && u.Status == StGood && s.entryOf(u) != "" && s.arrivalOf(u) <= s.Turn
}

// brigadeToEnter: a unit of b is still to enter the map.
func (s *State) brigadeToEnter(b *BrigadeSt) bool {
	for i := range s.Units {
		if u := &s.Units[i]; u.Brigade == b.ID && s.toEnter(u) {
			return true
		}
	}
	return false
}

// divisionToEnter: a unit of d is still to enter the map.
func (s *State) divisionToEnter(d *Division) bool {
	for i := range s.Brigades {
		if b := &s.Brigades[i]; b.Division == d.ID && s.brigadeToEnter(b) {
			return true
		}
	}
	return false
}

// earlierWaiting is a unit due before u by the same hex and still off the
// map, which must enter first (9.73), or nil.
func (s *State) earlierWaiting(u *UnitSt) *UnitSt {
	return s.dueBySameHex(u, func(turn int) bool { return turn < s.arrivalOf(u) })
}

// laterDue is a unit due after u by the same hex and due by now, before
// which u may no longer delay (9.73), or nil.
func (s *State) laterDue(u *UnitSt) *UnitSt {
	return s.dueBySameHex(u, func(turn int) bool { return turn > s.arrivalOf(u) })
}

// dueBySameHex is the first other unit of u's side still to enter by u's
// Entrance hex whose turn of arrival when answers yes, or nil.
func (s *State) dueBySameHex(u *UnitSt, when func(turn int) bool) *UnitSt {
	h := s.entryOf(u)
	for i := range s.Units {
		f := &s.Units[i]
		if f != u && f.Side == u.Side && s.toEnter(f) && s.entryOf(f) == h && when(s.arrivalOf(f)) {
			return f
		}
	}
	return nil
}

// entryCost is what a unit pays, in half MPs, to enter hex h from off
// the map: its road's rate when a pike, road or trail runs through it and
// the unit may use it (9.43, 8.13), else its terrain; no hexside is
// crossed. 0 when it may not enter (ruling GBACW-R80).
func (s *State) entryCost(cc *CombatCharts, u *UnitSt, o Orders, h string) int {
	if s.closedPartial(h) || s.enemyEntrance(h, u.Side) {
		return 0
	}
	way := s.roadThrough(h)
	if o == Attack || o == Advance && way != "" && !s.marchStacking(u, h) {
		way = ""
	}
	switch way {
	case "pike", "road":
		if o == March {
			return 1 // ½ MP (6.11)
		}
		return 2
	}
	return 2 * s.hexRate(cc, u, o, way, h)
}

// roadThrough is the best road running through h ("" for none).
func (s *State) roadThrough(h string) string {
	best := ""
	rank := map[string]int{"": 0, "trail": 1, "road": 2, "pike": 3}
	for _, r := range s.m.Roads {
		for _, x := range r.Hexes {
			if x == h && rank[r.Type] > rank[best] {
				best = r.Type
			}
		}
	}
	return best
}

// enterMap brings a unit still off the map onto its Entrance hex as the
// first step of its movement in this Action Phase, and returns the actions
// it goes on with, and false when it stays off the map. See GBACW
// 9.71-9.73.
func (r *resolver) enterMap(u *UnitSt, acts []gbtext.Action, stand bool) ([]gbtext.Action, bool) {
	s := r.s
	h, o := s.entryOf(u), s.ordersOf(u)
	acts, ok := r.entryActions(u, h, acts)
	if !ok || !r.mayEnter(u, o, h, stand) {
		return nil, false
	}
	r.evade(u, h) // 9.63: the enemy's cavalry and guns may move away first
	cost, ahead := s.entryCost(r.sys.combat, u, o, h), r.entryPaid[h]
	budget := r.entryBudget(u, o)
	exception2, ok := r.mayPay(u, o, h, cost, ahead, budget)
	if !ok {
		return nil, false
	}
	r.placeEntered(u, o, h, cost, ahead)
	if cost+ahead > budget {
		r.mark(&r.oneHex, u) // 9.42 Exception: no shock from the hex (11.12)
	}
	u.Barred = u.Barred || exception2
	r.afterEntry(u, o, budget)
	return acts, u.combat()
}

// entryActions are the actions a unit to enter carries out, and false
// when it delays its entry: a clause of HOLD alone (or none) delays it,
// unless a later group is due by the same hex (9.73); a unit without a
// script enters and clears the Entrance hex for those behind it, one hex
// on along the road there, if one leads on, else stops there (ruling
// GBACW-R80).
func (r *resolver) entryActions(u *UnitSt, h string, acts []gbtext.Action) ([]gbtext.Action, bool) {
	s := r.s
	if r.plans[u.Side].units[u.Name] == nil {
		if next := s.roadOnward(h); next != "" {
			return []gbtext.Action{{Verb: gbtext.ActMove, Hexes: []string{next}}}, true
		}
		return nil, true
	}
	if len(acts) > 1 || len(acts) == 1 && acts[0].Verb != gbtext.ActHold {
		return acts, true
	}
	if f := s.laterDue(u); f != nil {
		r.tellOwner(u, "entry-forced", "GBACW 9.73", "%s may delay its entry no longer: %s is due at %s after it (9.73)", u.Name, f.Name, h)
		return nil, true
	}
	r.tellOwner(u, "entry-delayed", "GBACW 9.73", "%s delays its entry at %s (9.73)", u.Name, h)
	return nil, false
}

// entryBudget is the unit's MPs for the Action Phase, in half MPs: its MA
// under its Orders, times the March's Activation-equivalents (5.35, 9.74).
func (r *resolver) entryBudget(u *UnitSt, o Orders) int {
	s := r.s
	budget := 2 * r.allowanceOf(u)
	if o == March {
		b := s.brigade(u.Brigade)
		budget *= MarchEquivalents(b.MarchedNow, s.division(b.Division).AMs, s.entryAMs(b))
	}
	return budget
}

// mayPay: the unit can pay to enter h behind the stacks ahead of it
// (9.72), or is the first and enters by 9.42's Exception: not next to an
// enemy but by Exception 2 (Attack Orders, its full MA paying the hex),
// which it reports.
func (r *resolver) mayPay(u *UnitSt, o Orders, h string, cost, ahead, budget int) (exception2, ok bool) {
	if ahead > 0 && cost+ahead > budget {
		r.tellOwner(u, "entry-waits", "GBACW 9.73", "%s cannot pay the %s to enter at %s behind the stacks ahead of it (9.72): it may enter in its command's next Action Phase (9.73)", u.Name, halfMP(cost+ahead), h)
		return false, false
	}
	if cost <= budget || len(r.s.adjacentEnemies(h, u.Side)) == 0 {
		return false, true
	}
	if o != Attack || cost > 2*u.MA {
		r.tellOwner(u, "entry-waits", "GBACW 9.42", "%s lacks the MPs to enter %s, next to the enemy (9.42)", u.Name, h)
		return false, false
	}
	return true, true
}

// placeEntered puts the unit on its Entrance hex, its MPs spent, its
// brigadier, division leader and corps commander with it if they are
// still to enter, and
// the Orders it entered under its own if it enters alone (9.71).
func (r *resolver) placeEntered(u *UnitSt, o Orders, h string, cost, ahead int) {
	s := r.s
	if r.entryPaid == nil {
		r.entryPaid = map[string]int{}
	}
	r.entryPaid[h] += cost
	paid := halfMP(cost)
	if ahead > 0 {
		paid = fmt.Sprintf("%s: %s for the hex, %s for the stacks that entered by it ahead of it", halfMP(cost+ahead), halfMP(cost), halfMP(ahead))
	}
	r.event("enter", "GBACW 9.71", "%s enters the map at %s under %s Orders (%s)", u.Name, h, o, paid)
	r.mark(&r.cameOn, u)
	u.Hex, u.Moved, u.Spent = h, true, cost+ahead
	r.enter(u)
	s.placeInStack(u, h)
	if r.trails == nil {
		r.trails = map[string][]string{}
	}
	r.trails[u.Name] = []string{h}
	if r.startHex != nil {
		r.startHex[u.Name] = h
	}
	b := s.brigade(u.Brigade)
	d := s.division(b.Division)
	for _, name := range []string{b.Leader, d.Leader, s.corps(d.Corps).Leader} {
		if l := s.leader(name); l != nil && l.Hex == "" && !l.Killed && (u.Own != OwnReinforcing || name != b.Leader) {
			l.Hex = h // 9.71: entering leaders come on with their commands
			r.event("leader-enters", "GBACW 9.71", "%s enters the map with %s at %s", l.Name, u.Name, h)
		}
	}
	if u.Own == OwnReinforcing && u.Orders == "" {
		u.Orders = o.String() // 9.71: it keeps them until it joins its brigadier's range
	}
	if o == March {
		u.Marched = true
		if r.marched == nil {
			r.marched = map[string]marchUse{}
		}
		m := r.marched[u.Brigade]
		m.equivalents = max(m.equivalents, MarchEquivalentsUsed(u.Spent, r.allowanceOf(u)))
		r.marched[u.Brigade] = m
	}
}

// afterEntry: next to an enemy the unit faces it and moves no further
// (9.53), and under Advance Orders may not shock in this Activation
// (9.72); the enemy answers its entry as a move (10.45, 9.61).
func (r *resolver) afterEntry(u *UnitSt, o Orders, budget int) {
	if es := r.s.adjacentEnemies(u.Hex, u.Side); len(es) > 0 {
		u.Spent += r.faceEnemy(u, o, es[0], max(budget-u.Spent, 0))
		u.Walked = true
		if o == Advance {
			r.mark(&r.newcomers, u)
		}
	}
	r.approachFire(u)
	r.reactionFacing(u)
}

// mark adds the unit to a set of the resolver's.
func (r *resolver) mark(set *map[string]bool, u *UnitSt) {
	if *set == nil {
		*set = map[string]bool{}
	}
	(*set)[u.Name] = true
}

// mayEnter: u may enter its Entrance hex h now; when not, the event says
// why it waits (9.72-9.73, 8.12, 6.13, 9.52).
func (r *resolver) mayEnter(u *UnitSt, o Orders, h string, stand bool) bool {
	s := r.s
	cc := r.sys.combat
	why, rule := "", "GBACW 9.73"
	switch {
	case stand:
		why, rule = fmt.Sprintf("%s Stands: it spends no MPs and stays off the map this Action Phase", u.Name), "GBACW 6.23"
	case s.earlierWaiting(u) != nil:
		why = fmt.Sprintf("%s waits at %s for %s, due there before it, to enter first (9.73)", u.Name, h, s.earlierWaiting(u).Name)
	case len(s.enemiesAt(h, u.Side)) > 0 || s.entryCost(cc, u, o, h) == 0:
		why = fmt.Sprintf("%s may not enter %s: it may enter in its command's next Action Phase (9.73)", u.Name, h)
	case o == March && s.withinEnemy(cc, h, u.Side, 4):
		why, rule = fmt.Sprintf("%s is under March Orders and may not enter %s, within four hexes and LOS of the enemy (6.13, 9.72)", u.Name, h), "GBACW 6.13"
	case u.Kind == "artillery" && len(s.adjacentEnemies(h, u.Side)) > 0:
		why, rule = fmt.Sprintf("%s is artillery and may not enter %s, next to the enemy (9.52)", u.Name, h), "GBACW 9.52"
	case !s.stackRoom(u, h, o):
		why, rule = fmt.Sprintf("%s has no room in %s (8.12): it may enter in its command's next Action Phase (9.73)", u.Name, h), "GBACW 8.12"
	}
	if why != "" {
		r.tellOwner(u, "entry-waits", rule, "%s", why)
		return false
	}
	return true
}

// hexOrEntry is the unit's hex, or for a unit still to enter its
// Entrance hex, where its script's conditions are read (ruling
// GBACW-R80).
func (s *State) hexOrEntry(u *UnitSt) string {
	if u.Hex == "" {
		return s.entryOf(u)
	}
	return u.Hex
}

// loneEntrants: b has units entering alone as reinforcements (17.52's
// individual units) that have not yet joined it, which act on their
// division's AMs though b is In Reserve (6.32; ruling GBACW-R81).
func (s *State) loneEntrants(b *BrigadeSt) bool {
	for i := range s.Units {
		if u := &s.Units[i]; u.Brigade == b.ID && u.Own == OwnReinforcing && (s.toEnter(u) || u.onMap()) {
			return true
		}
	}
	return false
}

// adoptOnEntry: a unit that entered without its brigadier keeps its
// Orders until it starts an activation within his Command Range; it then
// takes the brigade's at once, and, if it already moved under March Orders
// this turn, is finished for the turn. See GBACW 9.71.
func (r *resolver) adoptOnEntry(u *UnitSt, b *BrigadeSt) {
	s := r.s
	if !u.onMap() || !s.superiorInRange(r.sys.combat, u) {
		return
	}
	was := s.ordersOf(u)
	u.Orders = ""
	r.event("adopts-orders", "GBACW 9.71", "%s starts an activation within its brigadier's Command Range: it takes %s's %s Orders (9.71)", u.Name, b.ID, b.Orders)
	if was == March && u.Marched && s.ordersOf(u) != March {
		u.Finished = true
		r.event("finished", "GBACW 9.71", "%s moved under March Orders this turn: it is finished for the turn (9.71)", u.Name)
	}
}

// roadOnward is the first hex along a road from h, the Entrance hex, on
// to the map ("" when no road runs through it).
func (s *State) roadOnward(h string) string {
	for _, r := range s.m.Roads {
		for i, x := range r.Hexes {
			switch {
			case x != h:
			case i+1 < len(r.Hexes):
				return r.Hexes[i+1]
			case i > 0:
				return r.Hexes[i-1]
			}
		}
	}
	return ""
}

// unitOrder is the order in which b's units act: the state's, but that
// the units still to enter whose UNIT lines the file gives enter in the
// order of those lines, in the places of the units to enter (9.73: a
// group need not enter in the order listed; ruling GBACW-R80).
func (r *resolver) unitOrder(b *BrigadeSt) []int {
	s := r.s
	var all, slots, entering []int
	for i := range s.Units {
		all = append(all, i)
		if u := &s.Units[i]; u.Brigade == b.ID && s.toEnter(u) && r.plans[u.Side].units[u.Name] != nil {
			slots = append(slots, i)
			entering = append(entering, i)
		}
	}
	line := func(i int) int { u := &s.Units[i]; return r.plans[u.Side].units[u.Name].At.Line }
	slices.SortStableFunc(entering, func(a, b int) int { return line(a) - line(b) })
	for k, i := range slots {
		all[i] = entering[k]
	}
	return all
}

// passByRoad is the cost in half MPs of a road step into next for a unit
// under Advance Orders that passes through next rather than ending its
// move there, and true, when the stack next would make exceeds March
// Order stacking limits: 9.43 charges the hexside and terrain only "to
// end its move stacked" so. It passes when it has the MPs for the step
// and for the hex after, which it may enter and stop in (ruling
// GBACW-R82).
func (r *resolver) passByRoad(u *UnitSt, o Orders, next, target string, path []string, steps int, ok func(string) bool, budget int) (int, bool) {
	s := r.s
	cc := r.sys.combat
	if o != Advance || u.extended() || next == target || s.wayType(u.Hex, next) == "" || s.marchStacking(u, next) {
		return 0, false
	}
	s.passing = next
	defer func() { s.passing = "" }()
	if s.wayFor(u, o, u.Hex, next) == "" {
		return 0, false // too big for March stacking itself (8.13, 8.5)
	}
	after := ""
	if path != nil {
		if steps+1 < len(path) {
			after = path[steps+1]
		}
	} else {
		after = s.stepToward(next, target, ok)
	}
	if after == "" || s.m.Distance(next, after) != 1 || !ok(after) {
		return 0, false
	}
	c := s.moveCost(cc, u, o, u.Hex, next)
	if c == 0 || c+s.moveCost(cc, u, o, next, after) > budget {
		return 0, false
	}
	return c, true
}

// tellOwner records an event about a unit off the map: with fog of war
// only its side is told (ruling GBACW-R21), as the enemy cannot see it.
func (r *resolver) tellOwner(u *UnitSt, kind, rule, format string, args ...any) {
	if r.s.fogged() {
		r.log.Add(kind, rule, fmt.Sprintf(format, args...), u.Side)
		return
	}
	r.event(kind, rule, format, args...)
}
