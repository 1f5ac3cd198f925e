package lob

import (
	"fmt"
	"slices"

	"galloper/rules"
)

// Cowardly Legs (LoB 6.5). A marker goes where a retreat began, or where
// a stack was destroyed by Combat or Morale Table results (6.5a); it makes
// Morale Checks of inactive stacks in or next to it harder (6.5b), except
// for the stack that created it and stacks it forced to Displace (6.5c);
// markers do not add up (6.5d) and all go in the Rally Phase (6.5e).

// placeCowardlyLegs puts a Cowardly Legs marker on a hex for the stack of
// the named units (LoB 6.5a), which it never affects (6.5c).
func (r *resolver) placeCowardlyLegs(h string, creators []string, rule, why string) {
	r.s.editMarker(h, func(m *HexMarker) { m.CowardlyLegs = true })
	r.s.exempt(h, creators)
	// The marker is its stack's side's; a marker on the map is no secret
	// where the other side sees the hex (LoB 2.4, R-FOG-5).
	owner := r.side
	if len(creators) > 0 {
		owner = r.s.piece(creators[0]).Side
	}
	text := fmt.Sprintf("Cowardly Legs marker placed in %s: %s", h, why)
	r.tell(owner, r.seenThere(owner, h, text), "cowardly-legs", rule, text)
}

// exempt records units a hex's Cowardly Legs marker never affects.
func (s *State) exempt(h string, units []string) {
	s.editMarker(h, func(m *HexMarker) {
		for _, u := range units {
			if !slices.Contains(m.Exempt, u) {
				m.Exempt = append(m.Exempt, u)
			}
		}
		slices.Sort(m.Exempt)
	})
}

// destroyedInHex places a Cowardly Legs marker where Combat Table or
// Morale Table losses destroyed a stack without a retreat (LoB 6.5a,
// 5.6c): the units are the stack's combat units before the losses, and
// the marker goes only when none of them is left in the hex. The losses
// of an Opening Volley never call it (6.5a). A marker already there
// stays one marker (6.5d).
func (r *resolver) destroyedInHex(h string, units []*Piece, why string) {
	if len(units) == 0 || r.s.marker(h).CowardlyLegs {
		return
	}
	for _, p := range units {
		if p.Hex != h || !p.Unit.Eliminated {
			return
		}
	}
	r.placeCowardlyLegs(h, names(units), "LoB 6.5a", why)
}

// cowardlyLegsApplies reports whether a Morale Check by the stack in hex
// h takes the Cowardly Legs modifier (LoB 6.5b): the stack belongs to the
// inactive player and a marker is in or adjacent to its hex, not one
// created by the stack itself or by a stack that forced it to Displace
// (6.5c). Several markers count once (6.5d).
func (r *resolver) cowardlyLegsApplies(h string) bool {
	side := r.s.ownerOf(h)
	if side == "" || side == r.side {
		return false
	}
	units := names(r.s.stackUnits(side, h))
	for _, mk := range r.s.doc.Markers {
		if !mk.CowardlyLegs || r.s.scn.Map.distance(h, mk.Hex) > 1 {
			continue
		}
		if !slices.ContainsFunc(units, func(u string) bool { return slices.Contains(mk.Exempt, u) }) {
			return true
		}
	}
	return false
}

// removeCowardlyLegs takes every Cowardly Legs marker off the map (LoB
// 6.4 step 5, 6.5e).
func (r *resolver) removeCowardlyLegs(rule string) {
	var hexes []string
	told := map[rules.Side]int{} // the markers each side may know of (R-FOG-5)
	for _, m := range r.s.doc.Markers {
		if !m.CowardlyLegs {
			continue
		}
		hexes = append(hexes, m.Hex)
		for _, sd := range r.s.scn.Sides {
			if r.markerOwner(m) == sd.Side || r.s.sees(sd.Side, m.Hex) {
				told[sd.Side]++
			}
		}
	}
	for _, h := range hexes {
		r.s.editMarker(h, func(m *HexMarker) { m.CowardlyLegs, m.Exempt = false, nil })
	}
	if len(hexes) == 0 {
		return
	}
	line := func(n int) string {
		if n == 0 {
			return ""
		}
		return fmt.Sprintf("Cowardly Legs markers removed: %d, as 6.5e requires every Rally Phase", n)
	}
	cuts := map[rules.Side]string{}
	for _, sd := range r.s.scn.Sides {
		cuts[sd.Side] = line(told[sd.Side])
	}
	r.tellEach("cowardly-legs-removed", rule, line(len(hexes)), cuts)
}

// markerOwner is the side of the stack that created a Cowardly Legs
// marker (its first exempt unit, LoB 6.5c), or "".
func (r *resolver) markerOwner(m HexMarker) rules.Side {
	for _, n := range m.Exempt {
		if i, ok := r.s.index[n]; ok {
			return r.s.doc.Pieces[i].Side
		}
	}
	return ""
}
