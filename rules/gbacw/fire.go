package gbacw

import (
	"fmt"

	"galloper/rules"
	"galloper/rules/dice"
	"galloper/rules/gbacw/gbtext"
	"galloper/rules/hex"
)

// Fire (GBACW 10). One fire combat:
//
//	1. The firer may fire (its Orders, 6.11; not twice an activation;
//	   Disordered artillery never, 12.34) at a target in its frontal arc
//	   (10.16), within its weapon's range and in LOS (10.2).
//	2. Its SPs are those the Fire Frontage Rule lets it fire (8.31-8.33).
//	3. The roll: a d10 plus the Fire DRMs (10.81) on the Fire Table, or
//	   the Artillery Fire Table for artillery at 4 hexes or more (10.67).
//	4. Phasing fire at a unit that may return it is simultaneous: both
//	   rolls are made before either result applies (10.42, R3).
//	5. The result hits the target hex's top unit (8.35, 12.2-12.3).

// fireKind says which kind of fire a shot is, for its DRMs and report.
type fireKind string

const (
	phasingFire    fireKind = "fire"
	returnFire     fireKind = "return fire"
	withdrawalFire fireKind = "withdrawal fire"
	approachFire   fireKind = "approach fire"
	preShockFire   fireKind = "pre-shock fire"
)

// shot is one rolled fire combat, not yet applied.
type shot struct {
	firer, target *UnitSt
	res           FireResult
	text          string
	// shotShell: artillery fire at 4 hexes or more, which hits every
	// unit in the hex (10.67, 8.35 Exception).
	shotShell bool
	// hex is the target hex: an Extended Line's part may be hit outside
	// its counter's hex (8.45).
	hex string
}

// mayFire reports whether u may fire now, and why not.
func (r *resolver) mayFire(u *UnitSt, kind fireKind) bool {
	o := r.s.ordersOf(u)
	switch {
	case !u.combat() || o == March:
		return false // 6.13
	case u.Kind == "artillery" && u.Status == StDisordered:
		return false // 12.34
	case kind == phasingFire && u.extended() && (u.FiredParts == 1<<len(u.lineParts())-1 || (o == Advance && u.Moved)):
		return false // 8.45: each part fires once
	case kind == phasingFire && !u.extended() && (u.Fired || (o == Advance && u.Moved)):
		return false // 6.15: move or fire
	case kind != phasingFire && u.ReturnFired >= 2:
		return false // 10.41: at most twice an enemy brigade activation
	}
	return true
}

// canReach reports whether u may fire at t: in arc, in range and LOS,
// and the range.
func (r *resolver) canReach(u, t *UnitSt) (int, bool) {
	_, d, ok := r.aim(u, t)
	return d, ok
}

// aim is the hex of t that u fires at and its range: t's own, or the
// nearest of an Extended Line's hexes that u may reach (8.45: a part is
// a target of its own).
func (r *resolver) aim(u, t *UnitSt) (string, int, bool) {
	best, bestD := "", 0
	for _, p := range t.lineParts() {
		if r.aimHex != "" && p.hex != r.aimHex {
			continue // 8.42: at the retracting part
		}
		if d, ok := r.canReachAt(u, t, p.hex); ok && (best == "" || d < bestD) {
			best, bestD = p.hex, d
		}
	}
	if best == "" {
		d, _ := r.canReachAt(u, t, t.Hex)
		return t.Hex, d, false
	}
	return best, bestD, true
}

// canReachAt reports whether u may fire at t in hex th, and the range.
func (r *resolver) canReachAt(u, t *UnitSt, th string) (int, bool) {
	s := r.s
	rng, err := r.sys.combat.Range(u.Weapon)
	if err != nil || !t.onMap() {
		return 0, false
	}
	ua, ta := s.axial(u.Hex), s.axial(th)
	d := hex.Distance(ua, ta)
	inArc := inFrontalArc(ua, u.Facing, ta) || s.throughRefused(u, ta)
	if d < 1 || d > rng.Max || !inArc || !s.lineOfSight(r.sys.combat, u.Hex, th) || s.unitsBlockAt(u, th, d) {
		return d, false
	}
	return d, true
}

