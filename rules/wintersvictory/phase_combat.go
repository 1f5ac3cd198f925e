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

// Combat (See WV 11.0-13.4):
//
// Reciprocal Fire Phase (11.0): both sides send fire plans at once.
// Skirmish and General Order units fire first, then infantry battalions,
// then artillery (4.1 6A-6C); at the start of each a die decides who
// fires first (0-4 French, 5-9 Allied), and the sides alternate one plan
// at a time, each result applied before the next fire. A plan's targets
// are tried in the order written; a target gone, out of sight, out of
// range or off the firer's front is passed over (ruling R45: the plans
// stand for the book's alternation "down the battle line").
//
// Fire Protocol (11.0 steps 1-6, 11.8): range band (11.0 step 2, 11.22,
// 11.23), Target Class (step 3, 11.4), the firer's line and column
// (steps 4-5), the die (+2 on a Massed Target, ruling R8) on the chart
// pack's table; SP lost from the top unit (11.81, guns for a battery,
// 11.82) and a morale check on M or any loss (11.83).
//
// Shock Phase (12.0): a SHOCK's attackers, adjacent and facing the hex,
// attack its top defender; a flank or rear attack Disorders the defender
// first (5.52); odds and Effectiveness Differential (12.2, 12.23) read the
// Shock Combat Results Table; results are adjusted by 12.42, losses by
// 12.42.4-5; losers retreat (13.3); attackers advance into a vacated hex
// (12.41). Declared charges (12.51-12.52) are carried out in the same
// phase: the cavalry rides to the target, the defender checks morale
// before the charge unless in Square (12.62, with the Cavalry Charge
// Modifier, 12.63), and the shock has the Cavalry Impetus Bonus (12.2)
// against the Square's +2 (8.42). A charged cavalry unit is exhausted
// (7.41). A retreating unit is fired on at opportunity as it leaves each
// hex after the first (13.34, retreatSteps).
//
// Not yet: opportunity and defensive fire (11.3, 11.32), screening
// (11.45),
// Extended Line (8.3), skirmishers (8.6), opportunity charges (12.56),
// charge zones' secondary effects (12.61), leader casualties (11.44,
// 12.44).

// minZoneFirers lists the enemy units of u that may fire at it in hex h
// at opportunity (11.3): units able to fire whose Minimum Range Fire
// Zone (infantry 1 hex, unlimbered artillery 1-2, through their front,
// 11.21) holds h in their line of sight (10.4), that have not fired at opportunity this phase, and
// whose side's standing OPPORTUNITY FIRE is not NEVER.
func (r *run) minZoneFirers(u *Unit, h string) []*Unit {
	var out []*Unit
	for i := range r.s.Units {
		e := &r.s.Units[i]
		if e.Side == u.Side || e.Eliminated || canFire(e) != "" || r.oppFired[e.Name] || r.standing(e.Side, "OPPORTUNITY") == "NEVER" {
			continue
		}
		// 9.51: only the top unit of a stack in Column or Line fires (asked
		// last: it looks through the whole stack).
		if len(r.zoneParts(e, h)) > 0 && r.firesAbove(e) == nil {
			out = append(out, e)
		}
	}
	return out
}

// inMinZone reports whether hex h lies in the Minimum Range Fire Zone of
// u from u's own hex: infantry 1 hex, unlimbered artillery 1-2, through
// its front, in its line of sight (11.21, 10.4).
func (r *run) inMinZone(u *Unit, h string) bool {
	reach := 1
	if u.Type == "artillery" {
		reach = 2
	}
	return r.s.dist(u.Hex, h) <= reach && (!u.frontal() || r.s.inFront(u.Hex, u.Facing, h)) && r.s.observes(u.Hex, h)
}

// zoneParts are the firers of e whose Minimum Range Fire Zone holds hex
// h: e itself, or for an Extended Line the halves whose hexes reach it
// (11.53, 8.32.1).
func (r *run) zoneParts(e *Unit, h string) []Unit {
	if e.Extended == "" {
		if r.inMinZone(e, h) {
			return []Unit{*e}
		}
		return nil
	}
	var out []Unit
	for _, p := range extendedParts(e) {
		if r.inMinZone(&p, h) {
			out = append(out, p)
		}
	}
	return out
}

// zoneFire is the fire of e at u in hex h at opportunity or in defence
// (11.3, 11.32); what says why. An Extended Line fires from each of its
// hexes whose zone holds h, each half at most 9 SP, or, both reaching
// it, once from both as one, at most 9 SP, on the 8-9 column with +1
// (11.53, 11.53.1).
func (r *run) zoneFire(e, u *Unit, h, kind, rule, what string) {
	fired := e.Fired
	defer func() { e.Fired = fired }() // not the Reciprocal Fire Phase's (11.11)
	if e.Extended == "" {
		r.tell(kind, rule, nil, "%s fires at %s %s", e.Name, u.Name, what)
		r.fire(e, u)
		return
	}
	parts, at := r.zoneParts(e, h), u.Hex
	if len(parts) == 2 {
		one := parts[0]
		one.Strength = min(e.Strength, 9)
		r.tell(kind, rule, nil, "%s fires at %s %s, from both its hexes as one with %d SP (11.53.1)", e.Name, u.Name, what, one.Strength)
		r.centreFire = true
		r.fire(&one, u)
		r.centreFire = false
		return
	}
	for i := range parts {
		p := &parts[i]
		p.Strength = min(p.Strength, 9)
		r.tell(kind, rule, nil, "%s fires at %s %s, from %s with %d SP (11.53)", e.Name, u.Name, what, p.Hex, p.Strength)
		if u.Eliminated || u.Hex != at {
			return
		}
		r.fire(p, u)
	}
}

// opportunityFire is 11.3: before u leaves hex h, or changes formation or
// facing there, each enemy unit with h in its Minimum Range Fire Zone
// fires at it, once a phase; artillery at -1 (11.71.2). It reports
// whether u may go on with what it was doing (not eliminated, not driven
// off by a retreat).
func (r *run) opportunityFire(u *Unit, what string) bool {
	if r.dry() {
		return true
	}
	h := u.Hex
	for _, e := range r.minZoneFirers(u, h) {
		r.oppFired[e.Name] = true
		r.zoneFire(e, u, h, "opportunity-fire", "WV 11.3", "as it "+what)
		if u.Eliminated || u.Hex != h {
			return false
		}
	}
	return true
}

// defensiveFire is 11.32: before a shock is resolved, each enemy unit
// whose Minimum Range Fire Zone holds an attacker fires at it in the hex
// it attacks from (each unit once a phase, ruling R58), unless its side's
// standing DEFENSIVE FIRE is NEVER. It returns the attackers still able
// to attack: in play, where they stood and not Routed.
func (r *run) defensiveFire(att []*Unit, h string) []*Unit {
	var left []*Unit
	for _, a := range att {
		at, ext := a.Hex, a.Extended
		hexes := []string{at}
		if fs := r.extendedFacing(a, h); ext != "" && len(fs) > 0 {
			hexes = fs // 8.35.2: the hexes of an Extended Line that attack
		}
	fire:
		for _, x := range hexes {
			for _, e := range r.minZoneFirers(a, x) {
				if r.standing(e.Side, "DEFENSIVE") == "NEVER" {
					continue
				}
				r.oppFired[e.Name] = true
				r.zoneFire(e, a, x, "defensive-fire", "WV 11.32", "before its attack")
				if a.Eliminated || a.Hex != at || a.Extended != ext {
					break fire
				}
			}
		}
		if !a.Eliminated && a.Hex == at && a.Extended == ext && a.Morale != moraleRouted {
			left = append(left, a)
		}
	}
	return left
}

// fireCategory is 4.1's fire segment of a unit: 0 skirmish and General
// Order, 1 infantry battalions, 2 artillery.
func fireCategory(u *Unit) int {
	switch {
	case u.Type == "artillery":
		return 2
	case u.Formation == "general order", u.skirmishing():
		return 0
	}
	return 1
}

// canFire says why a unit may not fire, or "".
func canFire(u *Unit) string {
	if why := crewProblem(u, "has no fire"); why != "" {
		return why
	}
	if why := crewless(u); why != "" {
		return why
	}
	switch {
	case u.Type == "cavalry":
		return "cavalry does not fire (11.11)"
	case u.Type == "artillery" && u.Formation != "unlimbered":
		return "limbered artillery does not fire (11.11, 7.54)"
	case u.Morale == moraleRouted:
		return "a Routed unit does not fire (11.11)"
	case u.Fired:
		return "it has fired already this phase (11.11)"
	case u.AmmoOut:
		return "its ammunition is depleted (11.91)"
	}
	return ""
}

