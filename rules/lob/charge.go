package lob

import (
	"fmt"
	"slices"
	"strings"

	"galloper/rules"
	"galloper/rules/lob/lobtext"
)

// This file carries out Charges (LoB 7.0-7.4): a CHARGE step of an
// activity script. The procedure (7.0, 7.0a): the Charge is announced
// from a hex adjacent to the target (7.0b) through the stack's
// center-front hexside (7.2e, 3.3d), stacking is checked (3.2a) and, for
// an initial Charge, Command Radius (7.2c, 10.2f); the Charge's Closing
// Roll (3.5), the defender's Opening Volley on the Charge column (7.0d),
// the attacker's Leader Loss Checks (7.0f), the defender's automatic loss
// of 1 SP and Leader Loss Checks (7.0), and the defender's Morale Check
// with the Additional Charge Modifiers and both sides' leaders (7.0g). If
// the defender retreats or is destroyed the stack must advance into its
// hex (7.3b) and may go on moving or Charging; otherwise its movement is
// finished (7.3a). A Mounted Charge (7.4) doubles the Opening Volley's
// losses and destroys a target of only artillery or Open Order units; an
// Open Order Capable target, or Mounted cavalry that will not stand,
// withdraws from a non-Mounted Charge instead (9.4e #2, 9.4h).

// chargeRun is what a stack's Charges have done in its activity.
type chargeRun struct {
	// announced is set once a Charge is announced: the stack's Facing is
	// fixed for the phase (LoB 3.3d, 7.2e).
	announced bool
	// won is set by a Charge that made the defender retreat or destroyed
	// it: the stack is exempt from Command Radius and EZOCs for the rest
	// of its move (LoB 7.2c, 7.3c).
	won bool
	// failedAt is the target of a Charge whose Closing Roll failed: the
	// stack may fire only at it (LoB 3.5, 7.0e).
	failedAt string
	// targets are the hexes the stack has Charged (LoB 7.2a).
	targets map[string]bool
	// lostAt is the target of a Charge the defender held: the stack
	// may not Charge again this phase (LoB 7.2a, 7.3a).
	lostAt string
	// latecomers are combat units that joined the stack away from the
	// hex where its activity began: they did not start the phase stacked
	// with it, so it cannot Charge (LoB 7.1 #5; leaders may, 7.1).
	latecomers []string
}

// noteJoin records a combat unit joining the stack (LoB 3.0d): one that
// joins away from the stack's starting hex is a latecomer (7.1 #5).
func (c *chargeRun) noteJoin(a *actingStack, p *Piece) {
	if a.hex != a.start {
		c.latecomers = append(c.latecomers, p.Name)
	}
}

// mountedChargeMaxMP is the most a hex may cost for a Mounted Charge into
// it (LoB 7.4).
var mountedChargeMaxMP = WholeMP(2)

// charge carries out a CHARGE step and reports whether the script goes
// on: after a won Charge (LoB 7.3b), or after a failed Closing Roll so
// that a fallback fire may follow (7.0e).
func (r *resolver) charge(a *actingStack, target string) bool {
	mounted := r.mountedCharge(a)
	if why, rule := r.chargeRefused(a, target, mounted); why != "" {
		r.add("charge-refused", rule, "%s cannot Charge %s: %s; the stack stops", a.names(), target, why)
		a.stopped = true
		return false
	}
	r.announceCharge(a, target, mounted)
	if !r.chargeClosing(a, target) {
		a.charge.failedAt = target
		return true
	}
	if done, ok := r.chargeWithdrawal(a, target, mounted); done {
		return ok
	}
	if !r.chargeVolley(a, target, mounted) {
		return false
	}
	if !r.mountedDestroys(a, target, mounted) {
		defenders := r.enemyUnitsIn(target)
		r.defenderLoss(a, target)
		if r.defenderHolds(target) && !r.chargeMorale(a, target) {
			return false
		}
		r.destroyedInPlace(target, defenders)
	}
	return r.chargeOutcome(a, target)
}

// chargeAgainBarred says why a stack whose Charge on a hex failed may not
// Charge again (LoB 7.2a).
func chargeAgainBarred(failed string) string {
	return fmt.Sprintf("its Charge on %s failed, and only a stack successful in its previous Charges may Charge again", failed)
}

