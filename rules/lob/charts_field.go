package lob

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"galloper/rules"
)

// fieldCharts holds the field tables of a chart pack (LoB 3.0-9.4),
// compiled once into typed lookups. The lookups are methods on it and
// pure: they read only the compiled values.
type fieldCharts struct {
	combat    combatTable
	longRange longRangeRow
	shifts    map[string]int
	rangeRows map[string][]int // small-arms range shifts by row, [range-1]
	smallArms map[string]SmallArmsWeapon
	guns      map[string]ArtilleryWeapon
	canister  canisterRules
	threshold []int // [firing SPs - 1]
	volley    volleyTable
	morale    moraleTable
	moraleMod map[string]int
	charge    []chargeBand
	additive  map[MoraleMarker]map[MoraleMarker]MoraleMarker
	closing   closingTable
	leader    leaderLossTable
	movement  movementTables
}

// compileFieldCharts reads every field table of p. Each error names the
// pack, the table and the row, column or value that is missing or
// malformed.
func compileFieldCharts(p *rules.ChartPack) (*fieldCharts, error) {
	f := &fieldCharts{}
	steps := []func(*rules.ChartPack) error{
		f.compileCombat, f.compileWeapons, f.compileVolley, f.compileMorale,
		f.compileClosing, f.compileLeaderLoss, f.compileMovement,
	}
	for _, step := range steps {
		if err := step(p); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// tableReader reads the cells of one table of a pack with errors that name
// the pack, table, row and column.
type tableReader struct {
	pack, name string
	t          rules.ChartTable
}

// readTable returns a reader for the named table or an error naming it.
func readTable(p *rules.ChartPack, name string) (tableReader, error) {
	t, err := p.Table(name)
	if err != nil {
		return tableReader{}, err
	}
	return tableReader{pack: p.Name, name: name, t: t}, nil
}

// errorf formats an error about this table.
func (r tableReader) errorf(format string, args ...any) error {
	return fmt.Errorf("chart pack %s: table %s: %s", r.pack, r.name, fmt.Sprintf(format, args...))
}

// needColumns checks that the table has exactly these columns, in order.
func (r tableReader) needColumns(want ...string) error {
	for i, w := range want {
		if i >= len(r.t.Columns) || r.t.Columns[i] != w {
			return r.errorf("missing column %q (want columns %s)", w, strings.Join(want, ", "))
		}
	}
	if len(r.t.Columns) != len(want) {
		return r.errorf("has %d columns, want %d (%s)", len(r.t.Columns), len(want), strings.Join(want, ", "))
	}
	return nil
}

// cell returns the trimmed cell at row and column.
func (r tableReader) cell(row, col string) (string, error) {
	c, err := r.t.Cell(r.name, row, col)
	if err != nil {
		return "", fmt.Errorf("chart pack %s: %w", r.pack, err)
	}
	return strings.TrimSpace(c), nil
}

// value returns the trimmed named value.
func (r tableReader) value(key string) (string, error) {
	v, err := r.t.Value(r.name, key)
	if err != nil {
		return "", fmt.Errorf("chart pack %s: %w", r.pack, err)
	}
	return strings.TrimSpace(v), nil
}

// intCell reads a cell as a whole number (a leading "+" is allowed).
func (r tableReader) intCell(row, col string) (int, error) {
	c, err := r.cell(row, col)
	if err != nil {
		return 0, err
	}
	n, err := parseSigned(c)
	if err != nil {
		return 0, r.errorf("row %s column %s: %q is not a whole number", row, col, c)
	}
	return n, nil
}

// intValue reads a named value as a whole number.
func (r tableReader) intValue(key string) (int, error) {
	v, err := r.value(key)
	if err != nil {
		return 0, err
	}
	n, err := parseSigned(v)
	if err != nil {
		return 0, r.errorf("value %s: %q is not a whole number", key, v)
	}
	return n, nil
}

// intValues reads every named value of the table as a whole number.
func (r tableReader) intValues() (map[string]int, error) {
	out := map[string]int{}
	for _, k := range slices.Sorted(maps.Keys(r.t.Values)) {
		n, err := r.intValue(k)
		if err != nil {
			return nil, err
		}
		out[k] = n
	}
	return out, nil
}

// parseSigned reads "3", "+3" or "-3".
func parseSigned(s string) (int, error) {
	return strconv.Atoi(strings.TrimPrefix(s, "+"))
}

// rollRows returns the row names lo..hi.
func rollRows(lo, hi int) []string {
	var rows []string
	for n := lo; n <= hi; n++ {
		rows = append(rows, strconv.Itoa(n))
	}
	return rows
}
