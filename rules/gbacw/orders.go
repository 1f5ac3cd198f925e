package gbacw

import (
	"fmt"
	"strconv"
	"strings"

	"galloper/rules"
	"galloper/rules/dice"
)

// Orders is a brigade's Orders (GBACW 6.11). The zero value is Advance:
// "If a command has no such marker, it is considered to be under Orders
// to Advance."
type Orders int

const (
	Advance Orders = iota
	March
	Attack
)

func (o Orders) String() string {
	switch o {
	case March:
		return "March"
	case Attack:
		return "Attack"
	}
	return "Advance"
}

// ParseOrders reads March, Advance or Attack (any case).
func ParseOrders(s string) (Orders, error) {
	switch strings.ToLower(s) {
	case "march":
		return March, nil
	case "advance":
		return Advance, nil
	case "attack":
		return Attack, nil
	}
	return Advance, fmt.Errorf("%q is not an Order: write March, Advance or Attack (GBACW 6.11)", s)
}

// OrdersProfile is one column of the Orders Comparison Chart (GBACW 6.11).
type OrdersProfile struct {
	Orders Orders
	// RoadRate is the MP cost of a Road or Pike hex, in half MPs (1 is ½
	// MP); 0 is "NA": no road benefit (9.24).
	RoadRateHalves int
	// MoveAdjacent is the printed answer to "Move adjacent to enemy unit?".
	MoveAdjacent string
	// MarchAM is true when the units activate on the March AM, not their
	// division's AMs.
	MarchAM          bool
	InfantryStacking int // SPs
	CavalryStacking  int // SPs
	Construction     bool
	MayFire          bool
	MayMoveAndFire   bool
	MayShock         bool
}

// Profile returns the Orders Comparison Chart's column for o.
func (c *Charts) Profile(o Orders) OrdersProfile { return c.comparison[o] }

// compileComparison reads the Orders Comparison Chart (GBACW 6.11).
func compileComparison(p *rules.ChartPack) (map[Orders]OrdersProfile, error) {
	const name = "orders-comparison"
	t, err := p.Table(name)
	if err != nil {
		return nil, err
	}
	where := fmt.Sprintf("chart pack %s: table %s", p.Name, name)
	out := map[Orders]OrdersProfile{}
	for _, o := range []Orders{March, Advance, Attack} {
		cell := func(row string) (string, error) {
			v, err := t.Cell(name, row, o.String())
			if err != nil {
				return "", fmt.Errorf("chart pack %s: %w", p.Name, err)
			}
			return v, nil
		}
		yes := func(row string) (bool, error) {
			v, err := cell(row)
			if err != nil {
				return false, err
			}
			switch v {
			case "Yes":
				return true, nil
			case "No":
				return false, nil
			}
			return false, fmt.Errorf("%s: row %s column %s: %q is not Yes or No", where, row, o, v)
		}
		sps := func(row string) (int, error) {
			v, err := cell(row)
			if err != nil {
				return 0, err
			}
			n, err := strconv.Atoi(strings.TrimSuffix(v, " SPs"))
			if err != nil || n < 1 || n > 50 || !strings.HasSuffix(v, " SPs") {
				return 0, fmt.Errorf("%s: row %s column %s: %q is not a stacking limit like \"7 SPs\"", where, row, o, v)
			}
			return n, nil
		}
		pr := OrdersProfile{Orders: o}
		road, err := cell("road-pike-rate")
		if err != nil {
			return nil, err
		}
		switch road {
		case "½ MP":
			pr.RoadRateHalves = 1
		case "NA":
		default:
			n, err := strconv.Atoi(strings.TrimSuffix(road, " MP"))
			if err != nil || n < 1 || n > 10 || !strings.HasSuffix(road, " MP") {
				return nil, fmt.Errorf("%s: row road-pike-rate column %s: %q is not a rate like \"1 MP\", \"½ MP\" or \"NA\"", where, o, road)
			}
			pr.RoadRateHalves = 2 * n
		}
		if pr.MoveAdjacent, err = cell("move-adjacent"); err != nil {
			return nil, err
		}
		act, err := cell("activation")
		if err != nil {
			return nil, err
		}
		switch act {
		case "March AM":
			pr.MarchAM = true
		case "normal":
		default:
			return nil, fmt.Errorf("%s: row activation column %s: %q is not \"March AM\" or \"normal\"", where, o, act)
		}
		if pr.InfantryStacking, err = sps("infantry-stacking"); err != nil {
			return nil, err
		}
		if pr.CavalryStacking, err = sps("cavalry-stacking"); err != nil {
			return nil, err
		}
		for _, f := range []struct {
			row string
			dst *bool
		}{{"construction", &pr.Construction}, {"may-fire", &pr.MayFire}, {"may-move-and-fire", &pr.MayMoveAndFire}, {"may-shock", &pr.MayShock}} {
			if *f.dst, err = yes(f.row); err != nil {
				return nil, err
			}
		}
		out[o] = pr
	}
	return out, nil
}

