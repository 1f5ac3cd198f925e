package gbacw

import (
	"cmp"
	_ "embed"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"galloper/rules"
)

// The combat tables the Series Rules use but do not print (the Player Aid
// Card, the Range Effects Chart and the Terrain Effects Chart). Galloper
// ships charts/provisional.yaml, marked provisional, built from what the
// rules pin (docs/charts-gbacw.md); an owner loads the real cards in the
// same format, and a broken card is refused with an error naming the table
// and entry.

//go:embed charts/provisional.yaml
var provisionalPack []byte

// ProvisionalPackData returns the bytes of the shipped provisional pack.
func ProvisionalPackData() []byte { return append([]byte(nil), provisionalPack...) }

// CombatCharts holds the combat tables as typed lookups.
type CombatCharts struct {
	Pack *rules.ChartPack
	// Provisional is true for the shipped pack: every report of a game
	// that uses it must say so.
	Provisional     bool
	fire, artillery fireGrid
	ranges          map[string]RangeEffect
	shock           bandTable
	ratios          []ShockRatio
	adjustments     map[string]int
	preShock        map[string]int
	second          map[string]map[string][]string
	terrain         map[string]Terrain
	hexsides        map[string]HexsideCost
}

// LoadProvisionalCharts reads the shipped provisional pack.
func LoadProvisionalCharts() (*CombatCharts, error) {
	return LoadCombatCharts("charts/provisional.yaml", provisionalPack)
}

// LoadCombatCharts reads an owner's chart pack (or the provisional one)
// and checks it holds every combat table, complete and in range.
func LoadCombatCharts(name string, data []byte) (*CombatCharts, error) {
	p, err := rules.ParseChartPack(name, data)
	if err != nil {
		return nil, err
	}
	return compileCombat(p)
}

// compileCombat checks that a parsed pack holds every combat table,
// complete and in range, and compiles its lookups.
func compileCombat(p *rules.ChartPack) (*CombatCharts, error) {
	var err error
	if p.System != SystemID {
		return nil, fmt.Errorf("chart pack %s: system is %q, want %s", p.Name, p.System, SystemID)
	}
	c := &CombatCharts{Pack: p, Provisional: p.Provisional}
	if c.fire, err = compileFireGrid(p, "fire"); err != nil {
		return nil, err
	}
	if c.artillery, err = compileFireGrid(p, "artillery-fire"); err != nil {
		return nil, err
	}
	if c.ranges, err = compileRanges(p); err != nil {
		return nil, err
	}
	if c.shock, err = compileBandsWith(p, "shock-resolution", checkEffects(shockEffects), math.MinInt, math.MaxInt); err != nil {
		return nil, err
	}
	if c.ratios, err = compileRatios(p); err != nil {
		return nil, err
	}
	if c.adjustments, err = compileValues(p, "shock-adjustments", shockAdjustmentKeys, -10, 10); err != nil {
		return nil, err
	}
	if c.preShock, err = compileValues(p, "pre-shock", preShockKeys, -10, 10); err != nil {
		return nil, err
	}
	if c.second, err = compileSecondDisorder(p); err != nil {
		return nil, err
	}
	if c.terrain, err = compileTerrain(p); err != nil {
		return nil, err
	}
	if c.hexsides, err = compileHexsides(p); err != nil {
		return nil, err
	}
	return c, nil
}

// FireResult is one cell of the Fire or Artillery Fire Table
// (GBACW 10.17, 12.21, 12.32): step losses, then Disorder.
type FireResult struct {
	Code     string // as printed, e.g. "1d+2"; "-" for no effect
	Losses   int
	UDD      bool // "d": each affected unit makes a UDD
	UDDMod   int  // the +N of "d+N", added to the UDD
	Disorder bool // "D": automatic Disorder
}

// fireCode is the grammar of a fire result: "-", or losses and/or d, d+N, D.
var fireCode = regexp.MustCompile(`^(?:-|([1-9])?(?:(d)(?:\+([1-9]))?|(D))?)$`)

