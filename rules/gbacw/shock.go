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

// Shock (GBACW 11), after all the brigade's other actions (11.12), each
// step done for every shock before the next (11.11):
//
//	1. Designation: the declared and mandatory shocks (11.21) of the
//	   units that may shock (11.12) grouped into shocks of one
//	   attacking hex or one defending hex, combined as 11.32 says
//	   (designate.go, ruling GBACW-R36), a Cavalry Charge's shock a
//	   Charge when 11.51 and 11.54 still allow it (charge.go);
//	   building stops (15.14) and Fatigue is Stirred (17.42).
//	2. Retreat Before Shock: a defender under Advance Orders facing
//	   infantry may fall back (11.33, R6).
//	3. Green attackers' Commitment Check (11.36).
//	4. Countercharge by the defending cavalry (11.56, R7), else the
//	   defender's Pre-Shock Cohesion Check, once for each defending hex
//	   (11.37, 11.32).
//	5. Pre-Shock Reaction Fire (10.43, 11.38, R8).
//	6. Resolution, shock by shock from left to right (11.41): the Shock
//	   Ratio and DRMs (11.42-11.44), a d10 on the Shock Resolution Table
//	   (11.45); retreats, losses, Disorder, rout, Abandoned guns;
//	   advance (11.46, 12.6, R11); Continued Shock (11.47, R10, R12);
//	   post-shock Disorder (11.48), once after the shock and all its
//	   successive Continued Shocks (postshock.go, ruling GBACW-R105).

// pendingShock is a shock a unit declared in its clause.
type pendingShock struct {
	attacker, target string
	charge           bool
}

// shockGroup is one designated shock: the attacking units, the lead (the
// top unit of the first attacking hex) first, from one hex or several
// that combine, against one defending hex or the two in one attacking
// hex's Front (11.31-11.32).
type shockGroup struct {
	side           rules.Side // the attackers'
	attackers      []*UnitSt
	hexes          []string // the defending hexes
	charge         bool     // every attacker charges (11.21 Note, 11.42)
	countercharged bool
	// countered are the defending hexes whose cavalry countercharged:
	// they take no Pre-Shock check and fire no Pre-Shock Fire (11.56).
	countered map[string]bool
	ended     bool // the shock ended before Step 6
	// won: the defenders' failed Pre-Shock Cohesion Check emptied the
	// hexes; the attackers advance in Step 6 and may continue (11.47).
	won bool
	// continued numbers a Continued Shock (0 for the first); sideFired:
	// the units not targeted have had their Pre-Shock Fire (10.43).
	continued int
	sideFired bool
}

func (g *shockGroup) lead() *UnitSt { return g.attackers[0] }

// benefits: the shock earns the benefits of Charging (11.55), which a
// Countercharge takes from charging mounted cavalry (11.56).
func (g *shockGroup) benefits() bool {
	return g.charge && !(g.countercharged && g.lead().mountedCavalry())
}

// maxContinued bounds a chain of Continued Shocks in one activation.
const maxContinued = 2

// shock resolves one unit's shock alone, all six steps: a Continued
// Shock (continued > 0), or a shock declared alone. See GBACW 11.11,
// 11.47.
func (r *resolver) shock(u *UnitSt, name string, charge bool, continued int) {
	p := []pendingShock{{attacker: u.Name, target: name, charge: charge}}
	r.resolveShocks(r.groupShocks(p), continued)
}

// resolveShocks carries out the designated shocks step by step (11.11),
// then resolves them one by one in order (11.41).
func (r *resolver) resolveShocks(gs []*shockGroup, continued int) {
	outer, outerGroups := r.unresolved, r.pendingShocks
	defer func() { r.unresolved, r.pendingShocks = outer, outerGroups }()
	// pending lists the shocks of gs but skip not yet ended, with the
	// outer ones: their attackers no retreat ends next to (12.44).
	pending := func(gs []*shockGroup, skip *shockGroup) []*shockGroup {
		out := slices.Clone(outerGroups)
		for _, g := range gs {
			if g != skip && !g.ended {
				out = append(out, g)
			}
		}
		return out
	}
	// each does a step for every shock, the hexes of the other shocks
	// still to resolve designated for 12.46's Exception.
	each := func(step func(g *shockGroup)) {
		for _, g := range gs {
			if g.ended {
				continue
			}
			r.unresolved = r.unresolvedHexes(outer, gs, g)
			r.pendingShocks = pending(gs, g)
			r.acting = r.s.brigade(g.lead().Brigade)
			step(g)
		}
	}
	each(func(g *shockGroup) { g.continued = continued; r.designated(g, continued) })
	if continued == 0 {
		r.barred = map[string]bool{}
		for _, g := range gs {
			for _, h := range g.hexes {
				r.barred[h] = !g.ended // 11.34
			}
		}
		closeChecks := r.openChecks() // 12.71 Note 1: Step 2's checks
		each(r.rbsStep)
		closeChecks()
		r.barred = nil
		each(r.commitmentStep) // none in a Continued Shock (11.47)
		each(r.wrapStep)       // 8.48
		checked := map[string]bool{}
		closeChecks = r.openChecks() // Step 4's
		each(func(g *shockGroup) { r.cohesionStep(g, gs, checked) })
		closeChecks()
	}
	each(r.preShockFireStep)
	for i, g := range gs {
		if !g.ended {
			r.unresolved = r.unresolvedHexes(outer, gs[i+1:], nil)
			r.pendingShocks = pending(gs[i+1:], nil)
			r.acting = r.s.brigade(g.lead().Brigade)
			first := r.chain == nil // not a Continued Shock's
			if first {
				r.chain = &shockChain{best: map[rules.Side]int{}, routed: map[rules.Side]bool{}}
			}
			r.resolveShock(g, gs, continued)
			r.settleCollapses() // 12.23
			if first {
				r.endChain() // Step 6e, after every Continued Shock (11.47)
			}
		}
	}
}

// unresolvedHexes are the defending hexes of the shocks of gs but skip
// not yet ended, with those of outer: the hexes designated for shocks
// still to resolve (12.46 Exception).
func (r *resolver) unresolvedHexes(outer map[string]bool, gs []*shockGroup, skip *shockGroup) map[string]bool {
	out := maps.Clone(outer)
	if out == nil {
		out = map[string]bool{}
	}
	for _, g := range gs {
		if g != skip && !g.ended {
			for _, h := range g.hexes {
				out[h] = true
			}
		}
	}
	return out
}

// live drops the attackers no longer able to shock; false when none is
// left.
func (g *shockGroup) live() bool {
	g.attackers = slices.DeleteFunc(g.attackers, func(a *UnitSt) bool { return !a.combat() })
	if len(g.attackers) == 0 {
		g.ended = true
	}
	return !g.ended
}