// firePlans checks a side's FIRE orders (dry run) against the state now.
func (r *run) firePlans(side rules.Side, os []*wvtext.Order) {
	seen := map[string]bool{}
	split := splitFires{}
	once := map[string]bool{} // 11.62: "from>target" hexes of General Order and skirmish fire
	halves := extHalves{}     // 11.53: an Extended Line's two target hexes
	for _, o := range os {
		u, ok := r.ownUnit(side, o.Who)
		if !ok {
			r.noUnit(side, o.Who, "unit")
			continue
		}
		if o.From != "" {
			if code, why := r.halfProblem(side, u, o, r.targetHex(side, o), seen, halves); code != "" {
				r.refuse(side, o.At, code, "WV "+strings.Split(code, "-")[1], u.Name+": "+r.anonymize(side, why), "")
			}
			continue
		}
		switch {
		case seen[u.Name] && !split.has(u.Name):
			r.refuse(side, o.At, "wv-11.11-twice", "WV 11.11", u.Name+" has two fire plans: a unit fires once a phase", "list every target in one FIRE line, or split the fire of a unit in General Order or a skirmish company with '; SP <n>' on each line (11.61)")
			continue
		case o.SP > 0 || split.has(u.Name):
			if why := split.add(u, o, r.targetHex(side, o)); why != "" { // 11.61-11.62
				r.refuse(side, o.At, "wv-11.61-split", "WV 11.61", u.Name+": "+why, "")
				continue
			}
		}
		if seen[u.Name] {
			continue // its fire is checked with its first plan
		}
		seen[u.Name] = true
		if why := r.togetherProblem(side, u, o, seen); why != "" { // 11.61-11.62
			r.refuse(side, o.At, "wv-11.61-together", "WV 11.61", why, "")
			continue
		}
		if k := u.Hex + ">" + r.targetHex(side, o); (u.skirmishing() || u.Formation == "general order") && o.SP == 0 {
			if once[k] {
				r.refuse(side, o.At, "wv-11.62-once", "WV 11.62", fmt.Sprintf("%s: a target hex is fired on only once from the same hex, and another plan from %s aims first at it", u.Name, u.Hex), "name the companies of the hex together in one FIRE line")
				continue
			}
			once[k] = true
		}
		if why := canFire(u); why != "" {
			r.refuse(side, o.At, "wv-11.11-cannot-fire", "WV 11.11", u.Name+": "+why, "")
			continue
		}
		if above := r.firesAbove(u); above != nil {
			r.refuse(side, o.At, "wv-9.51-not-top", "WV 9.51", fmt.Sprintf("%s: %s is above it in %s, and only the top unit of a stack in Column or Line fires (9.51, 11.51-11.52)", u.Name, above.Name, u.Hex), "fire with "+above.Name)
			continue
		}
		any := false
		for _, n := range o.Targets {
			t := r.seenEnemy(side, n.Text)
			if t == nil {
				r.refuse(side, n.At, "wv-11.0-no-target", "WV 11.0", fmt.Sprintf("%s sees no enemy unit called %s", side, orders.Clip(n.Text)), "name an enemy unit your report shows")
				continue
			}
			if why := r.fireProblem(u, t); why == "" {
				any = true
			}
		}
		if !any && len(r.problems) == 0 {
			t := r.seenEnemy(side, o.Targets[0].Text)
			code, ref := "wv-11.0-out-of-reach", "WV 11.0"
			if strings.HasSuffix(r.fireProblem(u, t), "(10.4)") {
				code, ref = "wv-10.4-line-of-sight", "WV 10.4"
			}
			r.refuse(side, o.At, code, ref, fmt.Sprintf("%s can fire at none of its targets now: %s", u.Name, r.fireProblem(u, t)), "name a target in range through its front")
		}
	}
}

// firesAbove returns the friendly battalion stacked above u when u is a
// battalion in Column or Line, which fires only from the top of its
// stack (9.51, 11.51-11.52); else nil. General Order, Square and skirmish
// companies keep their own rules (8.42, 8.54, 8.65, 11.6).
func (r *run) firesAbove(u *Unit) *Unit {
	if u.Type != "infantry" || u.skirmishing() || u.Formation != "column" && u.Formation != "line" {
		return nil
	}
	for _, o := range r.s.unitsAt(u.Hex) {
		if o == u {
			return nil
		}
		if o.Side == u.Side && o.Type == "infantry" && !o.skirmishing() {
			return o
		}
	}
	return nil
}

// firer is what the range bands read of a unit (11.0, 11.22-11.23).
func firer(u *Unit) Firer {
	return Firer{Artillery: u.Type == "artillery", Guns: u.Strength,
		ExtendedCapable: u.Type == "artillery" && u.Class == "foot" && u.FireClass == 1 && u.Morale != moraleDisordered}
}

// fireProblem says why u may not fire at t now, or "".
func (r *run) fireProblem(u, t *Unit) string {
	if u.Extended == "" {
		return r.fireProblemFrom(u, t)
	}
	why := ""
	for _, p := range extendedParts(u) { // 11.53: from either hex
		if w := r.fireProblemFrom(&p, t); w == "" || why == "" {
			why = w
		}
		if why == "" {
			return ""
		}
	}
	return why
}

// fireProblemFrom says why u, from its own hex, may not fire at t now,
// or "".
func (r *run) fireProblemFrom(u, t *Unit) string {
	at := r.aimAt(u, t) // 8.32.1
	d := r.s.dist(u.Hex, at)
	b, ok := r.tables.FireBand(firer(u), d)
	switch {
	case !ok:
		return fmt.Sprintf("%s is %d hexes away, out of range", t.Name, d)
	case u.Type == "artillery" && u.Ammo == 0 && b != Minimum && b != Medium:
		return "its ammunition is depleted: Minimum and Medium Range only (11.93)"
	case u.frontal() && !r.s.inFront(u.Hex, u.Facing, at):
		return fmt.Sprintf("%s is not in front of it (5.51)", t.Name)
	case d > r.s.visibility():
		return fmt.Sprintf("%s is beyond sight", t.Name)
	case !r.firerSees(u, at):
		return fmt.Sprintf("%s is out of its line of sight (10.4)", t.Name)
	}
	if bat := r.batteryAbove(u); bat != nil && !r.s.inFlankOrRear(bat, at) {
		return fmt.Sprintf("%s is through the front of %s, stacked with it: its skirmish companies fire only through its flank and rear hexsides (9.41)", t.Name, bat.Name)
	}
	return r.closestProblem(u, t, d, b)
}

// closestProblem says why t is not the target u must fire at, or "": a
// unit fires at the closest enemy unit it can fire at, unless that one is
// Routed (11.11.7); artillery passes over units in Soft or Hard Cover, and
// picks any target at Maximum or Extended Range or when stacked with a
// Command unit (11.71.1), and passes over skirmish companies of 3 SP or
// less in the open beyond Minimum Range (11.46). Equidistant targets are the player's choice.
func (r *run) closestProblem(u, t *Unit, d int, b Band) string {
	art := u.Type == "artillery"
	if art && (b == Maximum || b == Extended || r.withLeader(u)) {
		return ""
	}
	seen := r.s.seenEnemyHexes(u.Side)
	m := r.s.board()
	for i := range r.s.Units {
		e := &r.s.Units[i]
		if e == t || e.Side == u.Side || e.Eliminated || e.Morale == moraleRouted {
			continue
		}
		de := r.s.dist(u.Hex, e.Hex)
		if de >= d || !seen[m.Axial(e.Hex)] {
			continue
		}
		if de >= d || de > r.s.visibility() {
			continue
		}
		if _, ok := r.tables.FireBand(firer(u), de); !ok || u.frontal() && !r.s.inFront(u.Hex, u.Facing, e.Hex) || !r.firerSees(u, e.Hex) {
			continue
		}
		if terr := r.s.terrain(e.Hex); art && (terr == "woods" || terr == "farmette" || terr == "town") {
			continue
		}
		if eb, _ := r.tables.FireBand(firer(u), de); art && eb != Minimum && r.smallSkirmish(e.Hex) {
			continue // 11.46
		}
		return fmt.Sprintf("%s is nearer: a unit fires at the closest enemy unit (11.11.7)", e.Name)
	}
	return ""
}

// firerSees is the line of sight of u's fire at hex h (10.4): a
// battery's passes over the hexes of enemy skirmish companies of 3 SP or
// less in the open at Medium Range and beyond (11.46).
func (r *run) firerSees(u *Unit, h string) bool {
	if u.Type != "artillery" {
		return r.s.observes(u.Hex, h)
	}
	return r.s.observesPast(u.Hex, h, func(id string) bool {
		b, ok := r.tables.FireBand(firer(u), r.s.dist(u.Hex, id))
		in := r.s.unitsAt(id)
		return !(ok && b == Minimum) && len(in) > 0 && in[0].Side != u.Side && r.smallSkirmish(id)
	})
}

// smallSkirmish reports a hex that artillery need not target beyond
// Minimum Range: skirmish companies alone, of 3 SP or less together, in a
// clear, wetland or Light Cover hex (11.46, its first sentence).
func (r *run) smallSkirmish(h string) bool {
	switch r.s.terrain(h) {
	case "clear", "frozen-wetlands", "light-cover":
	default:
		return false
	}
	sp := 0
	for _, o := range r.s.unitsAt(h) {
		if !o.skirmishing() {
			return false
		}
		sp += o.Strength
	}
	return sp <= 3
}

