package acwminis

import (
	"fmt"
	"strings"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/acwminis/acwtext"
	"galloper/rules/table"
)

// independentRange is INDEPENDENT's reach to a commander (seed L273-275).
const independentRange = 30 * table.Inch

// bonus is the commander reroll a unit may use on one test: never both a
// Commander's and the C-in-C's (COMMANDER BONUSES, seed L5-11).
type bonus struct {
	rerolls int
	text    string
}

// commandGap is the gap from a commander's base to a unit's footprint
// (ruling A22).
func commandGap(c *Commander, u *Unit) table.Length {
	return table.Between(c.Footprint(), u.body().Footprint()).Gap
}

// commandBonus is the best commander bonus in range of u for an order
// test (orders) or a morale test: its own Commander within 8", the C-in-C
// within 12", or for an Independent unit either within 30" (ruling A27).
func (s *State) commandBonus(sheet *Sheet, u *Unit, orders bool) bonus {
	best := bonus{}
	for i := range s.Commanders {
		c := &s.Commanders[i]
		if c.Side != u.Side {
			continue
		}
		for _, row := range sheet.Commanders {
			if row.Rank != c.Rank {
				continue
			}
			n := row.MoraleRerolls
			if orders {
				n = row.OrderRerolls
			}
			reach := table.Inches(int64(row.Range))
			own := c.Rank == "C-in-C" || strings.EqualFold(u.Commander, c.Name)
			gap := commandGap(c, u)
			how := ""
			switch {
			case own && gap <= reach:
				how = fmt.Sprintf("%s %s\" away, within %d\"", c.Name, inches(gap), row.Range)
			case u.Has("Independent") && gap <= independentRange && (c.Rank == "Commander" || s.on(optIndependentCinC)):
				how = fmt.Sprintf("%s %s\" away, within 30\" of an Independent unit", c.Name, inches(gap))
			}
			if how != "" && n > best.rerolls {
				best = bonus{n, fmt.Sprintf("%d reroll(s) from %s", n, how)}
			}
		}
	}
	return best
}

// rallyCommander is the commander whose RALLY a unit uses: its own
// Commander within 8", else the C-in-C within 12" (ruling A22). The text
// gives the gaps when none is in range.
func (s *State) rallyCommander(u *Unit) (*Commander, string, bool) {
	var gaps []string
	ranks := []string{"Commander", "C-in-C"}
	if !s.on(optCinCRally) {
		ranks = ranks[:1] // cinc-rally: false, only Commanders rally (ruling A22)
	}
	for _, rank := range ranks {
		for i := range s.Commanders {
			c := &s.Commanders[i]
			if c.Side != u.Side || c.Rank != rank || rank == "Commander" && !strings.EqualFold(u.Commander, c.Name) {
				continue
			}
			reach := 8 * table.Inch
			if rank == "C-in-C" {
				reach = 12 * table.Inch
			}
			g := commandGap(c, u)
			if g <= reach {
				return c, "", true
			}
			gaps = append(gaps, fmt.Sprintf("%s is %s\" away", c.Name, inches(g)))
		}
	}
	if len(gaps) == 0 {
		return nil, "", false
	}
	return nil, ": " + strings.Join(gaps, ", "), false
}

// resolver is one segment being resolved.
type resolver struct {
	sys    System
	s      *State
	dice   rules.Dice
	events []rules.Event
	// fire are each unit's preferred targets, from its FIRE.
	fire map[string][]string
	// melees are the charges that made contact, in order.
	melees []melee
	// struck names the units hit in the shooting step being resolved,
	// saved or not (ruling A36); nil outside it.
	struck map[string]bool
	// inMelee is set during a melee's morale test: the melee decides
	// the retreat.
	inMelee bool
	// behind is the unit defending an obstacle in the melee being
	// fought, while it keeps the bonus (seed L375, L398-400).
	behind *Unit
	// uphill names the chargers whose target stood uphill of the
	// charger's starting position: they count as fighting uphill (seed
	// L402-404).
	uphill map[string]bool
	// decisions are the answers given so far to decision requests;
	// asked numbers their keys (rules.DecisionKey).
	decisions []rules.Decision
	asked     map[string]int
}