// defenders lists the units in the defending hexes, hex by hex, the top
// of each first; Abandoned guns take no part (11.63, 12.8).
func (r *resolver) defenders(g *shockGroup) []*UnitSt {
	var out []*UnitSt
	for _, h := range g.hexes {
		out = append(out, r.defStack(g, h)...)
	}
	return out
}

// held drops the defending hexes the enemy no longer holds; when none is
// left the attackers advance into them (11.35, 11.46, 12.8) and the shock
// ends.
func (r *resolver) held(g *shockGroup) bool {
	defer r.flushAdvanceReactions() // 11.47: after the Continued Shock is declared, or not
	var held, vacated []string
	for _, h := range g.hexes {
		if r.s.heldAgainst(h, g.side) {
			held = append(held, h)
		} else {
			vacated = append(vacated, h)
		}
	}
	if len(held) == 0 {
		if len(r.s.enemiesAt(vacated[0], g.side)) > 0 {
			r.event("no-shock", "GBACW 12.8", "only Abandoned guns remain in %s: the shock ends", vacated[0])
		}
		r.sideFire(g) // 10.43: whether or not the target retreats or routs
		advanced := r.advanceAll(g.attackers, vacated)
		g.ended = true
		if g.won && g.continued < maxContinued {
			// 11.47: a Continued Shock after the failed Pre-Shock Cohesion
			// Check, with no Post-Shock Disorder for the first (11.48).
			r.attackerContinues(g, advanced, g.continued)
		}
		return false
	}
	g.hexes = held
	return true
}

// designated is Step 1: the shock announced (11.11).
func (r *resolver) designated(g *shockGroup, continued int) {
	s := r.s
	g.charge = g.charge && continued == 0
	stirred := slices.Clone(g.attackers)
	for _, h := range g.hexes {
		stirred = append(stirred, s.holders(h)...)
	}
	for _, x := range stirred {
		r.stopBuilding(x, "its hex is shocked") // 15.14
		if s.stirs(x) {
			s.track(x).Stirred = true // 17.42: declared a shock or its target
		}
	}
	var names []string
	for _, a := range g.attackers {
		names = append(names, a.Name)
	}
	var at []string
	for _, h := range g.hexes {
		def := r.hexTop(g, h)
		if len(r.defStack(g, h)) > 0 { // a defending line once (8.46)
			r.targeted(def, 1)
			r.marchHit(def)
		}
		at = append(at, fmt.Sprintf("%s at %s", def.Name, h))
	}
	verb := map[bool]string{true: "charge", false: "shock"}[g.charge]
	if len(names) == 1 {
		verb += "s"
	}
	r.event("shock", "GBACW 11.11", "%s %s %s", strings.Join(names, " and "), verb, strings.Join(at, " and "))
}

// rbsStep is Step 2, Retreat Before Shock from infantry (11.33-11.35).
func (r *resolver) rbsStep(g *shockGroup) {
	if g.ended || slices.ContainsFunc(g.attackers, func(a *UnitSt) bool { return a.Kind != "infantry" }) {
		return
	}
	follow := true
	for _, h := range g.hexes {
		if d := r.defStack(g, h); len(d) > 0 && r.retreatBeforeShock(g.lead(), d[0]) {
			follow = r.standing(g.side, gbtext.RFollow) != "NEVER"
		}
	}
	if !follow && !slices.ContainsFunc(g.hexes, func(h string) bool { return r.s.heldAgainst(h, g.side) }) {
		// 11.35, 11.46 Exception: after a Retreat Before Shock the
		// advance is voluntary (ruling GBACW-R72).
		r.doctrine(g.lead(), gbtext.RFollow, "GBACW 11.35")
		r.event("no-advance", "GBACW 11.46", "%s does not advance after the Retreat Before Shock: the shock ends", unitNames(g.attackers))
		r.sideFire(g) // 10.43: whether or not the target retreats
		g.ended = true
		return
	}
	r.held(g)
}

// commitmentStep is Step 3: each Green attacker passes a UDD or stays out
// of the shock (11.36, 8.36).
func (r *resolver) commitmentStep(g *shockGroup) {
	if g.ended {
		return
	}
	g.attackers = slices.DeleteFunc(g.attackers, func(a *UnitSt) bool {
		if a.Green && !r.uddPass(a, "Green Attacker Commitment Check") {
			r.event("no-shock", "GBACW 11.36", "%s fails its Commitment Check and does not shock", a.Name)
			return true
		}
		return false
	})
	g.live()
}

// cohesionStep is Step 4: a Countercharge, or each defending stack's
// Pre-Shock Cohesion Check, once however many shocks it faces, with the
// worst case of their DRMs (11.32, 11.37, 11.56).
func (r *resolver) cohesionStep(g *shockGroup, gs []*shockGroup, checked map[string]bool) {
	if g.ended {
		return
	}
	s := r.s
	for _, h := range g.hexes {
		stack := r.defStack(g, h)
		if len(stack) == 0 {
			continue // routed by another shock's check: held() ends it
		}
		def, u := stack[0], r.facing(g, h)
		if g.charge && def.Kind == "cavalry" && !def.Blown && def.ReturnFired == 0 && !s.night() &&
			s.unitArc(def, s.axial(u.Hex)) == FrontArc && s.mayCountercharge(r.sys.combat, def, u.Hex) &&
			r.standing(def.Side, gbtext.RCountercharge) != "NEVER" {
			r.doctrine(def, gbtext.RCountercharge, "GBACW 11.56")
			if s.ordersOf(def) == Attack || r.uddPass(def, "Countercharge under Advance Orders") {
				g.countercharged = true
				if g.countered == nil {
					g.countered = map[string]bool{}
				}
				g.countered[h] = true
				def.ReturnFired = 2 // 14.24: no fire in an activation it countercharges
				r.event("countercharge", "GBACW 11.56", "%s countercharges %s", def.Name, u.Name)
				checked[h] = true
				continue
			}
		}
		if !checked[h] {
			checked[h] = true
			r.preShockCheck(r.worstPreShock(h, def, gs), def)
			r.settleCollapses() // 12.23
		}
	}
	if !g.ended && !slices.ContainsFunc(g.hexes, func(h string) bool { return s.heldAgainst(h, g.side) }) {
		// 11.47: the defenders routed or left their guns Abandoned: the
		// attackers may Continue Shock; they advance in Step 6, where
		// they decide (the Continued Shock marker).
		g.won = true
		return
	}
	r.held(g)
}