func parseFireResult(s string) (FireResult, error) {
	m := fireCode.FindStringSubmatch(s)
	if m == nil || s == "" {
		return FireResult{}, fmt.Errorf("%q is not a fire result (write -, 1, d, d+2, D, 1d+2 or 1D)", s)
	}
	r := FireResult{Code: s, UDD: m[2] == "d", Disorder: m[4] == "D"}
	r.Losses, _ = strconv.Atoi(m[1])
	r.UDDMod, _ = strconv.Atoi(m[3])
	return r, nil
}

// fireGrid is a fire table: rows are bands of adjusted rolls, columns
// bands of firing SPs.
type fireGrid struct {
	name  string
	rows  []band // result holds the row key
	cols  []band
	cells map[string][]FireResult // by row key, a cell per column
}

func compileFireGrid(p *rules.ChartPack, name string) (fireGrid, error) {
	t, err := p.Table(name)
	if err != nil {
		return fireGrid{}, err
	}
	where := fmt.Sprintf("chart pack %s: table %s", p.Name, name)
	g := fireGrid{name: name, cells: map[string][]FireResult{}}
	if len(t.Columns) == 0 || len(t.Rows) == 0 {
		return fireGrid{}, fmt.Errorf("%s: needs columns (firing SPs) and rows (adjusted rolls)", where)
	}
	for _, col := range t.Columns {
		b, err := parseBand(col)
		if err != nil {
			return fireGrid{}, fmt.Errorf("%s: column %q: %w", where, col, err)
		}
		b.result = col
		g.cols = append(g.cols, b)
	}
	for _, key := range sortedKeys(t.Rows) {
		cells := t.Rows[key]
		b, err := parseBand(key)
		if err != nil {
			return fireGrid{}, fmt.Errorf("%s: row %q: %w", where, key, err)
		}
		b.result = key
		g.rows = append(g.rows, b)
		for i, cell := range cells {
			r, err := parseFireResult(cell)
			if err != nil {
				return fireGrid{}, fmt.Errorf("%s: row %q column %q: %w", where, key, t.Columns[i], err)
			}
			g.cells[key] = append(g.cells[key], r)
		}
	}
	// The columns must keep their printed order, ascending.
	cols := slices.Clone(g.cols)
	if err := checkCover(where, "column", "SPs", cols, 1, math.MaxInt); err != nil {
		return fireGrid{}, err
	}
	if !slices.Equal(cols, g.cols) {
		return fireGrid{}, fmt.Errorf("%s: the columns are not in ascending order of SPs", where)
	}
	if err := checkCover(where, "row", "rolls", g.rows, math.MinInt, math.MaxInt); err != nil {
		return fireGrid{}, err
	}
	return g, nil
}

func (g fireGrid) lookup(sp, roll int) FireResult {
	if sp < 1 {
		panic(fmt.Sprintf("gbacw: %s with %d SPs", g.name, sp))
	}
	col := slices.IndexFunc(g.cols, func(b band) bool { return sp >= b.lo && sp <= b.hi })
	row := slices.IndexFunc(g.rows, func(b band) bool { return roll >= b.lo && roll <= b.hi })
	return g.cells[g.rows[row].result][col]
}

// Fire looks up small arms or canister fire (1-3 hexes) by firing SPs and
// adjusted roll. See GBACW 10.17, 10.67.
func (c *CombatCharts) Fire(sp, adjusted int) FireResult { return c.fire.lookup(sp, adjusted) }

// ArtilleryFire looks up Shot/Shell fire (4 hexes or more) by firing SPs
// (guns) and adjusted roll. See GBACW 10.67.
func (c *CombatCharts) ArtilleryFire(sp, adjusted int) FireResult {
	return c.artillery.lookup(sp, adjusted)
}

