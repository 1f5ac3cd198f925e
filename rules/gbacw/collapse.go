package gbacw

import "slices"

// Collapse (GBACW 12.23):
//
//	1. An infantry or cavalry unit whose step losses take it below half
//	   its printed strength is Collapsed the instant the loss takes
//	   effect, and Disordered with it (no effect if it was already).
//	   An Extended Line or Column is one unit: its whole strength
//	   against its printed strength, whichever part took the loss.
//	2. A Collapsed unit that loses more steps makes a UDD once the
//	   result is played out (its retreats and 2nd Disorder UDDs); failing
//	   it, it routs. Recovery from Rout's step loss does not count.
//	3. It may not rally while Collapsed (13.41, 13.45, 6.35); only
//	   Straggler Recovery back to half strength ends it (16.2).

// collapses reports whether a unit of printed strength printed is below
// half strength at sp SPs. See GBACW 12.23.
func collapses(sp, printed int) bool { return 2*sp < printed }

// collapse marks u Collapsed, and Disordered, when its losses have taken
// it below half strength. Artillery never collapses. See GBACW 12.23.
func (r *resolver) collapse(u *UnitSt) {
	if u.Collapsed || u.Kind == "artillery" || u.SP == 0 || !collapses(u.SP, u.Printed) {
		return
	}
	u.Collapsed = true
	if u.Status == StDisordered {
		r.event("collapse", "GBACW 12.23", "%s is Collapsed (%d SP of %d, less than half)", u.Name, u.SP, u.Printed)
		return
	}
	u.Status = StDisordered
	r.event("collapse", "GBACW 12.23", "%s is Collapsed (%d SP of %d, less than half): it is Disordered", u.Name, u.SP, u.Printed)
}

// owesCollapseUDD notes that a Collapsed unit lost steps: it rolls its
// Collapse UDD when the result is played out (settleCollapses).
func (r *resolver) owesCollapseUDD(u *UnitSt) {
	if !slices.Contains(r.collapsing, u) {
		r.collapsing = append(r.collapsing, u)
	}
}

// checkedForRout drops u's Collapse UDD: it has just made a rout check
// for the same result (a Collapsed defender of a shock of 10 or more
// checks only once, 12.23).
func (r *resolver) checkedForRout(u *UnitSt) {
	r.collapsing = slices.DeleteFunc(r.collapsing, func(x *UnitSt) bool { return x == u })
}

// settleCollapses rolls the Collapse UDDs owed: each Collapsed unit
// still on the map that lost steps routs on a failure. See GBACW 12.23,
// 12.51.
func (r *resolver) settleCollapses() {
	for len(r.collapsing) > 0 {
		u := r.collapsing[0]
		r.collapsing = r.collapsing[1:]
		if !u.combat() {
			continue
		}
		drm := UDDDRM(r.s.leaderStars(u), r.s.fatigueOf(u), 0)
		roll, pass := UDD(r, u.Name, u.cohesionNow(), drm, "Collapse (GBACW 12.23)")
		r.event("udd", "GBACW 12.23", "%s %s its Collapse UDD (it lost a step while Collapsed): rolled %d%+d against %d", u.Name,
			map[bool]string{true: "passes", false: "fails"}[pass], roll, drm, u.cohesionNow())
		if !pass {
			r.rout(u)
		}
	}
}
