package lob

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"galloper/rules"
)

// MoraleMarker is a Morale State as the Morale Table and the Additive
// Morale Effects Chart write it (LoB 6.0, 6.2).
type MoraleMarker string

// Morale States (LoB 6.0). MoraleNone is a Morale Table result without a
// state ("-", or only a retreat or loss).
const (
	MoraleNone   MoraleMarker = ""
	MoraleBL     MoraleMarker = "BL"
	MoraleNormal MoraleMarker = "Normal"
	MoraleSh     MoraleMarker = "Sh"
	MoraleDG     MoraleMarker = "DG"
	MoraleRouted MoraleMarker = "R"
)

// moraleOrder lists the states from best to worst; "one level worse"
// (LoB 6.3d, 6.3f) moves one step along it.
var moraleOrder = []MoraleMarker{MoraleBL, MoraleNormal, MoraleSh, MoraleDG, MoraleRouted}

// moraleRank is the place of m in moraleOrder; MoraleNone counts as Normal.
func moraleRank(m MoraleMarker) int {
	if m == MoraleNone {
		m = MoraleNormal
	}
	return slices.Index(moraleOrder, m)
}

// WorsenMorale is m one level worse, Routed staying Routed (LoB 6.3d).
func WorsenMorale(m MoraleMarker) MoraleMarker {
	return moraleOrder[min(moraleRank(m)+1, len(moraleOrder)-1)]
}

// MoraleResult is one Morale Table result (LoB 6.2): a state, a retreat in
// hexes and a loss in SPs, written like "DG b3 L1".
type MoraleResult struct {
	State   MoraleMarker
	Retreat int
	Loss    int
}

// String prints the result as the table writes it; "-" for no effect.
func (r MoraleResult) String() string {
	var parts []string
	if r.State != MoraleNone {
		parts = append(parts, string(r.State))
	}
	if r.Retreat > 0 {
		parts = append(parts, "b"+strconv.Itoa(r.Retreat))
	}
	if r.Loss > 0 {
		parts = append(parts, "L"+strconv.Itoa(r.Loss))
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, " ")
}

// worse reports whether r is a worse result than o for the checking stack:
// by state (BL best), then retreat, then loss.
func (r MoraleResult) worse(o MoraleResult) bool {
	a, b := []int{moraleRank(r.State), r.Retreat, r.Loss}, []int{moraleRank(o.State), o.Retreat, o.Loss}
	return slices.Compare(a, b) > 0
}

// ParseMoraleResult reads a Morale Table cell: "-", or a state (BL, Sh,
// DG, R), "bN" and "LN" in that order, each optional.
func ParseMoraleResult(s string) (MoraleResult, error) {
	var r MoraleResult
	f := strings.Fields(s)
	if len(f) == 1 && f[0] == "-" {
		return r, nil
	}
	if len(f) == 0 {
		return r, fmt.Errorf("empty morale result")
	}
	if slices.Contains([]MoraleMarker{MoraleBL, MoraleSh, MoraleDG, MoraleRouted}, MoraleMarker(f[0])) {
		r.State, f = MoraleMarker(f[0]), f[1:]
	}
	for _, part := range []struct {
		prefix string
		to     *int
	}{{"b", &r.Retreat}, {"L", &r.Loss}} {
		if len(f) == 0 || !strings.HasPrefix(f[0], part.prefix) {
			continue
		}
		n, err := strconv.Atoi(f[0][1:])
		if err != nil || n < 1 {
			return r, fmt.Errorf("%q: %q is not %sN with N 1 or more", s, f[0], part.prefix)
		}
		*part.to, f = n, f[1:]
	}
	if len(f) > 0 || r == (MoraleResult{}) {
		return r, fmt.Errorf("%q is not a morale result (state BL/Sh/DG/R, then bN, then LN, or \"-\")", s)
	}
	return r, nil
}

// moraleTable is the compiled Morale Table: one column per Morale Rating,
// rows for every modified roll from lo to hi.
type moraleTable struct {
	lo, hi int
	cells  map[string][]MoraleResult // [rating][modified-lo]
}

