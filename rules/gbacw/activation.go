package gbacw

import (
	"fmt"
	"slices"

	"galloper/rules"
	"galloper/rules/dice"
)

// Initiative, the AM Pool, brigade activations and Brigade Coordination
// (GBACW 5.1, 5.26-5.36).

// Side is one of the two players.
type Side int

const (
	NoSide Side = iota
	Union
	Confederate
)

func (s Side) String() string {
	switch s {
	case Union:
		return "Union"
	case Confederate:
		return "Confederate"
	}
	return "none"
}

// InitiativeSide is one side's part in the Initiative roll (GBACW 5.11).
type InitiativeSide struct {
	Side    Side
	HadLast bool // had the Initiative the previous turn: +1
	// OCRating is the OC's Initiative Rating; it is added only when
	// OCEligible: the OC used no more than 10 MP in the last Commander
	// Movement Phase (9.32) and has a corps commander in his range.
	OCRating   int
	OCEligible bool
}

// InitiativeDRM is the total DRM of a side's Initiative roll. See GBACW 5.11.
func InitiativeDRM(s InitiativeSide) int {
	drm := 0
	if s.HadLast {
		drm++
	}
	if s.OCEligible {
		drm += s.OCRating
	}
	return drm
}

// Initiative rolls a d10 for each side, a first; the higher total has the
// Initiative, a tie gives it to nobody (NoSide). See GBACW 5.11-5.12.
func Initiative(d rules.Dice, a, b InitiativeSide) (winner Side, totalA, totalB int) {
	totalA = dice.D10Zero(d, "GBACW 5.11", "Initiative: "+a.Side.String()) + InitiativeDRM(a)
	totalB = dice.D10Zero(d, "GBACW 5.11", "Initiative: "+b.Side.String()) + InitiativeDRM(b)
	switch {
	case totalA > totalB:
		return a.Side, totalA, totalB
	case totalB > totalA:
		return b.Side, totalA, totalB
	}
	return NoSide, totalA, totalB
}

// The results of the Brigade Coordination Table (GBACW 5.34).
const (
	Confusion     = "confusion"
	Fail          = "fail"
	Coordinate2   = "coordinate-2"
	Coordinate3   = "coordinate-3"
	CoordinateAll = "all"
)

// CoordinationResults are the results the Brigade Coordination Table may hold.
var CoordinationResults = []string{Confusion, Fail, Coordinate2, Coordinate3, CoordinateAll}

// CoordinationResult looks a roll, adjusted by the division leader's
// Coordination Rating, up on the Brigade Coordination Table. See GBACW 5.34.
func (c *Charts) CoordinationResult(adjusted int) string { return c.coordination.lookup(adjusted) }

// Coordinate rolls Brigade Coordination for a division whose leader has
// the given Coordination Rating (0 to +3). A Combat Ineffective division
// may not try (13.32). See GBACW 5.34.
func (c *Charts) Coordinate(d rules.Dice, division string, rating int, ineffective bool) (roll, adjusted int, result string, err error) {
	if ineffective {
		return 0, 0, "", fmt.Errorf("division %s is Combat Ineffective: its brigades may not be coordinated (GBACW 13.32)", division)
	}
	if rating < 0 || rating > 3 {
		return 0, 0, "", fmt.Errorf("division %s: Coordination Rating %+d is outside +0 to +3 (GBACW 5.34)", division, rating)
	}
	roll = dice.D10Zero(d, "GBACW 5.34", "Brigade Coordination: division "+division)
	adjusted = roll + rating
	return roll, adjusted, c.CoordinationResult(adjusted), nil
}

// BrigadeStatus is what limits how often a brigade may activate in a turn.
type BrigadeStatus struct {
	// StartedOutOfRange: the brigadier started the turn out of his
	// division leader's Command Range: skip one division AM (5.26, 5.36).
	StartedOutOfRange bool
	// Ineffective: the brigade is Combat Ineffective: at most two
	// activations (13.23).
	Ineffective bool
	// NoMinimum: the battle's rules lift 5.27's "at least once per turn"
	// (5.27: "Unless specifically stated otherwise in the rules for a
	// given battle").
	NoMinimum bool
}

// BrigadeActivations is the most division AMs a brigade may use in a
// turn when its division has divisionAMs: one fewer if its brigadier
// started out of range (5.26), at most two if CI (13.23), and always at
// least one (5.27) unless the battle says otherwise. Out of Command units use the same count (5.36).
// See GBACW 5.26, 5.27, 5.36, 13.23.
func BrigadeActivations(divisionAMs int, s BrigadeStatus) int {
	n := divisionAMs
	if s.StartedOutOfRange {
		n--
	}
	if s.Ineffective {
		n = min(n, 2)
	}
	if s.NoMinimum {
		return max(n, 0)
	}
	return max(n, 1)
}

// MarchEquivalents is the most Activation-equivalents units under March
// Orders may move when their March AM is drawn: 1 to 4 (5.35); a command
// given March in this turn's Division Orders Phase, no more than its
// division's AMs, at least one (5.28); reinforcements with a specific
// AM number, no more than it (5.35 Exception 1, 9.74). specific is 0 when
// none applies. See GBACW 5.28, 5.35, 9.74.
func MarchEquivalents(newlyMarched bool, divisionAMs, specific int) int {
	n := MaxAMs
	if newlyMarched {
		n = max(min(n, divisionAMs), 1)
	}
	if specific > 0 {
		n = min(n, specific)
	}
	return n
}

