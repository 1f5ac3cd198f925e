package lob

// retreatOrder is a retreat the field rules require of a stack: after a
// Morale result with a retreat (LoB 6.2, 6.3), or a withdrawal (3.0e,
// 9.4e).
type retreatOrder struct {
	Hex   string // the retreating stack's hex
	Hexes int    // how many hexes it must retreat (the result's "bN")
	From  string // the hex the fire or Charge came from; "" when none
	Cause string // what caused it, for events: "fire", "charge", ...
	Rule  string // the rule that orders it, e.g. "LoB 6.3"
}

// retreat carries out a retreat and returns the hex the stack ends in.
// This placeholder leaves the stack where it is and says so in an event;
// the retreat rules (LoB 6.3: paths, EZOC losses, 6.3d displacement and
// the owner's standing orders or a decision request) replace it.
func (r *resolver) retreat(o retreatOrder) (string, error) {
	r.add("retreat-pending", o.Rule, "%s should retreat %d hexes (%s); retreats are not carried out yet", o.Hex, o.Hexes, o.Cause)
	return o.Hex, nil
}
