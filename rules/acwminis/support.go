package acwminis

import "galloper/rules/table"

const ruleSupport = "ACW SUPPORT ARTILLERY (seed L267-269)"

// canSupport reports whether u may attach to a battery: infantry in line
// or supported line, or dismounted cavalry (SUPPORT ARTILLERY, seed
// L269).
func canSupport(u *Unit) bool {
	return u.Type == "Infantry" && (u.Formation == "Line" || u.Formation == "Supported Line") ||
		u.Type == "Cavalry" && u.Formation == "Dismounted"
}

// attachedTo reports whether s stands attached to the rear of the
// unlimbered battery a: a unit that may support, of a's side, its front
// edge on a's rear edge (the footprints touching, s's front centre on the
// line of a's rear within a thousandth and within a's width) and facing
// a's way within 45°. A unit is attached by moving there with a Run or
// Advance order and detached by moving out of contact (seed L269; ruling
// A39).
func attachedTo(s, a *Unit) bool {
	if a.Type != "Artillery" || a.Formation != "Unlimbered" || s.Side != a.Side || s == a || !canSupport(s) || !s.inPlay() || !a.inPlay() {
		return false
	}
	ab, sb := a.body(), s.body()
	if table.Between(ab.Footprint(), sb.Footprint()).Gap != 0 {
		return false
	}
	right, ahead := ab.Local(sb.Pose.Front)
	if d := ahead + ab.Depth; d < -1 || d > 1 || right < -ab.Width/2 || right > ab.Width/2 {
		return false
	}
	turn := (sb.Pose.Heading - ab.Pose.Heading).Norm()
	return turn <= table.Degrees(45) || turn >= table.Degrees(315)
}

// supporter is the unit attached to the battery a, or nil: only one may
// be (seed L269), the first in the order of the state.
func (s *State) supporter(a *Unit) *Unit {
	for i := range s.Units {
		if u := &s.Units[i]; attachedTo(u, a) {
			return u
		}
	}
	return nil
}

// supported is the battery u supports, or nil.
func (s *State) supported(u *Unit) *Unit {
	for i := range s.Units {
		if a := &s.Units[i]; attachedTo(u, a) && s.supporter(a) == u {
			return a
		}
	}
	return nil
}
