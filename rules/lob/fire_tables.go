package lob

import (
	"fmt"
	"slices"
	"strconv"

	"galloper/rules"
)

// Opening Volley situations (LoB 5.4, 7.0d): the range columns "1" to "3"
// and these.
const (
	VolleyCharge    = "charge"
	VolleyShiftOnly = "shift-only"
)

// Leader Loss Table columns (LoB 9.1a, 7.0f, 9.1d).
const (
	LeaderRegular        = "regular"
	LeaderChargeAttacker = "charge-attacker"
	LeaderChargeDefender = "charge-defender"
	LeaderCapture        = "capture"
)

// Leader Loss results (LoB 9.1a); all three remove the leader.
const (
	LeaderWounded  = "wounded"
	LeaderKilled   = "killed"
	LeaderCaptured = "captured"
)

// volleyColumns are the Opening Volley Table's columns, left to right.
var volleyColumns = []string{"3", "2", "1", VolleyCharge, VolleyShiftOnly}

// volleyTable is the compiled Opening Volley Table: SPs lost by column and
// die (LoB 5.4).
type volleyTable struct {
	cells [][]int // [column][die-1]
}

// closingTable is the compiled Closing Roll Table (LoB 3.5).
type closingTable struct {
	needed   map[string]int // by Morale Rating, with net 0 modifiers
	mods     map[string]int
	leaderMV int // a leader's Morale Value from which the leader modifier applies
}

// leaderLossTable is the compiled Leader Loss Table (LoB 9.1a).
type leaderLossTable struct {
	cells map[string][]string // [column][roll-2]; "" for no loss
	mods  map[string]int
}

// compileVolley reads the Opening Volley Table (LoB 5.4).
func (f *fieldCharts) compileVolley(p *rules.ChartPack) error {
	r, err := readTable(p, "opening-volley")
	if err != nil {
		return err
	}
	if err := r.needColumns(volleyColumns...); err != nil {
		return err
	}
	for _, col := range volleyColumns {
		var cells []int
		for _, row := range rollRows(1, 6) {
			s, err := r.cell(row, col)
			if err != nil {
				return err
			}
			n := 0
			if s != "-" {
				if n, err = strconv.Atoi(s); err != nil || n < 1 {
					return r.errorf("row %s column %s: %q is not SPs lost or \"-\"", row, col, s)
				}
			}
			cells = append(cells, n)
		}
		f.volley.cells = append(f.volley.cells, cells)
	}
	return nil
}

// compileClosing reads the Closing Roll Table and its modifiers (LoB 3.5).
func (f *fieldCharts) compileClosing(p *rules.ChartPack) error {
	r, err := readTable(p, "closing-roll")
	if err != nil {
		return err
	}
	f.closing = closingTable{needed: map[string]int{}}
	if len(r.t.Columns) == 0 {
		return r.errorf("has no columns (Morale Ratings)")
	}
	for _, col := range r.t.Columns {
		if f.closing.needed[col], err = r.intCell("needed", col); err != nil {
			return err
		}
	}
	if f.closing.mods, err = r.intValues(); err != nil {
		return err
	}
	for _, k := range []string{"leader-morale-value", "leader", "frontal-canister"} {
		if _, err := r.intValue(k); err != nil {
			return err
		}
	}
	f.closing.leaderMV = f.closing.mods["leader-morale-value"]
	delete(f.closing.mods, "leader-morale-value")
	return nil
}

// compileLeaderLoss reads the Leader Loss Table (LoB 9.1a).
func (f *fieldCharts) compileLeaderLoss(p *rules.ChartPack) error {
	r, err := readTable(p, "leader-loss")
	if err != nil {
		return err
	}
	f.leader = leaderLossTable{cells: map[string][]string{}}
	for _, col := range []string{LeaderRegular, LeaderChargeAttacker, LeaderChargeDefender, LeaderCapture} {
		for _, row := range rollRows(2, 12) {
			s, err := r.cell(row, col)
			if err != nil {
				return err
			}
			if !slices.Contains([]string{"-", LeaderWounded, LeaderKilled, LeaderCaptured}, s) {
				return r.errorf("row %s column %s: %q is not -, wounded, killed or captured", row, col, s)
			}
			if s == "-" {
				s = ""
			}
			f.leader.cells[col] = append(f.leader.cells[col], s)
		}
	}
	f.leader.mods, err = r.intValues()
	return err
}

