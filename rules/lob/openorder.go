package lob

import "slices"

// Open Order and Sharpshooters (LoB 9.4): units skilled in dispersed
// tactics. Their withdrawals (9.4e #2, 9.4h) belong to the retreat rules;
// these are the questions the movement, fire, Charge and morale rules ask.

// Stack fire limits (LoB 5.1a, 9.4d): at most 8 SPs fire out of a hex, and
// only 3 out of a hex holding an Open Order Capable unit.
const (
	stackFireSPs     = 8
	openOrderFireSPs = 3
)

// isOpenOrder reports whether a combat unit is an Open Order unit: a
// bugle or, for Sharpshooters, a rifle on its counter (LoB 9.4a, 9.4g).
func (s *State) isOpenOrder(p *Piece) bool {
	u := s.scn.unit(p.Name)
	return u != nil && (u.OpenOrder || u.Sharpshooter)
}

// isOpenOrderCapable reports whether an Open Order unit can use its special
// abilities now (LoB 9.4b): not stacked with any other combat unit, even
// another Sharpshooter (9.4g), and neither Disorganized nor Routed. Open
// Order units that are not capable act as units in Line.
func (s *State) isOpenOrderCapable(p *Piece) bool {
	if !s.isOpenOrder(p) || !s.alive(p) {
		return false
	}
	if m := s.marker(p.Hex).Morale; m == MoraleDG || m == MoraleRouted {
		return false
	}
	return len(s.stackUnits(p.Side, p.Hex)) == 1
}

// payFacingCost reports whether a unit pays the MP cost to change Facing:
// Open Order Capable units do not, having all-around frontal Facing (LoB
// 9.4c).
func (s *State) payFacingCost(p *Piece) bool { return !s.isOpenOrderCapable(p) }

// allAroundFront reports whether every hexside of a unit is frontal (LoB
// 9.4c).
func (s *State) allAroundFront(p *Piece) bool { return s.isOpenOrderCapable(p) }

// stackFireLimit is the most SPs a side may fire out of a hex: 3 when it
// holds an Open Order Capable unit, however large, else 8 (LoB 9.4d, 5.1a).
func (s *State) stackFireLimit(p *Piece) int {
	if s.isOpenOrderCapable(p) {
		return openOrderFireSPs
	}
	return stackFireSPs
}

// ignoresSmall reports whether a unit ignores the Small modifier of the
// Morale Table (LoB 9.4d).
func (s *State) ignoresSmall(p *Piece) bool { return s.isOpenOrderCapable(p) }

// closingAutoPass reports whether a unit passes its Closing Rolls without
// rolling: Open Order Capable units do (LoB 9.4f).
func (s *State) closingAutoPass(p *Piece) bool { return s.isOpenOrderCapable(p) }

// openOrderBarsCharge reports whether a unit can never Charge because it
// is an Open Order unit (LoB 9.4a).
func (s *State) openOrderBarsCharge(p *Piece) bool { return s.isOpenOrder(p) }

// mayBloodLust reports whether a unit may become Blood Lusted: Open Order
// units never do (LoB 9.4a).
func (s *State) mayBloodLust(p *Piece) bool { return !s.isOpenOrder(p) }

// sharpshooterFire reports whether Sharpshooters take part in a fire, so
// the Leader Loss modifier and the Sharpshooter Small Arms range shifts
// apply (LoB 9.4g #1, #2).
func (s *State) sharpshooterFire(firers []*Piece) bool {
	return slices.ContainsFunc(firers, func(p *Piece) bool {
		u := s.scn.unit(p.Name)
		return u != nil && u.Sharpshooter
	})
}

// exitsEZOCFreely reports whether a unit leaving an EZOC hex may do so
// freely toward a hex: Open Order Capable units, and all Mounted cavalry,
// may when that hex is next to no enemy combat unit (LoB 9.4e #1, 9.4h).
func (s *State) exitsEZOCFreely(p *Piece, next string) bool {
	mounted := p.Kind == ArmCavalry && p.Unit != nil && p.Unit.Formation == "mounted"
	if !s.isOpenOrderCapable(p) && !mounted {
		return false
	}
	return !s.enemyCombatAdjacent(p.Side, next)
}