// unitsBlock applies 10.26 to a fire from u at t at range d: intervening
// combat units block small-arms fire, and artillery fire at canister
// range, unless their hex is lower than both ends (the first Exception);
// friendly units on the line within two hexes of the target, or beyond
// it, block artillery fire at 4 hexes or more. The other Exceptions are
// not applied (ruling GBACW-R19).
func (s *State) unitsBlockAt(u *UnitSt, th string, d int) bool {
	a, b := s.axial(u.Hex), s.axial(th)
	la, lb := s.baseLevel(u.Hex), s.baseLevel(th)
	shotShell := u.Kind == "artillery" && d >= 4
	left, right := hex.Line(a, b)
	blocked := func(p []hex.Axial) bool {
		for _, x := range p {
			if x == a || x == b {
				continue
			}
			id := s.hexID(x)
			if id == "" {
				continue
			}
			for _, v := range s.unitsAt(id) {
				if !v.combat() {
					continue
				}
				if shotShell {
					if v.Side == u.Side && hex.Distance(x, b) <= 2 {
						return true
					}
					continue
				}
				if lv := s.baseLevel(id); !(lv < la && lv < lb) {
					return true
				}
			}
		}
		return false
	}
	if blocked(left) || blocked(right) {
		return true
	}
	if shotShell {
		// The two hexes past the target, on the line carried on.
		beyond := hex.Axial{Q: 2*b.Q - a.Q, R: 2*b.R - a.R}
		l2, r2 := hex.Line(b, beyond)
		for _, p := range [][]hex.Axial{l2, r2} {
			for _, x := range p {
				if x == b || hex.Distance(x, b) > 2 {
					continue
				}
				if id := s.hexID(x); id != "" {
					for _, v := range s.unitsAt(id) {
						if v.combat() && v.Side == u.Side {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// pickTarget is the named enemy unit when u can reach it, else the
// nearest enemy it can reach (the first in the state's order on a tie).
func (r *resolver) pickTarget(u *UnitSt, name string) *UnitSt {
	s := r.s
	top := func(t *UnitSt, th string) *UnitSt {
		if th != t.Hex {
			return t // an Extended Line's part (8.45)
		}
		return s.unitsAt(t.Hex)[0]
	}
	if name != "" {
		if t := s.unit(name); t != nil && t.Side != u.Side {
			if th, _, ok := r.aim(u, t); ok {
				return top(t, th)
			}
		}
		return nil
	}
	var best *UnitSt
	bestD := 1 << 30
	for i := range s.Units {
		t := &s.Units[i]
		if t.Side == u.Side || !t.onMap() {
			continue
		}
		if th, d, ok := r.aim(u, t); ok && d < bestD {
			best, bestD = top(t, th), d
		}
	}
	return best
}

// roll rolls one fire combat of u at the top unit t. See GBACW 10.17,
// 10.81.
func (r *resolver) roll(u, t *UnitSt, kind fireKind) (shot, bool) {
	s := r.s
	th, d, ok := r.aim(u, t)
	if !ok {
		return shot{}, false
	}
	sp := r.firingSP(u)
	if u.Refused != "" {
		sp = min(sp, r.refusedSP(u, s.throughRefused(u, s.axial(th)) && !inFrontalArc(s.axial(u.Hex), u.Facing, s.axial(th))))
	}
	if r.spShare > 0 && kind == phasingFire {
		sp = min(sp, r.spShare) // a share of split fire (10.15)
	}
	if kind == returnFire && r.standing(u.Side, gbtext.RReturn) == "HALF" {
		// RETURN FIRE HALF: half the SPs (rounded up) at the first Return
		// Fire, the rest held for a second (10.15 Example #2, 10.41).
		if half := (sp + 1) / 2; u.ReturnFired == 0 {
			sp = half
		} else {
			sp -= half
		}
	}
	if sp == 0 {
		return shot{}, false
	}
	ms, ok := r.fireDRMs(u, u.Hex, t, th, kind, d)
	if !ok {
		return shot{}, false
	}
	return r.rollFire(u, t, th, sp, d, ms, kind, ""), true
}

// fireDRMs are the Fire DRMs (10.81) of a fire by u from hex from at t in
// hex th, range d: the target hex's SPs (an Extended Line's part counting
// only its share, 8.44), its terrain, the hexside crossed.
func (r *resolver) fireDRMs(u *UnitSt, from string, t *UnitSt, th string, kind fireKind, d int) ([]Modifier, bool) {
	s := r.s
	cc := r.sys.combat
	targetSP, artOnly := 0, true
	for _, x := range s.unitsAt(th) {
		if x.Kind == "artillery" {
			targetSP++
		} else {
			targetSP += x.SP
			if x.spread() {
				targetSP += x.lineParts()[0].sp - x.SP // 8.44, 8.5: its share here
			}
			artOnly = false
		}
	}
	if l := s.lineAt(th); l != nil {
		for _, p := range l.lineParts() {
			if p.hex == th {
				targetSP += p.sp
			}
		}
		artOnly = false
	}
	o := s.ordersOf(u)
	ta := s.axial(th)
	near := nearestNeighbour(ta, s.axial(from))
	arc := s.unitArcAt(t, th, near) // an extension faces as its unit (8.44)
	rng, _ := cc.Range(u.Weapon)
	prepared := d <= rng.Prepared && u.Status != StDisordered && !u.inColumn() && ((o == Advance && kind != phasingFire) || (o == Advance && !u.Moved) || (o == Attack && (kind != phasingFire || !u.Moved)))
	f := Fire{Weapon: u.Weapon, Range: d, Artillery: u.Kind == "artillery", TerrainDRM: s.terrainOf(cc, th).FireDRM,
		TargetSP: targetSP, TargetArtilleryOnly: artOnly, TargetMountedNonPhased: t.Kind == "cavalry" && t.Side != r.phasing,
		FirerMounted: u.Kind == "cavalry", Prepared: prepared, FirerDisordered: u.Status == StDisordered,
		ThroughFlank: arc == FlankArc, ThroughRear: arc == RearArc, TargetMarch: s.ordersOf(t) == March,
		ArtilleryMoved: u.Kind == "artillery" && u.Moved, Green: u.Green && u.Kind == "infantry",
		AfterReactionFacing: u.Kind == "artillery" && u.Reacted && kind != phasingFire, Fatigue: s.brigade(u.Brigade).Fatigue}
	ms, err := cc.FireDRMs(f, FireOptions{})
	return ms, err == nil
}

// rollFire rolls a fire of sp SPs by u at t in hex th, range d, with its
// DRMs, on the Fire Table, or the Artillery Fire Table for artillery at 4
// hexes or more (10.17, 10.67); from names an Extended Line's firing
// parts in the report.
func (r *resolver) rollFire(u, t *UnitSt, th string, sp, d int, ms []Modifier, kind fireKind, from string) shot {
	cc := r.sys.combat
	roll := dice.D10Zero(r, "GBACW 10.17", fmt.Sprintf("%s: %s at %s", kind, u.Name, t.Name))
	adj := roll + Sum(ms)
	res := cc.Fire(sp, adj)
	table := "Fire Table"
	if u.Kind == "artillery" && d >= 4 {
		res, table = cc.ArtilleryFire(sp, adj), "Artillery Fire Table"
	}
	if from != "" {
		from = " from " + from
	}
	at := t.Name
	if th != t.Hex {
		at += " in " + th
	}
	text := fmt.Sprintf("%s: %s (%d SP%s) at %s, range %d: rolled %d%s = %d on the %s: %s", kind, u.Name, sp, from, at, d, roll, drmText(ms), adj, table, res.Code)
	return shot{firer: u, target: t, hex: th, res: res, text: text, shotShell: table != "Fire Table"}
}

// drmText lists modifiers for a report: " +1 Prepared Fire -1 range".
func drmText(ms []Modifier) string {
	out := ""
	for _, m := range ms {
		out += fmt.Sprintf(" %+d %s", m.DRM, m.Name)
	}
	return out
}

// nearestNeighbour is the neighbour of a nearest to b: the hexside fire
// from b crosses (10.81 flank fire).
func nearestNeighbour(a, b hex.Axial) hex.Axial {
	best := a.Neighbor(0)
	for dir := 1; dir < 6; dir++ {
		if hex.Distance(a.Neighbor(dir), b) < hex.Distance(best, b) {
			best = a.Neighbor(dir)
		}
	}
	return best
}

// phasingFire is a phasing unit's fire action, with the target's Return
// Fire (R3) rolled at the same time. See GBACW 10.3, 10.41-10.42.
func (r *resolver) phasingFire(u *UnitSt, name string, from ...string) {
	if !r.mayFire(u, phasingFire) {
		return
	}
	if u.NoFire && u.NoShock {
		r.event("no-fire", "GBACW 9.42", "%s moved next to the enemy by 9.42 Exception 2 and may not fire in this activation", u.Name)
		return
	}
	if u.NoFire {
		r.event("no-fire", "GBACW 7.34", "%s stacked with Refused units after they fired and may not fire in this Activation (7.34)", u.Name)
		return
	}
	if u.extended() || len(from) > 0 {
		r.extendedFire(u, name, from)
		return
	}
	t := r.pickTarget(u, name)
	if t == nil {
		if name != "" {
			r.event("no-fire", "GBACW 10.16", "%s cannot fire at %s: not in its arc, range and LOS", u.Name, name)
		}
		return
	}
	r.targeted(t, hex.Distance(r.s.axial(u.Hex), r.s.axial(t.Hex)))
	sh, ok := r.roll(u, t, phasingFire)
	if !ok {
		if u.Refused != "" && r.refusedSP(u, false) == 0 && !r.s.throughRefused(u, r.s.axial(t.Hex)) {
			r.event("no-fire", "GBACW 7.34", "%s has no SPs to fire through its normal Frontal hexes (7.34)", u.Name)
		}
		return
	}
	if !sh.shotShell {
		r.marchHit(t)
	}
	u.Fired = true
	th, at := t.Hex, u.Hex
	r.exchange(u, t, sh)
	r.reactToFire(t, u)
	r.advanceAfterFire(u, at, th)
}

// exchange resolves a phasing shot and the target's Return Fire (R3).
// See GBACW 10.41-10.42.
func (r *resolver) exchange(u, t *UnitSt, sh shot) {
	if r.standing(t.Side, gbtext.RReturn) == "NEVER" || !r.mayFire(t, returnFire) {
		r.apply(sh)
		return
	}
	// Artillery's Return Fire at 4 hexes or more follows the enemy's
	// fire (10.42 Exception); other Return Fire is simultaneous.
	if d := hex.Distance(r.s.axial(u.Hex), r.s.axial(t.Hex)); t.Kind == "artillery" && d >= 4 {
		r.apply(sh)
		if t.combat() && r.mayFire(t, returnFire) {
			if rs, ok := r.roll(t, u, returnFire); ok {
				t.ReturnFired++
				r.apply(rs)
			}
		}
		return
	}
	shots := []shot{sh}
	if rs, ok := r.roll(t, u, returnFire); ok {
		t.ReturnFired++
		r.doctrine(t, gbtext.RReturn, "GBACW 10.42")
		shots = append(shots, rs)
	}
	for _, x := range shots {
		r.event("fire", "GBACW 10.42", "%s", x.text)
	}
	for _, x := range shots {
		r.applyResult(x)
	}
}

// advanceAfterFire is R13: a phasing unit that fired from next to its
// target advances into the target's hex when its fire emptied it and its
// side's doctrine says ADVANCE AFTER FIRE ALWAYS. See GBACW 12.6.
func (r *resolver) advanceAfterFire(u *UnitSt, from, th string) {
	s := r.s
	if r.standing(u.Side, gbtext.RPursue) != "ALWAYS" || !u.combat() || u.Hex != from || s.m.Distance(from, th) != 1 {
		return
	}
	if len(s.unitsAt(th)) > 0 || s.ordersOf(u) == March || !s.stackRoom(u, th, s.ordersOf(u)) {
		return
	}
	r.doctrine(u, gbtext.RPursue, "GBACW 12.6")
	if u.extended() && r.advanceLine(u, th) {
		return
	}
	r.retractAll(u, "to advance") // 8.47, 8.52
	r.event("advance", "GBACW 12.6", "%s advances after its fire into %s", u.Name, th)
	u.Hex, u.Refused = th, ""
	r.endedIn(u)
}

// apply reports and applies one shot.
func (r *resolver) apply(x shot) {
	r.event("fire", "GBACW 10.17", "%s", x.text)
	r.applyResult(x)
}

// reactionShot is a non-phasing fire of kind by e at u when its doctrine
// says so and it may. It reports whether e fired.
func (r *resolver) reactionShot(e, u *UnitSt, kind fireKind, reaction string) bool {
	if r.standing(e.Side, reaction) == "NEVER" || !r.mayFire(e, kind) {
		return false
	}
	sh, ok := r.roll(e, u, kind)
	if !ok {
		return false
	}
	e.ReturnFired++
	r.doctrine(e, reaction, "GBACW 10.4")
	r.apply(sh)
	return true
}

// withdrawalFire is R4: enemy infantry and cavalry in whose Front hex
// the mover stands fire before it leaves. See GBACW 10.44.
func (r *resolver) withdrawalFire(u *UnitSt) {
	s := r.s
	ua := s.axial(u.Hex)
	for _, e := range s.adjacentEnemies(u.Hex, u.Side) {
		if e.Kind == "artillery" || s.unitArc(e, ua) != FrontArc {
			continue
		}
		r.reactionShot(e, u, withdrawalFire, gbtext.RWithdrawal)
	}
}

// approachFire is R5: enemy artillery fires once per enemy brigade
// activation at a unit that moves to within 3 hexes. See GBACW 10.45.
func (r *resolver) approachFire(u *UnitSt) {
	s := r.s
	for i := range s.Units {
		e := &s.Units[i]
		if e.Side == u.Side || e.Kind != "artillery" || !e.combat() || e.Reacted {
			continue
		}
		if hex.Distance(s.axial(e.Hex), s.axial(u.Hex)) > 3 {
			continue
		}
		if r.reactionShot(e, u, approachFire, gbtext.RApproach) {
			e.Reacted = true // either this or a reaction move (9.63)
		}
		if !u.combat() {
			return
		}
	}
}

// applyResult applies a fire result to the target hex's top unit: step
// losses beyond it go to the next unit; when the top unit is Disordered
// or eliminated, the others make a UDD ignoring the result's modifier.
// Shot/Shell hits every unit of the hex on its own. See GBACW 8.35,
// 10.67, 12.21-12.32.
func (r *resolver) applyResult(x shot) {
	t := x.target
	if !t.onMap() {
		return
	}
	h := t.Hex
	if x.hex != "" && x.hex != t.Hex {
		r.applyToPart(x)
		return
	}
	if x.shotShell {
		for _, u := range r.s.unitsAt(h) {
			r.hit(u, x.res, x.res.Losses)
		}
		return
	}
	stack := r.s.unitsAt(h)
	losses := x.res.Losses
	for _, u := range stack {
		if losses == 0 {
			break
		}
		n := min(losses, u.SP)
		losses -= n
		r.lose(u, n, "fire")
	}
	if !t.onMap() {
		r.stackUDDs(h, t)
		return
	}
	was := t.Status
	switch {
	case x.res.Disorder:
		r.disorder(t, "fire")
	case x.res.UDD:
		r.uddOrDisorder(t, x.res.UDDMod, "fire result "+x.res.Code, "fire")
	}
	if t.Status == StDisordered && was != StDisordered || !t.onMap() {
		r.stackUDDs(h, t)
	}
}

// hit applies a result to one unit of a hex under Shot/Shell.
func (r *resolver) hit(u *UnitSt, res FireResult, losses int) {
	if losses > 0 {
		r.lose(u, losses, "fire")
	}
	if !u.onMap() {
		return
	}
	switch {
	case res.Disorder:
		r.disorder(u, "fire")
	case res.UDD:
		r.uddOrDisorder(u, res.UDDMod, "fire result "+res.Code, "fire")
	}
}

// stackUDDs: the other units of a hex whose top unit was Disordered or
// eliminated by fire each make a UDD (8.35).
func (r *resolver) stackUDDs(h string, top *UnitSt) {
	for _, u := range r.s.unitsAt(h) {
		if u != top && u.Side == top.Side {
			r.uddOrDisorder(u, 0, "the top unit of its stack was hit", "fire")
		}
	}
	// 8.45: artillery in the other hexes of a Disordered Extended Line.
	for _, p := range top.lineParts()[1:] {
		for _, a := range r.s.unitsAt(p.hex) {
			if a.Side == top.Side && a.Kind == "artillery" {
				r.uddOrDisorder(a, 0, "its Extended Line was hit", "fire")
			}
		}
	}
}

// uddOrDisorder rolls a UDD for u; failing it Disorders the unit (or
// gives the 2nd Disorder of cause). See GBACW 2.6, 12.32.
func (r *resolver) uddOrDisorder(u *UnitSt, mod int, why, cause string) bool {
	drm := UDDDRM(r.s.leaderStars(u), r.s.brigade(u.Brigade).Fatigue, mod)
	roll, pass := UDD(r, u.Name, u.cohesionNow(), drm, why)
	if pass {
		r.event("udd", "GBACW 2.6", "%s passes its UDD (%s): rolled %d%+d against %d", u.Name, why, roll, drm, u.cohesionNow())
		return true
	}
	r.event("udd", "GBACW 2.6", "%s fails its UDD (%s): rolled %d%+d against %d", u.Name, why, roll, drm, u.cohesionNow())
	r.disorder(u, cause)
	return false
}

// disorder Disorders a unit; one already Disordered suffers the 2nd
// Disorder effects of the cause (12.35-12.36).
func (r *resolver) disorder(u *UnitSt, cause string) {
	if !u.onMap() {
		return
	}
	if u.Status != StDisordered {
		if u.Kind == "artillery" && u.Status == StAbandoned {
			return
		}
		u.Status = StDisordered
		r.event("disorder", "GBACW 12.3", "%s is Disordered (%s)", u.Name, cause)
		return
	}
	effects, err := r.sys.combat.SecondDisorder(cause, u.Kind == "artillery")
	if err != nil {
		return
	}
	r.event("second-disorder", "GBACW 12.35", "%s suffers a 2nd Disorder (%s)", u.Name, cause)
	for _, e := range effects {
		if !u.onMap() {
			return
		}
		switch e {
		case "udd-rout":
			roll, pass := UDD(r, u.Name, u.cohesionNow(), UDDDRM(r.s.leaderStars(u), r.s.brigade(u.Brigade).Fatigue, 0), "2nd Disorder")
			if !pass {
				r.event("udd", "GBACW 12.35", "%s fails its 2nd Disorder UDD (rolled %d against %d)", u.Name, roll, u.cohesionNow())
				r.rout(u)
				return
			}
			r.event("udd", "GBACW 12.35", "%s passes its 2nd Disorder UDD (rolled %d against %d)", u.Name, roll, u.cohesionNow())
		case "lose-1":
			r.lose(u, 1, "a 2nd Disorder")
		case "retreat-1-2":
			if e, _ := r.s.nearestEnemy(u.Hex, u.Side); e != nil {
				r.retreat(u, e.Hex, 1)
			}
		case "no-more-return-fire", "no-return-fire-at-trigger":
			u.ReturnFired = 2
		case "abandoned":
			u.Status = StAbandoned
			r.event("abandoned", "GBACW 12.8", "%s is Abandoned", u.Name)
		case "blown-if-mounted":
			if u.Kind == "cavalry" {
				u.Blown = true
				r.event("blown", "GBACW 11.58", "%s is Blown", u.Name)
			}
		case "lose-1-if-not-mounted":
			if u.Kind != "cavalry" {
				r.lose(u, 1, "a 2nd Disorder after shock")
			}
		}
	}
}

// lose takes n SPs (guns) from u; at none it is eliminated. Leaders in
// its hex check for casualties. See GBACW 12.21, 12.71.
func (r *resolver) lose(u *UnitSt, n int, why string) {
	n = min(n, u.SP)
	u.SP -= n
	r.s.side(u.Side).Lost += n
	r.event("loss", "GBACW 12.21", "%s loses %d SP (%s), %d left", u.Name, n, why, u.SP)
	for i := range r.s.Leaders {
		l := &r.s.Leaders[i]
		if l.Side == u.Side && !l.Killed && l.Hex == u.Hex {
			if roll, killed := LeaderCasualty(r, l.Name); killed {
				l.Killed, l.Hex = true, ""
				r.event("leader-killed", "GBACW 12.71", "%s is killed (rolled %d)", l.Name, roll)
			}
		}
	}
	h := u.Hex
	if u.SP == 0 {
		u.Status, u.Hex = StEliminated, ""
		r.event("eliminated", "GBACW 12.21", "%s is eliminated", u.Name)
	}
	r.refusedUnder3(h, u.Side)
}

// refusedUnder3 removes the Refused markers of a hex whose side's SPs
// have fallen below 3, for no MP (7.32).
func (r *resolver) refusedUnder3(h string, side rules.Side) {
	n, refused := 0, false
	for _, f := range r.s.unitsAt(h) {
		if f.Side == side {
			n += f.SP
			refused = refused || f.Refused != ""
		}
	}
	if !refused || n >= 3 {
		return
	}
	for _, f := range r.s.unitsAt(h) {
		if f.Side == side {
			f.Refused = ""
		}
	}
	r.event("unrefused", "GBACW 7.32", "the stack in %s has fewer than 3 SPs and is no longer Refused", h)
}

// rout removes a unit to its Division Box; infantry and cavalry adjacent
// to it or stacked with it check for Disorder (12.5, 12.54).
func (r *resolver) rout(u *UnitSt) {
	if u.Kind == "artillery" {
		u.Status = StAbandoned
		r.event("abandoned", "GBACW 12.8", "%s is Abandoned", u.Name)
		return
	}
	h := u.Hex
	u.Status, u.Hex = StRouted, ""
	r.s.side(u.Side).Lost += u.SP
	r.event("rout", "GBACW 12.51", "%s routs to its Division Box", u.Name)
	for i := range r.s.Units {
		f := &r.s.Units[i]
		if f.Side != u.Side || !f.combat() || f.Kind == "artillery" || f.Status == StDisordered {
			continue
		}
		if f.Hex == h || r.s.m.Distance(f.Hex, h) == 1 {
			r.uddOrDisorder(f, 0, "a rout beside it", "adjacent-rout")
		}
	}
}

// retreat moves u n hexes away from the enemy at from, by its side's
// retreat doctrine (R9); a unit that cannot retreat loses 1 SP per hex
// it cannot go (ruling GBACW-R19). See GBACW 12.41-12.46.
func (r *resolver) retreat(u *UnitSt, from string, n int) {
	friends := r.standing(u.Side, gbtext.RRetreat) == "FRIENDS"
	for n > 0 && u.spread() && u.onMap() {
		// 8.47: an Extended Line or Column retreats extended when it can;
		// else it retracts and makes a UDD.
		if r.retreatLine(u, from) {
			n--
			continue
		}
		r.retractAll(u, "to retreat")
		if u.Status != StDisordered {
			r.uddOrDisorder(u, 0, "retracting to retreat", "fire")
		}
	}
	for range n {
		if !u.onMap() {
			return
		}
		h := r.s.retreatHex(r.sys.combat, u, u.Hex, from, friends)
		if h == "" {
			r.event("retreat-blocked", "GBACW 12.45", "%s cannot retreat from %s", u.Name, u.Hex)
			r.lose(u, 1, "no retreat path")
			continue
		}
		r.event("retreat", "GBACW 12.41", "%s retreats from %s to %s", u.Name, u.Hex, h)
		from := u.Hex
		u.Hex, u.Refused = h, ""      // 7.33
		r.terrainDisorder(u, from, h) // 12.44
	}
	if u.onMap() {
		r.endedIn(u) // 7.32
	}
}

// doctrine records that a unit's side answered a reaction point by its
// standing doctrine (R1-R13).
func (r *resolver) doctrine(u *UnitSt, kind, rule string) {
	spec := gbtext.Reactions.Spec(kind)
	name := kind
	if spec != nil && len(spec.Forms) > 0 {
		name = spec.Forms[0]
	}
	r.event("reaction", rule, "%s answers by its side's doctrine: %s %s", u.Name, name, r.standing(u.Side, kind))
}

// targeted breaks a Reserve: a unit of a brigade In Reserve targeted by
// shock, or by fire at four hexes or less, Disorders every unit of its
// brigade, which takes Advance Orders; the attack then goes on. See GBACW
// 6.34.
func (r *resolver) targeted(t *UnitSt, rng int) {
	b := r.s.brigade(t.Brigade)
	if !b.Reserve || rng > 4 {
		return
	}
	b.Reserve, b.Orders = false, Advance.String()
	r.event("reserve-broken", "GBACW 6.34", "%s is attacked In Reserve: it leaves Reserve for Advance Orders, and its units are Disordered", b.ID)
	for i := range r.s.Units {
		if u := &r.s.Units[i]; u.Brigade == b.ID && u.onMap() && u.Status == StGood {
			u.Status = StDisordered
		}
	}
}

// marchHit notes a brigade under March Orders shock attacked or hit by
// fire other than Shot/Shell: it takes Advance Orders at the end of this
// enemy brigade activation (6.26).
func (r *resolver) marchHit(t *UnitSt) {
	if b := r.s.brigade(t.Brigade); b.Orders == March.String() {
		if r.marchHits == nil {
			r.marchHits = map[string]bool{}
		}
		r.marchHits[b.ID] = true
	}
}

// splitFire is a phasing unit's fire split as evenly as possible between
// the enemy units in its two Front hexes, one roll each, every shot and
// the Return Fire it draws simultaneous; with one hex of enemies it fires
// whole. See GBACW 10.15, 10.42.
func (r *resolver) splitFire(u *UnitSt) {
	s := r.s
	if !r.mayFire(u, phasingFire) {
		return
	}
	ua := s.axial(u.Hex)
	var targets []*UnitSt
	for _, dir := range []int{u.Facing, u.Facing + 1} {
		if id := s.hexID(ua.Neighbor(dir)); id != "" {
			if es := s.enemiesAt(id, u.Side); len(es) > 0 && es[0].combat() {
				targets = append(targets, es[0])
			}
		}
	}
	shares, err := SplitEvenly(r.firingSP(u), len(targets))
	if len(targets) < 2 || err != nil {
		r.phasingFire(u, "")
		return
	}
	var shots []shot
	for i, t := range targets {
		r.targeted(t, 1)
		r.spShare = shares[i]
		sh, ok := r.roll(u, t, phasingFire)
		r.spShare = 0
		if !ok {
			continue
		}
		r.marchHit(t)
		shots = append(shots, sh)
		if r.standing(t.Side, gbtext.RReturn) != "NEVER" && r.mayFire(t, returnFire) {
			if rs, ok := r.roll(t, u, returnFire); ok {
				t.ReturnFired++
				r.doctrine(t, gbtext.RReturn, "GBACW 10.42")
				shots = append(shots, rs)
			}
		}
	}
	u.Fired = true
	for _, x := range shots {
		r.event("fire", "GBACW 10.15", "%s", x.text)
	}
	for _, x := range shots {
		r.applyResult(x)
	}
}

// firingSP is what the Fire Frontage Rule lets u fire from its hex now.
// See GBACW 8.31-8.33.
func (r *resolver) firingSP(u *UnitSt) int {
	here := r.s.unitsAt(u.Hex)
	stack := make([]Stacked, len(here))
	for i, f := range here {
		stack[i] = Stacked{Kind: f.unitKind(), SP: f.SP, Fires: f == u}
	}
	for i, f := range here {
		if f == u {
			return FireFrontage(stack)[i]
		}
	}
	return 0
}

// refusedSP is what a unit of a Refused stack may fire through its
// Refused Frontal hex (refusedHex) or through its normal Front, by its
// place in the stack. See GBACW 7.34.
func (r *resolver) refusedSP(u *UnitSt, refusedHex bool) int {
	var here []*UnitSt
	for _, f := range r.s.unitsAt(u.Hex) {
		if f.Side == u.Side {
			here = append(here, f)
		}
	}
	stack := make([]Stacked, len(here))
	for i, f := range here {
		stack[i] = Stacked{Kind: f.unitKind(), SP: f.SP}
	}
	normal, refused := RefusedShares(stack)
	for i, f := range here {
		if f == u && refusedHex {
			return refused[i]
		}
		if f == u {
			return normal[i]
		}
	}
	return 0
}

// throughRefused: a target lies through a Refused unit's Refused Frontal
// hex, the hexside its line leaves by (7.34).
func (s *State) throughRefused(u *UnitSt, ta hex.Axial) bool {
	rh := s.refusedHex(u)
	return rh != "" && s.hexID(nearestNeighbour(s.axial(u.Hex), ta)) == rh
}
