package wintersvictory

// Command control and command states (See WV 17.1, 17.11, 17.14, 17.61,
// 17.62, 17.73):
//
//   - A formed infantry battalion or cavalry regiment is In Command when
//     its brigade is committed and it is within its Brigade Leader's
//     Command Radius, or stacked with any leader of its army, or adjacent
//     to an In Command unit of its brigade (17.11). Skirmishers, General
//     Order units in a town or woods hex (ruling R19), crews away from
//     their guns, Disordered and Routed units are always In Command (17.1,
//     17.14).
//   - An artillery battery is In Command when limbered, within the radius
//     of the command unit it is assigned to or shares a Division or Corps
//     designation with, stacked with a leader of its army, or when its
//     superior is Mobilized (17.11).
//   - A Division Leader is In Command within his Corps (Wing) Commander's
//     radius or when Mobilized; a Brigade Leader within his Division
//     Leader's radius (twice it for a Light Cavalry brigade) or when that
//     superior is Mobilized; both when under an Attack Order (17.11,
//     17.73).
//   - Standing to Mobilized: only in the unit's Activity Segment, and only
//     with an Order Received, which it uses up; the Army Commander needs
//     none (17.61). Mobilized to Standing: in the Activity Segment or the
//     Command Status Segment of the Movement Phase, no order needed
//     (17.62; ruling R32 on the Corps Commander's Order Received).

// UnitC2 is what 17.11 reads of one combat unit of a brigade.
type UnitC2 struct {
	// Exempt: a skirmish company, a General Order unit in a town or woods
	// hex, a crew away from its guns, a Disordered or Routed unit.
	Exempt bool
	// WithinRadius: within its Brigade Leader's Command Radius (16.12).
	WithinRadius bool
	// WithLeader: stacked with any leader of its army.
	WithLeader bool
}

// BrigadeInCommand decides which units of one brigade are In Command,
// following adjacency from units In Command by radius or leader; adjacent
// reports whether units i and j are in adjacent hexes. An uncommitted
// brigade's formed units are all Out of Command. See WV 17.11.
func BrigadeInCommand(committed bool, units []UnitC2, adjacent func(i, j int) bool) []bool {
	in := make([]bool, len(units))
	var frontier []int
	for i, u := range units {
		switch {
		case u.Exempt:
			in[i] = true
		case committed && (u.WithinRadius || u.WithLeader):
			in[i] = true
			frontier = append(frontier, i)
		}
	}
	if !committed {
		return in
	}
	for len(frontier) > 0 {
		i := frontier[0]
		frontier = frontier[1:]
		for j := range units {
			if !in[j] && adjacent(i, j) {
				in[j] = true
				frontier = append(frontier, j)
			}
		}
	}
	return in
}

// BatteryC2 is what 17.11 reads of an artillery battery.
type BatteryC2 struct {
	Limbered, WithinAssignedRadius, WithLeader, SuperiorMobilized bool
}

// BatteryInCommand: see WV 17.11.
func BatteryInCommand(b BatteryC2) bool {
	return b.Limbered || b.WithinAssignedRadius || b.WithLeader || b.SuperiorMobilized
}

// LeaderC2 is what 17.11 and 17.73 read of a Division or Brigade Leader.
type LeaderC2 struct {
	Level Level // Division or Brigade
	// Distance is the radius-path distance to his superior (Unreachable
	// if none); SuperiorRadius that superior's current Command Radius.
	Distance, SuperiorRadius int
	// Mobilized: for a Division Leader his own state; SuperiorMobilized:
	// for a Brigade Leader, his Division Leader's (or Detachment
	// Commander's).
	Mobilized, SuperiorMobilized bool
	LightCavalry                 bool // an LC brigade: twice the radius
	AttackOrder                  bool
}

// LeaderInCommand: see WV 17.11 and 17.73.
func LeaderInCommand(l LeaderC2) bool {
	if l.AttackOrder {
		return true
	}
	radius := l.SuperiorRadius
	switch l.Level {
	case Division:
		if l.Mobilized {
			return true
		}
	case Brigade:
		if l.SuperiorMobilized {
			return true
		}
		if l.LightCavalry {
			radius *= 2
		}
	}
	return within(l.Distance, radius)
}

// Segment is where in the turn a command state change is asked for.
type Segment int

const (
	ActivitySegment      Segment = iota + 1 // the unit's own, in its Command Phase
	CommandStatusSegment                    // of the friendly Movement Phase (4.1 4A)
)

// StateChange checks a change of Command State and says whether it uses
// up the unit's Order Received. See WV 17.61 and 17.62.
func StateChange(s Sender, to CommandState, seg Segment) (usesOrder bool, p *Problem) {
	fail := func(code, rule, msg string) (bool, *Problem) {
		return false, &Problem{Order: -1, Code: code, Rule: rule, Message: msg}
	}
	switch {
	case s.Level == Brigade:
		return fail("wv-16.15-brigade-state", "WV 16.15", "a Brigade Leader has no Command State")
	case !s.Active && s.Level != Army:
		return fail("wv-16.14-inactive", "WV 16.14", "an inactive command unit does not change its Command State")
	case to == s.State:
		return fail("wv-17.6-same-state", "WV 17.6", "the command unit is already in that Command State")
	case to == Mobilized && seg != ActivitySegment:
		return fail("wv-17.61-segment", "WV 17.61", "Standing to Mobilized only in the unit's Activity Segment")
	case to == Mobilized && s.Level == Army:
		return false, nil
	case to == Mobilized && !s.HoldsOrder:
		return fail("wv-17.61-order", "WV 17.61", "Standing to Mobilized needs an Order Received")
	case to == Mobilized:
		return true, nil
	}
	return false, nil // Mobilized to Standing, in either segment (17.62)
}
