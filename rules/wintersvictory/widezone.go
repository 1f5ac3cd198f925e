package wintersvictory

// Opportunity fire beyond the Minimum Range Fire Zone (See WV 11.3.2-3):
//
//  1. An enemy battery that unlimbers in the Medium Range Fire Zone of a
//     battery, or the Maximum Range Fire Zone of an infantry unit, draws
//     its fire first (11.3.2); in the Minimum Range Fire Zone it draws
//     11.3's fire at a change of formation already.
//  2. An enemy unit that leaves a battery's Medium Range Fire Zone draws
//     its fire at Medium Range, the result applied in the hex it leaves
//     (11.3.3): a step from a hex at Medium Range to one beyond it, out of
//     its front or out of its sight (ruling R102: a step into the
//     Minimum Range Fire Zone does not leave the battery's fire).
//
// The zones read like the Minimum Range Fire Zone (11.21): through the
// firer's front, in its line of sight and within sight; each unit fires
// at opportunity once a phase, artillery at -1 in the enemy's Movement
// Phase (11.71.2), and the side's standing OPPORTUNITY FIRE NEVER holds
// it. An Extended Line fires from the hexes whose zone holds the target,
// both at one target combined (11.53.2).

// inBand reports whether hex h lies in u's fire zone of band b from u's
// own hex: through its front, in its line of sight and within sight.
func (r *run) inBand(u *Unit, h string, b Band) bool {
	d := r.s.dist(u.Hex, h)
	got, ok := r.tables.FireBand(firer(u), d)
	return ok && got == b && d <= r.s.visibility() && (!u.frontal() || r.s.inFront(u.Hex, u.Facing, h)) && r.s.observes(u.Hex, h)
}

// wideZone is the band of u's zone that 11.3.2-3 read: Medium Range for
// a battery, Maximum Range for infantry.
func wideZone(u *Unit) Band {
	if u.Type == "artillery" {
		return Medium
	}
	return Maximum
}

// wideFirers lists the enemy units of u that may fire at it at
// opportunity and whose zone test holds: able to fire, not fired at
// opportunity this phase, their side's OPPORTUNITY FIRE not NEVER.
func (r *run) wideFirers(u *Unit, in func(p *Unit) bool) []*Unit {
	var out []*Unit
	for i := range r.s.Units {
		e := &r.s.Units[i]
		if e.Side == u.Side || e.Eliminated || canFire(e) != "" || r.oppFired[e.Name] || r.standing(e.Side, "OPPORTUNITY") == "NEVER" {
			continue
		}
		// 9.51: only the top unit of a stack in Column or Line fires (asked
		// last: it looks through the whole stack).
		if len(r.partsWhere(e, in)) > 0 && r.firesAbove(e) == nil {
			out = append(out, e)
		}
	}
	return out
}

// partsWhere are the firers of e for which in holds: e itself, or for an
// Extended Line its halves (11.53).
func (r *run) partsWhere(e *Unit, in func(p *Unit) bool) []Unit {
	if e.Extended == "" {
		if in(e) {
			return []Unit{*e}
		}
		return nil
	}
	var out []Unit
	for _, p := range extendedParts(e) {
		if in(&p) {
			out = append(out, p)
		}
	}
	return out
}

// wideFire is the fire of e at u at opportunity beyond the Minimum Range
// Fire Zone: from e's parts for which in holds, both halves of an
// Extended Line as one, combined (11.53.2).
func (r *run) wideFire(e, u *Unit, in func(p *Unit) bool, what string) {
	r.oppFired[e.Name] = true
	fired := e.Fired
	defer func() { e.Fired = fired }() // not the Reciprocal Fire Phase's (11.11)
	parts := r.partsWhere(e, in)
	r.tell("opportunity-fire", "WV 11.3", nil, "%s fires at %s as it %s", e.Name, u.Name, what)
	if len(parts) == 2 {
		parts = parts[:1]
		parts[0].Strength = e.Strength
	}
	for i := range parts {
		if u.Eliminated {
			return
		}
		r.fire(&parts[i], u)
	}
}

// unlimberFire is 11.3.2 for battery u unlimbering in its hex: it
// reports whether u may go on.
func (r *run) unlimberFire(u *Unit) bool {
	if r.dry() {
		return true
	}
	h := u.Hex
	in := func(p *Unit) bool { return r.inBand(p, h, wideZone(p)) }
	for _, e := range r.wideFirers(u, in) {
		r.wideFire(e, u, in, "unlimbers in its "+map[Band]string{Medium: "Medium", Maximum: "Maximum"}[wideZone(e)]+" Range Fire Zone (11.3.2)")
		if u.Eliminated || u.Hex != h {
			return false
		}
	}
	return true
}

// leaveMediumFire is 11.3.3 for u stepping from hex from to hex to: each
// battery whose Medium Range Fire Zone holds from and neither it nor the
// Minimum Range Fire Zone holds to fires at Medium Range, the result
// applied in from (ruling R102). It reports whether u may go on.
func (r *run) leaveMediumFire(u *Unit, from, to string) bool {
	if r.dry() {
		return true
	}
	leaves := func(p *Unit) bool {
		return p.Type == "artillery" && r.inBand(p, from, Medium) && !r.inBand(p, to, Medium) && !r.inMinZone(p, to)
	}
	for _, e := range r.wideFirers(u, leaves) {
		r.wideFire(e, u, leaves, "leaves its Medium Range Fire Zone at "+from+" (11.3.3)")
		if u.Eliminated || u.Hex != from {
			return false
		}
	}
	return true
}
