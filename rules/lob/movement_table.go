package lob

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"galloper/rules"
)

// MP is a number of Movement Points counted in half points, so that road
// costs of half an MP add up exactly (LoB 3.0).
type MP int

// WholeMP is n whole Movement Points.
func WholeMP(n int) MP { return MP(2 * n) }

// String prints whole points as "3" and halves as "2 1/2" or "1/2".
func (m MP) String() string {
	sign := ""
	if m < 0 {
		sign, m = "-", -m
	}
	switch {
	case m%2 == 0:
		return sign + strconv.Itoa(int(m/2))
	case m == 1:
		return sign + "1/2"
	}
	return sign + strconv.Itoa(int(m/2)) + " 1/2"
}

// parseMP reads "3", "1/2" or "2 1/2".
func parseMP(s string) (MP, error) {
	whole, half := s, false
	if w, ok := strings.CutSuffix(s, "1/2"); ok {
		whole, half = strings.TrimSpace(w), true
	}
	n := 0
	if whole != "" || !half {
		var err error
		if n, err = strconv.Atoi(whole); err != nil || n < 0 {
			return 0, fmt.Errorf("%q is not MPs (\"3\", \"1/2\" or \"2 1/2\")", s)
		}
	}
	m := WholeMP(n)
	if half {
		m++
	}
	return m, nil
}

// TerrainCost is one cell of the Terrain Effects on Movement Chart (LoB
// 3.0): the MPs, or that the terrain is prohibited, or that the formation
// cannot use the feature (roads for Line, 3.0a; bridges for Line, 3.1e).
type TerrainCost struct {
	MP         MP
	Prohibited bool
	Unusable   bool
}

// movementTables are the compiled movement charts (LoB 3.0, 3.1).
type movementTables struct {
	columns   []string
	allowance map[string]MP
	formation map[string]MP
	hexes     map[string]map[string]TerrainCost // [terrain][column]
	hexsides  map[string]map[string]TerrainCost
	roads     map[string]map[string]TerrainCost
}

// compileMovement reads the Movement Allowances, formation change costs and
// the three parts of the Terrain Effects on Movement Chart. The terrain
// tables share their columns, and each column needs an allowance.
func (f *fieldCharts) compileMovement(p *rules.ChartPack) error {
	m := movementTables{}
	var err error
	if m.allowance, err = mpValues(p, "movement-allowance"); err != nil {
		return err
	}
	if m.formation, err = mpValues(p, "formation-changes"); err != nil {
		return err
	}
	hexes, err := readTable(p, "terrain-hexes")
	if err != nil {
		return err
	}
	m.columns = hexes.t.Columns
	if len(m.columns) == 0 {
		return hexes.errorf("has no columns (formations)")
	}
	for _, col := range m.columns {
		if _, ok := m.allowance[col]; !ok {
			return fmt.Errorf("chart pack %s: table movement-allowance: missing value %q (a column of terrain-hexes)", p.Name, col)
		}
	}
	if m.hexes, err = terrainCells(hexes, m.columns, false); err != nil {
		return err
	}
	for _, t := range []struct {
		name     string
		to       *map[string]map[string]TerrainCost
		additive bool
	}{{"terrain-hexsides", &m.hexsides, true}, {"terrain-roads", &m.roads, false}} {
		r, err := readTable(p, t.name)
		if err != nil {
			return err
		}
		if err := r.needColumns(m.columns...); err != nil {
			return err
		}
		if *t.to, err = terrainCells(r, m.columns, t.additive); err != nil {
			return err
		}
	}
	f.movement = m
	return nil
}

// mpValues reads every named value of a table as MPs.
func mpValues(p *rules.ChartPack, table string) (map[string]MP, error) {
	r, err := readTable(p, table)
	if err != nil {
		return nil, err
	}
	if len(r.t.Values) == 0 {
		return nil, r.errorf("has no values")
	}
	out := map[string]MP{}
	for _, k := range slices.Sorted(maps.Keys(r.t.Values)) {
		m, err := parseMP(strings.TrimSpace(r.t.Values[k]))
		if err != nil {
			return nil, r.errorf("value %s: %v", k, err)
		}
		out[k] = m
	}
	return out, nil
}

// terrainCells reads every row of a terrain table: MPs, "P" (prohibited)
// or "-" (cannot use). Hexside costs are written "+N".
func terrainCells(r tableReader, cols []string, additive bool) (map[string]map[string]TerrainCost, error) {
	out := map[string]map[string]TerrainCost{}
	for _, row := range slices.Sorted(maps.Keys(r.t.Rows)) {
		out[row] = map[string]TerrainCost{}
		for _, col := range cols {
			s, err := r.cell(row, col)
			if err != nil {
				return nil, err
			}
			c, err := parseTerrainCost(s, additive)
			if err != nil {
				return nil, r.errorf("row %s column %s: %v", row, col, err)
			}
			out[row][col] = c
		}
	}
	return out, nil
}

