package lob

import "fmt"

// Withdrawals: the entry points the fire and Charge rules call.

// withdrawHexes is the length of an Open Order or Mounted withdrawal (LoB
// 9.4e part 2).
const withdrawHexes = 2

// withdraw makes the stack in a hex withdraw 2 hexes instead of taking
// fire or a non-Mounted Charge that would need an Opening Volley (LoB
// 9.4e part 2, 9.4h). It is not a retreat: no EZOC losses, no 6.3d, no
// Cowardly Legs marker (3.4c, 6.3e, 6.5). from is the active stack's hex.
func (r *resolver) withdraw(h, from string) (string, error) {
	return r.retreat(retreatOrder{Hex: h, Hexes: withdrawHexes, From: from, Cause: "withdrawal", Rule: "LoB 9.4e"})
}

// cavalryStands asks whether Mounted cavalry that may withdraw (LoB 9.4h)
// stands fast instead: it must stand against a Mounted Charge; otherwise
// the owner's standing CAVALRY reaction decides, or a decision request
// (default WITHDRAW).
func (r *resolver) cavalryStands(h string, mountedCharge bool) (bool, error) {
	if mountedCharge {
		r.add("cavalry-stands", "LoB 9.4h", "the Mounted cavalry in %s must stand against a Mounted Charge", h)
		return true, nil
	}
	side := r.s.ownerOf(h)
	c := choice{Key: "cavalry " + r.stackName(h), Side: side, Rule: "LoB 9.4h", Options: []string{"STAND", "WITHDRAW"},
		Default:  "WITHDRAW",
		Question: fmt.Sprintf("LoB 9.4h: the Mounted cavalry in %s (%s) may withdraw 2 hexes or stand fast; which?", h, r.stackName(h))}
	if cs, ok := r.s.standing(side, "CAVALRY"); ok {
		c.Standing = cs[0]
	}
	ans, err := r.decide(c)
	return ans == "STAND", err
}