// laterChargesRefused reports the CHARGE steps of the stack's script after
// the one on target, which the defender held: the script ends there, and
// a stack Charges again only after a successful Charge (LoB 7.2a, 7.3a).
func (r *resolver) laterChargesRefused(a *actingStack, target string) {
	steps := a.script.Steps
	i := slices.IndexFunc(steps, func(s lobtext.Step) bool { return s.Verb == "CHARGE" && s.Hexes[0].Hex == target })
	if i < 0 {
		return
	}
	for _, s := range steps[i+1:] {
		if s.Verb == "CHARGE" {
			r.add("charge-refused", "LoB 7.2a", "%s cannot Charge %s: %s; the stack stops", a.names(), s.Hexes[0].Hex, chargeAgainBarred(target))
		}
	}
}

// destroyedInPlace places a Cowardly Legs marker in the defender's hex
// when the Charge's automatic loss or Morale Table losses destroyed the
// defenders there without a retreat, which places its own (LoB 7.0,
// 6.5a).
func (r *resolver) destroyedInPlace(target string, defenders []*Piece) {
	if r.s.marker(target).CowardlyLegs {
		return
	}
	for _, p := range defenders {
		if p.Hex != target || !p.Unit.Eliminated {
			return
		}
	}
	r.placeCowardlyLegs(target, names(defenders), "LoB 6.5a", "the defender was destroyed there in the Charge")
}

// chargeOutcome finishes a Charge: if the defender's hex is empty of
// enemy combat units the stack advances into it (LoB 7.3b), after the
// leaders of a destroyed defender roll for capture and are displaced
// (9.1d); otherwise its movement is finished (7.3a) and any later Charge
// of its script is refused (7.2a).
func (r *resolver) chargeOutcome(a *actingStack, target string) bool {
	if r.defenderHolds(target) {
		r.log.Addf("charge-held", "LoB 7.3a", "the defender holds %s: %s's movement is finished", target, a.names())
		a.stopped, a.charge.lostAt = true, target
		r.laterChargesRefused(a, target)
		return false
	}
	if err := r.leaderUnitsDestroyed(r.s.enemyOf(r.side), target, true); r.fail(err) {
		return false // LoB 9.1d: the defender was destroyed
	}
	r.chargeAdvance(a, target)
	a.charge.won = true
	a.outOfRadius = false // LoB 7.2c: exempt from Command Radius from now on
	a.stopped = false     // LoB 3.4 #5, 7.3c: no longer locked by the EZOC it charged from
	return true
}

// defenderHolds reports whether enemy combat units are still in the hex.
func (r *resolver) defenderHolds(target string) bool {
	return len(r.enemyUnitsIn(target)) > 0
}

// enemyUnitsIn lists the inactive side's combat units in a hex, top first.
func (r *resolver) enemyUnitsIn(h string) []*Piece {
	enemy := r.s.enemyOf(r.side)
	var out []*Piece
	for _, p := range r.s.combatUnitsIn(h) {
		if p.Side == enemy {
			out = append(out, p)
		}
	}
	return out
}

// mountedCavalry reports whether a unit is cavalry in Mounted formation
// (LoB 7.4); Mounted infantry is not.
func (s *State) mountedCavalry(p *Piece) bool {
	return p.Kind == ArmCavalry && p.Unit.Formation == "mounted"
}

// mountedCharge reports whether the Charge is a Mounted Charge: a unit of
// the stack is Mounted cavalry (LoB 7.4).
func (r *resolver) mountedCharge(a *actingStack) bool {
	return slices.ContainsFunc(a.units, r.s.mountedCavalry)
}

