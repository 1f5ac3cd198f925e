package wintersvictory

import (
	"fmt"
	"strconv"
	"strings"

	"galloper/rules"
)

// TerrainCost is one cell of the Terrain Effects Chart (10.2): the
// Movement Points to enter a hex (or, Hexside set, the extra points to
// cross a hexside) and what the move does to the unit.
type TerrainCost struct {
	MP           int
	Hexside      bool
	GeneralOrder bool // adopts General Order (8.51, 10.31)
	Disorder     bool
	GunCheck     bool // makes a Gun-Loss Check (6.32)
	Prohibited   bool
	// Or is the other choice a cell offers (a Stream hexside: +2 and
	// General Order, or +1 and Disorder, 6.22).
	Or *TerrainCost
}

// The rows and columns the Terrain Effects Chart must hold.
var (
	terrainRows = []string{"clear", "light-cover", "farmette", "woods", "town", "frozen-wetlands",
		"light-cover-hexside", "brook", "stream", "major-stream", "slope-up", "slope-down", "steep-slope-up", "steep-slope-down"}
	terrainCols = []string{"infantry", "light-cavalry", "heavy-cavalry", "artillery", "skirmish", "command", "grand-tactical"}
)

// Terrain reads the Terrain Effects Chart for a hex or hexside feature and
// a mover class (a unit type, or "grand-tactical"). See WV 10.2, 6.2-6.4.
func (p *Pack) Terrain(feature, class string) (TerrainCost, error) {
	c, ok := p.terrain[feature][class]
	if !ok {
		return TerrainCost{}, fmt.Errorf("terrain effects: no cell for %q and %q", feature, class)
	}
	return c, nil
}

// compileTerrain reads every row and column of the Terrain Effects Chart,
// each cell in the grammar of parseTerrainCell.
func compileTerrain(name string, p *rules.ChartPack) (map[string]map[string]TerrainCost, error) {
	const table = "terrain-effects"
	t, err := p.Table(table)
	if err != nil {
		return nil, err
	}
	out := map[string]map[string]TerrainCost{}
	for _, r := range terrainRows {
		out[r] = map[string]TerrainCost{}
		hexside := strings.Contains(r, "hexside") || strings.Contains(r, "stream") || r == "brook" || strings.Contains(r, "slope")
		for _, col := range terrainCols {
			cell, err := t.Cell(table, r, col)
			if err != nil {
				return nil, fmt.Errorf("chart pack %s: %w", name, err)
			}
			c, err := parseTerrainCell(cell)
			if err != nil {
				return nil, fmt.Errorf("chart pack %s: table %s row %s column %s: %w", name, table, r, col, err)
			}
			for x := &c; x != nil; x = x.Or {
				if !x.Prohibited && x.Hexside != hexside {
					return nil, fmt.Errorf("chart pack %s: table %s row %s column %s: %q; a hexside costs +n, a hex n", name, table, r, col, cell)
				}
			}
			out[r][col] = c
		}
	}
	if len(t.Rows) != len(terrainRows) {
		for k := range t.Rows {
			if !contains(terrainRows, k) {
				return nil, fmt.Errorf("chart pack %s: table %s: unknown row %q", name, table, k)
			}
		}
	}
	return out, nil
}

// parseTerrainCell reads "2 GO", "+1 D G", "P" or "+2 GO | +1 D".
func parseTerrainCell(s string) (TerrainCost, error) {
	alts := strings.Split(s, "|")
	var first *TerrainCost
	var last *TerrainCost
	for _, a := range alts {
		f := strings.Fields(a)
		if len(f) == 0 {
			return TerrainCost{}, fmt.Errorf("empty cell %q", s)
		}
		var c TerrainCost
		if f[0] == "P" && len(f) == 1 {
			c.Prohibited = true
		} else {
			num := f[0]
			if strings.HasPrefix(num, "+") {
				c.Hexside, num = true, num[1:]
			}
			n, err := strconv.Atoi(num)
			if err != nil || n < 0 || n > 9 {
				return TerrainCost{}, fmt.Errorf("%q: %q is not a cost of 0 to 9 Movement Points", s, f[0])
			}
			c.MP = n
			for _, e := range f[1:] {
				switch e {
				case "GO":
					c.GeneralOrder = true
				case "D":
					c.Disorder = true
				case "G":
					c.GunCheck = true
				default:
					return TerrainCost{}, fmt.Errorf("%q: %q is not GO, D or G", s, e)
				}
			}
		}
		if first == nil {
			first = &c
		} else {
			last.Or = &c
		}
		last = &c
	}
	return *first, nil
}
