package wintersvictory

import "galloper/rules"

// Charge Zones in the Movement Phase. The procedure, with its rules:
//
//  1. A cavalry unit with a declared charge projects its Charge Zone until
//     the charge is carried out: the hexes 1 to 6 from it through its
//     front, but no Frozen Wetland, Town/Village or Woods hex; 1 to 3 is
//     the Primary Charge Zone, 4 to 6 the Secondary. See WV 12.52.
//  2. An enemy unit moving in its Movement Phase pays +1 MP for each hex of
//     the zone it enters; outside the zone but within 3 hexes of the
//     charging cavalry, +1 MP for each hex it enters that is nearer the
//     zone, and +1 MP for a change of formation after it has moved. See
//     WV 12.61.
//  3. In a hex of the zone a formation change costs +1 MP and a facing
//     change double, and either needs a morale check first, with the
//     Cavalry Charge Modifier of 12.63: over by 1-3 the unit is Disordered
//     and makes the change; by 4 or more it is Disordered and does not;
//     it never retreats. A unit in several zones checks once, with the
//     largest modifier. See WV 12.61.2, 13.11.7; ruling R74.
//
//  4. A skirmish unit checks its morale, with the same modifier, the first
//     time in a move it enters a hex of an enemy Charge Zone; a result
//     that drives it off or destroys it stops its move there. See WV
//     12.61.1.
//
// Not yet: line of sight to the cavalry (12.63 note).

// chargers are the enemy cavalry units of side with a declared charge.
func (s *State) chargers(side rules.Side) []*Unit {
	var out []*Unit
	for i := range s.Units {
		if c := &s.Units[i]; c.Side != side && !c.Eliminated && c.Type == "cavalry" && c.Charge != "" {
			out = append(out, c)
		}
	}
	return out
}

// inChargeZone reports whether hex h is in cavalry c's Charge Zone, and
// in its Primary part (12.52).
func (s *State) inChargeZone(c *Unit, h string) (in, primary bool) {
	d := s.dist(c.Hex, h)
	switch t := s.terrain(h); {
	case d < 1 || d > 6 || !s.inFront(c.Hex, c.Facing, h):
		return false, false
	case t == "woods" || t == "town" || t == "frozen-wetlands":
		return false, false
	}
	return true, d <= 3
}

// zoneDist is the distance from hex h to the nearest hex of c's zone.
func (s *State) zoneDist(c *Unit, h string) int {
	m := s.board()
	best := 1 << 30
	for _, id := range m.Hexes {
		if in, _ := s.inChargeZone(c, id.ID); in {
			best = min(best, s.dist(id.ID, h))
		}
	}
	return best
}

// chargeZoneStep is the extra cost, in half Movement Points, of a unit of
// side entering hex h from hex at (12.61), and whether h is in a zone.
func (r *run) chargeZoneStep(side rules.Side, at, h string) (halves int, inZone bool) {
	if t := r.s.terrain(h); t == "woods" || t == "town" || t == "frozen-wetlands" {
		return 0, false // 12.61: no extra cost into these
	}
	for _, c := range r.s.chargers(side) {
		if in, _ := r.s.inChargeZone(c, h); in {
			return 2, true
		}
	}
	for _, c := range r.s.chargers(side) {
		if r.s.dist(c.Hex, h) <= 3 && r.s.zoneDist(c, h) < r.s.zoneDist(c, at) {
			return 2, false
		}
	}
	return 0, false
}

// nearCharger reports whether hex h is outside every enemy Charge Zone
// but within 3 hexes of a charging enemy cavalry unit (12.61).
func (r *run) nearCharger(side rules.Side, h string) bool {
	near := false
	for _, c := range r.s.chargers(side) {
		if in, _ := r.s.inChargeZone(c, h); in {
			return false
		}
		near = near || r.s.dist(c.Hex, h) <= 3
	}
	return near
}

// zoneModifier is the largest Cavalry Charge Modifier of the enemy
// Charge Zones hex h is in (12.63, ruling R74), and whether it is in one.
func (r *run) zoneModifier(side rules.Side, h string) (mod int, in bool) {
	for _, c := range r.s.chargers(side) {
		z, primary := r.s.inChargeZone(c, h)
		if !z {
			continue
		}
		m := 0
		if c.formed() { // 12.63 note: none from Disordered cavalry
			m = r.tables.ChargeModifier(c.Class == "heavy", primary, c.Strength)
		}
		if !in || m > mod {
			mod = m
		}
		in = true
	}
	return mod, in
}

// zoneCheck is the morale check of 12.61.2 before a formation or facing
// change in an enemy Charge Zone: it reports whether the change is made.
func (r *run) zoneCheck(side rules.Side, u *Unit, what string) bool {
	mod, in := r.zoneModifier(side, u.Hex)
	if !in || r.dry() {
		return true
	}
	f := r.moraleFacts(u, MoraleFacts{ChargeModifier: mod})
	die, m, er := r.moraleRoll(u, f, "WV 12.61", what+" in a Charge Zone")
	over := die + m - er
	text := moraleText(die, m, er)
	switch {
	case over <= 0:
		r.tell("morale", "WV 12.61", r.seenBy(u), "%s passes its morale check in an enemy Charge Zone (%s)", u.Name, text)
		return true
	case over <= 3:
		u.Morale = moraleDisordered
		r.tell("disordered", "WV 12.61", r.seenBy(u), "%s fails its morale check in an enemy Charge Zone (%s): Disordered, it makes the %s", u.Name, text, what)
		return true
	}
	u.Morale = moraleDisordered
	r.tell("disordered", "WV 12.61", r.seenBy(u), "%s fails its morale check in an enemy Charge Zone (%s): Disordered, no %s", u.Name, text, what)
	return false
}

// skirmishZoneCheck is the morale check of a skirmish unit that has just
// entered hex u.Hex (12.61.1): checked reports whether the hex is in an
// enemy Charge Zone (the check is made), stop whether the unit's move
// ends there.
func (r *run) skirmishZoneCheck(side rules.Side, u *Unit) (stop, checked bool) {
	mod, in := r.zoneModifier(side, u.Hex)
	if !in {
		return false, false
	}
	at := u.Hex
	out := r.moraleResult(u, MoraleFacts{ChargeModifier: mod}, "WV 12.61", "entering an enemy Charge Zone", r.nearestEnemyHex(u))
	return u.Eliminated || u.Hex != at || out == "routed-retreat-3" || out == "disordered-retreat-2", true
}
