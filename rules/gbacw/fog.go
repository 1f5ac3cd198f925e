package gbacw

import (
	"slices"

	"galloper/rules"
)

// optFog is the optional fog of war (ruling GBACW-R21): a side sees an
// enemy unit or leader only while one of its own combat units on the map
// is adjacent to it or has a line of sight to its hex (10.21-10.27, the
// rule fire uses). What a side cannot see is left out of its map, roster
// and situation lines, of the events and rolls it is told (but for those
// naming one of its own units or leaders too), and of the checks and
// hints of its orders, which are made on the map as the side knows it.
const optFog = "fog-of-war"

// fogged reports whether the game is played with fog of war.
func (s *State) fogged() bool { return slices.Contains(s.Optional, optFog) }

// seenBy names the enemy units and leaders side can see, or returns nil
// when it sees everything: the umpire, or a game without fog of war.
func (s *State) seenBy(cc *CombatCharts, side rules.Side) map[string]bool {
	if side == "" || !s.fogged() {
		return nil
	}
	var eyes []string
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side && u.combat() {
			for _, p := range u.lineParts() { // every hex of an Extended Line or Column (8.44, 8.5)
				if !slices.Contains(eyes, p.hex) {
					eyes = append(eyes, p.hex)
				}
			}
		}
	}
	cache := map[string]bool{}
	sees := func(h string) bool {
		if v, ok := cache[h]; ok {
			return v
		}
		v := false
		for _, e := range eyes {
			if e == h || slices.Contains(s.g.neighbours[e], h) || s.lineOfSight(cc, e, h) {
				v = true
				break
			}
		}
		cache[h] = v
		return v
	}
	seen := map[string]bool{}
	for i := range s.Units {
		if u := &s.Units[i]; u.Side != side && u.onMap() && slices.ContainsFunc(u.lineParts(), func(p linePart) bool { return sees(p.hex) }) {
			seen[u.Name] = true
		}
	}
	for _, l := range s.Leaders {
		if l.Side != side && l.Hex != "" && !l.Killed && sees(l.Hex) {
			seen[l.Name] = true
		}
	}
	return seen
}

// shown reports whether a piece of owner's named name appears to side,
// given what it sees (seenBy).
func shown(seen map[string]bool, side, owner rules.Side, name string) bool {
	return seen == nil || owner == side || seen[name]
}

// knownTo is a copy of s as side knows it: the enemy units and leaders
// it cannot see are taken off the map. Orders are checked and hinted on
// it, so that neither a problem nor a hint tells where a hidden unit
// stands (ruling GBACW-R21).
func (s *State) knownTo(cc *CombatCharts, side rules.Side) *State {
	seen := s.seenBy(cc, side)
	c := s.clone()
	if seen == nil {
		return c
	}
	for i := range c.Units {
		if u := &c.Units[i]; u.onMap() && !shown(seen, side, u.Side, u.Name) {
			u.Hex, u.ExtLeft, u.ExtRight, u.ColA, u.ColB = "", "", "", "", ""
		}
	}
	for i := range c.Leaders {
		if l := &c.Leaders[i]; l.Hex != "" && !shown(seen, side, l.Side, l.Name) {
			l.Hex = ""
		}
	}
	return c
}

// fogEvents marks who may be told each event of a resolution in a game
// with fog of war (ruling GBACW-R21) by the kit's rule (rules.FogEvents):
// a side is told in full an event naming one of its own units or
// leaders, or enemy pieces it saw both before the resolution and after it
// (or knew off the map there); an enemy piece seen at one end only is
// told by a cut copy, "moved into or out of sight", since its move would
// say where it came from or went; one seen at neither end is not told.
// Efficiency Marker events keep their own marks; the end of the game is
// told to all.
func fogEvents(cc *CombatCharts, before, after *State, events []rules.Event) []rules.Event {
	if !before.fogged() {
		return events
	}
	var sides []rules.Side
	seen := map[rules.Side][2]map[string]bool{}
	for _, ss := range before.Sides {
		sides = append(sides, ss.Side)
		var a map[string]bool
		if after != nil {
			a = after.seenBy(cc, ss.Side)
		}
		seen[ss.Side] = [2]map[string]bool{before.seenBy(cc, ss.Side), a}
	}
	piece := func(name string, owner rules.Side) rules.FogPiece {
		p := rules.FogPiece{Name: name, Side: owner, Known: map[rules.Side][2]bool{}}
		for _, side := range sides {
			if side != owner {
				p.Known[side] = [2]bool{
					seen[side][0][name] || !before.pieceOnMap(name),
					after == nil || seen[side][1][name] || !after.pieceOnMap(name),
				}
			}
		}
		return p
	}
	var pieces []rules.FogPiece
	for _, u := range before.Units {
		pieces = append(pieces, piece(u.Name, u.Side))
	}
	for _, l := range before.Leaders {
		pieces = append(pieces, piece(l.Name, l.Side))
	}
	return rules.FogEvents(sides, pieces, events, nil, "Galloper ruling GBACW-R21", "game-over", "victory")
}

// pieceOnMap reports whether the unit or leader of that name stands on
// the map.
func (s *State) pieceOnMap(name string) bool {
	for i := range s.Units {
		if s.Units[i].Name == name {
			return s.Units[i].onMap()
		}
	}
	for _, l := range s.Leaders {
		if l.Name == name {
			return l.Hex != "" && !l.Killed
		}
	}
	return false
}

// namesWhole reports whether text names name as a whole (rules.NamedIn).
func namesWhole(text, name string) bool { return rules.NamedIn(text, name) }
