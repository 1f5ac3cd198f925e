package gbacw

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"galloper/rules"
	"galloper/rules/dice"
	"galloper/rules/gbacw/gbtext"
	"galloper/rules/hex"
)

// A brigade's activation (GBACW 5.33, 6.2, 11.12):
//
//	1. Change Orders Phase: the brigade's script may try an Orders Change
//	   (6.21-6.25), Loose Cannon included; on an AM, every brigade it
//	   activates tries before Brigade Coordination and before any unit
//	   acts (6.21, III/C/1; resolve.go's activate).
//	2. Action Phase: each unit, in the brigade's order, carries out the
//	   first clause of its script whose conditions hold (5.33 a-d); with
//	   no script, it fires if it may (ruling GBACW-R18).
//	3. The facing changes asked for after a Rally (13.41; rally.go), then
//	   the shocks the units declared, after all their other actions
//	   (11.12).
//	4. The brigadier and his division leader rejoin the brigade's first
//	   unit (9.31), or ride by their LEADER orders; those whose orders
//	   say FIRST ride before step 2 instead (leaders.go).

// activateBrigade carries out one activation of b. See GBACW 5.33.
func (r *resolver) activateBrigade(b *BrigadeSt, side rules.Side) {
	r.activateGroup([]*BrigadeSt{b}, side, false)
}

// activateGroup carries out one activation of brigades that act as one
// (coordinated, 5.34), or of one brigade: each acts in turn, with the
// Orders Change its Change Orders Phase rolled (6.21), then all their
// shocks are resolved (11.12). Confused brigades
// (5.34 Confusion) neither move nor fight: they may rally, resupply and
// turn one vertex; their leaders move.
func (r *resolver) activateGroup(bs []*BrigadeSt, side rules.Side, confused bool) {
	s := r.s
	r.phasing, r.displaced, r.rallyLeaders, r.rodeFirst, r.rallyTurns = side, nil, nil, nil, nil
	r.entryPaid, r.newcomers, r.cameOn = nil, nil, nil // 9.72: by Action Phase
	for i := range s.Units {
		if u := &s.Units[i]; u.Side != side {
			u.ReturnFired, u.Reacted = 0, false // per enemy brigade activation (10.41, 9.61)
		}
	}
	r.underFoot, r.shifted, r.turned, r.preShocked, r.done = map[string]bool{}, nil, nil, nil, nil
	r.noReturnAt, r.returnHeld, r.returnHeldHex, r.lateWithdrawal = nil, nil, nil, nil
	r.faced, r.approached = map[string]bool{}, map[string]bool{}
	for i := range s.Units {
		if u := &s.Units[i]; u.Kind == "artillery" && u.onMap() {
			r.underFoot[u.Name] = s.unitsAt(u.Hex)[0].Kind != "artillery"
		}
	}
	var shocks, postponed []pendingShock
	r.brokeOff = nil
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
			if u := &s.Units[i]; s.brigadeOf(u) == b {
				u.Moved, u.Fired, u.Rallied, u.Switched, u.Spent, u.Barred = false, false, false, false, 0, false
				u.NoFire, u.NoShock, u.FiredParts, u.Wrap, u.Wrapped, u.Walked = false, false, 0, false, false, false
				u.Reblown = false // 11.58: counted afresh in this Activation
				if r.startHex == nil {
					r.startHex = map[string]string{}
				}
				r.startHex[u.Name] = u.Hex
				delete(r.oneHex, u.Name)
			}
		}
		// 6.21: the Change Orders Phase came before any unit of the AM
		// acted (III/C/1); a brigade activated on its own has it now.
		ph := r.phase1[b]
		if ph == nil {
			ph = r.changeOrdersPhase(b, side)
		}
		delete(r.phase1, b)
		inCommand, onMarch, lc := ph.inCommand, ph.onMarch, ph.lc
		if b.Reserve {
			// 6.32: In Reserve, only its units entering alone act.
			r.event("reserve-entry", "GBACW 6.32", "%s is In Reserve: only its units entering alone act on %s's AM (6.32)", b.ID, b.Division)
		}
		stand := lc != nil && lc.Stand
		remains := onMarch && lc != nil && (lc.Result == Change || lc.Result == ChangeAndStand)
		switch {
		case remains:
			r.marchChanged(b, lc)
			stand = false
		case onMarch && b.Orders == March.String():
			b.MarchAM = true // 6.26
		case onMarch:
			// 6.25: Orders changed by a Cautious Loose Cannon: its division
			// AMs from now on, this activation not counting against them.
			b.Activated--
		case b.StandNext:
			// 6.25: the Change and Stand of the March AM, on the first
			// division AM drawn.
			b.StandNext, stand = false, true
			r.event("stand-next", "GBACW 6.25", "%s Stands on its first division AM: the Change and Stand it rolled on the March AM", b.ID)
		}
		if !b.Reserve {
			r.leadFirst(b)
		}
		for _, i := range r.unitOrder(b) {
			u := &s.Units[i]
			entering := s.toEnter(u) && u.Brigade == b.ID
			if s.brigadeOf(u) != b || !u.combat() && !entering || r.entryDone(b) || b.Reserve && u.Own != OwnReinforcing || u.Finished {
				continue // 9.74, 6.32, 9.71
			}
			if remains {
				// 6.25: the In Command units remain in place; regiments Out
				// of Command keep their March Orders and move on.
				if s.ordersOf(u) != March {
					continue
				}
			} else if r.sitsOut(u, b) {
				continue
			}
			forced := lc
			if !inCommand[u.Name] {
				forced = nil // 6.24: a Loose Cannon binds the In Command units
			}
			acts := r.script(u, b, forced)
			if entering {
				var in bool
				if acts, in = r.enterMap(u, acts, stand && inCommand[u.Name]); !in {
					continue // 9.73: off the map for now
				}
			}
			// 5.34 Play Note: "Confusion does not override Loose Cannon
			// results of Brigade Orders Change".
			bound := forced != nil && (forced.Retreat || forced.MoveToEnemy)
			if u.Building > 0 && lc == nil && r.plans[u.Side].units[u.Name] == nil {
				acts = nil // a builder without a script keeps at it (15.13)
			}
			if r.charges[u.Name] != nil {
				continue // it charged with its stack (11.53)
			}
			if r.builds(u, acts) {
				continue
			}
			charges := slices.ContainsFunc(acts, func(a gbtext.Action) bool { return a.Verb == gbtext.ActCharge })
			announced := charges // a Charge is settled before moving (11.53)
			r.charging = nil
			for k, a := range acts {
				if !u.combat() || r.brokeOff[u.Name] {
					break // a Charge failed or broken off ends the activation (11.53, 11.57)
				}
				if announced && a.Verb != gbtext.ActMount && a.Verb != gbtext.ActDismount {
					announced = false
					if u.mountedCavalry() {
						charges = r.startCharge(u, acts, inCommand)
						shocks = append(shocks, r.carried(u)...)
					}
					if r.brokeOff[u.Name] {
						break
					}
				}
				r.willMove = slices.ContainsFunc(acts[k+1:], isMove)
				switch {
				case r.endColumn(u, a, stand && inCommand[u.Name]):
				case confused && !bound && a.Verb != gbtext.ActRally && a.Verb != gbtext.ActTurn && !r.oneVertexFace(u, a): // 5.34 Confusion: Rally, Resupply, one-vertex Facing changes
				case charges && u.mountedCavalry() && (a.Verb == gbtext.ActFire || a.Verb == gbtext.ActSplit):
					r.event("no-fire", "GBACW 14.24", "%s charges in this activation: mounted cavalry that charges does not fire", u.Name)
				case a.Verb == gbtext.ActShock || a.Verb == gbtext.ActCharge:
					shocks = append(shocks, pendingShock{attacker: u.Name, target: a.Target, charge: a.Verb == gbtext.ActCharge})
				case a.Verb == gbtext.ActFire && k == len(acts)-1 && r.postpones(u):
					postponed = append(postponed, pendingShock{attacker: u.Name, target: a.Target})
				default:
					r.act(u, a, stand && inCommand[u.Name]) // 6.23: In Command units Stand
					r.settleCollapses()                     // 12.23
				}
			}
			r.willMove = false
			r.endColumn(u, gbtext.Action{}, stand && inCommand[u.Name])
		}
	}
	// 10.82: fire postponed after moving, now that the units that will
	// combine have stacked together.
	for _, p := range postponed {
		if u := s.unit(p.attacker); u != nil && u.combat() && !u.Fired && !r.done[u.Name] && !u.Barred {
			r.acting = s.brigade(u.Brigade)
			r.phasingFire(u, p.target)
		}
	}
	r.turnAfterRally() // 13.41, once the units have acted (ruling GBACW-R64)
	ids := make([]string, len(bs))
	for i, b := range bs {
		ids[i] = b.ID
	}
	r.charging = nil
	if !confused || len(shocks) > 0 {
		// In Confusion the only shocks are a Loose Cannon's (5.34 Play
		// Note).
		shocks = r.designate(ids, shocks) // 11.21-11.22
	}
	r.shocked = map[*FatigueTrack]bool{}
	defer func() {
		r.marched, r.trails, r.noShock, r.stackRefused, r.entered, r.charges = nil, nil, nil, nil, nil, nil
	}()
	r.resolveShocks(r.groupShocks(r.mayShockAll(shocks)), 0) // 11.11, 11.31-11.32, 11.41
	r.settleCollapses()                                      // 12.23
	r.shortenLines()                                         // 8.42-8.43
	r.invertStacks()                                         // 7.21
	nightAttack := r.countFatigue(bs)
	for _, id := range slices.Sorted(maps.Keys(r.marchHits)) {
		hb := s.brigade(id)
		if hb.Orders == March.String() {
			hb.Orders = Advance.String()
			r.event("orders-changed", "GBACW 6.26", "%s, under March Orders, was attacked: it takes Advance Orders", id)
		}
	}
	r.marchHits = nil
	r.placeFatigue(nightAttack)
	r.checkBuilders()
	r.recreateGuns() // 12.81
	for _, b := range bs {
		if !b.Reserve { // 6.32: its leaders stay with the Reserve
			r.followLeaders(b)
		}
		r.unblow(b)
	}
	r.acting = nil
}

