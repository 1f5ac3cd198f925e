package wintersvictory

import (
	"fmt"
	"slices"
	"strings"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/hex"
	"galloper/rules/wintersvictory/wvtext"
)

// The Game-Turn Interphase and the Command and Rally Phases (See WV 4.1
// phases 1-3 and 7-8):
//
//  1. Interphase (both sides at once): Command Point exemptions are
//     bought (17.64, EXEMPT); on hourly turns brigade fatigue (15.11,
//     15.21) and Army Command Points (17.21); then the Command State
//     Continuation check of every Mobilized commander not exempted
//     (17.63). Army and Corps morale (14.21) waits for the scenario's
//     morale values (not yet).
//  2. The Delay Marker Delivery Check of the side about to command
//     (17.35, 4.1 2A and 7A) is rolled at the end of the segment before
//     its Command segment, so that the side writes its orders knowing
//     which have arrived (ruling R40).
//  3. Command Phase (one side): orders down the chain (ORDER, ATTACK;
//     16.2, 17.31-17.41, 17.71) delivered by 17.34, changes of Command
//     State (17.61-17.62), charge declarations (12.51-12.52).
//  4. Rally Phase: Disordered units outside the enemy's reach rally
//     (13.41, ruling R25), Routed units try to self-rally (13.42 C),
//     exhausted cavalry recovers (7.41).

// radiusDist is the length of the shortest radius path from hex a to
// hex b for side (16.12): terrain is ignored; the path may not enter a
// hex holding an enemy unit the side sees (a hidden unit does not block:
// its owner alone knows it is there, ruling R43). Unreachable when no
// path is found.
func (s *State) radiusDist(side rules.Side, a, b string) int {
	if a == b {
		return 0
	}
	m := s.board()
	blocked := s.seenEnemyHexes(side)
	goal := m.Axial(b)
	cost := func(from, to hex.Axial) int {
		if !m.OnMap(to) || blocked[to] && to != goal {
			return -1
		}
		return 1
	}
	_, total, ok := hex.AStar(m.Axial(a), goal, cost, 1)
	if !ok {
		return Unreachable
	}
	return total
}

// seenEnemyHexes are the hexes of the enemy units side sees: the hexes
// its radius paths may not enter (16.12).
func (s *State) seenEnemyHexes(side rules.Side) map[hex.Axial]bool {
	m := s.board()
	v := s.visibility()
	var own []hex.Axial
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side && !u.Eliminated {
			own = append(own, m.Axial(u.Hex))
		}
	}
	for i := range s.Leaders {
		if l := &s.Leaders[i]; l.Side == side && l.Hex != "" {
			own = append(own, m.Axial(l.Hex))
		}
	}
	blocked := map[hex.Axial]bool{}
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == side || u.Eliminated {
			continue
		}
		a := m.Axial(u.Hex)
		for _, o := range own {
			if hex.Distance(a, o) <= v {
				blocked[a] = true
				break
			}
		}
	}
	return blocked
}

// radiusReach is every hex a radius path of at most radius hexes reaches
// from hex a for side (16.12), with its length.
func (s *State) radiusReach(side rules.Side, a string, radius int) map[hex.Axial]int {
	m := s.board()
	blocked := s.seenEnemyHexes(side)
	return hex.Reach(m.Axial(a), radius, func(from, to hex.Axial) int {
		if !m.OnMap(to) || blocked[to] {
			return -1
		}
		return 1
	})
}

// interphase resolves the Game-Turn Interphase (4.1 phase 1) and then
// the Allied Delay Check (4.1 2A).
func (r *run) interphase(files map[rules.Side]*orders.File) {
	exempt := map[string]bool{}
	for _, side := range sides {
		for _, n := range r.exemptions(side, r.inSegment(side, files[side])) {
			exempt[n] = true
		}
	}
	s := r.s
	r.demoralization() // 4.1 1A
	article := "a"
	if strings.ContainsRune("AEIOU", rune(s.turnKind()[0])) {
		article = "an"
	}
	r.tell("phase", "WV 4.1", nil, "Turn %d (%s), %s %s turn%s", s.Turn, s.clock(), article, s.turnKind(), map[bool]string{true: ", hourly", false: ""}[s.hourly()])
	if s.hourly() {
		r.hourlyFatigue()
		for _, side := range sides {
			r.deactivations(side, r.inSegment(side, files[side])) // 4.1 1E
		}
		r.deactivationSegment() // 4.1 1E
		for _, side := range sides {
			i := sideIndex(side)
			cp, err := AddCommandPoints(Side(i+1), s.CP[i], s.armyLeaderLost(i))
			if err == nil {
				s.CP[i] = cp
			}
			r.tell("command-points", "WV 17.21", only(side), "%s Army Command Points: %d", side, s.CP[i])
		}
	} else {
		for _, side := range sides {
			r.deactivations(side, r.inSegment(side, files[side])) // refused: not hourly
		}
	}
	r.continuation(exempt)
	r.delayCheck(SideAllied)
}

