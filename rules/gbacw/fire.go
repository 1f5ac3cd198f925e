package gbacw

import (
	"fmt"
	"slices"
	"strings"

	"galloper/rules"
	"galloper/rules/dice"
	"galloper/rules/gbacw/gbtext"
	"galloper/rules/hex"
	"galloper/rules/hexmap"
)

// Fire (GBACW 10). One fire combat:
//
//	1. The firer may fire (its Orders, 6.11; not twice an activation;
//	   Disordered artillery never, 12.34) at a target in its frontal arc
//	   (10.16), within its weapon's range and in LOS (10.2).
//	2. Its SPs are those the Fire Frontage Rule lets it fire (8.31-8.33).
//	3. The roll: a d10 plus the Fire DRMs (10.81) on the Fire Table, or
//	   the Artillery Fire Table for artillery at 4 hexes or more (10.67).
//	4. Phasing fire draws Return Fire from the target's stack and the
//	   units beside the target or the firer (10.42, R3), simultaneous:
//	   every roll is made before any result applies, in the order
//	   rolled (10.41); artillery at 4 hexes or more returns fire after.
//	   Rapid Fire rolls two shots (10.68); Spencers fire two rounds
//	   (14.3, spencer.go); optional 10.82 combines a hex's small arms.
//	5. The result hits the top unit still in the target's hex (8.35,
//	   12.2-12.3); friends fired over may make a UDD (10.26).
//	6. Ammunition runs down when the fire is over (10.69, 10.9,
//	   ammo.go).

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
	// hex is the target's hex when the shot was rolled: fire is at a hex,
	// and its result falls on the top unit still there (10.41, 10.42
	// Example #3).
	hex  string
	res  FireResult
	text string
	// shotShell: artillery fire at 4 hexes or more, which hits every
	// unit in the hex (10.67, 8.35 Exception).
	shotShell bool
	// roll is the unadjusted roll; over the firer's friends next to the
	// target it fired over, who make a UDD when it is 2 or less (10.26).
	roll int
	over []*UnitSt
}

// mayFire reports whether u may fire now, and why not.
func (r *resolver) mayFire(u *UnitSt, kind fireKind) bool {
	o := r.s.ordersOf(u)
	switch {
	case !u.combat() || o == March:
		return false // 6.13
	case u.Weapon == "" && len(u.Sections) == 0:
		return false // 2.21: no Weapon Type, unable to fire
	case u.Kind == "artillery" && u.Status == StDisordered:
		return false // 12.34
	case kind == phasingFire && u.extended() && u.FiredParts == 1<<len(u.lineParts())-1:
		return false // 8.45: each part fires once
	case kind == phasingFire && !u.extended() && u.Fired:
		return false // 10.31: once an activation
	case kind == phasingFire && o == Advance && u.Moved && u.Kind != "artillery":
		return false // 6.15, 10.33: move or fire; artillery may do both (10.61)
	case kind == phasingFire && o == Advance && u.Switched:
		return false // 14.22: mounted or dismounted under Advance Orders
	case kind == phasingFire && u.Kind == "artillery" && u.Spent > r.s.activationMA(u):
		return false // 10.61: moved more than half its MA
	case u.Ammo == AmmoOut:
		return false // 10.69, 10.91: Out of Ammo, no firing allowed
	case kind == phasingFire && u.Barred:
		return false // 9.54, 8.24
	case kind != phasingFire && u.ReturnFired >= 2:
		return false // 10.41: at most twice an enemy brigade activation
	case kind != phasingFire && r.s.inReserve(u):
		return false // 6.32: no actions In Reserve (ruling GBACW-R112)
	}
	return true
}

// inReserve reports whether u belongs to a command In Reserve and is not
// one of its units entering alone as a Reinforcement, which act (6.32).
func (s *State) inReserve(u *UnitSt) bool {
	b := s.brigade(u.Brigade)
	return b != nil && b.Reserve && u.Own != OwnReinforcing
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
	if d < 1 || d > rng.Max || !inArc || !s.lineOfSight(r.sys.combat, u.Hex, th) || s.unitsBlock(r.sys.combat, u, th, d) {
		return d, false
	}
	if r.steepAdjacent(u, th) && r.kindNow != preShockFire {
		return d, false // 10.67: but Pre-Shock Fire, at -2
	}
	return d, true
}

// steepAdjacent: u is artillery and th an adjacent hex two or more
// levels above or below it, which it may fire into only by Pre-Shock
// Fire, at -2 and without Rapid Fire (10.67).
func (r *resolver) steepAdjacent(u *UnitSt, th string) bool {
	s := r.s
	if u.Kind != "artillery" || s.m.Distance(u.Hex, th) != 1 {
		return false
	}
	diff := s.baseLevel(u.Hex) - s.baseLevel(th)
	return diff >= 2 || diff <= -2
}

// pickTarget is the named enemy unit when u can reach it, else the
// nearest enemy it can reach (the first in the state's order on a tie).
func (r *resolver) pickTarget(u *UnitSt, name string) *UnitSt {
	s := r.s
	top := func(t *UnitSt, th string) *UnitSt {
		if th != t.Hex {
			return t // an Extended Line's part (8.45)
		}
		return s.combatAt(t.Hex)[0]
	}
	if name != "" {
		if t := s.unit(name); t != nil && t.Side != u.Side && t.combat() {
			if th, d, ok := r.aim(u, t); ok && !mountedTooFar(u, d) {
				return top(t, th)
			}
		}
		return nil
	}
	var best *UnitSt
	bestD := 1 << 30
	for i := range s.Units {
		t := &s.Units[i]
		if t.Side == u.Side || !t.combat() {
			continue // Abandoned guns are no target (12.8)
		}
		if th, d, ok := r.aim(u, t); ok && d < bestD && !mountedTooFar(u, d) {
			best, bestD = top(t, th), d
		}
	}
	return best
}

// mountedTooFar: phasing mounted cavalry may not fire beyond 2 hexes
// (14.24).
func mountedTooFar(u *UnitSt, d int) bool { return u.mountedCavalry() && d > 2 }

