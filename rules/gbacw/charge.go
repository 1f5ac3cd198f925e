package gbacw

import "galloper/rules/gbacw/gbtext"

// breakOff is 11.57: mounted cavalry moving on a Charge whose enemy has
// just moved in reaction (9.63) either goes on (no. 1, the default) or,
// when its side's doctrine says BREAK OFF CHARGE TRY, rolls a UDD for the
// top unit: passing, it stops where it is, its activation finished;
// failing, it goes on as in no. 1. It reports whether the unit stops; a
// Charge is given the choice once.
func (r *resolver) breakOff(u *UnitSt) bool {
	if r.charging != u {
		return false
	}
	r.charging = nil
	if r.standing(u.Side, gbtext.RBreakOff) != "TRY" {
		r.event("charge-goes-on", "GBACW 11.57", "%s go on with their Charge as the enemy moves away", u.Name)
		return false
	}
	r.doctrine(u, gbtext.RBreakOff, "GBACW 11.57")
	if !r.uddPass(u, "breaking off a Charge") {
		r.event("break-off-failed", "GBACW 11.57", "%s fail to break off the Charge (UDD failed): they must go on with it", u.Name)
		return false
	}
	if r.brokeOff == nil {
		r.brokeOff = map[string]bool{}
	}
	r.brokeOff[u.Name] = true
	r.event("break-off", "GBACW 11.57", "%s break off the Charge (UDD passed): they stop in %s, their activation finished", u.Name, u.Hex)
	return true
}
