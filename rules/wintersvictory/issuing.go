package wintersvictory

import "fmt"

// Who may send how many orders in one Activity Segment (See WV 16.2,
// 17.31-17.33, 17.41 and 17.71):
//
//	Sender                       Needs OR  May send
//	Army Cdr at HQ, with CPs     no        orders to any subordinate Corps
//	                                       Cdr, Division or Brigade Leader,
//	                                       1 CP each (+1 Attack, +1 Urgent)
//	Army Cdr not at HQ / no CPs  no        one order to a Corps Cdr, Division
//	                                       or Brigade Leader within his radius;
//	                                       an Attack Order only in the same hex
//	Corps/Wing Cdr with OR       yes       orders to one or more direct
//	                                       subordinate Division Leaders, or one
//	                                       order to one Brigade Leader
//	Corps/Wing Cdr without OR    no        one order to one subordinate
//	                                       Division Leader (ruling R3)
//	Division Leader with OR      yes       orders to one or more of his
//	                                       Brigade Leaders
//	Division Leader without OR   no        one order to one Brigade Leader,
//	                                       only if Mobilized
//	Brigade Leader               -         none
//
// Over all of these, 17.33: a Standing sender issues at most 3 orders in
// its Command Phase, a Mobilized one 1, to a receiver within its Command
// Radius. Only the Army Commander issues Attack Orders, to a Corps (Wing)
// Commander or a Division Leader, never to a Brigade Leader (17.71); only
// he makes an order urgent, with a CP (17.35). A commander implementing a
// held Attack Order sends Division Attack Orders to his Division Leaders
// (a Division Leader, the activation of his Brigade Leaders on the
// display) outside these limits (17.33 exception, 17.71). Inactive command
// units issue nothing (16.14); the Army Commander is always active.

// Level is the rank of a command unit (16.1, 16.2).
type Level int

const (
	// Army Commander (Napoleon, Bennigsen).
	Army Level = iota + 1
	// Corps Commander, or an Allied Wing or Reserve Commander (16.32).
	Corps
	// Division Leader, or an Allied Detachment Commander, who acts as an
	// independent division leader (16.32).
	Division
	// Brigade Leader.
	Brigade
)

func (l Level) String() string {
	switch l {
	case Army:
		return "Army Commander"
	case Corps:
		return "Corps Commander"
	case Division:
		return "Division Leader"
	case Brigade:
		return "Brigade Leader"
	}
	return fmt.Sprintf("Level(%d)", int(l))
}

// CommandState is Standing or Mobilized (16.15).
type CommandState int

const (
	Standing CommandState = iota + 1
	Mobilized
)

// Orders issued under 17.33.
const (
	standingOrders  = 3
	mobilizedOrders = 1
)

// Sender is what the order limits read of the issuing command unit.
type Sender struct {
	Level  Level
	Active bool // Army Commanders are always active (16.14)
	State  CommandState
	Radius int // current Command Radius (16.12)
	// HoldsOrder: stacked with an Order Received marker, or an Attack
	// Order acting as one (17.71), or L'Estocq, who acts as if he always
	// held one (16.32).
	HoldsOrder bool
	// HoldsAttackOrder: holds a Corps or Division Attack Order it may
	// implement by sending Division Attack Orders (17.71).
	HoldsAttackOrder bool
	// AtHQ: an Army Commander able to spend CPs at his HQ (see AtHQ).
	AtHQ bool
	// CP is the Army's Command Point total (Army Commander only).
	CP int
}

// Dispatch is one order a sender means to issue.
type Dispatch struct {
	To Level
	// Direct: the receiver is a direct subordinate of the sender in the
	// chain of command as the scenario sets it (16.31); Subordinate: it is
	// below the sender at any depth.
	Direct, Subordinate bool
	// Distance is the radius-path distance to the receiver (0 the same
	// hex; for a leader on its display, to the nearest of its combat
	// units; Unreachable when none can be traced). See WV 17.34.
	Distance int
	Attack   bool
	Urgent   bool
	// Distribution: a Division Attack Order sent in implementing a held
	// Attack Order (17.71), outside the limits of 17.33.
	Distribution bool
}

