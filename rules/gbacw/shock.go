package gbacw

import (
	"fmt"
	"slices"

	"galloper/rules/dice"
	"galloper/rules/gbacw/gbtext"
	"galloper/rules/hex"
)

// Shock (GBACW 11), after all the brigade's other actions (11.12):
//
//	1. Designation: an attacker under Attack or Advance Orders with the
//	   defender in a Front hex (11.12); mounted cavalry starting a Charge
//	   rolls a UDD (11.53).
//	2. Retreat Before Shock: a defender under Advance Orders facing
//	   infantry may fall back (11.33, R6).
//	3. Green attackers' Commitment Check (11.36).
//	4. Countercharge by the defending cavalry (11.56, R7), else the
//	   defender's Pre-Shock Cohesion Check (11.37).
//	5. Pre-Shock Reaction Fire (10.43, 11.38, R8).
//	6. Resolution: the Shock Ratio and DRMs (11.42-11.44), a d10 on the
//	   Shock Resolution Table (11.45); retreats, losses, Disorder, rout,
//	   Abandoned guns; Continued Shock (11.47, R10, R12); post-shock
//	   Disorder (11.48); advance after shock (11.46, 12.6, R11).

// pendingShock is a shock a unit declared in its clause.
type pendingShock struct {
	attacker, target string
	charge           bool
}

// maxContinued bounds a chain of Continued Shocks in one activation.
const maxContinued = 2

