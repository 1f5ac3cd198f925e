package lob

import (
	"time"

	"galloper/rules"
	"galloper/rules/hex"
)

// Breastworks (LoB 9.5): built by units that stand three continuous hours
// in Line in a Woods hex while their Command carries out no order and no
// enemy Command has orders to attack the area; removed when the Command
// accepts orders to move or attack, or when an enemy unit enters the hex.

// breastworkHours is how long units must stand in Line to build (LoB 9.5b).
const breastworkHours = 3

// attackArea is how near an enemy Attack order's objective must be to a
// hex for the order to count as an attack on "the area in question" (LoB
// 9.5b #3; docs/rulings-lob-support.md R-S-4).
const attackArea = 4

// breastworksPhase keeps the Line records and builds and removes the
// active side's Breastworks; it runs in the Rally Phase, once the Activity
// Phase has settled where units stand (LoB 9.5b, 9.5c, 9.5f).
func (r *resolver) breastworksPhase() {
	r.removeBreastworks()
	if r.s.scn.side(r.side).Breastworks == 0 {
		return // no markers: the side can never build (LoB 9.5a)
	}
	r.trackLine()
	r.buildBreastworks()
}

// trackLine records, for each unit of the active side in Line, since when
// it has stood in Line in its hex with its Command carrying out no order
// and no enemy attack order against the area (LoB 9.5b #1-3). Any break
// starts the count again.
func (r *resolver) trackLine() {
	d := &r.s.doc.Support
	var keep []LineMark
	for _, m := range d.InLine {
		if r.s.piece(m.Unit).Side != r.side {
			keep = append(keep, m)
		}
	}
	for _, c := range r.s.scn.commands() {
		if c.Side != r.side {
			continue
		}
		busy := r.executing(c)
		for _, u := range c.units() {
			p := r.s.piece(u.Name)
			if !r.s.alive(p) || p.Unit.Formation != "line" || busy || r.s.attackedArea(r.side, p.Hex) {
				continue
			}
			since := r.turn
			for _, m := range d.InLine {
				if m.Unit == u.Name && m.Hex == p.Hex {
					since = m.Since
				}
			}
			keep = append(keep, LineMark{Unit: u.Name, Hex: p.Hex, Since: since})
		}
	}
	d.InLine = keep
	d.sortSupport()
}

// executing reports whether a Command is carrying out an order, or
// carried one out in this player turn (accepted and already ended).
func (r *resolver) executing(c *Command) bool {
	for _, o := range r.own(Accepted, Ended) {
		if o.To == c.Name && (o.Status == Accepted || o.AcceptedTurn > 0 && o.EndedTurn >= r.turn) {
			return true
		}
	}
	return false
}

// attackedArea reports whether an enemy Command is carrying out an Attack
// order, or carried one out since the side's last turn, whose objective
// lies within the attack area of a hex (LoB 9.5b #3).
// Galloper holds both sides' orders, so it can tell without showing them.
func (s *State) attackedArea(side rules.Side, h string) bool {
	for _, o := range s.doc.Orders {
		recent := o.Status == Ended && o.AcceptedTurn > 0 && o.EndedTurn >= s.turn()-1
		if o.Side == side || o.Type != "ATTACK" || o.Status != Accepted && !recent {
			continue
		}
		if _, ok := s.scn.Map.Hex(o.Objective); ok && s.scn.Map.distance(o.Objective, h) <= attackArea {
			return true
		}
	}
	return false
}

// buildBreastworks places a Breastwork marker in each hex where a unit of
// the active side has stood in Line for three continuous hours, when the
// hex shows the Woods symbol, holds no marker yet and the side has markers
// left (LoB 9.5a, 9.5b). The marker takes the unit's Facing. Galloper
// builds whenever the rules allow, in hex order.
func (r *resolver) buildBreastworks() {
	d := &r.s.doc.Support
	end := r.s.scn.clock(r.turn + 1)
	for _, m := range d.InLine {
		p := r.s.piece(m.Unit)
		if p.Side != r.side || end.Sub(r.s.scn.clock(m.Since)) < breastworkHours*time.Hour {
			continue
		}
		if h, _ := r.s.scn.Map.Hex(m.Hex); h.Terrain != "woods" {
			continue
		}
		if _, ok := r.s.breastworkAt(m.Hex); ok || r.s.breastworksLeft(r.side) == 0 {
			continue
		}
		c := r.s.unitCommand(m.Unit)
		d.Breastworks = append(d.Breastworks, Breastwork{Hex: m.Hex, Facing: p.Unit.Facing, Side: r.side, Command: c.Name})
		d.sortSupport()
		r.add("breastworks-built", "LoB 9.5b", "%s has stood in Line at %s for %d hours: a Breastwork is built there, facing %d", m.Unit, m.Hex, breastworkHours, p.Unit.Facing)
	}
}