// entryDone: the brigade has had the Activations its Battle Book allows
// on its turn of entry (9.74); the first unit to find it so says so.
func (r *resolver) entryDone(b *BrigadeSt) bool {
	n := r.s.entryAMs(b)
	if n == 0 || b.Activated <= n {
		return false
	}
	if !r.entryTold[b.ID] {
		if r.entryTold == nil {
			r.entryTold = map[string]bool{}
		}
		r.entryTold[b.ID] = true
		r.event("sits-out", "GBACW 9.74", "%s has had the %d Activation(s) its Battle Book allows on its turn of entry", b.ID, n)
	}
	return true
}

// ordersPhase is what a brigade's Change Orders Phase (III/C/1) leaves
// to its Action Phase: the Orders Change it rolled, if any, and the In
// Command units and March Orders it was tried with. See GBACW 6.21.
type ordersPhase struct {
	lc        *OrdersChange
	inCommand map[string]bool
	onMarch   bool
}

// changeOrdersPhase is b's Change Orders Phase (III/C/1): its units back
// in range take its Orders (4.23) and its Fatigue (17.52), the In Command
// set and March Orders are read, and its script may try an Orders Change
// (a brigade In Reserve tries none, 6.32). See GBACW 6.21.
func (r *resolver) changeOrdersPhase(b *BrigadeSt, side rules.Side) *ordersPhase {
	r.adoptOrders(b)
	r.joinBrigade(b)
	ph := &ordersPhase{inCommand: r.inCommand(b), onMarch: b.Orders == March.String()}
	if !b.Reserve {
		b.Activated++ // the activation this AM begins, as ACTIVATION counts it
		ph.lc = r.changeOrders(b, side)
		b.Activated--
	}
	return ph
}

// inCommand is the set of b's units within its brigadier's Command
// Range, as 6.21 reads it at the start of an activation (4.21-4.22).
func (r *resolver) inCommand(b *BrigadeSt) map[string]bool {
	in := map[string]bool{}
	for i := range r.s.Units {
		if u := &r.s.Units[i]; u.Brigade == b.ID && u.onMap() && r.s.unitInCommand(r.sys.combat, u) {
			in[u.Name] = true
		}
	}
	return in
}

// withinReach is 6.24 Aggressive #1's test: an In Command unit of b is
// within 3 MPs (5 if mounted cavalry) of a hex next to an enemy combat
// unit, counted at the costs of the Orders it would charge under.
func (r *resolver) withinReach(b *BrigadeSt) bool {
	s, cc := r.s, r.sys.combat
	in := r.inCommand(b)
	for i := range s.Units {
		u := &s.Units[i]
		if !in[u.Name] || !u.combat() {
			continue
		}
		reach := 2 * 3 // half-MPs, as moveCost counts them
		if u.Kind == "cavalry" {
			reach = chargeReach
		}
		for j := range s.Units {
			if e := &s.Units[j]; e.Side != u.Side && e.combat() && s.reachesNextTo(cc, u, e, reach) {
				return true
			}
		}
	}
	return false
}