// worstPreShock is the worst case, for the defender, of the Pre-Shock
// DRMs of the shocks designated against hex h (11.32); the first shock's
// on a tie.
func (r *resolver) worstPreShock(h string, def *UnitSt, gs []*shockGroup) []Modifier {
	var worst []Modifier
	found := false
	for _, o := range gs {
		if o.ended || o.countered[h] || !slices.Contains(o.hexes, h) {
			continue
		}
		if ms := r.preShockDRMs(r.facing(o, h), def, o.charge); !found || Sum(ms) > Sum(worst) {
			worst, found = ms, true
		}
	}
	return worst
}

// facing is the attacker of g next to defending hex h: the lead if it is.
func (r *resolver) facing(g *shockGroup, h string) *UnitSt {
	for _, a := range g.attackers {
		if r.s.touches(a, h) {
			return a
		}
	}
	return g.lead()
}

// preShockFireStep is Step 5: the defenders fire at the attackers before
// the shock (10.43, 11.38, R8).
func (r *resolver) preShockFireStep(g *shockGroup) {
	if g.ended {
		return
	}
	r.shocking = g.attackers // the fire's losses fall on them first (8.35)
	defer func() { r.shocking = nil }()
	for _, h := range g.hexes {
		if g.countered[h] {
			continue // no Pre-Shock Fire after a Countercharge (11.56)
		}
		// Each defending unit fires on its own (8.36), within the
		// stack's fire limits (8.31-8.33); against a Continued Shock
		// only those that have not used it in this brigade activation
		// and are in no other enemy's Front hex (10.43).
		for _, e := range r.defStack(g, h) {
			if t := r.facing(g, h); t.combat() && r.s.touches(t, h) {
				if g.continued > 0 && (r.preShocked[e.Name] || r.inOtherFront(e, t.Hex)) {
					continue
				}
				r.preShockShot(e, t)
			}
		}
	}
	r.sideFire(g)
	// An attacker the fire drove back takes no part; the others combine
	// as designated, next to one another or not (11.32).
	g.attackers = slices.DeleteFunc(g.attackers, func(a *UnitSt) bool {
		if a.combat() && !slices.ContainsFunc(g.hexes, func(h string) bool { return r.s.touches(a, h) }) {
			r.event("no-shock", "GBACW 11.32", "%s, driven back, takes no part in the shock", a.Name)
			return true
		}
		return false
	})
	if g.live() {
		r.held(g)
	}
}

// resolveShock is Step 6 for one shock: its DRMs, the roll and the
// result. See GBACW 11.42-11.45.
func (r *resolver) resolveShock(g *shockGroup, gs []*shockGroup, continued int) {
	cc := r.sys.combat
	if !g.live() || !r.held(g) {
		return
	}
	u := g.lead()
	defenders := r.defenders(g)
	sh := r.shockDRMInputs(g, gs, defenders, continued)
	sh.AttackerHalves, sh.DefenderHalves = r.shockHalves(g, defenders)
	if r.shocked != nil {
		for _, a := range g.attackers {
			r.shocked[r.s.track(a)] = true // Shock Step 6b (17.22)
		}
		for _, d := range defenders {
			if d.Kind != "artillery" {
				r.shocked[r.s.track(d)] = true
			}
		}
	}
	ms := cc.ShockDRMs(sh)
	roll := dice.D10Zero(r, "GBACW 11.45", fmt.Sprintf("Shock: %s at %s", u.Name, defenders[0].Name))
	adj := roll + Sum(ms)
	effects := cc.ShockResult(adj)
	r.event("shock-result", "GBACW 11.45", "Shock of %s (%d half-SPs) at %s (%d half-SPs): rolled %d%s = %d: %v",
		unitNames(g.attackers), sh.AttackerHalves, unitNames(r.tops(g)), sh.DefenderHalves, roll, drmText(ms), adj, effects)
	r.shockEffects(g, defenders, effects, continued)
}

// unitNames joins the units' names with "and".
func unitNames(us []*UnitSt) string {
	var names []string
	for _, u := range us {
		names = append(names, u.Name)
	}
	return strings.Join(names, " and ")
}

// defStack is the defending stack in hex h: the enemies of g's side
// there, Abandoned guns left out (12.8), the top first; an Extended Line
// met in an earlier defending hex is left out, one solid unit (8.46).
func (r *resolver) defStack(g *shockGroup, h string) []*UnitSt {
	out := slices.DeleteFunc(r.s.enemiesAt(h, g.side), func(u *UnitSt) bool { return !u.combat() })
	if i := slices.Index(g.hexes, h); i > 0 {
		out = slices.DeleteFunc(out, func(u *UnitSt) bool {
			return (u.extended() || u.inColumn()) && slices.ContainsFunc(g.hexes[:i], func(x string) bool { return slices.Contains(r.s.enemiesAt(x, g.side), u) })
		})
	}
	return out
}

// hexTop is the top defending unit in hex h, an Extended Line's part
// counted in each of its hexes (8.46).
func (r *resolver) hexTop(g *shockGroup, h string) *UnitSt {
	for _, u := range r.s.enemiesAt(h, g.side) {
		if u.combat() {
			return u
		}
	}
	return nil
}

// tops lists the top unit of each defending hex that holds one.
func (r *resolver) tops(g *shockGroup) []*UnitSt {
	var out []*UnitSt
	for _, h := range g.hexes {
		if d := r.defStack(g, h); len(d) > 0 {
			out = append(out, d[0])
		}
	}
	return out
}

// hexsideShock is the Terrain Effects Chart's DRM of the hexsides g's
// attackers shock across into hex h (10.81's General Terrain Notes:
// "being shocked or fired at across that hexside directly into the
// target hex"), each hexside's as for fire from the attacker's hex
// (sideFire: its features added, a slope up or down); where attackers
// come across several hexsides, the one best for the defender (11.42,
// ruling GBACW-R127).
func (r *resolver) hexsideShock(g *shockGroup, h string) int {
	s := r.s
	best, any := 0, false
	for _, a := range g.attackers {
		ah := s.partNear(a, h)
		if ah == "" || hex.Distance(s.axial(ah), s.axial(h)) != 1 {
			continue
		}
		if d, _, _ := s.sideFire(r.sys.combat, s.axial(ah), h, ah); !any || d < best {
			best, any = d, true
		}
	}
	return best
}