// chargeBand is one row of the Additional Charge Modifiers (LoB 7.0g).
type chargeBand struct {
	name     string
	larger   string // attacker, defender or even
	ratio    int
	modifier int
}

// compileMorale reads the Morale Table, its modifiers, the Additional
// Charge Modifiers and the Additive Morale Effects Chart (LoB 6.1, 6.2a,
// 7.0g).
func (f *fieldCharts) compileMorale(p *rules.ChartPack) error {
	r, err := readTable(p, "morale")
	if err != nil {
		return err
	}
	if f.morale, err = compileMoraleTable(r); err != nil {
		return err
	}
	mods, err := readTable(p, "morale-modifiers")
	if err != nil {
		return err
	}
	if f.moraleMod, err = mods.intValues(); err != nil {
		return err
	}
	for _, k := range []string{"artillery", "wrecked", "small"} {
		if _, err := mods.intValue(k); err != nil {
			return err
		}
	}
	if f.charge, err = compileChargeBands(p); err != nil {
		return err
	}
	f.additive, err = compileAdditive(p)
	return err
}

// compileMoraleTable checks the rating columns and that the rows are the
// whole numbers from the lowest to the highest without a gap.
func compileMoraleTable(r tableReader) (moraleTable, error) {
	t := moraleTable{cells: map[string][]MoraleResult{}}
	if len(r.t.Columns) == 0 {
		return t, r.errorf("has no columns (Morale Ratings)")
	}
	if len(r.t.Rows) == 0 {
		return t, r.errorf("has no rows (modified rolls)")
	}
	var rows []int
	for _, k := range slices.Sorted(maps.Keys(r.t.Rows)) {
		n, err := strconv.Atoi(k)
		if err != nil {
			return t, r.errorf("row %q is not a modified roll", k)
		}
		rows = append(rows, n)
	}
	slices.Sort(rows)
	t.lo, t.hi = rows[0], rows[len(rows)-1]
	for _, col := range r.t.Columns {
		for _, row := range rollRows(t.lo, t.hi) {
			s, err := r.cell(row, col)
			if err != nil {
				return t, err
			}
			res, err := ParseMoraleResult(s)
			if err != nil {
				return t, r.errorf("row %s column %s: %v", row, col, err)
			}
			t.cells[col] = append(t.cells[col], res)
		}
	}
	return t, nil
}

// compileChargeBands reads the Additional Charge Modifiers: one "even" row
// and, for each side, rows by the ratio by which it is larger, ratio 1
// meaning simply larger.
func compileChargeBands(p *rules.ChartPack) ([]chargeBand, error) {
	r, err := readTable(p, "charge-morale-modifiers")
	if err != nil {
		return nil, err
	}
	if err := r.needColumns("larger", "ratio", "modifier"); err != nil {
		return nil, err
	}
	var out []chargeBand
	seen := map[string]bool{}
	for _, name := range slices.Sorted(maps.Keys(r.t.Rows)) {
		b := chargeBand{name: name}
		if b.larger, err = r.cell(name, "larger"); err != nil {
			return nil, err
		}
		if b.ratio, err = r.intCell(name, "ratio"); err != nil {
			return nil, err
		}
		if b.modifier, err = r.intCell(name, "modifier"); err != nil {
			return nil, err
		}
		key := b.larger + "/" + strconv.Itoa(b.ratio)
		if !slices.Contains([]string{"attacker", "defender", "even"}, b.larger) || b.ratio < 1 || seen[key] {
			return nil, r.errorf("row %s: want larger attacker, defender or even, a ratio of 1 or more, no repeats", name)
		}
		seen[key] = true
		out = append(out, b)
	}
	for _, need := range []string{"attacker/1", "defender/1", "even/1"} {
		if !seen[need] {
			larger, _, _ := strings.Cut(need, "/")
			return nil, r.errorf("missing a row with larger %s and ratio 1", larger)
		}
	}
	slices.SortFunc(out, func(a, b chargeBand) int { return b.ratio - a.ratio })
	return out, nil
}