// marchChanged is 6.25: a brigade that changes its March Orders on the
// March AM remains in place, and acts on its division AMs from now on,
// the March AM's activation not counting against them; a Change and
// Stand applies to the first division AM drawn.
func (r *resolver) marchChanged(b *BrigadeSt, lc *OrdersChange) {
	b.Activated--
	r.event("remains", "GBACW 6.25", "%s changed its March Orders: it remains in place and acts on its division AMs from now on", b.ID)
	if lc.Stand {
		b.StandNext = true
	}
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
		NearEnemy: r.withinReach(b)}
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
			if u := &r.s.Units[i]; r.s.brigadeOf(u) == b && u.combat() && r.cond(u, b, c) {
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
		v = len(r.s.adjacentEnemies(r.s.hexOrEntry(u), u.Side)) > 0
	case gbtext.CondWithin:
		_, d := r.s.nearestEnemy(r.s.hexOrEntry(u), u.Side)
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

// oneVertexFace reports whether a is a FACE of one vertex (a hexside
// under March Orders) or none: one of the "one-vertex Facing changes"
// 5.34's Confusion allows, as TURN LEFT or RIGHT is.
func (r *resolver) oneVertexFace(u *UnitSt, a gbtext.Action) bool {
	if a.Verb != gbtext.ActFace || len(a.Hexes) == 0 {
		return false
	}
	return turns(u.Facing, r.s.faceTo(u, r.s.ordersOf(u), a.Hexes[0])) <= 1
}

// script is what a unit does this activation: a Loose Cannon's forced
// actions (6.24), else the first clause of its script whose conditions
// hold, else the default: fire if it may.
func (r *resolver) script(u *UnitSt, b *BrigadeSt, lc *OrdersChange) []gbtext.Action {
	s := r.s
	if lc != nil && lc.Retreat {
		if u.Kind == "artillery" {
			// 6.24 Cautious: only the non-artillery units retreat, but
			// "the In Command units may perform no other actions during
			// that Activation": the battery stays and does nothing.
			r.event("loose-cannon", "GBACW 6.24", "%s stays in place and does nothing in this Activation (Cautious Loose Cannon)", u.Name)
			return []gbtext.Action{{Verb: gbtext.ActHold}}
		}
		return []gbtext.Action{{Verb: gbtext.ActRetire}}
	}
	if lc != nil && lc.MoveToEnemy {
		if lc.Charge && u.Kind != "artillery" && len(s.adjacentEnemies(u.Hex, u.Side)) > 0 {
			// 6.24: a unit that starts next to the enemy shocks it without
			// a Charge bonus, and may not fire first.
			return []gbtext.Action{{Verb: gbtext.ActShock}}
		}
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

// postpones: under optional rule 10.82 a non-artillery unit that has
// moved holds the FIRE that ends its clause until the brigade's other
// units have acted, so that those that stack with it combine their fire
// (10.82; ruling GBACW-R43).
func (r *resolver) postpones(u *UnitSt) bool {
	return slices.Contains(r.s.Optional, "10.82") && u.Moved && u.Kind != "artillery"
}

// isMove: the action spends MPs (10.61's "will move").
func isMove(a gbtext.Action) bool {
	return a.Verb == gbtext.ActToward || a.Verb == gbtext.ActMove || a.Verb == gbtext.ActRetire
}

// act carries out one action of a unit's clause.
func (r *resolver) act(u *UnitSt, a gbtext.Action, stand bool) {
	if r.done[u.Name] {
		return // 12.35f
	}
	switch a.Verb {
	case gbtext.ActHold:
	case gbtext.ActRally:
		disordered := u.Status == StDisordered
		resupplied := r.resupplyAndRally(u)
		// One turn for the action: after the Rally (13.41) or, for a unit
		// not Disordered, after resupplying (10.92), never both.
		if a.Target != "" && u.Status != StDisordered && (resupplied || disordered && u.Rallied) {
			r.rallyTurns = append(r.rallyTurns, rallyTurn{u, a.Target, !disordered})
		}
	case gbtext.ActToward:
		r.move(u, a.Hexes[0], nil, stand)
	case gbtext.ActMove:
		r.with = a.Target // 8.21 Exception 1: the units moving with it
		r.stackChoice = a.Stack
		r.move(u, a.Hexes[len(a.Hexes)-1], a.Hexes, stand)
	case gbtext.ActRetire:
		if stand {
			return
		}
		if e, _ := r.s.nearestEnemy(u.Hex, u.Side); e != nil {
			full := func(n string) bool { return !r.s.stackRoom(u, n, r.s.ordersOf(u)) } // 8.11
			if h := r.s.retreatHexAvoiding(r.sys.combat, u, u.Hex, e.Hex, false, full); h != "" {
				r.event("move", "GBACW 9.1", "%s moves back from %s to %s", u.Name, u.Hex, h)
				if u.Status == StGood {
					r.regain(u, h) // 12.81
				}
				u.Hex, u.Moved = h, true
			}
		}
	case gbtext.ActFire:
		r.fireWith, r.fireSections = a.With, a.Sections
		r.phasingFire(u, a.Target, a.Hexes...)
		r.fireWith, r.fireSections = nil, nil
	case gbtext.ActExtend:
		r.extend(u, a.Target, stand)
	case gbtext.ActRetract:
		into := ""
		if len(a.Hexes) > 0 {
			into = a.Hexes[0]
		}
		r.retract(u, into, stand)
	case gbtext.ActFace:
		r.face(u, a.Hexes[0], stand)
		r.stackAbout(u, a.Target, stand)
	case gbtext.ActPivot:
		r.pivot(u, a.Target, stand)
	case gbtext.ActWrap:
		u.Wrap = true
	case gbtext.ActSplit:
		if a.Target != "" {
			r.artillerySplit(u, a)
		} else {
			r.splitFire(u)
		}
	case gbtext.ActTurn:
		r.turnOne(u, a.Target)
	case gbtext.ActWithdraw:
		r.withdraw(u, a.Hexes, stand)
	case gbtext.ActTop:
		if len(a.Sections) > 0 {
			r.topSection(u, a.Sections[0])
		} else {
			r.restack(u)
		}
	case gbtext.ActRefuse:
		r.refuse(u, map[string]string{"LEFT": RefusedLeft, "RIGHT": RefusedRight}[a.Target], stand)
	case gbtext.ActMount, gbtext.ActDismount:
		if stand {
			// 6.23 Stand, its Note: "Cavalry units may not Mount or
			// Dismount [14.22]".
			r.event("stand", "GBACW 6.23", "%s Stands: cavalry may not mount or dismount this Action Phase", u.Name)
			return
		}
		r.changeMount(u, a.Verb == gbtext.ActDismount)
	}
}

// resupplyAndRally is the Resupply and Rally action (3.0 III/C/3): a
// unit short of ammunition resupplies (10.92), a Disordered one tries to
// rally (13.41); either way it does nothing else this activation. Under
// March Orders it may do neither (6.13). It reports whether the unit
// resupplied.
func (r *resolver) resupplyAndRally(u *UnitSt) bool {
	if u.Moved || u.Fired {
		return false
	}
	if r.s.ordersOf(u) == March && (u.Ammo != AmmoOK || u.Status == StDisordered) {
		r.event("no-rally", "GBACW 6.13", "%s is under March Orders and may not Rally or Resupply", u.Name)
		return false
	}
	resupplied := false
	if u.Ammo != AmmoOK {
		resupplied = r.resupply(u)
		u.Fired, u.Rallied = true, true
	}
	r.rally(u)
	return resupplied
}

// rally is a unit's Rally attempt as its action. A leader stacked with
// it helps only at the end of his movement: not one who will ride on by
// order in this activation; one who helps takes no part in a shock of
// the activation (rallyLeaders). See GBACW 13.41-13.43.
func (r *resolver) rally(u *UnitSt) {
	if u.Status != StDisordered {
		return
	}
	if u.Collapsed {
		r.event("no-rally", "GBACW 12.23", "%s is Collapsed and may not rally (%d SP of %d)", u.Name, u.SP, u.Printed)
		return
	}
	stars := 0
	for _, l := range r.s.Leaders {
		if l.Side == u.Side && !l.Killed && l.Hex == u.Hex && !r.willRide(&l) {
			stars += l.Stars // 11.73, 13.43
			if r.rallyLeaders == nil {
				r.rallyLeaders = map[string]bool{}
			}
			r.rallyLeaders[l.Name] = true
		}
	}
	// 13.42: next to an enemy by any hex of an Extended Line or Column
	// (ruling GBACW-R121).
	drm := RallyDRM(r.s.lineNextToEnemy(u), u.Kind == "cavalry", stars, r.s.fatigueOf(u))
	roll := dice.D10Zero(r, "GBACW 13.41", "Rally: "+u.Name)
	res := RallyResult(roll+drm, u.Disordered)
	switch res {
	case Rallied:
		u.Status = StGood
		r.regain(u, u.Hex) // 12.81, ruling GBACW-R35
		r.event("rally", "GBACW 13.41", "%s rallies (rolled %d%+d against %d)", u.Name, roll, drm, u.Disordered)
	case StaysDisorder:
		r.event("rally-failed", "GBACW 13.41", "%s stays Disordered (rolled %d%+d against %d)", u.Name, roll, drm, u.Disordered)
	default:
		r.event("rally-failed", "GBACW 13.41", "%s stays Disordered and loses 1 SP (rolled %d%+d against %d)", u.Name, roll, drm, u.Disordered)
		r.loseSteps(u, 1, "a failed Rally", noCheck) // 12.71: not Fire Combat or Shock
		r.settleCollapses()
	}
	u.Fired, u.Rallied = true, true // a unit that rallies does nothing else (5.33 b)
}

// willRide reports whether a leader is still to move by order in the
// activation under way: the acting brigade's brigadier, or its division
// leader not yet moved in this AM (9.31, 13.43).
func (r *resolver) willRide(l *Leader) bool {
	b := r.acting
	if b == nil || r.leaderOrder(l) == "" {
		return false
	}
	return l.Name == b.Leader && !r.rodeFirst[l.Name] || l.Name == r.s.division(b.Division).Leader && !r.ledThisAM[l.Name]
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
	defer r.lateWithdrawalFire() // 10.44 Exception, whatever ends the move
	s := r.s
	cc := r.sys.combat
	o := s.ordersOf(u)
	names, choice := r.with, r.stackChoice
	r.with, r.stackChoice = "", ""
	if stand {
		r.event("stand", "GBACW 6.23", "%s Stands: it spends no MPs this Action Phase", u.Name)
		return
	}
	guns := u.Kind == "artillery"
	// Artillery may move after its fire (10.61), and so may a unit under
	// Attack Orders, which fires before, during or after its movement
	// (10.32), with the MPs it has left.
	again := u.Fired && !u.Rallied && (guns || o == Attack)
	if u.Fired && !again {
		return
	}
	if o == Attack && r.shifted[u.Name] {
		return // 12.6: under Attack Orders, no move after an advance
	}
	if o == Advance && !guns && (u.Walked || u.Moved && u.Spent == 0) {
		return // 6.15: one move (turning, extending or retracting first is not one)
	}
	if u.Walked && len(s.adjacentEnemies(u.Hex, u.Side)) > 0 {
		return // 9.53: next to an enemy it has ceased to move for the phase
	}
	if u.extended() {
		r.moveLine(u, o, target, path)
		return
	}
	with := r.stackWith(u, o, names)
	group := append([]*UnitSt{u}, with...) // in the stack's order
	slices.SortStableFunc(group, func(a, b *UnitSt) int { return a.Stack - b.Stack })
	times := 1
	allowance := func() (ma, budget int) {
		ma = r.allowanceOf(u) // 12.31, 6.16, 14.22, 2.21
		budget = 2 * ma
		if o == March {
			// The March AM moves the units 1-4 Activation-equivalents at
			// once, Galloper takes the most they may (5.35, 5.28).
			b := s.brigade(u.Brigade)
			times = MarchEquivalents(b.MarchedNow, s.division(b.Division).AMs, s.entryAMs(b))
			budget *= times
		}
		return ma, budget
	}
	ma, budget := allowance()
	if guns && u.Fired {
		budget = ma // 10.61: guns that fire have their MA halved
	}
	if guns || again {
		if budget -= u.Spent; budget <= 0 {
			return
		}
	} else {
		budget -= u.Spent // turning, extending or retracting before (8.42)
	}
	if r.charging == u {
		budget = r.chargeLeft(u, 0, budget) // 11.53: the stack moves as one (ruling GBACW-R69)
	}
	full := budget
	withBudget := map[*UnitSt]int{}
	for _, c := range with {
		withBudget[c] = 2*r.allowanceOf(c)*times - c.Spent
	}
	disordered := u.Status == StDisordered
	offRoad := false
	var oc *occupancy
	approach := s.artilleryApproach(cc, u)
	startNear := s.startsNear(cc, u)
	enter := func(n string) bool { // every rule but stacking
		if oc.enemy[n] || s.moveCost(cc, u, o, u.Hex, n) == 0 {
			return false
		}
		switch {
		case approach != nil && !approach(n):
			return false // 9.55
		case o == March && (oc.nextToEnemy[n] || oc.withinEnemy(s, cc, n, u.Side)):
			return false // 6.13: within four hexes and LOS; next to the enemy, LOS or not
		case o == Advance && oc.nextToFoot[n] && !s.byCrossing(u, o, u.Hex, n):
			return false // 6.15; 9.23: but across a bridge or ford
		case u.Kind == "artillery" && oc.nextToEnemy[n]:
			return false // 9.52: artillery never moves next to an enemy
		case u.Status == StDisordered && oc.nextToEnemy[n] && r.charging != u:
			return false // 12.34; a Charge is completed (11.52)
		}
		return true
	}
	ok := func(n string) bool { return enter(n) && r.chargeRoom(oc, u, n, o) }
	// pass: a hex of friendly units the unit may cross but not stop in
	// (8.22).
	pass := func(n string) bool { return enter(n) && !r.chargeRoom(oc, u, n, o) && len(oc.own[n]) > 0 }
	oc = s.occupancy(cc, u.Side)
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
	startBudget := budget
	var trail []string // 8.5: the hexes an Extended Column follows
	existing := len(u.columnHexes())
	for _, h := range []string{u.ColB, u.ColA, u.Hex} {
		if h != "" {
			trail = append(trail, h)
		}
	}
	if u.Refused != "" && r.stackRefused[u.Name] {
		// 8.26: refused with its stack, it leaves at no cost, and the MP
		// of the stack's refusal is not its own.
		u.Refused = ""
		delete(r.stackRefused, u.Name)
		u.Spent -= 2
		budget += 2
		full += 2
		startBudget += 2
	} else if u.Refused != "" {
		u.Refused = "" // 7.33: a unit leaves Refused status to move, for 1 MP
		budget -= 2
		r.event("unrefuse", "GBACW 7.33", "%s leaves Refused status (1 MP)", u.Name)
	}
	if path == nil {
		path = s.routeToward(cc, u, o, target, ok, pass)
	}
	passed, passedFrom := "", "" // the friendly-held hex the unit is crossing, and whence (8.22)
	for u.Hex != target && u.combat() {
		if !disordered && u.Status == StDisordered {
			// Disordered while moving (by terrain or by fire), it goes on
			// with its Disordered MA less what it has spent (12.33, 12.34).
			disordered = true
			spent := full - budget
			ma, full = allowance()
			budget = full - spent
		}
		if r.charging == u {
			budget = r.chargeLeft(u, full-budget, budget) // the slowest unit's MPs (11.53)
		}
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
		passingRoad := false
		if pc, ok2 := r.passByRoad(u, o, next, target, path, steps, ok, budget); ok2 {
			cost, passingRoad = pc, true // 9.43: the road's rate, passing through
		}
		throughUDD := false
		turn, turnCost, turnOK := r.turnToEnter(u, o, next, target, steps == 0 && len(s.adjacentEnemies(u.Hex, u.Side)) > 0)
		if !turnOK {
			r.event("move-halted", "GBACW 7.24", "%s starts next to an enemy and may turn only one vertex before it leaves %s", u.Name, u.Hex)
			break
		}
		cost += turnCost
		if crossing {
			// Through friendly units: 2 MPs more but by the Exceptions, and
			// the unit must go on to a hex where it may stop (8.22).
			after := ""
			if steps+1 < len(path) {
				after = path[steps+1]
			}
			extra, udd := s.through(cc, u, o, u.Hex, next, after)
			cost += extra
			throughUDD = udd
			if after == "" || s.m.Distance(next, after) != 1 || !ok(after) || cost+s.moveCost(cc, u, o, next, after) > budget {
				r.event("move-halted", "GBACW 8.22", "%s halts at %s: it may not stop among the units of %s", u.Name, u.Hex, next)
				break
			}
		}
		refusedThere := s.refusedFriend(u, next)
		if refusedThere != nil {
			cost += 2 // 7.32: an MP more to stack with a Refused unit
		}
		if cost > budget && (steps > 0 || r.cameOn[u.Name]) {
			break // 9.42 Exception: a unit may always move one hex (entering the map was one)
		}
		if cost > budget && cost > 2*u.MA {
			// 9.42 Exceptions 1 and 2: the one hex only when the unit's
			// full, Good Order MA would pay for it, facing changes and all.
			r.event("move-halted", "GBACW 9.42", "%s halts at %s: not even its full, Good Order MA of %d would pay the %s to enter %s", u.Name, u.Hex, u.MA, halfMP(cost), next)
			break
		}
		exception := cost > budget
		exception2 := false
		if cost > budget && len(s.adjacentEnemies(next, u.Side)) > 0 {
			// 9.42: Exception 1 does not take a unit next to an enemy;
			// Exception 2 does under Attack Orders if its full, Good Order
			// MA pays the hex, and it then neither fires nor shocks.
			if o != Attack {
				r.event("move-halted", "GBACW 9.42", "%s halts at %s: it lacks the MPs to enter %s, next to the enemy", u.Name, u.Hex, next)
				break
			}
			exception2 = true
		}
		// 8.13: by road at the road's rate, within March stacking, a unit
		// of 8 SPs or more in Extended Column (8.5).
		byRoad := o == Advance && !offRoad && s.onRoad(u.Hex, next) && s.wayFor(u, o, u.Hex, next) != "" && !u.extended()
		if (o == March || byRoad) && !r.columnFollows(u, o, trail, next, startBudget, existing) {
			r.event("move-halted", "GBACW 8.5", "%s halts at %s: its Extended Column's extensions have not the MPs to follow it", u.Name, u.Hex)
			break
		}
		if why := r.stackCannot(u, with, withBudget, o, next, turnCost, crossing, steps); why != "" {
			r.event("move-halted", "GBACW 8.21", "%s halts at %s: %s", u.Name, u.Hex, why)
			break
		}
		if refusedThere != nil {
			r.event("refused-stack", "GBACW 7.32", "%s pays 1 MP more to stack with the Refused %s (7.32)", u.Name, refusedThere.Name)
		}
		if r.evade(u, next) && r.breakOff(u) {
			break // 11.57: the Charge broken off
		}
		spBefore, statusBefore, hexBefore := u.SP, u.Status, u.Hex
		r.withdrawalFire(u, with...)
		oc = s.occupancy(cc, u.Side) // reactions may have moved units
		if !u.combat() || u.Hex != hexBefore || u.Status == StDisordered && len(s.adjacentEnemies(next, u.Side)) > 0 && r.charging != u {
			break // 12.34, 10.44's 2nd Disorder instead of moving; a Charge is completed (11.52)
		}
		// 10.44: a failed UDD, D or step loss from Withdrawal Fire limits
		// the move to one hex.
		withdrawalHurt := u.SP < spBefore || u.Status != statusBefore
		budget -= cost
		budget -= r.removeBreastworks(u, u.Hex, next, budget)
		offRoad = offRoad || !s.onRoad(u.Hex, next)
		steps++
		from := u.Hex
		// A unit moves into its Front hexes (7.13): one that is not turns
		// first to face its goal, for the MPs of 7.21-7.22.
		if turn != nil {
			turn()
		}
		if u.Status == StGood {
			r.regain(u, next) // 12.81: into or through, in Good Order
		}
		u.Hex, u.Moved = next, true
		u.Walked = true
		r.enter(u)
		stackStopped := false
		for _, c := range with {
			// 8.21: the stack moves as one, each unit paying its own MPs.
			withBudget[c] -= s.moveCost(cc, c, o, from, next) + turnCost
			c.Hex, c.Moved, c.Walked = next, true, true
			r.enter(c)
			stackStopped = stackStopped || !r.terrainDisorder(c, from, next)
		}
		trail = append(trail, next)
		r.reserveLeadersAlone(u)       // 6.33, before 12.73 places or takes the brigadier
		r.leadersAloneNear(from, next) // 12.73: the mover goes on as if they were not there
		u.Barred = u.Barred || exception2
		if r.trails == nil {
			r.trails = map[string][]string{}
		}
		if len(r.trails[u.Name]) == 0 {
			r.trails[u.Name] = []string{from}
		}
		r.trails[u.Name] = append(r.trails[u.Name], next)
		if r.charging == u {
			r.chargeStep(u, o, from, next) // 11.53-11.54
		}
		if exception {
			if r.oneHex == nil {
				r.oneHex = map[string]bool{}
			}
			r.oneHex[u.Name] = true // 11.12: no shock from the hex
		}
		if passed != "" {
			// The UDD after leaving the hex of units moved through, plus
			// that hex's entry cost from 2 MPs up (8.22).
			mod := 0
			if c := s.moveCost(cc, u, o, from, passed) / 2; c >= 2 {
				mod = c
			}
			if u.Status != StDisordered {
				r.uddOrDisorder(u, mod, "moving through "+passed, "retreat-through")
			} else if !r.throughAgain(u, mod, passed, passedFrom) {
				break
			}
			passed = ""
		}
		if crossing {
			if throughUDD {
				passed, passedFrom = next, from
			}
			r.event("pass-through", "GBACW 8.22", "%s moves through the units in %s", u.Name, next)
		}
		s.passing = map[bool]string{true: next}[passingRoad]
		disorderOK := r.terrainDisorder(u, from, next)
		s.passing = ""
		if !disorderOK || stackStopped {
			break // a 2nd Disorder from terrain stops the unit, and its stack (12.35c)
		}
		if r.charging == u {
			r.chargeTerrain(u, from, next) // the stack's other units (11.53)
		}
		// Disordered here, it goes on with its Disordered MA less what
		// it spent: the top of the loop sees to it (12.33).
		if e, _ := s.nearestEnemy(next, u.Side); e != nil && hex.Distance(s.axial(next), s.axial(e.Hex)) == 1 &&
			!(r.charging == u && s.unitArc(u, s.axial(e.Hex)) == FrontArc) { // 11.54: no needless turn on a Charge
			budget -= r.faceEnemy(u, o, e, budget)
		}
		r.approachFire(u)
		if !r.runGuns(u, from, startNear) {
			break // 9.55 Option 2
		}
		r.reactionFacing(u)
		if len(s.adjacentEnemies(u.Hex, u.Side)) > 0 {
			if o == Advance && s.byCrossing(u, o, from, next) {
				// 9.23 Exception: no shock until its next Activation.
				if r.noShock == nil {
					r.noShock = map[string]bool{}
				}
				r.noShock[u.Name] = true
			}
			break // 9.53
		}
		if withdrawalHurt {
			if u.Hex != target {
				r.event("move-halted", "GBACW 10.44", "%s halts at %s: hurt by Withdrawal Fire, it moves one hex only", u.Name, u.Hex)
			}
			break
		}
	}
	if o == March || o == Advance && !offRoad && !u.extended() {
		trail = r.clearColumn(u, trail) // 8.5, 8.11
	}
	if u.Hex != start {
		r.event("move", "GBACW 9.1", "%s moves from %s to %s", u.Name, start, u.Hex)
		r.unturnStack(u, start) // 8.26
		if t := r.trails[u.Name]; r.charging == u && len(t) >= 2 {
			r.endCharge(u, t[len(t)-2]) // 11.53: the stack as one
		} else if len(r.trails[u.Name]) >= 2 {
			t := r.trails[u.Name]
			s.placeInStack(u, t[len(t)-2])
			if len(with) > 0 {
				s.placeGroup(group, t[len(t)-2])
			}
			if choice != "" && !r.placeByChoice(group, choice, t[len(t)-2]) {
				r.event("no-stack", "GBACW 8.23", "%s stacks as it entered: ABOVE or BELOW is for infantry or cavalry ending its move with artillery alone, or through the Front of artillery stacked above infantry or cavalry (8.23)", u.Name)
			}
			if f := s.stackFacing(u); f >= 0 && f != u.Facing {
				// 7.11: the first unit to stop in a hex sets its facing;
				// 9.53 Exception: adjusting to it next to the enemy, the
				// unit neither fires nor shocks this activation.
				u.Facing = f
				if len(s.adjacentEnemies(u.Hex, u.Side)) > 0 {
					u.Barred = true
					r.event("stack-facing", "GBACW 9.53", "%s takes the facing of its stack in %s and may neither fire nor shock this activation", u.Name, u.Hex)
				}
			}
		}
		if o == March || o == Advance && !offRoad && !u.extended() {
			r.followColumn(u, trail) // 8.5, 8.13, 8.52: by road, March stacking
		}
		r.joinRefused(u, o)
		r.endedIn(u)
		for _, c := range with {
			c.Facing = u.Facing // 7.11: the stack's facing
			c.Spent = 2*r.allowanceOf(c)*times - withBudget[c]
			r.event("move", "GBACW 8.21", "%s moves with %s as one stack from %s to %s (8.21)", c.Name, u.Name, start, u.Hex)
			r.endedIn(c)
		}
	}
	r.lateWithdrawalFire() // 10.44 Exception
	if c := r.charges[u.Name]; r.charging == u {
		for _, f := range c.units {
			if f != u && f.Hex == u.Hex {
				f.Spent += full - budget
				r.joinRefused(f, o)
				r.endedIn(f)
			}
		}
	}
	u.Spent += full - budget
	if o == March && steps > 0 {
		u.Marched = true // 9.71
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

// joinRefused: a unit that ends its move stacked with a Refused unit
// joins its refusal (8.26; move has given it the stack's facing, 7.11);
// under Attack Orders, when a Refused unit of the stack has fired in this
// Activation, it may not fire in it. See GBACW 7.34 Exception.
func (r *resolver) joinRefused(u *UnitSt, o Orders) {
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
// hex a unit enters, or of the hexside it crosses, unless by pike, road or
// trail: "D" Disorders it, "d" and "dr" call for a UDD (9.47, ruling
// GBACW-R7); a hex and hexside with codes both take one check, the
// stronger code's (ruling GBACW-R50). It reports false when the unit was
// already Disordered and is Disordered again, which stops it (12.35c).
func (r *resolver) terrainDisorder(u *UnitSt, from, to string) bool {
	s := r.s
	way := s.wayFor(u, s.ordersOf(u), from, to)
	if way != "" {
		return true
	}
	code := s.terrainOf(r.sys.combat, to).Disorder
	what := "entering " + s.g.terrain[to]
	if side := s.crossDisorder(r.sys.combat, way, from, to); side == "D" || side != "-" && code == "-" {
		code, what = side, "crossing the hexside into "+to
	}
	was := u.Status == StDisordered
	switch code {
	case "D":
		r.disorder(u, "terrain")
		return !was
	case "d", "dr":
		// Without 12.32's DRMs: no leader helps (12.33); Fatigue adds to
		// every UDD (17.31).
		drm := UDDDRM(0, s.fatigueOf(u), 0)
		return r.uddWith(u, drm, what, "terrain") || !was
	}
	return true
}

// routeToward is the cheapest path in MPs from u's hex toward target
// through hexes it may enter (9.1), without its first hex; when the
// target itself may not be entered, the path to the hex before it. Nil
// when there is none.
func (s *State) routeToward(cc *CombatCharts, u *UnitSt, o Orders, target string, ok, pass func(string) bool) []string {
	ta := s.axial(target)
	// The search asks of a hex once for each way into it; ok and pass
	// read the board, which stands still during the search, so each hex
	// is asked once.
	type verdict struct{ ok, pass bool }
	seen := map[string]verdict{}
	judge := func(id string) verdict {
		v, done := seen[id]
		if !done {
			v.ok = ok(id)
			v.pass = !v.ok && pass(id)
			seen[id] = v
		}
		return v
	}
	cost := func(from, to hex.Axial) int {
		id := s.hexID(to)
		if id == "" {
			return -1
		}
		v := judge(id)
		crossing := to != ta && !v.ok && v.pass
		if to != ta && !v.ok && !crossing {
			return -1
		}
		fromID := s.hexID(from)
		c := s.moveCost(cc, u, o, fromID, id)
		if c == 0 {
			return -1
		}
		if crossing {
			extra, _ := s.through(cc, u, o, fromID, id, "")
			c += extra // 8.22
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
// LOS (6.13; units do not block, 10.26), or within n hexes LOS or not
// under ruling GBACW-R4's "strict".
func (s *State) withinEnemy(cc *CombatCharts, h string, side rules.Side, n int) bool {
	a := s.axial(h)
	for i := range s.Units {
		e := &s.Units[i]
		// Ruling GBACW-R4: by default 6.13's LOS counts; under "strict",
		// the chart's "keep 5 hexes away" does, LOS or not.
		if e.Side != side && e.combat() && hex.Distance(a, s.axial(e.Hex)) <= n && (s.ruling(rulingMarchDistance) == "strict" || s.lineOfSight(cc, e.Hex, h)) {
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

func (s *State) occupancy(cc *CombatCharts, side rules.Side) *occupancy {
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
				// 9.52 Exception: across an un-crossable hexside Advance
				// Orders may come next to enemy infantry and cavalry.
				if u.Kind != "artillery" && !s.uncrossable(cc, h.hex, n) {
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
func (oc *occupancy) stackRoom(s *State, u *UnitSt, h string, o Orders) bool {
	if l := oc.line[h]; l != nil && l != u && (u.Kind != "artillery" || l.inColumn()) {
		return false // 8.44, 8.5
	}
	return stackRoomOf(u, oc.own[h], o, s.ordersOf, s.book.stacking())
}

// stackRoom: the hex can take the unit under the Stacking Limits of its
// Orders (8.12), or the Battle Book's (1.0).
func (s *State) stackRoom(u *UnitSt, h string, o Orders) bool {
	if l := s.lineAt(h); l != nil && l != u && (u.Kind != "artillery" || l.inColumn()) {
		return false // 8.44, 8.5
	}
	return stackRoomOf(u, s.unitsAt(h), o, s.ordersOf, s.book.stacking())
}

// stackRoomOf: a unit under Orders o may join the side's units there
// within the limits l. See GBACW 8.12:
//
//   - units under March Orders stack only with units under March Orders,
//     and only with units of their own type;
//   - infantry and cavalry stack only with units of their own brigade and
//     type, up to the SP limit of the Orders, or alone whatever their
//     strength but under March Orders, where a big unit moves in Extended
//     Column and its head counts (8.5);
//   - no infantry or cavalry stacks with an Extended Line, nor any unit
//     with an Extended Column (8.44, 8.5);
//   - artillery stacks up to its batteries or guns limit, the lower one
//     when infantry or cavalry is in the hex (not under March Orders).
func stackRoomOf(u *UnitSt, there []*UnitSt, o Orders, ordersOf func(*UnitSt) Orders, l StackingLimits) bool {
	sp, guns, batteries, foot := 0, 0, 0, false
	own := u.SP
	if n := u.columnLength(); o == March && n > 0 {
		own = (u.SP + n) / (n + 1) // 8.12: its Extended Column's head (8.5)
	}
	for _, f := range there {
		if f == u || f.Side != u.Side || !f.onMap() || f.Status == StAbandoned {
			continue // Abandoned guns do not count as units (12.8)
		}
		if (ordersOf(f) == March) != (o == March) {
			return false
		}
		if f.Kind == "artillery" {
			batteries++
			guns += f.SP
			continue
		}
		if u.Kind != "artillery" && (f.Brigade != u.Brigade || f.Kind != u.Kind || f.extended()) || f.inColumn() {
			return false // 8.12; 8.44: no foot stacks with an Extended Line; 8.5
		}
		foot = true
		sp += f.SP
	}
	artilleryFits := func(b, g int) bool {
		if !foot && u.Kind == "artillery" || o == March {
			return b <= l.Batteries || g <= l.Guns
		}
		return b <= l.WithBatteries || g <= l.WithGuns
	}
	if u.Kind == "artillery" {
		if o == March && foot {
			return false
		}
		return artilleryFits(batteries+1, guns+u.SP)
	}
	if batteries > 0 {
		foot = true
		if o == March || !artilleryFits(batteries, guns) {
			return false
		}
	}
	limit := map[bool]int{true: l.Cavalry, false: l.Infantry}[u.Kind == "cavalry"]
	if o == March {
		limit = map[bool]int{true: l.MarchCavalry, false: l.MarchInfantry}[u.Kind == "cavalry"]
	}
	if sp == 0 && o != March {
		return true // 8.12: any one unit regardless of strength
	}
	return sp+own <= limit
}

// throughAgain is the UDD of a Disordered unit after moving through units:
// failing it, a 2nd Disorder, it returns to the hex from which it entered
// theirs, facing kept, its activation finished (8.22, ruling GBACW-R52).
// It reports whether the unit goes on.
func (r *resolver) throughAgain(u *UnitSt, mod int, passed, from string) bool {
	s := r.s
	drm := UDDDRM(s.leaderStars(u), s.brigade(u.Brigade).Fatigue, mod)
	coh := s.cohesion(u)
	roll, pass := UDD(r, u.Name, coh, drm, "moving through "+passed)
	if pass {
		r.event("udd", "GBACW 2.6", "%s passes its UDD (moving through %s): rolled %d%+d against %d", u.Name, passed, roll, drm, coh)
		return true
	}
	r.event("udd", "GBACW 2.6", "%s fails its UDD (moving through %s): rolled %d%+d against %d", u.Name, passed, roll, drm, coh)
	u.Hex, u.Barred = from, true
	r.event("move-returned", "GBACW 8.22", "%s suffers a 2nd Disorder moving through %s and returns to %s, its activation finished", u.Name, passed, from)
	return false
}

// stackFacing is the facing of the other friendly units in u's hex (the
// first to have stopped there sets it, 7.11), or -1 when it has none.
func (s *State) stackFacing(u *UnitSt) int {
	for _, f := range s.unitsAt(u.Hex) {
		if f != u && f.Side == u.Side {
			return f.Facing
		}
	}
	return -1
}

// restack puts a unit on top of its stack, as its action instead of
// moving: not next to an enemy, and under Advance Orders an infantry or
// cavalry unit that does so does not fire (8.24).
func (r *resolver) restack(u *UnitSt) {
	s := r.s
	if u.Moved || u.Fired {
		return
	}
	if len(s.adjacentEnemies(u.Hex, u.Side)) > 0 {
		r.event("no-restack", "GBACW 8.24", "%s may not change its stacking order next to the enemy", u.Name)
		return
	}
	there := s.unitsAt(u.Hex)
	if there[0] == u {
		return
	}
	u.Stack = there[0].Stack - 1
	u.Moved = true // instead of moving (8.24)
	r.displace(u)  // 10.52: no Prepared Fire after changing stacking order
	if s.ordersOf(u) == Advance && u.Kind != "artillery" {
		u.Barred = true // no fire after it (8.24)
	}
	r.event("restack", "GBACW 8.24", "%s goes to the top of its stack in %s", u.Name, u.Hex)
}

// placeInStack puts a unit that ended its move in a hex of friendly units,
// entering it from hex from, on top of them if it came through a Frontal
// hexside of the stationary units, beneath them otherwise (8.23); into a
// hex of artillery alone infantry and cavalry go on top (the Exception's
// choice, ruling GBACW-R51).
func (s *State) placeInStack(u *UnitSt, from string) {
	var there []*UnitSt
	for _, f := range s.unitsAt(u.Hex) {
		if f != u && f.Side == u.Side {
			there = append(there, f)
		}
	}
	if len(there) == 0 {
		u.Stack = 0
		return
	}
	top := arcOf(s.axial(u.Hex), there[0].Facing, s.axial(from)) == FrontArc ||
		u.Kind != "artillery" && !hasNonArtillery(there)
	if top {
		u.Stack = there[0].Stack - 1
	} else {
		u.Stack = there[len(there)-1].Stack + 1
	}
}

// through is what a unit pays over its step's cost to move from a
// through the friendly units in n, on to b ("" not yet known), in half
// MPs, and whether it takes the UDD after leaving them (8.22): 2 MPs and
// the UDD, but nothing for infantry or cavalry through artillery (the
// Artillery Exception), nor along a pike or road entered and left by it
// (the Road Movement Exception) unless the units are under March Orders,
// when it pays the hex and hexside off the road instead, going round them
// (ruling GBACW-R52).
func (s *State) through(cc *CombatCharts, u *UnitSt, o Orders, a, n, b string) (int, bool) {
	var there []*UnitSt
	for _, f := range s.unitsAt(n) {
		if f != u && f.Side == u.Side && f.onMap() {
			there = append(there, f)
		}
	}
	if u.Kind != "artillery" && !hasNonArtillery(there) {
		return 0, false
	}
	thoroughfare := func(w string) bool { return w == "pike" || w == "road" }
	if thoroughfare(s.wayFor(u, o, a, n)) && (b == "" || thoroughfare(s.wayType(n, b))) {
		for _, f := range there {
			if s.ordersOf(f) == March {
				round := s.moveCost(cc, u, Attack, a, n)
				if round == 0 {
					return 1000, false // no way round them
				}
				return max(0, round-s.moveCost(cc, u, o, a, n)), false
			}
		}
		return 0, false
	}
	return 4, true
}

// stackWith are the units named by a MOVE ... WITH that move with u as
// one stack: stacked with it, of its Orders, March or Advance, not yet
// moved or fired, and the stack within March Order stacking limits
// (8.21 Exception 1, ruling GBACW-R99). When they may not, u moves
// alone, and the report says why.
func (r *resolver) stackWith(u *UnitSt, o Orders, names string) []*UnitSt {
	s := r.s
	if names == "" {
		return nil
	}
	var with []*UnitSt
	why := ""
	for _, n := range strings.Split(names, ", ") {
		c := s.unit(n)
		switch {
		case o != March && o != Advance:
			why = "only stacks under March or Advance Orders move as one"
		case c == nil || !c.combat() || c.Hex != u.Hex:
			why = fmt.Sprintf("%s is not stacked with it", n)
		case s.ordersOf(c) != o:
			why = fmt.Sprintf("%s is not under its Orders", c.Name)
		case c.Moved || c.Fired || c.spread() || c.Building > 0:
			why = fmt.Sprintf("%s has acted or is extended", c.Name)
		default:
			with = append(with, c)
			continue
		}
		break
	}
	if why == "" && !s.stackFits(u, with, u.Hex) {
		why = "a stack moves as one only within March Order stacking limits"
	}
	if why != "" {
		r.event("no-stack-move", "GBACW 8.21", "%s moves alone: %s (8.21)", u.Name, why)
		return nil
	}
	return with
}

// stackFits: u and the units moving with it as one stack keep to March
// Order stacking limits in h, with the friendly units there (8.12, 8.21
// Exception 1).
func (s *State) stackFits(u *UnitSt, with []*UnitSt, h string) bool {
	there := slices.DeleteFunc(s.unitsAt(h), func(f *UnitSt) bool { return f == u || slices.Contains(with, f) })
	return stackRoomOf(u, append(there, with...), March, func(*UnitSt) Orders { return March }, s.book.stacking())
}

// stackCannot is why the units moving with u as one stack may not follow
// it into next, or "": each pays its own MPs (the first step always
// allowed, 9.42), none Disordered goes next to an enemy (12.34), the
// stack fits the hex, and it passes through no units (ruling GBACW-R99).
func (r *resolver) stackCannot(u *UnitSt, with []*UnitSt, budget map[*UnitSt]int, o Orders, next string, turnCost int, crossing bool, steps int) string {
	s := r.s
	if len(with) == 0 {
		return ""
	}
	if crossing {
		return "a stack moving as one does not pass through other units (ruling GBACW-R99)"
	}
	if !s.stackFits(u, with, next) {
		return fmt.Sprintf("its stack would not keep to March Order stacking limits in %s (8.12)", next)
	}
	for _, c := range with {
		cost := s.moveCost(r.sys.combat, c, o, u.Hex, next)
		switch {
		case cost == 0:
			return fmt.Sprintf("%s, moving with it as one stack, may not enter %s (8.21)", c.Name, next)
		case cost+turnCost > budget[c] && steps > 0:
			return fmt.Sprintf("%s, moving with it as one stack, has not the MPs to enter %s (8.21)", c.Name, next)
		case c.Status == StDisordered && len(s.adjacentEnemies(next, u.Side)) > 0:
			return fmt.Sprintf("%s, moving with it as one stack, is Disordered and may not move next to the enemy (12.34)", c.Name)
		}
	}
	return ""
}

// placeGroup places a stack that moved as one in its new hex: in the
// order it moved in, on top of the friendly units there or beneath them
// as its first unit was placed (8.23).
func (s *State) placeGroup(group []*UnitSt, from string) {
	h := group[0].Hex
	var others []*UnitSt
	for _, f := range s.unitsAt(h) {
		if f.Side == group[0].Side && !slices.Contains(group, f) {
			others = append(others, f)
		}
	}
	base := 0
	if len(others) > 0 {
		top := arcOf(s.axial(h), others[0].Facing, s.axial(from)) == FrontArc || !hasNonArtillery(others)
		base = others[len(others)-1].Stack + 1
		if top {
			base = others[0].Stack - len(group)
		}
	}
	for i, g := range group {
		g.Stack = base + i
	}
}

// placeByChoice is 8.23's Exception, by MOVE ... ABOVE or BELOW: infantry
// or cavalry ending its move in a hex of artillery alone stacks above or
// below it; entering through the Front of a stack whose artillery stands
// above infantry or cavalry, directly above or below the artillery. The
// group (the mover and any stack moving with it) keeps its own order. It
// reports false when the word has no use there (ruling GBACW-R99).
func (r *resolver) placeByChoice(group []*UnitSt, choice, from string) bool {
	s := r.s
	h := group[0].Hex
	var others []*UnitSt
	for _, f := range s.unitsAt(h) {
		if f.Side == group[0].Side && !slices.Contains(group, f) {
			others = append(others, f)
		}
	}
	guns := 0 // the artillery on top of the others
	for guns < len(others) && others[guns].Kind == "artillery" {
		guns++
	}
	at := 0
	switch {
	case slices.ContainsFunc(group, func(g *UnitSt) bool { return g.Kind == "artillery" }) || guns == 0:
		return false
	case guns == len(others) && choice == "BELOW":
		at = len(others) // beneath the artillery alone
	case guns < len(others) && arcOf(s.axial(h), others[0].Facing, s.axial(from)) != FrontArc:
		return false
	case guns < len(others) && choice == "BELOW":
		at = guns // directly beneath the artillery
	}
	order := append(append(append([]*UnitSt(nil), others[:at]...), group...), others[at:]...)
	for i, f := range order {
		f.Stack = i
	}
	where := "on top of"
	if at > 0 {
		where = "directly below"
	}
	r.event("stack", "GBACW 8.23", "%s stacks %s %s in %s (8.23)", group[0].Name, where, others[max(at-1, 0)].Name, h)
	return true
}

// marchStacking: the unit, joining the units in h, keeps to March Order
// stacking limits, as a unit under Advance Orders must to use a pike, road
// or trail's rate (8.13, 9.43).
func (s *State) marchStacking(u *UnitSt, h string) bool {
	l := s.book.stacking()
	limit := map[bool]int{true: l.MarchCavalry, false: l.MarchInfantry}[u.Kind == "cavalry"]
	own := u.SP
	if n := u.columnLength(); n > 0 {
		own = (u.SP + n) / (n + 1) // 8.5, 8.13: in Extended Column, its head's share
	}
	if u.Kind != "artillery" && own > limit {
		return false
	}
	if !s.stackRoom(u, h, Advance) || h == s.passing {
		return true // it may only move through them (8.22), or passes (9.43)
	}
	var there []*UnitSt
	for _, f := range s.unitsAt(h) {
		if f.onMap() && f.Side == u.Side && f != u {
			there = append(there, f)
		}
	}
	return stackRoomOf(u, there, March, func(*UnitSt) Orders { return March }, l)
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
		if u.Brigade == b.ID && u.onMap() && !brigadier && !r.displaced[b.Leader] { // 12.73
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
			if fb.ID == b.ID && !division && !r.displaced[d.Leader] { // 12.73
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
// doctrine says RETIRE (or TWO), that unit moves one hex (or two) away
// by the Retreat rules, once per enemy brigade activation, unless under
// March Orders or with an enemy in its Front already; it then rolls a
// UDD. It reports whether a unit moved. See GBACW 9.63.
func (r *resolver) evade(u *UnitSt, next string) bool {
	s := r.s
	moved := false
	for i := range s.Units {
		e := &s.Units[i]
		// Not under March Orders, nor already in the Frontal hex of
		// another enemy unit (9.63), nor in Extended Column (9.6);
		// mounted cavalry and artillery only; never In Reserve (6.32,
		// ruling GBACW-R112).
		if e.Side == u.Side || !e.combat() || e.Reacted || e.Kind == "infantry" || e.Kind == "cavalry" && e.Dismounted || s.ordersOf(e) == March || e.inColumn() || s.enemyInFront(e) || s.inReserve(e) {
			continue
		}
		reach := 3
		if s.night() {
			reach = 1 // only when the enemy is about to move adjacent (16.12)
		}
		choice := r.standing(e.Side, gbtext.REvade)
		if hex.Distance(s.axial(e.Hex), s.axial(next)) > reach || choice == "NEVER" {
			continue
		}
		h := r.reactionHex(e, e.Hex, next)
		if h == "" {
			continue
		}
		limited := false
		if e.Kind == "artillery" {
			at := e.Hex
			fired, hurt := r.fireBeforeReaction(u, e)
			if fired && (!e.combat() || e.Hex != at || e.Reacted) {
				continue // the fire made it retreat, took it, or it turned in reaction
			}
			if fired {
				if h = r.reactionHex(e, e.Hex, next); h == "" {
					continue
				}
			}
			limited = hurt
		}
		e.Reacted = true
		if s.stirs(e) {
			s.track(e).Stirred = true // 17.42: a reaction move
		}
		r.doctrine(e, gbtext.REvade, "GBACW 9.63")
		r.event("reaction-move", "GBACW 9.63", "%s moves in reaction from %s to %s as %s approaches", e.Name, e.Hex, h, u.Name)
		mod := r.reactionTerrain(e, e.Hex, h)
		r.reactionStep(e, h)
		moved = true
		if choice == "TWO" && limited {
			r.event("reaction-limited", "GBACW 9.63", "%s, hurt by %s's fire, moves one hex only", e.Name, u.Name)
		} else if choice == "TWO" {
			// 9.63: one or two hexes; the second from the first, away from
			// the same triggering hex.
			if h2 := r.reactionHex(e, h, next); h2 != "" {
				r.event("reaction-move", "GBACW 9.63", "%s goes on in reaction from %s to %s", e.Name, h, h2)
				mod += r.reactionTerrain(e, h, h2)
				r.reactionStep(e, h2)
			}
		}
		r.endedIn(e)
		r.afterReactionMove(e, mod)
	}
	return moved
}

// fireBeforeReaction is the phasing unit u's fire at the enemy artillery
// e that is about to move in reaction, when its side's doctrine asks for
// it (FIRE BEFORE REACTION MOVE ALWAYS) and u, under Attack Orders, may
// fire at e now. It reports whether u fired, and whether the fire hurt
// e: a failed UDD, a Disorder or a step lost, which limits e's reaction
// move to one hex. See GBACW 9.63, 10.32.
func (r *resolver) fireBeforeReaction(u, e *UnitSt) (fired, hurt bool) {
	if u.Side != r.phasing || r.s.ordersOf(u) != Attack || r.standing(u.Side, gbtext.RGunsFirst) != "ALWAYS" || !r.mayFire(u, phasingFire) {
		return false, false
	}
	if _, ok := r.canReach(u, e); !ok {
		return false, false
	}
	n := len(r.log.Events)
	r.event("fire-first", "GBACW 9.63", "%s fires at %s before it moves in reaction", u.Name, e.Name)
	r.doctrine(u, gbtext.RGunsFirst, "GBACW 9.63")
	r.phasingFire(u, e.Name)
	if !u.Fired {
		return false, false
	}
	for _, ev := range r.log.Events[n:] {
		switch ev.Kind {
		case "udd":
			hurt = hurt || strings.HasPrefix(ev.Text, e.Name+" fails")
		case "disorder", "second-disorder", "loss":
			hurt = hurt || strings.HasPrefix(ev.Text, e.Name+" ")
		}
	}
	return true, hurt
}

// reactionHex is the hex e may move into in reaction from h, away from
// the triggering hex next, by the Retreat rules (12.44), or "": for
// artillery none costing more than 2 MPs (roads count) nor nearer an
// enemy that has LOS to it within four hexes. See GBACW 9.63.
func (r *resolver) reactionHex(e *UnitSt, h, next string) string {
	s := r.s
	// 8.11: stacking limits apply at all times, to a reaction move too.
	full := func(n string) bool { return !s.stackRoom(e, n, s.ordersOf(e)) }
	to := s.retreatHexAvoiding(r.sys.combat, e, h, next, r.standing(e.Side, gbtext.RRetreat) == "FRIENDS", full)
	if to == "" {
		return ""
	}
	if e.Kind == "artillery" && (s.enterCost(r.sys.combat, e, s.ordersOf(e), h, to) > 2*2 || r.nearerEnemy(e, to)) {
		return "" // 9.63
	}
	return to
}

// reactionStep moves e one hex in reaction.
func (r *resolver) reactionStep(e *UnitSt, h string) {
	if e.Status == StGood {
		r.regain(e, h) // 12.81
	}
	e.Hex = h
}

// nearerEnemy: hex h is nearer than artillery e's hex to an enemy unit
// within four hexes of e with LOS to it (9.63).
func (r *resolver) nearerEnemy(e *UnitSt, h string) bool {
	s := r.s
	for i := range s.Units {
		x := &s.Units[i]
		if x.Side == e.Side || !x.onMap() {
			continue
		}
		d := s.m.Distance(e.Hex, x.Hex)
		if d <= 4 && s.m.Distance(h, x.Hex) < d && s.lineOfSight(r.sys.combat, x.Hex, e.Hex) {
			return true
		}
	}
	return false
}

// reactionTerrain is what cavalry adds to its UDD after a reaction move
// from a to b: the MP cost of the hexside crossed plus that of the hex
// entered when it is not clear; a unit of 4 SPs or less under Advance
// Orders may count the step's Pike, Road or Trail cost instead (8.13),
// when that is less. Nothing for other units. See GBACW 9.63.
func (r *resolver) reactionTerrain(e *UnitSt, a, b string) int {
	s := r.s
	cc := r.sys.combat
	if e.Kind != "cavalry" {
		return 0
	}
	mod := max(s.crossCost(cc, e, e.Kind, false, "", a, b), 0)
	if k := s.g.terrain[b]; k != "" && k != "clear" {
		mod += s.terrainOf(cc, b).Cavalry
	}
	if e.SP <= 4 && s.ordersOf(e) == Advance && s.wayType(a, b) != "" {
		if c := s.enterCost(cc, e, Advance, a, b); c > 0 {
			mod = min(mod, (c+1)/2)
		}
	}
	return mod
}

// afterReactionMove is the UDD every unit makes after a reaction move,
// with mod added to the roll: a failure Disorders it, and a 2nd Disorder
// costs it 1 SP (a gun), not a roll on the 2nd Disorder Table. See GBACW
// 9.63.
func (r *resolver) afterReactionMove(e *UnitSt, mod int) {
	const why = "after a reaction move"
	if e.Status != StDisordered {
		r.uddOrDisorder(e, mod, why, "reaction-facing")
		return
	}
	drm := UDDDRM(r.s.leaderStars(e), r.s.fatigueOf(e), mod)
	roll, pass := UDD(r, e.Name, e.cohesionNow(), drm, why)
	verdict := map[bool]string{true: "passes", false: "fails"}[pass]
	r.event("udd", "GBACW 2.6", "%s %s its UDD (%s): rolled %d%+d against %d", e.Name, verdict, why, roll, drm, e.cohesionNow())
	if !pass {
		r.lose(e, 1, "a 2nd Disorder after a reaction move")
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
// reacts once the fire's results are in (9.61). It reports whether the
// unit reacted and may now Return Fire (react).
func (r *resolver) reactToFire(t, firer *UnitSt) bool {
	s := r.s
	if !t.combat() || !firer.onMap() {
		return false
	}
	fa := s.axial(firer.Hex)
	if s.unitArc(t, fa) == FrontArc || inFrontalArc(s.axial(t.Hex), t.Facing, fa) || s.throughRefused(t, fa) {
		return false
	}
	return r.react(t, firer)
}

// react is one unit's Reaction Facing or Refusal toward an enemy, by its
// side's doctrine, once per enemy brigade activation; never under March
// Orders or with an enemy already in its Front. Infantry and cavalry
// then roll a UDD, failing which they are Disordered. It reports whether
// the unit reacted without a 2nd Disorder from its UDD: such a unit may
// still Return Fire (9.61). See GBACW 9.61-9.62.
func (r *resolver) react(e, u *UnitSt) bool {
	s := r.s
	// A Refused unit may not change facing (9.62), and may not Refuse
	// again but at the other end of an Extended Line (8.44).
	if e.Reacted || s.ordersOf(e) == March || e.inColumn() || e.Refused != "" && !e.extended() {
		return false // 8.52 Play Note: no Reaction Facing for an Extended Column
	}
	if s.inReserve(e) {
		return false // 6.32: no actions In Reserve (ruling GBACW-R112)
	}
	if !e.extended() && s.enemyInFront(e) {
		return false
	}
	choice := r.standing(e.Side, gbtext.RFacing)
	if choice == "NEVER" {
		return false
	}
	at, ea := s.axial(u.Hex), s.axial(e.Hex)
	side := s.refuseSideOf(e, at)
	if e.extended() && s.enemyInFrontAt(e, e.lineEnd(side)) {
		// 9.62: each part of an Extended Line as if it were a unit of
		// its own; the part that would react is the end that refuses
		// (8.44), or the counter's hex when it may not.
		return false
	}
	refuse := choice == "REFUSE" && side != "" && s.stackSP(e) >= 3 && s.refusePosition(e, side) == ""
	if !refuse && s.stackedWithUnfaceable(e) {
		return false // 9.62: no facing change stacked with a unit that may not
	}
	e.Reacted = true
	if e.Kind == "artillery" {
		r.faced[e.Name] = true // 9.62: its first non-phasing fire at -2
	}
	r.doctrine(e, gbtext.RFacing, "GBACW 9.61")
	if refuse && !e.extended() {
		return r.reactionRefusal(e, u, side)
	}
	if refuse {
		e.Refused = bothWays(e.Refused, side)
		r.event("reaction-facing", "GBACW 9.62", "%s refuses its %s flank toward %s (reaction)", e.Name, map[string]string{RefusedLeft: "left", RefusedRight: "right"}[side], u.Name)
	} else if e.extended() {
		r.event("no-reaction", "GBACW 8.44", "%s is in Extended Line and may not change facing in reaction", e.Name)
		return false
	} else if f, whole := oneVertexToward(e.Facing, ea, at); whole {
		e.Facing = f
		r.event("reaction-facing", "GBACW 9.62", "%s turns to face %s (reaction, facing change)", e.Name, u.Name)
	} else {
		e.Facing = f
		r.event("reaction-facing", "GBACW 9.62", "%s turns one vertex toward %s (reaction, facing change; one vertex at most)", e.Name, u.Name)
	}
	if e.Kind == "artillery" {
		return true
	}
	was := e.Status
	r.reactingTo = u // 12.35b: a 2nd Disorder bars return fire at u
	passed := r.uddOrDisorder(e, 0, "Reaction Facing", "reaction-facing")
	r.reactingTo = nil
	if !passed && was == StDisordered {
		return false // 9.61: a 2nd Disorder from the UDD: no Return Fire
	}
	return e.combat()
}

// reactionRefusal is a Reaction Refusal of e's hex toward u: the stack
// refuses as one (7.32), each of its infantry and cavalry units rolling
// its own UDD; if those leave fewer than 3 SPs in the hex, the units
// that remain may not stay Refused and change facing instead (ruling
// GBACW-R85). It reports whether e may still Return Fire (9.61). See
// GBACW 9.61-9.62.
func (r *resolver) reactionRefusal(e, u *UnitSt, side string) bool {
	s := r.s
	h := e.Hex
	var stack []*UnitSt
	for _, f := range s.unitsAt(h) {
		if f.Side == e.Side && f.combat() {
			f.Refused, f.Facing, f.Reacted = bothWays(f.Refused, side), e.Facing, true
			if f.Kind == "artillery" {
				r.faced[f.Name] = true // 9.62
			}
			stack = append(stack, f)
		}
	}
	r.event("reaction-facing", "GBACW 9.62", "%s refuses its %s flank toward %s (reaction)", e.Name, map[string]string{RefusedLeft: "left", RefusedRight: "right"}[side], u.Name)
	mayFire := true
	for _, f := range stack {
		if f.Kind == "artillery" {
			continue
		}
		was := f.Status
		r.reactingTo = u // 12.35b
		passed := r.uddOrDisorder(f, 0, "Reaction Facing", "reaction-facing")
		r.reactingTo = nil
		if !passed && was == StDisordered && f == e {
			mayFire = false // 9.61: a 2nd Disorder from the UDD
		}
	}
	left := s.unitsAt(h)
	sp := 0
	for _, f := range left {
		if f.Side == e.Side {
			sp += f.SP
		}
	}
	if sp >= 3 {
		return mayFire && e.combat()
	}
	// 9.62: fewer than 3 SPs after the UDDs: no Refusal (7.32); the
	// units left turn toward the enemy instead, one vertex at most.
	for _, f := range left {
		if f.Side != e.Side || f.Refused == "" {
			continue
		}
		f.Refused = ""
		nf, _ := oneVertexToward(f.Facing, s.axial(h), s.axial(u.Hex))
		f.Facing = nf
		r.event("refusal-lost", "GBACW 9.62", "%s: fewer than 3 SPs remain in %s after the UDDs, so it may not stay Refused (7.32) and turns toward %s instead", f.Name, h, u.Name)
	}
	return mayFire && e.combat()
}

// reserveLeadersAlone is 6.33's end of a routed command's Reserve: the
// brigadier of an all-routed brigade In Reserve, alone in his hex, next
// to which the enemy unit u has just moved, loses the status for his
// command.
func (r *resolver) reserveLeadersAlone(u *UnitSt) {
	s := r.s
	for i := range s.Brigades {
		b := &s.Brigades[i]
		lh := s.leaderHex(b.Leader)
		if !b.Reserve || lh == "" || s.sideOfBrigade(b) == u.Side || s.m.Distance(lh, u.Hex) != 1 || !s.allRouted(b) {
			continue
		}
		alone := true
		for _, f := range s.unitsAt(lh) {
			alone = alone && (f.Side == u.Side || !f.combat())
		}
		if alone {
			b.Reserve = false
			r.event("reserve-lost", "GBACW 6.33", "%s, alone in his hex, has an enemy unit move next to him: %s is no longer In Reserve", b.Leader, b.ID)
		}
	}
}

// allRouted: every remaining unit of b is Routed (6.33).
func (s *State) allRouted(b *BrigadeSt) bool {
	n := 0
	for i := range s.Units {
		if u := &s.Units[i]; u.Brigade == b.ID && u.Status != StEliminated {
			if u.Status != StRouted {
				return false
			}
			n++
		}
	}
	return n > 0
}

// stackedWithUnfaceable: a friendly unit in e's hex may not change
// facing in reaction: it is Refused or under March Orders (9.62).
func (s *State) stackedWithUnfaceable(e *UnitSt) bool {
	for _, f := range s.unitsAt(e.Hex) {
		if f != e && f.Side == e.Side && f.combat() && (f.Refused != "" || s.ordersOf(f) == March) {
			return true
		}
	}
	return false
}

// oneVertexToward is the facing a Reaction Facing change gives a unit at
// from, facing f, toward an enemy at to: the facing toward it when that
// is at most one vertex away (whole), else one vertex the nearer way,
// the next in direction order (clockwise as the map is drawn) when both
// are as near. See GBACW 9.62 and ruling GBACW-R60.
func oneVertexToward(f int, from, to hex.Axial) (int, bool) {
	t := faceToward(from, to)
	if d := (t - f + 6) % 6; d <= 1 || d == 5 {
		return t, true
	}
	near := func(v int) int { return hex.Distance(from.Neighbor(v), to) + hex.Distance(from.Neighbor(v+1), to) }
	cw, ccw := (f+1)%6, (f+5)%6
	if near(ccw) < near(cw) {
		return ccw, false
	}
	return cw, false
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
		// 7.32, 8.26: the whole stack refuses, each unit paying 1 MP; but
		// a phasing unit that leaves the hex in this activation is not
		// Refused, and gets its MP back as it leaves (move).
		for _, f := range s.unitsAt(u.Hex) {
			if f.Side == u.Side {
				f.Refused, f.Facing = side, u.Facing
				if s.brigadeOf(f) == s.brigadeOf(u) {
					f.Spent += 2
					f.Moved = true
					if f != u {
						if r.stackRefused == nil {
							r.stackRefused = map[string]bool{}
						}
						r.stackRefused[f.Name] = true
					}
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

// enemyInFrontAt: an enemy combat unit already stands in one of the
// Front hexes of u's part at h (9.62, an Extended Line's parts each as a
// unit of its own).
func (s *State) enemyInFrontAt(u *UnitSt, h string) bool {
	for _, e := range s.adjacentEnemies(h, u.Side) {
		if s.unitArcAt(u, h, s.axial(e.Hex)) == FrontArc {
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