// shockDRMInputs reads a shock's DRMs off the map; where its attacking
// or defending hexes differ it takes the case best for the defender
// (11.42, 11.44, ruling GBACW-R36).
func (r *resolver) shockDRMInputs(g *shockGroup, gs []*shockGroup, defenders []*UnitSt, continued int) Shock {
	s := r.s
	cc := r.sys.combat
	sh := Shock{AllAttackersMoved: true, Charge: g.benefits(), Countercharged: g.countercharged && g.lead().Kind == "infantry",
		Continued: continued, DefenderDisordered: true, DefenderFatigue: s.fatigueOf(defenders[0]), Position: Surrounded}
	for i, h := range g.hexes {
		top := r.hexTop(g, h)
		if t := s.terrainOf(cc, h).ShockDRM + r.hexsideShock(g, h); i == 0 || t < sh.TerrainDRM {
			sh.TerrainDRM = t
		}
		sh.DefenderDisordered = sh.DefenderDisordered && top.Status == StDisordered
		sh.DefenderFatigue = min(sh.DefenderFatigue, s.fatigueOf(top))
		for _, a := range g.attackers {
			if ah := s.partNear(a, h); ah != "" && s.behindBreastworks(h, ah) {
				sh.Breastworks = true // the case best for the defender (15.23)
			}
		}
		pos := r.position(g, h, top)
		if r.surrounded(h, gs) {
			pos = Surrounded // +5 to every shock of h (11.44)
		}
		sh.Position = min(sh.Position, pos)
	}
	sh.UntargetedFront = r.untargetedFront(g, gs)
	brigadier := 1 // the brigadier DRM best for the defender (11.42)
	seen := map[string]bool{}
	for _, a := range g.attackers {
		sh.AllAttackersMoved = sh.AllAttackersMoved && a.Moved
		sh.AttackerDisordered = sh.AttackerDisordered || a.Status == StDisordered
		sh.AttackerFatigue = max(sh.AttackerFatigue, s.fatigueOf(a))
		if !seen[a.Brigade] {
			seen[a.Brigade] = true
			brigadier = min(brigadier, r.brigadierDRM(g, a.Brigade))
		}
	}
	sh.NoBrigadier, sh.AggressiveBrigadier = brigadier < 0, brigadier > 0
	return sh
}

// position is the Position of the attack on defending hex h: Flank or
// Rear by the arcs of the attacking hexes next to it, from the Front and
// elsewhere together the combination (11.44).
func (r *resolver) position(g *shockGroup, h string, top *UnitSt) Position {
	s := r.s
	arcs := map[Arc]bool{}
	for _, a := range g.attackers {
		if a.Wrapped {
			return s.wrapPosition(a, top, h) // 8.48
		}
		if s.touches(a, h) {
			arcs[s.shockArc(a, top, h)] = true
		}
	}
	return positionOfArcs(arcs)
}

// surrounded: every hex next to h holds a unit shocking h or is a Front
// hex of one (11.44).
func (r *resolver) surrounded(h string, gs []*shockGroup) bool {
	s := r.s
	var shockers []*UnitSt
	for _, o := range gs {
		if !o.ended && slices.Contains(o.hexes, h) {
			shockers = append(shockers, o.attackers...)
		}
	}
	for _, n := range s.neighbours(h) {
		covered := slices.ContainsFunc(shockers, func(a *UnitSt) bool {
			return a.Hex == n || s.m.Distance(a.Hex, n) == 1 && s.unitArc(a, s.axial(n)) == FrontArc
		})
		if !covered {
			return false
		}
	}
	return len(s.neighbours(h)) == 6
}

// untargetedFront counts g's attacking hexes that lie in a Front hex of
// an enemy unit no shock targets (11.44).
func (r *resolver) untargetedFront(g *shockGroup, gs []*shockGroup) int {
	s := r.s
	n := 0
	for _, ah := range attackerHexes(g) {
		for _, e := range s.adjacentEnemies(ah, g.lead().Side) {
			targeted := slices.ContainsFunc(gs, func(o *shockGroup) bool { return slices.Contains(o.hexes, e.Hex) })
			if !targeted && s.unitArc(e, s.axial(ah)) == FrontArc {
				n++
				break
			}
		}
	}
	return n
}

// brigadierDRM is 11.72 for brigade b's units in the shock: -1 when none
// is stacked with the brigadier, +1 when one is and he is Aggressive; a
// brigadier who affected a Rally in this activation takes no part
// (13.43).
// Units directly under a higher leader count him as their brigadier, who
// is never Aggressive (ruling GBACW-R101).
func (r *resolver) brigadierDRM(g *shockGroup, b string) int {
	br := r.s.brigade(b)
	bl := r.s.commanderOf(br)
	lh := r.s.leaderHex(bl)
	for _, a := range g.attackers {
		if a.Brigade == b && lh != "" && a.Hex == lh && r.rallyLeaders[bl] {
			r.event("no-leader", "GBACW 13.43", "%s affected a Rally in this activation and takes no part in %s's shock", bl, a.Name)
			return -1
		}
		if a.Brigade == b && lh != "" && a.Hex == lh {
			if br.Profile == Aggressive {
				return 1
			}
			return 0
		}
	}
	return -1
}

// shockHalves sums the attacking and defending strengths for the Shock
// Ratio, in half SPs (11.32, 11.43, 11.63, 8.36).
func (r *resolver) shockHalves(g *shockGroup, defenders []*UnitSt) (att, def int) {
	s := r.s
	for _, a := range g.attackers {
		h := g.hexes[0]
		for _, x := range g.hexes {
			if s.touches(a, x) {
				h = x
				break
			}
		}
		flank := g.benefits() && s.shockArc(a, r.hexTop(g, h), h) != FrontArc
		att += ShockStrength(ShockUnit{Kind: a.unitKind(), SP: a.SP, Charging: g.benefits(), ChargingFlankOrRear: flank,
			InWoodsOrCedar: a.Kind == "cavalry" && woodsOrCedar(s, h), IntoTown: s.terrainKind(h) == "town"}, ShockOptions{TownHalvesAlways: s.ruling(rulingCavalryHalving) == "woods-cedar-town"})
	}
	for _, h := range g.hexes {
		stack := r.defStack(g, h)
		for i, d := range stack {
			def += ShockStrength(ShockUnit{Kind: d.unitKind(), SP: d.SP, TopOrUnsupported: i == 0 || len(stack) == 1,
				InWoodsOrCedar: d.Kind == "cavalry" && woodsOrCedar(s, h), IntoTown: s.terrainKind(h) == "town"}, ShockOptions{TownHalvesAlways: s.ruling(rulingCavalryHalving) == "woods-cedar-town"})
		}
	}
	return att, def
}