// shock resolves one shock by u at the named target or an enemy in its
// Front hexes; continued numbers a Continued Shock (0 for the first).
func (r *resolver) shock(u *UnitSt, name string, charge bool, continued int) {
	s := r.s
	cc := r.sys.combat
	o := s.ordersOf(u)
	if o == March || u.Kind == "artillery" || !u.combat() {
		return
	}
	if u.Rallied {
		r.event("no-shock", "GBACW 11.12", "%s rallied this activation and may not shock", u.Name)
		return
	}
	if u.inColumn() {
		r.event("no-shock", "GBACW 8.52", "%s is in Extended Column: it must retract or form an Extended Line to shock (8.52)", u.Name)
		return
	}
	if u.NoShock {
		r.event("no-shock", "GBACW 9.42", "%s moved next to the enemy by 9.42 Exception 2 and may not shock in this activation", u.Name)
		return
	}
	var def *UnitSt
	var dh string
	ua := s.axial(u.Hex)
	held := map[string]bool{}
	for _, p := range u.lineParts() {
		pa := s.axial(p.hex)
		for d := range 6 {
			n := s.hexID(pa.Neighbor(d))
			// Into a Front hex, not the Refused Frontal hex (7.34); an
			// Extended Line's parts face as its counter (8.44).
			if n == "" || arcOf(pa, u.Facing, s.axial(n)) != FrontArc && (p.hex != u.Hex || s.unitArc(u, s.axial(n)) != FrontArc) || n == s.refusedHex(u) {
				continue
			}
			for _, e := range s.enemiesAt(n, u.Side) {
				if !e.combat() {
					continue
				}
				held[n] = true
				if def == nil && (name == "" || eqName(e.Name, name)) {
					def, dh = s.holders(n)[0], n
				}
			}
		}
	}
	if r.oneHex[u.Name] && continued == 0 {
		r.event("no-shock", "GBACW 11.12", "%s entered its hex by the 9.42 Exception and may not shock", u.Name)
		return
	}
	if def == nil {
		if name != "" {
			r.event("no-shock", "GBACW 11.12", "%s cannot shock %s: it is not in one of its Front hexes (a Refused Frontal hex does not count, 7.34)", u.Name, name)
		}
		return
	}
	if u.extended() && len(held) > 1 {
		// 8.46: one shock at every enemy in its Front, which needs the
		// combined shocks of 11.31-11.32 (ruling GBACW-R30).
		r.event("no-shock", "GBACW 8.46", "%s is an Extended Line with enemies in more than one of its Front hexes: its shock at all of them as one (8.46, 11.31) is not played yet", u.Name)
		return
	}
	charge = charge && continued == 0 && (o == Attack || u.Kind == "cavalry")
	if charge && u.Kind == "cavalry" && s.night() {
		charge = false
		r.event("no-charge", "GBACW 16.12", "%s may not Charge on a Night turn: it shocks", u.Name)
	}
	for _, x := range append(s.holders(dh), u) {
		r.stopBuilding(x, "its hex is shocked") // 15.14
		if s.stirs(x) {
			s.track(x).Stirred = true // 17.42: declared a shock or its target
		}
	}
	r.targeted(def, 1)
	r.marchHit(def)
	r.event("shock", "GBACW 11.11", "%s %s %s at %s", u.Name, map[bool]string{true: "charges", false: "shocks"}[charge], def.Name, dh)
	// 1. A cavalry Charge starts with a UDD (11.53).
	if charge && u.Kind == "cavalry" && !r.uddPass(u, "Cavalry Charge") {
		r.event("charge-failed", "GBACW 11.53", "%s's Charge fails to start", u.Name)
		return
	}
	defenders := s.holders(dh)
	// 2. Retreat Before Shock (R6).
	if continued == 0 && u.Kind == "infantry" && r.retreatBeforeShock(u, def) {
		r.sidePreShockFire(u, dh) // 10.43: whether or not the target retreats
		r.advanceInto(u, dh)
		return
	}
	// 3. Green Attacker Commitment Check (11.36).
	if u.Green && !r.uddPass(u, "Green Attacker Commitment Check") {
		r.event("no-shock", "GBACW 11.36", "%s fails its Commitment Check and does not shock", u.Name)
		return
	}
	if u.Wrap && continued == 0 {
		r.wrapAround(u, def, dh) // 8.48
	}
	// 4. Countercharge or the Pre-Shock Cohesion Check.
	countercharged := false
	if charge && def.Kind == "cavalry" && !def.Blown && def.ReturnFired == 0 && !s.night() &&
		s.unitArc(def, ua) == FrontArc && r.standing(def.Side, gbtext.RCountercharge) != "NEVER" {
		r.doctrine(def, gbtext.RCountercharge, "GBACW 11.56")
		if s.ordersOf(def) == Attack || r.uddPass(def, "Countercharge under Advance Orders") {
			countercharged = true
			def.ReturnFired = 2 // 14.24: no fire in an activation it countercharges
			r.event("countercharge", "GBACW 11.56", "%s countercharges %s", def.Name, u.Name)
		}
	}
	if !countercharged && continued == 0 {
		r.preShockCheck(u, def, charge)
		r.settleCollapses() // 12.23
		if len(s.enemiesAt(dh, u.Side)) == 0 {
			r.sidePreShockFire(u, dh) // 10.43: whether or not the target retreats or routs
			r.advanceInto(u, dh)
			return
		}
		if s.vacated(dh) {
			r.event("no-shock", "GBACW 12.8", "only Abandoned guns remain in %s: the shock ends", dh)
			r.advanceInto(u, dh) // 12.6
			return
		}
		def = s.holders(dh)[0]
	}
	// 5. Pre-Shock Reaction Fire (R8): the defenders, then the units not
	// targeted that have the attacker in a Front hex (10.43); against a
	// Continued Shock only those that have not used it in this brigade
	// activation and are in no other enemy's Front hex (10.43).
	for _, e := range s.holders(dh) {
		if continued > 0 && (r.preShocked[e.Name] || r.inOtherFront(e, u.Hex)) {
			continue
		}
		if r.preShockShot(e, u) {
			break
		}
	}
	if continued == 0 {
		r.sidePreShockFire(u, dh)
	}
	if !u.combat() || u.Hex == "" {
		return
	}
	// 6. Resolution.
	defenders = s.holders(dh)
	if len(defenders) == 0 {
		r.advanceInto(u, dh)
		return
	}
	sh := Shock{AllAttackersMoved: u.Moved, TerrainDRM: s.terrainOf(cc, dh).ShockDRM, Charge: charge, Countercharged: countercharged && u.Kind == "infantry",
		Continued: continued, AttackerDisordered: u.Status == StDisordered, DefenderDisordered: defenders[0].Status == StDisordered,
		AttackerFatigue: s.fatigueOf(u), DefenderFatigue: s.fatigueOf(defenders[0]),
		Breastworks: s.behindBreastworks(dh, u.Hex)}
	switch s.shockArc(u, defenders[0], dh) {
	case FlankArc:
		sh.Position = FlankAttack
	case RearArc:
		sh.Position = RearAttack
	}
	if u.Wrapped {
		sh.Position = s.wrapPosition(u, defenders[0], dh) // 8.48
	}
	b := s.brigade(u.Brigade)
	lh := s.leaderHex(b.Leader)
	if lh == u.Hex && r.rallyLeaders[b.Leader] {
		r.event("no-leader", "GBACW 13.43", "%s affected a Rally in this activation and takes no part in %s's shock", b.Leader, u.Name)
		lh = ""
	}
	sh.NoBrigadier = lh != u.Hex
	sh.AggressiveBrigadier = lh == u.Hex && b.Profile == Aggressive
	flankCharge := charge && sh.Position != Frontal
	sh.AttackerHalves = ShockStrength(ShockUnit{Kind: u.unitKind(), SP: u.SP, Charging: charge, ChargingFlankOrRear: flankCharge,
		InWoodsOrCedar: u.Kind == "cavalry" && woodsOrCedar(s, dh), IntoTown: s.terrainKind(dh) == "town"}, ShockOptions{})
	for i, d := range defenders {
		sh.DefenderHalves += ShockStrength(ShockUnit{Kind: d.unitKind(), SP: d.SP, TopOrUnsupported: i == 0 || len(defenders) == 1,
			InWoodsOrCedar: d.Kind == "cavalry" && woodsOrCedar(s, dh)}, ShockOptions{})
	}
	if r.shocked != nil {
		r.shocked[s.track(u)] = true // Shock Step 6b (17.22)
		for _, d := range defenders {
			if d.Kind != "artillery" {
				r.shocked[s.track(d)] = true
			}
		}
	}
	ms := cc.ShockDRMs(sh)
	roll := dice.D10Zero(r, "GBACW 11.45", fmt.Sprintf("Shock: %s at %s", u.Name, defenders[0].Name))
	adj := roll + Sum(ms)
	effects := cc.ShockResult(adj)
	r.event("shock-result", "GBACW 11.45", "Shock of %s (%d half-SPs) at %s (%d half-SPs): rolled %d%s = %d: %v",
		u.Name, sh.AttackerHalves, defenders[0].Name, sh.DefenderHalves, roll, drmText(ms), adj, effects)
	r.shockEffects(u, dh, defenders, effects, charge, continued)
}