// Problem is one order against the rules, with a stable code, the rule
// and a plain English sentence for the player.
type Problem struct {
	Order   int // index of the order in the sender's list
	Code    string
	Rule    string
	Message string
}

// Issue is the checked outcome of a sender's orders: the Command Points
// they spend and what is wrong with them.
type Issue struct {
	CP       int
	Problems []Problem
}

// CheckOrders checks a sender's orders for one Activity Segment against
// 16.14, 17.22, 17.31-17.33, 17.35, 17.41 and 17.71 and counts the Command
// Points they spend. Every problem is reported, not just the first.
func CheckOrders(s Sender, ds []Dispatch, opt Options) Issue {
	c := &issueCheck{s: s, opt: opt, cp: s.CP}
	for i, d := range ds {
		c.check(i, d)
	}
	return Issue{CP: s.CP - c.cp, Problems: c.problems}
}

type issueCheck struct {
	s        Sender
	opt      Options
	cp       int // points left
	counted  int // orders counted against 17.33
	free     int // Army orders issued as if not at HQ
	division int // Corps orders to Division Leaders
	brigade  int // Corps orders to a Brigade Leader
	problems []Problem
}

func (c *issueCheck) fail(i int, code, rule, format string, args ...any) {
	c.problems = append(c.problems, Problem{Order: i, Code: code, Rule: rule, Message: fmt.Sprintf(format, args...)})
}

func (c *issueCheck) check(i int, d Dispatch) {
	s := c.s
	if s.Level == Brigade {
		c.fail(i, "wv-16.2-brigade-sends", "WV 16.2", "a Brigade Leader never issues orders")
		return
	}
	if !s.Active && s.Level != Army {
		c.fail(i, "wv-16.14-inactive", "WV 16.14", "an inactive %s issues no orders", s.Level)
		return
	}
	if !d.Subordinate || (s.Level != Army && d.To <= s.Level) {
		c.fail(i, "wv-17.32-not-subordinate", "WV 17.32", "orders go only to the sender's own subordinates")
		return
	}
	if d.Urgent && s.Level != Army {
		c.fail(i, "wv-17.35-urgent", "WV 17.35", "only the Army Commander makes an order urgent")
	}
	if d.Distribution {
		c.checkDistribution(i, d)
		return
	}
	if d.Attack && s.Level != Army {
		c.fail(i, "wv-17.71-attack-sender", "WV 17.71", "only the Army Commander issues Attack Orders; a %s passes one on only by implementing it", s.Level)
	}
	if d.Attack && d.To == Brigade {
		c.fail(i, "wv-17.71-attack-brigade", "WV 17.71", "Brigade Leaders may not be issued an Attack Order individually")
	}
	c.counted++
	switch {
	case s.State == Standing && c.counted == standingOrders+1:
		c.fail(i, "wv-17.33-standing-limit", "WV 17.33", "a Standing commander issues at most %d orders in his Command Phase", standingOrders)
	case s.State == Mobilized && c.counted == mobilizedOrders+1:
		c.fail(i, "wv-17.33-mobilized-limit", "WV 17.33", "a Mobilized commander issues only %d order in his Command Phase", mobilizedOrders)
	}
	if s.State == Mobilized && !within(d.Distance, s.Radius) {
		c.fail(i, "wv-17.33-mobilized-radius", "WV 17.33", "a Mobilized commander's order must go to a leader within his Command Radius of %d", s.Radius)
	}
	switch s.Level {
	case Army:
		c.checkArmy(i, d)
	case Corps:
		c.checkCorps(i, d)
	case Division:
		c.checkDivision(i, d)
	}
}