// plan is one fire plan.
type plan struct {
	unit    string
	targets []string
	sp      int      // one of a split fire's parts (11.61), or 0
	also    []string // skirmish companies of its hex firing with it (11.61)
	// byHex are an Extended Line's targets by the hex each half fires
	// from (11.53), or nil.
	byHex map[string][]string
	spHex map[string]int // and the SP each half fires with, or 0
}

// reciprocalFire resolves the Reciprocal Fire Phase (4.1 phase 6).
func (r *run) reciprocalFire(files map[rules.Side]*orders.File) {
	var plans [2][3][]plan
	for _, side := range sides {
		for _, o := range r.inSegment(side, files[side]) {
			u, ok := r.ownUnit(side, o.Who)
			if !ok {
				continue
			}
			p := plan{unit: u.Name, sp: o.SP}
			for _, n := range o.Also {
				p.also = append(p.also, n.Text)
			}
			for _, n := range o.Targets {
				p.targets = append(p.targets, n.Text)
			}
			c := fireCategory(u)
			if o.From != "" { // 11.53: both halves are one plan
				p.byHex, p.spHex, p.sp = map[string][]string{o.From: p.targets}, map[string]int{o.From: o.SP}, 0
				if i := slices.IndexFunc(plans[sideIndex(side)][c], func(q plan) bool { return q.unit == u.Name && q.byHex != nil }); i >= 0 {
					plans[sideIndex(side)][c][i].byHex[o.From] = p.targets
					plans[sideIndex(side)][c][i].spHex[o.From] = o.SP
					continue
				}
			}
			plans[sideIndex(side)][c] = append(plans[sideIndex(side)][c], p)
		}
	}
	for c, name := range []string{"skirmish and General Order", "infantry", "artillery"} {
		fr, al := plans[0][c], plans[1][c]
		if len(fr) == 0 && len(al) == 0 {
			continue
		}
		die := r.d10("WV 11.0", "fire initiative: "+name+" fire", nil)
		first, second := fr, al
		who := SideFrench
		if !r.tables.FrenchFireFirst(die) {
			first, second, who = al, fr, SideAllied
		}
		r.tell("initiative", "WV 11.0", nil, "%s fire: the %s fire first (rolled %d)", name, who, die)
		for i := 0; i < len(first) || i < len(second); i++ {
			if i < len(first) {
				r.firePlan(first[i])
			}
			if i < len(second) {
				r.firePlan(second[i])
			}
		}
	}
	for i := range r.s.Units {
		r.s.Units[i].Fired = false
	}
}

// firePlan carries out one plan: the first target it may fire at.
func (r *run) firePlan(p plan) {
	u := r.s.unit(p.unit)
	if u == nil {
		return
	}
	if p.sp > 0 { // 11.61: each part of a split fire is a fire of its own
		defer r.splitPart(u, p.sp)()
	}
	if why := canFire(u); why != "" {
		r.tell("order-skipped", "WV 11.11", only(u.Side), "%s does not fire: %s", u.Name, why)
		return
	}
	if p.byHex != nil && u.Extended != "" {
		r.fireHalves(u, p.byHex, p.spHex) // 11.53
		return
	}
	var why []string
	for _, n := range p.targets {
		t := r.seenEnemy(u.Side, n)
		if t == nil {
			why = append(why, n+" is gone or out of sight")
			continue
		}
		if w := r.fireProblem(u, t); w != "" {
			why = append(why, w)
			continue
		}
		if u.Extended != "" {
			r.fireExtended(u, t) // 11.53
			return
		}
		if p.sp > 0 && r.splitTwice(u, t) { // 11.62
			why = append(why, t.Hex+" is fired on from "+u.Hex+" already (11.62)")
			continue
		}
		defer r.fireTogether(u, p.also)()
		r.fire(u, t)
		return
	}
	r.tell("order-skipped", "WV 11.0", only(u.Side), "%s does not fire: %s", u.Name, r.anonymize(u.Side, strings.Join(why, "; ")))
}

// targetOf is what 11.0 step 3 reads of the hex of t, fired on from hex
// from.
func (r *run) targetOf(t *Unit, from string) Target {
	tg := Target{Routed: t.Morale == moraleRouted, Enfiladed: r.s.inFlankOrRear(t, from),
		BehindLightCoverHexside: r.s.coveredFrom(from, t.Hex)} // 11.13
	switch {
	case t.Type == "cavalry":
		tg.Kind = Cavalry
	case t.Type == "artillery" && t.Formation == "limbered":
		tg.Kind = LimberedArtillery
	case t.Type == "artillery":
		tg.Kind = UnlimberedArtillery
	case t.Formation == "line":
		tg.Kind = LineFormation
	case t.Formation == "general order", t.skirmishing(), t.isCrew(): // 7.61 A
		tg.Kind = SkirmishOrGO
	default:
		tg.Kind = ColumnOrSquare
	}
	switch r.s.terrain(t.Hex) {
	case "light-cover":
		tg.Cover = LightCoverHex
	case "woods", "farmette":
		tg.Cover = SoftCoverHex
	case "town":
		tg.Cover = HardCoverHex
	}
	inf, cav, ung, lg := 0, 0, 0, 0
	tg.SkirmishOnly = true // 11.0 step 3: skirmish units of 4 SP or less
	for _, o := range r.s.unitsAt(t.Hex) {
		if o.Side != t.Side {
			continue // enemy guns left by their crew (7.53) are no part of the target
		}
		tg.SkirmishOnly = tg.SkirmishOnly && o.skirmishing()
		switch {
		case o.isCrew(): // steps, not troops or guns
		case o.Type == "infantry":
			inf += o.Strength
		case o.Type == "cavalry":
			cav += o.Strength
		case o.Formation == "unlimbered":
			ung += o.Strength
		default:
			lg += o.Strength
		}
	}
	tg.SP = inf + cav
	tg.Massed = MassedTarget(inf, cav, ung, lg, tg.Cover != Open)
	tg.SkirmishOnly = true // 8.65 D.3: companies alone in the hex
	for _, o := range r.s.unitsAt(t.Hex) {
		tg.SkirmishOnly = tg.SkirmishOnly && o.skirmishing()
	}
	return tg
}

// massedModifier is the die modifier of a Massed Target (11.41, ruling
// R8).
const massedModifier = 2