// chargeRefused says why the stack may not Charge the hex, with the rule,
// or "" when it may (LoB 2.2, 7.0-7.2, 7.4, 10.2f).
func (r *resolver) chargeRefused(a *actingStack, target string, mounted bool) (string, string) {
	m := &r.s.scn.Map
	switch {
	case a.fire:
		return "units on a Fire Activity cannot Charge", "LoB 2.2"
	case a.charge.targets[target]:
		return "a stack Charges a given hex only once", "LoB 7.2a"
	case a.charge.failedAt != "" || a.charge.lostAt != "":
		return chargeAgainBarred(a.charge.failedAt + a.charge.lostAt), "LoB 7.2a"
	case a.closingFailed:
		return "it failed a Closing Roll and is finished moving for the phase", "LoB 3.5"
	case len(a.units) == 0:
		return "only combat units Charge; leaders come along with them", "LoB 7.1"
	case a.morale == MoraleRouted:
		return "Routed units cannot move normally", "LoB 3.0e"
	case m.distance(a.hex, target) != 1:
		return "a Charge is made from a hex adjacent to its target", "LoB 7.0b"
	case !r.defenderHolds(target):
		return "no enemy combat unit is there", "LoB 7.0"
	}
	if why := r.chargingUnitsBarred(a); why != "" {
		return why, "LoB 7.0"
	}
	if l := a.charge.latecomers; len(l) > 0 {
		return strings.Join(l, ", ") + " joined the stack on its way and did not start the phase stacked with it", "LoB 7.1"
	}
	if why := r.chargeFacingBarred(a, target); why != "" {
		return why, "LoB 7.2e"
	}
	if why := r.clearPathway(a); why != "" {
		return why, "LoB 7.2b"
	}
	if why, rule := r.chargeCost(a, target, mounted); why != "" {
		return why, rule
	}
	if mounted {
		if why := r.mountedTargetBarred(a, target); why != "" {
			return why, "LoB 7.4"
		}
	}
	return r.chargeRadius(a)
}

// chargingUnitsBarred names a unit of the stack that cannot Charge: only
// infantry in Line and Mounted cavalry can (LoB 7.0, 7.1 #2, 7.4).
func (r *resolver) chargingUnitsBarred(a *actingStack) string {
	for _, p := range a.units {
		switch {
		case r.s.openOrderBarsCharge(p):
			return p.Name + " is an Open Order unit, which never Charges under LoB 9.4a"
		case r.s.mountedCavalry(p):
		case p.Kind == ArmInfantry && p.Unit.Formation == "mounted":
			return p.Name + " is Mounted infantry, which cannot Charge while Mounted under LoB 7.4"
		case p.Kind != ArmInfantry || p.Unit.Formation != "line":
			return fmt.Sprintf("%s is %s in %s: only infantry in Line and Mounted cavalry Charge", p.Name, p.Kind, p.Unit.Formation)
		}
	}
	return ""
}

// chargeFacingBarred names a unit whose center-front hexside does not
// face the target (LoB 7.2e #1, 3.3d). A unit without a front, such as
// Mounted cavalry (3.3c), may Charge across any hexside.
func (r *resolver) chargeFacingBarred(a *actingStack, target string) string {
	d := r.s.scn.Map.direction(a.hex, target)
	for _, p := range a.units {
		if r.s.hasFront(p) && p.Unit.Facing != d {
			return fmt.Sprintf("%s faces %s and the target is not across its center-front hexside", p.Name, facingNames[p.Unit.Facing])
		}
	}
	return ""
}

// clearPathway names friendly combat units outside the stack in the hex
// it moved to before the Charge (LoB 7.2b).
func (r *resolver) clearPathway(a *actingStack) string {
	if a.hex == a.start {
		return ""
	}
	var others []string
	for _, p := range r.s.combatUnitsIn(a.hex) {
		if p.Side == r.side && !slices.Contains(a.units, p) {
			others = append(others, p.Name)
		}
	}
	if len(others) == 0 {
		return ""
	}
	return fmt.Sprintf("the stack moved to %s, which holds other friendly combat units (%s)", a.hex, strings.Join(others, ", "))
}

// chargeCost says why a unit cannot pay the target hex's normal cost at
// the moment the Charge is declared (LoB 7.0c, 7.1 #7), or a Mounted
// Charge may not enter it (more than 2 MPs, or only by road or bridge;
// 7.4).
func (r *resolver) chargeCost(a *actingStack, target string, mounted bool) (string, string) {
	for _, p := range a.units {
		c, ok := r.enterCost(p, a.hex, target, false)
		if !ok {
			return fmt.Sprintf("%s cannot enter %s in %s", p.Name, target, p.Unit.Formation), "LoB 7.0c"
		}
		if left := r.allowance(a, p) - a.spent[p.Name]; c.MP > left {
			return fmt.Sprintf("%s has %s MPs left and %s costs %s", p.Name, left, target, c.MP), "LoB 7.0c"
		}
		if !mounted {
			continue
		}
		if c.MP > mountedChargeMaxMP {
			return fmt.Sprintf("%s costs %s MPs, more than the %s a Mounted Charge may enter", target, c.MP, mountedChargeMaxMP), "LoB 7.4"
		}
		if slices.Contains(r.crossedFeatures(movementColumn(p), a.hex, target), SideBridge) {
			return "a Mounted Charge cannot cross a bridge", "LoB 7.4"
		}
	}
	return "", ""
}

