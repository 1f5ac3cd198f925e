package lob

import (
	"fmt"
	"strconv"

	"galloper/rules"
)

// c2Charts are the command-and-control tables beyond the Command Roll and
// Order Delivery charts: Command Radius for every level (LoB 10.2e), the
// Command Roll modifiers (10.4c), Fluke Stoppage (10.7b-c) and Attack
// Recovery (10.8c).
type c2Charts struct {
	rollReserve int // Command Roll modifier for a formation in Reserve (10.4c)
	// flukeBase[sum] passes the Fluke Stoppage Base Check; flukeStop[cv][sum]
	// is a stoppage on the leader's Command Value column (10.7b).
	flukeBase     map[int]bool
	flukeStop     map[int]map[int]bool
	flukeReserve  int // the Reserve modifier to the Base Check (10.7c)
	flukeGrace    int // turns at a scenario's start without Fluke rolls
	smallArms     int // hexes within which enemy Small Arms can fire (10.7b-c)
	flukeMaxCV    int
	recoverBase   map[string]map[int]bool // situation -> sum -> recovery possible
	recoverRoll   map[int]map[int]bool    // cv -> sum -> recovered
	recoverMaxCV  int
	commandLevels []string
}

// Attack Recovery situations (LoB 10.8c): Wrecked and Destroyed units.
var recoverySituations = []string{"none", "wrecked", "destroyed", "wrecked-destroyed"}

// compileC2 reads the command-and-control tables; errors name the table,
// row and column that are missing or malformed.
func (c *charts) compileC2(p *rules.ChartPack) error {
	levels := []string{LevelArmy, LevelCorps, LevelDivision, LevelBrigade, LevelArtillery}
	radius, err := intValues(p, "command-radius", levels...)
	if err != nil {
		return err
	}
	c.radius = radius
	x := &c.c2
	x.commandLevels = levels
	mods, err := p.Table("command-roll-modifiers")
	if err != nil {
		return err
	}
	if x.rollReserve, err = signedValue(p, mods, "command-roll-modifiers", "reserve"); err != nil {
		return err
	}
	if err := x.compileFluke(p); err != nil {
		return err
	}
	return x.compileRecovery(p)
}

func (x *c2Charts) compileFluke(p *rules.ChartPack) error {
	const name = "fluke-stoppage"
	t, err := p.Table(name)
	if err != nil {
		return err
	}
	if x.flukeBase, err = sumColumn(p, t, name, "base", "pass", "fail"); err != nil {
		return err
	}
	if x.flukeStop, x.flukeMaxCV, err = cvColumns(p, t, name, "stop", "none"); err != nil {
		return err
	}
	if x.flukeReserve, err = signedValue(p, t, name, "reserve-modifier"); err != nil {
		return err
	}
	if x.flukeGrace, err = signedValue(p, t, name, "grace-turns"); err != nil {
		return err
	}
	x.smallArms, err = signedValue(p, t, name, "small-arms-range")
	return err
}

func (x *c2Charts) compileRecovery(p *rules.ChartPack) error {
	const name = "attack-recovery"
	t, err := p.Table(name)
	if err != nil {
		return err
	}
	x.recoverBase = map[string]map[int]bool{}
	for _, sit := range recoverySituations {
		if x.recoverBase[sit], err = sumColumn(p, t, name, sit, "check", "no"); err != nil {
			return err
		}
	}
	x.recoverRoll, x.recoverMaxCV, err = cvColumns(p, t, name, "recover", "no")
	return err
}

// sumColumn reads one column of a 2d6 table (rows 2 to 12) whose cells
// are yes or no words; the map is true on yes.
func sumColumn(p *rules.ChartPack, t rules.ChartTable, name, col, yes, no string) (map[int]bool, error) {
	out := map[int]bool{}
	for sum := 2; sum <= 12; sum++ {
		cell, err := t.Cell(name, strconv.Itoa(sum), col)
		if err != nil {
			return nil, fmt.Errorf("chart pack %s: %w", p.Name, err)
		}
		if cell != yes && cell != no {
			return nil, fmt.Errorf("chart pack %s: table %s row %d column %s: %q is not %s or %s", p.Name, name, sum, col, cell, yes, no)
		}
		out[sum] = cell == yes
	}
	return out, nil
}

// cvColumns reads every column of a table named by a Command Value.
func cvColumns(p *rules.ChartPack, t rules.ChartTable, name, yes, no string) (map[int]map[int]bool, int, error) {
	out, maxCV := map[int]map[int]bool{}, -1
	for _, col := range t.Columns {
		cv, err := strconv.Atoi(col)
		if err != nil {
			continue // a named column, such as "base"
		}
		if out[cv], err = sumColumn(p, t, name, col, yes, no); err != nil {
			return nil, 0, err
		}
		maxCV = max(maxCV, cv)
	}
	if maxCV < 0 {
		return nil, 0, fmt.Errorf("chart pack %s: table %s has no Command Value columns", p.Name, name)
	}
	for cv := 0; cv <= maxCV; cv++ {
		if _, ok := out[cv]; !ok {
			return nil, 0, fmt.Errorf("chart pack %s: table %s: missing column %q (Command Value)", p.Name, name, strconv.Itoa(cv))
		}
	}
	return out, maxCV, nil
}

// signedValue reads a named integer value, which may be zero or negative.
func signedValue(p *rules.ChartPack, t rules.ChartTable, name, key string) (int, error) {
	v, err := t.Value(name, key)
	if err != nil {
		return 0, fmt.Errorf("chart pack %s: %w", p.Name, err)
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("chart pack %s: table %s value %s: %q is not a whole number", p.Name, name, key, v)
	}
	return n, nil
}

// clampSum keeps a modified 2d6 roll on the table's rows (2 to 12).
func clampSum(n int) int { return min(12, max(2, n)) }

// flukePasses reads the Base Check (LoB 10.7b).
func (x *c2Charts) flukePasses(sum int) bool { return x.flukeBase[clampSum(sum)] }

// flukeStops reads the leader's Command Value column (LoB 10.7b).
func (x *c2Charts) flukeStops(cv, sum int) bool {
	return x.flukeStop[min(max(cv, 0), x.flukeMaxCV)][clampSum(sum)]
}

// recoveryPossible reads the Base Check range of a situation (LoB 10.8c).
func (x *c2Charts) recoveryPossible(situation string, sum int) bool {
	return x.recoverBase[situation][clampSum(sum)]
}

// recovers reads the leader's Command Value column (LoB 10.8c).
func (x *c2Charts) recovers(cv, sum int) bool {
	return x.recoverRoll[min(max(cv, 0), x.recoverMaxCV)][clampSum(sum)]
}
