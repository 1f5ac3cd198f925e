package lob

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"galloper/rules"
)

// Rule numbers the fire rules state in their text.
const (
	// hexFireLimit is the most SPs that may fire out of one hex in a
	// phase; openOrderFireLimit when the hex holds an Open Order Capable
	// unit (LoB 5.1a).
	hexFireLimit       = 8
	openOrderFireLimit = 3
	// volleyReach is how far away a unit may give an Opening Volley
	// (LoB 5.4a).
	volleyReach = 3
	// dangerCloseRange is the range from which friendly units no longer
	// affect an artillery shot's line of sight (LoB 4.2e, 4.2f).
	dangerCloseRange = 5
)

// shot is one fire combat being resolved (LoB 5.0).
type shot struct {
	from, target string
	rng          int
	firers       []*Piece
	sps          map[string]int // SPs each firer gives (LoB 5.3d)
	// spare are units able to fire that the hex's SP limit left out; they
	// fire SPs an Opening Volley's losses free (LoB 5.1a).
	spare     []*Piece
	artillery bool // the shot involves artillery
	canister  bool // the artillery fires Canister (LoB 8.2e)
	dg        bool // the firing stack is DG (LoB 5.0)
	// blind marks a target hex the firing side cannot see: its line of
	// sight is traced past its own units only (R-FOG-2).
	blind bool
	// cause names what forced the check, for a retreat it calls: "fire",
	// or "charge" for a Charge's Morale Check (LoB 7.0).
	cause string
}

// total is the shot's firing SPs, unmodified for DG (LoB 5.6).
func (s *shot) total() int {
	n := 0
	for _, p := range s.firers {
		n += s.sps[p.Name]
	}
	return n
}

// fireStep is a FIRE step: the stack fires at a hex (LoB 5.0). A Move
// Activity fires only after a failed Closing Roll, within half its MA
// (LoB 3.5, 2.2).
func (r *resolver) fireStep(a *actingStack, target string, canister bool) {
	if a.charge.won {
		r.add("fire-refused", "LoB 7.3b", "%s has won a Charge this phase and cannot fire", a.names())
		return
	}
	if !a.fire {
		if !a.closingFailed {
			r.add("fire-refused", "LoB 2.2", "%s is doing a Move Activity and cannot fire", a.names())
			return
		}
		a.fire = true
		for _, p := range a.units {
			if a.spent[p.Name] > r.allowance(a, p) {
				r.add("fire-refused", "LoB 3.5", "%s spent more than half its MA before its Closing Roll failed and cannot fire", p.Name)
				return
			}
		}
	}
	if at := a.charge.failedAt; at != "" && at != target {
		r.add("fire-refused", "LoB 3.5", "%s failed its Charge's Closing Roll and may fire only at %s, the Charge's target", a.names(), at)
		return
	}
	s, why, rule := r.aim(a, target, canister)
	if s == nil {
		r.add("fire-refused", rule, "%s cannot fire at %s: %s", a.names(), target, why)
		return
	}
	a.fired = true
	if s.artillery {
		r.artilleryTargets[target]++
	}
	for _, p := range s.firers {
		r.firedSP[s.from] += s.sps[p.Name]
	}
	r.firedAt[s.from] = target
	if a.moved() || a.artilleryTurned || a.charge.failedAt != "" {
		r.openingVolley(a, s) // LoB 5.4a, 5.4h, 7.0e
		if len(s.firers) == 0 {
			r.add("fire-refused", "LoB 5.4b", "the Opening Volley eliminated %s before it could fire at %s", a.names(), target)
			return
		}
	}
	r.resolveFire(s)
}