// checkArmy: at the HQ each order is paid in CPs while they last; an
// order they cannot pay is issued as if not at the HQ (17.32; ruling R6).
func (c *issueCheck) checkArmy(i int, d Dispatch) {
	cost := OrderCost(d.Attack, d.Urgent)
	if c.s.AtHQ && c.cp >= cost {
		c.cp -= cost
		return
	}
	if d.Urgent {
		c.fail(i, "wv-17.35-urgent-cp", "WV 17.35", "an urgent order needs %d Command Points at the Army HQ; %d are left", cost, c.cp)
	}
	c.free++
	if c.free == 2 {
		c.fail(i, "wv-17.32-army-free-limit", "WV 17.32", "away from the HQ, or without Command Points, the Army Commander issues only one order")
	}
	if d.Attack {
		if d.Distance != 0 {
			c.fail(i, "wv-17.71-attack-same-hex", "WV 17.71", "without Command Points an Attack Order is issued only in the receiver's hex")
		}
		return
	}
	if !within(d.Distance, c.s.Radius) && c.s.State != Mobilized { // a Mobilized sender is told once, by 17.33
		c.fail(i, "wv-17.32-army-radius", "WV 17.32", "away from the HQ, or without Command Points, the Army Commander's order goes only to a leader within his Command Radius of %d", c.s.Radius)
	}
}

// checkCorps: with an Order Received, orders to one or more direct
// subordinate Division Leaders or one order to one Brigade Leader; without
// it, one order to one Division Leader (or one Brigade Leader under the
// option of ruling R3). See WV 17.32 and 17.41.
func (c *issueCheck) checkCorps(i int, d Dispatch) {
	if d.To == Division && !d.Direct {
		c.fail(i, "wv-17.41-not-direct", "WV 17.41", "a Corps Commander orders only his direct subordinate Division Leaders")
	}
	if d.To == Division {
		c.division++
	} else {
		c.brigade++
	}
	if c.s.HoldsOrder {
		if (d.To == Brigade && c.division+c.brigade > 1) || (d.To == Division && c.brigade > 0) {
			c.fail(i, "wv-17.41-corps-brigade", "WV 17.41", "a Corps Commander sends orders to Division Leaders or one order to one Brigade Leader, not both")
		}
		return
	}
	if d.To == Brigade && !c.opt.CorpsFreeOrderToBrigade {
		c.fail(i, "wv-17.41-corps-free-brigade", "WV 17.41", "without an Order Received a Corps Commander's one order goes to a Division Leader")
	}
	if c.division+c.brigade == 2 {
		c.fail(i, "wv-17.41-corps-free-limit", "WV 17.41", "without an Order Received a Corps Commander issues only one order")
	}
}

// checkDivision: with an Order Received, orders to one or more of his
// Brigade Leaders; without it, one, and only when Mobilized. See WV 17.32
// and 17.41.
func (c *issueCheck) checkDivision(i int, d Dispatch) {
	if !d.Direct {
		c.fail(i, "wv-17.41-not-direct", "WV 17.41", "a Division Leader orders only his own Brigade Leaders")
	}
	if c.s.HoldsOrder {
		return
	}
	if c.s.State != Mobilized {
		c.fail(i, "wv-17.41-division-standing", "WV 17.41", "without an Order Received a Division Leader issues an order only in his Mobilized Command State")
	}
	if c.counted == 2 {
		c.fail(i, "wv-17.41-division-free-limit", "WV 17.41", "without an Order Received a Division Leader issues only one order")
	}
}

// checkDistribution: implementing a held Attack Order, a Corps Commander
// sends Division Attack Orders to his Division Leaders and a Division
// Leader activation orders to his Brigade Leaders on the display, outside
// the limits of 17.33. See WV 17.71.
func (c *issueCheck) checkDistribution(i int, d Dispatch) {
	if !c.s.HoldsAttackOrder {
		c.fail(i, "wv-17.71-no-attack-order", "WV 17.71", "only a commander holding an Attack Order passes one on")
		return
	}
	if !d.Direct || c.s.Level == Army || c.s.Level+1 != d.To {
		c.fail(i, "wv-17.71-distribution", "WV 17.71", "an Attack Order is passed from a Corps Commander to his Division Leaders, or from a Division Leader to his Brigade Leaders")
	}
}

// within reports a radius-path distance inside a Command Radius.
func within(distance, radius int) bool {
	return distance != Unreachable && distance >= 0 && distance <= radius
}