// mountedTargetBarred names a target unit a Mounted Charge may not
// attack: the target may hold only cavalry, Open Order, artillery, or DG
// or Routed units, unless the Charge comes through the rear hexsides of
// every target unit from a hex without an EZOC (LoB 7.4 a-e).
func (r *resolver) mountedTargetBarred(a *actingStack, target string) string {
	state := r.s.marker(target).Morale
	if state == MoraleDG || state == MoraleRouted {
		return ""
	}
	var barred []string
	rear := !r.s.zoc(r.s.enemyOf(r.side))[a.hex]
	for _, p := range r.enemyUnitsIn(target) {
		if p.Kind == ArmCavalry || p.Kind == ArmArtillery || p.Unit.Formation == "open-order" || r.s.isOpenOrder(p) {
			continue
		}
		barred = append(barred, p.Name)
		rear = rear && r.s.fromRear(p, a.hex)
	}
	if len(barred) == 0 || rear {
		return ""
	}
	return fmt.Sprintf("%s may be Charged by Mounted units only through its rear from a hex free of enemy ZOCs", strings.Join(barred, ", "))
}

// chargeRadius says why an initial Charge breaks Command Radius, which
// must reach the attacker's hex as the Charge is announced (LoB 7.2c,
// 10.2f, 10.2g). A stack that has won a Charge is exempt.
func (r *resolver) chargeRadius(a *actingStack) (string, string) {
	if a.charge.won {
		return "", ""
	}
	for _, p := range a.units {
		if ok, why := r.s.mayCharge(p.Name); !ok {
			return p.Name + " is " + why, "LoB 7.2c"
		}
	}
	return "", ""
}

// announceCharge records the announcement (LoB 7.0a a-b): the stack and
// its leaders, and the target.
func (r *resolver) announceCharge(a *actingStack, target string, mounted bool) {
	a.charge.announced = true
	if a.charge.targets == nil {
		a.charge.targets = map[string]bool{}
	}
	a.charge.targets[target] = true
	kind := "a Charge"
	if mounted {
		kind = "a Mounted Charge"
	}
	led := ""
	if len(a.leaders) > 0 {
		led = ", led by " + unitNames(a.leaders)
	}
	// Each side reads the other's units as its map shows them (R-FOG-4).
	enemy := r.s.enemyOf(r.side)
	line := func(side rules.Side) string {
		return fmt.Sprintf("%s in %s announce %s on %s (%s)%s",
			r.s.namesFor(side, a.units), a.hex, kind, target, r.s.namesFor(side, r.enemyUnitsIn(target)), led)
	}
	r.tellEachTraced("charge-announced", "LoB 7.0a", fmt.Sprintf("%s in %s announce %s on %s (%s)%s",
		unitNames(a.units), a.hex, kind, target, unitNames(r.enemyUnitsIn(target)), led),
		map[rules.Side]string{r.side: line(r.side), enemy: line(enemy)},
		&rules.Trace{Kind: rules.TraceCharge, Side: r.side, Label: unitNames(a.units), Hexes: []string{a.hex, target}},
		map[rules.Side]bool{r.side: true, enemy: r.s.sees(enemy, a.hex)})
}

// facingLocked reports (with an event) that the stack may not change
// Facing: a Charge has been announced (LoB 3.3d, 7.2e #2).
func (r *resolver) facingLocked(a *actingStack) bool {
	if !a.charge.announced {
		return false
	}
	r.add("face-refused", "LoB 7.2e", "%s has announced a Charge and cannot change Facing again this phase", a.names())
	return true
}

// afterChargeBarred says why a stack that announced a Charge may not
// step into a hex: it goes straight ahead through its center-front
// hexside or stops (LoB 7.2e #1, 3.3d). "" when it may.
func (r *resolver) afterChargeBarred(a *actingStack, to string) string {
	if !a.charge.announced {
		return ""
	}
	d := r.s.scn.Map.direction(a.hex, to)
	for _, p := range a.units {
		if r.s.hasFront(p) && p.Unit.Facing != d {
			return fmt.Sprintf("after a Charge %s moves only through its center-front hexside (%s)", p.Name, facingNames[p.Unit.Facing])
		}
	}
	return ""
}