// aim builds the shot: the stack's units able to fire at the target, up
// to the hex's SP limit (LoB 5.1a, 5.2, 5.3b, 5.3d). It returns nil with
// the reason and rule when there is no shot.
func (r *resolver) aim(a *actingStack, target string, canister bool) (*shot, string, string) {
	m := &r.s.scn.Map
	// At a hex the side cannot see, every check below is made as if no
	// unit stood there or on the way (R-FOG-2): the refusal reads the
	// same whether or not a hidden unit is there.
	blind := !r.s.sees(r.side, target)
	enemy := r.s.enemyOf(r.side)
	if !blind && !slices.ContainsFunc(r.s.combatUnitsIn(target), func(p *Piece) bool { return p.Side == enemy }) {
		return nil, "no enemy combat unit is there", "LoB 5.0"
	}
	if at, ok := r.firedAt[a.hex]; ok && at != target {
		return nil, fmt.Sprintf("units in %s have fired at %s this phase; more fire from the hex must go there too", a.hex, at), "LoB 5.3b"
	}
	s := &shot{from: a.hex, target: target, rng: m.distance(a.hex, target), sps: map[string]int{}, canister: canister, dg: a.morale == MoraleDG, blind: blind}
	if s.rng > r.s.scn.visibility(r.turn) {
		return nil, fmt.Sprintf("range %d is beyond the visibility of %d hexes", s.rng, r.s.scn.visibility(r.turn)), "LoB 4.3"
	}
	limit := hexFireLimit - r.firedSP[a.hex]
	if slices.ContainsFunc(r.s.combatUnitsIn(a.hex), r.s.isOpenOrderCapable) {
		limit = openOrderFireLimit - r.firedSP[a.hex]
	}
	last, lastRule := "no unit can fire", "LoB 5.2"
	type notFiring struct{ name, why, rule string }
	var out []notFiring
	same := true // every unit is kept from firing for the same reason
	for _, p := range a.units {
		if why, rule := r.cannotFire(p, s); why != "" {
			same = same && (len(out) == 0 || why == last)
			last, lastRule = why, rule
			out = append(out, notFiring{p.Name, why, rule})
			continue
		}
		if limit <= 0 {
			same = false
			out = append(out, notFiring{p.Name, fmt.Sprintf("%s has reached its SP limit for the phase", a.hex), "LoB 5.1a"})
			s.spare = append(s.spare, p)
			continue
		}
		s.sps[p.Name] = min(p.Unit.SP, limit)
		limit -= s.sps[p.Name]
		s.firers = append(s.firers, p)
		s.artillery = s.artillery || p.Kind == ArmArtillery
	}
	if len(s.firers) == 0 && same && len(out) > 0 {
		// The refusal names the stack and says why once, not "does not
		// fire" and then "cannot fire" for the same reason.
		return nil, last, lastRule
	}
	for _, n := range out {
		r.add("not-firing", n.rule, "%s does not fire: %s", n.name, n.why)
	}
	if len(s.firers) == 0 {
		return nil, last, lastRule // the event carries the rule once
	}
	if blind {
		return nil, fmt.Sprintf("no %s counter sees that hex", r.side), "LoB 4.3"
	}
	if n := r.artilleryTargets[target]; s.artillery && n > 0 && n >= r.s.artilleryShots(r.side, a.hex) {
		if n == 1 {
			return nil, "artillery has already fired at that hex this phase", "LoB 3.6d"
		}
		return nil, fmt.Sprintf("artillery has already fired at that hex %d times this phase, the most an Artillery Leader allows", n), "LoB 9.1c"
	}
	if !s.artillery {
		s.canister = false
	}
	return s, "", ""
}

// cannotFire says why a unit cannot fire this shot, with the rule, or "".
func (r *resolver) cannotFire(p *Piece, s *shot) (string, string) {
	m := &r.s.scn.Map
	if !r.s.canFire(p) {
		return "Column, Mounted, Limbered, Routed and fully Depleted units cannot fire", "LoB 5.2a"
	}
	rng, _, why := r.weaponRange(p)
	if why != "" {
		return why, "LoB 5.0"
	}
	if p.Kind == ArmArtillery {
		if ok, why := r.s.batteryMayFire(p, firedRound(s), s.rng); !ok {
			return why, "LoB 8.2d"
		}
	}
	if s.rng > rng {
		return fmt.Sprintf("range %d is beyond its weapon's %d", s.rng, rng), "LoB 5.2"
	}
	if !inFan(m, p.Hex, p.Unit.Facing, s.target) {
		return "the target is outside the fire fan of its three front hexsides", "LoB 3.3"
	}
	if sight := r.sightFor(p, s); !sight.Clear {
		return "no Clear line of sight: " + sightWhy(sight), fireSightRule
	}
	return "", ""
}

// fireSightRule is the rule that fire needs a Clear line of sight (LoB
// 4.0, 5.2).
const fireSightRule = "LoB 4.0"

// sightWhy describes a Blocked line of sight for a refusal under
// fireSightRule, naming the rule that blocked it in words when that is
// another one ("..., as 4.2e rules"), so no event carries two rule
// parentheses.
func sightWhy(s Sight) string {
	text := strings.TrimSuffix(s.String(), " ("+s.Rule+")")
	if s.Rule == fireSightRule {
		return text
	}
	return text + ", as " + strings.TrimPrefix(s.Rule, "LoB ") + " rules"
}

