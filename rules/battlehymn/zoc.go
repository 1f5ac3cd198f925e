package battlehymn

import (
	"slices"

	"galloper/rules"
)

// Zones of control (BH 3.8): every unit with an intact SP on the map
// exerts a ZOC into the adjacent hexes (BH 10.1.1), unless a hexside
// blocks it: rivers, fortifications and escarpments per the Terrain
// Effects Chart, escarpments only upward (BH 5.4.4, 9). ZOCs do not
// extend off the map (BH 7.6).

// exertsZOC reports whether u exerts a ZOC into hex h.
func (s *State) exertsZOC(u *Unit, h string) bool {
	if !u.fires() || !s.board.adjacent(u.Hex, h) {
		return false
	}
	for _, f := range s.board.features(u.Hex, h) {
		switch s.charts.sides[f].BlocksZOC {
		case ZOCBlocked:
			return false
		case ZOCUpOnly:
			if s.board.elevation(h) > s.board.elevation(u.Hex) {
				return false // See BH 5.4.4: ZOCs extend down, not up.
			}
		}
	}
	return true
}

// zocOf lists the units of side by exerting a ZOC into h, by name.
func (s *State) zocOf(by rules.Side, h string) []*Unit {
	var out []*Unit
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == by && s.exertsZOC(u, h) {
			out = append(out, u)
		}
	}
	slices.SortFunc(out, byName)
	return out
}

// enemyZOC reports whether h is in a ZOC of side's enemy.
func (s *State) enemyZOC(side rules.Side, h string) bool {
	return len(s.zocOf(s.enemy(side), h)) > 0
}

// surrounded reports whether a unit of side in hex h is completely
// surrounded by enemy ZOCs: every neighbour enemy-occupied or in an enemy
// ZOC; friendly units do not negate them (BH 6.4.1). Only the on-map
// neighbours count (ruling A14).
func (s *State) surrounded(side rules.Side, h string) bool {
	for _, n := range s.board.neighbors(h) {
		if o := s.at(n); o != nil && o.Side != side {
			continue
		}
		if !s.enemyZOC(side, n) {
			return false
		}
	}
	return true
}

// adjacentEnemies lists the enemy units on the map adjacent to u, by name.
func (s *State) adjacentEnemies(u *Unit) []*Unit {
	var out []*Unit
	for i := range s.Units {
		e := &s.Units[i]
		if e.Side != u.Side && e.onMap() && u.onMap() && s.board.adjacent(e.Hex, u.Hex) {
			out = append(out, e)
		}
	}
	slices.SortFunc(out, byName)
	return out
}

// enemyWithin reports whether an enemy unit on the map is within n hexes
// of u (BH 3.5).
func (s *State) enemyWithin(u *Unit, n int) bool {
	for i := range s.Units {
		e := &s.Units[i]
		if e.Side != u.Side && e.onMap() && s.board.Distance(e.Hex, u.Hex) <= n {
			return true
		}
	}
	return false
}

// inSight reports whether any enemy unit on the map has a Line of Sight
// to hex h (BH 9.3, 10.5.1).
func (s *State) inSight(side rules.Side, h string) bool {
	for i := range s.Units {
		e := &s.Units[i]
		if e.Side != side && e.onMap() && s.board.sight(e.Hex, h, s.charts) {
			return true
		}
	}
	return false
}

func byName(a, b *Unit) int {
	switch {
	case a.Name < b.Name:
		return -1
	case a.Name > b.Name:
		return 1
	}
	return 0
}
