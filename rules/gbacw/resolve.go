package gbacw

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"galloper/rules"
	"galloper/rules/gbacw/gbtext"
)

// Resolution follows the Sequence of Play (GBACW 3.0). One segment is a
// whole Game-Turn, its orders sent by both sides at once (ruling
// GBACW-R18):
//
//	II/B   Efficiency: the EMs drawn at the end of the last turn, the
//	       OC's and corps commander's bonuses, the Transfer (5.2-5.4)
//	II/C   Division Orders (6.12); II/D reinforcements (9.71);
//	II/E   Reserve (6.31); II/F Engineering: Breastworks started (15.1)
//	III/A  the Initiative player's first AM (5.13)
//	III/B  the AM Pool, a rules.Cup (5.31)
//	III/C  each AM drawn in turn activates its division's brigades, each
//	       by its script (5.33), the enemy answering by doctrine (R1-R13)
//	IV/B   Reserve recovery (6.35), auto-rally of idle brigades (13.45),
//	       Abandoned guns eliminated or flipped (12.8, 12.82)
//	IV/C   Combat Effectiveness (13.2-13.3)
//	IV/D   the turn record; then I, Initiative (5.1), and the next turn's
//	       EM draws (5.21), each side's draw shown only to that side
//
// The segment before the first turn reads each side's doctrine and draws
// the first turn's EMs; the scenario gives the first turn's Initiative.