// exemptions checks and applies a side's EXEMPT orders (17.64) and
// returns the commanders exempted.
func (r *run) exemptions(side rules.Side, os []*wvtext.Order) []string {
	army := r.army(side)
	var es []Exemption
	var who []*Leader
	var at []orders.Pos
	for _, o := range os {
		if o.Verb != wvtext.Exempt {
			continue // COMMAND ...: DEACTIVATE (17.54), deactivate.go
		}
		l, ok := r.ownLeader(side, o.Who)
		switch {
		case !ok:
			r.refuse(side, o.Who.At, "wv-unknown-leader", "WV 2.32", fmt.Sprintf("%s has no leader called %s", side, orders.Clip(o.Who.Text)), "")
			continue
		case l.State != Mobilized:
			r.refuse(side, o.At, "wv-17.64-not-mobilized", "WV 17.64", l.Name+" is not Mobilized: there is no Continuation check to exempt him from", "leave the line out")
			continue
		case slices.Contains(who, l):
			r.refuse(side, o.At, "wv-17.64-twice", "WV 17.64", l.Name+" is exempted twice", "keep one line")
			continue
		}
		sup := r.s.leader(l.Superior)
		es = append(es, Exemption{Level: l.Level, IndependentOrUnderArmy: sup != nil && sup.Level == Army, PathFree: true})
		who = append(who, l)
		at = append(at, o.At)
	}
	if len(es) == 0 {
		return nil
	}
	i := sideIndex(side)
	issue := CheckExemptions(r.s.CP[i], r.atHQ(army), es)
	bad := map[int]bool{}
	for _, p := range issue.Problems {
		bad[p.Order] = true
		r.refuse(side, at[p.Order], p.Code, p.Rule, fmt.Sprintf("%s: %s", who[p.Order].Name, p.Message), "")
	}
	r.s.CP[i] -= issue.CP
	var out []string
	for k, l := range who {
		if !bad[k] {
			out = append(out, l.Name)
			r.tell("exempted", "WV 17.64", only(side), "%s spends a Command Point: %s skips the Continuation check (%d CP left)", side, l.Name, r.s.CP[i])
		}
	}
	return out
}

// army is the side's Army Commander.
func (r *run) army(side rules.Side) *Leader {
	for i := range r.s.Leaders {
		if l := &r.s.Leaders[i]; l.Side == side && l.Level == Army {
			return l
		}
	}
	return nil
}

// atHQ reports whether the Army Commander may spend Command Points
// (17.22, ruling R1): within his radius of the HQ, the HQ not suppressed
// (an enemy unit in its hex, 17.23).
func (r *run) atHQ(a *Leader) bool {
	if a == nil {
		return false
	}
	hq := r.s.HQ[sideIndex(a.Side)]
	suppressed := false
	for _, u := range r.s.unitsAt(hq) {
		if u.Side != a.Side {
			suppressed = true
		}
	}
	return AtHQ(r.opt.HQReach, r.s.radiusDist(a.Side, a.Hex, hq), a.radius(), suppressed)
}