// compileAdditive reads the Additive Morale Effects Chart: rows the
// current state (Normal included), columns the new state.
func compileAdditive(p *rules.ChartPack) (map[MoraleMarker]map[MoraleMarker]MoraleMarker, error) {
	r, err := readTable(p, "additive-morale")
	if err != nil {
		return nil, err
	}
	out := map[MoraleMarker]map[MoraleMarker]MoraleMarker{}
	for _, cur := range moraleOrder {
		out[cur] = map[MoraleMarker]MoraleMarker{}
		for _, add := range []MoraleMarker{MoraleBL, MoraleSh, MoraleDG, MoraleRouted} {
			s, err := r.cell(string(cur), string(add))
			if err != nil {
				return nil, err
			}
			if !slices.Contains(moraleOrder, MoraleMarker(s)) {
				return nil, r.errorf("row %s column %s: %q is not a Morale State (BL, Normal, Sh, DG, R)", cur, add, s)
			}
			out[cur][add] = MoraleMarker(s)
		}
	}
	return out, nil
}

// MoraleTable reads the Morale Table for a Morale Rating and a modified
// roll; rolls beyond the rows use the last row (LoB 6.1).
func (f *fieldCharts) MoraleTable(rating string, modified int) (MoraleResult, error) {
	col, ok := f.morale.cells[rating]
	if !ok {
		return MoraleResult{}, fmt.Errorf("morale table (LoB 6.1): no column for Morale Rating %q", rating)
	}
	return col[min(max(modified, f.morale.lo), f.morale.hi)-f.morale.lo], nil
}

// MoraleCheck resolves a Morale Check (LoB 6.1, 6.2). roll is the 2d6, mods
// the net modifiers other than the checking stack's own leader, leader that
// leader's Morale Value, which is subtracted (6.1, 9.1). Blood Lust is read
// without the friendly leader and only where blAllowed (adjacent to the
// firers and not Open Order, 6.2); a Blood Lust that does not count is no
// effect (6.2 example). In a Charge the attacking leader's Morale Value is
// part of mods (7.0g): only friendly leaders are left out for Blood Lust.
func (f *fieldCharts) MoraleCheck(rating string, roll, mods, leader int, blAllowed bool) (MoraleResult, error) {
	bl, err := f.MoraleTable(rating, roll+mods)
	if err != nil {
		return MoraleResult{}, err
	}
	if bl.State == MoraleBL && blAllowed {
		return bl, nil
	}
	res, err := f.MoraleTable(rating, roll+mods-leader)
	if err != nil || res.State == MoraleBL {
		return MoraleResult{}, err
	}
	return res, nil
}

// MoraleModifier is a named Morale Table modifier (LoB 6.1, 1.7b, 3.3,
// 5.7, 6.1b, 6.5b, 9.4d, 9.5e).
func (f *fieldCharts) MoraleModifier(name string) (int, error) {
	n, ok := f.moraleMod[name]
	if !ok {
		return 0, fmt.Errorf("morale-modifiers (LoB 6.1): no modifier %q", name)
	}
	return n, nil
}

// ChargeModifier is the Additional Charge Modifier for the SPs able to fire
// in the attacking and defending hexes (LoB 7.0g). A side is in a band when
// it is larger and, for ratios above 1, at least that many times larger.
func (f *fieldCharts) ChargeModifier(attackerSPs, defenderSPs int) int {
	larger, big, small := "even", attackerSPs, defenderSPs
	switch {
	case attackerSPs > defenderSPs:
		larger = "attacker"
	case defenderSPs > attackerSPs:
		larger, big, small = "defender", defenderSPs, attackerSPs
	}
	for _, b := range f.charge { // largest ratio first
		if b.larger == larger && (b.ratio == 1 || big >= b.ratio*small) {
			return b.modifier
		}
	}
	return 0
}

// AddMorale combines a hex's current Morale State with a new result's state
// on the Additive Morale Effects Chart (LoB 6.2a). A result without a state
// leaves the current state.
func (f *fieldCharts) AddMorale(current, result MoraleMarker) MoraleMarker {
	if result == MoraleNone || result == MoraleNormal {
		return current
	}
	if current == MoraleNone {
		current = MoraleNormal
	}
	return f.additive[current][result]
}
