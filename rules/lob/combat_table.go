package lob

import (
	"fmt"
	"strconv"
	"strings"

	"galloper/rules"
)

// Depletion zones of the Combat Table (LoB 8.2a).
const (
	// ZoneCanister (the blue zone) depletes artillery only if it fired Canister.
	ZoneCanister = "blue"
	// ZoneAny (the reddish zone) depletes artillery whatever it fired.
	ZoneAny = "red"
)

// CombatResult is one cell of the Combat Table (LoB 5.6).
type CombatResult struct {
	// Check is true when the target makes a Morale Check: on an "m"
	// (5.6a) and on every numeric result (5.6b).
	Check bool
	// Loss is the SPs lost; a loss also calls a Leader Loss Check (5.6b).
	Loss int
	// Zone is the Depletion colour of the roll: "", ZoneCanister or ZoneAny.
	Zone string
}

// Depletes reports whether the shot depletes a battery (LoB 8.2a): the red
// zone always, the blue zone only when Canister was fired.
func (r CombatResult) Depletes(canister bool) bool {
	return r.Zone == ZoneAny || (r.Zone == ZoneCanister && canister)
}

// String prints the cell as the pack writes it: "-", "m" or the loss,
// then the colour.
func (r CombatResult) String() string {
	s := r.token()
	if r.Zone != "" {
		s += " " + r.Zone
	}
	return s
}

// token is the result without its colour.
func (r CombatResult) token() string {
	switch {
	case r.Loss > 0:
		return strconv.Itoa(r.Loss)
	case r.Check:
		return "m"
	}
	return "-"
}

// parseCombatResult reads a Combat Table cell: "-", "m" or a loss,
// optionally followed by "blue" or "red".
func parseCombatResult(s string) (CombatResult, error) {
	f := strings.Fields(s)
	if len(f) == 0 || len(f) > 2 {
		return CombatResult{}, fmt.Errorf("%q is not a result (\"-\", \"m\" or SPs lost, then blue or red)", s)
	}
	var r CombatResult
	switch f[0] {
	case "-":
	case "m":
		r.Check = true
	default:
		n, err := strconv.Atoi(f[0])
		if err != nil || n < 1 {
			return CombatResult{}, fmt.Errorf("%q is not a result (\"-\", \"m\" or SPs lost)", f[0])
		}
		r.Check, r.Loss = true, n
	}
	if len(f) == 2 {
		if f[1] != ZoneCanister && f[1] != ZoneAny {
			return CombatResult{}, fmt.Errorf("%q is not a Depletion colour (blue or red)", f[1])
		}
		r.Zone = f[1]
	}
	return r, nil
}

// combatColumn is one heading of the Combat Table: a shift-only column
// ("-3") or a range of modified SPs ("4-5", "8", "15+").
type combatColumn struct {
	label     string
	shiftOnly bool
	lo, hi    int // SPs; hi < 0 for an open column ("15+")
}

// combatTable is the compiled Combat Table (LoB 5.6).
type combatTable struct {
	cols    []combatColumn
	firstSP int              // index of the first SP column
	cells   [][]CombatResult // [column][roll-2]
}

// longRangeRow is the reduced row for shots at long range (LoB 5.6,
// v2.0 Change Notes): from what range, and what each result becomes.
type longRangeRow struct {
	from   int
	reduce map[string]CombatResult
}

// parseCombatColumn reads a heading. Shift-only columns are negative
// numbers; SP columns are "N", "N-M" or "N+".
func parseCombatColumn(s string) (combatColumn, error) {
	bad := fmt.Errorf("column %q is not a heading (\"-N\", \"N\", \"N-M\" or \"N+\")", s)
	if strings.HasPrefix(s, "-") {
		n, err := strconv.Atoi(s)
		if err != nil || n >= 0 {
			return combatColumn{}, bad
		}
		return combatColumn{label: s, shiftOnly: true}, nil
	}
	if lo, ok := strings.CutSuffix(s, "+"); ok {
		n, err := strconv.Atoi(lo)
		if err != nil || n < 0 {
			return combatColumn{}, bad
		}
		return combatColumn{label: s, lo: n, hi: -1}, nil
	}
	a, b, ranged := strings.Cut(s, "-")
	lo, err1 := strconv.Atoi(a)
	hi, err2 := lo, error(nil)
	if ranged {
		hi, err2 = strconv.Atoi(b)
	}
	if err1 != nil || err2 != nil || lo < 0 || hi < lo {
		return combatColumn{}, bad
	}
	return combatColumn{label: s, lo: lo, hi: hi}, nil
}

