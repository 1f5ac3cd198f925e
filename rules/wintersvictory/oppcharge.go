package wintersvictory

import "galloper/rules"

// Opportunity Charges in the opponent's Movement Phase. The procedure,
// with its rules:
//
//  1. When an enemy combat unit has entered a hex within 3 hexes of a
//     formed cavalry unit, through its front and in its Charge Zone, the
//     cavalry may initiate an Opportunity Charge at it with the standard
//     Cavalry Charge Initiation Procedure: a morale check; failed, the
//     cavalry is Disordered. See WV 12.56.1, 12.52.
//  2. Initiated, its Charge Zone is projected (in full if the cavalry is
//     In Command, else only the Primary Charge Zone) and the charge is
//     carried out in the Shock Phase that follows the Movement Phase: the
//     cavalry's own. See WV 12.56.1.
//  3. By email the choice is the standing OPPORTUNITY CHARGE (ALWAYS or
//     NEVER, by default NEVER); the move is looked at where it ends, and
//     a side initiates one Opportunity Charge a phase (ruling R75).
//
// In a Shock Phase the Opportunity Charge is made at once
// (shockOpportunityCharge, 12.56.2).

// opportunityCharge lets the enemy of mover, which has just moved,
// initiate an Opportunity Charge at it (12.56.1, ruling R75).
func (r *run) opportunityCharge(mover *Unit) {
	side := enemy(mover.Side)
	if mover.Eliminated || r.standing(side, "CHARGE") != "ALWAYS" || r.oppCharged[side] {
		return
	}
	var inCmd map[string]bool
	for i := range r.s.Units {
		c := &r.s.Units[i]
		if c.Side != side || c.Eliminated || c.Type != "cavalry" || !c.formed() || c.Exhausted || c.Charge != "" {
			continue
		}
		d := r.s.dist(c.Hex, mover.Hex)
		if d > 3 || !r.s.sees(side, mover.Hex) || r.chargeZoneProblem(c, c.Hex, mover) != "" {
			continue
		}
		if r.oppCharged == nil {
			r.oppCharged = map[rules.Side]bool{}
		}
		r.oppCharged[side] = true
		pass, text := r.moraleTest(c, MoraleFacts{}, "WV 12.56", "opportunity charge initiation")
		if !pass {
			c.Morale = moraleDisordered
			r.tell("charge-failed", "WV 12.56", nil, "%s fails its opportunity charge initiation check (%s): Disordered", c.Name, text)
			return
		}
		if inCmd == nil {
			inCmd = r.inCommand(side)
		}
		c.Charge, c.Primary = mover.Name, !inCmd[c.Name]
		zone := "its Charge Zone"
		if c.Primary {
			zone = "its Primary Charge Zone only, Out of Command"
		}
		r.tell("charge-declared", "WV 12.56", nil, "%s declares an opportunity charge at %s, %d hexes away (%s; %s), carried out in the %s Shock Phase", c.Name, mover.Name, d, text, zone, side)
		r.involuntary(mover, mover.Name+" is in an enemy Charge Zone") // 17.53
		return
	}
}

// shockOpportunityCharge lets the enemy of mover, which has just advanced
// or, charging, entered a hex in a Shock Phase, make an Opportunity Charge
// at it at once: a formed cavalry unit within 2 hexes with mover in its
// front, by the standing OPPORTUNITY CHARGE (12.56.2, ruling R75). The
// cavalry checks morale (not if it has a charge declared, which this one
// replaces), then advances one hex toward mover if not adjacent, and
// shocks it without the Impetus Bonus and without the defender's check
// of 12.62. It reports whether mover may go on (in play, formed, where it
// was).
func (r *run) shockOpportunityCharge(mover *Unit) bool {
	side := enemy(mover.Side)
	if r.dry() || r.oppShock || mover.Eliminated || r.standing(side, "CHARGE") != "ALWAYS" {
		return !mover.Eliminated
	}
	for i := range r.s.Units {
		c := &r.s.Units[i]
		if c.Side != side || c.Eliminated || c.Type != "cavalry" || !c.formed() || c.Exhausted {
			continue
		}
		d := r.s.dist(c.Hex, mover.Hex)
		if d > 2 || !r.s.sees(side, mover.Hex) || r.chargeZoneProblem(c, c.Hex, mover) != "" {
			continue
		}
		if c.Charge == "" {
			pass, text := r.moraleTest(c, MoraleFacts{}, "WV 12.56", "opportunity charge initiation")
			if !pass {
				c.Morale = moraleDisordered
				r.tell("charge-failed", "WV 12.56", nil, "%s fails its opportunity charge initiation check (%s): Disordered", c.Name, text)
				continue
			}
		}
		c.Charge, c.Primary = "", false // 12.56.2: in lieu of its own charge
		if d == 2 {
			step := r.stepToward(c, mover)
			if step == "" {
				continue
			}
			c.Facing, _ = r.s.stepFacing(c.Hex, step, c.Facing)
			c.Hex = step
		}
		r.tell("charge-declared", "WV 12.56", nil, "%s makes an opportunity charge at %s from %s", c.Name, mover.Name, c.Hex)
		c.Exhausted = true
		if b := r.s.leader(c.Brigade); b != nil {
			b.Charged, b.Engaged = true, true
		}
		from := mover.Hex
		r.oppShock = true
		r.shock([]*Unit{c}, mover.Hex, true, d)
		r.oppShock = false
		return !mover.Eliminated && mover.Hex == from && mover.formed()
	}
	return true
}

// stepToward is the empty hex, adjacent to both cavalry c and mover and
// in c's front, that c advances into for its Opportunity Charge, or "".
func (r *run) stepToward(c, mover *Unit) string {
	for _, h := range r.s.neighbours(c.Hex) {
		t := r.s.terrain(h) // 12.54: no obstructed hex on a charge
		if r.s.dist(h, mover.Hex) == 1 && len(r.s.unitsAt(h)) == 0 && r.s.inFront(c.Hex, c.Facing, h) && t != "woods" && t != "town" && t != "frozen-wetlands" {
			return h
		}
	}
	return ""
}