// shockTarget is the top unit of the hex u shocks: the named enemy's,
// or the first enemy's in a Front hex; nil when there is none (11.12).
func (s *State) shockTarget(u *UnitSt, name string) *UnitSt {
	for _, e := range s.adjacentEnemies(u.Hex, u.Side) {
		// Not into the Refused Frontal hex (7.34).
		if s.unitArc(u, s.axial(e.Hex)) != FrontArc || e.Hex == s.refusedHex(u) || (name != "" && !eqName(e.Name, name)) {
			continue
		}
		return s.unitsAt(e.Hex)[0]
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

// sidePreShockFire is the Pre-Shock Fire of the units not targeted by
// u's shock at hex dh that have u in a Front hex and are in no other
// enemy unit's Front hex, in the state's order (10.43).
func (r *resolver) sidePreShockFire(u *UnitSt, dh string) {
	s := r.s
	if !u.combat() {
		return
	}
	ua := s.axial(u.Hex)
	for i := range s.Units {
		e := &s.Units[i]
		if e.Side == u.Side || !e.combat() || e.Hex == dh || s.m.Distance(e.Hex, u.Hex) != 1 {
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

// preShockCheck is the defender's Pre-Shock Cohesion Check: the top unit
// rolls; on a failure every defender is Disordered (a 2nd Disorder for
// those already Disordered). A March defender is Disordered if it passes
// and routs if it fails. See GBACW 11.37, 6.13.
func (r *resolver) preShockCheck(u, def *UnitSt, charge bool) {
	s := r.s
	march := s.ordersOf(def) == March
	ps := PreShock{March: march, Charged: charge, MountedCavalry: def.Kind == "cavalry",
		FlankOrRear: s.shockArc(u, def, def.Hex) != FrontArc,
		LeaderStars: s.leaderStars(def), Fatigue: s.fatigueOf(def), Breastworks: s.behindBreastworks(def.Hex, u.Hex)}
	ms := r.sys.combat.PreShockDRMs(ps)
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

// shockEffects applies a Shock Resolution result. See GBACW 11.45-11.48,
// 12.42, 12.51, 11.64, 8.36.
func (r *resolver) shockEffects(u *UnitSt, dh string, defenders []*UnitSt, effects []string, charge bool, continued int) {
	s := r.s
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
	for _, e := range effects {
		switch e {
		case "attacker-retreat-1":
			r.retreat(u, dh, 1)
			attackerRetreated = true
		case "defender-retreat-1", "defender-retreat-2":
			n := 1
			if e == "defender-retreat-2" {
				n = 2
			}
			for _, d := range defenders {
				if d.onMap() && d.Status != StAbandoned {
					r.retreat(d, ah, n)
				}
			}
		case "bloody-standoff":
			victim := u
			for _, d := range defenders {
				if d.onMap() && (d.Kind == "artillery" && d == defenders[0] || d.cohesionNow() > victim.cohesionNow()) {
					victim = d
				}
			}
			r.event("bloody-standoff", "GBACW 8.36", "Bloody Standoff: %s takes the loss", victim.Name)
			r.lose(victim, 1, "a Bloody Standoff")
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
			r.disorder(u, "shock")
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
	r.postShock(u, defenders)
	r.settleCollapses() // 12.23
	r.routs = nil
	r.bothRout(u, defenders, held)
	// The attacker advances into a vacated defender hex (11.46, R11).
	if !attackerRetreated && u.onMap() && s.vacated(dh) {
		r.advanceInto(u, dh)
	}
	// The defender may advance into the hex the attacker left (R11);
	// artillery never advances (12.6).
	if attackerRetreated && len(s.unitsAt(ah)) == 0 {
		for _, d := range defenders {
			if d.onMap() && d.Status != StAbandoned && d.Kind != "artillery" && r.standing(d.Side, gbtext.ROccupy) == "ALWAYS" && !s.uncrossable(r.sys.combat, d.Hex, ah) {
				r.retractAll(d, "to advance")
				r.event("advance", "GBACW 12.6", "%s advances into %s", d.Name, ah)
				d.Hex = ah
				r.leadersAlone() // 12.73
				r.displace(d)
				r.endedIn(d)
			}
		}
	}
	if continued >= maxContinued {
		return
	}
	switch {
	case mayContinue && u.onMap() && len(s.adjacentEnemies(u.Hex, u.Side)) > 0:
		yes := charge
		if !charge {
			yes = r.ask(u.Side, gbtext.RContinue, "continue "+u.Name, "GBACW 11.47",
				fmt.Sprintf("Continued Shock: %s may shock again from %s. Continue?", u.Name, u.Hex), []string{"YES", "NO"}, "NO") == "YES"
		}
		if yes {
			r.event("continued-shock", "GBACW 11.47", "%s continues the shock", u.Name)
			r.shock(u, "", false, continued+1)
		}
	case defenderMay && u.onMap():
		for _, d := range defenders {
			if !d.combat() || d.Kind == "artillery" {
				continue
			}
			if r.ask(d.Side, gbtext.RContinue, "continue "+d.Name, "GBACW 11.47",
				fmt.Sprintf("Continued Shock: %s, the defender, may shock its attacker in turn. Continue?", d.Name), []string{"YES", "NO"}, "NO") == "YES" {
				r.event("continued-shock", "GBACW 11.47", "%s, the defender, continues the shock", d.Name)
				if len(s.unitsAt(ah)) == 0 {
					r.advanceInto(d, ah)
				}
				d.Facing = faceToward(s.axial(d.Hex), s.axial(u.Hex))
				r.shock(d, u.Name, false, continued+1)
			}
			break
		}
	}
}

// postShock is the automatic Disorder after shock: Good Order infantry
// attackers and all mounted cavalry are Disordered; Disordered mounted
// cavalry is Blown. See GBACW 11.48, 11.58.
func (r *resolver) postShock(u *UnitSt, defenders []*UnitSt) {
	all := append([]*UnitSt{u}, defenders...)
	for i, x := range all {
		if !x.onMap() || x.Status == StAbandoned {
			continue
		}
		switch {
		case x.Kind == "cavalry" && x.Status == StDisordered:
			if !x.Blown {
				x.Blown = true
				r.event("blown", "GBACW 11.58", "%s is Blown", x.Name)
			}
		case x.Kind == "cavalry", i == 0 && x.Kind == "infantry":
			r.disorder(x, "post-shock")
		}
	}
}

// advanceInto moves the attacker into a vacated hex (11.46, 12.6).
func (r *resolver) advanceInto(u *UnitSt, h string) {
	if !u.onMap() || h == "" || !r.s.vacated(h) {
		return
	}
	if hex.Distance(r.s.axial(u.Hex), r.s.axial(h)) == 1 && r.s.uncrossable(r.sys.combat, u.Hex, h) {
		// 12.6: never across a hexside where movement is prohibited; a
		// bridge or ford is no such hexside (9.44).
		r.event("no-advance", "GBACW 12.6", "%s may not advance across the hexside into %s", u.Name, h)
		return
	}
	if u.extended() && r.advanceLine(u, h) {
		return // 8.47: extended when it can
	}
	if hex.Distance(r.s.axial(u.Hex), r.s.axial(h)) != 1 {
		if !u.extended() {
			return
		}
		// An Extended Line that cannot advance extended retracts, the
		// counter's hex is not next to h: it stays (ruling GBACW-R32).
		r.retractAll(u, "as it cannot advance extended")
		return
	}
	r.retractAll(u, "to advance") // 8.47, 8.52
	r.event("advance", "GBACW 11.46", "%s advances into %s", u.Name, h)
	from := u.Hex
	u.Hex, u.Refused = h, ""
	r.leadersAlone() // 12.73
	r.displace(u)
	r.terrainDisorder(u, from, h) // 12.6: the "d" or "D" of the hex entered
	r.endedIn(u)
}

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