// pause stops resolution for a decision request: decide panics with it
// and Resolve recovers it into rules.Result.Pauses. The segment is
// resolved again from its start with the answer (rules.Decide).
type pause struct{ req rules.DecisionRequest }

// decide answers a choice with the side's answer so far, or pauses.
func (r *resolver) decide(c rules.Choice) string {
	if r.asked == nil {
		r.asked = map[string]int{}
	}
	a := rules.Decide(c, rules.DecisionKey(r.asked, c.Key), r.decisions)
	if a.Pause != nil {
		panic(pause{*a.Pause})
	}
	if a.Note != "" {
		r.event("decision", c.Rule, "%s", a.Note)
	}
	return a.Choice
}

func (r *resolver) event(kind, rule, format string, args ...any) {
	r.events = append(r.events, rules.Event{Kind: kind, Rule: rule, Text: fmt.Sprintf(format, args...)})
}

// trace puts what the last event did on the results map: a unit's move
// from one spot to another, or fire from one unit at another. Nothing on
// the table is hidden from either side, so every side sees it.
func (r *resolver) trace(kind string, side rules.Side, label string, from, to rules.Point) {
	if len(r.events) == 0 || from == to {
		return
	}
	e := &r.events[len(r.events)-1]
	*e = e.Traced(rules.Trace{Kind: kind, Side: side, Label: label, Points: []rules.Point{from, to}})
}

// successes of one die: 4+ is one, a natural 6 two (seed L69).
func successes(d int) int {
	switch {
	case d == 6:
		return 2
	case d >= 4:
		return 1
	}
	return 0
}

// pool rolls n D6 and counts successes, rerolling dice that scored
// nothing while the test is short of need, each die at most once: a
// rerolled die is final (seed L7, ruling A2). It returns the successes
// and the text of the roll.
func (r *resolver) pool(n, need, rerolls int, rule, purpose string) (int, string) {
	return r.poolWith(n, need, rerolls, successes, rule, purpose)
}

// poolWith is pool with its own count of successes per die.
func (r *resolver) poolWith(n, need, rerolls int, successes func(int) int, rule, purpose string) (int, string) {
	ds := make([]int, n)
	total := 0
	for i := range ds {
		ds[i] = r.dice.Roll(6, rule, purpose)
		total += successes(ds[i])
	}
	text := fmt.Sprintf("%dD6 %v", n, ds)
	if r.s.opt(optRerollUnit) == "test" {
		// reroll-unit: test (ruling A2): a reroll retakes the whole test,
		// once, the retaken test being a reroll itself (seed L7).
		if total < need && rerolls > 0 {
			total = 0
			for i := range ds {
				ds[i] = r.dice.Roll(6, rule, purpose+" (retaken)")
				total += successes(ds[i])
			}
			text += fmt.Sprintf(", retaken %v", ds)
		}
		return total, text
	}
	var rr []string
	for i := 0; i < n && rerolls > 0 && total < need; i++ {
		if successes(ds[i]) > 0 {
			continue
		}
		d := r.dice.Roll(6, rule, purpose+" (reroll)")
		rr = append(rr, fmt.Sprintf("%d→%d", ds[i], d))
		ds[i] = d
		total += successes(d)
		rerolls--
	}
	if len(rr) > 0 {
		text += ", reroll " + strings.Join(rr, ", ")
	}
	return total, text
}

