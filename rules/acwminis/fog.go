package acwminis

import (
	"slices"

	"galloper/rules"
)

// Fog of war on the table (ruling A42, option fog-of-war). The sheet has
// no hidden information (rules notes §8); with the option on, a side
// sees an enemy unit only while one of its own units in play has line of
// sight to it by the sheet's rule (LINE OF SIGHT, seed L174-176: half the
// target seen, half of the looking unit's front edge seeing it; units,
// blocking terrain and gaps under 6" in the way), looking in any
// direction, and an enemy commander only while the line from one of its
// units' centre to him is clear. Commanders do not look. What a side
// cannot see is left out of its table, roster and situation lines, of the
// events and rolls it is told (but for those about its own units), and of
// the checks and dry runs of its orders, which are made on the table as
// the side knows it.

// seenBy names the enemy units and commanders side can see, or returns
// nil when it sees everything: the umpire, or a game without fog.
func (s *State) seenBy(side rules.Side) map[string]bool {
	if side == "" || !s.on(optFog) {
		return nil
	}
	sc := s.screen()
	var own []*Unit
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side && u.inPlay() {
			own = append(own, u)
		}
	}
	seen := map[string]bool{}
	for i := range s.Units {
		e := &s.Units[i]
		if e.Side == side || !e.inPlay() {
			continue
		}
		for _, u := range own {
			if sg, err := sc.Sight(u.Name, e.Name); err == nil && sg.Good {
				seen[e.Name] = true
				break
			}
		}
	}
	for i := range s.Commanders {
		c := &s.Commanders[i]
		if c.Side == side {
			continue
		}
		for _, u := range own {
			if ok, _ := sc.Clear(u.body().Centre(), c.Point(), u.Name); ok {
				seen[c.Name] = true
				break
			}
		}
	}
	return seen
}

// shown reports whether a piece of owner's called name appears to side,
// given what it sees (seenBy).
func shown(seen map[string]bool, side, owner rules.Side, name string) bool {
	return seen == nil || owner == side || seen[name]
}

// knownTo is a copy of s as side knows it: without the enemy units it
// cannot see. Orders are checked and dry-run on it, so that neither a
// refusal nor a receipt tells where a hidden unit stands.
func (s *State) knownTo(side rules.Side) *State {
	seen := s.seenBy(side)
	c := s.clone()
	if seen == nil {
		return c
	}
	c.Units = slices.DeleteFunc(c.Units, func(u Unit) bool { return !shown(seen, side, u.Side, u.Name) && u.inPlay() })
	return c
}

// fogEvents marks who may see each event of a half resolved in a game
// with fog of war (ruling A42) by the kit's rule (rules.FogEvents): a side
// is told in full an event naming one of its own units or commanders (a
// unit shot at or charged learns by whom), or enemy pieces it saw both
// before the half and after it (or knew out of play there); an enemy
// piece seen at one end only is told by a cut copy, "moved into or out of
// sight", since its move would say where it came from or went; one seen
// at neither end is not told. The half's rolls become events, told to the
// sides told their purpose. The end of the game, and the result by the
// VPs of every unit, is told to all (the game's end opens everything).
func fogEvents(before, after *State, events []rules.Event, rolls []rules.Roll) []rules.Event {
	if !before.on(optFog) {
		return events
	}
	seen := map[rules.Side][2]map[string]bool{}
	for _, side := range before.Sides {
		seen[side] = [2]map[string]bool{before.seenBy(side), after.seenBy(side)}
	}
	piece := func(name string, owner rules.Side) rules.FogPiece {
		p := rules.FogPiece{Name: name, Side: owner, Known: map[rules.Side][2]bool{}}
		for _, side := range before.Sides {
			if side != owner {
				p.Known[side] = [2]bool{
					seen[side][0][name] || !before.pieceInPlay(name),
					seen[side][1][name] || !after.pieceInPlay(name),
				}
			}
		}
		return p
	}
	var pieces []rules.FogPiece
	for _, u := range before.Units {
		pieces = append(pieces, piece(u.Name, u.Side))
	}
	for _, c := range before.Commanders {
		pieces = append(pieces, piece(c.Name, c.Side))
	}
	return rules.FogEvents(before.Sides[:], pieces, events, rolls, "Galloper ruling A42", "game-over", "victory")
}

// pieceInPlay reports whether the unit or commander of that name is on the
// table: commanders always are (ruling A22), units until they break.
func (s *State) pieceInPlay(name string) bool {
	for i := range s.Units {
		if s.Units[i].Name == name {
			return s.Units[i].inPlay()
		}
	}
	for _, c := range s.Commanders {
		if c.Name == name {
			return true
		}
	}
	return false
}

// names reports whether text names name as a whole (rules.NamedIn).
func names(text, name string) bool { return rules.NamedIn(text, name) }
