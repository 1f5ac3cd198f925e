package gbacw

import (
	"fmt"
	"maps"
	"slices"

	"galloper/rules"
	"galloper/rules/dice"
	"galloper/rules/gbacw/gbtext"
	"galloper/rules/hex"
)

// A brigade's activation (GBACW 5.33, 6.2, 11.12):
//
//	1. Change Orders Phase: the brigade's script may try an Orders Change
//	   (6.21-6.25), Loose Cannon included.
//	2. Action Phase: each unit, in the brigade's order, carries out the
//	   first clause of its script whose conditions hold (5.33 a-d); with
//	   no script, it fires if it may (ruling GBACW-R18).
//	3. Shock: the shocks the units declared, after all their other
//	   actions (11.12).
//	4. The brigadier and his division leader rejoin the brigade's first
//	   unit (9.31).

// activateBrigade carries out one activation of b. See GBACW 5.33.
func (r *resolver) activateBrigade(b *BrigadeSt, side rules.Side) {
	r.activateGroup([]*BrigadeSt{b}, side, false)
}

// activateGroup carries out one activation of brigades that act as one
// (coordinated, 5.34), or of one brigade: each changes Orders and acts in
// turn, then all their shocks are resolved (11.12). Confused brigades
// (5.34 Confusion) neither move nor fight: they may only rally.
func (r *resolver) activateGroup(bs []*BrigadeSt, side rules.Side, confused bool) {
	s := r.s
	r.phasing = side
	for i := range s.Units {
		if u := &s.Units[i]; u.Side != side {
			u.ReturnFired, u.Reacted = 0, false // per enemy brigade activation (10.41, 9.61)
		}
	}
	var shocks []pendingShock
	for _, b := range bs {
		b.Activated++
		r.acting = b
		with := ""
		if len(bs) > 1 {
			with = ", coordinated"
		}
		if confused {
			with = ", in Confusion"
		}
		r.event("activation", "GBACW 5.33", "%s activates (%s Orders, activation %d this turn%s)", b.ID, b.Orders, b.Activated, with)
		for i := range s.Units {
			if u := &s.Units[i]; u.Brigade == b.ID {
				u.Moved, u.Fired, u.Rallied, u.NoFire, u.NoShock = false, false, false, false, false
				u.Spent, u.FiredParts, u.Wrap, u.Wrapped, u.Walked = 0, 0, false, false, false
			}
		}
		r.adoptOrders(b)
		lc := r.changeOrders(b, side)
		for i := range s.Units {
			u := &s.Units[i]
			if u.Brigade != b.ID || !u.combat() || r.sitsOut(u, b) {
				continue
			}
			for _, a := range r.script(u, b, lc) {
				if !u.combat() {
					break
				}
				switch {
				case r.endColumn(u, a, lc != nil && lc.Stand):
				case confused && a.Verb != gbtext.ActRally:
				case a.Verb == gbtext.ActShock || a.Verb == gbtext.ActCharge:
					shocks = append(shocks, pendingShock{attacker: u.Name, target: a.Target, charge: a.Verb == gbtext.ActCharge || (lc != nil && lc.Charge)})
				default:
					r.act(u, a, lc != nil && lc.Stand)
				}
			}
			r.endColumn(u, gbtext.Action{}, lc != nil && lc.Stand)
		}
	}
	r.shocked = map[string]bool{}
	defer func() { r.marched = nil }()
	for _, p := range shocks {
		if u := s.unit(p.attacker); u != nil && u.combat() {
			r.acting = s.brigade(u.Brigade)
			r.shock(u, p.target, p.charge, 0)
		}
	}
	r.shortenLines() // 8.42-8.43
	r.invertStacks() // 7.21
	for _, b := range bs {
		acted := r.shocked[b.ID]
		for i := range s.Units {
			if u := &s.Units[i]; u.Brigade == b.ID && (u.Moved || u.Fired && !u.Rallied) {
				acted = true
			}
		}
		switch m, marched := r.marched[b.ID]; {
		case marched:
			// A March counts its Activation-equivalents, the first three
			// free on roads alone (17.22 Cause 1 Exception).
			n := m.equivalents
			if !m.offRoad {
				n--
			}
			b.Acted += n
		case acted:
			b.Acted++ // 17.22 Cause 1: an Activation with actions
		}
	}
	for j := range s.Brigades {
		if r.shocked[s.Brigades[j].ID] {
			s.Brigades[j].ShockPhases++ // 17.22 Cause 2
		}
	}
	for _, id := range slices.Sorted(maps.Keys(r.marchHits)) {
		hb := s.brigade(id)
		if hb.Orders == March.String() {
			hb.Orders = Advance.String()
			r.event("orders-changed", "GBACW 6.26", "%s, under March Orders, was attacked: it takes Advance Orders", id)
		}
	}
	r.marchHits = nil
	for _, b := range bs {
		r.followLeaders(b)
	}
	r.acting = nil
}