// compileCombat reads the Combat Table, its long range row and the
// column shift lists (LoB 5.5, 5.6, 5.8a, 9.4g).
func (f *fieldCharts) compileCombat(p *rules.ChartPack) error {
	r, err := readTable(p, "combat")
	if err != nil {
		return err
	}
	if f.combat, err = compileCombatTable(r); err != nil {
		return err
	}
	if f.longRange, err = compileLongRange(p, f.combat); err != nil {
		return err
	}
	sh, err := readTable(p, "combat-shifts")
	if err != nil {
		return err
	}
	if f.shifts, err = sh.intValues(); err != nil {
		return err
	}
	if _, err := sh.intValue("cbf-per-level"); err != nil {
		return err
	}
	f.rangeRows, err = compileRangeShifts(p)
	return err
}

// compileCombatTable reads the headings and every cell for rolls 2 to 12.
func compileCombatTable(r tableReader) (combatTable, error) {
	t, err := combatHeadings(r)
	if err != nil {
		return t, err
	}
	for _, c := range t.cols {
		var col []CombatResult
		for _, row := range rollRows(2, 12) {
			s, err := r.cell(row, c.label)
			if err != nil {
				return t, err
			}
			res, err := parseCombatResult(s)
			if err != nil {
				return t, r.errorf("row %s column %s: %v", row, c.label, err)
			}
			col = append(col, res)
		}
		t.cells = append(t.cells, col)
	}
	return t, nil
}

// combatHeadings checks the headings: shift-only columns first, then SP
// ranges that follow on from each other, an open one only last.
func combatHeadings(r tableReader) (combatTable, error) {
	t := combatTable{firstSP: -1}
	next := 0
	for i, label := range r.t.Columns {
		c, err := parseCombatColumn(label)
		if err != nil {
			return t, r.errorf("%v", err)
		}
		switch {
		case c.shiftOnly && t.firstSP >= 0:
			return t, r.errorf("shift-only column %q after the SP columns", label)
		case c.shiftOnly:
		case t.firstSP < 0:
			t.firstSP, next = i, c.lo
			fallthrough
		default:
			if c.lo != next {
				return t, r.errorf("column %q does not follow on from the previous column (want %d SPs next)", label, next)
			}
			if c.hi < 0 && i != len(r.t.Columns)-1 {
				return t, r.errorf("open column %q is not the last", label)
			}
			next = c.hi + 1
		}
		t.cols = append(t.cols, c)
	}
	if t.firstSP < 0 {
		return t, r.errorf("has no SP columns")
	}
	return t, nil
}

// compileLongRange reads the reduced long range row; every result the
// Combat Table uses must have a reduction.
func compileLongRange(p *rules.ChartPack, t combatTable) (longRangeRow, error) {
	r, err := readTable(p, "combat-long-range")
	if err != nil {
		return longRangeRow{}, err
	}
	lr := longRangeRow{reduce: map[string]CombatResult{}}
	if lr.from, err = r.intValue("from"); err != nil {
		return lr, err
	}
	for _, col := range t.cells {
		for _, res := range col {
			key := res.token()
			if _, done := lr.reduce[key]; done {
				continue
			}
			v, err := r.value(key)
			if err != nil {
				return lr, err
			}
			red, err := parseCombatResult(v)
			if err != nil || red.Zone != "" {
				return lr, r.errorf("value %s: %q is not a result (\"-\", \"m\" or SPs lost)", key, v)
			}
			lr.reduce[key] = red
		}
	}
	return lr, nil
}