// breastworksLeft is how many Breastwork markers a side has in its pool
// (LoB 9.5a).
func (s *State) breastworksLeft(side rules.Side) int {
	n := s.scn.side(side).Breastworks
	for _, b := range s.doc.Support.Breastworks {
		if b.Side == side {
			n--
		}
	}
	return n
}

// breastworkAt is the Breastwork marker in a hex, if any (LoB 9.5b: never
// more than one).
func (s *State) breastworkAt(h string) (Breastwork, bool) {
	for _, b := range s.doc.Support.Breastworks {
		if b.Hex == h {
			return b, true
		}
	}
	return Breastwork{}, false
}

// removeBreastworks takes off the markers of Commands that have accepted
// orders to move or attack, and those whose hex an enemy combat unit has
// entered; they go back to their owner's pool (LoB 9.5c, 9.5f).
func (r *resolver) removeBreastworks() {
	d := &r.s.doc.Support
	var keep []Breastwork
	for _, b := range d.Breastworks {
		c := r.s.scn.command(b.Command)
		switch {
		case len(r.s.stackUnits(r.s.enemyOf(b.Side), b.Hex)) > 0:
			r.add("breastworks-removed", "LoB 9.5f", "an enemy unit entered %s: the Breastwork goes back to %s", b.Hex, b.Side)
		case b.Side == r.side && c != nil && r.executing(c):
			r.add("breastworks-removed", "LoB 9.5c", "%s has accepted orders: its Breastwork at %s goes back to the pool", b.Command, b.Hex)
		default:
			keep = append(keep, b)
		}
	}
	d.Breastworks = keep
}

// breastworksFor is the Breastwork that serves a side's units in a hex:
// friendly Breastworks do not exist for the enemy (LoB 9.5e, 9.5f).
func (s *State) breastworksFor(side rules.Side, h string) (Breastwork, bool) {
	b, ok := s.breastworkAt(h)
	if !ok || b.Side != side {
		return Breastwork{}, false
	}
	return b, true
}

// breastworkCovers reports whether a side's Breastwork in a target hex
// applies against a shot or Charge from another hex: it works on each
// frontal hexside of its Facing (LoB 9.5e, 1.7k). The firer is in front
// when the first step of a straight hex line from the target to it leaves
// through a front hexside; a line along hexsides has two first steps, and
// either will do, as a hexside feature includes its end points (1.7k).
// The fire and morale rules ask here.
func (s *State) breastworkCovers(side rules.Side, target, from string) bool {
	b, ok := s.breastworksFor(side, target)
	if !ok || target == from {
		return false
	}
	m := &s.scn.Map
	left, right := hex.Line(m.axial(target), m.axial(from))
	for _, d := range []int{b.Facing - 1, b.Facing, b.Facing + 1} {
		if n := m.axial(target).Neighbor(d); n == left[1] || n == right[1] {
			return true
		}
	}
	return false
}

// closingFromBreastworks reports whether a stack of a side closing with
// the enemy starts from a Breastwork hex, which costs it a Closing Roll
// modifier (LoB 9.5d).
func (s *State) closingFromBreastworks(side rules.Side, h string) bool {
	_, ok := s.breastworksFor(side, h)
	return ok
}

// breastworkFacing is the Facing every unit of a side in a Breastwork hex
// must keep (LoB 9.5e); the movement rules forbid changing it there.
func (s *State) breastworkFacing(side rules.Side, h string) (int, bool) {
	b, ok := s.breastworksFor(side, h)
	return b.Facing, ok
}
