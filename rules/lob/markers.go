package lob

import "slices"

// editMarker changes the markers of a hex, creating its entry when needed
// and dropping it once it holds nothing (Normal Morale, no Cowardly Legs,
// no CBF). Markers stay sorted by hex.
func (s *State) editMarker(h string, edit func(*HexMarker)) {
	i := slices.IndexFunc(s.doc.Markers, func(m HexMarker) bool { return m.Hex == h })
	if i < 0 {
		s.doc.Markers = append(s.doc.Markers, HexMarker{Hex: h, Morale: MoraleNormal})
		i = len(s.doc.Markers) - 1
	}
	s.markIdx = nil // positions change below (hex_index.go)
	edit(&s.doc.Markers[i])
	m := s.doc.Markers[i]
	if (m.Morale == MoraleNormal || m.Morale == MoraleNone) && !m.CowardlyLegs && m.CBF == 0 {
		s.doc.Markers = slices.Delete(s.doc.Markers, i, i+1)
	}
	slices.SortFunc(s.doc.Markers, func(a, b HexMarker) int {
		switch {
		case a.Hex < b.Hex:
			return -1
		case a.Hex > b.Hex:
			return 1
		}
		return 0
	})
	if len(s.doc.Markers) > 0 { // sorted: markerAt searches them
		s.markIdx = &markerIndex{base: &s.doc.Markers[0], n: len(s.doc.Markers), sorted: true}
	}
}

// setMorale sets a hex's Morale State (LoB 6.0a).
func (s *State) setMorale(h string, m MoraleMarker) {
	s.editMarker(h, func(x *HexMarker) { x.Morale = m })
}

// cbf is a hex's Counter Battery Fire level (LoB 5.8).
func (s *State) cbf(h string) int { return s.marker(h).CBF }

// raiseCBF raises a hex's CBF marker one level, to at most 2 (LoB 5.8).
func (r *resolver) raiseCBF(h string) {
	lvl := min(r.s.cbf(h)+1, maxCBF)
	r.s.editMarker(h, func(x *HexMarker) { x.CBF = lvl })
	r.log.Addf("cbf", "LoB 5.8", "artillery in %s was hit by artillery fire: CBF level %d", h, lvl)
}

// maxCBF is the highest CBF marker level (LoB 5.8).
const maxCBF = 2
