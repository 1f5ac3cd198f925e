package gbacw

import (
	"strings"

	"galloper/rules/gbacw/gbtext"
)

// The facing change after an advance (GBACW 11.46, 11.47, 12.6): a unit
// that advances after combat may change facing one vertex after the
// advance, unless that would keep another unit from a mandatory advance.
// Galloper turns a unit when its side's doctrine says FACING AFTER
// ADVANCE TOWARD ENEMY (ruling GBACW-R72), after every advance of the
// shock, so that no turn comes before another unit's advance.

// advanceTurn is the one-vertex facing change of u after its advance
// (11.46, 12.6), by its side's doctrine: under TOWARD ENEMY a unit in
// one hex with no enemy in its Front turns one vertex when that brings
// one into it. An Extended Line keeps the facing it advanced with (8.47,
// ruling GBACW-R72).
func (r *resolver) advanceTurn(u *UnitSt) {
	if !u.onMap() || u.extended() || r.standing(u.Side, gbtext.RAdvanceFacing) != "ENEMY" {
		return
	}
	r.turnToFront(u, "GBACW 12.6", "after its advance ")
}

// turnToFront turns u, which has no enemy in its Front, one vertex when
// that brings one into it, the lower vertex first when both would, and
// reports whether it turned. See GBACW 11.46, 11.47, 12.6.
func (r *resolver) turnToFront(u *UnitSt, rule, why string) bool {
	if u.extended() || len(r.frontHeld(u)) > 0 {
		return false
	}
	was := u.Facing
	for _, f := range []int{(was + 1) % 6, (was + 5) % 6} {
		u.Facing = f
		if hs := r.frontHeld(u); len(hs) > 0 {
			r.event("turn", rule, "%s turns one vertex %sto bring %s into its Front", u.Name, why, strings.Join(hs, " and "))
			return true
		}
	}
	u.Facing = was
	return false
}