// chargeClosing makes the Charge's Closing Roll and reports whether the
// Charge goes on (LoB 3.5, 7.0a c, 7.1 #4). It fails automatically for an
// overstacked stack (3.2a) or a DG one (6.0); Wrecked units are left
// behind (3.5, 5.7); Blood Lust passes (3.5); a target of only Open Order
// Capable units or a Skedaddling stack needs no roll (3.5a #3, #4).
func (r *resolver) chargeClosing(a *actingStack, target string) bool {
	failed := func(why, rule string) bool {
		r.log.Addf("closing-failed", rule, "%s cannot Charge %s: %s", a.names(), target, why)
		a.closingFailed, a.stopped = true, true
		return false
	}
	if r.chargeOverstacked(a) {
		return failed("the stack is overstacked as the Charge is announced", "LoB 3.2a")
	}
	if why := r.autoFail(a); why != "" {
		return failed(why, "LoB 3.5")
	}
	if left := r.leaveWrecked(a); len(a.units) == 0 {
		return failed(left+": Wrecked units always fail their Closing Rolls", "LoB 5.7")
	}
	defenders := r.enemyUnitsIn(target)
	if why, rule := r.noChargeRoll(a, defenders); why != "" {
		r.add("closing-not-needed", rule, "%s Charges %s without a Closing Roll: %s", a.names(), target, why)
		return true
	}
	// The Charge is rolled in the hex next to its target: that hex is
	// both the one closed from (Breastworks, 9.5d) and the one whose
	// place in the defenders' front or rear counts (3.5 table).
	return r.closingRoll(a, "Charge "+target, r.closingMods(a.hex, a.hex, defenders))
}

// chargeOverstacked checks stacking in the attacker's hex as the Charge is
// announced (LoB 3.2a): an overstacked hex becomes DG (Routed if DG) and
// the stack takes that state.
func (r *resolver) chargeOverstacked(a *actingStack) bool {
	sp := 0
	for _, p := range r.s.combatUnitsIn(a.hex) {
		if p.Side == r.side {
			sp += p.Unit.SP
		}
	}
	if sp <= stackingLimit {
		return false
	}
	r.checkStacking(a.hex)
	if m := r.s.marker(a.hex).Morale; moraleRank(m) > moraleRank(a.morale) {
		a.morale = m
	}
	return true
}

// noChargeRoll says why the Charge needs no Closing Roll, with the rule,
// or "" (LoB 3.5, 3.5a #3, #4).
func (r *resolver) noChargeRoll(a *actingStack, defenders []*Piece) (string, string) {
	if a.morale == MoraleBL {
		return "Blood Lusted units close automatically", "LoB 3.5"
	}
	if !slices.ContainsFunc(defenders, func(p *Piece) bool { return !r.s.isOpenOrderCapable(p) }) {
		return "the target holds only Open Order Capable units", "LoB 3.5a"
	}
	if r.skedaddling(a) {
		return "the stack is Skedaddling", "LoB 3.5a"
	}
	return "", ""
}

// chargeWithdrawal lets an Open Order Capable target, or Mounted cavalry
// that will not stand, withdraw 2 hexes instead of facing a non-Mounted
// Charge: no Opening Volley, no Charge, and the charging stack ends its
// move in the target hex (LoB 9.4e #2, 9.4h). done reports that the
// Charge ended so; ok then whether the script goes on (never).
func (r *resolver) chargeWithdrawal(a *actingStack, target string, mounted bool) (done, ok bool) {
	defenders := r.enemyUnitsIn(target)
	openOrder := !mounted && len(defenders) == 1 && r.s.isOpenOrderCapable(defenders[0])
	if !openOrder {
		if !slices.ContainsFunc(defenders, r.s.mountedCavalry) {
			return false, false
		}
		stands, err := r.cavalryStands(target, mounted)
		if r.fail(err) {
			return true, false
		}
		if stands {
			return false, false
		}
	}
	if _, err := r.withdraw(target, a.hex); r.fail(err) {
		return true, false
	}
	if !r.defenderHolds(target) {
		r.chargeAdvance(a, target)
	}
	r.log.Addf("charge-ended", "LoB 9.4e", "the defender of %s withdrew: no Opening Volley and no Charge; %s ends its move in %s", target, a.names(), a.hex)
	a.stopped = true
	return true, false
}

