package wintersvictory

// Stacks under fire (See WV 9.51): "the top combat unit stacked in a hex
// may engage in fire combat and takes losses when fired upon, and the
// bottom unit takes the losses when fired on through its rear hexsides."
// The top-unit rule holds for fire plans (firesAbove) and for
// opportunity and defensive fire alike. Fired on through the rear
// hexsides of the stack's top unit, the bottom unit takes the loss, and
// the fire's leader risk and morale check are its own (ruling R103);
// stacks holding skirmish companies, crews or an Extended Line keep their
// own rules (8.65, 9.41, 7.61, 11.53).

// lossTaker is the unit of t's stack that takes the loss of u's fire:
// the bottom one when the fire comes through the rear hexsides of the
// top one (9.51), else t.
func (r *run) lossTaker(u, t *Unit) *Unit {
	var stack []*Unit
	for _, o := range r.s.unitsAt(t.Hex) {
		if o.Side != t.Side {
			continue
		}
		if o.skirmishing() || o.isCrew() || o.Extended != "" {
			return t
		}
		stack = append(stack, o)
	}
	if len(stack) < 2 || !r.s.inRear(stack[0], u.Hex) {
		return t
	}
	b := stack[len(stack)-1]
	if b != t {
		r.tell("fire", "WV 9.51", r.seenBy(b), "the fire comes through the rear of the stack in %s: %s, at its bottom, takes it (9.51)", t.Hex, b.Name)
	}
	return b
}

// inRear reports whether hex from lies through the rear hexsides of u:
// within the arc of 60 degrees either side of the vertex behind it, its
// edges not included (the flank's, as a front edge is the front's,
// ruling R42).
func (s *State) inRear(u *Unit, from string) bool {
	if !u.frontal() || u.Hex == from {
		return false
	}
	return angleOff(layout.CornerBearing((u.Facing+3)%6), s.bearingTo(u.Hex, from)) < 60-1e-6
}