// testRerolls are the rerolls of a test: a Steady unit's own 1 (steady
// set: order tests, and morale tests with steady-reroll-morale: true) and
// its commander's bonus b, added together or, with steady-reroll-stacks:
// false, the greater of the two (ruling A3); with the texts that say
// where they come from.
func (r *resolver) testRerolls(u *Unit, b bonus, steady bool) (int, []string) {
	own := 0
	if steady && u.State() == "Steady" {
		own = 1
	}
	switch {
	case own > 0 && b.rerolls > 0 && !r.s.on(optStacks):
		if b.rerolls >= own {
			return b.rerolls, []string{b.text + " (the greater: no Steady reroll besides)"}
		}
		return own, []string{"1 reroll for a Steady unit"}
	case own > 0 && b.rerolls > 0:
		return own + b.rerolls, []string{"1 reroll for a Steady unit", b.text}
	case own > 0:
		return own, []string{"1 reroll for a Steady unit"}
	case b.rerolls > 0:
		return b.rerolls, []string{b.text}
	}
	return 0, []string{}
}

// orderTest takes a unit's order test (ORDERS, seed L67-69) and reports
// whether it passed. Steady units have one reroll of their own (seed L69;
// with a commander's, ruling A3); a commander in range adds his.
func (r *resolver) orderTest(u *Unit, verb string) bool {
	n := testDice(r.sys.sheet, verb, u.State())
	need := needed(r.sys.sheet, verb)
	if n == 0 {
		return true
	}
	rerolls, from := r.testRerolls(u, r.s.commandBonus(r.sys.sheet, u, true), true)
	got, text := r.pool(n, need, rerolls, ruleOrders, u.Name+" "+verb+" order test")
	verdict := "passed"
	if got < need {
		verdict = "failed"
	}
	rr := ""
	if len(from) > 0 {
		rr = " (" + strings.Join(from, "; ") + ")"
	}
	r.event("order-test", ruleOrders, "%s (%s) %s order test: %s = %d successes, %d needed%s: %s", u.Name, u.State(), verb, text, got, need, rr, verdict)
	return got >= need
}

// disorder gives a unit a disorder marker: one in its own half, two in
// the opponent's (DISORDERED, seed L77; UNIT STATES, seed L128).
func (r *resolver) disorder(u *Unit, why string) {
	n := 1
	if u.Side != sideOf(r.s) {
		n = 2
	}
	u.Markers += n
	u.Order = "DISORDERED"
	r.event("disordered", ruleDisorder, "%s is Disordered (%s): %d marker(s), %d in all", u.Name, why, n, u.Markers)
}