// chargeVolley is the defender's Opening Volley at the charging stack
// (LoB 5.4, 7.0a d, 7.0d): the stack being Charged fires regardless of
// Facing on the Charge column, one column right (Shift Only) for frontal
// Unlimbered artillery with Canister; another eligible stack may give it
// on its range column instead (5.4a; the best column by default, R-CH-2).
// Losses are doubled against charging cavalry (7.4) and call the
// attackers' Leader Loss Checks on the Charge Attacker column (7.0f). It
// reports whether any charging unit is left; the Charge goes on even if
// the top unit became Wrecked (7.2d).
func (r *resolver) chargeVolley(a *actingStack, target string, mounted bool) bool {
	r.startCombat()
	opts := r.chargeVolleyOptions(a, target)
	if len(opts) == 0 {
		r.log.Addf("no-opening-volley", "LoB 5.4a", "no inactive unit can fire at %s: no Opening Volley", a.hex)
		return true
	}
	o := r.chooseVolley(opts)
	die := r.log.Roll(6, "LoB 7.0d", fmt.Sprintf("Opening Volley from %s at the Charge from %s", o.hex, a.hex))
	loss, err := r.s.charts.field.VolleyLoss(o.col, die)
	if r.fail(err) {
		return false
	}
	doubled := ""
	if mounted && loss > 0 {
		loss *= 2
		doubled = " (doubled against charging cavalry, LoB 7.4)"
	}
	r.tellTraced(r.s.enemyOf(r.side), fmt.Sprintf("%s give an Opening Volley at the Charge from %s, die %d: %d SP lost%s",
		r.s.namesFor(r.side, o.units), a.hex, die, loss, doubled), // R-FOG-4
		"opening-volley", "LoB 7.0d", fmt.Sprintf("%s give an Opening Volley at the Charge from %s on the %s column, die %d: %d SP lost%s",
			unitNames(o.units), a.hex, VolleyLabel(o.col), die, loss, doubled),
		rules.Trace{Kind: rules.TraceFire, Side: r.s.enemyOf(r.side), Label: unitNames(o.units), Hexes: []string{o.hex, a.hex}},
		r.s.sees(r.side, o.hex))
	if loss == 0 {
		return true
	}
	r.chargerLosses(a, loss)
	r.attackerLeaderChecks(a)
	if len(a.units) == 0 {
		r.log.Addf("charge-ended", "LoB 7.0", "the Opening Volley destroyed every charging unit: the Charge ends")
		a.stopped = true
		return false
	}
	return true
}

// attackerLeaderChecks rolls the Leader Loss Check of each leader coming
// along on the Charge, on the Charge Attacker column (LoB 7.0f, 9.1a);
// leaders in the hex who stay out of the Charge do not check. A lost
// leader leaves the stack.
func (r *resolver) attackerLeaderChecks(a *actingStack) {
	f := r.s.charts.field
	for _, p := range a.leaders {
		if p.Status != "" {
			continue
		}
		roll := r.log.Roll2d6("LoB 7.0f", "Leader Loss Check for "+p.Name)
		res, err := f.LeaderLoss(LeaderChargeAttacker, roll, 0)
		if r.fail(err) {
			return
		}
		if res == "" {
			r.log.Addf("leader-safe", "LoB 7.0f", "%s rolls %d on the Leader Loss Table (%s): unhurt", p.Name, roll, LeaderChargeAttacker)
			continue
		}
		r.log.Addf("leader-loss", "LoB 7.0f", "%s rolls %d on the Leader Loss Table (%s): %s", p.Name, roll, LeaderChargeAttacker, res)
		r.loseLeader(p.Name, res)
	}
	a.leaders = slices.DeleteFunc(a.leaders, func(p *Piece) bool { return p.Status != "" })
}

