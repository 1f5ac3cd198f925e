package acwminis

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"

	"go.yaml.in/yaml/v3"
)

//go:embed tables/*.yaml
var shipped embed.FS

// Sheet is every table of the ACW sheet. Each row carries the line of the
// sheet's text it was read from.
type Sheet struct {
	Commanders        []CommanderBonus
	Orders            []Order
	Movement          []MoveRate
	Shooting          []FireRow
	ShootingModifiers Modifiers
	MeleeModifiers    Modifiers
	Saves             []SaveRow
	Morale            MoraleTable
	Terrain           TerrainTable
	Sizes             []SizeRow
	Victory           Victory
	Specials          []SpecialRule
	Armies            []Army
}

// CommanderBonus is a row of COMMANDER BONUSES (seed L5-11).
type CommanderBonus struct {
	Rank          string `yaml:"rank"`
	Scope         string `yaml:"scope"`
	MoraleRerolls int    `yaml:"morale_rerolls"`
	OrderRerolls  int    `yaml:"order_rerolls"`
	Range         int    `yaml:"range"` // inches
	Line          int    `yaml:"line"`
}

// Order is a row of the ORDERS table (seed L67-77).
type Order struct {
	Order string `yaml:"order"`
	Line  int    `yaml:"line"`
	// Tests maps a unit state (steady, worn, shaken) to the D6 it rolls
	// for the order test; a state not listed takes no test.
	Tests     map[string]int `yaml:"tests"`
	Successes int            `yaml:"successes"`
	// Results are CHARGE's bands of successes.
	Results []ChargeResult `yaml:"results"`
	Recover string         `yaml:"recover"`
	Options []Option       `yaml:"options"`
}

// ChargeResult is a band of successes of a charge order test. Max 0 with
// Min > 0 means "or more".
type ChargeResult struct {
	Min    int    `yaml:"min"`
	Max    *int   `yaml:"max"`
	Result string `yaml:"result"`
	Text   string `yaml:"text"`
}

// Option is one of the things a unit may do under its order.
type Option struct {
	Name string `yaml:"name"`
	Text string `yaml:"text"`
}

// MoveRate is a row of MOVEMENT (seed L45-51), in inches. Run is 0 where
// the sheet prints none.
type MoveRate struct {
	Type      string `yaml:"type"`
	Formation string `yaml:"formation"`
	Advance   int    `yaml:"advance"`
	Run       int    `yaml:"run"`
	Line      int    `yaml:"line"`
}

// FireRow is a row of SHOOTING RANGE AND DICE with its MELEE base dice
// (seed L206-211).
type FireRow struct {
	Type      string `yaml:"type"`
	Formation string `yaml:"formation"`
	Bands     []Band `yaml:"bands"`
	Melee     int    `yaml:"melee"`
	Line      int    `yaml:"line"`
}

// Band is a range band in inches: From up to To, or From and beyond when
// To is nil. Dice 0 is printed "-".
type Band struct {
	Name string `yaml:"name"`
	From int    `yaml:"from"`
	To   *int   `yaml:"to"`
	Dice int    `yaml:"dice"`
}

// Modifiers is a list of dice modifiers in printed order and the minimum
// pool.
type Modifiers struct {
	Minimum     int        `yaml:"minimum"`
	LineMinimum int        `yaml:"line_minimum"`
	Rows        []Modifier `yaml:"rows"`
}

// Modifier is one dice modifier: halve (rounding up) or add Dice.
type Modifier struct {
	Key  string `yaml:"key"`
	Who  string `yaml:"who"`
	Half bool   `yaml:"half"`
	Dice int    `yaml:"dice"`
	Text string `yaml:"text"`
	Line int    `yaml:"line"`
	// Continued is the line the text runs on to, when the extraction
	// split it.
	Continued int  `yaml:"continued"`
	Displaced bool `yaml:"displaced"`
}

// SaveRow is a row of the saves table (seed L196-204): the D6 score that
// saves a hit, 0 for N/A.
type SaveRow struct {
	From            string `yaml:"from"`
	LabelLost       bool   `yaml:"label_lost"`
	Basic           int    `yaml:"basic"`
	Cover           int    `yaml:"cover"`
	Fortified       int    `yaml:"fortified"`
	FortifiedReroll bool   `yaml:"fortified_reroll"`
	NoRerollAgainst string `yaml:"no_reroll_against"`
	Line            int    `yaml:"line"`
}

// MoraleTable is MORALE TEST (seed L148-168).
type MoraleTable struct {
	ExcessiveCasualties     int         `yaml:"excessive_casualties"`
	LineExcessiveCasualties int         `yaml:"line_excessive_casualties"`
	Supported               Supported   `yaml:"supported"`
	Rows                    []MoraleRow `yaml:"rows"`
}

// Supported is the SUPPORTED UNIT reroll (seed L161-163).
type Supported struct {
	Units   int `yaml:"units"`
	Within  int `yaml:"within"`
	Rerolls int `yaml:"rerolls"`
	Line    int `yaml:"line"`
}

// MoraleRow is a unit state's morale test.
type MoraleRow struct {
	State              string `yaml:"state"`
	Dice               int    `yaml:"dice"`
	Shooting           int    `yaml:"shooting"`
	Melee              int    `yaml:"melee"`
	IfFailed           string `yaml:"if_failed"`
	IfFailedDisordered string `yaml:"if_failed_disordered"`
	Line               int    `yaml:"line"`
}

// TerrainTable is the TERRAIN TABLE (seed L105-116).
type TerrainTable struct {
	Classes []string     `yaml:"classes"`
	Rows    []TerrainRow `yaml:"rows"`
}