// frontEnemy is the top unit of the hex of the named enemy, or of the
// first enemy, in one of u's Front hexes (not its Refused Frontal hex,
// 7.34); nil if there is none. See GBACW 11.12.
func (s *State) frontEnemy(u *UnitSt, name string) *UnitSt {
	for _, e := range s.adjacentEnemies(u.Hex, u.Side) {
		if s.unitArc(u, s.axial(e.Hex)) != FrontArc || e.Hex == s.refusedHex(u) || (name != "" && !eqName(e.Name, name)) {
			continue
		}
		return s.combatAt(e.Hex)[0]
	}
	return nil
}

func woodsOrCedar(s *State, h string) bool {
	k := s.terrainKind(h)
	return k == "woods" || k == "cedar"
}

func (s *State) terrainKind(h string) string {
	if x, ok := s.m.Hex(h); ok {
		return x.Terrain
	}
	return ""
}

// uddPass rolls a UDD for u and reports whether it passed.
func (r *resolver) uddPass(u *UnitSt, why string) bool {
	drm := UDDDRM(r.s.leaderStars(u), r.s.fatigueOf(u), 0)
	roll, pass := UDD(r, u.Name, r.s.cohesion(u), drm, why)
	r.event("udd", "GBACW 2.6", "%s %s its UDD (%s): rolled %d%+d against %d", u.Name, map[bool]string{true: "passes", false: "fails"}[pass], why, roll, drm, r.s.cohesion(u))
	return pass
}

// retreatBeforeShock is R6: a defender under Advance Orders, not
// artillery, may fall back one hex before infantry shock; a Disordered one
// then rolls a UDD. See GBACW 11.33-11.35.
func (r *resolver) retreatBeforeShock(u, def *UnitSt) bool {
	s := r.s
	if def.Kind == "artillery" || s.ordersOf(def) != Advance {
		return false
	}
	switch r.standing(def.Side, gbtext.RRBS) {
	case "ALWAYS":
	case "OUTNUMBERED":
		sp := 0
		for _, d := range s.unitsAt(def.Hex) {
			sp += d.SP
		}
		if u.SP <= sp {
			return false
		}
	default:
		return false
	}
	r.doctrine(def, gbtext.RRBS, "GBACW 11.33")
	r.event("retreat-before-shock", "GBACW 11.33", "%s retreats before %s's shock", def.Name, u.Name)
	for _, d := range s.unitsAt(def.Hex) {
		if def.Kind == "cavalry" {
			r.retreatOneOrTwo(d, u.Hex) // 12.43
		} else {
			r.retreat(d, u.Hex, 1)
		}
		if d.Status == StDisordered && d.onMap() {
			if !r.uddPass(d, "Retreat Before Shock while Disordered") {
				r.disorder(d, "shock")
			}
		}
	}
	return true
}

// preShockCheck is the defender's Pre-Shock Cohesion Check: the top unit
// rolls; on a failure every defender is Disordered (a 2nd Disorder for
// those already Disordered). A March defender is Disordered if it passes
// and routs if it fails. See GBACW 11.37, 6.13.
func (r *resolver) preShockCheck(ms []Modifier, def *UnitSt) {
	s := r.s
	march := s.ordersOf(def) == March
	roll, pass := UDD(r, def.Name, r.s.cohesion(def), Sum(ms), "Pre-Shock Cohesion Check")
	r.event("pre-shock", "GBACW 11.37", "%s's Pre-Shock Cohesion Check: rolled %d%s against %d: %s", def.Name, roll, drmText(ms), r.s.cohesion(def),
		map[bool]string{true: "passes", false: "fails"}[pass])
	stack := s.unitsAt(def.Hex)
	switch {
	case march && pass:
		for _, d := range stack {
			r.disorder(d, "shock")
		}
	case march:
		for _, d := range stack {
			r.rout(d)
		}
	case !pass:
		for _, d := range stack {
			if d.Kind == "artillery" && d.Status == StDisordered {
				d.Status = StAbandoned
				r.event("abandoned", "GBACW 11.37", "%s is Abandoned", d.Name)
				continue
			}
			r.disorder(d, "shock")
		}
	}
}

// preShockDRMs are the DRMs of def's Pre-Shock check against attacker
// u's shock. See GBACW 11.37.
func (r *resolver) preShockDRMs(u, def *UnitSt, charge bool) []Modifier {
	s := r.s
	ps := PreShock{March: s.ordersOf(def) == March, Charged: charge, MountedCavalry: def.Kind == "cavalry",
		FlankOrRear: s.shockArc(u, def, def.Hex) != FrontArc,
		LeaderStars: s.leaderStars(def), Fatigue: s.fatigueOf(def), Breastworks: s.behindBreastworks(def.Hex, u.Hex)}
	return r.sys.combat.PreShockDRMs(ps)
}