// chargeVolleyOptions lists the stacks that can give the Opening Volley:
// the target hex first, with the units there able to fire regardless of
// Facing (LoB 5.4a), then other eligible stacks on their range columns.
func (r *resolver) chargeVolleyOptions(a *actingStack, target string) []volleyOption {
	var out []volleyOption
	var firers []*Piece
	for _, p := range r.enemyUnitsIn(target) {
		if r.s.canFire(p) {
			firers = append(firers, p)
		}
	}
	if len(firers) > 0 {
		if col, ok := r.chargeVolleyColumn(firers, a.hex); ok {
			out = append(out, volleyOption{hex: target, units: firers, col: col})
		}
	}
	for _, o := range r.volleyOptions(a.hex) {
		if o.hex != target {
			out = append(out, o)
		}
	}
	return out
}

// chargeVolleyColumn is the Charge column, shifted to Shift Only when an
// Unlimbered battery with Canister has the attacker in its front (LoB
// 7.0d, 5.4c) and one left when only Wrecked units fire (5.4i).
func (r *resolver) chargeVolleyColumn(us []*Piece, from string) (int, bool) {
	f := r.s.charts.field
	shift, wreckedOnly := 0, true
	for _, p := range us {
		u := r.s.scn.unit(p.Name)
		wreckedOnly = wreckedOnly && u.Wrecked(p.Unit.SP)
		if r.frontalCanister(p, from) {
			shift = 1
		}
	}
	if wreckedOnly {
		shift--
	}
	return f.VolleyColumn(VolleyCharge, shift)
}

// frontalCanister reports whether a unit is Unlimbered artillery with
// Canister to fire and a hex lies across one of its front hexsides (LoB
// 7.0d, 8.2d; the support rules' canisterCounts).
func (r *resolver) frontalCanister(p *Piece, from string) bool {
	if p.Kind != ArmArtillery || p.Unit.Formation != "unlimbered" || !r.s.canisterCounts(p) {
		return false
	}
	return frontal(p.Unit.Facing, r.s.scn.Map.direction(p.Hex, from))
}

// chargerLosses takes SPs from the charging units only (LoB 5.4e, 5.1b:
// the first from the top unit), dropping eliminated units from the stack.
func (r *resolver) chargerLosses(a *actingStack, n int) {
	for range n {
		if len(a.units) == 0 {
			return
		}
		p := r.nextLoss(a.units)
		shown := r.s.shownTo(r.s.enemyOf(p.Side), p)
		p.Unit.SP--
		p.Unit.Losses++
		r.losses[p.Name]++
		if p.Unit.SP <= 0 {
			p.Unit.SP, p.Unit.Eliminated = 0, true
			a.units = slices.DeleteFunc(a.units, func(q *Piece) bool { return q == p })
		}
		full, cut := lossLines(p, "the Opening Volley", shown) // R-FOG-4
		r.tell(p.Side, cut, "loss", "LoB 7.0d", full)
	}
}

// mountedDestroys destroys a target of only artillery or Open Order units
// after a Mounted Charge's Opening Volley (LoB 7.4) and reports whether it
// did.
func (r *resolver) mountedDestroys(a *actingStack, target string, mounted bool) bool {
	defenders := r.enemyUnitsIn(target)
	if !mounted || slices.ContainsFunc(defenders, func(p *Piece) bool {
		return p.Kind != ArmArtillery && p.Unit.Formation != "open-order" && !r.s.isOpenOrder(p)
	}) {
		return false
	}
	for _, p := range defenders {
		p.Unit.Losses += p.Unit.SP
		p.Unit.SP, p.Unit.Eliminated = 0, true
	}
	r.s.setMorale(target, MoraleNormal)
	r.log.Addf("charge-destroys", "LoB 7.4", "the Mounted Charge destroys %s in %s: the target held only artillery or Open Order units", unitNames(defenders), target)
	return true
}

// defenderLoss is the defender's automatic loss of 1 SP and its leaders'
// Loss Checks on the Charge Defender column (LoB 7.0, 7.0a e, 7.0f),
// given only when 4 or more SPs remain in the attack (a Small attacker
// takes none) and not when the Charge comes into the front of a defender
// in Breastworks (7.0, 9.5e).
func (r *resolver) defenderLoss(a *actingStack, target string) {
	if n := sps(a.units); IsSmall(n) {
		r.log.Addf("charge-no-loss", "LoB 7.0", "only %d SPs remain in the Charge: the defender in %s takes no loss", n, target)
		return
	}
	if r.s.breastworkCovers(r.s.enemyOf(r.side), target, a.hex) {
		r.log.Addf("charge-no-loss", "LoB 7.0", "the Charge comes into the front of the Breastworks in %s: the defender takes no loss", target)
		return
	}
	r.takeLosses(target, 1, "LoB 7.0", "the Charge")
	r.leaderLossChecks(target, LeaderChargeDefender, nil)
}

