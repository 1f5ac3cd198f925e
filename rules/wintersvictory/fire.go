package wintersvictory

import (
	"fmt"
	"strconv"
	"strings"

	"galloper/rules"
)

// Reading a Fire Combat Results Table (See WV 11.0 steps 4-6 and 7.21.1):
//
//  1. The strength line: an infantry unit's formation (column, line,
//     skirmish: Square and Column share a line, as do Skirmish and General
//     Order); an artillery unit's range (minimum, medium, maximum,
//     extended). With its Firing Class 1-3 the line gives the column for
//     the firer's current strength.
//  2. A Disordered firer shifts that many columns left as its line says;
//     off the table it fires on the leftmost column at Minimum or Medium
//     Range and not at all at Maximum or Extended Range (7.21.1).
//  3. The die (modified, ruling R8 for a Massed Target) is read beside the
//     target's Target Class; beyond 0-9 it reads the end rows (R17). The
//     cell is 0, M (morale check) or 1-3 SP lost.

// Fire tables by firer (11.0 "FIRE COMBAT RESULTS TABLES").
const (
	FireFrenchInfantry  = "fire-french-infantry" // French and Prussian infantry
	FireRussianInfantry = "fire-russian-infantry"
	FireArtillery       = "fire-artillery"
)

var fireLines = map[string][]string{
	FireFrenchInfantry:  {"column", "line", "skirmish"},
	FireRussianInfantry: {"column", "line", "skirmish"},
	FireArtillery:       {"minimum", "medium", "maximum", "extended"},
}

var fireCodes = map[string]bool{"0": true, "M": true, "1": true, "2": true, "3": true}

type fireTable struct {
	shift     map[string]int
	strengths map[string][3][]int // by line, Firing Class - 1: lowest strength of each column
	cells     map[string][]string // by "class/die"
}

// Fire is one fire combat at the table.
type Fire struct {
	Table string // FireFrenchInfantry, FireRussianInfantry or FireArtillery
	// Line is the formation line (column, line, skirmish) or, for
	// artillery, the range band.
	Line        string
	FiringClass int // 1-3
	Strength    int // current troop or gun strength firing
	Disordered  bool
	// MaxRange: the fire is at Maximum or Extended Range, where a
	// Disordered shift off the table forbids the fire (7.21.1).
	MaxRange    bool
	TargetClass int // 1-5
	Die         int // modified fire die
}

// FireResult reads a Fire Combat Results Table: "0", "M", "1", "2" or "3";
// ok is false when a Disordered firer at Maximum or Extended Range shifts
// off the table. See WV 11.0 and 7.21.1.
func (p *Pack) FireResult(f Fire) (result string, ok bool, err error) {
	t, found := p.fire[f.Table]
	if !found {
		return "", false, fmt.Errorf("fire: no table %q", f.Table)
	}
	lines, found := t.strengths[f.Line]
	if !found {
		return "", false, fmt.Errorf("fire: table %s has no line %q", f.Table, f.Line)
	}
	if f.FiringClass < 1 || f.FiringClass > 3 || f.TargetClass < 1 || f.TargetClass > 5 || f.Strength < 1 {
		return "", false, fmt.Errorf("fire: Firing Class %d, Target Class %d, strength %d; want 1-3, 1-5 and 1 or more", f.FiringClass, f.TargetClass, f.Strength)
	}
	col := 0
	for i, s := range lines[f.FiringClass-1] {
		if f.Strength >= s {
			col = i
		}
	}
	if f.Disordered {
		col -= t.shift[f.Line]
	}
	if col < 0 {
		if f.MaxRange {
			return "", false, nil
		}
		col = 0
	}
	die := min(max(f.Die, 0), 9)
	return t.cells[strconv.Itoa(f.TargetClass)+"/"+strconv.Itoa(die)][col], true, nil
}

// compileFire reads the three Fire Combat Results Tables.
func compileFire(name string, p *rules.ChartPack) (map[string]fireTable, error) {
	out := map[string]fireTable{}
	for _, table := range []string{FireArtillery, FireFrenchInfantry, FireRussianInfantry} {
		t, err := p.Table(table)
		if err != nil {
			return nil, err
		}
		where := func(format string, args ...any) error {
			return fmt.Errorf("chart pack %s: table %s: %s", name, table, fmt.Sprintf(format, args...))
		}
		ft := fireTable{shift: map[string]int{}, strengths: map[string][3][]int{}, cells: map[string][]string{}}
		if got := strings.Join(strings.Fields(t.Values["lines"]), " "); got != strings.Join(fireLines[table], " ") {
			return nil, where(`value "lines" is %q, want %q`, got, strings.Join(fireLines[table], " "))
		}
		n := len(t.Columns)
		if n == 0 {
			return nil, where("no columns")
		}
		for _, l := range fireLines[table] {
			sh, err := strconv.Atoi(t.Values["disorder-"+l])
			if err != nil || sh < 1 || sh > 3 {
				return nil, where("value disorder-%s %q is not a shift of 1 to 3 columns", l, t.Values["disorder-"+l])
			}
			ft.shift[l] = sh
			var byClass [3][]int
			for c := 1; c <= 3; c++ {
				key := fmt.Sprintf("strengths-%s-%d", l, c)
				fs := strings.Fields(t.Values[key])
				if len(fs) != n {
					return nil, where("value %s has %d strengths, want one per column (%d)", key, len(fs), n)
				}
				for i, f := range fs {
					s, err := strconv.Atoi(f)
					if err != nil || s < 1 || (i > 0 && s <= byClass[c-1][i-1]) {
						return nil, where("value %s: %q must be a strength above the one before it", key, f)
					}
					byClass[c-1] = append(byClass[c-1], s)
				}
				if byClass[c-1][0] != 1 {
					return nil, where("value %s: the first column must start at strength 1", key)
				}
			}
			ft.strengths[l] = byClass
		}
		for tc := 1; tc <= 5; tc++ {
			for die := 0; die <= 9; die++ {
				key := fmt.Sprintf("%d/%d", tc, die)
				row, ok := t.Rows[key]
				if !ok {
					return nil, where("missing row %q (Target Class %d, die %d)", key, tc, die)
				}
				for i, c := range row {
					if !fireCodes[c] {
						return nil, where("row %q column %s: %q is not 0, M, 1, 2 or 3", key, t.Columns[i], c)
					}
				}
				ft.cells[key] = row
			}
		}
		out[table] = ft
	}
	return out, nil
}
