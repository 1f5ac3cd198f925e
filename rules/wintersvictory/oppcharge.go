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
// Not yet: Opportunity Charges in a Shock Phase (12.56.2).

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