// AMKind is the kind of an Activation Marker (GBACW 2.23, 5.31).
type AMKind int

const (
	DivisionAM AMKind = iota
	MarchAM
	RandomEventAM
	BattleAM // battle-specific, e.g. an artillery leader's
)

// AM is one Activation Marker in the Pool.
type AM struct {
	Kind AMKind
	Side Side
	// Command is the division's id for a DivisionAM, the Battle Book's
	// name for a BattleAM, and empty otherwise.
	Command string
}

func (m AM) String() string {
	switch m.Kind {
	case MarchAM:
		return m.Side.String() + " March AM"
	case RandomEventAM:
		return "Random Event marker"
	case BattleAM:
		return m.Side.String() + " " + m.Command + " AM"
	}
	return m.Side.String() + " " + m.Command + " division AM"
}

// PoolSide is one side's contribution to the AM Pool (GBACW 5.31).
type PoolSide struct {
	Side Side
	// DivisionAMs maps each division to its AMs this turn (5.24, after
	// any Efficiency Transfer).
	DivisionAMs map[string]int
	// HoldBack maps a division to the AMs the player elects to leave out
	// (5.31 "or fewer, if a player so elects").
	HoldBack  map[string]int
	HasMarch  bool     // units under March Orders: the March AM goes in
	BattleAMs []string // battle-specific AMs
}

// BuildPool lays out the AM Pool for a turn in a canonical order (sides in
// the order given, divisions sorted), leaving out the Initiative player's
// first AM when first is not nil (5.13, 5.31). The order matters: the
// blind draw picks a position in it.
// See GBACW 5.13, 5.31 and the Play Note to 5.28.
func BuildPool(sides []PoolSide, randomEvent bool, first *AM) ([]AM, error) {
	var pool []AM
	for _, s := range sides {
		for _, div := range sortedKeys(s.DivisionAMs) {
			n := s.DivisionAMs[div]
			hold := s.HoldBack[div]
			if hold < 0 || hold > n {
				return nil, fmt.Errorf("%s division %s: cannot hold back %d of its %d AMs (GBACW 5.31)", s.Side, div, hold, n)
			}
			for range n - hold {
				pool = append(pool, AM{Kind: DivisionAM, Side: s.Side, Command: div})
			}
		}
		for _, div := range sortedKeys(s.HoldBack) {
			if _, ok := s.DivisionAMs[div]; !ok {
				return nil, fmt.Errorf("%s: holds back AMs of %s, which has no AMs this turn (GBACW 5.31)", s.Side, div)
			}
		}
		if s.HasMarch {
			pool = append(pool, AM{Kind: MarchAM, Side: s.Side})
		}
		for _, b := range s.BattleAMs {
			pool = append(pool, AM{Kind: BattleAM, Side: s.Side, Command: b})
		}
	}
	if randomEvent {
		pool = append(pool, AM{Kind: RandomEventAM})
	}
	if first != nil {
		if first.Kind != DivisionAM && first.Kind != MarchAM {
			return nil, fmt.Errorf("the first AM must be one of the Initiative player's division AMs or his March AM, not the %s (GBACW 5.13)", first)
		}
		i := indexOf(pool, *first)
		if i < 0 {
			return nil, fmt.Errorf("the first AM, the %s, is not among that side's AMs this turn (GBACW 5.13)", first)
		}
		pool = append(pool[:i], pool[i+1:]...)
	}
	return pool, nil
}

func indexOf(pool []AM, m AM) int {
	for i, p := range pool {
		if p == m {
			return i
		}
	}
	return -1
}

// DrawAM draws one AM blind from the Pool (GBACW 5.31) as a verifiable
// cup draw (rules.Cup, ruling GBACW-R8): the markers are named by AMNames,
// and one roll of a die with as many sides as the Pool has markers picks
// one in the cup's sorted order; the last marker left is taken without a
// roll. It returns the marker and the Pool without it, in the Pool's
// order.
func DrawAM(d rules.Dice, pool []AM) (AM, []AM) {
	if len(pool) == 1 {
		return pool[0], nil // the last marker left: no roll (ruling GBACW-R8)
	}
	names := AMNames(pool)
	cup, err := rules.NewCup(names)
	if err != nil {
		panic("gbacw: " + err.Error()) // AMNames are unique and clean
	}
	name, _, err := cup.Draw(d, "GBACW 5.31", "AM draw")
	if err != nil {
		panic("gbacw: a draw from an empty AM Pool")
	}
	i := slices.Index(names, name)
	rest := append(append([]AM(nil), pool[:i]...), pool[i+1:]...)
	return pool[i], rest
}

// AMNames names each marker of a Pool for a cup: its String, numbered
// among the markers alike ("Union 1/I division AM 2").
func AMNames(pool []AM) []string {
	seen := map[AM]int{}
	out := make([]string, len(pool))
	for i, m := range pool {
		seen[m]++
		out[i] = fmt.Sprintf("%s %d", m, seen[m])
	}
	return out
}
