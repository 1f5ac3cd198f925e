package wintersvictory

import "galloper/rules"

// Sight in a double-blind game. The booklet is an open-information game
// (rules notes §8); Galloper plays it double-blind, each side seeing the
// enemy units within the turn's visibility of one of its own units or
// leaders (ruling R43): Daylight 10 hexes, Dusk/Dawn 4 (4.2), Evening,
// Night and Transitional Night 2 (4.3-4.5), along a clear line of sight
// over the map's terrain and elevation (10.4, 10.41-10.43; ruling R105).
// That sight sets aside the units between and the facing, so it never
// depends on enemy units the side cannot see, and a unit that can fire
// on another (11.21: only at what it observes, through its front and
// over no hex of 2 or more SP) always sees it.
const daylightSight = 10

// visibility is the sight distance of the current turn (4.1-4.5).
func (s *State) visibility() int {
	switch t := s.Turn; {
	case t <= 5 || t >= 45 && t <= 50:
		return 4
	case t >= 51:
		return 2
	}
	return daylightSight
}

// turnKind names the kind of the current turn (4.1-4.5).
func (s *State) turnKind() string {
	switch t := s.Turn; {
	case t <= 5 || t >= 45 && t <= 50:
		return "Dusk/Dawn"
	case t >= 51 && t <= 53:
		return "Evening"
	case t >= 54 && t <= 59:
		return "Night"
	case t >= 60:
		return "Transitional Night"
	}
	return "Daylight"
}

// sees reports whether side sees hex id: the umpire (empty side) sees
// everything; a side sees within the turn's visibility of its own units
// in play and its leaders, along a clear line of sight (ruling R105).
func (s *State) sees(side rules.Side, id string) bool {
	if side == "" {
		return true
	}
	v := s.visibility()
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side && !u.Eliminated && s.dist(u.Hex, id) <= v && s.sightClear(u.Hex, id) {
			return true
		}
	}
	for i := range s.Leaders {
		if l := &s.Leaders[i]; l.Side == side && l.Hex != "" && s.dist(l.Hex, id) <= v && s.sightClear(l.Hex, id) {
			return true
		}
	}
	return false
}

// seenBy lists, for side, whether each enemy unit in play is seen, by
// index in s.Units.
func (s *State) seenBy(side rules.Side) []bool {
	out := make([]bool, len(s.Units))
	for i := range s.Units {
		u := &s.Units[i]
		out[i] = !u.Eliminated && (u.Side == side || s.sees(side, u.Hex))
	}
	return out
}

// hideMargin is how far beyond its sight a side's play can reach in one
// segment: a move or a charge, a retreat or an advance of its units, or
// of enemy units it drives back (conformance: HideUnseen).
const hideMargin = 9

// HideUnseen returns a copy of s in which every enemy unit side cannot
// see stands in another hex it cannot see, chosen by pick, beyond the
// reach of its play this segment (sight plus hideMargin from each of its
// units and leaders), in an empty hex that is not its Army HQ. It is the
// conformance suite's hook to prove that nothing a side receives tells of
// units it cannot see.
func (System) HideUnseen(st rules.State, side rules.Side, pick func(n int) int) (rules.State, int, error) {
	s := st.(*State).clone()
	reach := s.visibility() + hideMargin
	m := s.board()
	var mine []string
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side && !u.Eliminated {
			mine = append(mine, u.Hex)
		}
	}
	for i := range s.Leaders {
		if l := &s.Leaders[i]; l.Side == side {
			mine = append(mine, l.Hex)
		}
	}
	taken := map[string]bool{s.HQ[sideIndex(side)]: true}
	for i := range s.Units {
		taken[s.Units[i].Hex] = true
	}
	var free []string
	for _, h := range m.Hexes {
		far := !taken[h.ID]
		for _, x := range mine {
			if far && s.dist(x, h.ID) <= reach {
				far = false
			}
		}
		if far {
			free = append(free, h.ID)
		}
	}
	moved := 0
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == side || u.Eliminated || s.sees(side, u.Hex) || len(free) == 0 {
			continue
		}
		k := pick(len(free))
		if free[k] != u.Hex {
			moved++
		}
		u.Hex = free[k]
		free = append(free[:k], free[k+1:]...)
	}
	return s, moved, nil
}