// resolver carries one resolution. It is the rules.Dice the foundation
// functions roll on: every roll becomes an event, visible to the sides
// in visible (everyone when empty).
type resolver struct {
	sys       System
	s         *State
	log       *rules.Log
	plans     map[rules.Side]*plan
	decisions []rules.Decision
	asked     map[string]int
	pause     *rules.DecisionRequest
	visible   []rules.Side
	// Per activation: the phasing side and the brigade acting.
	phasing rules.Side
	acting  *BrigadeSt
	// shocked marks the Fatigue tracks (brigades, or units counting
	// their own, 17.5) whose units took part in a shock's resolution in
	// this Action Phase (17.22).
	shocked map[*FatigueTrack]bool
	// regained marks, by hex and side, what lets Abandoned guns there be
	// recreated at the end of the activation (12.81).
	regained map[string]map[rules.Side]bool
	// regainedBy names, by hex, the units that regained it.
	regainedBy map[string][]string
	// barred are the hexes a unit Retreating Before Shock may not enter:
	// friendly-held hexes designated for shocks not yet resolved (11.34).
	barred map[string]bool
	// shocking are the attackers Pre-Shock Fire is aimed at (8.35).
	shocking []*UnitSt
	// charging is the mounted cavalry moving on a Charge, carrying the
	// units stacked with it (11.53); brokeOff the units whose Charge was
	// broken off (11.57) or failed to start (11.53) in this activation,
	// their activation finished.
	charging *UnitSt
	brokeOff map[string]bool
	// charges are this activation's Charges, by charging unit (11.53):
	// the units moving as one stack and their Charge Path (11.54).
	charges map[string]*cavalryCharge
	// marchHits are the March brigades hit in this activation (6.26).
	marchHits map[string]bool
	// entryTold are the brigades told they have used their Activations of
	// the turn of entry (9.74).
	entryTold map[string]bool
	// entryPaid is, by Entrance hex, what the stacks that entered the map
	// by it in this Action Phase paid for it (9.72); newcomers are the
	// units that entered next to the enemy under Advance Orders in it,
	// which may not shock (9.72).
	entryPaid map[string]int
	newcomers map[string]bool
	// cameOn are the units that entered the map in this Action Phase: the
	// Entrance hex was their one hex of 9.42's Exception.
	cameOn map[string]bool
	// trails are the hexes each unit moved through in the current
	// activation, its starting hex first, for leaders moving with it (9.31).
	trails map[string][]string
	// noShock are the units that came next to the enemy across a bridge
	// or ford under Advance Orders in this activation (9.23).
	noShock map[string]bool
	// stackRefused are the phasing units Refused with their stack in this
	// activation, which leave it at no cost (8.26).
	stackRefused map[string]bool
	// oneHex marks the units of the activating brigades that entered
	// their hex by the 9.42 Exception (11.12: they may not shock).
	oneHex map[string]bool
	// startHex is the hex each unit of the activating brigades started
	// the activation in (12.6: an advance after fire).
	startHex map[string]string
	// ledThisAM marks the division leaders who moved by order in the
	// current AM (9.31).
	ledThisAM map[string]bool
	// spShare caps the SPs of the phasing shot being rolled: a share of
	// split fire (10.15); 0 for none.
	spShare int
	// fireWith are the batteries a phasing battery's FIRE ... WITH names
	// to combine with it (10.63); fireSections its SECTION numbers (8.37).
	fireWith     []string
	fireSections []int
	// secs are the sections of the sectioned battery rolling a shot
	// (8.37), fired are those that fired its first shot; rapidSecond:
	// the shot is Rapid Fire's second (10.68).
	secs, fired []int
	rapidSecond bool
	// kindNow is the kind of fire being rolled (volley), for the bar on
	// artillery firing into a steep adjacent hex (10.67).
	kindNow fireKind
	// collapsing are the Collapsed units that lost steps in the result
	// being played out, owing a Collapse UDD (12.23).
	collapsing []*UnitSt
	// displaced marks the phasing side's leaders placed with a friendly
	// unit in this activation, who may not move again in it (12.73).
	displaced map[string]bool
	// rodeFirst marks the brigadiers who rode by a FIRST order before
	// their brigade's units acted in this activation (9.31, 13.43).
	rodeFirst map[string]bool
	// casualties gathers the Leader Casualty Checks of the Fire Combat
	// result being played out (12.71); nil outside one.
	casualties *casualtyBatch
	// rallyTurns are the one-vertex turns asked for by units that
	// rallied in this activation, made once its units have acted (13.41).
	rallyTurns []rallyTurn
	// rallyLeaders are the leaders who affected a Rally in this
	// activation, who take no part in its shocks (13.43).
	rallyLeaders map[string]bool
	// routs holds the routs of a shock's result until both sides' are
	// known (12.52); nil when routs take effect at once.
	routs *[]*UnitSt
	// chain gathers a shock and its Continued Shocks for their one Step
	// 6e (11.47-11.48, ruling GBACW-R105); nil between shocks.
	chain *shockChain
	// routChecked marks the units that made their UDD for a rout beside
	// them in the chain of routs being played out (12.54); nil outside one.
	routChecked map[string]bool
	// restedInReserve are the Fatigue tracks that lost two levels In
	// Reserve in this turn's Phase IV/B/2 (17.41).
	restedInReserve map[*FatigueTrack]bool
	// throughDone marks the units that retreated through others, or made
	// their UDD for it, in the result being played out (12.46).
	throughDone map[*UnitSt]bool
	// coverers are, by hex, the units in Good Order that passed their UDD
	// for the Friendly Fire or Retreat-Through being played out: the
	// guns there are not Abandoned (12.8 Exception).
	coverers map[string]string
	// unresolved are the defending hexes of the shocks designated in
	// this activation and not yet resolved (12.46 Exception).
	unresolved map[string]bool
	// entered marks the units whose counter entered a hex of its own
	// move in this activation, a step or an Extended Line's move or
	// pivot: those that "moved adjacent" (11.21). A turn, a Refuse or a
	// retract in place is no such move.
	entered map[string]bool
	// marched records, by brigade, the most Activation-equivalents a unit
	// used on its March AM and whether any left the roads (17.22).
	marched map[string]marchUse
	// divisionAMs counts, by division, its AMs drawn so far this turn,
	// for the AM a brigade chose to skip (5.26).
	divisionAMs map[string]int
	// ammoHits are the depletions of the fire under way, applied when it
	// is over (10.69, 10.91; see ammo.go).
	ammoHits map[string]ammoHit
	// rapid and secondRound mark the shot being rolled as Rapid Fire
	// (10.68) or a Spencer's second round (14.3).
	rapid, secondRound bool
	// willMove: the phasing unit acting has a move after its fire in its
	// clause (10.61: guns that will move fire at -2). underFoot marks the
	// artillery under non-artillery when the brigade activation started
	// (10.61).
	willMove  bool
	underFoot map[string]bool
	// secondDisorders counts each unit's 2nd Disorders, to stop a
	// Spencer's second round (14.3).
	secondDisorders map[string]int
	// shifted marks the units that advanced or retreated in the current
	// brigade activation (10.52).
	shifted map[string]bool
	// returnHeld is the SPs a non-phasing unit holding part of its Return
	// Fire (RETURN FIRE HALF) allotted to its second, by unit name, for
	// the current enemy brigade activation (10.15 Example #2).
	returnHeld map[string]int
	// returnHeldHex is the hex its first Return Fire went to (10.15).
	returnHeldHex map[string]string
	// lateWithdrawal is the Withdrawal Fire held for the end of the
	// current move (10.44 Exception).
	lateWithdrawal []lateFire
	// faced marks the artillery whose Reaction Facing's first non-phasing
	// fire is still to come, at -2 and without Rapid Fire (9.62);
	// approached, the artillery that used Approach Fire (10.45), in the
	// current enemy brigade activation.
	faced, approached map[string]bool
	// phase1 holds the Change Orders Phase (III/C/1) of each brigade the
	// AM under way activates, until its turn to act (6.21).
	phase1 map[*BrigadeSt]*ordersPhase
	// reactingTo is the enemy unit a Reaction Facing's UDD answers;
	// noReturnAt maps a unit whose 2nd Disorder came of that UDD to the
	// unit it may not return fire at in the brigade activation (12.35b).
	reactingTo *UnitSt
	// deferAdvance holds the enemy's Reaction Facing to attackers
	// advancing after a shock (advanceAll) until the Continued Shock is
	// declared or not; advancedNext are those attackers (11.47).
	deferAdvance bool
	advancedNext []*UnitSt
	noReturnAt   map[string]string
	// causers are the hexes of the units whose shock result a retreat
	// answers: no retreat ends next to them (12.44).
	causers []string
	// pendingShocks are the designated shocks still to resolve (12.44).
	pendingShocks []*shockGroup
	// partners are the units combining their fire with the one rolling
	// (optional rule 10.82).
	partners []*UnitSt
	// turned marks the units that used their one-vertex TURN this
	// activation (10.32).
	turned map[string]bool
	// preShocked marks the units that used Pre-Shock Fire in the current
	// brigade activation (10.43).
	preShocked map[string]bool
	// done marks the phasing units that may take no further action in
	// this activation after a 2nd Disorder (12.35f).
	done map[string]bool
	// invert are the hexes whose stacks turned 180° in this activation
	// (7.21).
	invert []string
	// turnedAbout is the unit the last FACE turned about, 180°, which
	// may then stack above or below artillery (7.21, 8.44).
	turnedAbout *UnitSt
	// with names the units of a MOVE ... WITH moving with its mover as
	// one stack (8.21).
	with string
	// stackChoice is a MOVE's ABOVE or BELOW (8.23 Exception).
	stackChoice string
	// stackTurn are, by the unit that turned them, the facings its stack
	// had before, given back if it leaves the hex (8.26).
	stackTurn map[*UnitSt][]savedFacing
	// aimHex, when set, is the hex of an Extended Line a reaction fire
	// aims at: its retracting part (8.42).
	aimHex string
}