// hourlyFatigue applies 15.11 and 15.21 to every brigade with combat
// units (infantry and cavalry, 15.2).
func (r *run) hourlyFatigue() {
	for i := range r.s.Leaders {
		l := &r.s.Leaders[i]
		if l.Level != Brigade || !r.hasTroops(l.Name) {
			continue
		}
		fp := l.Fatigue
		var err error
		if l.Charged { // 1C before 1D (4.1)
			if fp, err = ChargeAccrual(fp, true); err != nil {
				continue
			}
			l.Charged = false
		}
		if fp, err = HourlyAccrual(fp, !l.Inactive, l.Engaged); err != nil {
			continue
		}
		if l.Inactive { // 15.12: a brigade not committed sheds up to 3 (ruling R79)
			if fp, err = Recover(fp, maxRecovery, false); err != nil {
				continue
			}
		}
		if fp != l.Fatigue {
			l.Fatigue = fp
			r.tell("fatigue", "WV 15.11", only(l.Side), "%s's brigade: %d Fatigue Points", l.Name, fp)
		}
		if lvl, err := r.tables.Fatigue(l.Fatigue); err == nil && lvl.Level == 2 {
			if h := r.s.attackHolder(l.Name); h != nil {
				h.Violations++
				r.tell("attack-violation", "WV 17.75", only(l.Side), "%s's Attack Order: 1 violation, %d in all (%s's brigade at Fatigue Level 2)", h.Name, h.Violations, l.Name)
			}
		}
	}
}

// hasTroops reports whether a brigade has infantry or cavalry in play.
func (r *run) hasTroops(brigade string) bool {
	for i := range r.s.Units {
		u := &r.s.Units[i]
		if u.Brigade == brigade && !u.Eliminated && u.Type != "artillery" {
			return true
		}
	}
	return false
}

// continuation rolls 17.63 for every Mobilized Corps and Division
// commander not exempted, French first, in scenario order.
func (r *run) continuation(exempt map[string]bool) {
	for _, side := range sides {
		for i := range r.s.Leaders {
			l := &r.s.Leaders[i]
			if l.Side != side || l.State != Mobilized || l.Level == Army || l.Level == Brigade || exempt[l.Name] || l.Hex == "" {
				continue
			}
			f := ContinuationFacts{Level: l.Level, Bonus: l.Bonus, AttackOrder: l.Attack, Evening: r.s.evening()}
			for j := range r.s.Leaders {
				sub := &r.s.Leaders[j]
				if sub.Superior != l.Name || sub.Hex == "" {
					continue // an inactive leader is not on the map (17.52)
				}
				d := r.s.radiusDist(side, l.Hex, sub.Hex)
				out := d == Unreachable || d > l.radius()
				switch {
				case l.Level == Corps && sub.Level == Division && out:
					f.DivisionsOutside++
				case l.Level == Division && sub.Level == Brigade && out:
					f.BrigadesOutside++
					if d == Unreachable || d > 2*l.radius() {
						f.BrigadesBeyondDouble++
					}
				}
			}
			if sup := r.s.leader(l.Superior); sup != nil && l.Level == Division && sup.Level == Corps {
				d := r.s.radiusDist(side, sup.Hex, l.Hex)
				f.WithinSuperior = d != Unreachable && d <= sup.radius()
				f.SuperiorCPOrMobilized = sup.State == Mobilized
			}
			mod := r.tables.ContinuationModifier(f, r.opt)
			die := r.d10("WV 17.63", "Command State Continuation: "+l.Name, only(side))
			stays, err := StaysMobilized(die, mod, l.radius())
			if err != nil {
				continue
			}
			if stays {
				r.tell("continuation", "WV 17.63", only(side), "%s stays Mobilized: %d%+d = %d, at or under his rating %d", l.Name, die, mod, die+mod, l.radius())
				continue
			}
			l.State = Standing
			r.tell("continuation", "WV 17.63", only(side), "%s goes Standing: %d%+d = %d, over his rating %d", l.Name, die, mod, die+mod, l.Radius[1])
			r.commandViolation(l, "goes Standing")
		}
	}
}