// Resolve implements rules.System: the moving side's half of the turn,
// its Command Phase (disorder markers, RALLY, CHARGE, then HOLD, ADVANCE
// and RUN), then its Shooting and Melee Phases (seed L13-43).
func (sys System) Resolve(in rules.Input) (res rules.Result, err error) {
	s0, ok := in.State.(*State)
	if !ok {
		return rules.Result{}, fmt.Errorf("acwminis: not an ACW state")
	}
	if s0.Over() {
		return rules.Result{}, fmt.Errorf("acwminis: the game is over")
	}
	side := sideOf(s0)
	r := &resolver{sys: sys, s: s0.clone(), dice: in.Dice, fire: map[string][]string{}, decisions: in.Decisions}
	defer func() {
		if v := recover(); v != nil {
			p, ok := v.(pause)
			if !ok {
				panic(v)
			}
			res, err = rules.Result{Events: fogEvents(s0, r.s, r.events, in.Dice.Rolls()), Pauses: []rules.DecisionRequest{p.req}}, nil
		}
	}()
	r.event("phase", ruleTurn, "Turn %d, %s: Command Phase", s0.Turn, side)
	// 1a: one disorder marker off each unit (seed L19).
	for i := range r.s.Units {
		u := &r.s.Units[i]
		if u.Side == side && u.inPlay() && u.Markers > 0 {
			u.Markers--
			r.event("marker-removed", ruleMarkers, "%s: one disorder marker removed, %d left", u.Name, u.Markers)
		}
	}
	byUnit := map[string]*acwtext.Order{}
	var listed []*acwtext.Order
	for _, o := range unitOrders(in.Orders[side]) {
		if u := r.s.unit(o.Unit.Text); u != nil && byUnit[u.Name] == nil {
			byUnit[u.Name] = o
			listed = append(listed, o)
			for _, n := range o.Fire {
				r.fire[u.Name] = append(r.fire[u.Name], n.Text)
			}
		}
	}
	for i := range r.s.Units {
		u := &r.s.Units[i]
		if u.Side != side || !u.inPlay() {
			continue
		}
		u.Order, u.Fire, u.Rallied, u.Unlimbered = "", false, false, false
		if u.Markers > 0 && r.s.on(optMarkersForce) {
			u.Order = "DISORDERED"
			r.event("disordered", ruleDisorder, "%s keeps %d disorder marker(s): Disordered this turn, no move, no shooting (ruling A5)", u.Name, u.Markers)
			continue
		}
		if byUnit[u.Name] == nil {
			o := &acwtext.Order{Verb: acwtext.Hold, Option: acwtext.OptStand, Unit: orderName(u.Name), Facing: -1}
			byUnit[u.Name] = o
			listed = append(listed, o)
			r.event("no-order", ruleOrders, "%s has no order: HOLD, Stand Ground", u.Name)
		}
	}
	// 1b RALLY, 1c CHARGE, 1d HOLD, ADVANCE and RUN (seed L20-22).
	for _, step := range [][]string{{acwtext.Rally}, {acwtext.Charge}, {acwtext.Hold, acwtext.Advance, acwtext.Run}} {
		if contains(step, acwtext.Hold) {
			r.moveCommanders(in.Orders[side], side)
		}
		for _, o := range listed {
			u := r.s.unit(o.Unit.Text)
			if u.Order == "DISORDERED" || !contains(step, o.Verb) {
				continue
			}
			r.carryOut(u, o)
		}
	}
	r.shootingPhase()
	r.meleePhase()
	next := r.s
	keepStanding(next, side, in.Orders[side])
	next.Half++
	if next.Half == 2 {
		next.Half = 0
		next.Turn++
		for i := range next.Commanders {
			next.Commanders[i].RallyUsed = false
		}
	}
	if next.Over() {
		r.event("game-over", ruleTurn, "Turn %d was the last: the game is over", s0.Turns)
		r.victory()
	}
	return rules.Result{Next: next, Events: fogEvents(s0, next, r.events, in.Dice.Rolls())}, nil
}

// keepStanding stores a side's STANDING block, for the reactions it
// makes in its opponent's half.
func keepStanding(s *State, side rules.Side, f *orders.File) {
	if f == nil {
		return
	}
	for _, o := range f.Orders {
		st, ok := o.(*orders.Standing)
		if !ok {
			continue
		}
		m := map[string]Standing{}
		for _, x := range st.Reactions {
			var v Standing
			for _, c := range x.Choices {
				v.Choices = append(v.Choices, c.Text)
			}
			for _, n := range x.Units {
				v.Units = append(v.Units, n.Text)
			}
			m[x.Kind] = v
		}
		if s.Standing == nil {
			s.Standing = map[rules.Side]map[string]Standing{}
		}
		s.Standing[side] = m
	}
}