// compileRangeShifts reads the Small Arms range shifts, one row for
// ordinary Small Arms and one for Sharpshooters (LoB 9.4g).
func compileRangeShifts(p *rules.ChartPack) (map[string][]int, error) {
	r, err := readTable(p, "small-arms-range-shifts")
	if err != nil {
		return nil, err
	}
	for i, c := range r.t.Columns {
		if c != strconv.Itoa(i+1) {
			return nil, r.errorf("column %q: want the ranges 1, 2, 3 ... in order", c)
		}
	}
	if len(r.t.Columns) == 0 {
		return nil, r.errorf("has no columns (ranges)")
	}
	out := map[string][]int{}
	for _, row := range []string{"normal", "sharpshooter"} {
		for _, col := range r.t.Columns {
			n, err := r.intCell(row, col)
			if err != nil {
				return nil, err
			}
			out[row] = append(out[row], n)
		}
	}
	return out, nil
}

// CombatColumn finds the Combat Table column of a shot (LoB 5.6): the
// column whose heading holds the firing SPs, halved with fractions dropped
// when the firers are DG (FiringSPs), moved by the net column shifts, right
// for positive. A shot shifted off the left side does not happen (5.2d):
// fires is false. Off the right side it uses the last column (5.2e). SPs
// below the first heading are off the table too.
func (f *fieldCharts) CombatColumn(sps int, dg bool, shift int) (col int, fires bool) {
	t := f.combat
	sps = FiringSPs(sps, dg)
	start := -1
	for i := t.firstSP; i < len(t.cols); i++ {
		c := t.cols[i]
		if sps >= c.lo && (c.hi < 0 || sps <= c.hi) {
			start = i
			break
		}
	}
	last := len(t.cols) - 1
	switch {
	case start < 0 && t.cols[last].hi >= 0 && sps > t.cols[last].hi:
		start = last // above a closed last heading
	case start < 0:
		return 0, false
	}
	col = start + shift
	if col < 0 {
		return 0, false
	}
	return min(col, last), true
}

// CombatLabel is the heading of a Combat Table column.
func (f *fieldCharts) CombatLabel(col int) string {
	if col < 0 || col >= len(f.combat.cols) {
		return "?"
	}
	return f.combat.cols[col].label
}

// Combat reads the Combat Table for a column and a 2d6 roll (LoB 5.6). At
// a range of the long range row or more, the result is reduced (v2.0
// Change Notes); the Depletion colour of the roll stays (8.2a).
func (f *fieldCharts) Combat(col, roll, rng int) (CombatResult, error) {
	if col < 0 || col >= len(f.combat.cols) {
		return CombatResult{}, fmt.Errorf("combat table (LoB 5.6): no column %d", col)
	}
	if roll < 2 || roll > 12 {
		return CombatResult{}, fmt.Errorf("combat table (LoB 5.6): roll %d is not 2-12", roll)
	}
	res := f.combat.cells[col][roll-2]
	if rng >= f.longRange.from {
		red := f.longRange.reduce[res.token()]
		red.Zone = res.Zone
		res = red
	}
	return res, nil
}

// CombatShift is a named column shift of the list beside the Combat Table
// (LoB 5.5, 3.3, 1.7e, 1.7j, 9.4d, 9.5e).
func (f *fieldCharts) CombatShift(name string) (int, error) {
	n, ok := f.shifts[name]
	if !ok {
		return 0, fmt.Errorf("combat-shifts (LoB 5.5): no shift %q", name)
	}
	return n, nil
}

// CBFShift is the shift for fires a CBF-marked hex's artillery joins: the
// hex's CBF level times the pack's per-level shift (LoB 5.8a, 5.8b).
func (f *fieldCharts) CBFShift(level int) int {
	return level * f.shifts["cbf-per-level"]
}

// SmallArmsRangeShift is the Small Arms range shift at a range, from the
// Sharpshooter row for Sharpshooters (LoB 5.6, 9.4g). Ranges beyond the
// last column use the last column.
func (f *fieldCharts) SmallArmsRangeShift(rng int, sharpshooter bool) int {
	row := f.rangeRows["normal"]
	if sharpshooter {
		row = f.rangeRows["sharpshooter"]
	}
	return row[min(max(rng, 1), len(row))-1]
}