// fire carries out one fire combat of u at t (11.0 Fire Protocol).
func (r *run) fire(u, t *Unit) {
	u.Fired = true
	aim := *t // an Extended Line is fired on in either of its hexes (8.32.1)
	aim.Hex = r.aimAt(u, t)
	d := r.s.dist(u.Hex, aim.Hex)
	band, _ := r.tables.FireBand(firer(u), d)
	f := Fire{Strength: r.firingSP(u), FiringClass: u.FireClass, Disordered: u.Morale == moraleDisordered,
		MaxRange: band == Maximum || band == Extended}
	if u.Type == "artillery" {
		f.Table, f.Line = FireArtillery, string(band)
		if u.Ammo == 0 { // 11.93: the next longer range's line
			f.Line = map[Band]string{Minimum: string(Medium), Medium: string(Maximum)}[band]
		}
	} else {
		f.Table = FireFrenchInfantry
		if u.Nation == "Russian" {
			f.Table = FireRussianInfantry
		}
		f.Line = map[string]string{"column": "column", "square": "column", "line": "line", "general order": "skirmish", "skirmish": "skirmish"}[u.Formation]
	}
	tg := r.targetOf(&aim, u.Hex)
	f.TargetClass = TargetClass(tg, u.Type == "artillery", r.opt)
	what := fmt.Sprintf("%s fires at %s, %d hexes (%s range, Target Class %d)", u.Name, t.Name, d, band, f.TargetClass)
	if r.splitSP > 0 {
		what += fmt.Sprintf(" with %d of its SP (11.61)", f.Strength)
	}
	if len(r.together) > 0 {
		what += fmt.Sprintf(" with %s, %d SP as one (11.61)", names(r.together), f.Strength)
	}
	if r.half {
		what += fmt.Sprintf(" from %s with %d SP (11.53)", u.Hex, f.Strength)
	}
	if u.skirmishing() && r.s.cover(u.Hex) && band == Minimum && f.FiringClass != 2 {
		f.FiringClass = 2 // 8.65 D.1
		what += " as a Class 2 firing unit from cover (8.65 D.1)"
	}
	if band == Extended {
		impact, err := r.tables.ExtendedImpact(r.d10("WV 11.23", "extended range impact: "+u.Name, nil))
		if err == nil && impact != 0 {
			r.tell("fire", "WV 11.23", nil, "%s: the shot falls %d hex(es) %s the target, to no effect (ruling R46)", what, abs(impact), map[bool]string{true: "beyond", false: "short of"}[impact > 0])
			return
		}
	}
	die := r.d10("WV 11.0", "fire: "+u.Name+" at "+t.Name, nil)
	f.Die = die
	if tg.Massed {
		f.Die += massedModifier
	}
	mods := ""
	if tg.Massed {
		mods = fmt.Sprintf("%+d massed", massedModifier)
	}
	if r.centreFire {
		f.Die++ // 11.53.1: an Extended Line's one fire at its centre hex
		mods += "+1 Extended Line at its centre hex"
	}
	if r.displacing {
		f.Die-- // 8.66: a displaced skirmish company's fire
		mods += "-1 displacing"
	}
	if u.Type == "artillery" && (r.s.Step == stepFrenchMove || r.s.Step == stepAlliedMove) {
		f.Die-- // 11.71.2: artillery firing in the opponent's Movement Phase
		mods += "-1 in the enemy's Movement Phase"
	}
	res, ok, err := r.pack.FireResult(f)
	if err != nil || !ok {
		r.tell("fire", "WV 7.21", nil, "%s: Disordered at long range, it cannot fire", what)
		return
	}
	if screen := r.screened(u, &aim, band, f.TargetClass); screen != nil {
		defer r.screenedFire(u, screen, f, band) // 11.45, after the first
	}
	if u.Type == "artillery" && r.tables.SpendsAmmo(band, die) && u.Ammo > 0 {
		u.Ammo--
		r.tell("ammunition", "WV 11.93", only(u.Side), "%s spends an ammunition point (%d left)", u.Name, u.Ammo)
	}
	if u.Type == "infantry" {
		if b := r.s.leader(u.Brigade); b != nil {
			b.Engaged = true
		}
	}
	if u.Type == "artillery" && u.Ammo == 0 && res != "0" && res != "M" && res != "1" {
		res = "1" // 11.93: losses over 1 become 1
	}
	r.tell("fire", "WV 11.0", nil, "%s: rolled %d%s on the %s table, %s line: %s", what, die,
		mods, strings.TrimPrefix(f.Table, "fire-"), f.Line, fireText(res))
	r.traced(rules.Trace{Kind: rules.TraceFire, Side: u.Side, Label: u.Name, Hexes: []string{u.Hex, aim.Hex}})
	r.fireEffects(u, t, res, band, tg.Enfiladed)
	if u.skirmishing() && r.tables.SkirmishAmmoDepleted(die) && !u.Eliminated { // 11.91, ruling R16
		u.AmmoOut = true
		r.tell("ammunition", "WV 11.91", only(u.Side), "%s rolled %d: its ammunition is depleted (Ammo Deplt): no fire until resupplied, +2 to its morale die (11.91)", u.Name, die)
	}
}

// fireEffects applies a fire result to its target (11.8): the loss, the
// leaders' risk (11.44), the morale check (11.83).
func (r *run) fireEffects(u, t *Unit, res string, band Band, enfiladed bool) {
	if res != "0" {
		t = r.lossTaker(u, t) // 9.51
	}
	switch res {
	case "0":
		return
	case "M":
	default:
		n, hex := int(res[0]-'0'), t.Hex
		over := n - t.Strength
		if r.batteryLoss(t, n, "WV 9.41") { // its companies share the loss
			over = 0
		} else {
			r.loseSP(t, n, "WV 11.81")
		}
		r.leadersHitByFire(t, t.Hex, band)
		if t.Eliminated {
			r.excessLoss(t.Side, hex, over)
			return
		}
	}
	if band != Extended {
		r.involuntary(t, t.Name+" is fired on and checks morale") // 17.53, ruling R72
	}
	// 13.13: -1 behind a Light Cover hexside the fire came through, unless
	// enfiladed (11.42).
	behind := !enfiladed && r.s.coveredFrom(u.Hex, t.Hex)
	r.moraleResult(t, MoraleFacts{Enfiladed: enfiladed, LightCover: behind}, "WV 11.83", "fire from "+u.Name, u.Hex)
}