// reaction is a side's standing choice for a reaction kind, or its
// default (rules.StandingChoice), and the units it names.
func (r *resolver) reaction(side rules.Side, kind string) (string, []string) {
	look := func(side rules.Side, kind string) ([]string, bool) {
		v, ok := r.s.Standing[side][kind]
		return v.Choices, ok
	}
	return rules.StandingChoice(look, acwtext.Reactions, side, kind), r.s.Standing[side][kind].Units
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// carryOut tests and carries out one order.
func (r *resolver) carryOut(u *Unit, o *acwtext.Order) {
	if o.Verb == acwtext.Rally {
		c, _, ok := r.s.rallyCommander(u)
		if !ok || c.RallyUsed {
			r.event("order-refused", ruleRally, "%s cannot rally: no commander in range with a RALLY left", u.Name)
			u.Order = acwtext.Hold
			return
		}
		c.RallyUsed = true
	}
	if o.Verb == acwtext.Charge {
		u.Order = acwtext.Charge
		r.charge(u, o)
		return
	}
	if !r.orderTest(u, o.Verb) {
		r.disorder(u, "failed its "+o.Verb+" order test")
		return
	}
	u.Order = o.Verb
	if o.Verb == acwtext.Rally {
		d := r.dice.Roll(6, ruleRally, u.Name+" rally: D3")
		n := (d+1)/2 + 2
		before := u.Hits
		u.Hits = max(0, u.Hits-n)
		r.event("rallied", ruleRally, "%s recovers D3+2 = %d+2 = %d hits (D6 %d): %d hits left, %s", u.Name, (d+1)/2, n, d, u.Hits, u.State())
		_ = before
		u.Fire, u.Rallied = true, true // it may shoot, at -2D6 (seed L76, L239)
		return
	}
	start := *u
	m := &mover{s: r.s, sheet: r.sys.sheet, u: u, o: o}
	if ref := m.move(); ref != nil {
		r.event("move-stopped", ref.rule, "%s; the unit stops where the legal part of its move took it", ref.msg)
	}
	u.Unlimbered = m.unlimbered
	// Stand Ground and Advance may shoot (seed L72-73; ruling A29, and
	// a Retire under ADVANCE with advance-retire-shoots: true).
	u.Fire = o.Option == acwtext.OptStand || o.Verb == acwtext.Advance && (o.Option == acwtext.OptMove || o.Option == acwtext.OptRetire && r.s.on(optRetireShoots))
	if o.Option == acwtext.OptStand {
		r.event("hold", ruleHold, "%s holds: Stand Ground at %v", u.Name, u.Pose())
		return
	}
	r.event("moved", ruleMovement, "%s", m.summary(start))
	r.trace(rules.TraceMove, u.Side, u.Name, start.spot(), u.spot())
	// INTERPENETRATION (seed L83): a unit that passes through a Shaken
	// friend, or a friend a Shaken unit passes through, tests morale
	// (ruling A7: 2 successes, as after shooting; 3 with
	// interpenetration-test: melee).
	need := moraleShooting
	if r.s.opt(optInterpenetrated) == "melee" {
		need = moraleMelee
	}
	for _, n := range m.passed {
		f := r.s.unit(n)
		r.event("interpenetration", ruleInterpenetration, "%s passes through %s", u.Name, n)
		switch {
		case f.State() == "Shaken" && u.inPlay():
			r.moraleTest(u, need, "it passed through the Shaken "+n, false)
		case u.State() == "Shaken" && f.inPlay():
			r.moraleTest(f, need, "the Shaken "+u.Name+" passed through it", false)
		}
	}
}

// moveCommanders carries out the side's COMMANDER orders at the start of
// step 1d, in the order written (ruling A22). A TO that Validate would
// refuse as too far or cut short goes as far as it legally may.
func (r *resolver) moveCommanders(f *orders.File, side rules.Side) {
	moved := map[string]bool{}
	for _, o := range commanderOrders(f) {
		c := r.s.commander(o.Unit.Text)
		if c == nil || c.Side != side || moved[c.Name] {
			continue
		}
		moved[c.Name] = true
		_, line, ref := commanderMove(r.s, r.sys.sheet, c, o, true)
		if ref != nil {
			// The refusal names what he moved toward: the event, which the
			// enemy may be shown, does not (ruling A42).
			r.event("order-refused", ref.rule, "COMMANDER %s: his move cannot be made (%s); he stays where he is", c.Name, ref.code)
			continue
		}
		r.event("commander-moved", ruleCommanderMove, "%s", line)
	}
}