// weaponRange is how far a unit's weapon reaches (LoB 5.0), for
// artillery given its Depletion (8.2d), with the battery's chart row. A
// unit whose weapon code the scenario does not give, or the chart pack
// does not list, cannot fire: why says so.
func (r *resolver) weaponRange(p *Piece) (rng int, gun ArtilleryWeapon, why string) {
	f := r.s.charts.field
	code := r.s.scn.unit(p.Name).Weapon
	if code == "" {
		return 0, gun, "the scenario gives it no weapon code"
	}
	if p.Kind == ArmArtillery {
		w, err := f.Gun(code)
		if err != nil {
			return 0, gun, fmt.Sprintf("its weapon code %s is not on the chart pack's Artillery chart", code)
		}
		return f.GunRange(w, p.Unit.DepletedShell, p.Unit.DepletedCanister), w, ""
	}
	w, err := f.SmallArms(code)
	if err != nil {
		return 0, gun, fmt.Sprintf("its weapon code %s is not on the chart pack's Small Arms chart", code)
	}
	return w.Range, gun, ""
}

// sightFor traces a firer's line of sight to the target (LoB 4.0-4.2).
func (r *resolver) sightFor(p *Piece, s *shot) Sight {
	m := &r.s.scn.Map
	g := m.sight
	if s.blind {
		// A shot at a hex the side does not see is checked as if no enemy
		// stood anywhere: only its own units block (R-FOG-2).
		us := slices.DeleteFunc(r.s.sightUnits(), func(u sightUnit) bool { return u.Side != p.Side })
		return g.lineOfSight(m.axial(p.Hex), m.axial(s.target), Shot{SmallArms: p.Kind != ArmArtillery, Side: p.Side}, g.blockersFor(p.Side, us))
	}
	return g.lineOfSight(m.axial(p.Hex), m.axial(s.target), Shot{SmallArms: p.Kind != ArmArtillery, Side: p.Side}, r.s.sightBlockers(p.Side))
}

// angleFrom is the angle in degrees between the direction a hex faces and
// the line from its centre to another hex's centre.
func angleFrom(m *Map, from string, facing int, to string) float64 {
	fx, fy := m.axial(from).ToOffset().Center(1)
	nx, ny := m.axial(from).Neighbor(facing).ToOffset().Center(1)
	tx, ty := m.axial(to).ToOffset().Center(1)
	ax, ay, bx, by := nx-fx, ny-fy, tx-fx, ty-fy
	cos := (ax*bx + ay*by) / (math.Hypot(ax, ay) * math.Hypot(bx, by))
	return math.Acos(max(-1, min(1, cos))) * 180 / math.Pi
}

// angleSlack absorbs rounding when a hex lies exactly on a fan's edge.
const angleSlack = 1e-6

// inFan reports whether a target lies in the 120-degree fire fan of a unit
// facing a hexside: within 60 degrees of its Facing, edges included (LoB
// 3.3; docs/rulings-lob.md R-F-1).
func inFan(m *Map, from string, facing int, to string) bool {
	return angleFrom(m, from, facing, to) <= 60+angleSlack
}

// fromRear reports whether fire from a hex enters a unit's hex through a
// rear hexside or the vertex between front and rear (LoB 3.3): 90 degrees
// or more from its Facing (R-F-2). Units with all-around rear always do
// (3.3c).
func (s *State) fromRear(p *Piece, from string) bool {
	if !s.hasFront(p) {
		return true
	}
	return angleFrom(&s.scn.Map, p.Hex, p.Unit.Facing, from) >= 90-angleSlack
}

// featureApplies reports whether a hexside feature of the target hex,
// on its side in direction d, applies to fire from a hex (LoB 1.7k,
// 5.5b): the firer stands on or inside the lines drawn out along the
// hexsides leading away from the feature's End Points, which from the
// target's centre is the 60-degree cone through those End Points (R-F-3).
func featureApplies(m *Map, target string, d int, from string) bool {
	return angleFrom(m, target, d, from) <= 30+angleSlack
}

// combatShifts lists the named column shifts of a shot (LoB 5.5, 5.6,
// 3.3, 1.7e, 1.7j, 5.8a) applying to the top target unit.
func (r *resolver) combatShifts(s *shot) []string {
	top := r.s.combatUnitsIn(s.target)[0]
	var out []string
	if r.s.fromRear(top, s.from) {
		out = append(out, "rear-or-vertex")
	}
	if r.s.isOpenOrderCapable(top) {
		// Not on the formation: an Open Order unit that is not Capable is in
		// Line. See LoB 9.4b, 9.4d.
		out = append(out, "target-open-order")
	}
	if h, _ := r.s.scn.Map.Hex(s.target); h.Terrain == "woods" || h.Terrain == "town" {
		out = append(out, "target-"+h.Terrain)
	}
	if r.s.breastworkCovers(top.Side, s.target, s.from) {
		out = append(out, "breastworks") // LoB 9.5e
	}
	return append(out, r.hexsideShifts(s, top)...)
}

