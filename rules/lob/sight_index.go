package lob

import "galloper/rules"

// sightBlockers are the blockers of a looking side (blockersFor) read
// from the hex index as a line of sight reaches each hex, instead of
// marked for every counter of the game before each shot. Hex ids not
// all written as the map writes them go the long way.
func (s *State) sightBlockers(side rules.Side) *blockers {
	g := s.scn.Map.sight
	if s.oob == nil || !s.oob.canonical {
		return g.blockersFor(side, s.sightUnits())
	}
	return &blockers{at: func(i int) (friend, enemy bool) {
		for _, k := range s.inHex(g.ids[i]) {
			p := &s.doc.Pieces[k]
			// As sightUnits and blockersFor: on the map now, a combat
			// unit, and not Open Order Capable (LoB 4.2e, 9.4b).
			if !s.onMapNow(p) || !combatKinds[p.Kind] || s.isOpenOrderCapable(p) {
				continue
			}
			if p.Side == side {
				friend = true
			} else {
				enemy = true
			}
		}
		return friend, enemy
	}}
}