// The results of the Orders Change Table (GBACW 6.23).
const (
	RetainAndStand = "retain-and-stand"
	Retain         = "retain"
	LooseCannon    = "loose-cannon"
	ChangeAndStand = "change-and-stand"
	Change         = "change"
)

// OrdersChangeResults are the results the Orders Change Table may hold.
var OrdersChangeResults = []string{RetainAndStand, Retain, LooseCannon, ChangeAndStand, Change}

// OrdersChangeDRM is the total DRM on an Orders Change roll: the
// brigadier's Orders Rating (6.21), +1 if he is stacked with his division
// leader and +2 if his corps commander and/or OC is stacked with him; both
// may apply (6.22). See GBACW 6.21-6.22 and ruling GBACW-R2.
func OrdersChangeDRM(ordersRating int, withDivisionLeader, withCorpsOrOC bool) int {
	drm := ordersRating
	if withDivisionLeader {
		drm++
	}
	if withCorpsOrOC {
		drm += 2
	}
	return drm
}

// OrdersChangeResult looks an adjusted roll up on the Orders Change Table.
// See GBACW 6.23.
func (c *Charts) OrdersChangeResult(adjusted int) string { return c.ordersChange.lookup(adjusted) }

// Profile letters of a brigadier's Action Profile (GBACW 4.14, 6.24).
type ActionProfile string

const (
	NoProfile  ActionProfile = ""
	Aggressive ActionProfile = "A"
	Normal     ActionProfile = "N"
	Cautious   ActionProfile = "C"
	Unreliable ActionProfile = "U"
)

// UnreliableAs looks an unmodified roll up on the Unreliable table: the
// profile an Unreliable brigadier acts with. See GBACW 6.24.
func (c *Charts) UnreliableAs(roll int) ActionProfile {
	switch c.unreliable.lookup(roll) {
	case "aggressive":
		return Aggressive
	case "cautious":
		return Cautious
	}
	return Normal
}

// Brigade is what an Orders Change roll needs to know of a brigade at the
// start of its activation (GBACW 6.21-6.25).
type Brigade struct {
	ID            string
	Orders        Orders
	OrdersRating  int // DRM (4.14)
	Profile       ActionProfile
	Artillery     bool // an artillery brigade: never under Attack Orders (6.18)
	LeaderOffMap  bool // the brigadier is not on the map (6.21)
	Fatigue       Fatigue
	WithDivision  bool // brigadier stacked with his division leader (6.22)
	WithCorpsOrOC bool // corps commander and/or OC stacked with him (6.22)
	// NearEnemy: an In Command unit is within 3 MPs (5 if mounted cavalry)
	// of a hex adjacent to an enemy combat unit (6.24 Aggressive #1).
	NearEnemy bool
}