// TerrainRow is a terrain category and what each class of unit may do in
// it, in the order of Classes.
type TerrainRow struct {
	Category string   `yaml:"category"`
	Moves    []string `yaml:"moves"`
	Line     int      `yaml:"line"`
}

// Move returns what class may do in the category: "normal", "no-run",
// "no" or "normal x1.5", and false for an unknown class.
func (t TerrainTable) Move(category, class string) (string, bool) {
	for _, r := range t.Rows {
		if r.Category != category {
			continue
		}
		for i, c := range t.Classes {
			if c == class {
				return r.Moves[i], true
			}
		}
	}
	return "", false
}

// SizeRow is a row of UNIT SIZES AND MORALE VALUES (seed L130-146).
type SizeRow struct {
	Type    string `yaml:"type"`
	Size    string `yaml:"size"`
	Worn    int    `yaml:"worn"`
	Shaken  int    `yaml:"shaken"`
	Broken  int    `yaml:"broken"`
	Bases   int    `yaml:"bases"`
	Figures string `yaml:"figures"`
	Line    int    `yaml:"line"`
}

// Victory is VICTORY AND DEFEAT (seed L53-65).
type Victory struct {
	DrawUpTo int     `yaml:"draw_up_to"`
	WinFrom  int     `yaml:"win_from"`
	Line     int     `yaml:"line"`
	Awards   []Award `yaml:"awards"`
}

// Award is a VP award at game end.
type Award struct {
	Key  string `yaml:"key"`
	VP   int    `yaml:"vp"`
	Text string `yaml:"text"`
	Line int    `yaml:"line"`
}

// SpecialRule is one of the SPECIAL RULES (seed L265-305).
type SpecialRule struct {
	Name        string `yaml:"name"`
	Lines       [2]int `yaml:"lines"`
	HeadingLost bool   `yaml:"heading_lost"`
	Text        string `yaml:"text"`
}

// Army is an army list (seed L418-459).
type Army struct {
	Name       string     `yaml:"name"`
	HeaderLost bool       `yaml:"header_lost"`
	Lines      [2]int     `yaml:"lines"`
	Units      []ArmyUnit `yaml:"units"`
}

// ArmyUnit is a row of an army list. Optional lists the special rules a
// player may add, at most one of them.
type ArmyUnit struct {
	Description string   `yaml:"description"`
	Type        string   `yaml:"type"`
	Weapons     string   `yaml:"weapons"`
	Special     []string `yaml:"special"`
	Optional    []string `yaml:"optional"`
	Line        int      `yaml:"line"`
}

// Tables returns the sheet's tables from the data shipped with Galloper.
func Tables() (*Sheet, error) {
	sub, err := fs.Sub(shipped, "tables")
	if err != nil {
		return nil, err
	}
	return LoadTables(sub)
}

// TableError is a problem with one table: the file, and the entry when
// the problem is in one.
type TableError struct {
	Table string
	Entry string
	Err   error
}

func (e *TableError) Error() string {
	if e.Entry == "" {
		return fmt.Sprintf("ACW table %s: %v", e.Table, e.Err)
	}
	return fmt.Sprintf("ACW table %s, entry %s: %v", e.Table, e.Entry, e.Err)
}

func (e *TableError) Unwrap() error { return e.Err }

// LoadTables reads and checks every table from fsys, which holds one
// YAML file per table (commander.yaml, orders.yaml, ...). Every problem
// found is returned, each naming its table and entry.
func LoadTables(fsys fs.FS) (*Sheet, error) {
	s := &Sheet{}
	var errs []error
	read := func(table string, v any) bool {
		data, err := fs.ReadFile(fsys, table+".yaml")
		if err != nil {
			errs = append(errs, &TableError{Table: table, Err: err})
			return false
		}
		dec := yaml.NewDecoder(bytes.NewReader(data))
		dec.KnownFields(true)
		if err := dec.Decode(v); err != nil {
			errs = append(errs, &TableError{Table: table, Err: err})
			return false
		}
		return true
	}
	var rows struct {
		Commanders []CommanderBonus `yaml:"rows"`
	}
	if read("commander", &rows) {
		s.Commanders = rows.Commanders
	}
	var orders struct {
		Rows []Order `yaml:"rows"`
	}
	if read("orders", &orders) {
		s.Orders = orders.Rows
	}
	var moves struct {
		Rows []MoveRate `yaml:"rows"`
	}
	if read("movement", &moves) {
		s.Movement = moves.Rows
	}
	var fire struct {
		Rows []FireRow `yaml:"rows"`
	}
	if read("shooting", &fire) {
		s.Shooting = fire.Rows
	}
	read("shooting-modifiers", &s.ShootingModifiers)
	read("melee-modifiers", &s.MeleeModifiers)
	var saves struct {
		Rows []SaveRow `yaml:"rows"`
	}
	if read("saves", &saves) {
		s.Saves = saves.Rows
	}
	read("morale", &s.Morale)
	read("terrain", &s.Terrain)
	var sizes struct {
		Rows []SizeRow `yaml:"rows"`
	}
	if read("sizes", &sizes) {
		s.Sizes = sizes.Rows
	}
	read("victory", &s.Victory)
	var specials struct {
		Rows []SpecialRule `yaml:"rows"`
	}
	if read("specials", &specials) {
		s.Specials = specials.Rows
	}
	var armies struct {
		Armies []Army `yaml:"armies"`
	}
	if read("armies", &armies) {
		s.Armies = armies.Armies
	}
	if len(errs) == 0 {
		errs = s.check()
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return s, nil
}
