package gbacw

import "slices"

// Units directly subordinate to a division or higher leader (GBACW 4.22):
// "These requirements also apply to units directly subordinate to a
// division or higher leader, as if they constituted a brigade." A
// scenario gives them as a brigade with `under: division` or `under:
// corps` and no brigadier (ruling GBACW-R100):
//
//  1. Their command status is traced from the leader they are directly
//     under, with his Command Range, by 4.22's chain of units of their
//     own command (unitInCommand).
//  2. With no brigadier, nothing stands between that leader and the
//     units: the command is never out of its division leader's range
//     (5.26, 5.36), and its chain for the Division Orders Phase (6.12) is
//     the division leader's to his corps commander, or for units under the
//     corps commander his being on the map.
//  3. They activate with the AMs of the division the scenario names, as a
//     brigade of it, never coordinated with its brigades (5.34); their
//     leader rides only as his rank lets him, and counts as their
//     brigadier in Shock (11.72) (ruling GBACW-R101).
//  4. Their Orders change only in the Division Orders Phase: a Brigade
//     Orders Change asks for a brigadier's ratings (ruling GBACW-R102).

// The values of a scenario brigade's `under`.
const (
	UnderDivision = "division"
	UnderCorps    = "corps"
)

// checkDirect checks a scenario's command of units directly under a
// higher leader: under names his rank, and nothing gives it a
// brigadier's counter (4.14) or a turn of entry of its own.
func checkDirect(id, under string, brigadier bool, arrives int, fail func(string, ...any)) {
	if under != UnderDivision && under != UnderCorps {
		fail("brigade %s: under %q: units are directly under their division leader (division) or corps commander (corps) (GBACW 4.22)", id, under)
	}
	if brigadier {
		fail("brigade %s: under %s: units directly under a higher leader have no brigadier; give no leader, hex, profile, rating, range or replacement (GBACW 4.22, ruling GBACW-R100)", id, under)
	}
	if arrives > 1 {
		fail("brigade %s: under %s: units directly under a higher leader enter on their own turns (a unit's arrives), not the command's (ruling GBACW-R100)", id, under)
	}
}

// checkDirectCommands checks that the units directly under one leader
// form one command: "as if they constituted a brigade" (4.22).
func (s *State) checkDirectCommands(fail func(string, ...any)) {
	var seen []string
	for i := range s.Brigades {
		b := &s.Brigades[i]
		if b.Under == "" || s.division(b.Division) == nil {
			continue
		}
		l := s.commanderOf(b)
		if slices.Contains(seen, l) {
			fail("brigade %s: the units directly under %s are one command (GBACW 4.22); put them all in one", b.ID, l)
		}
		seen = append(seen, l)
	}
}

// commanderOf names the leader who commands b's units for 4.22: its
// brigadier, or the division leader or corps commander they are
// directly under (step 1).
func (s *State) commanderOf(b *BrigadeSt) string {
	switch b.Under {
	case UnderDivision:
		return s.division(b.Division).Leader
	case UnderCorps:
		return s.corps(s.division(b.Division).Corps).Leader
	}
	return b.Leader
}

// upperChainComplete reports whether b's chain of command is complete
// above the brigade level for the Division Orders Phase (6.12): its
// division leader in his corps commander's range, or for units directly
// under the corps commander, the commander on the map (step 2).
func (s *State) upperChainComplete(cc *CombatCharts, b *BrigadeSt) bool {
	d := s.division(b.Division)
	if b.Under == UnderCorps {
		return s.leaderHex(s.corps(d.Corps).Leader) != ""
	}
	return s.divisionInCorpsRange(cc, d)
}

// underName is the leader's rank for a player's message.
func underName(under string) string {
	if under == UnderCorps {
		return "corps commander"
	}
	return "division leader"
}