// parseTerrainCost reads one terrain cell.
func parseTerrainCost(s string, additive bool) (TerrainCost, error) {
	switch s {
	case "P":
		return TerrainCost{Prohibited: true}, nil
	case "-":
		return TerrainCost{Unusable: true}, nil
	}
	if plus := strings.HasPrefix(s, "+"); plus != additive {
		if additive {
			return TerrainCost{}, fmt.Errorf("%q: a hexside cost is written \"+N\", \"P\" or \"-\"", s)
		}
		return TerrainCost{}, fmt.Errorf("%q: a hex or road cost is written \"N\", \"P\" or \"-\"", s)
	}
	m, err := parseMP(strings.TrimPrefix(s, "+"))
	return TerrainCost{MP: m}, err
}

// Allowance is a Movement Allowance by the pack's name for it (LoB 3.0,
// 3.1b, 3.1c): line, column, mounted, open-order, limbered, wagon, ...
func (f *fieldCharts) Allowance(name string) (MP, error) {
	m, ok := f.movement.allowance[name]
	if !ok {
		return 0, fmt.Errorf("movement-allowance (LoB 3.0): no allowance %q", name)
	}
	return m, nil
}

// FormationChange is the MP cost of a named formation or Facing change
// (LoB 3.1, 3.1b, 3.3, 3.6a).
func (f *fieldCharts) FormationChange(name string) (MP, error) {
	m, ok := f.movement.formation[name]
	if !ok {
		return 0, fmt.Errorf("formation-changes (LoB 3.1): no change %q", name)
	}
	return m, nil
}

// terrainCost looks a cell up in one terrain table.
func (f *fieldCharts) terrainCost(table string, cells map[string]map[string]TerrainCost, column, row string) (TerrainCost, error) {
	if !slices.Contains(f.movement.columns, column) {
		return TerrainCost{}, fmt.Errorf("%s (LoB 3.0): no column %q", table, column)
	}
	c, ok := cells[row][column]
	if !ok {
		return TerrainCost{}, fmt.Errorf("%s (LoB 3.0): no row %q", table, row)
	}
	return c, nil
}

// HexCost is the cost of entering a hex of a terrain type in a formation
// column (LoB 3.0).
func (f *fieldCharts) HexCost(column, terrain string) (TerrainCost, error) {
	return f.terrainCost("terrain-hexes", f.movement.hexes, column, terrain)
}

// HexsideCost is the cost added for crossing a hexside feature (LoB 3.0,
// 1.7d, 1.7h, 3.1e).
func (f *fieldCharts) HexsideCost(column, feature string) (TerrainCost, error) {
	return f.terrainCost("terrain-hexsides", f.movement.hexsides, column, feature)
}

// RoadCost is the cost of a hex entered along a road through a hexside the
// road crosses (LoB 3.0a); Unusable for Line (3.0a).
func (f *fieldCharts) RoadCost(column, road string) (TerrainCost, error) {
	return f.terrainCost("terrain-roads", f.movement.roads, column, road)
}

// EnterCost is the cost of entering a hex off roads: the hex cost plus the
// cost of each hexside feature crossed (LoB 3.0). It is Prohibited if any
// part is, and Unusable if the column cannot use a feature named (a Line
// unit pays the stream, creek or river instead of a bridge, 3.1e).
func (f *fieldCharts) EnterCost(column, terrain string, hexsides ...string) (TerrainCost, error) {
	total, err := f.HexCost(column, terrain)
	if err != nil {
		return total, err
	}
	for _, hs := range hexsides {
		c, err := f.HexsideCost(column, hs)
		if err != nil {
			return total, err
		}
		total.MP += c.MP
		total.Prohibited = total.Prohibited || c.Prohibited
		total.Unusable = total.Unusable || c.Unusable
	}
	return total, nil
}

// DGAllowance is the Movement Allowance of a DG unit: half, dropping
// fractions (LoB 3.0e, 6.0).
func DGAllowance(ma MP) MP {
	return WholeMP(int(ma) / 2 / 2)
}

// FireActivityMP is the most a unit may spend in a Fire Activity: half its
// MA (LoB 2.2), a half point rounded up as in the 9.1e example (MA 3: 2).
func FireActivityMP(ma MP) MP {
	return WholeMP((int(ma)/2 + 1) / 2)
}

// MountedSpent is what cavalry that mounts from Line counts as spent: twice
// the MPs spent in Line, the mounting cost included (LoB 3.1b).
func MountedSpent(spentInLine MP) MP { return 2 * spentInLine }

// DismountedSpent is what Mounted cavalry that dismounts to Line counts as
// spent: half the MPs spent Mounted, the dismounting cost included, rounded
// up to a whole MP (LoB 3.1b).
func DismountedSpent(spentMounted MP) MP { return WholeMP((int(spentMounted) + 3) / 4) }

// ConvertRemaining converts MPs left under one Movement Allowance into the
// same share of another, rounded up to a whole MP: Open Order Capable
// cavalry that mounts goes from the Open Order MA to the Mounted MA (LoB
// 3.1d).
func ConvertRemaining(remaining, fromMA, toMA MP) MP {
	if fromMA <= 0 {
		return 0
	}
	// Whole MPs = (remaining/2) * toMA / fromMA; all three are in halves.
	num, den := int(remaining)*int(toMA), 2*int(fromMA)
	return WholeMP((num + den - 1) / den)
}