// marchUse is what a brigade's March move used, for Fatigue.
type marchUse struct {
	equivalents int
	offRoad     bool
}

// pauseSignal unwinds a resolution that stops for a decision.
type pauseSignal struct{}

// Roll implements rules.Dice through the log.
func (r *resolver) Roll(sides int, rule, purpose string) int {
	return r.log.Roll(sides, rule, purpose, r.visible...)
}

// Rolls implements rules.Dice.
func (r *resolver) Rolls() []rules.Roll { return r.log.Dice.Rolls() }

func (r *resolver) event(kind, rule, format string, args ...any) {
	r.log.Add(kind, rule, fmt.Sprintf(format, args...))
}

// Resolve implements rules.System.
func (sys System) Resolve(in rules.Input) (rules.Result, error) {
	sys = sys.forGame(in.State)
	st, ok := in.State.(*State)
	if !ok {
		return rules.Result{}, fmt.Errorf("gbacw: not a GBACW state")
	}
	if st.Phase == PhaseOver {
		return rules.Result{}, fmt.Errorf("gbacw: the game is over")
	}
	return sys.run(st, in, func(r *resolver) {
		if r.s.Phase == PhaseDraw {
			if r.initiativeSide() == "" {
				r.initiative() // 5.11: the scenario does not give it: rolled
			} else {
				r.event("turn", "GBACW 3.0", "%s holds the Initiative on turn 1 (the scenario)", r.initiativeSide())
			}
			r.drawEfficiency()
			r.s.Phase = PhaseOrders
			return
		}
		r.turn()
	}), nil
}

// run carries out step on a copy of st with the input's orders, answers
// and dice: the whole of Resolve, or one procedure of it for the case
// corpus. A step that stops for a decision returns the request.
func (sys System) run(st *State, in rules.Input, step func(r *resolver)) (res rules.Result) {
	r := &resolver{sys: sys, s: st.clone(), log: &rules.Log{Dice: in.Dice}, decisions: in.Decisions,
		asked: map[string]int{}, plans: map[rules.Side]*plan{}}
	defer func() {
		if p := recover(); p != nil {
			if _, ok := p.(pauseSignal); !ok {
				panic(p)
			}
			res = rules.Result{Events: fogEvents(sys.combat, st, r.s, r.log.Events), Pauses: []rules.DecisionRequest{*r.pause}}
		}
	}()
	for _, ss := range r.s.Sides {
		p, _ := sys.buildPlan(st, ss.Side, in.Orders[ss.Side])
		r.plans[ss.Side] = p
		side := r.s.side(ss.Side)
		for k, v := range p.standing {
			if side.Standing == nil {
				side.Standing = map[string]string{}
			}
			side.Standing[k] = v
		}
	}
	step(r)
	return rules.Result{Next: r.s, Events: fogEvents(sys.combat, st, r.s, r.log.Events)}
}

func (r *resolver) initiativeSide() rules.Side {
	for _, ss := range r.s.Sides {
		if ss.Initiative {
			return ss.Side
		}
	}
	return ""
}

// turn resolves Phases II to IV of a Game-Turn. See GBACW 3.0.
func (r *resolver) turn() {
	s := r.s
	r.event("turn", "GBACW 3.0", "Turn %d (%s) begins", s.Turn, s.When()) // IV/D: the Day marker
	r.chainOfCommand()
	r.efficiency()
	r.divisionOrders()
	r.attachments()
	r.reinforcements()
	r.reserves()
	r.engineering()
	r.activations()
	r.endOfTurn()
}

// chainOfCommand is Phase II/A: a brigadier who starts the turn out of
// his division leader's range skips one division AM (5.26, 4.23); units
// Out of Command are marked (5.36, outofcommand.go).
func (r *resolver) chainOfCommand() {
	s := r.s
	for i := range s.Brigades {
		b := &s.Brigades[i]
		b.OutOfRange = b.Arrives <= s.Turn && s.brigadeOnMap(b) && !s.brigadierInRange(r.sys.combat, b)
		if b.OutOfRange {
			r.event("out-of-range", "GBACW 5.26", "%s's brigadier starts the turn out of his division leader's range: the brigade skips one division AM", b.ID)
		}
	}
	r.unitsOutOfCommand()
}

