package lob

import (
	"slices"

	"galloper/rules/hex"
)

// Loss Recovery (LoB 9.3): in the Rally Phase of the midnight turn each
// eligible regiment and battery, living or dead, gets back 25% of its
// losses (fractions dropped) or 1 SP, whichever is more.

// returnDistance is how far from every enemy unit an eliminated unit
// coming back must be placed (LoB 9.3c).
const returnDistance = 4

// lossRecovery runs Loss Recovery for the active side when the turn is
// the midnight turn (LoB 9.3, 2.1b). Units are taken in order of battle
// order, so returning units and leaders are placed the same way each time.
func (r *resolver) lossRecovery() {
	if !r.s.isMidnight(r.turn) {
		return
	}
	r.add("loss-recovery", "LoB 9.3", "midnight: Loss Recovery for %s", r.side)
	for _, c := range r.s.scn.commands() {
		if c.Side != r.side {
			continue
		}
		for _, u := range c.units() {
			r.recoverUnit(c, u)
		}
	}
}

// recoverUnit applies LoB 9.3a-d to one unit.
func (r *resolver) recoverUnit(c *Command, u *Unit) {
	p := r.s.piece(u.Name)
	st := p.Unit
	current := st.SP
	if st.Eliminated {
		current = 0
	}
	if current >= u.SP || p.OffMap && !st.Eliminated {
		return
	}
	if why := r.s.noRecovery(c, u, p); why != "" {
		r.add("no-loss-recovery", "LoB 9.3", "%s recovers nothing: %s", u.Name, why)
		return
	}
	n := LossRecovery(u.SP, current, u.Sharpshooter)
	if st.Eliminated {
		to := r.s.returnHex(c, u)
		if to == "" {
			r.add("no-loss-recovery", "LoB 9.3c", "%s cannot return: no hex in Command Radius is %d or more hexes from the enemy", u.Name, returnDistance)
			return
		}
		st.Eliminated, st.SP, st.Formation = false, n, u.Sides[0]
		r.s.setHex(p, to)
		r.add("unit-returns", "LoB 9.3c", "%s returns to play with %d SP at %s", u.Name, n, to)
		r.leadersReturn(u.Name, to)
		return
	}
	st.SP += n
	r.add("loss-recovered", "LoB 9.3a", "%s recovers %d SP of its %d losses: %d SP", u.Name, n, u.SP-current, st.SP)
}

// noRecovery says why a unit cannot recover losses, or "" when it can
// (LoB 9.3, 9.3d, 8.5e): Sharpshooters never do; batteries removed from
// play do not; a unit on the map must be in Command Radius; and its
// Command must be carrying out no order and unable to accept one before
// dawn. Orders to the Commands above it count too, the army's excepted
// (docs/rulings-lob-support.md R-S-2).
func (s *State) noRecovery(c *Command, u *Unit, p *Piece) string {
	switch {
	case u.Sharpshooter:
		return "Sharpshooters never recover losses"
	case slices.Contains(s.doc.Support.Retired, u.Name):
		return "it was removed from play under LoB 8.5e"
	}
	if !p.Unit.Eliminated {
		if l, ok := s.links(p.Side)[u.Name]; ok {
			if in, _ := s.inRadius(s.newTrace(p.Side), p, l); !in {
				return "it is out of Command Radius"
			}
		}
	}
	dawn := s.firstLightAfter(s.turn())
	for x := c; x != nil && x.Level != LevelArmy; x = s.scn.parent(x) {
		for _, o := range s.doc.Orders {
			if o.To != x.Name || o.Side != c.Side {
				continue
			}
			switch o.Status {
			case Accepted:
				return x.Name + " is carrying out " + o.ID
			case InTransit, Waiting, Awaiting:
				if max(o.ArrivesTurn, o.NotBefore) < dawn {
					return x.Name + " could accept " + o.ID + " before dawn"
				}
			}
		}
	}
	return ""
}

// returnHex is where an eliminated unit comes back (LoB 9.3c): a hex in
// Command Radius of its Command's HQ (the brigade leader may be gone, so
// the next higher radius serves) and 4 or more hexes from every enemy
// unit. The owner may choose any; Galloper takes the one nearest the HQ,
// first by hex id on ties.
func (s *State) returnHex(c *Command, u *Unit) string {
	m := &s.scn.Map
	t := s.newTrace(c.Side)
	hq := s.hqHex(c)
	reach := hex.Reach(m.axial(hq), s.radius(c), t.cost)
	best, bd := "", 0
	for a := range reach {
		id := m.hexID(a.ToOffset())
		if s.enemyDistance(c.Side, id) < returnDistance {
			continue
		}
		if d := m.distance(hq, id); best == "" || d < bd || d == bd && id < best {
			best, bd = id, d
		}
	}
	return best
}

// leadersReturn brings back, with the first of their units to recover,
// the leaders removed because all their units were eliminated (LoB 9.3c);
// wounded, killed and captured leaders stay out.
func (r *resolver) leadersReturn(unit, at string) {
	for i := range r.s.doc.Pieces {
		p := &r.s.doc.Pieces[i]
		if p.Kind != "leader" || p.Status != leaderRemoved || !slices.Contains(r.s.leaderUnits(p.Name), unit) {
			continue
		}
		p.Status = ""
		r.s.setHex(p, at)
		r.add("leader-returns", "LoB 9.3c", "%s returns to play with %s at %s", p.Name, unit, at)
	}
}
