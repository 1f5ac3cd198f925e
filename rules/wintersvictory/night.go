package wintersvictory

import "galloper/rules"

// Evening and Night turns beyond visibility. The procedure, with its
// rules:
//
//  1. Evening turns (51-53) have reduced command and control: a Command
//     State Continuation check made in one is at +2 (17.63). Night turns
//     (54-59) have "the same" effects as Evening turns (4.4), and so do
//     the Transitional Night turns (60-61), night turns of the optional
//     two-day scenario (4.5; ruling R78).
//  2. At the end of the Command Phase of a Transitional Night turn every
//     artillery battery of the phasing side returns to its full supply of
//     ammunition (11.93.3).
//
// Not yet: the further command and rally restrictions of the Playbook
// (19.9.2-19.9.3).

// evening reports whether the turn has the Evening effects (4.3-4.5,
// ruling R78).
func (s *State) evening() bool {
	switch s.turnKind() {
	case "Evening", "Night", "Transitional Night":
		return true
	}
	return false
}

// resupply returns the side's batteries to full ammunition at the end of
// its Command Phase in a Transitional Night turn (11.93.3).
func (r *run) resupply(side rules.Side) {
	if r.s.turnKind() != "Transitional Night" {
		return
	}
	for i := range r.s.Units {
		u := &r.s.Units[i]
		if u.Side == side && !u.Eliminated && u.Type == "artillery" && u.Ammo < u.FullAmmo {
			u.Ammo = u.FullAmmo
			r.tell("ammunition", "WV 11.93", only(side), "%s is resupplied: %d ammunition points", u.Name, u.Ammo)
		}
	}
}