func fireText(res string) string {
	switch res {
	case "0":
		return "no effect"
	case "M":
		return "morale check"
	}
	return res + " SP lost"
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// moraleResult rolls a morale check and applies 13.1's outcome; from is
// the hex the threat came from, for the retreat.
func (r *run) moraleResult(u *Unit, f MoraleFacts, rule, why, from string) string {
	if u.Morale == moraleRouted {
		// 13.1's matrix has no row for a Routed unit: it checks no
		// further (ruling R52).
		r.tell("morale", rule, r.seenBy(u), "%s is Routed already: no morale check", u.Name)
		return ""
	}
	out, text := r.moraleCheck(u, f, rule, why)
	switch out {
	case "":
		r.tell("morale", rule, r.seenBy(u), "%s passes its morale check (%s)", u.Name, text)
	case "disordered":
		u.Morale = moraleDisordered
		r.tell("disordered", rule, r.seenBy(u), "%s fails its morale check (%s): Disordered", u.Name, text)
	case "disordered-retreat-2":
		u.Morale = moraleDisordered
		r.tell("disordered", rule, r.seenBy(u), "%s fails its morale check (%s): Disordered, retreats 2 hexes", u.Name, text)
		if r.limberToRetreat(u) {
			r.retreat(u, 2, from)
		}
	case "routed-retreat-3":
		r.rout(u, rule, text)
		if r.limberToRetreat(u) {
			r.retreat(u, 3, from)
		}
	}
	return out
}

// limberToRetreat limbers an unlimbered battery that must retreat after
// a morale check, and rolls for a gun (7.57, ruling R18): lost on a die at
// or under half its guns. The book lets the owner leave the guns instead;
// Galloper, which does not keep uncrewed guns, always limbers (ruling
// R56). It reports whether the battery is still in play to retreat.
func (r *run) limberToRetreat(u *Unit) bool {
	if u.Type != "artillery" || u.Formation != "unlimbered" {
		return true
	}
	u.Formation = "limbered"
	die := r.d10("WV 7.57", "limbering to retreat: "+u.Name, r.seenBy(u))
	if LimberToRetreatGunLost(die, u.Strength) {
		r.tell("limbered", "WV 7.57", r.seenBy(u), "%s limbers to retreat and loses a gun (rolled %d, at or under %d)", u.Name, die, u.Strength/2)
		r.loseSP(u, 1, "WV 7.57")
	} else {
		r.tell("limbered", "WV 7.57", r.seenBy(u), "%s limbers to retreat (rolled %d, over %d)", u.Name, die, u.Strength/2)
	}
	return !u.Eliminated
}

// rout makes a unit Routed.
func (r *run) rout(u *Unit, rule, why string) {
	if u.Morale != moraleRouted {
		defer r.unitMorale(u, -r.s.MoraleCost.Routed, u.Name+" routed")
	}
	u.Morale = moraleRouted
	if b := r.s.leader(u.Brigade); b != nil {
		b.Engaged = true // 15.11: a routed retreat engages the brigade
	}
	r.tell("routed", rule, r.seenBy(u), "%s is Routed (%s) and retreats 3 hexes", u.Name, why)
}

// loseSP takes n Strength Points (guns for a battery, whose crew follows
// 7.62) from a unit; at none it is eliminated (11.81).
func (r *run) loseSP(u *Unit, n int, rule string) {
	if n <= 0 {
		return
	}
	if u.isCrew() {
		n = r.crewLoss(u, n) // 7.62 B
		if n <= 0 {
			return
		}
	}
	n = min(n, u.Strength)
	u.Strength -= n
	what := "SP"
	if u.Type == "artillery" {
		what = "guns"
		u.Crew = min(u.Crew, CrewSteps(u.Strength)) // 7.62: a step a 3 guns
	}
	vis := r.seenBy(u)
	r.tell("loss", rule, vis, "%s loses %d %s (%d left)", u.Name, n, what, u.Strength)
	if u.Strength == 0 {
		u.Eliminated = true
		u.Charge = ""
		r.tell("eliminated", rule, vis, "%s is eliminated", u.Name)
		defer r.retireBrigade(u.Brigade) // 17.54
		if c := r.s.unit(u.Name + crewSuffix); u.Type == "artillery" && c != nil && !c.Eliminated {
			c.Eliminated = true // 7.62 D: its crew goes with its last gun
			r.tell("eliminated", "WV 7.62", r.seenBy(c), "%s is eliminated with its guns (7.62 D)", c.Name)
		}
	}
	r.moraleAfterLoss(u)
}

// nearestEnemy is the distance from hex h to the nearest enemy unit side
// can see.
func (r *run) nearestEnemy(side rules.Side, h string) int {
	return nearestOf(r.s.board().Axial(h), r.s.seenEnemyHexes(side))
}

// nearestOf is the distance from a to the nearest hex of set.
func nearestOf(a hex.Axial, set map[hex.Axial]bool) int {
	best := 1 << 30
	for e := range set {
		best = min(best, hex.Distance(a, e))
	}
	return best
}

// retreat moves u n hexes away from the enemy (13.3). Each hex must be
// no nearer the enemy the side can see than the last, free of enemy
// units and within stacking; the farthest from the enemy is preferred.
// The owner chooses the first hex among those (13.32): his standing
// RETREAT AWAY takes the preferred one, else he is asked. A unit that
// can retreat no further loses 1 SP for each hex it could not go
// (ruling R47).
func (r *run) retreat(u *Unit, n int, from string) {
	cur := u.Hex
	start := cur
	path := []string{cur}
	// 13.3: the units stacked with it retreat with it, as one group.
	var group []*Unit
	for _, o := range r.s.unitsAt(start) {
		if o.Side == u.Side && o != u {
			group = append(group, o)
		}
	}
	defer func() {
		for _, o := range group {
			if !o.Eliminated && o.Hex == start && u.Hex != start {
				o.Hex = u.Hex
				r.tell("retreat", "WV 13.3", r.seenBy(o), "%s retreats with it, from %s to %s", o.Name, start, u.Hex)
				r.retreatGunLoss(o, path) // 6.32
			}
		}
	}()
	enemies := r.s.seenEnemyHexes(u.Side)
	m := r.s.board()
	near := func(h string) int { return nearestOf(m.Axial(h), enemies) }
	occupied := func(h string) []*Unit {
		var out []*Unit
		for _, o := range r.s.unitsAt(h) {
			if o.Side == u.Side && o != u && !slices.Contains(group, o) {
				out = append(out, o)
			}
		}
		return out
	}
	if r.inRetreat == nil {
		r.inRetreat = map[string]bool{}
	}
	r.inRetreat[u.Name] = true
	defer delete(r.inRetreat, u.Name)
	defer func() { r.retreatGunLoss(u, path) }() // 6.32
	checked := map[string]bool{}
	// 13.33: a retreat that would end stacked with a friendly unit goes
	// on, a hex at a time, up to 3 more, to an empty hex.
	for extra := 0; ; extra++ {
		if extra > 0 {
			if len(occupied(cur)) == 0 || extra > 3 {
				break
			}
			n++
		}
		if r.retreatSteps(u, n, from, &cur, &path, near, occupied, checked) {
			return
		}
		if extra == 0 && len(occupied(cur)) == 0 {
			break
		}
	}
	u.Hex, u.RoadTail = cur, ""
	vis := r.seenBy(u) // where it ends: out of the enemy's sight, its own side alone learns it
	r.tell("retreat", "WV 13.3", vis, "%s retreats from %s to %s", u.Name, start, cur)
	r.traced(rules.Trace{Kind: rules.TraceRetreat, Side: u.Side, Label: u.Name, Hexes: path})
}

// retreatGunLoss is 6.32 for a retreat: a battery checks for gun loss
// each time it crosses a Stream, Brook or Light Cover hexside not
// traversed by a road, as in its own move (ruling R108).
func (r *run) retreatGunLoss(u *Unit, path []string) {
	if u.Type != "artillery" || u.Eliminated {
		return
	}
	var guns []gunCheck
	for i := 1; i < len(path); i++ {
		guns = append(guns, r.cross(mover(u), path[i-1], path[i], allowance(u), false).guns...)
	}
	r.gunLoss(u, guns)
}

// retreatSteps takes the retreat's steps from len(*path)-1 up to n,
// moving *cur; it reports true when the unit could go no further (it has
// lost its SP for that and stays).
func (r *run) retreatSteps(u *Unit, n int, from string, cur *string, path *[]string, near func(string) int, occupied func(string) []*Unit, checked map[string]bool) bool {
	for step := len(*path) - 1; step < n && !u.Eliminated; step++ {
		if step > 0 && !r.dry() { // 13.34: fired on leaving each hex after the first
			u.Hex = *cur
			if !r.opportunityFire(u, "retreats from "+*cur) {
				return true // eliminated, or its own retreat has taken it on
			}
		}
		here := near(*cur)
		var cands []string
		for _, h := range r.s.neighbours(*cur) {
			if r.enemyIn(u.Side, h) != nil || r.stackProblem(u, h) != "" || near(h) < here || h == from {
				continue
			}
			if tc, err := r.pack.Terrain(r.s.terrain(h), mover(u)); err != nil || tc.Prohibited {
				continue
			}
			if r.cross(mover(u), *cur, h, allowance(u), false).bad != "" {
				continue // a hexside it may never cross (6.22: a battery and a Major Stream)
			}
			cands = append(cands, h)
		}
		// Hexes farther from the enemy come first; those no nearer are
		// taken only when none is farther (13.3: away from the enemy).
		var away []string
		for _, h := range cands {
			if near(h) > here {
				away = append(away, h)
			}
		}
		if len(away) > 0 {
			cands = away
		}
		// Farther first; among equals, an empty hex before a friendly one.
		slices.SortStableFunc(cands, func(a, b string) int {
			if d := near(b) - near(a); d != 0 {
				return d
			}
			return min(len(occupied(a)), 1) - min(len(occupied(b)), 1)
		})
		if len(cands) == 0 {
			r.tell("retreat", "WV 13.32", r.seenBy(u), "%s can retreat no further than %s", u.Name, *cur)
			u.Hex = *cur
			r.loseSP(u, n-step, "WV 13.32")
			return true
		}
		next := cands[0]
		if step == 0 && len(cands) > 1 {
			c := rules.Choice{Key: "retreat " + u.Name, Side: u.Side, Rule: "WV 13.32",
				Question: fmt.Sprintf("%s must retreat %d hexes from %s: into which hex first", u.Name, n, *cur),
				Options:  cands, Default: cands[0]}
			if r.standing(u.Side, "RETREAT") == "AWAY" {
				c.Standing = cands[0]
			}
			next = r.decide(c)
		}
		// 13.33: the top unit of a friendly hex retreated into checks its
		// morale first, once, and may retreat itself, the chain as deep as
		// it goes; a unit whose own retreat is under way is not asked.
		// 8.65 C.4: a skirmish company's Disordered retreat into a
		// friendly formed unit's hex makes it check no morale.
		// 7.61 F: an artillery crew's retreat makes none check.
		skirmisher := u.skirmishing() && u.Morale == moraleDisordered
		if occ := occupied(next); len(occ) > 0 && !checked[next] && !r.inRetreat[occ[0].Name] && !(skirmisher && occ[0].formed()) && !u.isCrew() {
			checked[next] = true
			r.moraleResult(occ[0], MoraleFacts{}, "WV 13.33", u.Name+" retreats into its hex", from)
		}
		*cur = next
		*path = append(*path, next)
	}
	return false
}

// shockOrders checks and carries out a side's SHOCK orders (12.0).
func (r *run) shockOrders(side rules.Side, os []*wvtext.Order) {
	inCmd := r.inCommand(side)
	for _, o := range os {
		var us []*Unit
		ok := true
		for _, n := range append([]orders.Name{o.Who}, o.Also...) {
			u, mine := r.ownUnit(side, n)
			if !mine {
				r.noUnit(side, n, "unit")
				ok = false
				continue
			}
			if why := r.shockProblem(u, o.Hex, inCmd[u.Name]); why != "" {
				r.refuse(side, n.At, "wv-12.0-cannot-shock", "WV 12.0", u.Name+": "+why, "")
				ok = false
				continue
			}
			us = append(us, u)
		}
		if !ok {
			continue
		}
		if e := r.enemyIn(side, o.Hex); e == nil || r.dry() && !r.s.sees(side, o.Hex) {
			r.refuse(side, o.At, "wv-12.0-no-defender", "WV 12.0", fmt.Sprintf("%s sees no enemy unit in %s", side, o.Hex), "shock a hex your report shows an enemy unit in")
			continue
		}
		if why := r.skirmishShockProblem(us, o.Hex); why != "" {
			r.refuse(side, o.At, "wv-8.65-shock", "WV 8.65", why, "")
			continue
		}
		for _, u := range us {
			r.shocked[u.Name] = true
			r.countShock(u)
		}
		if r.dry() {
			continue
		}
		var fit []*Unit
		for _, u := range us {
			r.faceToShock(u, o.Hex) // 12.12
			if r.fatigueCheck(u) {
				fit = append(fit, u)
			}
		}
		if len(fit) > 0 {
			r.shock(fit, o.Hex, false, 0)
		}
	}
}

// shockProblem says why u may not shock hex h, or "".
func (r *run) shockProblem(u *Unit, h string, inCmd bool) string {
	switch {
	case u.Type == "cavalry":
		return "cavalry attacks by charging: declare a CHARGE in your Command segment (12.5)"
	case u.Type == "artillery":
		return "artillery does not shock (12.1)"
	case u.isCrew():
		return crewProblem(u, "makes no shock attack")
	case u.Morale == moraleRouted:
		return "a Routed unit does not shock (7.22)"
	case u.Formation == "square":
		return "a Square does not shock (8.42)"
	case r.barred[u.Name]:
		return "after a Disordered Retreat or Rout result it shocks no more this phase (12.11.5)"
	case r.shocks[u.Name] >= 2:
		return "it has made 2 shock attacks this phase, the most an infantry unit makes (12.11.5)"
	case u.Extended != "" && (!r.onMap(h) || len(r.extendedFacing(u, h)) == 0):
		return h + " is not a hex its Extended Line faces (8.35.2-3)"
	case u.Extended == "" && (!r.onMap(h) || r.s.dist(u.Hex, h) != 1):
		return h + " is not next to it"
	case u.Extended == "" && u.frontal() && !r.s.inFront(u.Hex, u.Facing, h) && r.shocks[u.Name] == 0:
		return h + " is not through its front (5.52; it may change its facing only after its first shock, 12.12)"
	case !inCmd:
		return "it is Out of Command (17.13)"
	}
	return ""
}

// fatigueCheck is 15.2: a unit of a brigade at Fatigue Level 2 must pass
// a morale check to shock.
func (r *run) fatigueCheck(u *Unit) bool {
	b := r.s.leader(u.Brigade)
	if b == nil {
		return true
	}
	lvl, err := r.tables.Fatigue(b.Fatigue)
	if err != nil || !lvl.ShockCheck {
		return true
	}
	pass, text := r.moraleTest(u, MoraleFacts{}, "WV 15.2", "exhausted brigade attempting shock")
	if !pass {
		r.tell("order-skipped", "WV 15.2", nil, "%s's brigade is Exhausted and it fails its morale check (%s): no shock", u.Name, text)
	}
	return pass
}

// sumSP is a stack's strength for shock: an artillery crew's steps for
// a battery (12.42), at most 9 infantry SP in Hard or Soft Cover (12.13).
func (r *run) sumSP(us []*Unit, cover bool) int {
	n := 0
	for _, u := range us {
		if u.Type == "artillery" {
			n += u.Crew
		} else if sp, ok := r.extCap[u.Name]; ok {
			n += sp // 8.35.2
		} else {
			n += u.Strength
		}
	}
	if cover && n > 9 {
		n = 9
	}
	return max(n, 1)
}

// shock resolves one shock combat of attackers against hex h (12.0);
// charging is set for a cavalry charge, startDist its distance at
// declaration.
func (r *run) shock(att []*Unit, h string, charging bool, startDist int) {
	def := r.enemiesIn(att[0].Side, h)
	if len(def) == 0 {
		return
	}
	for _, d := range def {
		r.involuntary(d, d.Name+" is attacked") // 17.53
	}
	a0, d0 := att[0], def[0]
	r.extendedChoice(d0, h, att) // 8.35.1, before the defensive fire
	if r.abandons(d0, att, charging) {
		r.tell("abandoned", "WV 7.65", nil, "%s's crew abandons its guns before %s's shock (7.65)", d0.Name, a0.Name)
		morale, from, all := d0.Morale, a0.Hex, att
		d0.Morale = moraleDisordered // 7.65: the guns fire as Disordered
		att = r.defensiveFire(att, h)
		r.abandonGuns(d0, all, from, morale)
		for i, a := range att {
			att[i] = r.s.unit(a.Name) // the crew's unit may have moved s.Units
		}
	} else {
		att = r.defensiveFire(att, h)
	}
	if len(att) == 0 {
		r.tell("shock", "WV 11.32", nil, "the attack on %s is broken up by defensive fire", h)
		return
	}
	a0 = att[0]
	if def = r.defenders(a0.Side, h); len(def) == 0 {
		r.advanceInto(att, h) // 7.53: guns without a crew do not defend (ruling R106)
		r.generalOrderOnGuns(att, h)
		return
	}
	d0 = def[0]
	defer r.extendedAttack(att, h)() // 8.35.2-3
	// 12.14: a formed infantry unit that shocks into an obstructed hex
	// adopts General Order after the defensive fire and before the
	// differential is found. An Extended Line keeps its own rules (8.35).
	if tc, err := r.pack.Terrain(r.s.terrain(h), "infantry"); err == nil && tc.GeneralOrder && !charging {
		for _, a := range att {
			if a.Type == "infantry" && a.formed() && a.Extended == "" && !a.skirmishing() && a.Formation != "general order" {
				a.Formation = "general order"
				r.tell("formation", "WV 12.14", nil, "%s shocks into obstructed terrain at %s and adopts General Order (12.14)", a.Name, h)
			}
		}
	}
	from := r.attackHex(a0, h)
	edge := r.s.hexside(from, h)
	if edge.Water == sideStream || edge.Water == sideMajorStream {
		r.shockHexsideDisorder(att, charging, "shocks across "+sideName(edge.Water, from, h)) // 12.14
	}
	if charging {
		r.chargeHexsideDisorder(att, from, h, edge) // 12.54.2
	}
	cut := r.extendedDefence(d0, h, att) // 8.35.1
	for _, a := range att {
		if r.s.inFlankOrRear(d0, r.attackHex(a, h)) && d0.formed() {
			d0.Morale = moraleDisordered
			r.tell("disordered", "WV 5.52", nil, "%s is attacked through its flank or rear: Disordered", d0.Name)
			break
		}
	}
	r.skirmishersShocked(def, a0, charging) // 8.65 B.5
	terr := r.s.terrain(h)
	cover := terr == "town" || terr == "woods" || terr == "farmette"
	in := ShockInput{AttackSP: r.sumSP(att, cover && a0.Type == "infantry"), DefendSP: r.sumSP(def, cover && d0.Type == "infantry"),
		AttackER: r.currentER(a0, false), DefendER: r.currentER(d0, false),
		Attacker: ShockAttacker{Disordered: a0.Morale == moraleDisordered, SkirmishOrCossack: a0.skirmishing(), CommandUnit: r.withUnreducedLeader(a0), IntoWind: r.s.windOn(a0),
			Unformed: a0.Formation == "general order" || a0.skirmishing(), RussianInfantry: a0.Nation == "Russian" && a0.Type == "infantry",
			Impetus: charging && a0.formed() && !r.oppShock},
		Defender: ShockDefender{Routed: d0.Morale == moraleRouted, Disordered: d0.Morale == moraleDisordered,
			SkirmishCrewOrCossack: d0.Type == "artillery" || d0.loose(), SkirmishLightCoverHex: r.skirmishLightCover(d0, h), CommandUnit: r.withUnreducedLeader(d0), HeavySnowIntoWind: r.s.windOn(d0) == HeavySnow, Unformed: d0.Formation == "general order" || d0.skirmishing(),
			SoftCoverOrLCHexside: terr == "woods" || terr == "farmette" || r.s.lightCoverProtects(from, h), HardCover: terr == "town", Infantry: d0.Type == "infantry",
			AcrossStream: edge.Water == sideStream || edge.Water == sideMajorStream, SteepSlopeFromBelow: r.s.contour(from, h) == "steep-slope-up",
			CavalryOrArtillery: d0.Type != "infantry", SquareVsCavalry: charging && d0.Formation == "square"},
		OpenGround: terr == "clear" || terr == "light-cover", CrewWithBattery: d0.Type == "artillery"}
	in.DefendSP -= cut
	setup, err := r.pack.SetUp(r.tables, in)
	if err != nil {
		return
	}
	var ac, dc string
	head := fmt.Sprintf("%s %s %s in %s: %d SP to %d", names(att), map[bool]string{true: "charge", false: "shock"}[charging], names(def), h, in.AttackSP, in.DefendSP)
	switch setup.Auto {
	case "attacker-Dr":
		ac, dc = "Dr", "•"
		r.tell("shock", "WV 12.23", nil, "%s: the odds and differential give the attacker an automatic Dr (12.23)", head)
	case "defender-Dr":
		ac, dc = "•", "Dr"
		r.tell("shock", "WV 12.23", nil, "%s: 5 to 1 in the open gives the defender an automatic Dr (12.23.2)", head)
	default:
		die := r.d10("WV 12.0", "shock: "+a0.Name+" at "+h, nil)
		if ac, dc, err = r.pack.ShockResult(setup, die); err != nil {
			return
		}
		r.tell("shock", "WV 12.0", nil, "%s, odds %s, differential %+d: rolled %d, result %s/%s", head, setup.Odds, setup.Differential, die, ac, dc)
	}
	// The loss adjustments of 12.42.4-5 read a battery's guns, not its
	// crew (the 7.62 example's 2-gun loss from a 2-step crew, ruling R50).
	aSP, dSP := lossSP(att), lossSP(def)
	r.engage(att)
	r.engage(def)
	r.applyShock(att, ac, aSP, dSP, false, h, "")
	r.applyShock(def, dc, dSP, aSP, true, "", from)
	r.afterExtendedShock(att, h) // 8.35.2
	if len(r.s.unitsAt(h)) == 0 {
		r.advanceInto(att, h)
	}
	if edge.Cover != "" {
		r.shockHexsideDisorder(att, charging, "shocked across "+sideName("light-cover-hexside", from, h)) // 12.14
	}
}

// chargeCrossing is a hexside crossed on a charge's path, from hex from
// into h: a charge moves a hex at a time (12.53.3), paying no Movement
// Points, and a hexside whose Terrain Effects Chart cell Disorders the
// cavalry (a Stream or Major Stream not crossed by a road, 6.22)
// Disorders a formed charging unit as it crosses (12.54.2: Disordered
// during the charge).
func (r *run) chargeCrossing(u *Unit, from, h string) {
	if !u.formed() || u.Eliminated {
		return
	}
	if x := r.cross(mover(u), from, h, 99, false); x.bad != "" || !x.cost.Disorder {
		return
	}
	where := "the hexside between " + from + " and " + h
	for _, row := range r.s.hexsideRows(from, h) {
		if row == sideStream || row == sideMajorStream {
			where = sideName(row, from, h)
		}
	}
	u.Morale = moraleDisordered
	r.tell("disordered", "WV 6.22", nil, "%s crosses %s in its charge and is Disordered (6.22, 12.54.2)", u.Name, where)
}

// chargeHexsideDisorder is 12.54.2 for charging cavalry shocking from
// hex from into h, after the defensive fire and before the differential:
// across a Stream (or Major Stream) hexside it is Disordered; across a
// Brook or Light Cover hexside a die of 6 or more Disorders it.
func (r *run) chargeHexsideDisorder(att []*Unit, from, h string, edge sideFeatures) {
	for _, a := range att {
		if a.Type != "cavalry" || !a.formed() || a.Eliminated {
			continue
		}
		switch {
		case edge.Water == sideStream || edge.Water == sideMajorStream:
			a.Morale = moraleDisordered
			r.tell("disordered", "WV 12.54", nil, "%s charges across %s and is Disordered (12.54)", a.Name, sideName(edge.Water, from, h))
		case edge.Water == sideBrook || edge.Cover != "":
			row := sideBrook
			if edge.Water == "" {
				row = "light-cover-hexside"
			}
			where := sideName(row, from, h)
			die := r.d10("WV 12.54", "charge across a hexside: "+a.Name, nil)
			if r.tables.ChargeDisordersOnHexside(die) {
				a.Morale = moraleDisordered
				r.tell("disordered", "WV 12.54", nil, "%s charges across %s: rolled %d, Disordered (12.54)", a.Name, where, die)
			} else {
				r.tell("charge", "WV 12.54", nil, "%s charges across %s: rolled %d, still formed (12.54)", a.Name, where, die)
			}
		}
	}
}

// shockHexsideDisorder Disorders the formed infantry of an attack that
// crossed a Stream or Major Stream hexside, after the defensive fire and
// before the differential, or a Light Cover hexside, at the conclusion
// of the attack (12.14: the rule is the infantry's; a charge's hexsides
// are 12.54's). An Extended Line keeps its own rules (8.35).
func (r *run) shockHexsideDisorder(att []*Unit, charging bool, how string) {
	if charging {
		return
	}
	for _, a := range att {
		if a.Type == "infantry" && a.formed() && !a.Eliminated && a.Extended == "" && !a.skirmishing() && a.Formation != "general order" {
			a.Morale = moraleDisordered
			r.tell("disordered", "WV 12.14", nil, "%s %s and is Disordered (12.14)", a.Name, how)
		}
	}
}

// excessLoss is 9.51.1: the losses of a fire beyond the SP of the unit
// it eliminated fall on the new topmost unit of the hex, and so on; what
// exceeds every SP in the hex is ignored.
func (r *run) excessLoss(side rules.Side, hex string, over int) {
	for over > 0 {
		var next *Unit
		for _, o := range r.s.unitsAt(hex) {
			if o.Side == side {
				next = o
				break
			}
		}
		if next == nil {
			return
		}
		k := min(over, next.Strength)
		over -= k
		r.loseSP(next, k, "WV 9.51")
	}
}

// lossSP is a stack's troop or gun strength, for 12.42.4-5.
func lossSP(us []*Unit) int {
	n := 0
	for _, u := range us {
		n += u.Strength
	}
	return n
}

// engage marks the units' brigades engaged (15.11).
func (r *run) engage(us []*Unit) {
	for _, u := range us {
		if b := r.s.leader(u.Brigade); b != nil {
			b.Engaged = true
		}
	}
}

// applyShock applies one side's result code to its stack (12.41-12.42):
// the adjusted result, the loss on the top unit, Disorder or Rout, and
// the retreat, away from hex from.
func (r *run) applyShock(us []*Unit, code string, ownSP, otherSP int, defender bool, _ string, from string) {
	top := us[0]
	res, extra, err := r.tables.AdjustShock(code, ShockTarget{Disordered: top.Morale == moraleDisordered,
		Routed: defender && top.Morale == moraleRouted, Unformed: top.Formation == "general order" || top.skirmishing()})
	if err != nil {
		return
	}
	loss := ShockLoss(res.Loss+extra, ownSP, otherSP)
	if !r.batteryLoss(top, loss, "WV 9.41") { // 9.41: its companies share the loss
		r.loseSP(top, loss, "WV 12.42")
	}
	if loss > 0 {
		r.leadersHitInShock(top, top.Hex)
	}
	for _, u := range us {
		if u.Eliminated {
			continue
		}
		switch {
		case res.Rout:
			r.rout(u, "WV 12.41", "shock result "+code)
		case res.Disorder && u.formed():
			u.Morale = moraleDisordered
			r.tell("disordered", "WV 12.41", nil, "%s is Disordered (shock result %s)", u.Name, code)
		}
	}
	if !defender && (res.Rout || res.Retreat > 0) {
		for _, u := range us {
			r.barShock(u) // 12.11.5
		}
	}
	for _, u := range us {
		if res.Retreat > 0 && !u.Eliminated {
			away := from
			if away == "" {
				away = r.nearestEnemyHex(u)
			}
			r.retreat(u, res.Retreat, away) // the stack goes with it (13.3)
			return
		}
	}
}

// nearestEnemyHex is the hex of the nearest enemy unit to u.
func (r *run) nearestEnemyHex(u *Unit) string {
	best, at := 1<<30, ""
	for i := range r.s.Units {
		e := &r.s.Units[i]
		if e.Side != u.Side && !e.Eliminated {
			if d := r.s.dist(e.Hex, u.Hex); d < best {
				best, at = d, e.Hex
			}
		}
	}
	return at
}

// enemiesIn lists the units in hex h not of side.
func (r *run) enemiesIn(side rules.Side, h string) []*Unit {
	var out []*Unit
	for _, u := range r.s.unitsAt(h) {
		if u.Side != side {
			out = append(out, u)
		}
	}
	return out
}

// defenders lists side's enemies in hex h that defend it in a shock:
// guns without a crew do not (7.53; ruling R106).
func (r *run) defenders(side rules.Side, h string) []*Unit {
	var out []*Unit
	for _, u := range r.enemiesIn(side, h) {
		if !u.uncrewed() {
			out = append(out, u)
		}
	}
	return out
}

// generalOrderOnGuns is 12.43.4: a formed infantry attacker that ends a
// shock in a hex of guns without a crew adopts General Order.
func (r *run) generalOrderOnGuns(att []*Unit, h string) {
	guns := false
	for _, u := range r.enemiesIn(att[0].Side, h) {
		guns = guns || u.uncrewed()
	}
	for _, a := range att {
		if guns && a.Hex == h && !a.Eliminated && a.Type == "infantry" && a.formed() && !a.skirmishing() && a.Formation != "general order" {
			a.Formation = "general order"
			r.tell("formation", "WV 12.43", nil, "%s enters the hex of uncrewed guns and adopts General Order (12.43.4)", a.Name)
		}
	}
}

// advanceInto moves the attackers into a vacated hex (12.41), as far as
// stacking allows.
func (r *run) advanceInto(att []*Unit, h string) {
	for _, a := range att {
		if a.Eliminated || a.Morale == moraleRouted || r.stackProblem(a, h) != "" || a.Hex == h {
			continue
		}
		r.tell("advance", "WV 12.41", nil, "%s advances into %s", a.Name, h)
		a.Hex = h
	}
	for _, a := range att {
		if !a.Eliminated && a.Hex == h {
			r.shockOpportunityCharge(a) // 12.56.2
		}
	}
}

// declareCharge checks and makes a charge declaration (12.51-12.52).
func (r *run) declareCharge(side rules.Side, o *wvtext.Order) {
	u, ok := r.ownUnit(side, o.Who)
	if !ok {
		r.noUnit(side, o.Who, "unit")
		return
	}
	refuse := func(code, rule, msg string) { r.refuse(side, o.At, code, rule, u.Name+": "+msg, "") }
	switch {
	case u.Type != "cavalry":
		refuse("wv-12.51-not-cavalry", "WV 12.51", "only cavalry charges")
		return
	case !u.formed():
		refuse("wv-12.51-unformed", "WV 12.51", "a Disordered or Routed unit does not charge")
		return
	case u.Exhausted:
		refuse("wv-7.41-exhausted", "WV 7.41", "exhausted cavalry does not charge")
		return
	case u.Charge != "":
		refuse("wv-12.51-declared", "WV 12.51", "it has a charge declared already")
		return
	case !r.inCommand(side)[u.Name]:
		refuse("wv-17.13-out-of-command", "WV 17.13", "it is Out of Command: no voluntary charge")
		return
	}
	t := r.seenEnemy(side, o.Targets[0].Text)
	if t == nil {
		r.refuse(side, o.Targets[0].At, "wv-12.51-no-target", "WV 12.51", fmt.Sprintf("%s sees no enemy unit called %s", side, orders.Clip(o.Targets[0].Text)), "name an enemy unit your report shows")
		return
	}
	if why := r.chargeZoneProblem(u, u.Hex, t); why != "" {
		refuse("wv-12.52-zone", "WV 12.52", why)
		return
	}
	if r.dry() {
		u.Charge = t.Name
		return
	}
	pass, text := r.moraleTest(u, MoraleFacts{}, "WV 12.52", "charge initiation")
	if !pass {
		u.Morale = moraleDisordered
		r.tell("charge-failed", "WV 12.52", nil, "%s fails its charge initiation check (%s): Disordered", u.Name, text)
		return
	}
	u.Charge = t.Name
	r.tell("charge-declared", "WV 12.52", nil, "%s declares a charge at %s, %d hexes away (%s)", u.Name, t.Name, r.s.dist(u.Hex, t.Hex), text)
	r.involuntary(t, t.Name+" is in an enemy Charge Zone") // 17.53
}

// chargeZoneProblem says why t is not in the Charge Zone of u standing at
// hex at: six hexes through its front, not into woods, town or frozen
// wetlands (12.52).
func (r *run) chargeZoneProblem(u *Unit, at string, t *Unit) string {
	d := r.s.dist(at, t.Hex)
	switch terr := r.s.terrain(t.Hex); {
	case d > 6:
		return fmt.Sprintf("%s is %d hexes away, beyond the 6 of a Charge Zone", t.Name, d)
	case !r.s.inFront(at, u.Facing, t.Hex):
		return t.Name + " is not in front of it"
	case terr == "woods" || terr == "town" || terr == "frozen-wetlands":
		return fmt.Sprintf("%s stands in %s, outside any Charge Zone", t.Name, terr)
	}
	return ""
}

// chargePath is the shortest way for a charging unit from its hex to one
// next to its target: through empty hexes of its Charge Zone (its front,
// 12.52) that its terrain allows, at most the zone's 6 hexes; nil when
// there is none. Of the shortest, it takes one ending with the target in
// its front (12.53.4), then one crossing the fewest hexsides that
// Disorder it (6.22, chargeCrossing).
func (r *run) chargePath(u, t *Unit) []string {
	m := r.s.board()
	goal := m.Axial(t.Hex)
	const step = 10 // a hex; one more for a hexside that Disorders
	cost := func(from, to hex.Axial) int {
		if !m.OnMap(to) {
			return -1
		}
		if to == goal {
			if !r.s.inFront(m.ID(m.ToOffset(from)), u.Facing, t.Hex) {
				return step + 5 // a turn to face it (12.53.4; ruling R107)
			}
			return step
		}
		id := m.ID(m.ToOffset(to))
		if len(r.s.unitsAt(id)) > 0 || !r.s.inFront(u.Hex, u.Facing, id) {
			return -1
		}
		if tc, err := r.pack.Terrain(r.s.terrain(id), mover(u)); err != nil || tc.Prohibited {
			return -1
		}
		if x := r.cross(mover(u), m.ID(m.ToOffset(from)), id, 99, false); x.bad != "" {
			return -1
		} else if x.cost.Disorder {
			return step + 1
		}
		return step
	}
	p, _, ok := hex.AStar(m.Axial(u.Hex), goal, cost, step)
	if !ok || len(p)-1 > 6 {
		return nil
	}
	var out []string
	for _, a := range p[:len(p)-1] { // up to the hex before the target's
		out = append(out, m.ID(m.ToOffset(a)))
	}
	return out
}

// charges carries out the side's declared charges (12.53-12.55) in the
// order of the units.
func (r *run) charges(side rules.Side) {
	for i := range r.s.Units {
		u := &r.s.Units[i]
		if u.Side != side || u.Eliminated || u.Charge == "" {
			continue
		}
		target := u.Charge
		u.Charge = ""
		r.charge(u, target)
	}
}

// charge carries out one charge.
func (r *run) charge(u *Unit, target string) {
	t := r.s.unit(target)
	switch {
	case !u.formed():
		r.tell("charge", "WV 12.53", nil, "%s's charge is called off: it is no longer formed", u.Name)
		return
	case t == nil:
		r.tell("charge", "WV 12.53", nil, "%s's charge is called off: %s is gone", u.Name, target)
		return
	}
	if why := r.chargeZoneProblem(u, u.Hex, t); why != "" {
		r.tell("charge", "WV 12.53", nil, "%s's charge is called off: %s (ruling R49)", u.Name, why)
		return
	}
	start := r.s.dist(u.Hex, t.Hex)
	if primary := u.Primary; primary {
		u.Primary = false
		if start > 3 {
			r.tell("charge", "WV 12.56", nil, "%s's opportunity charge is called off: %s is %d hexes away, beyond its Primary Charge Zone", u.Name, t.Name, start)
			return
		}
	}
	vis := r.seenBy(u) // the charge seen from where it starts
	path := r.chargePath(u, t)
	if path == nil {
		u.Morale = moraleDisordered
		r.tell("charge", "WV 12.53", nil, "%s's charge is blocked at %s: Disordered", u.Name, u.Hex)
		return
	}
	cur := path[len(path)-1]
	turned, barred := false, false
	if cur != u.Hex {
		f, turns := r.s.stepFacing(cur, t.Hex, u.Facing)
		// 12.53.4: no voluntary change of facing in the Primary Charge
		// Zone, its first 3 hexes (12.52).
		if barred = turns > 0 && r.s.dist(u.Hex, cur) <= 3; !barred {
			u.Facing, turned = f, turns > 0
		}
	}
	r.tell("charge", "WV 12.53", vis, "%s charges from %s to %s, against %s (%s) in %s", u.Name, u.Hex, cur, t.Name, t.Formation, t.Hex)
	if turned && u.formed() {
		// 12.12, 12.54.2: a formed charging unit that changes its facing
		// is Disordered there, before the defender's check (ruling R107).
		u.Morale = moraleDisordered
		r.tell("disordered", "WV 12.12", nil, "%s turns to face %s in its charge and is Disordered (12.12, 12.54.2)", u.Name, facingNames[u.Facing])
	}
	r.traced(rules.Trace{Kind: rules.TraceCharge, Side: u.Side, Label: u.Name, Hexes: append(path, t.Hex)})
	u.Exhausted = true
	if b := r.s.leader(u.Brigade); b != nil {
		b.Charged, b.Engaged = true, true
	}
	// 11.3.1: charging cavalry is fired on as it leaves a hex of an
	// enemy Minimum Range Fire Zone, once by each unit.
	for i, h := range path[:len(path)-1] {
		u.Hex = h
		if i > 0 {
			r.chargeCrossing(u, path[i-1], h) // 6.22, 12.54.2
		}
		if i > 0 && !r.shockOpportunityCharge(u) { // 12.56.2, on entering h
			r.tell("charge", "WV 12.56", nil, "%s's charge ends at %s", u.Name, u.Hex)
			return
		}
		if !r.opportunityFire(u, "charges out of "+h) {
			if !u.Eliminated {
				r.tell("charge", "WV 11.3", nil, "%s's charge is stopped by fire", u.Name)
			}
			return
		}
	}
	u.Hex = cur
	if len(path) > 1 {
		r.chargeCrossing(u, path[len(path)-2], cur) // 6.22, 12.54.2
	}
	if len(path) > 1 && !r.shockOpportunityCharge(u) { // 12.56.2, on entering cur
		r.tell("charge", "WV 12.56", nil, "%s's charge ends at %s", u.Name, u.Hex)
		return
	}
	if t.Eliminated || r.s.dist(u.Hex, t.Hex) != 1 {
		return
	}
	if barred {
		u.Morale = moraleDisordered // 12.53.7: the charge is over
		r.tell("charge", "WV 12.53", nil, "%s does not face %s from %s and may not turn in its Primary Charge Zone (12.53.4): its charge ends, Disordered", u.Name, t.Name, u.Hex)
		return
	}
	if t.formed() && t.Formation != "square" {
		mod := r.tables.ChargeModifier(u.Class == "heavy", start <= 3, u.Strength)
		r.moraleResult(t, MoraleFacts{ChargeModifier: mod}, "WV 12.62", "charged by "+u.Name, u.Hex)
		if t.Eliminated || r.s.dist(u.Hex, t.Hex) != 1 {
			r.tell("charge", "WV 12.62", nil, "%s gives way before the charge; %s stops at %s", t.Name, u.Name, u.Hex)
			return
		}
	}
	r.shock([]*Unit{u}, t.Hex, true, start)
}