// RangeEffect is one weapon type's line of the Range Effects Chart
// (GBACW 10.16, 10.51, 10.68).
type RangeEffect struct {
	Max, Prepared int
	RapidFire     bool
	DRM           []int // DRM[r-1] is the DRM at range r, 1..Max
}

// Range returns a weapon type's range effects, or an error naming it.
func (c *CombatCharts) Range(weapon string) (RangeEffect, error) {
	r, ok := c.ranges[weapon]
	if !ok {
		return RangeEffect{}, fmt.Errorf("weapon type %q is not on the Range Effects Chart of chart pack %s (GBACW 10.16)", weapon, c.Pack.Name)
	}
	return r, nil
}

func compileRanges(p *rules.ChartPack) (map[string]RangeEffect, error) {
	const name = "range-effects"
	t, err := p.Table(name)
	if err != nil {
		return nil, err
	}
	where := fmt.Sprintf("chart pack %s: table %s", p.Name, name)
	if len(t.Columns) < 4 || !slices.Equal(t.Columns[:3], []string{"max", "prepared", "rapid-fire"}) {
		return nil, fmt.Errorf("%s: columns must be max, prepared, rapid-fire, then one per range 1, 2, ...", where)
	}
	for i, col := range t.Columns[3:] {
		if col != strconv.Itoa(i+1) {
			return nil, fmt.Errorf("%s: column %q should be range %d", where, col, i+1)
		}
	}
	ranges := len(t.Columns) - 3
	out := map[string]RangeEffect{}
	for _, w := range sortedKeys(t.Rows) {
		cells := t.Rows[w]
		e := RangeEffect{}
		e.Max, err = strconv.Atoi(cells[0])
		if err != nil || e.Max < 1 || e.Max > ranges {
			return nil, fmt.Errorf("%s: row %s: max range %q is not 1 to %d", where, w, cells[0], ranges)
		}
		e.Prepared, err = strconv.Atoi(cells[1])
		if err != nil || e.Prepared < 0 || e.Prepared > e.Max {
			return nil, fmt.Errorf("%s: row %s: prepared range %q is not 0 to the max range %d", where, w, cells[1], e.Max)
		}
		switch cells[2] {
		case "yes":
			e.RapidFire = true
		case "no":
		default:
			return nil, fmt.Errorf("%s: row %s: rapid-fire %q is not yes or no", where, w, cells[2])
		}
		for r := 1; r <= ranges; r++ {
			cell := cells[2+r]
			if r > e.Max {
				if cell != "x" {
					return nil, fmt.Errorf("%s: row %s: range %d is beyond the max range %d and must be x, not %q", where, w, r, e.Max, cell)
				}
				continue
			}
			n, err := strconv.Atoi(cell)
			if err != nil || n < -10 || n > 10 {
				return nil, fmt.Errorf("%s: row %s: the DRM at range %d, %q, is not a number from -10 to 10", where, w, r, cell)
			}
			e.DRM = append(e.DRM, n)
		}
		out[w] = e
	}
	return out, nil
}

// The effects a Shock Resolution result may list (GBACW 11.45, 12.42,
// 11.47, 11.64, 12.51, 8.36).
var shockEffects = []string{"no-effect", "attacker-retreat-1", "defender-retreat-1", "defender-retreat-2",
	"attacker-may-continue", "defender-may-continue", "defender-rout-check", "artillery-abandoned", "bloody-standoff",
	"attacker-disorder", "defender-disorder", "attacker-loss-1", "defender-loss-1", "attacker-loss-2", "defender-loss-2"}

func checkEffects(allowed []string) func(string) error {
	return func(v string) error {
		fs := strings.Fields(v)
		if len(fs) == 0 {
			return fmt.Errorf("no effects (write no-effect)")
		}
		for _, f := range fs {
			if !slices.Contains(allowed, f) {
				return fmt.Errorf("effect %q is not one of %s", f, strings.Join(allowed, ", "))
			}
		}
		return nil
	}
}