// roll rolls one fire combat of u at the top unit t. See GBACW 10.17,
// 10.81.
func (r *resolver) roll(u, t *UnitSt, kind fireKind) (shot, bool) {
	s := r.s
	th, d, ok := r.aim(u, t)
	if !ok || kind == phasingFire && mountedTooFar(u, d) {
		return shot{}, false
	}
	sp := r.firingSP(u, r.partners...) // 10.63, 10.82: one fire
	r.secs = nil
	if u.sectioned() {
		// 8.37: the sections that fire, together (10.63).
		if r.secs = r.firingSections(u, kind, d, r.rapidSecond); len(r.secs) == 0 {
			return shot{}, false
		}
		if !r.rapidSecond {
			r.fired = r.secs
		}
	}
	refusedHex := s.throughRefused(u, s.axial(th)) && !inFrontalArc(s.axial(u.Hex), u.Facing, s.axial(th))
	switch {
	case u.sectioned() && len(r.partners) == 0:
		sp = min(sp, r.sectionsSP(u, r.secs, refusedHex)) // by their place (7.34, 8.33)
	case u.sectioned():
		sp = min(sp, sectionGuns(u, r.secs))
	}
	if u.Refused != "" {
		sp = min(sp, r.refusedSP(u, refusedHex))
	}
	if r.spShare > 0 && kind == phasingFire {
		sp = min(sp, r.spShare) // a share of split fire (10.15)
	}
	if kind == returnFire && r.standing(u.Side, gbtext.RReturn) == "HALF" {
		// RETURN FIRE HALF: half the SPs (rounded up) at the first Return
		// Fire, the rest held for a second (10.15 Example #2, 10.41): the
		// SPs allotted to it, or its remaining SPs if fewer.
		if half := (sp + 1) / 2; u.ReturnFired == 0 {
			if r.returnHeld == nil {
				r.returnHeld, r.returnHeldHex = map[string]int{}, map[string]string{}
			}
			r.returnHeld[u.Name] = sp - half
			r.returnHeldHex[u.Name] = th
			sp = half
		} else if held, ok := r.returnHeld[u.Name]; ok {
			sp = min(sp, held)
			if r.returnHeldHex[u.Name] == th {
				sp = 0 // 10.15, 10.41: the part held fires at another stack (ruling GBACW-R117)
			}
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
	arc := s.fireArc(t, th, s.axial(from)) // an extension faces as its unit (8.44)
	weapon := u.Weapon
	rng, _ := cc.Range(u.Weapon)
	prepared := r.prepared(u, kind, d, rng.Prepared)
	disordered, low, green, mounted := u.Status == StDisordered, u.Ammo == AmmoLow, u.Green, u.mountedCavalry() // 14.1, ruling GBACW-R48
	if u.sectioned() && len(r.secs) > 0 {
		weapon, low = r.sectionsWeapon(u, r.secs, d) // 10.64, 10.69
		rng, _ = cc.Range(weapon)
	}
	for _, p := range r.partners {
		// Combined fire takes the least favourable range DRM, Prepared
		// Fire, status and ammunition of its units (10.82, 10.64).
		pw, plow := p.Weapon, p.Ammo == AmmoLow
		if p.sectioned() {
			pw, plow = r.sectionsWeapon(p, r.firingSections(p, returnFire, d, false), d)
		}
		low = low || plow
		if pr, err := cc.Range(pw); err == nil && d <= pr.Max && pr.DRM[d-1] < rng.DRM[d-1] {
			weapon, rng = pw, pr
		}
		pr, _ := cc.Range(p.Weapon)
		prepared = prepared && r.prepared(p, kind, d, pr.Prepared)
		disordered = disordered || p.Status == StDisordered
		green = green || p.Green
		mounted = mounted || p.mountedCavalry()
	}
	moved := func(g *UnitSt) bool {
		return g.Kind == "artillery" && (g.Moved || kind == phasingFire && r.willMove || r.becameTop(g)) // 10.61
	}
	f := Fire{Weapon: weapon, Range: d, Artillery: u.Kind == "artillery", TerrainDRM: s.terrainOf(cc, th).FireDRM,
		TargetSP: targetSP, TargetArtilleryOnly: artOnly, TargetMountedNonPhased: t.mountedCavalry() && t.Side != r.phasing,
		FirerMounted: mounted, Prepared: prepared, FirerDisordered: disordered,
		ThroughFlank: arc == FlankArc, ThroughRear: arc == RearArc, TargetMarch: s.ordersOf(t) == March,
		ArtilleryMoved: u.Kind == "artillery" && (moved(u) || slices.ContainsFunc(r.partners, moved)), Green: green,
		AfterReactionFacing: u.Kind == "artillery" && r.faced[u.Name] && kind != phasingFire, Fatigue: s.fatigueOf(u),
		FromBreastworks: s.firesOverBreastworks(u.Hex, t.Hex), IntoBreastworks: (t.Kind == "infantry" || t.Dismounted) && s.behindBreastworks(t.Hex, u.Hex), // 10.81
		DawnDusk: s.twilight(), Night: s.night(), LowAmmo: low,
		PreShockSteepAdjacent: kind == preShockFire && r.steepAdjacent(u, th),
		TargetLower:           s.baseLevel(th) < s.baseLevel(from)} // 10.67: guns on higher ground
	f.HexsideDRM, f.HexsideName, f.TECDownhill = s.hexsideFire(cc, th, from)
	// Ruling GBACW-R6's Rear as Flank, but for Withdrawal Fire at a
	// retracting part: its +1 only from the part's Flank hex (8.42,
	// ruling GBACW-R115).
	retracting := kind == withdrawalFire && r.aimHex != ""
	ms, err := cc.FireDRMs(f, FireOptions{RearAsFlank: s.ruling(rulingRearFire) == "as-flank" && !retracting})
	return ms, err == nil
}

// rollFire rolls a fire of sp SPs by u at t in hex th, range d, with its
// DRMs, on the Fire Table, or the Artillery Fire Table for artillery at 4
// hexes or more (10.17, 10.67); from names an Extended Line's firing
// parts in the report.
func (r *resolver) rollFire(u, t *UnitSt, th string, sp, d int, ms []Modifier, kind fireKind, from string) shot {
	cc := r.sys.combat
	group := append([]*UnitSt{u}, r.partners...)
	if kind != phasingFire {
		delete(r.faced, u.Name) // 9.62: only the first non-phasing fire after a Reaction Facing
	}
	roll := dice.D10Zero(r, "GBACW 10.17", fmt.Sprintf("%s: %s at %s", kind, u.Name, t.Name))
	for _, g := range group {
		if g.sectioned() && g == u && len(r.secs) > 0 {
			r.noteSectionsAmmo(g, r.secs, roll)
			continue
		}
		if g.sectioned() {
			r.noteSectionsAmmo(g, r.firingSections(g, returnFire, d, false), roll) // a battery combining with u (10.63)
			continue
		}
		r.noteAmmo(g, roll, r.rapid, r.secondRound)
	}
	adj := roll + Sum(ms)
	res := cc.Fire(sp, adj)
	table := "Fire Table"
	if u.Kind == "artillery" && d >= 4 {
		res, table = cc.ArtilleryFire(sp, adj), "Artillery Fire Table"
	}
	name := u.Name
	if u.sectioned() && len(r.secs) > 0 {
		name = sectionNames(u, r.secs) // 8.37
	}
	for _, p := range r.partners {
		name += " and " + p.Name
	}
	if from != "" {
		from = " from " + from
	}
	at := t.Name
	if th != t.Hex {
		at += " in " + th
	}
	text := fmt.Sprintf("%s: %s (%d SP%s) at %s, range %d: rolled %d%s = %d on the %s: %s", kind, name, sp, from, at, d, roll, drmText(ms), adj, table, res.Code)
	_, over := r.s.firedOver(cc, u, th, d)
	return shot{firer: u, target: t, hex: th, res: res, text: text, shotShell: table != "Fire Table", roll: roll, over: over}
}

// prepared reports whether u's fire of kind at range d gets the Prepared
// Fire +1: small arms within their Prepared range (10.51), infantry in
// Good Order under Advance or Attack Orders (mounted cavalry and artillery
// never), firing instead of moving if phasing, not in Extended Column
// (8.52), and not advanced, retreated or restacked in this activation
// (10.52, 10.53).
func (r *resolver) prepared(u *UnitSt, kind fireKind, d, within int) bool {
	o := r.s.ordersOf(u)
	switch {
	case d > within || u.Kind != "infantry" || u.Status != StGood:
		return false
	case u.inColumn():
		return false // 8.52: no Prepared Fire in Extended Column
	case o != Advance && o != Attack:
		return false
	case kind == phasingFire && u.Moved:
		return false // instead of moving
	case kind == phasingFire && u.Dismounted:
		return false // 10.52: phasing infantry, but not dismounted cavalry
	}
	return !r.shifted[u.Name] // 10.52: not advanced, retreated or restacked
}

// displace notes that u advanced, retreated or changed its stacking
// order in this brigade activation: it may not use Prepared Fire until
// the next (10.52, 8.24).
func (r *resolver) displace(u *UnitSt) {
	if r.shifted == nil {
		r.shifted = map[string]bool{}
	}
	r.shifted[u.Name] = true
}

// drmText lists modifiers for a report: " +1 Prepared Fire -1 range".
func drmText(ms []Modifier) string {
	out := ""
	for _, m := range ms {
		out += fmt.Sprintf(" %+d %s", m.DRM, m.Name)
	}
	return out
}

// fireArc is the arc of the target t in hex th that fire from hex at
// enters through: the hexside the Line of Fire crosses, the one whose
// direction lies nearest the line's. A line entering at the vertex
// between two hexsides enters through the one that benefits the target:
// a Front hexside before a Rear one, a Rear one before a Flank one (10.81
// General Terrain Notes; Flanking Fire's +1 is never more than a Rear
// hexside's, ruling GBACW-R6). See ruling GBACW-R115.
func (s *State) fireArc(t *UnitSt, th string, at hex.Axial) Arc {
	ta := s.axial(th)
	q, r := at.Q-ta.Q, at.R-ta.R
	rank := map[Arc]int{FrontArc: 0, RearArc: 1, FlankArc: 2}
	best, bestDot := NotAdjacent, 0
	for dir, d := range hex.Directions {
		// The cube coordinates' dot product: the larger, the nearer the
		// hexside's direction to the line's.
		dot := q*d.Q + r*d.R + (q+r)*(d.Q+d.R)
		a := s.unitArcAt(t, th, ta.Neighbor(dir))
		if dir == 0 || dot > bestDot || dot == bestDot && rank[a] < rank[best] {
			best, bestDot = a, dot
		}
	}
	return best
}

// entrySides are the neighbours of th across whose hexsides a Line of
// Fire from hex at enters th: the hexside whose direction lies nearest
// the line's, or the two either side of the vertex it enters at (10.81
// General Terrain Notes, ruling GBACW-R115).
func (s *State) entrySides(th string, at hex.Axial) []hex.Axial {
	ta := s.axial(th)
	q, r := at.Q-ta.Q, at.R-ta.R
	var out []hex.Axial
	best := 0
	for dir, d := range hex.Directions {
		dot := q*d.Q + r*d.R + (q+r)*(d.Q+d.R) // as in fireArc
		switch {
		case dir == 0 || dot > best:
			out, best = []hex.Axial{ta.Neighbor(dir)}, dot
		case dot == best:
			out = append(out, ta.Neighbor(dir))
		}
	}
	return out
}

// hexsideFire is the Terrain Effects Chart's DRM for a fire from hex
// from entering the target's hex th across a hexside, its name, and
// whether it is a downhill +1 (10.67). At a vertex the target takes the
// hexside better for it (ruling GBACW-R127). See GBACW 10.81.
func (s *State) hexsideFire(cc *CombatCharts, th, from string) (int, string, bool) {
	var drm int
	var name string
	var downhill bool
	for i, n := range s.entrySides(th, s.axial(from)) {
		if d, l, down := s.sideFire(cc, n, th, from); i == 0 || d < drm {
			drm, name, downhill = d, l, down
		}
	}
	return drm, name, downhill
}

// sideFire is the fire DRM of the hexside between n and the target's hex
// th for a fire from hex from, its name, and whether it is a downhill +1.
// Every feature of the hexside counts, their DRMs added (ruling
// GBACW-R127). A slope gives its fire DRM going up into the higher hex,
// its fire-down DRM going down into the lower; by the Exception for Slope
// Hexsides a firer not adjacent whose elevation is above the lower hex
// by the hexside goes by its own elevation against the target's: up when
// lower, down when higher, none when level (ruling GBACW-R126).
func (s *State) sideFire(cc *CombatCharts, n hex.Axial, th, from string) (int, string, bool) {
	f := s.g.sides[hexmap.KeyOf(n, s.axial(th))]
	sum, parts := 0, []string{}
	add := func(kind, label string, drm func(HexsideCost) int) int {
		h, err := cc.Hexside(kind)
		if err != nil || drm(h) == 0 {
			return 0
		}
		sum += drm(h)
		parts = append(parts, label)
		return drm(h)
	}
	fire := func(h HexsideCost) int { return h.Fire }
	for _, k := range []string{f.water, f.crossing} {
		if k != "" {
			add(k, k, fire)
		}
	}
	if f.impassable {
		add(SideImpassable, SideImpassable, fire)
	}
	label := func() string { return strings.Join(parts, ", ") + " hexside" }
	nid := s.hexID(n)
	if f.slope == "" || nid == "" {
		return sum, label(), false
	}
	dir := s.baseLevel(th) - s.baseLevel(nid)
	far := hex.Distance(s.axial(from), s.axial(th)) > 1
	if far && s.baseLevel(from) > min(s.baseLevel(nid), s.baseLevel(th)) {
		dir = s.baseLevel(th) - s.baseLevel(from) // the Exception
	}
	switch {
	case dir > 0 && add(f.slope, f.slope+" slope", fire) != 0:
		return sum, label() + " up", false
	case dir < 0:
		if down := add(f.slope, f.slope+" slope", func(h HexsideCost) int { return h.FireDown }); down != 0 {
			return sum, label() + " down", down > 0
		}
	}
	return sum, label(), false
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
	if u.Kind == "artillery" && !u.Fired && u.Spent > r.s.activationMA(u) {
		r.event("no-fire", "GBACW 10.61", "%s moved more than half its MA and may not fire", u.Name)
		return
	}
	// The reasons a unit has been barred from firing in this activation
	// come first, whatever else stops it (9.42, 7.34).
	if u.NoFire && u.NoShock && !u.Fired {
		r.event("no-fire", "GBACW 9.42", "%s moved next to the enemy by 9.42 Exception 2 and may not fire in this activation", u.Name)
		return
	}
	if u.NoFire && !u.Fired {
		r.event("no-fire", "GBACW 7.34", "%s stacked with Refused units after they fired and may not fire in this Activation (7.34)", u.Name)
		return
	}
	if !r.mayFire(u, phasingFire) {
		return
	}
	if u.extended() || len(from) > 0 {
		r.extendedFire(u, name, from)
		return
	}
	name = r.forcedTarget(u, name)
	t := r.pickTarget(u, name)
	if t == nil {
		if name != "" {
			r.event("no-fire", "GBACW 10.16", "%s cannot fire at %s: not in its arc, range and LOS", u.Name, name)
		}
		return
	}
	r.targeted(t, hex.Distance(r.s.axial(u.Hex), r.s.axial(t.Hex)))
	if spencer(u) {
		th, from := t.Hex, u.Hex
		r.spencerFire(u, t)
		r.settleAmmo()
		if t.Hex == th && r.reactToFire(t, u) {
			r.returnAfterReaction(t, u)
		}
		r.advanceAfterFire(u, from, th)
		return
	}
	if d, _ := r.canReach(u, t); u.sectioned() && len(r.firingSections(u, phasingFire, d, false)) == 0 {
		r.event("no-fire", "GBACW 8.37", "%s has no section left that may fire at %s", u.Name, t.Name)
		return
	}
	r.partners, r.fired = r.combining(u, t, phasingFire, nil), nil
	if len(r.fireWith) > 0 {
		r.partners = r.combinedBatteries(u, t)
	}
	shots := r.volley(u, t, phasingFire)
	partners := r.partners
	r.partners = nil
	if len(shots) == 0 {
		front := u.Refused != "" && !r.s.throughRefused(u, r.s.axial(t.Hex))
		switch {
		case front && r.refusedSP(u, false) == 0:
			r.event("no-fire", "GBACW 7.34", "%s has no SPs to fire through its normal Frontal hexes (7.34)", u.Name)
		case front && u.sectioned() && len(r.secs) > 0 && r.sectionsSP(u, r.secs, false) == 0:
			r.event("no-fire", "GBACW 7.34", "%s has no SPs to fire through its normal Frontal hexes (7.34)", sectionNames(u, r.secs))
		}
		return
	}
	if !shots[0].shotShell {
		r.marchHit(t)
	}
	u.Fired = r.sectionsFired(u)
	for _, p := range partners {
		p.Fired = true
	}
	th, at := t.Hex, u.Hex
	r.exchange(u, t, shots)
	r.settleAmmo()
	if t.Hex == th && r.reactToFire(t, u) { // not when the fire made it retreat (9.61)
		r.returnAfterReaction(t, u)
	}
	r.advanceAfterFire(u, at, th)
}

// forcedTarget is the target a phasing battery must fire at: alone in
// its hex and in the Front hex of an enemy unit it can fire at, it fires
// at that enemy, the named one if it is such an enemy, else the first in
// the state's order (ruling GBACW-R77). Otherwise it is name. See GBACW
// 10.66.
func (r *resolver) forcedTarget(u *UnitSt, name string) string {
	must := r.mustTargets(u)
	if len(must) == 0 {
		return name
	}
	for _, e := range must {
		if e.Name == name {
			return name
		}
	}
	if name != "" {
		r.event("forced-target", "GBACW 10.66", "%s stands alone in the Front of %s and must fire at it, not at %s", u.Name, must[0].Name, name)
	}
	return must[0].Name
}

// mustTargets are the enemy units a phasing battery alone in its hex
// stands in the Front hex of and can fire at (10.66).
func (r *resolver) mustTargets(u *UnitSt) []*UnitSt {
	s := r.s
	if u.Kind != "artillery" || len(s.unitsAt(u.Hex)) > 1 {
		return nil
	}
	ua := s.axial(u.Hex)
	var must []*UnitSt
	for _, e := range s.adjacentEnemies(u.Hex, u.Side) {
		if _, ok := r.canReach(u, e); ok && e.combat() && s.unitArc(e, ua) == FrontArc {
			must = append(must, e)
		}
	}
	return must
}

// activationMA is u's MA under its Orders this activation, in half MPs
// halved: the most MPs (counted in halves) a battery may spend and still
// fire (10.61, 9.12; ruling GBACW-R41).
func (s *State) activationMA(u *UnitSt) int {
	ma := u.MA
	if s.ordersOf(u) == Attack {
		ma = (ma + 1) / 2 // 9.24
	}
	return ma
}

// becameTop: u is artillery that started this brigade activation under
// a non-artillery unit and is now the top of its hex (10.61).
func (r *resolver) becameTop(u *UnitSt) bool {
	if !r.underFoot[u.Name] || !u.onMap() {
		return false
	}
	return r.s.unitsAt(u.Hex)[0] == u
}

// mayRapidFire reports whether u's guns may use Rapid Fire at t now:
// a smoothbore marked (RF) on the Range Effects Chart, at 1-3 hexes,
// that has not moved (10.68) nor reacted (9.62), when its side's
// doctrine asks for it.
func (r *resolver) mayRapidFire(u, t *UnitSt) bool {
	// 9.62: not at the first non-phasing fire after a Reaction Facing;
	// nor after a reaction move (an Approach Fire does not bar it, 10.45).
	reacted := r.faced[u.Name] || u.Reacted && !r.approached[u.Name]
	if u.Kind != "artillery" || u.Moved || r.willMove && r.phasing == u.Side || reacted || r.becameTop(u) || r.standing(u.Side, gbtext.RRapid) != "ALWAYS" {
		return false
	}
	rng, err := r.sys.combat.Range(u.Weapon)
	d := hex.Distance(r.s.axial(u.Hex), r.s.axial(t.Hex))
	if u.sectioned() {
		// 10.68: a battery with an (RF) section among those that fire.
		kind := returnFire
		if r.phasing == u.Side {
			kind = phasingFire
		}
		return d <= 3 && len(r.firingSections(u, kind, d, true)) > 0
	}
	return err == nil && rng.RapidFire && d <= 3
}

// volley rolls one fire of u at t: one shot, or the two shots of Rapid
// Fire at the same hex, rolled before either applies (10.68).
func (r *resolver) volley(u, t *UnitSt, kind fireKind) []shot {
	was := r.kindNow
	r.kindNow = kind
	defer func() { r.kindNow = was }()
	if !r.mayRapidFire(u, t) || r.steepAdjacent(u, t.Hex) { // 10.67: no Rapid Fire
		sh, ok := r.roll(u, t, kind)
		if !ok {
			return nil
		}
		return []shot{sh}
	}
	r.rapid = true
	defer func() { r.rapid = false }()
	first, ok := r.roll(u, t, kind)
	if !ok {
		return nil
	}
	r.event("rapid-fire", "GBACW 10.68", "%s uses Rapid Fire: two shots at %s", u.Name, t.Hex)
	r.rapidSecond = true
	second, _ := r.roll(u, t, kind)
	r.rapidSecond = false
	first.text = strings.Replace(first.text, string(kind)+":", string(kind)+", Rapid Fire 1st shot:", 1)
	second.text = strings.Replace(second.text, string(kind)+":", string(kind)+", Rapid Fire 2nd shot:", 1)
	return []shot{first, second}
}

// exchange resolves a phasing fire and the Return Fire it draws (R3):
// from the target's hex, and from the units that join it (10.42). Return
// Fire is simultaneous with the phasing fire, but artillery's at 4 hexes
// or more follows it (10.42 Exception). See GBACW 10.41-10.42, 10.68,
// 14.32, 14.37.
func (r *resolver) exchange(u, t *UnitSt, shots []shot, more ...*UnitSt) {
	var simul, after []*UnitSt
	for _, t := range append([]*UnitSt{t}, more...) {
		for _, e := range r.returnFirers(u, t.Side, t.Hex) {
			switch {
			case slices.Contains(simul, e) || slices.Contains(after, e):
			case e.Kind == "artillery" && hex.Distance(r.s.axial(e.Hex), r.s.axial(u.Hex)) >= 4:
				after = append(after, e)
			default:
				simul = append(simul, e)
			}
		}
	}
	from := u.Hex
	type spencerAfter struct {
		e      *UnitSt
		before int
	}
	var seconds []spencerAfter
	rapid := len(shots) > 1
	joined := map[*UnitSt]bool{}
	for _, e := range simul {
		if joined[e] {
			continue
		}
		twice, before := spencer(e), r.seconds(e)
		r.partners = r.combining(e, u, returnFire, simul)
		rs := r.volley(e, u, returnFire)
		for _, p := range r.partners {
			joined[p] = true
			if len(rs) > 0 {
				p.ReturnFired++
			}
		}
		r.partners = nil
		if len(rs) == 0 {
			continue
		}
		e.ReturnFired++
		r.doctrine(e, gbtext.RReturn, "GBACW 10.42")
		shots = append(shots, rs...)
		switch {
		case twice && rapid:
			// Against Rapid Fire both second shots are rolled before any
			// result applies (14.37).
			if sh, ok := r.secondRoundAt(e, from, returnFire); ok {
				shots = append(shots, sh)
			}
		case twice:
			seconds = append(seconds, spencerAfter{e, before})
		}
	}
	r.applyAll(shots)
	for _, x := range seconds {
		r.spencerReturn(x.e, from, x.before, returnFire) // 14.32
	}
	for _, e := range after {
		if !e.combat() || !r.mayFire(e, returnFire) || !u.onMap() {
			continue
		}
		if rs := r.volley(e, u, returnFire); len(rs) > 0 {
			e.ReturnFired++
			r.applyAll(rs)
		}
	}
}

// advanceAfterFire is R13: a phasing unit that fired from next to its
// target advances into the target's hex when its fire emptied it and its
// side's doctrine says ADVANCE AFTER FIRE ALWAYS. Only a unit that
// started the activation next to the target may, and artillery never
// advances. See GBACW 12.6.
func (r *resolver) advanceAfterFire(u *UnitSt, from, th string) {
	s := r.s
	if r.standing(u.Side, gbtext.RPursue) != "ALWAYS" || !u.combat() || u.Kind == "artillery" || u.Hex != from || s.m.Distance(from, th) != 1 {
		return
	}
	if start, ok := r.startHex[u.Name]; ok && s.m.Distance(start, th) != 1 {
		return
	}
	if s.heldAgainst(th, u.Side) || s.ordersOf(u) == March || !s.stackRoom(u, th, s.ordersOf(u)) {
		return
	}
	if s.uncrossable(r.sys.combat, from, th) {
		// 12.6: never across a hexside where movement is prohibited.
		r.event("no-advance", "GBACW 12.6", "%s may not advance across the hexside into %s", u.Name, th)
		return
	}
	r.doctrine(u, gbtext.RPursue, "GBACW 12.6")
	if u.extended() && r.advanceLine(u, th) {
		r.displace(u)
		return
	}
	r.retractAll(u, "to advance") // 8.47, 8.52
	r.event("advance", "GBACW 12.6", "%s advances after its fire into %s", u.Name, th)
	u.Hex, u.Refused = th, ""
	r.regain(u, th)  // 12.81
	r.leadersAlone() // 12.73
	r.displace(u)
	r.terrainDisorder(u, from, th) // the "d" or "D" of the hex entered
	r.endedIn(u)
	r.advanceTurn(u) // 12.6: one vertex after the advance
	if u.Side == r.phasing && u.combat() {
		r.reactionFacing(u) // 9.61: an enemy advance next to a unit may trigger it
	}
}

// applyAll reports the shots of one fire, rolled together, then applies
// them in the order rolled (10.68).
func (r *resolver) applyAll(shots []shot) {
	for _, x := range shots {
		r.event("fire", "GBACW 10.17", "%s", x.text)
	}
	for _, x := range shots {
		r.applyResult(x)
	}
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
	twice, before, h := spencer(e), r.seconds(e), u.Hex
	shots := r.volley(e, u, kind)
	if len(shots) == 0 {
		return false
	}
	e.ReturnFired++
	r.doctrine(e, reaction, "GBACW 10.4")
	r.applyAll(shots)
	if twice {
		// Withdrawal and Pre-Shock Fire: Spencers fire twice, the second
		// round at the top unit left in the hex (14.35, 14.36).
		r.spencerReturn(e, h, before, kind)
	}
	r.settleAmmo()
	return true
}

// withdrawalFire is R4: enemy infantry and cavalry in whose Front hex
// the mover stands fire before it leaves; with units of its side staying
// in the hex (not those moving with it), the fire waits for the end of
// the move and falls on the top one left (10.44 Exception,
// lateWithdrawalFire). See GBACW 10.44.
func (r *resolver) withdrawalFire(u *UnitSt, with ...*UnitSt) {
	s := r.s
	ua := s.axial(u.Hex)
	stay := slices.ContainsFunc(s.unitsAt(u.Hex), func(f *UnitSt) bool {
		return f != u && f.Side == u.Side && f.combat() && !slices.Contains(with, f)
	})
	for _, e := range s.adjacentEnemies(u.Hex, u.Side) {
		if e.Kind == "artillery" || s.unitArc(e, ua) != FrontArc {
			continue
		}
		if stay {
			r.lateWithdrawal = append(r.lateWithdrawal, lateFire{e, u.Hex, u.Side})
			continue
		}
		r.reactionShot(e, u, withdrawalFire, gbtext.RWithdrawal)
	}
}

// lateFire is a Withdrawal Fire held until the end of a move (10.44
// Exception): the firer and the hex the mover left.
type lateFire struct {
	e    *UnitSt
	hex  string
	side rules.Side
}

// lateWithdrawalFire fires the Withdrawal Fire held while a unit left a
// hex where others of its side stayed: at the top unit of its side left
// there, once the mover has finished its move. See GBACW 10.44 Exception.
func (r *resolver) lateWithdrawalFire() {
	late := r.lateWithdrawal
	r.lateWithdrawal = nil
	seen := map[lateFire]bool{}
	for _, l := range late {
		if !l.e.combat() || seen[l] {
			continue
		}
		seen[l] = true
		for _, t := range r.s.unitsAt(l.hex) {
			if t.Side == l.side && t.combat() {
				if r.s.unitArc(l.e, r.s.axial(l.hex)) == FrontArc {
					r.reactionShot(l.e, t, withdrawalFire, gbtext.RWithdrawal)
				}
				break
			}
		}
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
			r.approached[e.Name] = true
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
	r.hitResult(x)
	if x.roll <= 2 {
		// Fire over the heads of friends next to the target: on an
		// unadjusted 2 or less they make a UDD (10.26).
		r.friendlyUDDs(x.over, "fired over by friends", "friendly-fire")
	}
}

// hitResult applies a shot's result to its hex.
func (r *resolver) hitResult(x shot) {
	t, h := x.target, x.hex
	outer := r.casualties
	r.casualties = r.newBatch()
	defer r.checkLater(outer) // 12.71 Note 1: after all the UDDs
	defer r.settleCollapses() // 12.23: once the result is played out
	r.throughDone = nil       // 12.46: a new result
	if t.onMap() && h != t.Hex && r.s.lineAt(h) == t {
		r.applyToPart(x) // 8.45: an Extended Line's part
		return
	}
	if !t.onMap() || t.Hex != h {
		// The target left the hex: the result falls on the top unit of
		// its side still there, if any (10.41, 10.42 Example #3).
		t = nil
		for _, v := range r.s.unitsAt(h) {
			if v.Side == x.target.Side {
				t = v
				break
			}
		}
		if t == nil {
			return
		}
	}
	if x.shotShell {
		r.casualties.shotShell = true
		for _, u := range r.s.unitsAt(h) {
			r.hit(u, x.res, x.res.Losses)
		}
		r.randomStackLosses() // 12.35e Exception
		return
	}
	stack := r.s.unitsAt(h)
	if slices.Contains(r.shocking, t) {
		// Pre-Shock Fire's losses fall on the shocking units, the top
		// one first, then on the top of the hex (8.35).
		stack = append(slices.DeleteFunc(slices.Clone(stack), func(u *UnitSt) bool { return !slices.Contains(r.shocking, u) }),
			slices.DeleteFunc(slices.Clone(stack), func(u *UnitSt) bool { return slices.Contains(r.shocking, u) })...)
	}
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
	return r.uddWith(u, UDDDRM(r.s.leaderStars(u), r.s.fatigueOf(u), mod), why, cause)
}

// uddWith is uddOrDisorder with the DRM given.
func (r *resolver) uddWith(u *UnitSt, drm int, why, cause string) bool {
	roll, pass := UDD(r, u.Name, r.s.cohesion(u), drm, why)
	if pass {
		r.event("udd", "GBACW 2.6", "%s passes its UDD (%s): rolled %d%+d against %d", u.Name, why, roll, drm, r.s.cohesion(u))
		return true
	}
	r.event("udd", "GBACW 2.6", "%s fails its UDD (%s): rolled %d%+d against %d", u.Name, why, roll, drm, r.s.cohesion(u))
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
	if u.Blown && (cause == "fire" || cause == "shock") {
		defer r.blownLoss(u) // 11.58: a Disorder combat result, after the table's
	}
	if r.secondDisorders == nil {
		r.secondDisorders = map[string]int{}
	}
	r.secondDisorders[u.Name]++
	if u.Side == r.phasing && r.acting != nil && cause != "terrain" && cause != "post-shock" && !u.Fired {
		// A phasing unit's 2nd Disorder from fire, shock and the like ends
		// its phasing actions for the activation (12.35f).
		u.Fired, u.Rallied = true, false
		if r.done == nil {
			r.done = map[string]bool{}
		}
		r.done[u.Name] = true
		r.event("done", "GBACW 12.35", "%s may take no further phasing actions this activation", u.Name)
	}
	for _, e := range effects {
		if !u.onMap() {
			return
		}
		switch e {
		case "udd-rout":
			roll, pass := UDD(r, u.Name, r.s.cohesion(u), UDDDRM(r.s.leaderStars(u), r.s.fatigueOf(u), 0), "2nd Disorder")
			if !pass {
				r.event("udd", "GBACW 12.35", "%s fails its 2nd Disorder UDD (rolled %d against %d)", u.Name, roll, r.s.cohesion(u))
				r.rout(u)
				return
			}
			r.event("udd", "GBACW 12.35", "%s passes its 2nd Disorder UDD (rolled %d against %d)", u.Name, roll, r.s.cohesion(u))
		case "lose-1":
			r.secondDisorderLoss(u) // 12.35e: once a stack
		case "retreat-1-2":
			if e, _ := r.s.nearestEnemy(u.Hex, u.Side); e != nil {
				r.retreatToComply(u, e.Hex)
			}
		case "no-more-return-fire":
			u.ReturnFired = 2 // 12.35a: none left in this enemy brigade activation
		case "no-return-fire-at-trigger":
			// 12.35b: a non-phasing unit may not return fire at the unit
			// whose approach made it face about.
			if t := r.reactingTo; t != nil && u.Side != r.phasing {
				if r.noReturnAt == nil {
					r.noReturnAt = map[string]string{}
				}
				r.noReturnAt[u.Name] = t.Name
			}
		case "abandoned":
			if by, ok := r.coverers[u.Hex]; ok {
				r.event("not-abandoned", "GBACW 12.8", "%s is not Abandoned: %s, in Good Order in its hex, passed its UDD", u.Name, by)
				continue
			}
			u.Status = StAbandoned
			r.event("abandoned", "GBACW 12.8", "%s is Abandoned", u.Name)
		case "blown-if-mounted":
			if u.Kind == "cavalry" {
				u.Blown = true
				r.event("blown", "GBACW 11.58", "%s is Blown", u.Name)
			}
		case "lose-1-if-not-mounted":
			if u.Kind != "cavalry" {
				r.loseSteps(u, 1, "a 2nd Disorder after shock", noCheck) // 11.48
			}
		}
	}
}

// lose takes n SPs (guns) from u; at none it is eliminated (12.13),
// below half strength it is Collapsed (12.23). Leaders in its hex check
// for casualties. See GBACW 12.21, 12.71.
func (r *resolver) lose(u *UnitSt, n int, why string) {
	r.loseSteps(u, n, why, checkNow)
	if why == "fire" || why == "shock" || why == "a Bloody Standoff" {
		r.blownLoss(u) // 11.58: a Step Loss combat result
	}
}

// blownLoss is 11.58: a Blown unit that suffers a Disorder or Step Loss
// combat result loses 1 SP more to that result, once a result, then
// makes a UDD and routs on a failure (12.51); a Collapsed one checks for
// Rout only once (12.23). Blown stacks' limit of 2 additional SPs, the
// second applied at random, is not yet played.
func (r *resolver) blownLoss(u *UnitSt) {
	if !u.Blown || !u.combat() {
		return
	}
	if b := r.casualties; b != nil {
		if b.blown[u.Name] {
			return
		}
		if b.blown == nil {
			b.blown = map[string]bool{}
		}
		b.blown[u.Name] = true
	}
	r.loseSteps(u, 1, "Blown, 11.58", checkNow)
	if !u.combat() {
		return
	}
	r.checkedForRout(u) // 12.23: one check
	drm := UDDDRM(r.s.leaderStars(u), r.s.fatigueOf(u), 0)
	roll, pass := UDD(r, u.Name, u.cohesionNow(), drm, "Blown (GBACW 11.58)")
	r.event("udd", "GBACW 11.58", "%s %s its UDD (Blown, it lost an SP): rolled %d%+d against %d", u.Name,
		map[bool]string{true: "passes", false: "fails"}[pass], roll, drm, u.cohesionNow())
	if !pass {
		r.rout(u) // 12.51
	}
}

// loseSteps is lose, its Leader Casualty Checks made as check says
// (casualties.go).
func (r *resolver) loseSteps(u *UnitSt, n int, why string, check lossCheck) {
	n = min(n, u.SP)
	if u.Collapsed && n > 0 {
		r.owesCollapseUDD(u) // 12.23
	}
	for range n {
		r.loseGun(u) // 8.37
	}
	u.SP -= n
	r.s.side(u.Side).Lost += n
	r.event("loss", "GBACW 12.21", "%s loses %d SP (%s), %d left", u.Name, n, why, u.SP)
	// 12.71 Note 2: the leaders in any hex of an Extended Unit check.
	for _, p := range u.lineParts() {
		switch b := r.casualties; {
		case check == noCheck:
		case check == checkAfterUDDs && b != nil:
			b.later = append(b.later, r.s.stackedLeaders(p.hex, u.Side)...) // 12.71 Note 1
		default:
			r.casualtyChecks(p.hex, u.Side)
		}
	}
	h := u.Hex
	if u.SP == 0 {
		u.Status, u.Hex = StEliminated, ""
		r.event("eliminated", "GBACW 12.21", "%s is eliminated", u.Name)
		r.commandGone(u)
		r.leadersAlone() // 12.73
		return
	}
	r.collapse(u)
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
// to it or stacked with it, in any hex of either's Extended Line or
// Column, check for Disorder (12.5, 12.54): Disordered
// ones too, failing which they take a 2nd Disorder "from adjacent unit
// rout" (12.35b) and may rout in turn. In one chain of routs a unit checks
// once (12.54's no double jeopardy): those due for the first rout are
// all marked before any rolls, so a later rout of the chain passes them by.
// See rulings GBACW-R120, GBACW-R121.
func (r *resolver) rout(u *UnitSt) {
	if u.Kind == "artillery" {
		u.Status = StAbandoned
		r.event("abandoned", "GBACW 12.8", "%s is Abandoned", u.Name)
		return
	}
	if r.routs != nil {
		if !slices.Contains(*r.routs, u) {
			*r.routs = append(*r.routs, u) // 12.52: until both sides' are known
		}
		return
	}
	var from []string // every hex it held: an Extended Unit's too (8.4, 8.5)
	for _, p := range u.lineParts() {
		from = append(from, p.hex)
	}
	u.Status, u.Hex = StRouted, ""
	r.s.side(u.Side).Lost += u.SP
	r.event("rout", "GBACW 12.51", "%s routs to its Division Box", u.Name)
	r.leadersAlone() // 12.72-12.73: his leaders stay behind
	if r.routChecked == nil {
		r.routChecked = map[string]bool{}
		defer func() { r.routChecked = nil }()
	}
	var due []*UnitSt
	for i := range r.s.Units {
		f := &r.s.Units[i]
		if f.Side != u.Side || !f.combat() || f.Kind == "artillery" || r.routChecked[f.Name] {
			continue
		}
		if r.besideAny(f, from) {
			r.routChecked[f.Name] = true
			due = append(due, f)
		}
	}
	for _, f := range due {
		if f.combat() {
			r.uddOrDisorder(f, 0, "a rout beside it", "adjacent-rout")
		}
	}
}

// besideAny: one of f's hexes, an Extended Unit's any of them, is one of
// hexes or next to one (12.54).
func (r *resolver) besideAny(f *UnitSt, hexes []string) bool {
	for _, p := range f.lineParts() {
		for _, h := range hexes {
			if p.hex == h || r.s.m.Distance(p.hex, h) == 1 {
				return true
			}
		}
	}
	return false
}

// retreat moves u n hexes away from the enemy at from, by its side's
// retreat doctrine (R9); a unit that cannot retreat loses 1 SP per hex
// it cannot go (ruling GBACW-R19). A hex of friendly units it may not
// stack with it goes through, on to a hex where it may stop; those units
// then make their UDDs (12.46). See GBACW 12.41-12.46.
func (r *resolver) retreat(u *UnitSt, from string, n int) {
	friends := r.standing(u.Side, gbtext.RRetreat) == "FRIENDS"
	if u.Side == r.phasing && r.acting != nil && u.onMap() && !r.done[u.Name] {
		// 12.47: a phasing unit forced to retreat takes no further phasing
		// action in the activation; a defender's Continued Shock against
		// it still draws its Pre-Shock Fire and its own Continued Shock.
		if r.done == nil {
			r.done = map[string]bool{}
		}
		r.done[u.Name] = true
	}
	var passed []*UnitSt
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
			break
		}
		h := r.retreatHex(u, from, friends)
		if h == "" && u.Kind == "artillery" && u.Status != StAbandoned {
			// 12.45: artillery that cannot complete a retreat is
			// Abandoned, and loses no SP for it.
			u.Status = StAbandoned
			r.event("abandoned", "GBACW 12.45", "%s cannot retreat from %s: it is Abandoned", u.Name, u.Hex)
			break
		}
		if h == "" {
			r.event("retreat-blocked", "GBACW 12.44", "%s cannot retreat from %s", u.Name, u.Hex)
			r.lose(u, 1, "no retreat path")
			continue
		}
		r.event("retreat", "GBACW 12.41", "%s retreats from %s to %s", u.Name, u.Hex, h)
		prev := u.Hex
		r.retreatStep(u, h)
		through, ok := r.retreatThrough(u, from, friends)
		if !ok {
			// No hex beyond to stop in: the unit stays where it could
			// stop and loses a step for the hex it could not go (12.44).
			r.event("retreat-blocked", "GBACW 12.46", "%s cannot go on through the units in %s: it stays in %s", u.Name, u.Hex, prev)
			r.retreatStep(u, prev)
			r.lose(u, 1, "no retreat path")
			continue
		}
		passed = append(passed, through...)
		r.s.placeInStack(u, prev) // 8.23
		// 12.44: the hex's "d" or "D" (not the through-hexes', 12.46);
		// a Disordered unit Disordered again by it halts (12.35c).
		halted := !r.terrainDisorder(u, prev, u.Hex)
		r.displace(u)
		r.leadersAlone()
		if halted && u.onMap() {
			r.event("halt", "GBACW 12.44", "%s halts its retreat in %s after a 2nd Disorder from terrain", u.Name, u.Hex)
			break
		}
	}
	r.throughUDDs(u, passed)
	if u.onMap() {
		r.stackFacing(u) // 12.44
		r.endedIn(u)     // 7.32
	}
}

// stackFacing: a unit that ends its retreat in a hex of friendly units
// takes their facing (12.44).
func (r *resolver) stackFacing(u *UnitSt) {
	if u.spread() {
		return
	}
	for _, f := range r.s.unitsAt(u.Hex) {
		if f != u && f.Side == u.Side && f.combat() && !f.spread() {
			if f.Facing != u.Facing {
				u.Facing = f.Facing
				r.event("facing", "GBACW 12.44", "%s takes the facing of %s, with whom it ends its retreat", u.Name, f.Name)
			}
			return
		}
	}
}

// retreatStep moves a retreating unit a hex, and the leaders who go
// with it (12.72); it leaves Refused status (7.33).
func (r *resolver) retreatStep(u *UnitSt, h string) {
	prev := u.Hex
	u.Hex, u.Refused = h, ""
	r.carryLeaders(u, prev, h)
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
	if spencer(u) {
		// Both Spencer rounds go at one hex (14.3): a Spencer unit does
		// not split (ruling GBACW-R42).
		r.phasingFire(u, "")
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
	// Under optional rule 10.82 the stack splits as one firing unit: the
	// units that may fire at both targets.
	var partners []*UnitSt
	if len(targets) == 2 {
		second := r.combining(u, targets[1], phasingFire, nil)
		for _, p := range r.combining(u, targets[0], phasingFire, nil) {
			if slices.Contains(second, p) {
				partners = append(partners, p)
			}
		}
	}
	total := r.firingSP(u)
	for _, p := range partners {
		total += r.firingSP(p)
	}
	shares, err := SplitEvenly(total, len(targets))
	if len(targets) < 2 || err != nil {
		r.phasingFire(u, "")
		return
	}
	var shots []shot
	for _, p := range partners {
		p.Fired = true
	}
	for i, t := range targets {
		r.targeted(t, 1)
		r.spShare, r.partners = shares[i], partners
		sh := r.volley(u, t, phasingFire)
		r.spShare, r.partners = 0, nil
		if len(sh) == 0 {
			continue
		}
		r.marchHit(t)
		shots = append(shots, sh...)
		if r.standing(t.Side, gbtext.RReturn) != "NEVER" && r.mayFire(t, returnFire) {
			if rs := r.volley(t, u, returnFire); len(rs) > 0 {
				t.ReturnFired++
				r.doctrine(t, gbtext.RReturn, "GBACW 10.42")
				shots = append(shots, rs...)
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
	r.settleAmmo()
}

// firingSP is what the Fire Frontage Rule lets u fire from its hex now.
// See GBACW 8.31-8.33.
func (r *resolver) firingSP(u *UnitSt, with ...*UnitSt) int {
	// Abandoned guns are no units and do not count to the 8.31 limits
	// (12.8).
	here := slices.DeleteFunc(r.s.unitsAt(u.Hex), func(f *UnitSt) bool { return !f.combat() })
	stack := make([]Stacked, len(here))
	group := func(f *UnitSt) bool { return f == u || slices.Contains(with, f) }
	for i, f := range here {
		sp := f.SP
		if f.inColumn() {
			sp = f.lineParts()[0].sp // 8.5, 8.52: the parent hex's share fires (ruling GBACW-R116)
		}
		if f.Dismounted {
			sp = HorseHolders(sp) // 14.25
		}
		stack[i] = Stacked{Kind: f.unitKind(), SP: sp, Fires: group(f)}
	}
	n := 0
	for i, sp := range FireFrontage(stack) {
		if group(here[i]) {
			n += sp // the units firing together, within the hex's limits (8.31)
		}
	}
	return n
}

// combinedBatteries are the batteries a phasing battery's FIRE ... WITH
// names that combine their fire with it at t: stacked in its hex, of the
// brigade acting, free to fire and able to reach t. Different batteries
// combine at 4 hexes or more only (canister is fired battery by
// battery): nearer, u fires alone. See GBACW 10.63, ruling GBACW-R78.
func (r *resolver) combinedBatteries(u, t *UnitSt) []*UnitSt {
	s := r.s
	d, _ := r.canReach(u, t)
	if u.Kind != "artillery" {
		return nil
	}
	if d < 4 {
		r.event("no-combine", "GBACW 10.63", "%s fires alone: batteries combine their fire at 4 hexes or more, not at %d", u.Name, d)
		return nil
	}
	var out []*UnitSt
	for _, name := range r.fireWith {
		p := s.unit(name)
		if p == nil || p == u || p.Side != u.Side || p.Kind != "artillery" || p.Hex != u.Hex || s.brigadeOf(p) != r.acting {
			r.event("no-combine", "GBACW 10.63", "%s is no battery of %s's hex acting now, to combine its fire", name, u.Name)
			continue
		}
		_, reach := r.canReach(p, t)
		switch {
		case !r.mayFire(p, phasingFire) || !reach || r.firingSP(p) == 0:
			r.event("no-combine", "GBACW 10.63", "%s may not fire at %s now, to combine its fire", name, t.Name)
		default:
			out = append(out, p)
		}
	}
	return out
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

// turnOne is the TURN action: a unit under Advance or Attack Orders
// changes facing one vertex, LEFT or RIGHT, once an activation and not
// after its fire (10.32). It is not movement under Advance Orders and
// keeps Prepared Fire (10.52 Note), except under Attack Orders in Woods,
// where it costs an MP (7.22).
func (r *resolver) turnOne(u *UnitSt, side string) {
	o := r.s.ordersOf(u)
	switch {
	case o != Advance && o != Attack || u.Refused != "":
		return
	case u.Fired:
		r.event("no-turn", "GBACW 10.32", "%s may not change facing after its fire", u.Name)
		return
	case r.turned[u.Name]:
		return
	}
	woods := o == Attack && r.s.g.terrain[u.Hex] == "woods"
	if woods && r.mpLeft(u, o) < 2 {
		r.event("no-turn", "GBACW 7.22", "%s has not the MP to turn in Woods under Attack Orders (1 MP a vertex)", u.Name)
		return
	}
	right, _ := r.s.flankDirs(u.Facing)
	step := 1
	if (right == mod6(u.Facing-1)) == (side == "RIGHT") {
		step = 5
	}
	u.Facing = mod6(u.Facing + step)
	if r.turned == nil {
		r.turned = map[string]bool{}
	}
	r.turned[u.Name] = true
	r.event("turn", "GBACW 10.32", "%s turns one vertex %s (facing %d)", u.Name, strings.ToLower(side), u.Facing)
	if woods {
		// 7.23's free vertex to fire, "Exception: see 7.22": 1 MP a
		// vertex in Woods under Attack Orders.
		u.Spent += 2
		u.Moved = true
	}
}
