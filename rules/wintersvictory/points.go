package wintersvictory

import "fmt"

// Army Command Points (See WV 17.2):
//
//   - Army Command Points Addition Segment, hourly turns only (17.21, 4.1
//     1F): the French total is reset to 6, leftovers lost, and to 0 when
//     Napoleon has suffered Leader Loss; the Allied total gains 3, to at
//     most 5, or 2 when Bennigsen has suffered Leader Loss.
//   - Spending (17.22, 17.32, 17.35, 17.64, 17.71): 1 for each order the
//     Army Commander issues at his HQ, 1 more for an Attack Order, 1 more
//     to make an order urgent, 1 to exempt a commander from a Command
//     State Continuation check. Only an Army Commander at his HQ spends
//     them (docs/rulings-wintersvictory.md R1 on what "at" means).

// Side is one of the two players' armies.
type Side int

const (
	French Side = iota + 1
	Allied
)

func (s Side) String() string {
	switch s {
	case French:
		return "French"
	case Allied:
		return "Allied"
	}
	return fmt.Sprintf("Side(%d)", int(s))
}

// The Command Point figures of 17.21.
const (
	frenchCP           = 6
	alliedCP           = 3
	alliedCPLeaderLost = 2 // after Bennigsen's Leader Loss (19.81.B)
	alliedCPMax        = 5
)

// AddCommandPoints is the side's total after the Army Command Points
// Addition Segment, from its total before and whether its Army Commander
// has suffered Leader Loss. See WV 17.21.
func AddCommandPoints(s Side, total int, armyLeaderLost bool) (int, error) {
	if total < 0 {
		return 0, fmt.Errorf("command points: a total of %d; totals are never negative (17.21)", total)
	}
	switch s {
	case French:
		if armyLeaderLost {
			return 0, nil
		}
		return frenchCP, nil
	case Allied:
		add := alliedCP
		if armyLeaderLost {
			add = alliedCPLeaderLost
		}
		return max(total, min(total+add, alliedCPMax)), nil
	}
	return 0, fmt.Errorf("command points: unknown side %v", s)
}

// OrderCost is what one order costs in Command Points when the Army
// Commander issues it at his HQ with points to spend: 1, plus 1 for an
// Attack Order, plus 1 if urgent. See WV 17.32, 17.35 and 17.71.
func OrderCost(attack, urgent bool) int {
	c := 1
	if attack {
		c++
	}
	if urgent {
		c++
	}
	return c
}

// ExemptionCost is the Command Point cost of exempting one commander from a
// Command State Continuation check. See WV 17.64.
const ExemptionCost = 1

// HQReach is how near his Army HQ an Army Commander must be to spend
// Command Points (docs/rulings-wintersvictory.md R1, option `hq_reach`).
type HQReach int

const (
	// HQWithinRadius: stacked with the HQ or within the Army Commander's
	// Command Radius of it (17.22, 17.41). The default.
	HQWithinRadius HQReach = iota
	// HQSameHex: in the same hex as the HQ (17.32).
	HQSameHex
)

// AtHQ reports whether an Army Commander at the given radius-path distance
// from his HQ (Unreachable if none can be traced) may spend Command Points
// there, under the chosen reading. A suppressed HQ (enemy in its hex) no
// longer acts as a headquarters (17.23). See WV 17.22.
func AtHQ(reach HQReach, distance, radius int, suppressed bool) bool {
	if suppressed || distance == Unreachable || distance < 0 {
		return false
	}
	if reach == HQSameHex {
		return distance == 0
	}
	return distance <= radius
}

// Exemption is one commander a player exempts from the Command State
// Continuation check with a Command Point (17.64).
type Exemption struct {
	Level                  Level
	IndependentOrUnderArmy bool // for a Division Leader (17.64)
	// PathFree: a path free of enemy Minimum Range Fire Zones can be
	// traced to it, of any length (17.64 note).
	PathFree bool
}

// CheckExemptions checks a side's Continuation exemptions, decided before
// any roll, and counts the CPs they spend; atHQ is whether the Army
// Commander may spend CPs at all (17.22, AtHQ). See WV 17.64.
func CheckExemptions(cp int, atHQ bool, es []Exemption) Issue {
	var probs []Problem
	spent := 0
	for i, e := range es {
		fail := func(code, msg string) {
			probs = append(probs, Problem{Order: i, Code: code, Rule: "WV 17.64", Message: msg})
		}
		switch {
		case !atHQ:
			fail("wv-17.22-not-at-hq", "Command Points are spent only by the Army Commander at his HQ")
		case !ExemptionEligible(e.Level, e.IndependentOrUnderArmy):
			fail("wv-17.64-not-eligible", "only Corps (Wing) and Detachment Commanders and independent Division Leaders, or those under the Army Commander, may be exempted")
		case !e.PathFree:
			fail("wv-17.64-no-path", "the exempted commander must be reachable by a path free of enemy Minimum Range Fire Zones")
		case spent+ExemptionCost > cp:
			fail("wv-17.64-no-cp", fmt.Sprintf("no Command Point left for this exemption (%d held)", cp))
		default:
			spent += ExemptionCost
		}
	}
	return Issue{CP: spent, Problems: probs}
}
