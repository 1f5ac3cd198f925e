package gbacw

import (
	"cmp"
	_ "embed"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"galloper/rules"
)

// The tables the Series Rules print are data, in charts/series.yaml; they
// are read once by the loader below, which checks shape, ranges and
// completeness and names the table and entry of any fault.

//go:embed charts/series.yaml
var seriesPack []byte

// SeriesPackData returns the bytes of the printed tables' pack.
func SeriesPackData() []byte { return append([]byte(nil), seriesPack...) }

// Charts holds the printed tables of the Series Rules as typed lookups.
type Charts struct {
	Pack         *rules.ChartPack
	ordersChange bandTable
	unreliable   bandTable
	coordination bandTable
	comparison   map[Orders]OrdersProfile
}

// LoadSeriesCharts reads the embedded printed tables.
func LoadSeriesCharts() (*Charts, error) {
	p, err := rules.ParseChartPack("charts/series.yaml", seriesPack)
	if err != nil {
		return nil, err
	}
	return CompileSeriesCharts(p)
}

// CompileSeriesCharts checks a pack holds the printed tables of the Series
// Rules, complete and in range, and reads them into typed lookups.
func CompileSeriesCharts(p *rules.ChartPack) (*Charts, error) {
	if p.System != SystemID {
		return nil, fmt.Errorf("chart pack %s: system is %q, want %s", p.Name, p.System, SystemID)
	}
	c := &Charts{Pack: p}
	var err error
	// See GBACW 6.23: the adjusted roll may fall anywhere, so the bands are open.
	if c.ordersChange, err = compileBands(p, "orders-change", OrdersChangeResults, math.MinInt, math.MaxInt); err != nil {
		return nil, err
	}
	// See GBACW 6.24: an unmodified d10, 0-9 (2.5).
	if c.unreliable, err = compileBands(p, "loose-cannon-unreliable", []string{"aggressive", "normal", "cautious"}, 0, 9); err != nil {
		return nil, err
	}
	// See GBACW 5.34.
	if c.coordination, err = compileBands(p, "brigade-coordination", CoordinationResults, math.MinInt, math.MaxInt); err != nil {
		return nil, err
	}
	if c.comparison, err = compileComparison(p); err != nil {
		return nil, err
	}
	return c, nil
}

// band is one row of a die-roll table: adjusted rolls lo..hi give result.
type band struct {
	lo, hi int
	result string
}

// bandTable is a die-roll table whose rows are bands of rolls.
type bandTable struct {
	name  string
	bands []band // ascending, contiguous
}

// lookup returns the result for an adjusted roll. The loader has checked
// that the bands cover every roll the table is used for.
func (t bandTable) lookup(roll int) string {
	for _, b := range t.bands {
		if roll >= b.lo && roll <= b.hi {
			return b.result
		}
	}
	panic(fmt.Sprintf("gbacw: table %s has no row for roll %d", t.name, roll))
}

// compileBands reads a one-column band table. The bands must be
// contiguous, must not overlap and must cover lo..hi exactly
// (math.MinInt and math.MaxInt for open ends); every result must be one of
// allowed.
func compileBands(p *rules.ChartPack, name string, allowed []string, lo, hi int) (bandTable, error) {
	return compileBandsWith(p, name, func(v string) error {
		if !slices.Contains(allowed, v) {
			return fmt.Errorf("result %q is not one of %s", v, strings.Join(allowed, ", "))
		}
		return nil
	}, lo, hi)
}

// compileBandsWith is compileBands with a check of each result.
func compileBandsWith(p *rules.ChartPack, name string, check func(string) error, lo, hi int) (bandTable, error) {
	t, err := p.Table(name)
	if err != nil {
		return bandTable{}, err
	}
	where := fmt.Sprintf("chart pack %s: table %s", p.Name, name)
	if len(t.Columns) != 1 || t.Columns[0] != "result" {
		return bandTable{}, fmt.Errorf("%s: columns are %q, want [result]", where, t.Columns)
	}
	bt := bandTable{name: name}
	for _, key := range sortedKeys(t.Rows) {
		cells := t.Rows[key]
		b, err := parseBand(key)
		if err != nil {
			return bandTable{}, fmt.Errorf("%s: row %q: %w", where, key, err)
		}
		if err := check(cells[0]); err != nil {
			return bandTable{}, fmt.Errorf("%s: row %q: %w", where, key, err)
		}
		b.result = cells[0]
		bt.bands = append(bt.bands, b)
	}
	if len(bt.bands) == 0 {
		return bandTable{}, fmt.Errorf("%s: no rows", where)
	}
	if err := checkCover(where, "row", "rolls", bt.bands, lo, hi); err != nil {
		return bandTable{}, err
	}
	return bt, nil
}

// checkCover sorts bands and checks they are contiguous, do not overlap
// and cover lo..hi exactly. what names a band ("row", "column") and of
// what ("rolls", "SPs") in errors.
func checkCover(where, what, of string, bands []band, lo, hi int) error {
	slices.SortFunc(bands, func(a, b band) int { return cmp.Compare(a.lo, b.lo) })
	if first := bands[0]; first.lo != lo {
		return fmt.Errorf("%s: the first %s starts at %s; the table must start at %s", where, what, showRoll(first.lo), showRoll(lo))
	}
	for i := 1; i < len(bands); i++ {
		prev, b := bands[i-1], bands[i]
		switch {
		case b.lo <= prev.hi:
			return fmt.Errorf("%s: %ss %s and %s overlap", where, what, showBand(prev), showBand(b))
		case b.lo != prev.hi+1:
			return fmt.Errorf("%s: no %s for %s %s..%d (between %ss %s and %s)", where, what, of, strconv.Itoa(prev.hi+1), b.lo-1, what, showBand(prev), showBand(b))
		}
	}
	if last := bands[len(bands)-1]; last.hi != hi {
		return fmt.Errorf("%s: the last %s ends at %s; the table must end at %s", where, what, showRoll(last.hi), showRoll(hi))
	}
	return nil
}

// parseBand reads a band key: "4", "2..3", "..1" (1 or less), "6.." (6 or more).
func parseBand(key string) (band, error) {
	lo, hi, isRange := strings.Cut(key, "..")
	if !isRange {
		n, err := strconv.Atoi(key)
		if err != nil {
			return band{}, fmt.Errorf("not a roll or a band of rolls (write 4, 2..3, ..1 or 6..)")
		}
		return band{lo: n, hi: n}, nil
	}
	b := band{lo: math.MinInt, hi: math.MaxInt}
	var err error
	if lo != "" {
		if b.lo, err = strconv.Atoi(lo); err != nil {
			return band{}, fmt.Errorf("%q is not a roll", lo)
		}
	}
	if hi != "" {
		if b.hi, err = strconv.Atoi(hi); err != nil {
			return band{}, fmt.Errorf("%q is not a roll", hi)
		}
	}
	if lo == "" && hi == "" {
		return band{}, fmt.Errorf("a band needs at least one end")
	}
	if b.lo > b.hi {
		return band{}, fmt.Errorf("the band runs backwards")
	}
	return b, nil
}

func showRoll(n int) string {
	switch n {
	case math.MinInt:
		return "no lower end"
	case math.MaxInt:
		return "no upper end"
	}
	return strconv.Itoa(n)
}

func showBand(b band) string {
	l, h := "", ""
	if b.lo != math.MinInt {
		l = strconv.Itoa(b.lo)
	}
	if b.hi != math.MaxInt {
		h = strconv.Itoa(b.hi)
	}
	if b.lo == b.hi {
		return strconv.Quote(l)
	}
	return strconv.Quote(l + ".." + h)
}