// brigadeOnMap: a unit of the brigade is on the map.
func (s *State) brigadeOnMap(b *BrigadeSt) bool {
	for i := range s.Units {
		if u := &s.Units[i]; u.Brigade == b.ID && u.onMap() {
			return true
		}
	}
	return false
}

// corpsInPlay: a unit of the corps is on the map or enters it this turn
// as a reinforcement (5.21).
func (s *State) corpsInPlay(id string) bool {
	for i := range s.Units {
		u := &s.Units[i]
		if !u.onMap() && !s.toEnter(u) {
			continue
		}
		if b := s.brigade(u.Brigade); b != nil {
			if d := s.division(b.Division); d != nil && d.Corps == id {
				return true
			}
		}
	}
	return false
}

// drawEfficiency draws each side's EMs for the coming turn, one per corps
// with units on the map or entering, each draw's roll and result shown
// only to its side (5.21: kept face down); everyone learns that it was
// drawn. See GBACW 5.21.
func (r *resolver) drawEfficiency() {
	s := r.s
	for i := range s.Sides {
		ss := &s.Sides[i]
		var corps []string
		for _, c := range s.Corps {
			if c.Side == ss.Side && s.corpsInPlay(c.ID) {
				corps = append(corps, c.ID)
			}
		}
		r.visible = []rules.Side{ss.Side}
		ems, err := DrawEMs(r, ss.EMPool, corps)
		r.visible = nil
		if err != nil {
			r.event("error", "GBACW 5.21", "%s: %v", ss.Side, err)
			continue
		}
		ss.EMs = ems
		for _, c := range corps {
			r.log.Add("em-drawn", "GBACW 5.21", fmt.Sprintf("%s draws Efficiency Marker %d for %s (face down: only %s sees it)", ss.Side, ems[c], c, ss.Side), ss.Side)
			r.log.Add("em-face-down", "GBACW 5.21", fmt.Sprintf("%s draws an Efficiency Marker for %s, face down", ss.Side, c), s.enemy(ss.Side))
		}
	}
}

// efficiency is Phase II/B: each side's EMs are revealed and its
// divisions' AMs worked out from its allocation. See GBACW 5.2-5.4.
func (r *resolver) efficiency() {
	s := r.s
	for i := range s.Divisions {
		s.Divisions[i].AMs = 0
	}
	for _, ss := range s.Sides {
		p := r.plans[ss.Side]
		for _, c := range slices.Sorted(maps.Keys(ss.EMs)) {
			r.event("em-revealed", "GBACW 5.21", "%s's Efficiency Marker for %s is %d", ss.Side, c, ss.EMs[c])
		}
		eff := p.eff
		if eff.AMs == nil {
			oc, corps := s.commandOf(r.sys.combat, ss.Side)
			var err error
			if eff, err = ComputeEfficiency(oc, corps, ss.EMs, Allocation{}); err != nil {
				r.event("error", "GBACW 5.2", "%s: %v", ss.Side, err)
				continue
			}
		}
		for _, id := range slices.Sorted(maps.Keys(eff.AMs)) {
			d := s.division(id)
			d.AMs = eff.AMs[id]
			r.event("efficiency", "GBACW 5.23", "%s: %d AM(s)", id, d.AMs)
		}
	}
}

// divisionOrders is Phase II/C with the Reinforcement Orders of II/D.
// See GBACW 6.12, 6.14, 7.23, 9.71.
func (r *resolver) divisionOrders() {
	for _, ss := range r.s.Sides {
		p := r.plans[ss.Side]
		for _, id := range slices.Sorted(maps.Keys(p.divOrders)) {
			b := r.s.brigade(id)
			if b.Orders == p.divOrders[id].String() {
				continue
			}
			r.event("orders-changed", "GBACW 6.12", "%s: %s Orders to %s Orders (Division Orders Phase)", id, b.Orders, p.divOrders[id])
			if b.Arrives != r.s.Turn {
				r.keepOrders(b, b.Orders) // 4.23
			}
			b.Orders = p.divOrders[id].String()
			b.MarchedNow = p.divOrders[id] == March && b.Arrives != r.s.Turn
		}
	}
}

// attachments attach the division batteries the sides' ATTACH orders
// name, for the turn, in the Division Orders Phase; Command Range does not
// bar it, but an attached battery's command status for its activations
// is its new brigade's (4.32, 5.36; ruling GBACW-R53).
func (r *resolver) attachments() {
	s := r.s
	for _, ss := range s.Sides {
		p := r.plans[ss.Side]
		if p == nil {
			continue
		}
		for _, name := range slices.Sorted(maps.Keys(p.attach)) {
			u := s.unit(name)
			u.Attached = p.attach[name]
			u.OutOfCommand = !s.unitInCommand(r.sys.combat, u)
			r.event("attached", "GBACW 4.32", "%s is attached to %s for the turn", u.Name, u.Attached)
		}
	}
}

// reserves is Phase II/E: a brigade, or a division or corps as one
// command, each of its brigades with it, goes In Reserve. See GBACW
// 6.31-6.32 and ruling GBACW-R88.
func (r *resolver) reserves() {
	for _, ss := range r.s.Sides {
		var cmds []string
		of := map[string][]string{}
		for _, e := range r.plans[ss.Side].reserve {
			if _, seen := of[e.command]; !seen {
				cmds = append(cmds, e.command)
			}
			of[e.command] = append(of[e.command], e.brigade)
			r.s.brigade(e.brigade).Reserve = true
		}
		for _, c := range cmds {
			if bs := of[c]; len(bs) == 1 && bs[0] == c {
				r.event("reserve", "GBACW 6.31", "%s goes In Reserve", c)
			} else {
				r.event("reserve", "GBACW 6.31", "%s goes In Reserve as one command: %s", c, strings.Join(bs, ", "))
			}
		}
	}
}