// ShockResult returns the effects of an adjusted Shock Resolution roll, in
// the order they apply. See GBACW 11.45.
func (c *CombatCharts) ShockResult(adjusted int) []string {
	return strings.Fields(c.shock.lookup(adjusted))
}

// ShockRatio is one ratio of the Shock Ratio Chart with its DRM.
type ShockRatio struct {
	Name     string // e.g. "1½-1"
	num, den int    // the ratio's value, num/den
	DRM      int
}

// parseRatio reads "a-b" where a and b are whole numbers or end in ½.
func parseRatio(s string) (num, den int, err error) {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		return 0, 0, fmt.Errorf("%q is not a ratio like 2-1 or 1½-1", s)
	}
	half := func(x string) (int, error) { // in halves
		h := 0
		if strings.HasSuffix(x, "½") {
			x, h = strings.TrimSuffix(x, "½"), 1
		}
		n, err := strconv.Atoi(x)
		if err != nil || n < 0 || n > 20 || n*2+h == 0 {
			return 0, fmt.Errorf("%q is not a ratio like 2-1 or 1½-1", s)
		}
		return n*2 + h, nil
	}
	if num, err = half(a); err != nil {
		return 0, 0, err
	}
	if den, err = half(b); err != nil {
		return 0, 0, err
	}
	return num, den, nil
}

func compileRatios(p *rules.ChartPack) ([]ShockRatio, error) {
	const name = "shock-ratio"
	t, err := p.Table(name)
	if err != nil {
		return nil, err
	}
	where := fmt.Sprintf("chart pack %s: table %s", p.Name, name)
	if len(t.Columns) != 1 || t.Columns[0] != "drm" {
		return nil, fmt.Errorf("%s: columns are %q, want [drm]", where, t.Columns)
	}
	var out []ShockRatio
	for _, key := range sortedKeys(t.Rows) {
		cells := t.Rows[key]
		r := ShockRatio{Name: key}
		if r.num, r.den, err = parseRatio(key); err != nil {
			return nil, fmt.Errorf("%s: row %w", where, err)
		}
		if r.DRM, err = strconv.Atoi(cells[0]); err != nil || r.DRM < -10 || r.DRM > 10 {
			return nil, fmt.Errorf("%s: row %s: DRM %q is not a number from -10 to 10", where, key, cells[0])
		}
		out = append(out, r)
	}
	slices.SortFunc(out, func(a, b ShockRatio) int { return cmp.Compare(a.num*b.den, b.num*a.den) })
	for i := 1; i < len(out); i++ {
		if out[i].num*out[i-1].den == out[i-1].num*out[i].den {
			return nil, fmt.Errorf("%s: rows %s and %s are the same ratio", where, out[i-1].Name, out[i].Name)
		}
		if out[i].DRM < out[i-1].DRM {
			return nil, fmt.Errorf("%s: the DRM of %s is lower than that of %s; better odds never give a lower DRM", where, out[i].Name, out[i-1].Name)
		}
	}
	// See GBACW 11.43: below 1-4 is 1-4, above 5-1 is 5-1.
	if len(out) == 0 || out[0].num*4 != out[0].den || out[len(out)-1].num != 5*out[len(out)-1].den {
		return nil, fmt.Errorf("%s: the ratios must run from 1-4 to 5-1 (GBACW 11.43)", where)
	}
	return out, nil
}

// Ratio reduces attacker to defender strength, both in half SPs (mounted
// cavalry may be halved, 11.43), to a ratio of the Shock Ratio Chart:
// rounded in the attacker's favour when favourAttacker, else in the
// defender's; clamped to 1-4 and 5-1. See GBACW 11.43.
func (c *CombatCharts) Ratio(attackerHalves, defenderHalves int, favourAttacker bool) ShockRatio {
	rs := c.ratios
	if defenderHalves <= 0 {
		return rs[len(rs)-1]
	}
	// at least reports whether attacker/defender >= r.
	at := func(r ShockRatio) int { return cmp.Compare(attackerHalves*r.den, defenderHalves*r.num) }
	if favourAttacker {
		// The lowest ratio at or above the odds.
		for _, r := range rs {
			if at(r) <= 0 {
				return r
			}
		}
		return rs[len(rs)-1]
	}
	// The highest ratio at or below the odds.
	for i := len(rs) - 1; i >= 0; i-- {
		if at(rs[i]) >= 0 {
			return rs[i]
		}
	}
	return rs[0]
}