// hexsideShifts are the Stone Wall and Rock Ledge shifts (LoB 1.7e,
// 1.7j, 1.7k, 5.5b). A Stone Wall counts against Small Arms only and not
// for a target following Attack orders; a Rock Ledge protects its
// downhill side (B) against any fire.
func (r *resolver) hexsideShifts(s *shot, top *Piece) []string {
	m := &r.s.scn.Map
	var out []string
	for _, hs := range m.Hexsides {
		var other string
		switch s.target {
		case hs.A:
			other = hs.B
		case hs.B:
			other = hs.A
		default:
			continue
		}
		d := m.direction(s.target, other)
		if !featureApplies(m, s.target, d, s.from) {
			continue
		}
		switch {
		case hs.Kind == SideWall && !s.artillery && !r.attackingUnit(top) && !slices.Contains(out, "stone-wall"):
			out = append(out, "stone-wall")
		case hs.Kind == SideLedge && hs.B == s.target && !slices.Contains(out, "rock-ledge"):
			out = append(out, "rock-ledge")
		}
	}
	return out
}

// attackingUnit reports whether a unit's Command follows an Attack order
// (LoB 1.7e c).
func (r *resolver) attackingUnit(p *Piece) bool {
	l, ok := r.s.links(p.Side)[p.Name]
	return ok && r.s.hasAttack(l.cmd)
}

// resolveFire finds the column, rolls and applies the result (LoB 5.6).
func (r *resolver) resolveFire(s *shot) {
	f := r.s.charts.field
	r.startCombat()
	sps, dg := s.total(), s.dg
	if dg {
		sps /= 2 // shown in the event; CombatColumn halves DG firers itself (LoB 5.0, 5.6)
	}
	shift, notes := r.shotShift(s)
	col, fires := f.CombatColumn(s.total(), dg, shift)
	desc := fmt.Sprintf("%s fire %d SPs%s at %s, range %d, shifts %s", unitNames(s.firers), s.total(), halved(dg, sps), s.target, s.rng, modList(notes))
	if !fires {
		r.add("fire-missed", "LoB 5.2d", "%s: shifted off the left of the Combat Table, no shot", desc)
		return
	}
	// The roll's purpose goes into every side's dice record: it names no
	// firer and no strength (LoB 2.4, R-FOG-4).
	roll := r.log.Roll2d6("LoB 5.6", "Combat Table: fire at "+s.target)
	res, err := f.Combat(col, roll, s.rng)
	if r.fail(err) {
		return
	}
	// The target's side reads who fired as its map shows them, without
	// their SPs or the column they give (R-FOG-4).
	enemy := r.s.enemyOf(r.side)
	r.tellTraced(r.side, fmt.Sprintf("%s fire at %s, range %d, roll %d: %s", r.s.namesFor(enemy, s.firers), s.target, s.rng, roll, res),
		"fire", "LoB 5.6", fmt.Sprintf("%s: column %s, roll %d: %s", desc, f.CombatLabel(col), roll, res),
		rules.Trace{Kind: rules.TraceFire, Side: r.side, Label: unitNames(s.firers), Hexes: []string{s.from, s.target}},
		r.s.sees(enemy, s.from))
	r.applyCombat(s, res)
	if s.artillery && res.Depletes(s.canister) {
		r.log.Addf("depletion-zone", "LoB 8.2a", "the roll is in the %s zone", res.Zone)
		r.depleteOneOf(firedBatteries(s))
	}
}

// halved notes DG halving in an event.
func halved(dg bool, sps int) string {
	if !dg {
		return ""
	}
	return fmt.Sprintf(" (DG: %d)", sps)
}