// delayCheck is the Delay Marker Delivery Check Segment of side (17.35):
// each Delay 1 order rolls on the Order Delivery Table, then Delay 2 and
// 3 step down one level; orders in the order they were sent.
func (r *run) delayCheck(side rules.Side) {
	var keep []Courier
	for _, c := range r.s.Couriers {
		if c.Side != side {
			keep = append(keep, c)
			continue
		}
		die := 0
		if c.Order.NeedsRoll() {
			die = r.d10("WV 17.35", fmt.Sprintf("Delay Check: %s's order to %s", c.From, c.To), only(side))
		}
		before := c.Order.State
		next, err := r.pack.DelayCheck(c.Order, die)
		if err != nil {
			keep = append(keep, c)
			continue
		}
		c.Order = next
		switch next.State {
		case Received:
			r.deliver(c, fmt.Sprintf("after %s, rolled %d%+d", before, die, c.Order.Mods.Total()-(next.Rolls-1)))
		case Ignored:
			r.tell("order-ignored", "WV 17.35", only(side), "%s's order to %s is Ignored: rolled %d%+d on the Order Delivery Table; it is discarded", c.From, c.To, die, c.Order.Mods.Total()-(next.Rolls-1))
		default:
			how := "no roll: one level down"
			if before == Delay1 {
				how = fmt.Sprintf("rolled %d%+d", die, c.Order.Mods.Total()-(next.Rolls-1))
			}
			r.tell("order-delayed", "WV 17.35", only(side), "%s's order to %s: %s, now %s", c.From, c.To, how, next.State)
			keep = append(keep, c)
		}
	}
	r.s.Couriers = keep
}

// deliver places an Order Received (or an Attack Order) on the receiver
// (17.34, 17.71): he holds its objective.
func (r *run) deliver(c Courier, how string) {
	l := r.s.leader(c.To)
	if l == nil {
		return
	}
	l.Received, l.Objective = true, c.Objective
	kind := "order"
	if c.Attack {
		kind = "Attack Order"
		r.attackReceived(l, c)
	}
	r.tell("order-received", "WV 17.34", only(c.Side), "%s receives %s's %s (objective %s): %s", l.Name, c.From, kind, c.Objective, how)
}

// commandPhase carries out a side's Command Phase orders (4.1 2C-2F):
// orders sender by sender in the order first written, then changes of
// Command State, then charge declarations.
func (r *run) commandPhase(side rules.Side, os []*wvtext.Order) {
	r.activationSegment(side) // 4.1 2B-2C
	if !r.dry() {
		r.divisionAttackActivity(side) // 17.71
	}
	var senders []string
	bySender := map[string][]*wvtext.Order{}
	for _, o := range os {
		if o.Verb != wvtext.Send && o.Verb != wvtext.Attack {
			continue
		}
		l, ok := r.ownLeader(side, o.Who)
		if !ok {
			r.refuse(side, o.Who.At, "wv-unknown-leader", "WV 16.1", fmt.Sprintf("%s has no leader called %s", side, orders.Clip(o.Who.Text)), "")
			continue
		}
		if _, ok := bySender[l.Name]; !ok {
			senders = append(senders, l.Name)
		}
		bySender[l.Name] = append(bySender[l.Name], o)
	}
	for _, n := range senders {
		r.sendOrders(side, r.s.leader(n), bySender[n])
	}
	for _, o := range os {
		switch {
		case o.Verb == wvtext.Command && o.State == wvtext.EndAttack:
			if l, ok := r.ownLeader(side, o.Who); !ok || !l.Attack {
				r.refuse(side, o.At, "wv-17.76-no-attack", "WV 17.76", orders.Clip(o.Who.Text)+" holds no Attack Order to end", "")
				continue
			}
			r.endAttacks = append(r.endAttacks, r.s.leader(o.Who.Text).Name)
		case o.Verb == wvtext.Command:
			r.commandState(side, o, ActivitySegment)
		case o.Verb == wvtext.Charge:
			r.declareCharge(side, o)
		}
	}
}

// sender is what the order limits read of a leader (17.31-17.33).
func (r *run) sender(l *Leader) Sender {
	snd := Sender{Level: l.Level, Active: !l.Inactive, State: l.State, Radius: l.radius(),
		HoldsOrder: l.Received || l.Attack || l.Held || l.Level == Division && l.Letter != "" || l.Level == Army, HoldsAttackOrder: l.Attack || l.Held}
	if l.Level == Army {
		snd.HoldsOrder = false
		snd.AtHQ = r.atHQ(l)
		snd.CP = r.s.CP[sideIndex(l.Side)]
	}
	if l.Level == Brigade {
		snd.State = 0
	}
	return snd
}

