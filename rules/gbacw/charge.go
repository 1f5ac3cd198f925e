package gbacw

import (
	"fmt"
	"slices"
	"strings"

	"galloper/rules/gbacw/gbtext"
	"galloper/rules/hex"
)

// A Cavalry Charge (GBACW 11.5), as Galloper plays it:
//
//  1. Mounted cavalry whose clause says CHARGE announces a Charge
//     (11.53). Before the clause's first action other than MOUNT or
//     DISMOUNT, Galloper checks that the unit may Charge (11.52, ruling
//     GBACW-R70): its clause moves it (11.51), it is under Attack Orders,
//     not Disordered (12.34), has not fired (14.24), started the
//     activation within its brigadier's Command Range, and has an enemy
//     unit (the one its CHARGE names) in its LOS that it can reach, next
//     to it, with 5 MPs; never at Night (16.12). A unit that may not
//     Charge moves and shocks by the normal rules (11.51).
//  2. The top eligible unit of its stack rolls a UDD (11.53): failing,
//     the stack remains in place, its activation finished; passing, the
//     unit and every eligible unit stacked with it Charge, moving as one
//     stack by the clause of the unit that announced it, with the MPs of
//     the slowest (8.21 Exception; ruling GBACW-R69).
//  3. Charging units do not fire (11.52, 14.24); Disordered on the way
//     they still move next to the enemy and must complete the Charge
//     (11.52, 12.34) unless a 2nd Disorder stops them; when the enemy
//     moves away in reaction the Charge may be broken off (11.57).
//  4. The last three hexes the stack enters are its Charge Path (11.54):
//     no facing change in them, no hex of a friendly unit, none costing
//     more than 1 MP to enter (a Stream's hexside aside).
//  5. At Step 1 of its shock (11.11), a charging unit that entered no hex
//     of its own move (11.51), or whose Charge Path broke 11.54, shocks by
//     the normal rules (ruling GBACW-R68).

// cavalryCharge is one Charge under way: the units moving as one stack,
// top first, and the hexes they entered.
type cavalryCharge struct {
	units   []*UnitSt
	path    []chargeStep
	offered bool // the choice of 11.57 has come (it comes once)
}

// chargeStep is a hex a charging stack entered: its facing on entering,
// and why the hex may not lie in a Charge Path ("" when it may).
type chargeStep struct {
	hex    string
	facing int
	bar    string
}

// chargeReach is 11.52's 5 MPs, in half MPs.
const chargeReach = 2 * 5

// startCharge is steps 1 and 2 for u, whose clause acts announces a
// Charge, in being units of its brigade In Command at the activation's
// start. It reports whether u Charges; a failed UDD marks the stack's
// units finished (brokeOff).
func (r *resolver) startCharge(u *UnitSt, acts []gbtext.Action, in map[string]bool) bool {
	s := r.s
	if s.night() {
		r.event("no-charge", "GBACW 16.12", "%s may not Charge on a Night turn: it shocks", u.Name)
		return false
	}
	if why, rule := r.chargeBar(u, chargeTarget(acts), in, acts); why != "" {
		r.event("no-charge", "GBACW "+rule, "%s may not Charge (%s, %s): it shocks by the normal rules", u.Name, why, rule)
		return false
	}
	var units []*UnitSt
	for _, f := range s.unitsAt(u.Hex) {
		if f == u || r.joinsCharge(u, f, in) {
			units = append(units, f)
		}
	}
	if r.brokeOff == nil {
		r.brokeOff = map[string]bool{}
	}
	if !r.uddPass(units[0], "Cavalry Charge") {
		for _, f := range units {
			r.brokeOff[f.Name] = true
		}
		r.event("charge-failed", "GBACW 11.53", "%s's Charge fails to start: the stack remains in %s, its activation finished", u.Name, u.Hex)
		return false
	}
	c := &cavalryCharge{units: units}
	if r.charges == nil {
		r.charges = map[string]*cavalryCharge{}
	}
	for _, f := range units {
		r.charges[f.Name] = c
	}
	r.charging = u
	if len(units) == 1 {
		r.event("charge", "GBACW 11.53", "%s charges", u.Name)
	} else {
		r.event("charge", "GBACW 11.53", "%s charge, moving as one stack", unitNames(units))
	}
	return true
}