// OrdersChange is the outcome of an Orders Change attempt.
type OrdersChange struct {
	Roll     int    // the die, 0-9
	Adjusted int    // Roll plus OrdersChangeDRM
	Result   string // the Orders Change Table's result
	// ActsAs is the profile a Loose Cannon is resolved with: the
	// brigadier's, an Unreliable one's rolled profile, or NoProfile.
	ActsAs         ActionProfile
	UnreliableRoll int    // the Unreliable table's roll, -1 if none
	Orders         Orders // the brigade's Orders after the attempt
	// Stand: In Command units may not spend MP this Action Phase (6.23);
	// for a March brigade a Change and Stand applies to the first division
	// AM drawn afterwards (6.25).
	Stand bool
	// Charge: Aggressive Loose Cannon #1, the brigade goes to Attack and
	// charges with as many In Command units as possible (6.24).
	Charge bool
	// MoveToEnemy: In Command units that cannot charge move as far as
	// possible toward the nearest enemy and may not fire (6.24 Aggressive).
	MoveToEnemy bool
	// Retreat: Cautious Loose Cannon, each In Command non-artillery unit
	// retreats one hex and does nothing else (6.24).
	Retreat bool
}

// ChangeOrders rolls an Orders Change for b, which wants Orders want
// (Attack or Advance: a Change result allows only those, 6.23), and
// resolves a Loose Cannon (6.24) and the March exceptions (6.25).
// See GBACW 6.21-6.25.
func (c *Charts) ChangeOrders(d rules.Dice, b Brigade, want Orders) (OrdersChange, error) {
	if want == March {
		return OrdersChange{}, fmt.Errorf("brigade %s: an Orders Change may give only Attack or Advance Orders, not March (GBACW 6.23; March is given only in the Division Orders Phase, 6.14)", b.ID)
	}
	if b.LeaderOffMap {
		return OrdersChange{}, fmt.Errorf("brigade %s: its brigadier is not on the map, so it may not try to change Orders (GBACW 6.21)", b.ID)
	}
	if want == Attack && b.Fatigue >= Fatigue4 {
		return OrdersChange{}, fmt.Errorf("brigade %s: at Fatigue 4 it may not take Attack Orders (GBACW 17.32)", b.ID)
	}
	if want == Attack && b.Artillery {
		return OrdersChange{}, fmt.Errorf("brigade %s: artillery is never under Attack Orders (GBACW 6.18)", b.ID)
	}
	if want == b.Orders {
		return OrdersChange{}, fmt.Errorf("brigade %s: is already under %s Orders; an Orders Change must ask for other Orders (GBACW 6.21)", b.ID, want)
	}
	roll := dice.D10Zero(d, "GBACW 6.23", "Orders Change: brigade "+b.ID)
	oc := OrdersChange{Roll: roll, Adjusted: roll + OrdersChangeDRM(b.OrdersRating, b.WithDivision, b.WithCorpsOrOC), UnreliableRoll: -1, Orders: b.Orders}
	oc.Result = c.OrdersChangeResult(oc.Adjusted)
	switch oc.Result {
	case RetainAndStand:
		oc.Stand = true
	case ChangeAndStand:
		oc.Orders, oc.Stand = want, true
	case Change:
		oc.Orders = want
	case LooseCannon:
		oc.ActsAs = b.Profile
		if b.Profile == Unreliable {
			oc.UnreliableRoll = dice.D10Zero(d, "GBACW 6.24", "Loose Cannon, Unreliable brigadier: brigade "+b.ID)
			oc.ActsAs = c.UnreliableAs(oc.UnreliableRoll)
		}
		c.looseCannon(&oc, b)
	}
	return oc, nil
}

// looseCannon applies the Loose Cannon instructions for oc.ActsAs.
// See GBACW 6.24, 6.25 and ruling GBACW-R3.
func (c *Charts) looseCannon(oc *OrdersChange, b Brigade) {
	switch oc.ActsAs {
	case Aggressive:
		if b.Orders == March {
			return // 6.25: an Aggressive Loose Cannon on March is a Retain.
		}
		if b.NearEnemy {
			oc.Orders, oc.Charge, oc.MoveToEnemy = Attack, true, true
			return
		}
		oc.Orders, oc.MoveToEnemy = Advance, true
	case Cautious:
		oc.Orders, oc.Retreat = Advance, true
	}
	// Normal, or no profile: Retain.
}