// changeOrders is the Change Orders Phase: the brigade's script asks for
// an Orders Change when its conditions hold. See GBACW 6.21-6.25.
func (r *resolver) changeOrders(b *BrigadeSt, side rules.Side) *OrdersChange {
	s := r.s
	sc := r.plans[side].brigades[b.ID]
	if sc == nil || !r.brigadeConds(b, sc.Cond) {
		return nil
	}
	want, _ := ParseOrders(sc.Change)
	cur, _ := ParseOrders(b.Orders)
	if want == cur {
		return nil
	}
	lh := s.leaderHex(b.Leader)
	d := s.division(b.Division)
	c := s.corps(d.Corps)
	withCorps := lh != "" && (lh == s.leaderHex(c.Leader) || lh == s.leaderHex(s.side(side).OC))
	in := Brigade{ID: b.ID, Orders: cur, OrdersRating: b.Rating, Profile: b.Profile, Artillery: b.Artillery, LeaderOffMap: lh == "",
		Fatigue: b.Fatigue, WithDivision: lh != "" && lh == s.leaderHex(d.Leader), WithCorpsOrOC: withCorps,
		NearEnemy: s.brigadeNear(r.sys.combat, b, 3, false)}
	oc, err := r.sys.charts.ChangeOrders(r, in, want)
	if err != nil {
		r.event("orders-change-refused", "GBACW 6.21", "%v", err)
		return nil
	}
	text := fmt.Sprintf("%s tries for %s Orders: rolls %d, adjusted %d: %s", b.ID, want, oc.Roll, oc.Adjusted, oc.Result)
	if oc.Result == LooseCannon {
		text += fmt.Sprintf(" (%s acts as %s)", b.Leader, profileName(oc.ActsAs))
	}
	text += fmt.Sprintf("; it is under %s Orders", oc.Orders)
	if oc.Stand {
		text += " and Stands this Action Phase"
	}
	r.event("orders-change", "GBACW 6.23", "%s", text)
	if oc.Result == LooseCannon {
		r.event("loose-cannon", "GBACW 6.24", "Loose Cannon: %s acts as %s", b.ID, profileName(oc.ActsAs))
	}
	if oc.Orders != cur {
		r.keepOrders(b, b.Orders) // 4.23
	}
	b.Orders = oc.Orders.String()
	return &oc
}

func profileName(p ActionProfile) string {
	switch p {
	case Aggressive:
		return "Aggressive"
	case Cautious:
		return "Cautious"
	case Normal:
		return "Normal"
	}
	return "no profile"
}