// carried are the shocks of the units charging with u, stacked beneath
// it: they must Charge (11.53), whatever their own clauses say.
func (r *resolver) carried(u *UnitSt) []pendingShock {
	c := r.charges[u.Name]
	if c == nil {
		return nil
	}
	var out []pendingShock
	for _, f := range c.units {
		if f != u {
			out = append(out, pendingShock{attacker: f.Name, charge: true})
		}
	}
	return out
}

// chargeTarget is the enemy unit a clause's CHARGE names, or "".
func chargeTarget(acts []gbtext.Action) string {
	for _, a := range acts {
		if a.Verb == gbtext.ActCharge {
			return a.Target
		}
	}
	return ""
}

// chargeBar says why u may not Charge, and the rule, or "" when it may
// (11.51-11.52, step 1): acts is the clause of the unit announcing the
// Charge, nil for a unit stacked with it.
func (r *resolver) chargeBar(u *UnitSt, target string, in map[string]bool, acts []gbtext.Action) (string, string) {
	s := r.s
	switch {
	case acts != nil && !slices.ContainsFunc(acts, isMove):
		return "its clause does not move it", "11.51"
	case s.ordersOf(u) != Attack:
		return "it is not under Attack Orders", "11.52"
	case u.Status == StDisordered:
		return "it is Disordered and may not move next to the enemy", "12.34"
	case u.Fired:
		return "it has fired in this activation", "14.24"
	case s.leader(s.brigadeOf(u).Leader) != nil && !in[u.Name]:
		return "it did not start the activation within its brigadier's Command Range", "11.52"
	case r.chargeable(u, target) == nil:
		return "it has no enemy unit in its LOS that it can reach, next to it, with 5 MPs", "11.52"
	}
	return "", ""
}

// joinsCharge: f, stacked with u, must Charge with it (11.53): mounted
// cavalry of u's brigade that has not yet acted in this activation and
// may Charge.
func (r *resolver) joinsCharge(u, f *UnitSt, in map[string]bool) bool {
	s := r.s
	if f.Side != u.Side || !f.mountedCavalry() || !f.combat() || s.brigadeOf(f) != s.brigadeOf(u) {
		return false
	}
	if f.Moved || f.Fired || f.Rallied || f.Building > 0 || r.done[f.Name] || r.brokeOff[f.Name] || r.charges[f.Name] != nil {
		return false
	}
	why, _ := r.chargeBar(f, "", in, nil)
	return why == ""
}

// chargeable is an enemy unit (the one named, when target is not "") in
// u's LOS, combat units blocking none (10.26), that u can reach, next to
// it, with 5 MPs at the costs of Attack Orders (11.52), or nil.
func (r *resolver) chargeable(u *UnitSt, target string) *UnitSt {
	s, cc := r.s, r.sys.combat
	for i := range s.Units {
		e := &s.Units[i]
		if e.Side == u.Side || !e.combat() || target != "" && e.Name != target {
			continue
		}
		if s.lineOfSight(cc, u.Hex, e.Hex) && s.reachesNextTo(cc, u, e, chargeReach) {
			return e
		}
	}
	return nil
}

// reachesNextTo: u can come next to e within mp half MPs, at the costs of
// Attack Orders, through no enemy-held hex.
func (s *State) reachesNextTo(cc *CombatCharts, u, e *UnitSt, mp int) bool {
	cost := func(from, to hex.Axial) int {
		id := s.hexID(to)
		if id == "" || len(s.enemiesAt(id, u.Side)) > 0 {
			return -1
		}
		if c := s.moveCost(cc, u, Attack, s.hexID(from), id); c > 0 {
			return c
		}
		return -1
	}
	for _, h := range s.neighbours(e.Hex) {
		if h == u.Hex {
			return true
		}
		if _, n, ok := hex.AStar(s.axial(u.Hex), s.axial(h), cost, 1); ok && n <= mp {
			return true
		}
	}
	return false
}

// chargeLeft is the half MPs a charging stack has left, having spent
// spent on this move: those of its slowest unit, its Disordered MA if
// Disordered on the way (11.53, 12.33; ruling GBACW-R69), at most budget.
func (r *resolver) chargeLeft(u *UnitSt, spent, budget int) int {
	for _, f := range r.charges[u.Name].units {
		if f != u {
			budget = min(budget, 2*r.allowanceOf(f)-f.Spent-spent)
		}
	}
	return budget
}

