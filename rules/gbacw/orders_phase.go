package gbacw

import (
	"errors"
	"fmt"

	"galloper/rules"
)

// Orders given without a roll: in the Division Orders Phase (GBACW 6.12,
// 6.14) and by putting commands In Reserve (6.31).

// DivisionOrder is a brigade's new Orders asked for in the Division Orders
// Phase, with what the rules check it against.
type DivisionOrder struct {
	Brigade string
	From    Orders
	To      Orders
	// DivisionInRange: the division leader is within his corps
	// commander's Command Range; BrigadierInRange: the brigadier is
	// within his division leader's (6.12, both checked in II/A, 4.23).
	DivisionInRange  bool
	BrigadierInRange bool
	// NearEnemy: a unit of the brigade is within four hexes and LOS of an
	// enemy combat unit (6.14).
	NearEnemy         bool
	Artillery         bool // an artillery brigade (6.18)
	DismountedCavalry bool // the brigade has dismounted cavalry (8.12)
	Fatigue           Fatigue
}

// CheckDivisionOrder reports every reason the Division Orders Phase may
// not give the brigade its new Orders, or nil. See GBACW 6.12, 6.14,
// 6.18, 8.12, 17.32 and the Play Note to 5.36.
func CheckDivisionOrder(o DivisionOrder) error {
	var errs []error
	bad := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("brigade %s: "+format, append([]any{o.Brigade}, args...)...))
	}
	if !o.DivisionInRange {
		bad("its division leader is not within his corps commander's Command Range, so he may not change Orders in the Division Orders Phase (GBACW 6.12, 5.36)")
	}
	if !o.BrigadierInRange {
		bad("its brigadier is not within his division leader's Command Range: it may change Orders only by an Orders Change roll (GBACW 6.12, 5.36)")
	}
	switch o.To {
	case March:
		if o.NearEnemy {
			bad("a unit of the command is within four hexes and LOS of an enemy combat unit, so it may not be given March Orders (GBACW 6.14)")
		}
		if o.DismountedCavalry {
			bad("dismounted cavalry may never be under March Orders (GBACW 8.12)")
		}
		if o.Fatigue >= Fatigue4 {
			bad("at Fatigue 4 it may not be given March Orders (GBACW 17.32)")
		}
	case Attack:
		if o.Artillery {
			bad("artillery is never under Attack Orders (GBACW 6.18)")
		}
		if o.Fatigue >= Fatigue4 {
			bad("at Fatigue 4 it may not be given Attack Orders (GBACW 17.32)")
		}
	}
	return errors.Join(errs...)
}

// ReserveCommand is what Reserve qualification needs to know of a command
// (brigade, division or corps) in the Reserve Placement Phase.
type ReserveCommand struct {
	ID string
	// AllInRange: every on-map unit is within its immediate superior's
	// Command Range.
	AllInRange bool
	// Orders of each of its brigades.
	Orders []Orders
	// NearestEnemy is the fewest hexes from any of its units to the
	// nearest enemy combat unit; InEnemyLOS is true when any of its units
	// is in the LOS of an enemy unit.
	NearestEnemy int
	InEnemyLOS   bool
	Night        bool
}

// CheckReserve reports why a command may not be placed In Reserve, or
// nil. See GBACW 6.31 and ruling GBACW-R16.
func CheckReserve(c ReserveCommand) error {
	var errs []error
	bad := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("command %s: "+format, append([]any{c.ID}, args...)...))
	}
	if !c.AllInRange {
		bad("not every on-map unit is within its immediate superior's Command Range (GBACW 6.31)")
	}
	for _, o := range c.Orders {
		if o == March {
			bad("a brigade is under March Orders; only Advance or Attack may go In Reserve (GBACW 6.31)")
			break
		}
	}
	switch {
	case c.Night && c.NearestEnemy < 5:
		bad("an enemy combat unit is %d hexes away; at night a command In Reserve must be at least 5 away (GBACW 6.31)", c.NearestEnemy)
	case !c.Night && c.NearestEnemy < 5:
		bad("an enemy combat unit is %d hexes away; a command In Reserve must be at least 5 away and out of enemy LOS, or at least 10 away (GBACW 6.31)", c.NearestEnemy)
	case !c.Night && c.NearestEnemy < 10 && c.InEnemyLOS:
		bad("a unit is in enemy LOS %d hexes from the enemy; a command In Reserve must be out of enemy LOS, or at least 10 hexes away (GBACW 6.31)", c.NearestEnemy)
	}
	return errors.Join(errs...)
}