// reinforcements names the brigades, and the units entering alone, due
// this turn; they enter the map by movement when they activate
// (reinforce.go). See GBACW 9.71, ruling GBACW-R80.
func (r *resolver) reinforcements() {
	s := r.s
	for i := range s.Brigades {
		b := &s.Brigades[i]
		if b.Arrives != s.Turn || b.Entry == "" {
			continue
		}
		r.event("reinforcements", "GBACW 9.71", "%s is due at %s under %s Orders: its units enter the map by movement when it activates", b.ID, b.Entry, b.Orders)
	}
	for i := range s.Units {
		if u := &s.Units[i]; u.Arrives == s.Turn && u.Entry != "" && u.Hex == "" && u.Status == StGood {
			r.event("reinforcements", "GBACW 9.71", "%s is due alone at %s, its Fatigue its own until it joins %s (17.52)", u.Name, u.Entry, u.Brigade)
		}
	}
}

// activations are Phase III: the Initiative player's first AM, then the
// Pool drawn blind until it is empty. See GBACW 5.13, 5.31, 5.5.
func (r *resolver) activations() {
	s := r.s
	var sides []PoolSide
	var first *AM
	for _, ss := range s.Sides {
		p := r.plans[ss.Side]
		ps := PoolSide{Side: sideNum(s, ss.Side), DivisionAMs: map[string]int{}, HoldBack: map[string]int{}}
		for i := range s.Divisions {
			d := &s.Divisions[i]
			if s.sideOfDivision(d) == ss.Side && d.AMs > 0 && (s.divisionOnMap(d) || s.divisionToEnter(d)) {
				ps.DivisionAMs[d.ID] = d.AMs
				if n := p.holdBack[d.ID]; n > 0 {
					ps.HoldBack[d.ID] = min(n, d.AMs)
				}
			}
		}
		ps.HasMarch = s.hasMarch(ss.Side, &plan{})
		if s.book != nil {
			for _, a := range s.book.ArtilleryCommanders {
				for i := 0; a.Side == ss.Side && i < a.AMs; i++ {
					ps.BattleAMs = append(ps.BattleAMs, a.Name) // 5.31, 4.33
				}
			}
		}
		sides = append(sides, ps)
		if ss.Initiative && p.first != nil {
			first = p.first
		}
	}
	pool, err := BuildPool(sides, false, first)
	if err != nil {
		// A first AM that is not in the Pool (its division's AMs all held
		// back): the Pool goes without it.
		r.event("first-am", "GBACW 5.13", "the first AM chosen is not in the Pool: %v", err)
		first = nil
		pool, _ = BuildPool(sides, false, nil)
	}
	if first != nil {
		r.event("first-am", "GBACW 5.13", "%s goes first: the %s", r.initiativeSide(), first)
		r.activate(*first)
	}
	r.event("am-pool", "GBACW 5.31", "the AM Pool holds %d markers: %s", len(pool), strings.Join(slices.Sorted(slices.Values(AMNames(pool))), ", "))
	for len(pool) > 0 {
		var m AM
		m, pool = DrawAM(r, pool)
		r.event("am-drawn", "GBACW 5.31", "AM drawn: the %s", m)
		r.activate(m)
	}
}

// sideOf maps the foundation's Side numbers back to the game's sides.
func (s *State) sideOf(n Side) rules.Side {
	if n == Union {
		return s.Sides[0].Side
	}
	return s.Sides[1].Side
}

// skipsNow reports whether brigade b does not use the division AM just
// drawn because its player chose it with SKIP (5.26): its brigadier
// started the turn out of range, the AM is the one named, and the
// brigade keeps at least one activation (5.27). With no SKIP, or one
// naming an AM the division does not draw, it skips its last instead,
// by the count of BrigadeActivations (ruling GBACW-R20). A Combat
// Ineffective brigade of a division with more than two AMs chooses the
// same way (13.23, ruling GBACW-R61).
func (r *resolver) skipsNow(side rules.Side, b *BrigadeSt, d *Division) bool {
	n := r.plans[side].skip[b.ID]
	fewer := BrigadeActivations(d.AMs, r.s.brigadeStatus(b, b.OutOfRange)) < d.AMs
	return n > 0 && fewer && r.divisionAMs[b.Division] == n
}

