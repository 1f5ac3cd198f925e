package lob

import (
	"slices"

	"galloper/rules"
)

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
	if !slices.ContainsFunc(r.s.inHex(h), func(i int) bool { return r.s.doc.Pieces[i].Kind == "hq" }) {
		return // no HQ stands there: no Command need be asked
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
// Command and records the forced Skedaddle (LoB 9.2, 9.2b). When several
// are equally near, the owner's standing HQ reaction picks among them
// (nearestOwnUnit). With no combat unit left the HQ stays where it is.
func (r *resolver) displaceHQ(c *Command, why string) {
	defer r.aboutSide(c.Side)() // its owner reads its fate (R-FOG-5)
	hq := r.s.piece(c.HQName())
	from := hq.Hex
	how := r.s.choiceOf(c.Side, "HQ")
	if to := r.s.nearestOwnUnit(c, from, how); to != "" {
		r.s.setHex(hq, to)
		if l := r.s.piece(c.Leader.Name); l.Hex == from && r.s.alive(l) {
			r.s.setHex(l, to)
		}
	}
	r.add("hq-displaced", "LoB 9.2", "%s is displaced from %s to %s: %s%s", hq.Name, from, hq.Hex, why, byChoice("HQ", how))
	r.s.raise("hq-overrun", c.Name)
	r.add("skedaddle-due", "LoB 9.2b", "%s must Skedaddle in its next Activity Phase", c.Name)
}

// nearestOwnUnit is the hex of the combat unit of a Command, or of a
// Command under it, nearest a hex and not in it (LoB 9.2). Ties go by the
// standing HQ choice how (docs/rulings-lob-support.md R-S-9): FIRST the
// first by hex id; STRONGEST the hex with the most SPs of the Command;
// SAFEST the hex farthest from the enemy's nearest combat unit, then the
// one next to the fewest enemy combat units; then the first by hex id.
func (s *State) nearestOwnUnit(c *Command, from, how string) string {
	names := s.formationUnits(c.Name)
	for _, sub := range s.allBelow(c) {
		names = append(names, s.formationUnits(sub.Name)...)
	}
	var hexes []string
	for _, n := range names {
		if p := s.piece(n); s.alive(p) && p.Hex != from && !slices.Contains(hexes, p.Hex) {
			hexes = append(hexes, p.Hex)
		}
	}
	m := &s.scn.Map
	return pickHex(hexes, func(h string) []int {
		k := []int{m.distance(from, h)}
		switch how {
		case "STRONGEST":
			k = append(k, -s.spsOf(names, h))
		case "SAFEST":
			k = append(k, -s.enemyDistance(c.Side, h), s.enemiesNextTo(c.Side, h))
		}
		return k
	})
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
		r.add("hq-retreats", "LoB 9.2", "%s retreats with its units; no Small Arms were involved, so 9.2b calls for no Skedaddle", c.HQName())
		return
	}
	r.s.raise("hq-retreat-small-arms", c.Name)
	r.add("skedaddle-due", "LoB 9.2b", "%s retreats from Small Arms fire: %s must Skedaddle in its next Activity Phase", c.HQName(), c.Name)
}

// enemiesNextTo counts the combat units of a side's enemy next to a hex.
func (s *State) enemiesNextTo(side rules.Side, h string) int {
	n := 0
	for _, a := range s.scn.Map.adjacentHexes(h) {
		for _, p := range s.combatUnitsIn(a) {
			if p.Side != side {
				n++
			}
		}
	}
	return n
}