// subordinate reports whether leader b is below leader a in the chain of
// command, and whether directly (16.2).
func (s *State) subordinate(a, b *Leader) (direct, below bool) {
	for l, n := b, 0; l != nil && n < 10; l, n = s.leader(l.Superior), n+1 {
		if l.Superior == a.Name {
			return n == 0, true
		}
	}
	return false, false
}

// sendOrders checks one sender's orders together (17.31-17.33, 17.71)
// and sends those that are legal (17.34).
func (r *run) sendOrders(side rules.Side, from *Leader, os []*wvtext.Order) {
	type item struct {
		o  *wvtext.Order
		to *Leader
		d  Dispatch
	}
	var items []item
	for _, o := range os {
		to, ok := r.ownLeader(side, o.To)
		switch {
		case !ok:
			r.refuse(side, o.To.At, "wv-unknown-leader", "WV 16.1", fmt.Sprintf("%s has no leader called %s", side, orders.Clip(o.To.Text)), "")
			continue
		case !r.onMap(o.Objective):
			r.refuse(side, o.At, "wv-off-map", "WV 2.1", "objective "+o.Objective+" is not a hex of the map", "")
			continue
		}
		direct, below := r.s.subordinate(from, to)
		if !below {
			r.refuse(side, o.At, "wv-16.2-not-subordinate", "WV 16.2", fmt.Sprintf("%s is not under %s in the chain of command", to.Name, from.Name), "send it through "+to.Name+"'s own superior")
			continue
		}
		items = append(items, item{o, to, Dispatch{To: to.Level, Direct: direct, Subordinate: below,
			Distance: r.s.receiverDist(side, from, to), Attack: o.Verb == wvtext.Attack, Urgent: o.Urgent,
			Distribution: o.Verb == wvtext.Attack && from.Level == Corps && (from.Held || from.Attack)}})
	}
	if len(items) == 0 {
		return
	}
	ds := make([]Dispatch, len(items))
	for i, it := range items {
		ds[i] = it.d
	}
	snd := r.sender(from)
	issue := CheckOrders(snd, ds, r.opt)
	bad := map[int]bool{}
	for _, p := range issue.Problems {
		bad[p.Order] = true
		r.refuse(side, items[p.Order].o.At, p.Code, p.Rule, fmt.Sprintf("%s to %s: %s", from.Name, items[p.Order].to.Name, p.Message), "")
	}
	// The sender's Order Received is used when the orders would not be
	// allowed without it (17.31, ruling R44).
	if snd.HoldsOrder && from.Level != Army && !from.Attack && from.Letter == "" {
		free := snd
		free.HoldsOrder = false
		if len(CheckOrders(free, ds, r.opt).Problems) > 0 && len(issue.Problems) == 0 {
			from.Received = false
			r.tell("order-used", "WV 17.31", only(side), "%s uses his Order Received to issue these orders", from.Name)
		}
	}
	r.s.CP[sideIndex(side)] -= issue.CP
	if issue.CP > 0 {
		r.tell("command-points", "WV 17.22", only(side), "%s spends %d Command Points at the HQ (%d left)", from.Name, issue.CP, r.s.CP[sideIndex(side)])
	}
	var divisions []*Leader
	for i, it := range items {
		if !bad[i] && it.d.Distribution {
			divisions = append(divisions, it.to)
		}
	}
	r.corpsOrder = r.implementHeld(from, divisions)
	for i, it := range items {
		if !bad[i] {
			r.send(side, from, it.to, it.o, it.d.Distance)
		}
	}
	r.corpsOrder = false
}

// onMap reports whether a hex id is on the map.
func (r *run) onMap(id string) bool {
	_, ok := r.s.board().Hex(id)
	return ok
}

