package gbacw

import "slices"

// Mandatory shocks and the Infantry Charge (GBACW 11.2), settled when the
// brigade's shocks are designated, after all its other actions (11.12):
//
//	1. Infantry under Attack Orders that moved next to an enemy in its
//	   Front this Action Phase, did not fire, and is not stacked under a
//	   unit that does not charge, must shock; its shock is an Infantry
//	   Charge (11.21), and no other infantry shock is.
//	2. Mounted cavalry that moved next to an enemy in its Front and did
//	   not fire must shock, whatever its Orders (11.21); whether it
//	   Charges is 11.5's affair.
//	3. Every other eligible unit may shock or not (11.22).

// infantryCharges lists the infantry units of the acting brigades that
// make an Infantry Charge: their top-down stacks charge while every unit
// above charges too. See GBACW 11.21.
func (r *resolver) infantryCharges(brigades []string) map[string]bool {
	s := r.s
	out := map[string]bool{}
	seen := map[string]bool{}
	for i := range s.Units {
		u := &s.Units[i]
		if !slices.Contains(brigades, u.Brigade) || !u.combat() || seen[u.Hex] {
			continue
		}
		seen[u.Hex] = true
		for _, x := range s.unitsAt(u.Hex) {
			if !slices.Contains(brigades, x.Brigade) || !r.mayInfantryCharge(x) {
				break // not stacked under a non-charging unit (11.21)
			}
			out[x.Name] = true
		}
	}
	return out
}

// mayInfantryCharge: infantry under Attack Orders that moved (entered a
// hex) this Action Phase, did not fire or rally, and has an enemy in a
// Front hex. See GBACW 11.21, 11.12.
func (r *resolver) mayInfantryCharge(u *UnitSt) bool {
	return u.Kind == "infantry" && r.s.ordersOf(u) == Attack && u.Moved && r.entered[u.Name] && !u.Fired && !u.Rallied && r.s.frontEnemy(u, "") != nil
}

// enter notes that u's counter entered a hex of its own move (11.21).
func (r *resolver) enter(u *UnitSt) {
	if r.entered == nil {
		r.entered = map[string]bool{}
	}
	r.entered[u.Name] = true
}

// mustShock is true of mounted cavalry that moved next to an enemy in its
// Front and did not fire (11.21), eligible under 11.12.
func (r *resolver) mustShock(u *UnitSt) bool {
	o := r.s.ordersOf(u)
	return u.Kind == "cavalry" && o != March && u.Moved && r.entered[u.Name] && !u.Fired && !u.Rallied && r.s.frontEnemy(u, "") != nil
}

// designate settles the brigades' declared shocks by 11.21: an infantry
// shock is a Charge exactly when the unit makes an Infantry Charge, and
// the units that must shock and declared none are added, in the units'
// order. See GBACW 11.21-11.22.
func (r *resolver) designate(brigades []string, declared []pendingShock) []pendingShock {
	s := r.s
	charges := r.infantryCharges(brigades)
	out := make([]pendingShock, 0, len(declared))
	named := map[string]bool{}
	for _, p := range declared {
		named[p.attacker] = true
		if r.brokeOff[p.attacker] {
			continue // 11.57
		}
		u := s.unit(p.attacker)
		if u != nil && u.mountedCavalry() {
			p.charge = p.charge && r.chargeHolds(u) // 11.51, 11.54
		}
		if u == nil || u.Kind != "infantry" {
			out = append(out, p)
			continue
		}
		if p.charge && !charges[u.Name] {
			r.event("no-charge", "GBACW 11.21", "%s %s: it shocks, but does not Charge", u.Name, r.noChargeWhy(u))
		}
		p.charge = charges[u.Name]
		out = append(out, p)
	}
	for i := range s.Units {
		u := &s.Units[i]
		if named[u.Name] || r.brokeOff[u.Name] || !slices.Contains(brigades, u.Brigade) || !u.combat() || !r.mayShock(u, false) {
			continue
		}
		switch {
		case charges[u.Name]:
			r.event("must-shock", "GBACW 11.21", "%s moved next to the enemy under Attack Orders and did not fire: it must shock, an Infantry Charge", u.Name)
			out = append(out, pendingShock{attacker: u.Name, charge: true})
		case r.mustShock(u):
			r.event("must-shock", "GBACW 11.21", "%s, mounted cavalry, moved next to the enemy and did not fire: it must shock", u.Name)
			out = append(out, pendingShock{attacker: u.Name})
		}
	}
	return out
}

// noChargeWhy says why infantry declaring a Charge makes none (11.21).
func (r *resolver) noChargeWhy(u *UnitSt) string {
	switch {
	case r.s.ordersOf(u) != Attack:
		return "is not under Attack Orders"
	case !u.Moved:
		return "did not move next to the enemy this Action Phase"
	case u.Fired || u.Rallied:
		return "fired or rallied this Action Phase"
	}
	return "is stacked beneath a unit that does not charge"
}

// mayShock: u may shock in this activation (11.12): not a unit whose
// actions a Withdrawal, a move through friends or a bridge ended (9.54,
// 8.24, 9.42 Exception 2, 9.23), nor one that rallied, is in Extended
// Column (8.52) or entered its hex by the 9.42 Exception. tell reports
// why not.
func (r *resolver) mayShock(u *UnitSt, tell bool) bool {
	switch {
	case r.done[u.Name] || u.Barred || r.noShock[u.Name]: // 12.35f, 9.54, 8.24, 9.42 Exception 2, 9.23
		return false
	case u.Rallied:
		if tell {
			r.event("no-shock", "GBACW 11.12", "%s rallied this activation and may not shock", u.Name)
		}
		return false
	case u.inColumn():
		if tell {
			r.event("no-shock", "GBACW 8.52", "%s is in Extended Column: it must retract or form an Extended Line to shock (8.52)", u.Name)
		}
		return false
	case u.NoShock:
		if tell {
			r.event("no-shock", "GBACW 9.42", "%s moved next to the enemy by 9.42 Exception 2 and may not shock in this activation", u.Name)
		}
		return false
	case r.newcomers[u.Name]:
		if tell {
			r.event("no-shock", "GBACW 9.72", "%s entered the map next to the enemy under Advance Orders: it may not shock until its next Activation (9.72)", u.Name)
		}
		return false
	case r.oneHex[u.Name]:
		if tell {
			r.event("no-shock", "GBACW 11.12", "%s entered its hex by the 9.42 Exception and may not shock", u.Name)
		}
		return false
	}
	return true
}

// mayShockAll keeps the shocks whose attacker may shock (11.12).
func (r *resolver) mayShockAll(ps []pendingShock) []pendingShock {
	return slices.DeleteFunc(ps, func(p pendingShock) bool {
		u := r.s.unit(p.attacker)
		return u == nil || !u.combat() || !r.mayShock(u, true)
	})
}