// activate carries out one AM: a division AM activates each of its
// brigades that may still act, a March AM each brigade of the side under
// March Orders. See GBACW 5.32-5.35.
func (r *resolver) activate(m AM) {
	s := r.s
	r.ledThisAM = nil
	side := s.sideOf(m.Side)
	if m.Kind == DivisionAM {
		if r.divisionAMs == nil {
			r.divisionAMs = map[string]int{}
		}
		r.divisionAMs[m.Command]++
	}
	var ready []*BrigadeSt
	for i := range s.Brigades {
		b := &s.Brigades[i]
		if s.sideOfBrigade(b) != side || b.Reserve && (m.Kind != DivisionAM || !s.loneEntrants(b)) || b.Arrives > s.Turn || !s.brigadeOnMap(b) && !s.brigadeToEnter(b) {
			continue
		}
		o, _ := ParseOrders(b.Orders)
		switch m.Kind {
		case DivisionAM:
			if b.Division != m.Command || o == March {
				continue
			}
			if b.MarchAM {
				r.event("skip", "GBACW 6.26", "%s moved on its side's March AM this turn: under Advance Orders since, it does not activate on its division AMs until the next turn", b.ID)
				continue
			}
			d := s.division(b.Division)
			if r.skipsNow(side, b, d) {
				why, rule := "its brigadier started the turn out of his division leader's range", "GBACW 5.26"
				if b.CI && !b.OutOfRange {
					why, rule = "it is Combat Ineffective", "GBACW 13.23"
				}
				r.event("skip", rule, "%s skips %s's AM %d this turn, as its player chose (%s)", b.ID, b.Division, r.divisionAMs[b.Division], why)
				continue
			}
			if b.Activated-b.BattleActivated >= BrigadeActivations(d.AMs, s.brigadeStatus(b, b.OutOfRange)) {
				r.event("skip", "GBACW 5.26", "%s has used its activations this turn", b.ID)
				continue
			}
		case MarchAM:
			if o != March {
				continue
			}
		case BattleAM:
			if !r.underArtilleryCommander(b, m.Command, o) {
				continue
			}
			b.BattleActivated++
		default:
			continue
		}
		ready = append(ready, b)
	}
	if m.Kind == DivisionAM {
		ready = inSequence(ready, r.plans[side].sequence[m.Command])
	}
	// 5.34: only brigades whose brigadiers are within the division
	// leader's Command Range may coordinate, or fall into Confusion; and
	// only "infantry or cavalry brigades", not an artillery brigade
	// (4.31; ruling GBACW-R113).
	var eligible []*BrigadeSt
	for _, b := range ready {
		if m.Kind == DivisionAM && b.Under == "" && !b.Artillery && s.brigadierInRange(r.sys.combat, b) { // no brigadier: ruling GBACW-R101
			eligible = append(eligible, b)
		}
	}
	// 6.21: every brigade's Orders Change (III/C/1) before Brigade
	// Coordination (III/C/2) and before any unit acts (III/C/3).
	r.phase1 = map[*BrigadeSt]*ordersPhase{}
	for _, b := range ready {
		r.phase1[b] = r.changeOrdersPhase(b, side)
	}
	n, confused := r.coordinate(m, side, eligible)
	grouped := map[*BrigadeSt]bool{}
	if n > 1 {
		r.activateGroup(eligible[:n], side, false)
		for _, b := range eligible[:n] {
			grouped[b] = true
		}
	}
	for _, b := range ready {
		if !grouped[b] {
			r.activateGroup([]*BrigadeSt{b}, side, confused && slices.Contains(eligible, b))
		}
	}
}

// inSequence orders a division's brigades as the player chose (5.32: "Each
// brigade activates individually"; the example's player activates 2/1/I
// first): those his SEQUENCE names first, in its order, then the others
// in the scenario's. Coordinated brigades are the first of them (5.34:
// "two of Smith's brigades (his choice)").
func inSequence(bs []*BrigadeSt, seq []string) []*BrigadeSt {
	rank := func(b *BrigadeSt) int {
		if i := slices.Index(seq, b.ID); i >= 0 {
			return i
		}
		return len(seq)
	}
	out := slices.Clone(bs)
	slices.SortStableFunc(out, func(a, b *BrigadeSt) int { return rank(a) - rank(b) })
	return out
}

// coordinate is Brigade Coordination (III/C/2): when the side's orders
// ask for it and two or more of the division's brigades activate on its
// AM, a d10 plus the division leader's Coordination Rating on the Brigade
// Coordination Table says how many act as one (the first in the
// division's order), or that the division is in Confusion. See GBACW
// 5.34, 13.32.
func (r *resolver) coordinate(m AM, side rules.Side, ready []*BrigadeSt) (n int, confused bool) {
	if m.Kind != DivisionAM || len(ready) < 2 || !r.plans[side].coordinate[m.Command] {
		return 0, false
	}
	d := r.s.division(m.Command)
	roll, adj, res, err := r.sys.charts.Coordinate(r, d.ID, d.Coordination, d.CI)
	if err != nil {
		r.event("coordination-refused", "GBACW 13.32", "%v", err)
		return 0, false
	}
	r.event("coordination", "GBACW 5.34", "%s tries Brigade Coordination: rolls %d, adjusted %d: %s", d.ID, roll, adj, res)
	switch res {
	case Confusion:
		return 0, true
	case Coordinate2:
		return min(2, len(ready)), false
	case Coordinate3:
		return min(3, len(ready)), false
	case CoordinateAll:
		return len(ready), false
	}
	return 0, false
}

