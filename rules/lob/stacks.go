package lob

import (
	"slices"

	"galloper/rules"
)

// Stacks and hex markers as the retreat and rally rules see them.

// stackUnits lists a side's combat units in a hex, in state order: the
// first is taken as the top unit.
func (s *State) stackUnits(side rules.Side, h string) []*Piece {
	var out []*Piece
	for _, i := range s.inHex(h) {
		p := &s.doc.Pieces[i]
		if p.Side == side && p.Hex == h && p.Unit != nil && !p.Unit.Eliminated && !p.OffMap {
			out = append(out, p)
		}
	}
	return out
}

// stackCounters lists every counter of a side in a hex: combat units,
// leaders, HQs and Wagons.
func (s *State) stackCounters(side rules.Side, h string) []*Piece {
	var out []*Piece
	for _, i := range s.inHex(h) {
		p := &s.doc.Pieces[i]
		if p.Side != side || p.Hex != h || p.OffMap || p.Status == "lost" || (p.Unit != nil && p.Unit.Eliminated) {
			continue
		}
		out = append(out, p)
	}
	return out
}

// ownerOf is the side of the combat units in a hex, "" when there are none.
func (s *State) ownerOf(h string) rules.Side {
	for _, i := range s.inHex(h) {
		if p := &s.doc.Pieces[i]; p.Hex == h && p.Unit != nil && !p.Unit.Eliminated && !p.OffMap {
			return p.Side
		}
	}
	return ""
}

// sps totals the Strength Points of units.
func sps(units []*Piece) int {
	n := 0
	for _, u := range units {
		n += u.Unit.SP
	}
	return n
}

// names lists the counters' names, sorted.
func names(ps []*Piece) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name
	}
	slices.Sort(out)
	return out
}

// allArtillery reports whether every unit is a battery.
func allArtillery(units []*Piece) bool {
	for _, u := range units {
		if u.Kind != ArmArtillery {
			return false
		}
	}
	return len(units) > 0
}

// morale is the hex's Morale State, Normal when it has none.
func (s *State) morale(h string) MoraleMarker {
	if m := s.marker(h).Morale; m != MoraleNone {
		return m
	}
	return MoraleNormal
}

// worst is the worse of two Morale States (LoB 6.0a).
func worst(a, b MoraleMarker) MoraleMarker {
	if moraleRank(b) > moraleRank(a) {
		return b
	}
	return a
}

// moveStack moves counters to a hex. The Morale State goes with them: the
// hex they leave keeps its state only while combat units of theirs remain
// there, and the hex they enter takes the worse of its own and theirs
// (LoB 6.0a).
func (s *State) moveStack(side rules.Side, ps []*Piece, from, to string) {
	m := s.morale(from)
	for _, p := range ps {
		s.setHex(p, to)
	}
	if len(s.stackUnits(side, from)) == 0 {
		s.setMorale(from, MoraleNormal)
	}
	if len(s.stackUnits(side, to)) > 0 {
		s.setMorale(to, worst(s.morale(to), m))
	}
}

// commandOf is the Command a combat unit belongs to, nil if none.
func (s *State) commandOf(unit string) *Command {
	for _, c := range s.scn.commands() {
		for _, u := range c.units() {
			if u.Name == unit {
				return c
			}
		}
	}
	return nil
}
