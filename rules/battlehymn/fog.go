package battlehymn

import (
	"slices"

	"galloper/rules"
)

// Fog of war (ruling E-11, option fog-of-war). The hidden-units rule
// (17.2) is not in the seed; with the option on, a side sees an enemy
// unit on the map only while one of its own units on the map has a Line
// of Sight to it (BH 9.3, ruling E-3: four hexes at most) or stands
// adjacent to it. What a side cannot see is left out of its map, roster
// and lines, of the events and rolls it is told (but for those that also
// name one of its own units), and of the checks, receipts and hints of
// its orders, which are made on the map as the side knows it. Resolution
// is the umpire's: it plays on the true map.

// fog reports whether the game plays with fog of war.
func (s *State) fog() bool { return s.opts().FogOfWar }

// seenBy names the enemy units on the map that side can see, or returns
// nil when it sees everything: the umpire, or a game without fog.
func (s *State) seenBy(side rules.Side) map[string]bool {
	if side == "" || !s.fog() {
		return nil
	}
	var own []*Unit
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side && u.onMap() {
			own = append(own, u)
		}
	}
	seen := map[string]bool{}
	for i := range s.Units {
		e := &s.Units[i]
		if e.Side == side || !e.onMap() {
			continue
		}
		for _, u := range own {
			if s.board.adjacent(u.Hex, e.Hex) || s.board.sight(u.Hex, e.Hex, s.charts) {
				seen[e.Name] = true
				break
			}
		}
	}
	return seen
}

// hiddenFrom reports whether u is an enemy unit on the map that side
// cannot see (seen from seenBy).
func hiddenFrom(seen map[string]bool, side rules.Side, u *Unit) bool {
	return seen != nil && u.Side != side && u.onMap() && !seen[u.Name]
}

// knownTo is a copy of s as side knows it: without the enemy units on
// the map it cannot see. Orders are checked, noted and hinted on it, so
// that neither a problem nor a receipt nor a hint tells where a hidden
// unit stands.
func (s *State) knownTo(side rules.Side) *State {
	seen := s.seenBy(side)
	if seen == nil {
		return s
	}
	c := s.clone()
	c.Units = slices.DeleteFunc(c.Units, func(u Unit) bool { return hiddenFrom(seen, side, &u) })
	return c
}

// fogEvents marks who may see each event of an Hour resolved with fog of
// war (ruling E-11) by the kit's rule (rules.FogEvents): a side is told in
// full an event naming one of its own units, or enemy units it saw both
// before the Hour and after it (or knew off the map there); an enemy unit
// seen at one end only is told by a cut copy, "moved into or out of
// sight", since its move would say where it came from or went; one seen
// at neither end is not told. The Hour's rolls become events, told to the
// sides told their purpose.
func fogEvents(before, after *State, events []rules.Event, rolls []rules.Roll) []rules.Event {
	if !before.fog() {
		return events
	}
	seen := map[rules.Side][2]map[string]bool{}
	for _, side := range before.Sides {
		var a map[string]bool
		if after != nil {
			a = after.seenBy(side)
		}
		seen[side] = [2]map[string]bool{before.seenBy(side), a}
	}
	var pieces []rules.FogPiece
	for _, u := range before.Units {
		p := rules.FogPiece{Name: u.Name, Side: u.Side, Known: map[rules.Side][2]bool{}}
		for _, side := range before.Sides {
			if side == u.Side {
				continue
			}
			p.Known[side] = [2]bool{
				seen[side][0][u.Name] || !before.unitOnMap(u.Name),
				after == nil || seen[side][1][u.Name] || !after.unitOnMap(u.Name),
			}
		}
		pieces = append(pieces, p)
	}
	return rules.FogEvents(before.Sides[:], pieces, events, rolls, "Galloper ruling E-11")
}

// namedIn reports whether text names name as a whole (rules.NamedIn).
func namedIn(text, name string) bool { return rules.NamedIn(text, name) }

// unitOnMap reports whether the unit of that name stands on the map.
func (s *State) unitOnMap(name string) bool {
	u := s.unit(name)
	return u != nil && u.onMap()
}
