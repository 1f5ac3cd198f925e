package wintersvictory

import "galloper/rules/hex"

// Line of sight. See WV 10.4. The procedure, step by step:
//
//  1. Facing: a unit sees only through its front (10.4 step 1); the fire
//     code checks that (5.51), so observes does not. Adjacent units
//     always observe each other.
//  2. The line runs from hex centre to hex centre (10.4 step 2). Where it
//     runs along a hexside, the observer traces it through either hex
//     (10.42.1): the line is clear if either trace is clear (ruling R61).
//  3. Woods block always (10.42.4). Terrain on hexsides never blocks
//     (10.42.2). A line may be traced into a blocking hex, not beyond it
//     (10.42.3): the end hexes never block.
//  4. Same elevation: an intervening hex blocks if it is higher than
//     both, obstructed (woods, town or village) or holds 2 or more
//     Strength Points (10.4 step 3); and the reverse slope blocks: both
//     units on slope hexes with an intervening full (non-slope) hex of
//     their level between them (10.43).
//  5. Different elevations (10.41): blocked if an intervening hex is
//     higher than both, or the higher unit is on a slope hex with a full
//     hex of its level between them (10.43: reverse slope); an obstructed
//     hex or one holding 2 or more SP counts one level higher (10.41 step
//     2 note). Otherwise count from the higher unit's hex (inclusive) to
//     the last hex higher than the lower unit (step 2); count from that
//     hex, the first slope hex above the lower unit (ruling R61), to the
//     lower unit's hex, both inclusive (step 3); multiply step 3 by the
//     difference in elevation (step 4); the units observe each other if
//     step 2 less step 4 is 0 or less (step 5).
//
// A slope hex is a hex next to a lower hex (ruling R60: the map carries
// elevation by hex; the slope line is the edge of a level).

// ground is what the line of sight reads of one hex.
type ground struct {
	level   int
	slope   bool // a slope hex (ruling R60)
	woods   bool
	blocker bool // obstructed (woods, town or village) or holding 2+ SP
}

// height is a hex's elevation for 10.41 step 2: one level more for an
// obstructed or occupied hex.
func (g ground) height() int {
	if g.blocker {
		return g.level + 1
	}
	return g.level
}

// losClear reports whether the units at the two ends of path observe each
// other (10.4 steps 3-5, 10.41, 10.43). path runs hex by hex, both ends
// included.
func losClear(path []ground) bool {
	n := len(path)
	if n <= 2 {
		return true // adjacent (10.4 step 1)
	}
	mid := path[1 : n-1]
	for _, g := range mid {
		if g.woods {
			return false // 10.42.4
		}
	}
	a, b := path[0], path[n-1]
	if a.level == b.level {
		for _, g := range mid {
			if g.level > a.level || g.blocker {
				return false
			}
		}
		return !(a.slope && b.slope && fullBetween(mid, a.level))
	}
	if a.level < b.level {
		path = reversed(path)
		a, b = b, a
	}
	if a.slope && fullBetween(mid, a.level) {
		return false // reverse slope (10.43)
	}
	last := 0 // the higher unit's hex is higher than the lower one
	for i, g := range path[1 : n-1] {
		if g.height() > a.level {
			return false // higher than both (10.41)
		}
		if g.height() > b.level {
			last = i + 1
		}
	}
	step2 := last + 1
	step3 := n - last
	return step2-step3*(a.level-b.level) <= 0
}

// fullBetween reports an intervening full (non-slope) hex at level.
func fullBetween(mid []ground, level int) bool {
	for _, g := range mid {
		if g.level == level && !g.slope {
			return true
		}
	}
	return false
}

func reversed(p []ground) []ground {
	out := make([]ground, len(p))
	for i, g := range p {
		out[len(p)-1-i] = g
	}
	return out
}

// observes reports whether a unit in hex a and one in hex b observe each
// other, facing aside (10.4).
func (s *State) observes(a, b string) bool {
	m := s.board()
	left, right := hex.Line(m.Axial(a), m.Axial(b))
	return losClear(s.groundOf(left, true)) || losClear(s.groundOf(right, true))
}

// sightClear reports whether a side's unit or leader in hex a sees hex b
// (ruling R105): the line of sight of 10.4 over the map's terrain and
// elevation alone, the units between and the facing aside.
func (s *State) sightClear(a, b string) bool {
	m := s.board()
	left, right := hex.Line(m.Axial(a), m.Axial(b))
	return losClear(s.groundOf(left, false)) || losClear(s.groundOf(right, false))
}

// observesPast is observes with the hexes pass reports not blocking the
// line by the Strength Points in them (11.46).
func (s *State) observesPast(a, b string, pass func(id string) bool) bool {
	m := s.board()
	left, right := hex.Line(m.Axial(a), m.Axial(b))
	return losClear(s.groundPast(left, true, pass)) || losClear(s.groundPast(right, true, pass))
}

// groundOf reads each hex of a traced line; occupied counts a hex holding
// 2 or more Strength Points as blocking (10.4 step 3).
func (s *State) groundOf(line []hex.Axial, occupied bool) []ground {
	return s.groundPast(line, occupied, nil)
}

// groundPast is groundOf with the hexes pass reports not blocking by
// their Strength Points.
func (s *State) groundPast(line []hex.Axial, occupied bool, pass func(id string) bool) []ground {
	m := s.board()
	ids := factsOf(m).ids
	out := make([]ground, len(line))
	for i, a := range line {
		id, ok := ids[a]
		if !ok {
			id = m.ID(m.ToOffset(a))
		}
		h, ok := m.Hex(id)
		if !ok {
			continue
		}
		t := h.Terrain
		out[i] = ground{level: h.Elevation, slope: s.slopeHex(id), woods: t == "woods",
			blocker: t == "woods" || t == "town" || occupied && s.strengthIn(id) >= 2 && (pass == nil || !pass(id))}
	}
	return out
}

// slopeHex reports a hex next to a lower one (ruling R60).
func (s *State) slopeHex(id string) bool { return factsOf(s.board()).slopes[id] }

// strengthIn is the Strength Points in play in a hex, both sides.
func (s *State) strengthIn(id string) int {
	sp := 0
	for i := range s.Units {
		if u := &s.Units[i]; (u.Hex == id || u.Extended == id) && !u.Eliminated {
			sp += u.Strength
		}
	}
	return sp
}