// endOfTurn is Phase IV and the next turn's Phases I and II/A.
// See GBACW 6.35, 13.2-13.3, 13.45, 5.1, 5.21.
func (r *resolver) endOfTurn() {
	s := r.s
	r.commanderMovement()
	r.replaceLeaders() // IV/B/1
	r.reserveRest()    // IV/B/2: 6.35's first, 17.41
	r.idleRecovery()
	r.recoverStragglers()
	r.recoverRouted() // after the Reserve's rally, as 6.35 orders them
	r.reserveResupply()
	r.releaseReserves()
	r.finishBreastworks()
	r.abandonedGuns() // IV/B/4-5
	r.effectiveness()
	r.fatigue()
	for i := range s.Brigades {
		b := &s.Brigades[i]
		b.Activated, b.BattleActivated, b.MarchedNow, b.MarchAM, b.StandNext = 0, 0, false, false, false // 6.25: a Stand not yet used lapses
		b.FatigueTrack = FatigueTrack{Fatigue: b.Fatigue}
	}
	for i := range s.Units {
		u := &s.Units[i]
		u.Moved, u.Fired, u.ReturnFired, u.Reacted, u.Barred = false, false, 0, false, false
		u.Marched, u.Finished = false, false // 9.71: by turn
		u.Attached = ""                      // 4.32: attached for the turn
		u.FatigueTrack = FatigueTrack{Fatigue: u.Fatigue}
	}
	for i := range s.Sides {
		s.Sides[i].EMs = nil
	}
	if s.Turn >= s.Turns {
		s.Phase = PhaseOver
		v := s.victory("")
		r.event("game-over", "GBACW 2.7", "The game ends after turn %d: %s", s.Turn, v.Result)
		return
	}
	s.Turn++
	r.initiative()
	r.drawEfficiency()
}

// releaseReserves is Phase IV/B/3: brigades whose side's orders release
// them leave Reserve with the Orders given, no roll. See GBACW 6.34, 6.12.
func (r *resolver) releaseReserves() {
	for _, ss := range r.s.Sides {
		p := r.plans[ss.Side]
		for _, id := range slices.Sorted(maps.Keys(p.release)) {
			if b := r.s.brigade(id); b.Reserve {
				b.Reserve, b.Orders = false, p.release[id].String()
				r.event("reserve-left", "GBACW 6.34", "%s leaves Reserve under %s Orders", id, b.Orders)
			}
		}
	}
}

// recoverRouted is Recovery from Rout in Phase IV/B: each routed unit of
// a brigade In Reserve for the whole Activation Phase makes a UDD against
// its Disordered Cohesion: passing, it returns within a hex of its
// brigadier, Disordered and 1 SP down; failing, it loses 1 SP and stays
// routed; a rolled 9 eliminates it. See GBACW 13.51-13.53.
func (r *resolver) recoverRouted() {
	s := r.s
	for i := range s.Brigades {
		b := &s.Brigades[i]
		lh := s.leaderHex(s.commanderOf(b)) // units under a higher leader: his hex (ruling GBACW-R100)
		if !b.Reserve || lh == "" {
			continue
		}
		for j := range s.Units {
			u := &s.Units[j]
			if u.Brigade != b.ID || u.Status != StRouted {
				continue
			}
			if u.Dismounted {
				u.swapCounter() // 13.52-13.53: cavalry recovers on its mounted counter
			}
			roll, res := RecoverFromRout(r, u.Name, u.Disordered, UDDDRM(0, s.fatigueOf(u), 0))
			ss := s.side(u.Side)
			switch {
			case res == Eliminated:
				u.Status = StEliminated
				r.event("eliminated", "GBACW 13.52", "%s rolls a 9 to recover from rout and is eliminated", u.Name)
				r.commandGone(u) // 12.71: a leader whose units are all eliminated
			case res == Recovered && u.SP == 1:
				// 13.52's 1 SP of the return is its last (12.13).
				u.SP, u.Status = 0, StEliminated
				r.event("eliminated", "GBACW 13.52", "%s passes its Recovery from Rout UDD (rolled %d against %d) but loses its last SP to it and is eliminated", u.Name, roll, u.Disordered)
				r.commandGone(u) // 12.71: a leader whose units are all eliminated
			case res == Recovered:
				u.SP--
				u.Status, u.Hex, u.Blown = StDisordered, s.recoveryHex(u, lh), false
				// Below half strength it comes back Collapsed (12.23).
				u.Collapsed = u.Kind != "artillery" && collapses(u.SP, u.Printed)
				ss.Lost -= u.SP // back in play
				r.event("recovered", "GBACW 13.52", "%s recovers from rout (rolled %d against %d): it returns at %s, Disordered, with %d SP", u.Name, roll, u.Disordered, u.Hex, u.SP)
			default:
				u.SP--
				if u.SP == 0 {
					u.Status = StEliminated
					r.event("eliminated", "GBACW 13.52", "%s fails its Recovery from Rout UDD (rolled %d against %d) and loses its last SP: it is eliminated", u.Name, roll, u.Disordered)
					r.commandGone(u) // 12.71: a leader whose units are all eliminated
					continue
				}
				r.event("rout-loss", "GBACW 13.52", "%s stays routed and loses 1 SP (rolled %d against %d), %d left", u.Name, roll, u.Disordered, u.SP)
			}
		}
	}
}

// recoveryHex is where a recovered unit returns: its brigadier's hex, or
// the first hex next to it with room and no enemy beside it (13.52).
func (s *State) recoveryHex(u *UnitSt, lh string) string {
	o := s.ordersOf(u)
	if s.stackRoom(u, lh, o) {
		return lh
	}
	for _, n := range s.neighbours(lh) {
		if len(s.enemiesAt(n, u.Side)) == 0 && len(s.adjacentEnemies(n, u.Side)) == 0 && s.stackRoom(u, n, o) {
			return n
		}
	}
	return lh
}

