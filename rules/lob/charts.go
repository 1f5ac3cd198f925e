package lob

import (
	_ "embed"
	"fmt"
	"strconv"

	"galloper/rules"
)

//go:embed charts/provisional.yaml
var provisionalPack []byte

// ChartPackData returns the bytes of the shipped provisional chart pack.
func ChartPackData() []byte { return append([]byte(nil), provisionalPack...) }

// Distance bands of the Order Delivery chart (LoB 10.6a).
const (
	bandWithin  = "within-radius"
	bandOutside = "outside-radius"
	band50      = "50-plus"
	// distanceOnly is the column for re-issued orders (LoB 10.6d).
	distanceOnly = "distance-only"
)

// charts is a chart pack checked for the tables this slice uses.
type charts struct {
	pack *rules.ChartPack
	// roll[cv][sum] is true on a "yes" (LoB 10.6).
	roll     map[int]map[int]bool
	maxCV    int
	delivery rules.ChartTable
	radius   map[string]int
	road     int // HQ hexes per turn along roads
	country  int // HQ hexes per turn off roads
	c2       c2Charts
	field    *fieldCharts
}

// compileCharts checks that a pack holds every table, row and column the
// scenario needs, and reads it into typed lookups. Errors name what is missing.
func compileCharts(p *rules.ChartPack, s *Scenario) (*charts, error) {
	if p.System != "lob.v2" {
		return nil, fmt.Errorf("chart pack %s: system is %q, want lob.v2", p.Name, p.System)
	}
	c := &charts{pack: p, roll: map[int]map[int]bool{}, radius: map[string]int{}}
	t, err := p.Table("command-roll")
	if err != nil {
		return nil, err
	}
	if len(t.Columns) == 0 {
		return nil, fmt.Errorf("chart pack %s: table command-roll has no columns (Command Values)", p.Name)
	}
	for _, col := range t.Columns {
		cv, err := strconv.Atoi(col)
		if err != nil || cv < 0 {
			return nil, fmt.Errorf("chart pack %s: table command-roll: column %q is not a Command Value", p.Name, col)
		}
		c.roll[cv] = map[int]bool{}
		c.maxCV = max(c.maxCV, cv)
		for sum := 2; sum <= 12; sum++ {
			cell, err := t.Cell("command-roll", strconv.Itoa(sum), col)
			if err != nil {
				return nil, fmt.Errorf("chart pack %s: %w", p.Name, err)
			}
			if cell != "yes" && cell != "no" {
				return nil, fmt.Errorf("chart pack %s: table command-roll row %d column %s: %q is not yes or no", p.Name, sum, col, cell)
			}
			c.roll[cv][sum] = cell == "yes"
		}
	}
	for _, cmd := range s.commands() {
		if _, ok := c.roll[cmd.Leader.Command]; !ok {
			return nil, fmt.Errorf("chart pack %s: table command-roll: missing column %q (Command Value of %s)", p.Name, strconv.Itoa(cmd.Leader.Command), cmd.Leader.Name)
		}
	}
	if c.delivery, err = p.Table("order-delivery"); err != nil {
		return nil, err
	}
	cols := []string{distanceOnly}
	for _, sd := range s.Sides {
		cols = append(cols, sd.Awareness)
	}
	for _, band := range []string{bandWithin, bandOutside, band50} {
		for _, col := range cols {
			cell, err := c.delivery.Cell("order-delivery", band, col)
			if err != nil {
				return nil, fmt.Errorf("chart pack %s: %w", p.Name, err)
			}
			if n, err := strconv.Atoi(cell); err != nil || n < 1 {
				return nil, fmt.Errorf("chart pack %s: table order-delivery row %s column %s: %q is not a number of turns (1 or more)", p.Name, band, col, cell)
			}
		}
	}
	if c.radius, err = intValues(p, "command-radius", "army", "division"); err != nil {
		return nil, err
	}
	mv, err := intValues(p, "hq-movement", "road", "cross-country")
	if err != nil {
		return nil, err
	}
	c.road, c.country = mv["road"], mv["cross-country"]
	if err := c.compileC2(p); err != nil {
		return nil, err
	}
	if c.field, err = compileFieldCharts(p); err != nil {
		return nil, err
	}
	return c, nil
}

// intValues reads named positive integer values of a table.
func intValues(p *rules.ChartPack, table string, keys ...string) (map[string]int, error) {
	t, err := p.Table(table)
	if err != nil {
		return nil, err
	}
	out := map[string]int{}
	for _, k := range keys {
		v, err := t.Value(table, k)
		if err != nil {
			return nil, fmt.Errorf("chart pack %s: %w", p.Name, err)
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("chart pack %s: table %s value %s: %q is not a positive number", p.Name, table, k, v)
		}
		out[k] = n
	}
	return out, nil
}

// commandRoll reads the Command Roll table (LoB 10.6). Values above the
// highest column use the highest column; a modified sum is kept on the
// table's rows.
func (c *charts) commandRoll(cv, sum int) bool {
	return c.roll[min(max(cv, 0), c.maxCV)][clampSum(sum)]
}

// deliveryTurns reads the Order Delivery chart (LoB 10.6a): a delay in
// game turns, whatever their length (docs/rulings-lob.md A6).
func (c *charts) deliveryTurns(band, awareness string) int {
	cell, _ := c.delivery.Cell("order-delivery", band, awareness)
	n, _ := strconv.Atoi(cell)
	return n
}

// band classes an HQ-to-HQ distance for the Order Delivery chart (LoB
// 10.6a): within Command Radius when either HQ's radius reaches the other.
func (c *charts) band(dist int, levels ...string) string {
	if dist >= 50 {
		return band50
	}
	for _, l := range levels {
		if dist <= c.radius[l] {
			return bandWithin
		}
	}
	return bandOutside
}
