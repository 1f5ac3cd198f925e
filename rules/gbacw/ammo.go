package gbacw

import "slices"

// Ammunition (GBACW 10.69, 10.9, 14.33). A unit's Ammo is AmmoOK (""),
// AmmoLow (a -2 DRM on its fire) or AmmoOut (no fire at all):
//
//	1. Artillery that rolls an unadjusted 5 drops one level (10.69);
//	   under Rapid Fire an unadjusted 0 or 5 on either shot puts it Out
//	   (10.68).
//	2. With optional rule 10.9, infantry (and dismounted cavalry, not
//	   mounted cavalry) drops one level on an unadjusted 5 (10.91).
//	3. A Spencer unit's unadjusted 5 in a second round puts it Out
//	   (14.33).
//	4. The new level applies after the unit has finished the fire that
//	   caused it: both shots of Rapid Fire, every share of Split Fire,
//	   one level at most a fire (10.65 2a, 10.69, 10.91; ruling
//	   GBACW-R40).
//	5. A Resupply and Rally action, not next to an enemy, raises it one
//	   level (10.92-10.93); dismounted cavalry that mounts is fully
//	   resupplied (10.94, cavalry.go).

// Ammunition levels.
const (
	AmmoOK  = ""
	AmmoLow = "Low"
	AmmoOut = "Out"
)

// ammoHit is a depletion waiting for the end of a unit's fire.
type ammoHit int

const (
	ammoOneLevel ammoHit = 1 // 10.69, 10.91
	ammoToOut    ammoHit = 2 // Rapid Fire's 0 or 5 (10.68), a Spencer's second round (14.33)
)

// depletes reports whether u's ammunition runs down by its rolls: all
// artillery (10.69), and infantry with optional rule 10.9 (10.91), which
// dismounted cavalry is (14.23); not mounted cavalry.
func (s *State) depletes(u *UnitSt) bool {
	return u.Kind == "artillery" || u.Kind == "infantry" && slices.Contains(s.Optional, "10.9")
}

// noteAmmo records what an unadjusted roll does to u's ammunition, to
// apply when its fire is over. rapid: the shot is Rapid Fire (10.68);
// second: a Spencer's second round (14.33).
func (r *resolver) noteAmmo(u *UnitSt, roll int, rapid, second bool) {
	hit := ammoHit(0)
	switch {
	case rapid && (roll == 0 || roll == 5):
		hit = ammoToOut // 10.68
	case second && roll == 5:
		hit = ammoToOut // 14.33
	case roll == 5 && r.s.depletes(u):
		hit = ammoOneLevel // 10.69, 10.91
	}
	if hit == 0 {
		return
	}
	if r.ammoHits == nil {
		r.ammoHits = map[string]ammoHit{}
	}
	r.ammoHits[u.Name] = max(r.ammoHits[u.Name], hit)
}

// depleted is an ammunition level after a depletion: Out from a hit to
// Out, or from Low; Low from OK (10.69, 10.91).
func depleted(level string, hit ammoHit) string {
	switch {
	case hit == ammoToOut || level == AmmoLow:
		return AmmoOut
	case level == AmmoOK:
		return AmmoLow
	}
	return level
}

// settleAmmo applies the depletions noted during a fire, now that it is
// over, in the state's order of units. See GBACW 10.69, 10.91, 14.33.
func (r *resolver) settleAmmo() {
	if len(r.ammoHits) == 0 {
		return
	}
	for i := range r.s.Units {
		u := &r.s.Units[i]
		if u.sectioned() && u.onMap() {
			r.settleSections(u) // 10.69: each section its own
		}
		hit, ok := r.ammoHits[u.Name]
		if !ok || !u.onMap() {
			continue
		}
		was := u.Ammo
		u.Ammo = depleted(u.Ammo, hit)
		if u.Ammo == was {
			continue
		}
		rule := "GBACW 10.69"
		switch {
		case u.Kind != "artillery" && hit == ammoToOut:
			rule = "GBACW 14.33"
		case u.Kind != "artillery":
			rule = "GBACW 10.91"
		case hit == ammoToOut:
			rule = "GBACW 10.68"
		}
		r.event("ammo", rule, "%s is %s", u.Name, map[string]string{AmmoLow: "Low on Ammo (-2)", AmmoOut: "Out of Ammo"}[u.Ammo])
	}
	r.ammoHits = nil
}

// resupply is the Resupply half of a Resupply and Rally action: one
// level up, automatic, unless an enemy is adjacent. It reports whether u
// resupplied. See GBACW 10.92-10.93.
func (r *resolver) resupply(u *UnitSt) bool {
	if u.Ammo == AmmoOK {
		return false
	}
	if len(r.s.adjacentEnemies(u.Hex, u.Side)) > 0 {
		r.event("no-resupply", "GBACW 10.93", "%s may not resupply next to the enemy", u.Name)
		return false
	}
	if u.sectioned() {
		for i := range u.Sections {
			x := &u.Sections[i]
			x.Ammo = map[string]string{AmmoOut: AmmoLow, AmmoLow: AmmoOK, AmmoOK: AmmoOK}[x.Ammo] // each section a level
		}
		syncAmmo(u)
	} else if u.Ammo == AmmoOut {
		u.Ammo = AmmoLow
	} else {
		u.Ammo = AmmoOK
	}
	r.event("resupply", "GBACW 10.92", "%s resupplies: Ammo %s", u.Name, map[string]string{AmmoOK: "full", AmmoLow: "Low"}[u.Ammo])
	return true
}

// reserveResupply is 6.35's fifth step, after Recovery from Rout and
// before a brigade leaves Reserve: each unit on the map of a brigade In
// Reserve fully resupplies, artillery always, small arms when the game
// plays the optional 10.9 (without it they never run short). See GBACW
// 6.35, 10.9.
func (r *resolver) reserveResupply() {
	s := r.s
	for i := range s.Units {
		u := &s.Units[i]
		if b := s.brigadeOf(u); b == nil || !b.Reserve || !u.onMap() || u.Ammo == AmmoOK {
			continue
		}
		u.Ammo = AmmoOK
		r.event("resupply", "GBACW 6.35", "%s resupplies fully (In Reserve)", u.Name)
	}
}