// brigadeConds: every condition of a BRIGADE script holds for some unit
// of the brigade (ACTIVATION for the brigade itself).
func (r *resolver) brigadeConds(b *BrigadeSt, cs []gbtext.Cond) bool {
	for _, c := range cs {
		ok := false
		for i := range r.s.Units {
			if u := &r.s.Units[i]; u.Brigade == b.ID && u.combat() && r.cond(u, b, c) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// cond evaluates one condition for a unit at the moment its brigade
// activates.
func (r *resolver) cond(u *UnitSt, b *BrigadeSt, c gbtext.Cond) bool {
	var v bool
	switch c.Kind {
	case gbtext.CondDisordered:
		v = u.Status == StDisordered
	case gbtext.CondAdjacent:
		v = len(r.s.adjacentEnemies(u.Hex, u.Side)) > 0
	case gbtext.CondWithin:
		_, d := r.s.nearestEnemy(u.Hex, u.Side)
		v = d <= c.N
	case gbtext.CondActivation:
		v = b.Activated == c.N
	case gbtext.CondAttack:
		v = r.s.ordersOf(u) == Attack // a unit's own Orders (4.23)
	case gbtext.CondAdvance:
		v = r.s.ordersOf(u) == Advance
	}
	return v != c.Not
}

// script is what a unit does this activation: a Loose Cannon's forced
// actions (6.24), else the first clause of its script whose conditions
// hold, else the default: fire if it may.
func (r *resolver) script(u *UnitSt, b *BrigadeSt, lc *OrdersChange) []gbtext.Action {
	s := r.s
	if lc != nil && lc.Retreat && u.Kind != "artillery" {
		return []gbtext.Action{{Verb: gbtext.ActRetire}}
	}
	if lc != nil && lc.MoveToEnemy {
		e, _ := s.nearestEnemy(u.Hex, u.Side)
		if e == nil {
			return nil
		}
		acts := []gbtext.Action{{Verb: gbtext.ActToward, Hexes: []string{e.Hex}}}
		if lc.Charge && u.Kind != "artillery" {
			acts = append(acts, gbtext.Action{Verb: gbtext.ActCharge})
		}
		return acts
	}
	if sc := r.plans[u.Side].units[u.Name]; sc != nil {
		for _, c := range sc.Clauses {
			ok := true
			for _, k := range c.Conds {
				ok = ok && r.cond(u, b, k)
			}
			if ok {
				return c.Actions
			}
		}
		return nil
	}
	return []gbtext.Action{{Verb: gbtext.ActFire}}
}

// act carries out one action of a unit's clause.
func (r *resolver) act(u *UnitSt, a gbtext.Action, stand bool) {
	switch a.Verb {
	case gbtext.ActHold:
	case gbtext.ActRally:
		r.rally(u)
	case gbtext.ActToward:
		r.move(u, a.Hexes[0], nil, stand)
	case gbtext.ActMove:
		r.move(u, a.Hexes[len(a.Hexes)-1], a.Hexes, stand)
	case gbtext.ActRetire:
		if stand {
			return
		}
		if e, _ := r.s.nearestEnemy(u.Hex, u.Side); e != nil {
			if h := r.s.retreatHex(r.sys.combat, u, u.Hex, e.Hex, false); h != "" {
				r.event("move", "GBACW 9.1", "%s moves back from %s to %s", u.Name, u.Hex, h)
				u.Hex, u.Moved = h, true
			}
		}
	case gbtext.ActFire:
		r.phasingFire(u, a.Target, a.Hexes...)
	case gbtext.ActExtend:
		r.extend(u, a.Target, stand)
	case gbtext.ActRetract:
		r.retract(u, stand)
	case gbtext.ActFace:
		r.face(u, a.Hexes[0], stand)
	case gbtext.ActPivot:
		r.pivot(u, a.Target, stand)
	case gbtext.ActWrap:
		u.Wrap = true
	case gbtext.ActSplit:
		r.splitFire(u)
	case gbtext.ActRefuse:
		r.refuse(u, map[string]string{"LEFT": RefusedLeft, "RIGHT": RefusedRight}[a.Target], stand)
	}
}

// rally is a unit's Rally attempt as its action. See GBACW 13.41-13.42.
func (r *resolver) rally(u *UnitSt) {
	if u.Status != StDisordered || u.Moved || u.Fired {
		return
	}
	b := r.s.brigade(u.Brigade)
	drm := RallyDRM(len(r.s.adjacentEnemies(u.Hex, u.Side)) > 0, u.Kind == "cavalry", r.s.leaderStars(u), b.Fatigue)
	roll := dice.D10Zero(r, "GBACW 13.41", "Rally: "+u.Name)
	res := RallyResult(roll+drm, u.Disordered)
	switch res {
	case Rallied:
		u.Status = StGood
		r.event("rally", "GBACW 13.41", "%s rallies (rolled %d%+d against %d)", u.Name, roll, drm, u.Disordered)
	case StaysDisorder:
		r.event("rally-failed", "GBACW 13.41", "%s stays Disordered (rolled %d%+d against %d)", u.Name, roll, drm, u.Disordered)
	default:
		r.event("rally-failed", "GBACW 13.41", "%s stays Disordered and loses 1 SP (rolled %d%+d against %d)", u.Name, roll, drm, u.Disordered)
		r.lose(u, 1, "a failed Rally")
	}
	u.Fired, u.Rallied = true, true // a unit that rallies does nothing else (5.33 b)
}

// leaderStars counts the stars of friendly leaders in a unit's hex
// (11.73).
func (s *State) leaderStars(u *UnitSt) int {
	n := 0
	for _, l := range s.Leaders {
		if l.Side == u.Side && !l.Killed && l.Hex == u.Hex {
			n += l.Stars
		}
	}
	return n
}

// move moves a unit toward target, along path when given, until it runs
// out of MPs, reaches it, or comes adjacent to an enemy (9.53); the
// enemy reacts on the way (R1, R2, R4, R5). See GBACW 9.1-9.6, 6.13-6.16.
func (r *resolver) move(u *UnitSt, target string, path []string, stand bool) {
	s := r.s
	cc := r.sys.combat
	o := s.ordersOf(u)
	if stand {
		r.event("stand", "GBACW 6.23", "%s Stands: it spends no MPs this Action Phase", u.Name)
		return
	}
	if u.Fired {
		return
	}
	if o == Advance && (u.Walked || u.Moved && u.Spent == 0) {
		return // 6.15: one move (turning, extending or retracting first is not one)
	}
	if u.Walked && len(s.adjacentEnemies(u.Hex, u.Side)) > 0 {
		return // 9.53: next to an enemy it has ceased to move for the phase
	}
	if u.extended() {
		r.moveLine(u, o, target, path)
		return
	}
	ma := u.MA
	if o == Attack {
		ma = (ma + 1) / 2 // 6.16
	}
	budget := 2 * ma
	if o == March {
		// The March AM moves the units 1-4 Activation-equivalents at once,
		// Galloper takes the most they may (5.35, 5.28).
		b := s.brigade(u.Brigade)
		budget *= MarchEquivalents(b.MarchedNow, s.division(b.Division).AMs, 0)
	}
	full := budget
	offRoad := false
	var oc *occupancy
	enter := func(n string) bool { // every rule but stacking
		if oc.enemy[n] || s.moveCost(cc, u, o, u.Hex, n) == 0 {
			return false
		}
		switch {
		case o == March && oc.withinEnemy(s, cc, n, u.Side):
			return false // 6.13
		case o == Advance && oc.nextToFoot[n]:
			return false // 6.15
		case u.Status == StDisordered && oc.nextToEnemy[n]:
			return false // 12.34
		}
		return true
	}
	ok := func(n string) bool { return enter(n) && oc.stackRoom(u, n, o) }
	// pass: a hex of friendly units the unit may cross but not stop in
	// (8.22).
	pass := func(n string) bool { return enter(n) && !oc.stackRoom(u, n, o) && len(oc.own[n]) > 0 }
	oc = s.occupancy(u.Side)
	if o == March && s.withinEnemy(cc, u.Hex, u.Side, 4) {
		r.event("no-move", "GBACW 6.13", "%s is under March Orders within four hexes and LOS of the enemy and may not move", u.Name)
		return
	}
	start := u.Hex
	steps := 0
	if u.LostMP {
		budget -= 2 // 7.32: a friend ended its move in the Refused flank
		u.LostMP = false
	}
	budget -= u.Spent // extending or retracting before (8.42)
	startBudget := budget
	defer func() { u.Spent += startBudget - budget }()
	var trail []string // 8.5: the hexes an Extended Column follows
	existing := len(u.columnHexes())
	for _, h := range []string{u.ColB, u.ColA, u.Hex} {
		if h != "" {
			trail = append(trail, h)
		}
	}
	if u.Refused != "" {
		u.Refused = "" // 7.33: a unit leaves Refused status to move, for 1 MP
		budget -= 2
		r.event("unrefuse", "GBACW 7.33", "%s leaves Refused status (1 MP)", u.Name)
	}
	if path == nil {
		path = s.routeToward(cc, u, o, target, ok, pass)
	}
	passed := "" // the friendly-held hex the unit is crossing (8.22)
	for u.Hex != target && u.combat() {
		var next string
		crossing := false
		if path != nil {
			if steps >= len(path) {
				break
			}
			next = path[steps]
			if next == u.Hex {
				steps++
				continue
			}
			if s.m.Distance(u.Hex, next) != 1 || !ok(next) && !pass(next) {
				r.event("move-halted", "GBACW 9.5", "%s halts at %s: it may not enter %s", u.Name, u.Hex, next)
				break
			}
			crossing = !ok(next)
		} else if next = s.stepToward(u.Hex, target, ok); next == "" {
			break
		}
		if u.inColumn() && o == Advance && !s.onRoad(u.Hex, next) {
			r.event("move-halted", "GBACW 8.52", "%s halts at %s: in Extended Column under Advance Orders it moves only by road (8.13); it must RETRACT first", u.Name, u.Hex)
			break
		}
		cost := s.moveCost(cc, u, o, u.Hex, next)
		turn, turnCost, turnOK := r.turnToEnter(u, o, next, target, steps == 0 && len(s.adjacentEnemies(u.Hex, u.Side)) > 0)
		if !turnOK {
			r.event("move-halted", "GBACW 7.24", "%s starts next to an enemy and may turn only one vertex before it leaves %s", u.Name, u.Hex)
			break
		}
		cost += turnCost
		if crossing {
			// Through friendly units: 2 MPs more, and the unit must go on
			// to a hex where it may stop (8.22).
			cost += 4
			after := ""
			if steps+1 < len(path) {
				after = path[steps+1]
			}
			if after == "" || s.m.Distance(next, after) != 1 || !ok(after) || cost+s.moveCost(cc, u, o, next, after) > budget {
				r.event("move-halted", "GBACW 8.22", "%s halts at %s: it may not stop among the units of %s", u.Name, u.Hex, next)
				break
			}
		}
		refusedThere := s.refusedFriend(u, next)
		if refusedThere != nil {
			cost += 2 // 7.32: an MP more to stack with a Refused unit
		}
		if cost > budget && steps > 0 {
			break // 9.42 Exception: a unit may always move one hex
		}
		byRoad := o == Advance && !offRoad && s.onRoad(u.Hex, next) && !u.extended()
		if (o == March || byRoad) && !r.columnFollows(u, o, trail, next, startBudget, existing) {
			r.event("move-halted", "GBACW 8.5", "%s halts at %s: its Extended Column's extensions have not the MPs to follow it", u.Name, u.Hex)
			break
		}
		if refusedThere != nil {
			r.event("refused-stack", "GBACW 7.32", "%s pays 1 MP more to stack with the Refused %s (7.32)", u.Name, refusedThere.Name)
		}
		r.evade(u, next)
		r.withdrawalFire(u)
		oc = s.occupancy(u.Side) // reactions may have moved units
		if !u.combat() || u.Status == StDisordered && len(s.adjacentEnemies(next, u.Side)) > 0 {
			break
		}
		budget -= cost
		offRoad = offRoad || !s.onRoad(u.Hex, next)
		steps++
		from := u.Hex
		// A unit moves into its Front hexes (7.13): one that is not turns
		// first to face its goal, for the MPs of 7.21-7.22.
		if turn != nil {
			turn()
		}
		u.Hex, u.Moved, u.Walked = next, true, true
		trail = append(trail, next)
		if passed != "" {
			// The UDD after leaving the hex of units moved through, plus
			// that hex's entry cost from 2 MPs up (8.22).
			mod := 0
			if c := s.moveCost(cc, u, o, from, passed) / 2; c >= 2 {
				mod = c
			}
			r.uddOrDisorder(u, mod, "moving through "+passed, "retreat-through")
			passed = ""
		}
		if crossing {
			passed = next
			r.event("pass-through", "GBACW 8.22", "%s moves through the units in %s", u.Name, next)
		}
		if !r.terrainDisorder(u, from, next) {
			break // a 2nd Disorder from terrain stops the unit (12.35c)
		}
		if e, _ := s.nearestEnemy(next, u.Side); e != nil && hex.Distance(s.axial(next), s.axial(e.Hex)) == 1 {
			budget -= r.faceEnemy(u, o, e, budget)
		}
		r.approachFire(u)
		r.reactionFacing(u)
		if len(s.adjacentEnemies(u.Hex, u.Side)) > 0 {
			break // 9.53
		}
	}
	if u.Hex != start {
		r.event("move", "GBACW 9.1", "%s moves from %s to %s", u.Name, start, u.Hex)
		if o == March || o == Advance && !offRoad && !u.extended() {
			r.followColumn(u, trail) // 8.5, 8.13, 8.52: by road, March stacking
		}
		r.joinRefused(u, o)
		r.endedIn(u)
	}
	if o == March && steps > 0 {
		if r.marched == nil {
			r.marched = map[string]marchUse{}
		}
		m := r.marched[u.Brigade]
		m.equivalents = max(m.equivalents, MarchEquivalentsUsed(full-budget, ma))
		m.offRoad = m.offRoad || offRoad
		r.marched[u.Brigade] = m
	}
}

// facingCost is the MP cost, in half MPs, of a turn of k vertices (or,
// under March Orders, hexsides) in hex h: one vertex free, more 1 MP
// (7.21); under Attack Orders in a Woods hex 1 MP a vertex, or 1 MP for
// 180° (7.22); free when the unit moves on by road, not under Attack
// Orders (7.23).
func (s *State) facingCost(o Orders, h string, k int, road bool) int {
	switch {
	case k == 0, road && o != Attack:
		return 0
	case o == Attack && s.g.terrain[h] == "woods":
		if k == 3 {
			return 2
		}
		return 2 * k
	case k > 1:
		return 2
	}
	return 0
}

// turnToEnter is the turn a moving unit makes in its hex so that next is
// one of its Front hexes (7.13): toward its goal when that does it, else
// toward next; under March Orders to the hexside of next (7.11). It
// returns the turn (nil when none is needed), its cost (7.21-7.23), and
// false when the unit started next to an enemy and would turn more than
// one vertex there (7.24).
func (r *resolver) turnToEnter(u *UnitSt, o Orders, next, target string, startAdjacent bool) (func(), int, bool) {
	s := r.s
	at, na := s.axial(u.Hex), s.axial(next)
	arc := func(f int) Arc {
		if o == March {
			return sideArc(at, f, na)
		}
		return arcOf(at, f, na)
	}
	if arc(u.Facing) == FrontArc {
		return nil, 0, true
	}
	want := sideToward(at, na)
	if o != March {
		want = faceToward(at, s.axial(target))
		if arc(want) != FrontArc {
			want = faceToward(at, na)
		}
	}
	k := turns(u.Facing, want)
	if startAdjacent && k > 1 && o != March {
		return nil, 0, false
	}
	cost := s.facingCost(o, u.Hex, k, s.onRoad(u.Hex, next))
	h := u.Hex
	return func() {
		if cost > 0 {
			r.event("turn", "GBACW 7.21", "%s changes facing %d %s in %s (%s)", u.Name, k, plural(k, "vertex", "vertices", o), h, halfMP(cost))
		}
		u.Facing = want
	}, cost, true
}

// plural names k vertices, or hexsides under March Orders.
func plural(k int, one, many string, o Orders) string {
	if o == March {
		one, many = "hexside", "hexsides"
	}
	if k == 1 {
		return one
	}
	return many
}

// faceEnemy turns a unit that has come next to an enemy to face it, in
// the hex it entered: the MPs of 7.21-7.22 when it has them, else one
// vertex, free, the nearer way. It returns the MPs spent, in half MPs.
func (r *resolver) faceEnemy(u *UnitSt, o Orders, e *UnitSt, budget int) int {
	s := r.s
	at, ea := s.axial(u.Hex), s.axial(e.Hex)
	if o == March {
		return 0 // it may not be there (6.13); nothing to face
	}
	want := faceToward(at, ea)
	k := turns(u.Facing, want)
	cost := s.facingCost(o, u.Hex, k, false)
	if cost > budget {
		best, bestD := u.Facing, 1<<30
		for _, f := range []int{u.Facing, mod6(u.Facing + 1), mod6(u.Facing - 1)} {
			if s.facingCost(o, u.Hex, turns(u.Facing, f), false) > budget {
				continue
			}
			if d := hex.Distance(at.Neighbor(f), ea) + hex.Distance(at.Neighbor(f+1), ea); d < bestD {
				best, bestD = f, d
			}
		}
		want, k = best, turns(u.Facing, best)
		cost = s.facingCost(o, u.Hex, k, false)
	}
	if cost > 0 {
		r.event("turn", "GBACW 7.21", "%s changes facing %d %s in %s (%s)", u.Name, k, plural(k, "vertex", "vertices", o), u.Hex, halfMP(cost))
	}
	u.Facing = want
	return cost
}

// refusedFriend is a friendly Refused unit in hex h other than u, or
// nil.
func (s *State) refusedFriend(u *UnitSt, h string) *UnitSt {
	for _, f := range s.unitsAt(h) {
		if f != u && f.Side == u.Side && f.Refused != "" {
			return f
		}
	}
	return nil
}

// joinRefused: a unit that ends its move stacked with friendly units
// takes their facing (7.11), and with a Refused unit joins its refusal
// (8.26); under
// Attack Orders, when a Refused unit of the stack has fired in this
// Activation, it may not fire in it. See GBACW 7.34 Exception.
func (r *resolver) joinRefused(u *UnitSt, o Orders) {
	for _, g := range r.s.unitsAt(u.Hex) {
		if g != u && g.Side == u.Side {
			u.Facing = g.Facing // 7.11: the first to stop sets the stack's facing
			break
		}
	}
	f := r.s.refusedFriend(u, u.Hex)
	if f == nil {
		return
	}
	u.Facing, u.Refused = f.Facing, f.Refused
	for _, g := range r.s.unitsAt(u.Hex) {
		if g != u && g.Side == u.Side && g.Refused != "" && g.Fired && g.Brigade == u.Brigade && o == Attack {
			u.NoFire = true
		}
	}
}

// endedIn: a friendly unit that ends its Movement, Retreat, Advance or
// Reaction Move in a Refused unit's Refused flank removes its Refused
// marker; a phasing unit that has not yet moved in this Activation has
// 1 MP less for it. See GBACW 7.32.
func (r *resolver) endedIn(u *UnitSt) {
	s := r.s
	for _, n := range s.neighbours(u.Hex) {
		for _, f := range s.unitsAt(n) {
			if f.Side != u.Side || f.Refused == "" || s.refusedHex(f) != u.Hex {
				continue
			}
			f.Refused = ""
			text := ""
			if f.Side == r.phasing && r.acting != nil && f.Brigade == r.acting.ID && !f.Moved {
				f.LostMP = true
				text = "; it has 1 MP less in this Activation"
			}
			r.event("unrefused", "GBACW 7.32", "%s ends its move in the Refused flank of %s, which is no longer Refused%s", u.Name, f.Name, text)
		}
	}
}

// terrainDisorder applies the Terrain Effects Chart's Disorder code of a
// hex a unit enters, unless by road: "D" Disorders it, "d" and "dr" call
// for a UDD (9.47, ruling GBACW-R7). It reports false when the unit was
// already Disordered and is Disordered again, which stops it (12.35c).
func (r *resolver) terrainDisorder(u *UnitSt, from, to string) bool {
	s := r.s
	if s.onRoad(from, to) {
		return true
	}
	code := s.terrainOf(r.sys.combat, to).Disorder
	was := u.Status == StDisordered
	switch code {
	case "D":
		r.disorder(u, "terrain")
		return !was
	case "d", "dr":
		return r.uddOrDisorder(u, 0, "entering "+s.g.terrain[to], "terrain") || !was
	}
	return true
}

// routeToward is the cheapest path in MPs from u's hex toward target
// through hexes it may enter (9.1), without its first hex; when the
// target itself may not be entered, the path to the hex before it. Nil
// when there is none.
func (s *State) routeToward(cc *CombatCharts, u *UnitSt, o Orders, target string, ok, pass func(string) bool) []string {
	ta := s.axial(target)
	cost := func(from, to hex.Axial) int {
		id := s.hexID(to)
		crossing := to != ta && !ok(id) && pass(id)
		if id == "" || (to != ta && !ok(id) && !crossing) {
			return -1
		}
		c := s.moveCost(cc, u, o, s.hexID(from), id)
		if c == 0 {
			return -1
		}
		if crossing {
			c += 4 // 8.22
		}
		return c
	}
	p, _, found := hex.AStar(s.axial(u.Hex), ta, cost, 1)
	if !found || len(p) < 2 {
		return nil
	}
	var out []string
	for _, a := range p[1:] {
		out = append(out, s.hexID(a))
	}
	if !ok(target) {
		out = out[:len(out)-1]
	}
	return out
}

func hasNonArtillery(us []*UnitSt) bool {
	for _, e := range us {
		if e.Kind != "artillery" {
			return true
		}
	}
	return false
}

// withinEnemy: an enemy combat unit is within n hexes of h and in its
// LOS (6.13; units do not block, 10.26).
func (s *State) withinEnemy(cc *CombatCharts, h string, side rules.Side, n int) bool {
	a := s.axial(h)
	for i := range s.Units {
		e := &s.Units[i]
		if e.Side != side && e.combat() && hex.Distance(a, s.axial(e.Hex)) <= n && s.lineOfSight(cc, e.Hex, h) {
			return true
		}
	}
	return false
}

// occupancy is where the units stand as one side's moving unit sees
// them: enemy-held hexes, hexes next to an enemy (next to enemy infantry
// or cavalry), and the side's own units by hex. Movement reads it many
// times a step, so it is built once a step.
type occupancy struct {
	enemy, nextToEnemy, nextToFoot map[string]bool
	own                            map[string][]*UnitSt
	near                           map[string]bool // withinEnemy, memoised
	line                           map[string]*UnitSt
	side                           rules.Side
}

func (s *State) occupancy(side rules.Side) *occupancy {
	oc := &occupancy{enemy: map[string]bool{}, nextToEnemy: map[string]bool{}, nextToFoot: map[string]bool{},
		own: map[string][]*UnitSt{}, near: map[string]bool{}, line: map[string]*UnitSt{}, side: side}
	for i := range s.Units {
		u := &s.Units[i]
		if !u.onMap() {
			continue
		}
		if u.Side == side {
			oc.own[u.Hex] = append(oc.own[u.Hex], u)
			for _, x := range []string{u.ExtLeft, u.ExtRight, u.ColA, u.ColB} {
				if x != "" {
					oc.line[x] = u // 8.44, 8.5: no other unit in its hexes
				}
			}
			continue
		}
		if !u.combat() {
			continue
		}
		for _, h := range u.lineParts() {
			oc.enemy[h.hex] = true
			for _, n := range s.neighbours(h.hex) {
				oc.nextToEnemy[n] = true
				if u.Kind != "artillery" {
					oc.nextToFoot[n] = true
				}
			}
		}
	}
	return oc
}

func (oc *occupancy) withinEnemy(s *State, cc *CombatCharts, h string, side rules.Side) bool {
	v, seen := oc.near[h]
	if !seen {
		v = s.withinEnemy(cc, h, side, 4)
		oc.near[h] = v
	}
	return v
}

// stackRoom is State.stackRoom over the occupancy's own units.
func (oc *occupancy) stackRoom(u *UnitSt, h string, o Orders) bool {
	if l := oc.line[h]; l != nil && l != u && (u.Kind != "artillery" || l.inColumn()) {
		return false // 8.44, 8.5
	}
	return stackRoomOf(u, oc.own[h], o)
}

// stackRoom: the hex can take the unit under the Stacking Limits of its
// Orders (8.12): infantry up to 15 SPs of its brigade (7 under March),
// mounted cavalry 7 (4), artillery two batteries; no mixing of brigades
// except one battery.
func (s *State) stackRoom(u *UnitSt, h string, o Orders) bool {
	if l := s.lineAt(h); l != nil && l != u && (u.Kind != "artillery" || l.inColumn()) {
		return false // 8.44, 8.5
	}
	return stackRoomOf(u, s.unitsAt(h), o)
}

func stackRoomOf(u *UnitSt, there []*UnitSt, o Orders) bool {
	sp, batteries := u.SP, 0
	if n := u.columnLength(); o == March && n > 0 {
		sp = (u.SP + n) / (n + 1) // 8.12: its Extended Column's head (8.5)
	}
	for _, f := range there {
		if f == u || f.Side != u.Side {
			continue
		}
		if f.Kind == "artillery" {
			batteries++
			continue
		}
		if u.Kind != "artillery" && (f.Brigade != u.Brigade || f.extended()) || f.inColumn() {
			return false // 8.12; 8.44: no foot stacks with an Extended Line; 8.5
		}
		sp += f.SP
	}
	if u.Kind == "artillery" {
		return batteries < 1 || (batteries < 2 && sp == u.SP)
	}
	if o != March && sp == u.SP {
		return true // 8.12: any one unit regardless of strength
	}
	limit := 15
	if u.Kind == "cavalry" {
		limit = 7
	}
	if o == March {
		limit = map[bool]int{true: 4, false: 7}[u.Kind == "cavalry"]
	}
	return sp <= limit
}

// followLeaders moves the brigadier to his brigade's first unit on the
// map, and the division leader, up to his MA of 10 leader MP, toward the
// brigadier of his division's first brigade on the map (9.31: leaders
// move with their units; ruling GBACW-R19).
func (r *resolver) followLeaders(b *BrigadeSt) {
	s := r.s
	brigadier, division := r.leadersByOrder(b)
	for i := range s.Units {
		u := &s.Units[i]
		if u.Brigade == b.ID && u.onMap() && !brigadier {
			if l := s.leader(b.Leader); l != nil && !l.Killed {
				l.Hex = u.Hex
			}
			break
		}
	}
	d := s.division(b.Division)
	for i := range s.Brigades {
		fb := &s.Brigades[i]
		if fb.Division == d.ID && s.brigadeOnMap(fb) {
			if fb.ID == b.ID && !division {
				dl := s.leader(d.Leader)
				if s.moveLeader(r.sys.combat, dl, s.leaderHex(b.Leader), 10) {
					r.event("leader-move", "GBACW 9.31", "%s rides to %s", dl.Name, dl.Hex)
				}
			}
			return
		}
	}
}

// commanderMovement is Phase IV/A: a corps commander or OC with a LEADER
// order rides by it (leaders.go); the others by Galloper's default:
// each corps commander rides up to 10 MP toward
// the leader of his first division on the map, and the OC toward his
// first corps commander, so neither loses his range for moving more than
// 10 MP (9.32; ruling GBACW-R19).
func (r *resolver) commanderMovement() {
	s := r.s
	cc := r.sys.combat
	for i := range s.Leaders {
		s.Leaders[i].Rode = false // 9.32: for the turn that follows only
	}
	for i := range s.Corps {
		c := &s.Corps[i]
		if r.commanderByOrder(s.leader(c.Leader), false) {
			continue
		}
		for j := range s.Divisions {
			d := &s.Divisions[j]
			if d.Corps == c.ID && s.divisionOnMap(d) {
				if l := s.leader(c.Leader); s.moveLeader(cc, l, s.leaderHex(d.Leader), 10) {
					r.event("leader-move", "GBACW 9.32", "%s rides to %s", l.Name, l.Hex)
				}
				break
			}
		}
	}
	for _, ss := range s.Sides {
		if r.commanderByOrder(s.leader(ss.OC), true) {
			continue
		}
		for _, c := range s.Corps {
			if c.Side == ss.Side {
				if l := s.leader(ss.OC); s.moveLeader(cc, l, s.leaderHex(c.Leader), 10) {
					r.event("leader-move", "GBACW 9.32", "%s rides to %s", l.Name, l.Hex)
				}
				break
			}
		}
	}
}

// evade is R2, Move in Reaction: before the phasing unit enters a hex
// within 3 hexes of an enemy mounted cavalry or artillery unit whose
// doctrine says RETIRE, that unit moves one hex away, once per enemy
// brigade activation; cavalry then rolls a UDD. See GBACW 9.63.
func (r *resolver) evade(u *UnitSt, next string) {
	s := r.s
	for i := range s.Units {
		e := &s.Units[i]
		if e.Side == u.Side || !e.combat() || e.Reacted || e.Kind == "infantry" || s.ordersOf(e) == March {
			continue
		}
		if hex.Distance(s.axial(e.Hex), s.axial(next)) > 3 || r.standing(e.Side, gbtext.REvade) != "RETIRE" {
			continue
		}
		h := s.retreatHex(r.sys.combat, e, e.Hex, next, r.standing(e.Side, gbtext.RRetreat) == "FRIENDS")
		if h == "" {
			continue
		}
		e.Reacted = true
		r.doctrine(e, gbtext.REvade, "GBACW 9.63")
		r.event("reaction-move", "GBACW 9.63", "%s moves in reaction from %s to %s as %s approaches", e.Name, e.Hex, h, u.Name)
		e.Hex = h
		r.endedIn(e)
		if e.Kind == "cavalry" {
			r.uddOrDisorder(e, 0, "after a reaction move", "reaction-facing")
		}
	}
}

// reactionFacing is R1: enemy units the mover has come adjacent to
// outside their Front turn to face it, once per enemy brigade
// activation; infantry and cavalry roll a UDD, failing which they are
// Disordered. March units and units already facing an enemy in their
// Front may not. See GBACW 9.61-9.62.
func (r *resolver) reactionFacing(u *UnitSt) {
	s := r.s
	at := s.axial(u.Hex)
	for _, e := range s.adjacentEnemies(u.Hex, u.Side) {
		if s.unitArc(e, at) != FrontArc {
			r.react(e, u)
		}
	}
}

// reactToFire is R1 after fire: a unit fired on from outside its Front
// reacts once the fire's results are in (9.61).
func (r *resolver) reactToFire(t, firer *UnitSt) {
	s := r.s
	if !t.combat() || !firer.onMap() {
		return
	}
	fa := s.axial(firer.Hex)
	if s.unitArc(t, fa) == FrontArc || inFrontalArc(s.axial(t.Hex), t.Facing, fa) || s.throughRefused(t, fa) {
		return
	}
	r.react(t, firer)
}

// react is one unit's Reaction Facing or Refusal toward an enemy, by its
// side's doctrine, once per enemy brigade activation; never under March
// Orders or with an enemy already in its Front. Infantry and cavalry
// then roll a UDD, failing which they are Disordered. See GBACW
// 9.61-9.62.
func (r *resolver) react(e, u *UnitSt) {
	s := r.s
	if e.Reacted || s.ordersOf(e) == March || s.enemyInFront(e) || e.inColumn() {
		return // 8.52 Play Note: no Reaction Facing for an Extended Column
	}
	choice := r.standing(e.Side, gbtext.RFacing)
	if choice == "NEVER" {
		return
	}
	at, ea := s.axial(u.Hex), s.axial(e.Hex)
	e.Reacted = true
	r.doctrine(e, gbtext.RFacing, "GBACW 9.61")
	if side := s.refuseSideOf(e, at); choice == "REFUSE" && side != "" && s.stackSP(e) >= 3 && s.refusePosition(e, side) == "" && !e.inColumn() {
		e.Refused = bothWays(e.Refused, side)
		r.event("reaction-facing", "GBACW 9.62", "%s refuses its %s flank toward %s (reaction)", e.Name, map[string]string{RefusedLeft: "left", RefusedRight: "right"}[side], u.Name)
	} else if e.extended() {
		r.event("no-reaction", "GBACW 8.44", "%s is in Extended Line and may not change facing in reaction", e.Name)
		return
	} else {
		e.Facing, e.Refused = faceToward(ea, at), ""
		r.event("reaction-facing", "GBACW 9.62", "%s turns to face %s (reaction, facing change)", e.Name, u.Name)
	}
	if e.Kind != "artillery" {
		r.uddOrDisorder(e, 0, "Reaction Facing", "reaction-facing")
	}
}

// stackSP is the SPs of a unit's side in its hex (7.32: at least 3 to
// refuse).
func (s *State) stackSP(u *UnitSt) int {
	n := 0
	for _, f := range s.unitsAt(u.Hex) {
		if f.Side == u.Side {
			n += f.SP
		}
	}
	return n
}

// refuse is a unit's REFUSE action: under Attack or Advance Orders, not
// next to an enemy, with 3 SPs or more in its hex, for 1 MP. See GBACW
// 7.31-7.32.
func (r *resolver) refuse(u *UnitSt, side string, stand bool) {
	s := r.s
	o := s.ordersOf(u)
	if u.extended() {
		r.refuseLine(u, side, stand)
		return
	}
	switch {
	case stand || u.Fired || u.Refused != "":
		return
	case o == March:
		r.event("no-refuse", "GBACW 7.32", "%s is under March Orders and may not Refuse", u.Name)
	case len(s.adjacentEnemies(u.Hex, u.Side)) > 0:
		r.event("no-refuse", "GBACW 7.32", "%s is next to an enemy and may not Refuse but in reaction", u.Name)
	case s.stackSP(u) < 3:
		r.event("no-refuse", "GBACW 7.32", "%s has fewer than 3 SPs in its hex and may not Refuse", u.Name)
	case u.inColumn():
		r.event("no-refuse", "GBACW 7.32", "%s is in Extended Column and may not Refuse (7.32)", u.Name)
	case s.refusePosition(u, side) != "":
		r.event("no-refuse", "GBACW 7.31", "%s may not Refuse: %s", u.Name, s.refusePosition(u, side))
	case u.Moved && s.stackedUnrefused(u):
		r.event("no-refuse", "GBACW 7.32", "%s has moved into a stack that is not Refused and may not Refuse (7.32)", u.Name)
	case r.mpLeft(u, o) < 2:
		r.event("no-refuse", "GBACW 7.32", "%s has not the MP to Refuse", u.Name)
	default:
		// 7.32, 8.26: the whole stack refuses, each unit paying 1 MP.
		for _, f := range s.unitsAt(u.Hex) {
			if f.Side == u.Side {
				f.Refused, f.Facing = side, u.Facing
				if f.Brigade == u.Brigade {
					f.Spent += 2
					f.Moved = true
				}
			}
		}
		r.event("refuse", "GBACW 7.31", "%s refuses its %s flank (1 MP)", u.Name, map[string]string{RefusedLeft: "left", RefusedRight: "right"}[side])
	}
}

// refusePosition is why a unit's place in the line keeps it from
// refusing side, or "": it may Refuse alone, with no friendly unit next
// to it, or at the end of a line, a friend in its other Flank hex and
// none in the one it refuses (a centre unit whose line bends back, a
// friend in the Rear hex beside the refused flank, is such an end); never
// between two friendly-held Flank hexes. See GBACW 7.31, 7.32 (ruling
// GBACW-R34).
func (s *State) refusePosition(u *UnitSt, side string) string {
	right, left := s.flankDirs(u.Facing)
	at := s.axial(u.lineEnd(side)) // an Extended Line's end (8.44)
	friendAt := func(a hex.Axial) bool {
		id := s.hexID(a)
		if id == "" {
			return false
		}
		for _, f := range s.unitsAt(id) {
			if f.Side == u.Side && f.combat() && f != u {
				return true
			}
		}
		l := s.lineAt(id)
		return l != nil && l.Side == u.Side && l != u
	}
	near := false
	for d := range 6 {
		near = near || friendAt(at.Neighbor(d))
	}
	refused, other := at.Neighbor(right), at.Neighbor(left)
	if side == RefusedLeft {
		refused, other = other, refused
	}
	switch {
	case !near:
		return ""
	case friendAt(refused) && friendAt(other):
		return "it stands between two friendly-held Flank hexes (7.32)"
	case friendAt(refused):
		return "a friendly unit holds the Flank hex it would refuse"
	case !friendAt(other):
		return "it is neither at the end of a line nor apart from friendly units"
	}
	return ""
}

// stackedUnrefused: a friendly unit not Refused shares u's hex (7.32).
func (s *State) stackedUnrefused(u *UnitSt) bool {
	for _, f := range s.unitsAt(u.Hex) {
		if f != u && f.Side == u.Side && f.Refused == "" {
			return true
		}
	}
	return false
}

// enemyInFront: an enemy combat unit already stands in one of u's Front
// hexes (9.61).
func (s *State) enemyInFront(u *UnitSt) bool {
	for _, e := range s.adjacentEnemies(u.Hex, u.Side) {
		if s.unitArc(u, s.axial(e.Hex)) == FrontArc {
			return true
		}
	}
	return false
}
