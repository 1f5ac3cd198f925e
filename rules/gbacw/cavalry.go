package gbacw

// Cavalry's two counters (GBACW 14.2):
//
//  1. MOUNT or DISMOUNT, the first action of a unit's clause, changes its
//     counter at the start of its activation, before it moves: never
//     next to an enemy unit, never a Blown unit dismounting, never a unit
//     with one counter (14.22; ruling GBACW-R49).
//  2. For that activation its MA is half (rounded up) its new counter's,
//     halved again under Attack Orders; under Advance Orders it may not
//     fire (14.22).
//  3. Mounted cavalry is cavalry; dismounted cavalry is infantry (14.23),
//     with horse-holders taken off its fire and shock strength (14.25).
//  4. Phasing mounted cavalry fires at 2 hexes at most, and not in an
//     activation in which it charges or countercharges (14.24).
//  5. Dismounted cavalry that mounts fully resupplies its ammunition,
//     automatically (10.94).
//  6. Recovered from rout, cavalry comes back mounted (13.53).

// changeMount is step 1: u mounts (dismount false) or dismounts.
func (r *resolver) changeMount(u *UnitSt, dismount bool) {
	verb := map[bool]string{true: "dismount", false: "mount"}[dismount]
	switch {
	case u.Other == nil:
		r.event("no-mount", "GBACW 14.21", "%s has no %sed counter and may not %s", u.Name, verb, verb)
	case u.Dismounted == dismount:
		return // already so
	case u.Moved || u.Fired || u.Switched:
		r.event("no-mount", "GBACW 14.22", "%s may %s only at the beginning of its activation, before it moves", u.Name, verb)
	case r.s.lineNextToEnemy(u): // any hex it occupies (ruling GBACW-R121)
		r.event("no-mount", "GBACW 14.22", "%s is next to an enemy unit and may not %s", u.Name, verb)
	case dismount && u.Blown:
		r.event("no-mount", "GBACW 14.22", "%s is Blown and may not dismount", u.Name)
	default:
		u.swapCounter()
		u.Switched = true
		r.event(verb, "GBACW 14.22", "%s %ss: MA %d this activation", u.Name, verb, r.allowanceOf(u))
		if !dismount && u.Ammo != AmmoOK {
			u.Ammo = AmmoOK // step 5
			r.event("resupply", "GBACW 10.94", "%s mounts and fully resupplies its ammunition", u.Name)
		}
	}
}

// swapCounter puts the unit's other counter in play (14.21).
func (u *UnitSt) swapCounter() {
	now := Counter{MA: u.MA, DisMA: u.DisMA, Cohesion: u.Cohesion, Disordered: u.Disordered, Weapon: u.Weapon}
	o := *u.Other
	u.MA, u.DisMA, u.Cohesion, u.Disordered, u.Weapon = o.MA, o.DisMA, o.Cohesion, o.Disordered, o.Weapon
	*u.Other = now
	u.Dismounted = !u.Dismounted
	u.Kind = map[bool]string{true: "infantry", false: "cavalry"}[u.Dismounted]
}

// allowanceOf is a unit's MA for this activation: half its counter's,
// rounded up, when it mounted or dismounted (14.22); under Attack Orders
// half that again (6.16, 14.22); less half the Fatigue Level (17.31).
func (r *resolver) allowanceOf(u *UnitSt) int {
	ma := r.s.maNow(u) // 12.31, 2.21
	if u.Switched {
		ma = (ma + 1) / 2
	}
	if r.s.ordersOf(u) == Attack {
		ma = (ma + 1) / 2
	}
	return fatiguedMA(ma, r.s.fatigueOf(u))
}

// fatiguedMA is an MA less half the Fatigue Level, rounded up, after any
// halving (17.31); it may fall to nothing (the one hex of 9.42 Exception
// 1 is the mover's).
func fatiguedMA(ma int, f Fatigue) int { return max(ma-f.DRM(), 0) }

// brigadeDismounted: a unit of the brigade in play is dismounted
// cavalry, which may never be under March Orders (8.12).
func (s *State) brigadeDismounted(b *BrigadeSt) bool {
	for i := range s.Units {
		if u := &s.Units[i]; u.Brigade == b.ID && u.Dismounted && u.onMap() {
			return true
		}
	}
	return false
}

// mountedCavalry: the unit is on its mounted counter (14.23).
func (u *UnitSt) mountedCavalry() bool { return u.Kind == "cavalry" && !u.Dismounted }
