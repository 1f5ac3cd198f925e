package lob

import "galloper/rules"

// Headquarters (LoB 9.2): an HQ cannot be destroyed. When enemy combat
// units enter a hex holding an HQ and no friendly combat units, the HQ is
// displaced to the nearest combat unit of its Command, and its Command
// must Skedaddle in its next Activity Phase (9.2b, 10.9).

// hqsOverrun displaces the enemy HQs in hexes the active side's combat
// units have entered and that hold no combat unit of the HQ's side (LoB
// 9.2). Open Order units never "jump" an HQ (9.4a), so a hex entered only
// by Open Order units does not count. Each displaced HQ's Command is
// marked to Skedaddle; command and control starts it (10.9).
func (r *resolver) hqsOverrun() {
	seen := map[string]bool{}
	for _, c := range r.s.scn.commands() {
		if c.Side == r.s.enemyOf(r.side) && !c.NoHQ {
			seen[r.s.piece(c.HQName()).Hex] = true
		}
	}
	for _, h := range sortedKeys(seen) {
		r.hqsOverrunAt(h)
	}
}

// hqsOverrunAt displaces the enemy HQs in one hex when the active side's
// combat units that may force an HQ out stand there and no combat unit
// of the HQ's side does (LoB 9.2, 9.4a). The movement rules call it as a
// stack enters a hex, hqsOverrun once the Activity Phase is over.
func (r *resolver) hqsOverrunAt(h string) {
	enemy := r.s.enemyOf(r.side)
	if len(r.s.stackUnits(enemy, h)) > 0 || !r.s.jumpedBy(r.side, h) {
		return
	}
	for _, c := range r.s.scn.commands() {
		if c.Side != enemy || c.NoHQ {
			continue
		}
		if hq := r.s.piece(c.HQName()); !hq.OffMap && hq.Hex == h {
			r.displaceHQ(c, "enemy combat units entered its hex")
		}
	}
}

// jumpedBy reports whether combat units of a side that may force an HQ
// out stand in a hex: any but Open Order units (LoB 9.4a).
func (s *State) jumpedBy(side rules.Side, h string) bool {
	for _, p := range s.stackUnits(side, h) {
		if u := s.scn.unit(p.Name); u != nil && !u.OpenOrder && !u.Sharpshooter {
			return true
		}
	}
	return false
}

// displaceHQ moves an HQ to the hex of the nearest combat unit of its
// Command (first by hex id on ties) and records the forced Skedaddle
// (LoB 9.2, 9.2b). With no combat unit left the HQ stays where it is.
func (r *resolver) displaceHQ(c *Command, why string) {
	hq := r.s.piece(c.HQName())
	from := hq.Hex
	if to := r.s.nearestOwnUnit(c, from); to != "" {
		hq.Hex = to
		if l := r.s.piece(c.Leader.Name); l.Hex == from && r.s.alive(l) {
			l.Hex = to
		}
	}
	r.add("hq-displaced", "LoB 9.2", "%s is displaced from %s to %s: %s", hq.Name, from, hq.Hex, why)
	r.s.raise("hq-overrun", c.Name)
	r.add("skedaddle-due", "LoB 9.2b", "%s must Skedaddle in its next Activity Phase (LoB 10.9)", c.Name)
}

// nearestOwnUnit is the hex of the combat unit of a Command, or of a
// Command under it, nearest a hex and not in it (first by hex id on ties).
func (s *State) nearestOwnUnit(c *Command, from string) string {
	names := s.formationUnits(c.Name)
	for _, sub := range s.allBelow(c) {
		names = append(names, s.formationUnits(sub.Name)...)
	}
	best, bd := "", 0
	for _, n := range names {
		p := s.piece(n)
		if !s.alive(p) || p.Hex == from {
			continue
		}
		if d := s.scn.Map.distance(from, p.Hex); best == "" || d < bd || d == bd && p.Hex < best {
			best, bd = p.Hex, d
		}
	}
	return best
}

// hqRetreated is called by the retreat rules when an HQ retreats with the
// units it is stacked with (LoB 9.2, 6.3). A Skedaddle follows only when
// the retreat comes from a result involving Small Arms fire, as 10.9
// says; 9.2b's wider "forced to retreat" is read through 10.9, as command
// and control reads it (docs/rulings-lob-support.md R-S-3).
func (r *resolver) hqRetreated(c *Command, smallArms bool) {
	if c.NoHQ {
		return
	}
	if !smallArms {
		r.add("hq-retreats", "LoB 9.2", "%s retreats with its units; no Small Arms were involved, so no Skedaddle (LoB 10.9)", c.HQName())
		return
	}
	r.s.raise("hq-retreat-small-arms", c.Name)
	r.add("skedaddle-due", "LoB 9.2b", "%s retreats from Small Arms fire: %s must Skedaddle in its next Activity Phase (LoB 10.9)", c.HQName(), c.Name)
}
