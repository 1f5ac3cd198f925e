package battlehymn

import "fmt"

// Movement arithmetic from the Terrain Effects Chart (see BH 5.4) and the
// unit rules (see BH 11.3, 12.2).

// MountCost is the MP cost to mount or dismount (see BH 11.3).
const MountCost = 3

// EnterCost returns the MPs unit type t pays to enter a hex of terrain hex
// across a hexside with features sides, uphill when crossing from low to
// high (see BH 5.4.1-5.4.4). Across a road, minor road or railroad the
// cheapest such feature's cost replaces the hex cost (see BH 5.4.3) and
// opens hexes and hexsides closed to t; a bridge or ford opens its
// hexside. It is an error to enter prohibited terrain.
func (c *Charts) EnterCost(t UnitType, hex string, sides []string, uphill bool) (int, error) {
	h, ok := c.hexes[hex]
	if !ok {
		return 0, fmt.Errorf("move: hex terrain %q is not on the chart (%v)", hex, c.hexNames)
	}
	if !validType(t) {
		return 0, fmt.Errorf("move: unit type %q: want %s", t, typeList())
	}
	road, opened := 0, false
	var fs []Hexside
	for _, name := range sides {
		s, ok := c.sides[name]
		if !ok {
			return 0, fmt.Errorf("move: hexside %q is not on the chart (%v)", name, c.hexsideName)
		}
		fs = append(fs, s)
		switch s.Opens {
		case OpensHex:
			if road == 0 || s.MP < road {
				road = s.MP
			}
			opened = true
		case OpensSide:
			opened = true
		}
	}
	if h.Prohibited[t] && road == 0 {
		return 0, fmt.Errorf("move: %s may not enter %s except across a road, minor road or railroad hexside (see BH 5.4.1)", t, hex)
	}
	if road > 0 {
		return road, nil // See BH 5.4.3.
	}
	cost := h.MP
	for i, s := range fs {
		if s.Prohibited[t] && !opened {
			return 0, fmt.Errorf("move: %s may not cross %s (see BH 5.4.2, 5.4.4)", t, sides[i])
		}
		cost += s.MP
		if uphill {
			cost += s.UphillMP // See BH 5.4.4.
		}
	}
	return cost, nil
}

// Remount returns the MPs left after a unit with left MPs mounts or
// dismounts, which costs MountCost; a unit without them may not (see BH
// 11.3). The unit keeps the rest (ruling A7).
func Remount(left int) (int, error) {
	if left < MountCost {
		return 0, fmt.Errorf("move: mounting or dismounting costs %d MPs; %d left (see BH 11.3)", MountCost, left)
	}
	return left - MountCost, nil
}

// CongaCost returns what the k-th unit (1, 2, ...) of a Formation to enter
// an Entry Area in one Movement Turn pays for an entry hex costing cost:
// k times as much (see BH 12.2).
func CongaCost(k, cost int) int { return k * cost }

// HorseHolders returns the SPs detached to hold the horses when a unit of
// strength sp dismounts: a third, rounded down (see BH 11.3, 3.3); with
// the "horse-holders: one-or-two" option, never fewer than 1 nor more than
// 2 (ruling A8).
func HorseHolders(sp int, o Options) int {
	if o.HorseHoldersOneOrTwo {
		return min(2, max(1, sp/3))
	}
	return sp / 3
}

// CanDismount reports whether a unit may dismount: the holders come from
// its intact SPs and at least one intact SP must remain (see BH 11.3).
func CanDismount(u SPs, o Options) bool { return u.Intact()-HorseHolders(u.Strength, o) >= 1 }