// shockEffects applies a Shock Resolution result to every attacker and
// defender of the shock. See GBACW 11.45-11.48, 12.42, 12.51, 11.64, 8.36.
func (r *resolver) shockEffects(g *shockGroup, defenders []*UnitSt, effects []string, continued int) {
	defer r.flushAdvanceReactions() // 11.47: after the Continued Shock is declared, or not
	s := r.s
	u := g.lead()
	ah := u.Hex
	attackerRetreated := false
	held := []*UnitSt{}
	r.routs = &held     // 12.52
	r.throughDone = nil // 12.46: a new result
	defer func() { r.routs = nil }()
	mayContinue, defenderMay := false, false
	// 8.49: a line that wrapped around retracts before any advance,
	// retreat or Continued Shock.
	if u.Wrapped && slices.ContainsFunc(effects, func(e string) bool {
		return e == "attacker-retreat-1" || e == "defender-retreat-1" || e == "defender-retreat-2" || e == "attacker-may-continue" || e == "defender-rout-check"
	}) {
		r.retractAll(u, "after its Wrap-Around (8.49)")
		u.Wrapped = false
	}
	// Artillery is Abandoned in place before anyone retreats (11.64).
	if slices.Contains(effects, "artillery-abandoned") {
		for _, d := range defenders {
			if d.Kind == "artillery" && d.onMap() && d.Status != StAbandoned {
				d.Status = StAbandoned
				r.event("abandoned", "GBACW 11.64", "%s is Abandoned in place", d.Name)
			}
		}
	}
	closeChecks := r.openChecks() // 12.71 Note 1: Step 6b's checks
	effects = r.retreatOrder(g, defenders, effects)
	for _, e := range effects {
		switch e {
		case "attacker-retreat-1":
			// Units stacked with the attackers go with them (8.36).
			r.causers = g.hexes // 12.44
			stacks := r.attackerStacks(g)
			from := hexesOf(stacks)
			for _, a := range stacks {
				r.retreat(a, r.nextHex(a.Hex, g.hexes), 1)
			}
			r.keepOrder(stacks, from)
			r.causers = nil
			attackerRetreated = true
			defenderMay = defenderMay || g.countercharged // 11.56
		case "defender-retreat-1", "defender-retreat-2":
			n := 1
			if e == "defender-retreat-2" {
				n = 2
			}
			hexes := attackerHexes(g)
			r.causers = hexes // 12.44
			from := hexesOf(defenders)
			for _, d := range defenders {
				if d.onMap() && d.Status != StAbandoned {
					r.retreat(d, r.nextHex(d.Hex, hexes), n)
				}
			}
			r.keepOrder(defenders, from)
			r.causers = nil
		case "bloody-standoff":
			r.bloodyStandoff(g, defenders)
		case "defender-rout-check":
			for _, d := range defenders {
				if d.onMap() && d.Kind != "artillery" {
					r.checkedForRout(d) // 12.23: a Collapsed defender checks once
					if !r.uddPass(d, "rout check after shock") {
						r.rout(d)
					}
				}
			}
		case "attacker-disorder":
			for _, a := range r.attackerStacks(g) {
				r.disorder(a, "shock")
			}
		case "defender-disorder":
			for _, d := range defenders {
				r.disorder(d, "shock")
			}
		case "attacker-loss-1", "attacker-loss-2":
			r.lose(u, int(e[len(e)-1]-'0'), "shock")
		case "defender-loss-1", "defender-loss-2":
			if defenders[0].onMap() {
				r.lose(defenders[0], int(e[len(e)-1]-'0'), "shock")
			}
		case "attacker-may-continue":
			mayContinue = true
		case "defender-may-continue":
			defenderMay = true
		}
	}
	r.chain.engaged(g.attackers, defenders) // Step 6e waits for the chain's end (11.47)
	r.settleCollapses()                     // 12.23
	r.routs = nil
	r.bothRout(g.attackers, defenders, held)
	closeChecks()
	// The attackers advance into the vacated defender hexes (11.46, R11).
	var advanced []*UnitSt
	if !attackerRetreated {
		var vacated []string
		for _, h := range g.hexes {
			if !s.heldAgainst(h, u.Side) {
				vacated = append(vacated, h)
			}
		}
		advanced = r.advanceAll(g.attackers, vacated)
	}
	// The defender may advance into the hex the attacker left (R11);
	// artillery never advances (12.6).
	if attackerRetreated && len(s.unitsAt(ah)) == 0 {
		for _, d := range defenders {
			if !d.onMap() || d.Status == StAbandoned || d.Kind == "artillery" || !s.touches(d, ah) || r.standing(d.Side, gbtext.ROccupy) != "ALWAYS" {
				continue
			}
			if s.ordersOf(d) == March {
				// 6.13: it stays under March Orders until the end of
				// this activation (6.26).
				r.event("no-advance", "GBACW 6.13", "%s is under March Orders and may not Advance after Shock", d.Name)
				continue
			}
			if !s.uncrossable(r.sys.combat, d.Hex, ah) {
				r.retractAll(d, "to advance")
				r.event("advance", "GBACW 12.6", "%s advances into %s", d.Name, ah)
				d.Hex = ah
				r.regain(d, ah)  // 12.81
				r.leadersAlone() // 12.73
				r.displace(d)
				r.endedIn(d)
				r.advanceTurn(d) // 11.46
			}
		}
	}
	if continued >= maxContinued {
		return
	}
	// 11.47 Exception: an attacker that could not advance into a vacated
	// hex may not continue; one whose defender could not retreat
	// continues against the same hex.
	stayed := slices.ContainsFunc(g.hexes, func(h string) bool { return s.heldAgainst(h, u.Side) })
	mayContinue = mayContinue && (stayed || slices.Contains(advanced, u))
	switch {
	case mayContinue && u.onMap():
		r.attackerContinues(g, advanced, continued)
	case defenderMay && u.onMap():
		for _, d := range defenders {
			if !d.combat() || d.Kind == "artillery" {
				continue
			}
			if s.ordersOf(d) == March {
				r.event("no-continued-shock", "GBACW 6.13", "%s is under March Orders and may not Continue Shock", d.Name)
				break
			}
			if r.ask(d.Side, gbtext.RContinue, "continue "+d.Name, "GBACW 11.47",
				fmt.Sprintf("Continued Shock: %s, the defender, may shock its attacker in turn. Continue?", d.Name), []string{"YES", "NO"}, "NO") == "YES" {
				r.event("continued-shock", "GBACW 11.47", "%s, the defender, continues the shock", d.Name)
				if len(s.unitsAt(ah)) == 0 {
					r.advanceInto(d, ah)
				}
				d.Facing = faceToward(s.axial(d.Hex), s.axial(u.Hex))
				r.shock(d, u.Name, false, continued+1)
			} else {
				r.freeFacing(defenders, u, ah)
			}
			break
		}
	}
}

// attackerHexes lists the hexes the attackers of g stand in.
func attackerHexes(g *shockGroup) []string {
	var out []string
	for _, a := range g.attackers {
		if a.onMap() && !slices.Contains(out, a.Hex) {
			out = append(out, a.Hex)
		}
	}
	return out
}

// attackerStacks lists the attackers of g and the units of their side
// stacked with them that take no part in the shock, whom the shock's
// Disorder and retreat results reach as well (8.36).
func (r *resolver) attackerStacks(g *shockGroup) []*UnitSt {
	out := slices.Clone(g.attackers)
	for _, h := range attackerHexes(g) {
		for _, u := range r.s.combatAt(h) {
			if u.Side == g.side && !slices.Contains(out, u) {
				out = append(out, u)
			}
		}
	}
	return out
}

// nextHex is the first of hexes next to h, the hex a retreat goes away
// from; the first of hexes if none is.
func (r *resolver) nextHex(h string, hexes []string) string {
	for _, x := range hexes {
		if r.s.m.Distance(h, x) == 1 {
			return x
		}
	}
	if len(hexes) > 0 {
		return hexes[0]
	}
	return ""
}

// bloodyStandoff: the participant with the highest Cohesion loses a
// step, the attacker on a tie, unless artillery tops a defending stack,
// which then loses a gun (8.36, 11.64, ruling GBACW-R19).
func (r *resolver) bloodyStandoff(g *shockGroup, defenders []*UnitSt) {
	victim := g.lead()
	for _, x := range append(slices.Clone(g.attackers), defenders...) {
		if x.onMap() && r.s.cohesion(x) > r.s.cohesion(victim) {
			victim = x
		}
	}
	for _, top := range r.tops(g) {
		if top.Kind == "artillery" {
			victim = top
			break
		}
	}
	r.event("bloody-standoff", "GBACW 8.36", "Bloody Standoff: %s takes the loss", victim.Name)
	r.lose(victim, 1, "a Bloody Standoff")
}