// reserveCommand is a command a side names for Reserve (6.31: "Commands
// (brigades, divisions, or corps)"): its brigades, and the divisions
// whose leaders it holds beneath its own (a corps'), for the range test.
type reserveCommand struct {
	ID        string
	Brigades  []*BrigadeSt
	Divisions []*Division
	// Level is "brigade", "division" or "corps".
	Level string
}

// reserveCommandOf finds the brigade, division or corps of side named
// name, in that order, with its brigades on the map or entering by now.
func (s *State) reserveCommandOf(side rules.Side, name string) (reserveCommand, bool) {
	if b := s.brigade(name); b != nil && s.sideOfBrigade(b) == side {
		return reserveCommand{ID: b.ID, Brigades: []*BrigadeSt{b}, Level: "brigade"}, true
	}
	divs := []*Division{}
	c := reserveCommand{Level: "division"}
	if d := s.division(name); d != nil && s.sideOfDivision(d) == side {
		c.ID, divs = d.ID, []*Division{d}
	} else if k := s.corps(name); k != nil && k.Side == side {
		c.ID, c.Level = k.ID, "corps"
		for i := range s.Divisions {
			if s.Divisions[i].Corps == k.ID {
				divs = append(divs, &s.Divisions[i])
				c.Divisions = append(c.Divisions, &s.Divisions[i])
			}
		}
	} else {
		return c, false
	}
	for _, d := range divs {
		for i := range s.Brigades {
			if b := &s.Brigades[i]; b.Division == d.ID && b.Arrives <= s.Turn {
				c.Brigades = append(c.Brigades, b)
			}
		}
	}
	return c, true
}

// reserveQualification gathers what 6.31 asks of a command: every
// on-map unit in its brigadier's range, and, for a division or corps,
// every brigadier on the map in his division leader's range and, for a
// corps, every division leader on the map in the corps commander's
// (ruling GBACW-R88); each brigade's Orders; the nearest enemy combat
// unit and whether any enemy sees one of its units.
func (s *State) reserveQualification(cc *CombatCharts, side rules.Side, c reserveCommand) ReserveCommand {
	q := ReserveCommand{ID: c.ID, AllInRange: true, NearestEnemy: 1 << 30, Night: s.night()}
	for _, b := range c.Brigades {
		o, _ := ParseOrders(b.Orders)
		q.Orders = append(q.Orders, o)
		if c.Level != "brigade" && s.leaderHex(b.Leader) != "" && !s.brigadierInRange(cc, b) {
			q.AllInRange = false
		}
		for i := range s.Units {
			u := &s.Units[i]
			if u.Brigade != b.ID || !u.onMap() {
				continue
			}
			if _, d := s.nearestEnemy(u.Hex, side); d < q.NearestEnemy {
				q.NearestEnemy = d
			}
			q.AllInRange = q.AllInRange && s.unitInCommand(cc, u)
			for j := range s.Units {
				if e := &s.Units[j]; e.Side != side && e.combat() && s.lineOfSight(cc, e.Hex, u.Hex) {
					q.InEnemyLOS = true
				}
			}
		}
	}
	for _, d := range c.Divisions {
		if s.leaderHex(d.Leader) != "" && !s.divisionInCorpsRange(cc, d) {
			q.AllInRange = false
		}
	}
	return q
}

// enteringAlone: u is a reinforcement that entered alone this turn, apart
// from its brigade (9.71, 17.52).
func (s *State) enteringAlone(u *UnitSt) bool {
	return u.Arrives == s.Turn && u.Own == OwnReinforcing && u.onMap()
}

// reserveEntering: a unit of b, a brigade In Reserve, enters alone this
// turn. "With the exception of individual units entering as
// Reinforcements, Commands In Reserve pay no attention to drawn AMs"
// (6.32): such a unit activates on its division's AMs on its turn of
// entry, the rest of its brigade staying In Reserve (ruling GBACW-R89).
func (s *State) reserveEntering(b *BrigadeSt) bool {
	for i := range s.Units {
		if u := &s.Units[i]; u.Brigade == b.ID && s.enteringAlone(u) {
			return true
		}
	}
	return false
}