// effectiveness is Phase IV/C. See GBACW 13.21-13.33.
func (r *resolver) effectiveness() {
	s := r.s
	for i := range s.Brigades {
		b := &s.Brigades[i]
		var regs []UnitState
		for j := range s.Units {
			u := &s.Units[j]
			if u.Brigade != b.ID || u.Kind == "artillery" {
				continue
			}
			regs = append(regs, u.effState())
		}
		ci := len(regs) > 0 && BrigadeIneffective(regs)
		if ci && !b.CI {
			r.event("combat-ineffective", "GBACW 13.21", "%s is Combat Ineffective", b.ID)
		}
		b.CI = ci
	}
	for i := range s.Divisions {
		d := &s.Divisions[i]
		n, ci := 0, 0
		for j := range s.Brigades {
			if b := &s.Brigades[j]; b.Division == d.ID && !b.Artillery {
				n++
				if b.CI {
					ci++
				}
			}
		}
		was := d.CI
		d.CI = n > 0 && DivisionIneffective(was, n, ci)
		if d.CI && !was {
			r.event("combat-ineffective", "GBACW 13.31", "%s (division) is Combat Ineffective", d.ID)
		}
	}
}

func (u *UnitSt) effState() UnitState {
	switch {
	case u.Hex == "" && u.Status == StGood:
		return NotYetEntered
	case u.Status == StRouted:
		return Routed
	case u.Status == StEliminated:
		return Gone
	case u.Collapsed:
		return Collapsed // 13.1
	case u.Status == StDisordered:
		return Disordered
	}
	return GoodOrder
}

// initiative is Phase I of the next turn. See GBACW 5.11-5.13.
func (r *resolver) initiative() {
	s := r.s
	var in [2]InitiativeSide
	for i, ss := range s.Sides {
		in[i] = InitiativeSide{Side: sideNum(s, ss.Side), HadLast: ss.Initiative}
		if l := s.leader(ss.OC); l != nil && !l.Killed && !l.Rode { // 5.11, 9.32
			in[i].OCRating = l.Initiative
			for _, c := range s.Corps {
				if c.Side == ss.Side && s.inRange(r.sys.combat, ss.Side, l.Hex, s.leaderHex(c.Leader), l.Range) {
					in[i].OCEligible = true
				}
			}
		}
	}
	w, a, b := Initiative(r, in[0], in[1])
	if w == NoSide {
		r.event("initiative", "GBACW 5.12", "Initiative: %s %d, %s %d: a tie, nobody holds the Initiative", s.Sides[0].Side, a, s.Sides[1].Side, b)
	} else {
		r.event("initiative", "GBACW 5.11", "Initiative: %s %d, %s %d: %s holds the Initiative on turn %d", s.Sides[0].Side, a, s.Sides[1].Side, b, s.sideOf(w), s.Turn)
	}
	for i := range s.Sides {
		s.Sides[i].Initiative = w != NoSide && s.Sides[i].Side == s.sideOf(w)
	}
}

// standing is a side's doctrine choice for a reaction kind: its
// STANDING block's, else the table's default.
func (r *resolver) standing(side rules.Side, kind string) string {
	if v, ok := r.s.side(side).Standing[kind]; ok {
		return v
	}
	return gbtext.Reactions.Default(kind)
}

// ask answers a choice the rules give side: its doctrine when it covers
// the choice (and is not ASK), else the decision among the answers
// given, else the resolution stops with a decision request.
func (r *resolver) ask(side rules.Side, kind, stem, rule, question string, opts []string, def string) string {
	c := rules.Choice{Key: stem, Side: side, Rule: rule, Question: question, Options: opts, Default: def}
	if v := r.standing(side, kind); v != gbtext.Ask {
		c.Standing = map[string]string{"ALWAYS": "YES", "NEVER": "NO"}[v]
	}
	a := rules.Decide(c, rules.DecisionKey(r.asked, stem), r.decisions)
	if a.Pause != nil {
		r.pause = a.Pause
		panic(pauseSignal{})
	}
	if a.Note != "" {
		r.log.Add("decision", rule, a.Note)
	}
	return a.Choice
}

// underArtilleryCommander: brigade b activates on an AM of the artillery
// commander named: it is one of his, not under March Orders (5.35), and
// its brigadier is within his Command Range of his hex (4.15, 4.31, 4.33;
// ruling GBACW-R91). It says why when it does not.
func (r *resolver) underArtilleryCommander(b *BrigadeSt, name string, o Orders) bool {
	s := r.s
	a := s.artilleryCommander(name)
	if a == nil || !slices.Contains(a.Brigades, b.ID) {
		return false
	}
	if o == March {
		r.event("skip", "GBACW 5.35", "%s is under March Orders and moves only on its side's March AM", b.ID)
		return false
	}
	if !s.inRange(r.sys.combat, a.Side, a.Hex, s.leaderHex(b.Leader), a.Range) {
		r.event("skip", "GBACW 4.33", "%s's brigadier is beyond %s's Command Range: it does not activate on his AM", b.ID, a.Name)
		return false
	}
	return true
}