// VolleyColumn finds the Opening Volley column (LoB 5.4c, 5.4i, 7.0d):
// situation is the range ("1" to "3") or VolleyCharge, shift +1 for
// frontal Canister artillery and -1 when only Wrecked units can volley.
// Off the left there is no Opening Volley (ok is false); off the right the
// last column is used.
func (f *fieldCharts) VolleyColumn(situation string, shift int) (col int, ok bool) {
	start := slices.Index(volleyColumns, situation)
	if start < 0 || situation == VolleyShiftOnly {
		return 0, false
	}
	col = start + shift
	if col < 0 {
		return 0, false
	}
	return min(col, len(volleyColumns)-1), true
}

// VolleyLabel is the heading of an Opening Volley column.
func VolleyLabel(col int) string {
	if col < 0 || col >= len(volleyColumns) {
		return "?"
	}
	return volleyColumns[col]
}

// VolleyLoss reads the SPs an Opening Volley takes for a column and one
// die (LoB 5.4b, 5.4c); Charging cavalry doubles it (7.4).
func (f *fieldCharts) VolleyLoss(col, die int) (int, error) {
	if col < 0 || col >= len(f.volley.cells) || die < 1 || die > 6 {
		return 0, fmt.Errorf("opening volley table (LoB 5.4): no cell for column %d, die %d", col, die)
	}
	return f.volley.cells[col][die-1], nil
}

// ClosingNeeded is the die roll (or more) a Closing Roll needs for a
// Morale Rating and net modifiers (LoB 3.5). It may be below 1 or above 6.
func (f *fieldCharts) ClosingNeeded(rating string, mods int) (int, error) {
	n, ok := f.closing.needed[rating]
	if !ok {
		return 0, fmt.Errorf("closing roll table (LoB 3.5): no column for Morale Rating %q", rating)
	}
	return n - mods, nil
}

// ClosingPasses reports whether a die passes a Closing Roll (LoB 3.5).
func (f *fieldCharts) ClosingPasses(rating string, die, mods int) (bool, error) {
	need, err := f.ClosingNeeded(rating, mods)
	return err == nil && die >= need, err
}

// ClosingModifier is a named Closing Roll modifier (LoB 3.5, 9.5d).
func (f *fieldCharts) ClosingModifier(name string) (int, error) {
	n, ok := f.closing.mods[name]
	if !ok {
		return 0, fmt.Errorf("closing-roll (LoB 3.5): no modifier %q", name)
	}
	return n, nil
}

// LeaderClosingModifier is the modifier a leader's Morale Value gives a
// Closing Roll (LoB 3.5b): the leader modifier from the pack's threshold up.
func (f *fieldCharts) LeaderClosingModifier(moraleValue int) int {
	if moraleValue >= f.closing.leaderMV {
		return f.closing.mods["leader"]
	}
	return 0
}

// LeaderLoss reads the Leader Loss Table (LoB 9.1a) for a column, a 2d6
// roll and a modifier (9.4g); modified rolls beyond 2-12 use the end rows.
// The result is "" (no loss), LeaderWounded, LeaderKilled or LeaderCaptured.
func (f *fieldCharts) LeaderLoss(column string, roll, mod int) (string, error) {
	cells, ok := f.leader.cells[column]
	if !ok {
		return "", fmt.Errorf("leader loss table (LoB 9.1a): no column %q", column)
	}
	return cells[min(max(roll+mod, 2), 12)-2], nil
}

// LeaderLossModifier is a named Leader Loss modifier, such as
// "sharpshooter" (LoB 9.4g).
func (f *fieldCharts) LeaderLossModifier(name string) (int, error) {
	n, ok := f.leader.mods[name]
	if !ok {
		return 0, fmt.Errorf("leader-loss (LoB 9.1a): no modifier %q", name)
	}
	return n, nil
}