// send delivers one order by 17.34: the same hex, received; within the
// radius, a roll on the Order Delivery Table with the 17.35 modifiers;
// beyond it, a Delay level by distance.
func (r *run) send(side rules.Side, from, to *Leader, o *wvtext.Order, distance int) {
	if r.dry() {
		// An order that may arrive this phase may be relied on by the
		// receiver's own orders written after it: they are carried out
		// only if it does (the French top-down cascade in one mail, 4.1
		// phase 7; ruling R44).
		pl, err := PlaceOrder(distance, from.radius())
		if err == nil && (pl.Roll || pl.State == Received) {
			to.Received = true
			if o.Verb == wvtext.Attack && to.Level == Corps {
				to.Held = true // 17.71: held until implemented
			} else if o.Verb == wvtext.Attack {
				to.Attack = true
			}
		}
		if err == nil {
			how := "received at once"
			switch {
			case pl.Roll:
				how = "a roll on the Order Delivery Table"
			case pl.State != Received:
				how = pl.State.String() + ", no roll"
			}
			r.tell("order-sent", "WV 17.34", only(side), "%s %s to %s (%s): %s", o.Verb, from.Name, to.Name, placement(distance, from.radius()), how)
		}
		return
	}
	mods := DeliveryModifiers{ReceiverBonus: to.Bonus, FrenchBrigadeLeader: side == SideFrench && to.Level == Brigade,
		SenderHoldsOrder: from.Received || from.Attack, SenderAdjacent: distance == 1, Urgent: o.Urgent,
		FromArmy: from.Level == Army || from.Hex == r.s.HQ[sideIndex(side)]}
	pl, err := PlaceOrder(distance, from.radius())
	if err != nil {
		return
	}
	die := 0
	if pl.Roll {
		die = r.d10("WV 17.34", fmt.Sprintf("Order Delivery: %s to %s", from.Name, to.Name), only(side))
	}
	ord, err := r.pack.Send(distance, from.radius(), mods, false, die)
	if err != nil {
		return
	}
	r.s.NextCourier++
	c := Courier{ID: r.s.NextCourier, Side: side, From: from.Name, To: to.Name, Objective: o.Objective,
		Attack: o.Verb == wvtext.Attack, Corps: r.corpsOrder && o.Verb == wvtext.Attack, Order: ord, Sent: r.s.Turn}
	kind := "order"
	if c.Attack {
		kind = "Attack Order"
	}
	r.tell("order-sent", "WV 17.34", only(side), "%s sends an %s to %s, objective %s (%s)", from.Name, kind, to.Name, o.Objective, placement(distance, from.radius()))
	switch ord.State {
	case Received:
		how := "same hex, no roll"
		if pl.Roll {
			how = fmt.Sprintf("rolled %d%+d on the Order Delivery Table", die, mods.Total())
		}
		r.deliver(c, how)
	case Ignored:
		r.tell("order-ignored", "WV 17.34", only(side), "%s's %s to %s is Ignored: rolled %d%+d on the Order Delivery Table", from.Name, kind, to.Name, die, mods.Total())
	default:
		how := fmt.Sprintf("%d hexes beyond a radius of %d: no roll", distance, from.radius())
		if pl.Roll {
			how = fmt.Sprintf("rolled %d%+d on the Order Delivery Table", die, mods.Total())
		}
		if distance == Unreachable {
			how = "no radius path can be traced: no roll"
		}
		r.tell("order-delayed", "WV 17.34", only(side), "%s's %s to %s is delayed: %s; %s", from.Name, kind, to.Name, how, ord.State)
		r.s.Couriers = append(r.s.Couriers, c)
	}
}

// placement says where the receiver stands for 17.34.
func placement(distance, radius int) string {
	switch {
	case distance == 0:
		return "same hex"
	case distance == Unreachable:
		return "no radius path"
	case distance <= radius:
		return fmt.Sprintf("%d hexes, within his radius of %d", distance, radius)
	}
	return fmt.Sprintf("%d hexes, beyond his radius of %d", distance, radius)
}

// commandState changes a leader's Command State (17.61-17.62).
func (r *run) commandState(side rules.Side, o *wvtext.Order, seg Segment) {
	l, ok := r.ownLeader(side, o.Who)
	if !ok {
		r.refuse(side, o.Who.At, "wv-unknown-leader", "WV 16.1", fmt.Sprintf("%s has no leader called %s", side, orders.Clip(o.Who.Text)), "")
		return
	}
	to := Standing
	if o.State == wvtext.Mobilized {
		to = Mobilized
	}
	snd := r.sender(l)
	if l.Level == Army {
		snd.HoldsOrder = true
	}
	uses, p := StateChange(snd, to, seg)
	if p != nil {
		r.refuse(side, o.At, p.Code, p.Rule, l.Name+": "+p.Message, "")
		return
	}
	was := l.State
	l.State = to
	if uses {
		l.Received = false
	}
	r.tell("command-state", "WV 17.6", only(side), "%s is now %s (radius %d)", l.Name, o.State, l.radius())
	if was == Mobilized && to == Standing {
		r.commandViolation(l, "goes Standing")
	}
}