// shotShift totals the column shifts of a shot and names each.
func (r *resolver) shotShift(s *shot) (int, []string) {
	f := r.s.charts.field
	total := 0
	var notes []string
	addShift := func(name string, n int) {
		if n != 0 {
			total += n
			notes = append(notes, fmt.Sprintf("%s %+d", name, n))
		}
	}
	for _, name := range r.combatShifts(s) {
		n, err := f.CombatShift(name)
		if r.fail(err) {
			return 0, nil
		}
		addShift(name, n)
	}
	if s.artillery {
		r.artilleryShifts(s, addShift)
		return total, notes
	}
	byCode := map[string]int{}
	sharp := true
	for _, p := range s.firers {
		u := r.s.scn.unit(p.Name)
		byCode[u.Weapon] += s.sps[p.Name]
		sharp = sharp && u.Sharpshooter
	}
	n, err := f.SmallArmsShift(s.rng, byCode)
	if r.fail(err) {
		return 0, nil
	}
	addShift("weapons", n)
	addShift("range", f.SmallArmsRangeShift(s.rng, sharp))
	return total, notes
}

// artilleryShifts adds the Canister and CBF shifts of an artillery shot
// (LoB 5.6, 5.8a, 5.8b).
func (r *resolver) artilleryShifts(s *shot, addShift func(string, int)) {
	f := r.s.charts.field
	if s.canister {
		dense, normal := 0, 0
		for _, p := range s.firers {
			_, w, _ := r.weaponRange(p) // firers all have their weapon (cannotFire)
			if w.Canister == CanisterDense {
				dense += s.sps[p.Name]
			} else {
				normal += s.sps[p.Name]
			}
		}
		addShift("canister", f.CanisterShift(s.rng, s.total(), dense, normal))
	}
	addShift("cbf", f.CBFShift(r.s.cbf(s.from)))
}

// unitNames lists pieces' names.
func unitNames(ps []*Piece) string {
	ns := make([]string, len(ps))
	for i, p := range ps {
		ns[i] = p.Name
	}
	return strings.Join(ns, ", ")
}

// applyCombat carries out a Combat Table result on the target (LoB 5.6a,
// 5.6b, 5.6c, 5.8, 4.2f): losses, a Leader Loss Check, then a Morale Check.
func (r *resolver) applyCombat(s *shot, res CombatResult) {
	if s.artillery && res.Check && r.hasArtillery(s.target) {
		r.raiseCBF(s.target)
	}
	if res.Loss > 0 {
		units := r.s.combatUnitsIn(s.target)
		r.takeLosses(s.target, res.Loss, "LoB 5.6b", "the Combat Table")
		r.destroyedInHex(s.target, units, "the stack was destroyed there by Combat Table losses") // LoB 5.6c
		r.leaderLossChecks(s.target, LeaderRegular, s)
		r.dangerClose(s, res.Loss)
	}
	if !res.Check {
		return
	}
	if len(r.s.combatUnitsIn(s.target)) == 0 {
		r.log.Addf("no-morale-check", "LoB 5.6c", "the last combat unit in %s is gone: no Morale Check", s.target)
		return
	}
	r.moraleCheck(s)
}

// dangerClose applies a Combat Table loss of an artillery shot at range 5
// or more to every friendly stack adjacent to the target (LoB 4.2f;
// R-F-7: Galloper does not ask whether to go for it).
func (r *resolver) dangerClose(s *shot, loss int) {
	if !s.artillery || s.rng < dangerCloseRange {
		return
	}
	for _, n := range r.s.scn.Map.adjacentHexes(s.target) {
		us := r.s.combatUnitsIn(n)
		if len(us) > 0 && us[0].Side == r.side {
			text := fmt.Sprintf("friendly troops in %s next to the target share the loss", n)
			r.tell(r.side, r.seenThere(r.side, n, text), "danger-close", "LoB 4.2f", text) // R-FOG-5
			r.takeLosses(n, loss, "LoB 4.2f", "Danger Close")
			r.destroyedInHex(n, us, "the stack was destroyed there by its share of a Combat Table loss")
		}
	}
}

// hasArtillery reports whether a hex holds artillery (LoB 5.8).
func (r *resolver) hasArtillery(h string) bool {
	return slices.ContainsFunc(r.s.combatUnitsIn(h), func(p *Piece) bool { return p.Kind == ArmArtillery })
}

// firedBatteries lists the batteries of a shot and the round they fired,
// for Depletion (LoB 8.2a, 8.2e).
func firedBatteries(s *shot) []FiredBattery {
	var out []FiredBattery
	for _, p := range s.firers {
		if p.Kind == ArmArtillery {
			out = append(out, FiredBattery{Name: p.Name, Round: firedRound(s)})
		}
	}
	return out
}

// firedRound is the round a shot's batteries fire (LoB 8.2e).
func firedRound(s *shot) string {
	if s.canister {
		return AmmoCanister
	}
	return AmmoShell
}
