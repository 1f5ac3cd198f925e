package wintersvictory

// Second shocks (See WV 12.11.5, 12.12). The procedure, with its rules:
//
//  1. An infantry unit makes at most 2 shock attacks in a Shock Phase,
//     each its own SHOCK order, carried out in the order written; a unit
//     that receives a Disordered Retreat or Rout result shocks no more
//     that phase (12.11.5).
//  2. After its first shock a formed infantry unit may change its facing
//     to shock a hex outside its front: it turns to face that hex and
//     assumes General Order at once, drawing no fire (12.12; ruling R98).

// countShock records a shock attack by u this phase.
func (r *run) countShock(u *Unit) {
	if r.shocks == nil {
		r.shocks = map[string]int{}
	}
	r.shocks[u.Name]++
}

// barShock bars u from further shock attacks this phase (12.11.5).
func (r *run) barShock(u *Unit) {
	if r.barred == nil {
		r.barred = map[string]bool{}
	}
	r.barred[u.Name] = true
}

// faceToShock is 12.12: a formed unit shocking hex h outside its front
// (allowed after its first shock) turns to face h and assumes General
// Order.
func (r *run) faceToShock(u *Unit, h string) {
	if !u.frontal() || r.s.inFront(u.Hex, u.Facing, h) {
		return
	}
	u.Facing, _ = r.s.stepFacing(u.Hex, h, u.Facing)
	from := u.Formation
	u.Formation = "general order"
	r.tell("formation", "WV 12.12", nil, "%s changes its facing to %s after its first shock and assumes General Order (from %s; 12.12)", u.Name, facingNames[u.Facing], from)
}