// chargeRoom: the hex can take the whole charging stack (8.12); for a
// unit not leading a stack, the hex can take the unit.
func (r *resolver) chargeRoom(oc *occupancy, u *UnitSt, h string, o Orders) bool {
	c := r.charges[u.Name]
	if r.charging != u || c == nil || len(c.units) == 1 {
		return oc.stackRoom(r.s, u, h, o)
	}
	whole := *u
	for _, f := range c.units {
		if f != u {
			whole.SP += f.SP
		}
	}
	return oc.stackRoom(r.s, &whole, h, o)
}

// chargeStep is step 4: the charging stack led by u entered to from
// from; it notes the hex for the Charge Path and brings the stack's
// other units along.
func (r *resolver) chargeStep(u *UnitSt, o Orders, from, to string) {
	s := r.s
	c := r.charges[u.Name]
	bar := ""
	for _, f := range s.unitsAt(to) {
		if f.Side == u.Side && f.combat() && !slices.Contains(c.units, f) {
			bar = fmt.Sprintf("a friendly unit holds %s", to)
			break
		}
	}
	if bar == "" && s.chargePathCost(r.sys.combat, u, o, from, to) > 2 {
		bar = fmt.Sprintf("%s costs more than 1 MP to enter", to)
	}
	c.path = append(c.path, chargeStep{hex: to, facing: u.Facing, bar: bar})
	for _, f := range c.units {
		if f == u || !f.combat() {
			continue
		}
		f.Hex, f.Facing, f.Moved, f.Walked = to, u.Facing, true, true
		r.enter(f)
		if f.Status == StGood {
			r.regain(f.Side, to) // 12.81
		}
		if len(r.trails[f.Name]) == 0 {
			r.trails[f.Name] = []string{from}
		}
		r.trails[f.Name] = append(r.trails[f.Name], to)
	}
}

// chargeTerrain applies the terrain's Disorder of the hex the charging
// stack led by u entered to its other units (9.47); one that a 2nd
// Disorder stops stays there, out of the moving stack (12.35).
func (r *resolver) chargeTerrain(u *UnitSt, from, to string) {
	c := r.charges[u.Name]
	for _, f := range slices.Clone(c.units) {
		if f != u && f.Hex == to && !r.terrainDisorder(f, from, to) {
			c.units = slices.DeleteFunc(c.units, func(x *UnitSt) bool { return x == f })
			r.charges[f.Name] = &cavalryCharge{units: []*UnitSt{f}, path: slices.Clone(c.path), offered: true}
			r.event("move", "GBACW 12.35", "%s stops in %s, out of %s's stack", f.Name, to, u.Name)
		}
	}
}

// chargePathCost is what entering to from from costs in a Charge Path,
// in half MPs: its cost less a Stream's hexside, which the path may cross
// (11.54).
func (s *State) chargePathCost(cc *CombatCharts, u *UnitSt, o Orders, from, to string) int {
	c := s.moveCost(cc, u, o, from, to)
	if s.features(from, to).water != SideStream {
		return c
	}
	if h, err := cc.Hexside(SideStream); err == nil {
		c -= 2 * h.mpFor(u.Kind)
	}
	return c
}

// mayCountercharge: the attacker's hex h meets the terrain restrictions
// of a Charge Path for the defending cavalry d, which has none of its own
// (11.56): entering it from d's hex costs no more than 1 MP, a Stream's
// hexside aside, whoever holds it.
func (s *State) mayCountercharge(cc *CombatCharts, d *UnitSt, h string) bool {
	c := s.groundCost(cc, d, s.ordersOf(d), d.Hex, h)
	if s.features(d.Hex, h).water == SideStream {
		if x, err := cc.Hexside(SideStream); err == nil {
			c -= 2 * x.mpFor(d.Kind)
		}
	}
	return c > 0 && c <= 2
}

