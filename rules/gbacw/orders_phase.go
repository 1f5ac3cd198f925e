package gbacw

import (
	"errors"
	"fmt"
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