// The keys of the shock adjustments and pre-shock values.
var (
	shockAdjustmentKeys = []string{"surrounded", "front-and-flank-or-rear", "flank", "rear", "charge", "countercharged-infantry",
		"continued-shock", "breastworks", "no-brigadier", "aggressive-brigadier", "untargeted-front", "attacker-disordered", "defender-disordered"}
	preShockKeys = []string{"march", "charge", "breastworks", "flank-or-rear"}
)

// ShockDRM returns a named Shock Adjustment (GBACW 11.42).
func (c *CombatCharts) ShockDRM(key string) int { return c.adjustments[key] }

// PreShockDRM returns a named Defender Pre-Shock DRM (GBACW 11.37).
func (c *CombatCharts) PreShockDRM(key string) int { return c.preShock[key] }

func compileValues(p *rules.ChartPack, name string, keys []string, lo, hi int) (map[string]int, error) {
	t, err := p.Table(name)
	if err != nil {
		return nil, err
	}
	where := fmt.Sprintf("chart pack %s: table %s", p.Name, name)
	out := map[string]int{}
	for _, k := range keys {
		v, err := t.Value(name, k)
		if err != nil {
			return nil, fmt.Errorf("chart pack %s: %w", p.Name, err)
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < lo || n > hi {
			return nil, fmt.Errorf("%s: value %s: %q is not a number from %d to %d", where, k, v, lo, hi)
		}
		out[k] = n
	}
	for _, k := range sortedKeys(t.Values) {
		if !slices.Contains(keys, k) {
			return nil, fmt.Errorf("%s: unknown value %q (the values are %s)", where, k, strings.Join(keys, ", "))
		}
	}
	return out, nil
}

// The causes of a 2nd Disorder and their effects (GBACW 12.35-12.36).
var (
	secondDisorderCauses  = []string{"fire", "shock", "reaction-facing", "adjacent-rout", "friendly-fire", "retreat-through", "terrain", "post-shock"}
	secondDisorderEffects = []string{"none", "lose-1", "retreat-1-2", "no-more-return-fire", "udd-rout", "abandoned",
		"no-return-fire-at-trigger", "stop", "blown-if-mounted", "lose-1-if-not-mounted"}
)

// SecondDisorder returns the effects of a 2nd Disorder from cause on an
// artillery unit or not, in order. See GBACW 12.35-12.36.
func (c *CombatCharts) SecondDisorder(cause string, artillery bool) ([]string, error) {
	row, ok := c.second[cause]
	if !ok {
		return nil, fmt.Errorf("no 2nd Disorder cause %q (the causes are %s)", cause, strings.Join(secondDisorderCauses, ", "))
	}
	if artillery {
		return row["artillery"], nil
	}
	return row["infantry-cavalry"], nil
}

func compileSecondDisorder(p *rules.ChartPack) (map[string]map[string][]string, error) {
	const name = "second-disorder"
	t, err := p.Table(name)
	if err != nil {
		return nil, err
	}
	where := fmt.Sprintf("chart pack %s: table %s", p.Name, name)
	if !slices.Equal(t.Columns, []string{"infantry-cavalry", "artillery"}) {
		return nil, fmt.Errorf("%s: columns are %q, want [infantry-cavalry, artillery]", where, t.Columns)
	}
	check := checkEffects(secondDisorderEffects)
	out := map[string]map[string][]string{}
	for _, cause := range secondDisorderCauses {
		cells, ok := t.Rows[cause]
		if !ok {
			return nil, fmt.Errorf("%s: missing row %q", where, cause)
		}
		out[cause] = map[string][]string{}
		for i, col := range t.Columns {
			if err := check(cells[i]); err != nil {
				return nil, fmt.Errorf("%s: row %s column %s: %w", where, cause, col, err)
			}
			out[cause][col] = strings.Fields(cells[i])
		}
	}
	for _, k := range sortedKeys(t.Rows) {
		if !slices.Contains(secondDisorderCauses, k) {
			return nil, fmt.Errorf("%s: unknown row %q (the causes are %s)", where, k, strings.Join(secondDisorderCauses, ", "))
		}
	}
	return out, nil
}

// Terrain is one hex type of the Terrain Effects Chart (GBACW 9.41-9.47,
// 10.22-10.23, 10.81, 11.42). An MP cost of 0 means prohibited.
type Terrain struct {
	Infantry, Cavalry, Artillery, Leader int
	Disorder                             string // "-", "d", "dr" or "D" (9.47)
	BlocksLOS                            bool
	Height                               int // levels above the base elevation (10.23)
	FireDRM, ShockDRM                    int
}

// Terrain returns a hex type of the Terrain Effects Chart, or an error.
func (c *CombatCharts) Terrain(kind string) (Terrain, error) {
	t, ok := c.terrain[kind]
	if !ok {
		return Terrain{}, fmt.Errorf("terrain %q is not on the Terrain Effects Chart of chart pack %s", kind, c.Pack.Name)
	}
	return t, nil
}

func compileTerrain(p *rules.ChartPack) (map[string]Terrain, error) {
	const name = "terrain"
	t, err := p.Table(name)
	if err != nil {
		return nil, err
	}
	where := fmt.Sprintf("chart pack %s: table %s", p.Name, name)
	want := []string{"infantry", "cavalry", "artillery", "leader", "disorder", "blocks", "height", "fire", "shock"}
	if !slices.Equal(t.Columns, want) {
		return nil, fmt.Errorf("%s: columns are %q, want %q", where, t.Columns, want)
	}
	for _, row := range []string{"clear", "breastworks"} { // 15.22
		if _, ok := t.Rows[row]; !ok {
			return nil, fmt.Errorf("%s: missing row %q", where, row)
		}
	}
	out := map[string]Terrain{}
	for _, kind := range sortedKeys(t.Rows) {
		cells := t.Rows[kind]
		num := func(i, lo, hi int) (int, error) {
			n, err := strconv.Atoi(cells[i])
			if err != nil || n < lo || n > hi {
				return 0, fmt.Errorf("%s: row %s column %s: %q is not a number from %d to %d", where, kind, want[i], cells[i], lo, hi)
			}
			return n, nil
		}
		var tr Terrain
		for i, dst := range []*int{&tr.Infantry, &tr.Cavalry, &tr.Artillery, &tr.Leader} {
			if cells[i] == "P" {
				continue
			}
			if *dst, err = num(i, 1, 20); err != nil {
				return nil, fmt.Errorf("%w (or P, prohibited)", err)
			}
		}
		if tr.Disorder = cells[4]; !slices.Contains([]string{"-", "d", "dr", "D"}, tr.Disorder) {
			return nil, fmt.Errorf("%s: row %s column disorder: %q is not -, d, dr or D", where, kind, cells[4])
		}
		switch cells[5] {
		case "yes":
			tr.BlocksLOS = true
		case "no":
		default:
			return nil, fmt.Errorf("%s: row %s column blocks: %q is not yes or no", where, kind, cells[5])
		}
		if tr.Height, err = num(6, 0, 5); err != nil {
			return nil, err
		}
		if tr.FireDRM, err = num(7, -10, 10); err != nil {
			return nil, err
		}
		if tr.ShockDRM, err = num(8, -10, 10); err != nil {
			return nil, err
		}
		out[kind] = tr
	}
	return out, nil
}
