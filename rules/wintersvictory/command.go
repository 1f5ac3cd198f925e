package wintersvictory

import "fmt"

// Command State Continuation and Attack Orders (See WV 17.63, 17.64,
// 17.75, 17.76 and 15.22):
//
//   - Continuation (17.63), hourly interphase: each Mobilized Corps (Wing)
//     or Detachment Commander, then each activated Division Leader, rolls a
//     die plus modifiers; above its current Command Rating it goes to
//     Standing. A Command Point spent before the roll exempts a Corps
//     (Wing) or Detachment Commander or an independent Division Leader, or
//     one under the Army Commander (17.64).
//   - Violations (17.75), +1 each: a brigade of the formation with a
//     battalion neither adjacent to an enemy nor moved a hex toward one by
//     the end of its Movement Phase; a brigade with a Routed battalion at
//     the end of its Rally Phase (once, however many); a brigade at Fatigue
//     Level 2; a command unit of the formation reduced or going Standing.
//   - Ending (17.76): voluntarily, or when die plus the Command Bonus of
//     the formation's highest commander is at or under its violations. On
//     ending, infantry brigades add Fatigue Points (ruling R7).

// ContinuationFacts are the conditions 17.63 lists for one commander.
type ContinuationFacts struct {
	Level Level // Corps (also Wing and Detachment) or Division
	Bonus int   // Command Bonus (16.13)
	// DivisionsOutside: a Corps Commander's subordinate Division Leaders
	// not within his Command Radius.
	DivisionsOutside int
	// BrigadesOutside: a Division Leader's Brigade Leaders not within his
	// Command Radius, those on the display or retired included;
	// BrigadesBeyondDouble: those of them not within twice the radius.
	BrigadesOutside, BrigadesBeyondDouble int
	Evening                               bool
	// WithinSuperior: a non-independent Division Leader within his Corps
	// (Wing) Commander's Command Radius (ruling R11).
	WithinSuperior bool
	// SuperiorCPOrMobilized: his Corps (Wing) Commander is stacked with a
	// CP or remains Mobilized.
	SuperiorCPOrMobilized bool
	FrenchLightCavalry    bool // a French Light Cavalry (LC) Division Leader
	AttackOrder           bool
}

// ContinuationModifier totals the modifiers of a Command State
// Continuation check. See WV 17.63 and ruling R12 on the brigades beyond
// twice the radius.
func (t *Tables) ContinuationModifier(f ContinuationFacts, opt Options) int {
	m := t.ContinuationMods
	if opt.ContinuationDoubleReplaces {
		f.BrigadesOutside -= f.BrigadesBeyondDouble
	}
	total := -f.Bonus
	switch f.Level {
	case Corps:
		total += f.DivisionsOutside * m["division_outside_radius"]
	case Division:
		total += f.BrigadesOutside*m["brigade_outside_radius"] + f.BrigadesBeyondDouble*m["brigade_outside_double_radius"]
		if f.WithinSuperior {
			total += m["within_superior_radius"]
		}
		if f.FrenchLightCavalry {
			total += m["french_light_cavalry_division"]
		}
	}
	if f.Evening {
		total += m["evening"]
	}
	if f.SuperiorCPOrMobilized {
		total += m["superior_cp_or_mobilized"]
	}
	if f.AttackOrder {
		total += m["attack_order"]
	}
	return total
}

// StaysMobilized reports whether a Continuation check passes: a modified
// roll greater than the current Command Rating sends the commander to
// Standing. See WV 17.63.
func StaysMobilized(die, modifier, rating int) (bool, error) {
	if err := checkDie(die); err != nil {
		return false, err
	}
	return die+modifier <= rating, nil
}

// ExemptionEligible reports whether a CP may exempt a commander from the
// Continuation check: Corps (Wing) and Detachment Commanders (Level Corps,
// or Division with detachment set), independent Division Leaders and
// Division Leaders under the Army Commander. See WV 17.64.
func ExemptionEligible(l Level, independentOrUnderArmy bool) bool {
	return l == Corps || (l == Division && independentOrUnderArmy)
}

// BattalionAdvance is one battalion of an attacking brigade at the end of
// its Movement Phase (17.75.1).
type BattalionAdvance struct {
	Brigade  string
	Adjacent bool // adjacent to an enemy unit
	Closer   bool // moved at least one hex toward an enemy unit
}

// MovementViolations counts the brigades with a battalion neither adjacent
// to an enemy nor moved toward one. See WV 17.75.1.
func MovementViolations(bs []BattalionAdvance) int {
	var lagging []string
	for _, b := range bs {
		if !b.Adjacent && !b.Closer {
			lagging = append(lagging, b.Brigade)
		}
	}
	return distinct(lagging)
}

// RoutViolations counts the brigades with one or more Routed battalions at
// the end of the Rally Phase, given the brigade of each Routed battalion.
// See WV 17.75.2.
func RoutViolations(routedBrigades []string) int { return distinct(routedBrigades) }

func distinct(xs []string) int {
	seen := map[string]bool{}
	for _, x := range xs {
		seen[x] = true
	}
	return len(seen)
}

// AttackOrderEnds reports whether the forced-end roll ends an Attack
// Order: it must end when the die plus the highest commander's Command
// Bonus is at or under the violations accrued, if there are any. See WV
// 17.76 A.2.
func AttackOrderEnds(die, bonus, violations int) (bool, error) {
	if err := checkDie(die); err != nil {
		return false, err
	}
	return violations > 0 && die+bonus <= violations, nil
}

// Nationality of a brigade, for 17.76 B.
type Nationality int

const (
	FrenchNation Nationality = iota + 1
	Russian
	Prussian
)

// AttackOrderFatigue is the Fatigue Points an infantry brigade adds when
// its Attack Order ends: by 17.76 B French 2 and Russian 1; 15.22 says 2
// for every brigade. Ruling R7: 17.76 B by default, with Prussians at
// 15.22's 2; option ao_fatigue_two_for_all reads 15.22 for everyone.
func AttackOrderFatigue(n Nationality, opt Options) (int, error) {
	switch n {
	case FrenchNation, Prussian:
		return 2, nil
	case Russian:
		if opt.AOFatigueTwoForAll {
			return 2, nil
		}
		return 1, nil
	}
	return 0, fmt.Errorf("attack order fatigue: unknown nationality %d", int(n))
}

// BrigadeUnderDivision is one Brigade Leader of a division with a Division
// Attack Order, in a Division Attack Order Activity sub-segment (17.71).
type BrigadeUnderDivision struct {
	OnMap    bool // active; otherwise on the BC/FD
	Distance int  // radius-path distance from the Division Leader (on-map)
	Marked   bool // already holds a Brigade Attack Order marker
}

// DivisionAttackOrder says, for each Brigade Leader of a division holding a
// Division Attack Order, whether it takes a Brigade Attack Order marker at
// once (on the map within the Division Leader's radius), is sent an order
// by the Order Delivery procedure as if within the radius (on the
// display), or waits for a later sub-segment (on the map beyond the
// radius). See WV 17.71 and 4.1 2C.3.
func DivisionAttackOrder(radius int, bs []BrigadeUnderDivision) (mark, send []int) {
	for i, b := range bs {
		switch {
		case b.Marked:
		case !b.OnMap:
			send = append(send, i)
		case within(b.Distance, radius):
			mark = append(mark, i)
		}
	}
	return mark, send
}