// endCharge settles the charging stack led by u where its move ended:
// its units keep their order, on top of the friendly units there when
// they came in through those units' Front, beneath them otherwise (8.23),
// and face as u does, or as the units there do (7.11).
func (r *resolver) endCharge(u *UnitSt, from string) {
	s := r.s
	c := r.charges[u.Name]
	var there []*UnitSt
	for _, f := range s.unitsAt(u.Hex) {
		if f.Side == u.Side && !slices.Contains(c.units, f) {
			there = append(there, f)
		}
	}
	moving := slices.DeleteFunc(slices.Clone(c.units), func(f *UnitSt) bool { return f.Hex != u.Hex })
	for _, f := range moving {
		if f != u {
			r.event("move", "GBACW 11.53", "%s moves from %s to %s with %s, one stack", f.Name, r.trails[f.Name][0], f.Hex, u.Name)
		}
	}
	base := 0
	if len(there) > 0 {
		if f := there[0].Facing; f != u.Facing {
			// 7.11: the first to stop there sets it; 9.53 Exception: next
			// to the enemy, the units neither fire nor shock.
			u.Facing = f
			if len(s.adjacentEnemies(u.Hex, u.Side)) > 0 {
				for _, m := range moving {
					m.Barred = true
				}
				r.event("stack-facing", "GBACW 9.53", "%s take the facing of their stack in %s and may neither fire nor shock this activation", unitNames(moving), u.Hex)
			}
		}
		if arcOf(s.axial(u.Hex), there[0].Facing, s.axial(from)) == FrontArc || !hasNonArtillery(there) {
			base = there[0].Stack - len(moving)
		} else {
			base = there[len(there)-1].Stack + 1
		}
	}
	for i, f := range moving {
		f.Stack, f.Facing = base+i, u.Facing
	}
}

// chargeHolds is step 5 for a charging unit u at its shock's
// designation: whether its shock is a Charge (11.51, 11.54).
func (r *resolver) chargeHolds(u *UnitSt) bool {
	c := r.charges[u.Name]
	switch {
	case c == nil:
		return false
	case !r.entered[u.Name]:
		r.event("no-charge", "GBACW 11.51", "%s did not move in this Action Phase: it shocks by the normal rules", u.Name)
		return false
	}
	if why := c.broken(u.Facing); why != "" {
		r.event("no-charge", "GBACW 11.54", "%s's Charge Path breaks 11.54 (%s): it shocks by the normal rules (11.51)", u.Name, why)
		return false
	}
	return true
}

// broken says how the Charge Path, the last three hexes entered, breaks
// 11.54, the stack facing now as facing, or "".
func (c *cavalryCharge) broken(facing int) string {
	path := c.path[max(len(c.path)-3, 0):]
	for i, st := range path {
		if st.bar != "" {
			return st.bar
		}
		next := facing
		if i+1 < len(path) {
			next = path[i+1].facing
		}
		if next != st.facing {
			return "it changes facing in " + st.hex
		}
	}
	return ""
}

// breakOff is 11.57: mounted cavalry moving on a Charge whose enemy has
// just moved in reaction (9.63) either goes on (no. 1, the default) or,
// when its side's doctrine says BREAK OFF CHARGE TRY, rolls a UDD for the
// top unit: passing, the stack stops where it is, its activation
// finished; failing, it goes on as in no. 1. It reports whether the
// stack stops; a Charge is given the choice once.
func (r *resolver) breakOff(u *UnitSt) bool {
	c := r.charges[u.Name]
	if r.charging != u || c == nil || c.offered {
		return false
	}
	c.offered = true
	if r.standing(u.Side, gbtext.RBreakOff) != "TRY" {
		r.event("charge-goes-on", "GBACW 11.57", "%s go on with their Charge as the enemy moves away", u.Name)
		return false
	}
	r.doctrine(u, gbtext.RBreakOff, "GBACW 11.57")
	if !r.uddPass(c.units[0], "breaking off a Charge") {
		r.event("break-off-failed", "GBACW 11.57", "%s fail to break off the Charge (UDD failed): they must go on with it", u.Name)
		return false
	}
	if r.brokeOff == nil {
		r.brokeOff = map[string]bool{}
	}
	var names []string
	for _, f := range c.units {
		r.brokeOff[f.Name] = true
		names = append(names, f.Name)
	}
	r.event("break-off", "GBACW 11.57", "%s break off the Charge (UDD passed): they stop in %s, their activation finished", strings.Join(names, " and "), u.Hex)
	return true
}

// unblow removes the Blown markers of b's units at the end of its
// Activation, but for those that took part in a completed shock since it
// began: they stay Disordered and take the brigade's Orders again. See
// GBACW 11.58 and ruling GBACW-R71.
func (r *resolver) unblow(b *BrigadeSt) {
	s := r.s
	for i := range s.Units {
		u := &s.Units[i]
		if s.brigadeOf(u) != b || !u.Blown || !u.onMap() || u.Reblown {
			continue
		}
		u.Blown = false
		r.event("blown-removed", "GBACW 11.58", "%s's Blown marker is removed: it stays Disordered, under %s Orders", u.Name, s.ordersOf(u))
	}
}