// postShock is the automatic Disorder after shock: Good Order infantry
// attackers and all mounted cavalry are Disordered; each attacking stack
// with an infantry unit already Disordered loses 1 SP, through that
// unit's 2nd Disorder (once a stack, ruling GBACW-R36); Disordered
// mounted cavalry is Blown. See GBACW 11.48, 11.58.
func (r *resolver) postShock(attackers, defenders []*UnitSt) {
	all := append(slices.Clone(attackers), defenders...)
	stackLost := map[string]bool{}
	for i, x := range all {
		if !x.onMap() || x.Status == StAbandoned {
			continue
		}
		if i < len(attackers) && x.Kind == "infantry" && x.Status == StDisordered {
			if stackLost[x.Hex] {
				continue // one loss a stack (11.48)
			}
			stackLost[x.Hex] = true
		}
		switch {
		case x.Kind == "cavalry" && x.Status == StDisordered:
			if !x.Blown {
				x.Blown = true
				r.event("blown", "GBACW 11.58", "%s is Blown", x.Name)
			}
			x.Reblown = true // the marker stays to its command's next Activation's end
		case x.Kind == "cavalry", i < len(attackers) && x.Kind == "infantry":
			r.disorder(x, "post-shock")
		}
	}
}

// advanceAll is 11.46: the attackers, the tops of stacks first, advance
// into the vacated hexes next to them, as stacking allows, and returns
// the units that advanced.
func (r *resolver) advanceAll(attackers []*UnitSt, vacated []string) []*UnitSt {
	r.deferAdvance = true // the enemy's reactions wait for the Continued Shock's declaration (11.47)
	defer func() { r.deferAdvance = false }()
	// The top of each attacking stack before the units beneath (11.46);
	// a shock's attackers all charge or none do (11.32).
	order := slices.Clone(attackers)
	top := func(a *UnitSt) int {
		if i := slices.IndexFunc(attackers, func(x *UnitSt) bool { return x.Hex == a.Hex }); attackers[i] == a {
			return 0
		}
		return 1
	}
	slices.SortStableFunc(order, func(a, b *UnitSt) int { return top(a) - top(b) })
	var advanced []*UnitSt
	for _, a := range order {
		for _, h := range vacated {
			if a.onMap() && r.s.touches(a, h) && r.s.stackRoom(a, h, r.s.ordersOf(a)) {
				if r.advanceInto(a, h) {
					advanced = append(advanced, a)
				}
				break
			}
		}
	}
	// The facing changes after the advance (11.46, 12.6), once every
	// attacker has advanced: the first unit into a hex turns, the
	// others there take its facing.
	faced := map[string]*UnitSt{}
	for _, a := range advanced {
		if f, ok := faced[a.Hex]; ok {
			if !a.extended() && !f.extended() {
				a.Facing = f.Facing
			}
			continue
		}
		faced[a.Hex] = a
		r.advanceTurn(a)
	}
	return advanced
}

// heldAgainst reports whether an enemy of side other than Abandoned guns
// holds hex h (12.8: Abandoned guns do not count as units).
func (s *State) heldAgainst(h string, side rules.Side) bool {
	return slices.ContainsFunc(s.enemiesAt(h, side), (*UnitSt).combat)
}

// advanceInto moves the attacker into a vacated hex, or one where only
// Abandoned guns remain (11.46, 12.6), and reports whether it advanced.
func (r *resolver) advanceInto(u *UnitSt, h string) bool {
	if !u.onMap() || h == "" || r.s.heldAgainst(h, u.Side) {
		return false
	}
	if hex.Distance(r.s.axial(u.Hex), r.s.axial(h)) == 1 && r.s.uncrossable(r.sys.combat, u.Hex, h) {
		// 12.6: never across a hexside where movement is prohibited; a
		// bridge or ford is no such hexside (9.44).
		r.event("no-advance", "GBACW 12.6", "%s may not advance across the hexside into %s", u.Name, h)
		return false
	}
	if u.extended() && r.advanceLine(u, h) {
		return true // 8.47: extended when it can
	}
	if hex.Distance(r.s.axial(u.Hex), r.s.axial(h)) != 1 {
		if !u.extended() {
			return false
		}
		// An Extended Line that cannot advance extended retracts, the
		// counter's hex is not next to h: it stays (ruling GBACW-R32).
		r.retractAll(u, "as it cannot advance extended")
		return false
	}
	r.retractAll(u, "to advance") // 8.47, 8.52
	r.event("advance", "GBACW 11.46", "%s advances into %s", u.Name, h)
	from := u.Hex
	u.Hex, u.Refused = h, ""
	r.regain(u, h)   // 12.81
	r.leadersAlone() // 12.73
	r.displace(u)
	r.terrainDisorder(u, from, h) // 12.6: the "d" or "D" of the hex entered
	r.endedIn(u)
	if u.Side == r.phasing && u.combat() {
		if r.deferAdvance {
			r.advancedNext = append(r.advancedNext, u)
		} else {
			r.reactionFacing(u) // 9.61: an enemy advance next to a unit may trigger it
		}
	}
	return true
}

// flushAdvanceReactions gives the enemy units next to the attackers that
// advanced after a shock their Reaction Facing or Refusal (9.61). It
// waits until the attackers have declared a Continued Shock or not
// ("Must declare a voluntary Continued Shock before the defender decides
// on Reaction Facing/Refuse", 11.47); where one was declared, those
// enemies have reacted already (continuedReactions), once an enemy
// brigade activation (9.62).
func (r *resolver) flushAdvanceReactions() {
	pending := r.advancedNext
	r.advancedNext = nil
	for _, u := range pending {
		if u.onMap() && u.combat() {
			r.reactionFacing(u)
		}
	}
}

// preShockShot is e's Pre-Shock Fire at u, noted for 10.43's once a
// brigade activation against Continued Shock.
func (r *resolver) preShockShot(e, u *UnitSt) bool {
	if !r.reactionShot(e, u, preShockFire, gbtext.RPreShock) {
		return false
	}
	if r.preShocked == nil {
		r.preShocked = map[string]bool{}
	}
	r.preShocked[e.Name] = true
	return true
}

// sideFire is the Pre-Shock Fire of the units not targeted by the first
// shock g at its attackers (10.43), once.
func (r *resolver) sideFire(g *shockGroup) {
	if g.sideFired || g.continued > 0 {
		return
	}
	g.sideFired = true
	for _, a := range g.attackers {
		r.sidePreShockFire(a, g.hexes)
	}
}