// rallyPhase is the side's Rally Phase (4.1 phases 3 and 8).
func (r *run) rallyPhase(side rules.Side) {
	for i := range r.s.Units {
		u := &r.s.Units[i]
		if u.Side != side || u.Eliminated {
			continue
		}
		switch u.Morale {
		case moraleDisordered:
			if !r.inEnemyMinimumZone(u) || r.coverRally(u) {
				u.Morale = ""
				r.tell("rallied", "WV 13.41", r.seenBy(u), "%s recovers from Disorder", u.Name)
			}
		case moraleRouted:
			if u.loose() {
				r.skirmishRally(u) // 13.42 A, 8.65 C.2: crews as companies
			} else {
				r.selfRally(u)
			}
		}
		if u.Exhausted && u.Morale == "" && !r.inEnemyMinimumZone(u) {
			u.Exhausted = false
			r.tell("recovered", "WV 7.41", only(side), "%s is no longer exhausted", u.Name)
		}
	}
}

// inEnemyMinimumZone reports whether an enemy unit able to fire has the
// unit in its Minimum Range Fire Zone (11.21): infantry at 1 hex,
// unlimbered artillery at 1-2 hexes, through its front.
func (r *run) inEnemyMinimumZone(u *Unit) bool {
	for i := range r.s.Units {
		e := &r.s.Units[i]
		if e.Side == u.Side || e.Eliminated || e.Morale == moraleRouted {
			continue
		}
		reach := 0
		switch {
		case e.Type == "infantry":
			reach = 1
		case e.Type == "artillery" && e.Formation == "unlimbered":
			reach = 2
		}
		if d := r.s.dist(e.Hex, u.Hex); d <= reach && (!e.frontal() || r.s.inFront(e.Hex, e.Facing, u.Hex)) {
			return true
		}
	}
	return false
}

// selfRally rolls 13.42 C for a Routed unit.
func (r *run) selfRally(u *Unit) {
	f := SelfRallyFacts{EffectivenessModifier: u.EM, Artillery: u.Type == "artillery", Demoralized: r.s.demoralized(u),
		WoodsOrTown: r.s.terrain(u.Hex) == "woods" || r.s.terrain(u.Hex) == "town"}
	for i := range r.s.Units {
		e := &r.s.Units[i]
		if e.Eliminated || e == u {
			continue
		}
		d := r.s.dist(e.Hex, u.Hex)
		if e.Side != u.Side && d <= 4 {
			f.EnemyWithin4 = true
		}
		if e.Side == u.Side && e.Brigade == u.Brigade && d <= 1 {
			f.SameBrigadeOrRegiment = true
		}
	}
	if b := r.s.leader(u.Brigade); b != nil && r.s.dist(b.Hex, u.Hex) <= 1 {
		f.AdjacentBrigadeLeader = true
	}
	er := r.currentER(u, true)
	die := r.d10("WV 13.42", "self-rally: "+u.Name, r.seenBy(u))
	ok, loss := r.tables.SelfRally(die, er, f)
	if ok {
		u.Morale = moraleDisordered
		r.tell("rallied", "WV 13.42", r.seenBy(u), "%s rallies from Rout to Disordered (rolled %d against %d)", u.Name, die, er)
		r.unitMorale(u, r.s.MoraleCost.Rallied, u.Name+" rallied")
		return
	}
	r.tell("rally-failed", "WV 13.42", r.seenBy(u), "%s stays Routed (rolled %d against %d)", u.Name, die, er)
	if loss > 0 {
		r.loseSP(u, loss, "WV 13.42")
	}
	if u.Eliminated {
		return
	}
	// 13.31.2: a routed unit that fails to rally retreats 6 hexes within
	// 8 of an enemy unit, else 3.
	n := 3
	if r.nearestEnemy(u.Side, u.Hex) <= 8 {
		n = 6
	}
	r.retreat(u, n, r.nearestEnemyHex(u))
}