// chargeMorale makes the defender's Morale Check (LoB 7.0a f, 7.0g, 6.1):
// the normal modifiers from the attacker's hex at range 1 (moraleMods,
// frontal Breastworks among them, 9.5e; and Cowardly Legs, 6.5b), the Additional
// Charge Modifier for the SPs able to fire on each side, plus the
// attacking leader's Morale Value and minus the defending leader's. The
// result applies as in 6.2, a retreat being away from the attacker. It
// reports whether resolution goes on (false on a pause or chart error).
func (r *resolver) chargeMorale(a *actingStack, target string) bool {
	f := r.s.charts.field
	top := r.enemyUnitsIn(target)[0]
	rating := r.s.scn.unit(top.Name).Morale
	s := &shot{from: a.hex, target: target, rng: 1, firers: a.units, sps: map[string]int{}, cause: "charge"}
	mods, notes := 0, []string{}
	names := r.moraleMods(s, top)
	if r.cowardlyLegsApplies(target) {
		names = append(names, "cowardly-legs") // LoB 6.5b
	}
	for _, name := range names {
		n, err := f.MoraleModifier(name)
		if r.fail(err) {
			return false
		}
		mods += n
		notes = append(notes, fmt.Sprintf("%s %+d", name, n))
	}
	att, def := r.chargeStrengths(a, target)
	cm := f.ChargeModifier(att, def)
	mods += cm
	notes = append(notes, fmt.Sprintf("Charge %d v %d SPs %+d", att, def, cm))
	if l := r.stackLeader(a); l != nil { // the leader coming along (7.0f)
		mods += l.Morale
		notes = append(notes, fmt.Sprintf("attacking leader %s +%d", l.Name, l.Morale))
	}
	leader := 0
	if l := r.s.bestLeader(r.s.enemyOf(r.side), target); l != nil {
		leader = l.Morale
		notes = append(notes, fmt.Sprintf("leader %s -%d", l.Name, l.Morale))
	}
	roll := r.log.Roll2d6("LoB 7.0g", fmt.Sprintf("Charge Morale Check for %s (Morale %s)", target, rating))
	// Any Open Order unit ignores Blood Lust, Capable or not, whatever its
	// formation. See LoB 6.2, 9.4a.
	res, err := f.MoraleCheck(rating, roll, mods, leader, r.s.mayBloodLust(top))
	if r.fail(err) {
		return false
	}
	r.log.Addf("morale-check", "LoB 7.0g", "%s checks on Morale %s against the Charge, modifiers %s, roll %d: %s", target, rating, modList(notes), roll, res)
	r.moraleResult(s, res)
	return r.err == nil
}

// chargeStrengths are the SPs for the Additional Charge Modifiers, after
// the Opening Volley and the automatic loss (LoB 7.0g): the charging
// units' SPs, and the SPs of the defenders able to fire (R-CH-1).
func (r *resolver) chargeStrengths(a *actingStack, target string) (att, def int) {
	for _, p := range r.enemyUnitsIn(target) {
		if r.s.canFire(p) {
			def += p.Unit.SP
		}
	}
	return sps(a.units), def
}

// chargeAdvance moves the stack into the defender's old hex, paying its
// normal cost and keeping its Facing, with no Closing Roll (LoB 7.3b).
// Enemy leaders still alone there are rolled for capture (9.1a).
func (r *resolver) chargeAdvance(a *actingStack, target string) {
	costs := map[string]MP{}
	for _, p := range a.units {
		c, _ := r.enterCost(p, a.hex, target, false)
		costs[p.Name] = c.MP
		a.spent[p.Name] += c.MP
	}
	from := a.hex
	r.placeStack(a, target)
	a.road = ""
	r.log.Addf("charge-advance", "LoB 7.3b", "%s advance from %s into %s without a Closing Roll (%s)", a.names(), from, target, a.spentText(costs))
	r.fail(r.captureLoneLeaders(target))
}