// sidePreShockFire is the Pre-Shock Fire of the units not targeted by
// u's shock at hexes dh that have u in a Front hex and are in no other
// enemy unit's Front hex, in the state's order (10.43).
func (r *resolver) sidePreShockFire(u *UnitSt, dh []string) {
	s := r.s
	if !u.combat() {
		return
	}
	ua := s.axial(u.Hex)
	for i := range s.Units {
		e := &s.Units[i]
		if e.Side == u.Side || !e.combat() || slices.Contains(dh, e.Hex) || s.m.Distance(e.Hex, u.Hex) != 1 {
			continue
		}
		if s.unitArc(e, ua) != FrontArc || r.inOtherFront(e, u.Hex) {
			continue
		}
		r.preShockShot(e, u)
		if !u.combat() {
			return
		}
	}
}

// wrapStep is an Extended Line's Wrap-Around after Shock Step 3, when
// its clause asks for it and it shocks one hex alone (8.48).
func (r *resolver) wrapStep(g *shockGroup) {
	u := g.lead()
	if g.ended || !u.Wrap || len(g.attackers) != 1 || len(g.hexes) != 1 {
		return
	}
	if d := r.defStack(g, g.hexes[0]); len(d) > 0 {
		r.wrapAround(u, d[0], g.hexes[0])
	}
}

// partNear is the hex of u's part next to hex h (its own hex when it is
// not extended), "" when none is: an Extended Line or Column attacks,
// and is attacked, from each of its hexes (8.44, 8.46, 8.5).
func (s *State) partNear(u *UnitSt, h string) string {
	for _, p := range u.lineParts() {
		if s.m.Distance(p.hex, h) == 1 {
			return p.hex
		}
	}
	return ""
}

// touches: a part of u is next to hex h.
func (s *State) touches(u *UnitSt, h string) bool { return s.partNear(u, h) != "" }

// vacated: no unit but Abandoned guns is left in hex h (12.6).
func (s *State) vacated(h string) bool {
	return !slices.ContainsFunc(s.holders(h), func(d *UnitSt) bool { return d.Status != StAbandoned })
}

// shockArc is where the attacker u stands around the defender d, hit in
// hex dh: the attacker's hex is its part next to dh, and a defender hit
// in an extension's hex faces as its counter (8.44, 8.46, 8.5).
func (s *State) shockArc(u, d *UnitSt, dh string) Arc {
	if s.m.Distance(u.Hex, dh) != 1 {
		for _, p := range d.lineParts() {
			if s.m.Distance(u.Hex, p.hex) == 1 {
				dh = p.hex // the defender's part next to the attacker
				break
			}
		}
	}
	at := u.Hex
	for _, p := range u.lineParts() {
		if s.m.Distance(p.hex, dh) == 1 {
			at = p.hex
			break
		}
	}
	return s.unitArcAt(d, dh, s.axial(at))
}

// continuedTurn is 11.47's facing change for a Continued Shock: an
// attacker with no enemy in its Front after its advance turns one vertex,
// if that brings one into it (the lower vertex when both would).
func (r *resolver) continuedTurn(u *UnitSt) bool {
	return r.turnToFront(u, "GBACW 11.47", "")
}

// attackerContinues is the Continued Shock of the lead of g, eligible for
// one (11.47): mandatory for a Charge, else the side's choice. Next to an
// enemy after its advance, it turns one vertex to bring one into its
// Front if it must; next to none, it advances one or two hexes further,
// when that can bring one into it. Then it shocks every enemy in its
// Front.
func (r *resolver) attackerContinues(g *shockGroup, advanced []*UnitSt, continued int) {
	u := g.lead()
	declare := func() bool {
		yes := g.charge
		if !g.charge {
			yes = r.ask(u.Side, gbtext.RContinue, "continue "+u.Name, "GBACW 11.47",
				fmt.Sprintf("Continued Shock: %s may shock again from %s. Continue?", u.Name, u.Hex), []string{"YES", "NO"}, "NO") == "YES"
		}
		if yes {
			r.event("continued-shock", "GBACW 11.47", "%s continues the shock", u.Name)
		}
		return yes
	}
	switch {
	case r.lineNextToEnemy(u): // a part of a line counts (8.44)
		if declare() {
			r.continuedTurn(u)
			r.continuedReactions(u)
			r.shock(u, "", false, continued+1)
		}
	case slices.Contains(advanced, u):
		if r.mayGoFurther(u) && declare() && r.furtherAdvance(u) {
			r.continuedReactions(u)
			r.shock(u, "", false, continued+1)
		}
	}
}

// continuedReactions: once a Continued Shock is declared, the enemy units
// next to the attacker with it outside their Front may make their
// Reaction Facing or Refusal (11.47: the declaration comes first). A hex
// they leave on a failed UDD's 2nd Disorder the attacker advances into,
// as 12.6 requires, when it has no enemy left in its Front.
func (r *resolver) continuedReactions(u *UnitSt) {
	s := r.s
	front := r.frontHeld(u)
	for _, p := range u.lineParts() {
		at := s.axial(p.hex)
		for _, e := range s.adjacentEnemies(p.hex, u.Side) {
			if s.unitArc(e, at) != FrontArc {
				r.react(e, u)
			}
		}
	}
	if len(r.frontHeld(u)) > 0 {
		return
	}
	for _, h := range front {
		if !s.heldAgainst(h, u.Side) && r.advanceInto(u, h) {
			return
		}
	}
}

// retreatOrder is 12.48: when both sides must retreat, the side with the
// unit of the highest Cohesion Rating, less half its Fatigue rounded up,
// retreats last; on a tie the defenders retreat first. It returns the
// effects with the two retreats in that order.
func (r *resolver) retreatOrder(g *shockGroup, defenders []*UnitSt, effects []string) []string {
	ai := slices.Index(effects, "attacker-retreat-1")
	di := slices.IndexFunc(effects, func(e string) bool { return e == "defender-retreat-1" || e == "defender-retreat-2" })
	if ai < 0 || di < 0 {
		return effects
	}
	best := func(us []*UnitSt) int {
		b := -1 << 30
		for _, u := range us {
			if u.onMap() {
				b = max(b, r.routCohesion(u))
			}
		}
		return b
	}
	attackerLast := best(g.attackers) >= best(defenders)
	if attackerLast == (ai > di) {
		return effects
	}
	out := slices.Clone(effects)
	out[ai], out[di] = out[di], out[ai]
	r.event("retreat-order", "GBACW 12.48", "both sides retreat: the %s first", map[bool]string{true: "defenders", false: "attackers"}[attackerLast])
	return out
}
