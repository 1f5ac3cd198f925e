package wintersvictory

import (
	_ "embed"
	"fmt"
	"sort"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"
)

// The tables the Rules of Play booklet prints, read from
// charts/printed.yaml and checked for shape, ranges and completeness.

//go:embed charts/printed.yaml
var printedTables []byte

// Tables are the printed tables of Winter's Victory.
type Tables struct {
	FireRanges struct {
		Infantry        map[string][2]int `yaml:"infantry"`
		Artillery       map[string][2]int `yaml:"artillery"`
		ShortMaximum    int               `yaml:"short_maximum"`
		ExtendedMinGuns int               `yaml:"extended_min_guns"`
	} `yaml:"fire_ranges"`
	ExtendedRange []struct {
		Die   [2]int `yaml:"die"`
		Hexes int    `yaml:"hexes"`
	} `yaml:"extended_range"`
	AmmoExpenditure map[string]int `yaml:"ammo_expenditure"`
	GunLoss         struct {
		LosesFrom int `yaml:"loses_from"`
		BrookOrLC int `yaml:"brook_or_light_cover_hexside"`
		Horse     int `yaml:"horse_artillery"`
		Class1    int `yaml:"class1_battery"`
	} `yaml:"gun_loss"`
	Stacking       map[string]StackLimit     `yaml:"stacking"`
	ShockResults   map[string]ShockResult    `yaml:"shock_results"`
	ShockModifiers map[string]map[string]int `yaml:"shock_modifiers"`
	MoraleResults  map[string][2]string      `yaml:"morale_results"`
	MoraleMods     map[string]int            `yaml:"morale_modifiers"`
	ChargeMorale   []struct {
		From  int    `yaml:"from"`
		Heavy [2]int `yaml:"heavy"`
		Light [2]int `yaml:"light"`
	} `yaml:"charge_morale"`
	EffectivenessMods map[string]int `yaml:"effectiveness_modifiers"`
	FatigueLevels     []FatigueLevel `yaml:"fatigue_levels"`
	ContinuationMods  map[string]int `yaml:"continuation_modifiers"`
	Thresholds        map[string]int `yaml:"thresholds"`
	SelfRallyMods     map[string]int `yaml:"self_rally"`
}

// StackLimit is what one hex holds of a combat type (9.11, 9.14).
type StackLimit struct {
	Clear      int `yaml:"clear"`
	Obstructed int `yaml:"obstructed"`
	Units      int `yaml:"units"`
}

// ShockResult is one result of the Shock Combat Results Table (12.41).
type ShockResult struct {
	Disorder bool `yaml:"disorder"`
	Rout     bool `yaml:"rout"`
	Loss     int  `yaml:"loss"`
	Retreat  int  `yaml:"retreat"`
}

// FatigueLevel is one row of the Brigade Fatigue Level Table (15.2).
type FatigueLevel struct {
	Level         int    `yaml:"level"`
	Points        [2]int `yaml:"points"`
	Status        string `yaml:"status"`
	Effectiveness int    `yaml:"effectiveness"`
	ShockCheck    bool   `yaml:"shock_check"`
}

// The entries each modifier list must hold, exactly.
var (
	shockAttackerKeys = []string{"disordered", "disordered_skirmish_or_cossack", "into_wind_heavy_snow", "into_wind_light_snow",
		"ratio_below_1_to_3", "command_unit", "russian_infantry", "ratio_3_to_1", "ratio_4_to_1", "cavalry_impetus"}
	shockDefenderKeys = []string{"routed", "disordered", "disordered_skirmish_crew_or_cossack", "into_wind_heavy_snow", "command_unit",
		"steep_slope_from_below", "across_stream", "skirmish_light_cover_hex", "soft_cover_or_light_cover_hexside", "hard_cover_infantry", "square_vs_cavalry"}
	moraleKeys = []string{"hard_cover", "soft_cover", "light_cover", "same_regiment", "russian_light_artillery", "command_unit", "square",
		"into_wind", "elimination_same_hex", "elimination_adjacent", "enfiladed", "disordered", "skirmisher_far", "ammo_depleted"}
	effectivenessKeys = []string{"attack_order", "half_strength", "general_order", "demoralized", "fatigue_level_1", "fatigue_level_2"}
	continuationKeys  = []string{"division_outside_radius", "brigade_outside_radius", "brigade_outside_double_radius", "evening",
		"within_superior_radius", "superior_cp_or_mobilized", "french_light_cavalry_division", "attack_order"}
	thresholdKeys = []string{"french_fires_first", "leader_fire_minimum", "leader_fire_medium", "leader_fire_maximum",
		"leader_shock", "charge_hexside_disorder", "skirmish_ammo"}
	selfRallyKeys   = []string{"loss_excess", "adjacent_brigade_leader", "artillery", "same_brigade_or_regiment", "woods_or_town", "enemy_within_4"}
	ammoKeys        = []string{"extended", "maximum", "medium", "minimum"}
	stackKeys       = []string{"artillery", "cavalry", "infantry"}
	shockResultKeys = []string{"•", "D", "D1", "Dr", "Dr1", "Dr2", "R"}
	moraleStates    = []string{"disordered", "formed", "unformed"}
	moraleOutcomes  = []string{"disordered", "disordered-retreat-2", "routed-retreat-3"}
)

// PrintedTables returns the printed tables, checked. They are read once
// and shared: callers must not write to them.
func PrintedTables() *Tables { return printed() }

var printed = sync.OnceValue(func() *Tables {
	t, err := LoadTables("printed.yaml", printedTables)
	if err != nil {
		panic(err) // the embedded file is checked by TestPrintedTablesLoad
	}
	return t
})

// LoadTables parses and checks printed tables. Errors name the table and
// the entry.
func LoadTables(name string, data []byte) (*Tables, error) {
	var t Tables
	dec := yaml.NewDecoder(strings.NewReader(string(data)))
	dec.KnownFields(true)
	if err := dec.Decode(&t); err != nil {
		return nil, fmt.Errorf("tables %s: %w", name, err)
	}
	for _, check := range []func() error{
		t.checkFireRanges, t.checkExtendedRange,
		func() error { return exactKeys("ammo_expenditure", t.AmmoExpenditure, ammoKeys, 0, 9) },
		t.checkGunLoss, t.checkStacking, t.checkShockResults,
		func() error {
			return exactKeys("shock_modifiers attacker", t.ShockModifiers["attacker"], shockAttackerKeys, -9, 9)
		},
		func() error {
			return exactKeys("shock_modifiers defender", t.ShockModifiers["defender"], shockDefenderKeys, -9, 9)
		},
		t.checkMoraleResults,
		func() error { return exactKeys("morale_modifiers", t.MoraleMods, moraleKeys, -9, 9) },
		t.checkChargeMorale,
		func() error {
			return exactKeys("effectiveness_modifiers", t.EffectivenessMods, effectivenessKeys, -9, 9)
		},
		t.checkFatigue,
		func() error { return exactKeys("continuation_modifiers", t.ContinuationMods, continuationKeys, -9, 9) },
		func() error { return exactKeys("thresholds", t.Thresholds, thresholdKeys, 0, 9) },
		func() error { return exactKeys("self_rally", t.SelfRallyMods, selfRallyKeys, -9, 9) },
	} {
		if err := check(); err != nil {
			return nil, fmt.Errorf("tables %s: %w", name, err)
		}
	}
	if len(t.ShockModifiers) != 2 {
		return nil, fmt.Errorf("tables %s: shock_modifiers has %d lists, want attacker and defender", name, len(t.ShockModifiers))
	}
	return &t, nil
}

// exactKeys checks that a list holds every entry named and no other, each
// within [lo, hi].
func exactKeys(table string, m map[string]int, keys []string, lo, hi int) error {
	for _, k := range keys {
		v, ok := m[k]
		if !ok {
			return fmt.Errorf("table %s: missing entry %s", table, k)
		}
		if v < lo || v > hi {
			return fmt.Errorf("table %s entry %s: %d is outside %d..%d", table, k, v, lo, hi)
		}
	}
	if len(m) != len(keys) {
		extra := []string{}
		for k := range m {
			if !contains(keys, k) {
				extra = append(extra, k)
			}
		}
		sort.Strings(extra)
		return fmt.Errorf("table %s: unknown entries %s", table, strings.Join(extra, ", "))
	}
	return nil
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// consecutive checks that ranges [lo, hi] cover from..to once, in order.
func consecutive(table string, ranges [][2]int, from, to int) error {
	next := from
	for i, r := range ranges {
		if r[0] != next || r[1] < r[0] {
			return fmt.Errorf("table %s row %d: range %d-%d, want it to start at %d", table, i+1, r[0], r[1], next)
		}
		next = r[1] + 1
	}
	if next != to+1 {
		return fmt.Errorf("table %s: rows end at %d, want %d", table, next-1, to)
	}
	return nil
}

func (t *Tables) checkFireRanges() error {
	f := t.FireRanges
	inf := [][2]int{f.Infantry["minimum"], f.Infantry["maximum"]}
	if len(f.Infantry) != 2 {
		return fmt.Errorf("table fire_ranges infantry: want minimum and maximum, have %d bands", len(f.Infantry))
	}
	if err := consecutive("fire_ranges infantry", inf, 1, inf[1][1]); err != nil {
		return err
	}
	art := [][2]int{f.Artillery["minimum"], f.Artillery["medium"], f.Artillery["maximum"], f.Artillery["extended"]}
	if len(f.Artillery) != 4 {
		return fmt.Errorf("table fire_ranges artillery: want minimum, medium, maximum and extended, have %d bands", len(f.Artillery))
	}
	if err := consecutive("fire_ranges artillery", art, 1, art[3][1]); err != nil {
		return err
	}
	if f.ShortMaximum < art[1][1] || f.ShortMaximum > art[2][1] {
		return fmt.Errorf("table fire_ranges: short_maximum %d is outside the Maximum band %d-%d", f.ShortMaximum, art[2][0], art[2][1])
	}
	if f.ExtendedMinGuns < 1 {
		return fmt.Errorf("table fire_ranges: extended_min_guns %d", f.ExtendedMinGuns)
	}
	return nil
}

func (t *Tables) checkExtendedRange() error {
	rs := make([][2]int, len(t.ExtendedRange))
	for i, r := range t.ExtendedRange {
		rs[i] = r.Die
	}
	return consecutive("extended_range", rs, 0, 9)
}

func (t *Tables) checkGunLoss() error {
	if g := t.GunLoss; g.LosesFrom < 0 || g.LosesFrom > 9 {
		return fmt.Errorf("table gun_loss: loses_from %d is not a die roll 0-9", g.LosesFrom)
	}
	return nil
}

func (t *Tables) checkStacking() error {
	for _, k := range stackKeys {
		s, ok := t.Stacking[k]
		if !ok {
			return fmt.Errorf("table stacking: missing entry %s", k)
		}
		if s.Obstructed < 1 || s.Clear < s.Obstructed || s.Units < 1 {
			return fmt.Errorf("table stacking entry %s: %+v (want clear >= obstructed >= 1, units >= 1)", k, s)
		}
	}
	if len(t.Stacking) != len(stackKeys) {
		return fmt.Errorf("table stacking: %d entries, want %s", len(t.Stacking), strings.Join(stackKeys, ", "))
	}
	return nil
}

func (t *Tables) checkShockResults() error {
	for _, k := range shockResultKeys {
		r, ok := t.ShockResults[k]
		if !ok {
			return fmt.Errorf("table shock_results: missing result %s", k)
		}
		if r.Loss < 0 || r.Loss > 3 || r.Retreat < 0 || r.Retreat > 3 || (r.Rout && r.Disorder) {
			return fmt.Errorf("table shock_results entry %s: %+v", k, r)
		}
	}
	if len(t.ShockResults) != len(shockResultKeys) {
		return fmt.Errorf("table shock_results: %d results, want %s", len(t.ShockResults), strings.Join(shockResultKeys, " "))
	}
	return nil
}

func (t *Tables) checkMoraleResults() error {
	for _, k := range moraleStates {
		r, ok := t.MoraleResults[k]
		if !ok {
			return fmt.Errorf("table morale_results: missing state %s", k)
		}
		for _, o := range r {
			if !contains(moraleOutcomes, o) {
				return fmt.Errorf("table morale_results entry %s: %q is not one of %s", k, o, strings.Join(moraleOutcomes, ", "))
			}
		}
	}
	if len(t.MoraleResults) != len(moraleStates) {
		return fmt.Errorf("table morale_results: %d states, want %s", len(t.MoraleResults), strings.Join(moraleStates, ", "))
	}
	return nil
}

func (t *Tables) checkChargeMorale() error {
	if len(t.ChargeMorale) == 0 || t.ChargeMorale[0].From != 1 {
		return fmt.Errorf("table charge_morale: the first row must start at strength 1")
	}
	for i, r := range t.ChargeMorale {
		if i > 0 && r.From <= t.ChargeMorale[i-1].From {
			return fmt.Errorf("table charge_morale row %d: strength %d does not follow %d", i+1, r.From, t.ChargeMorale[i-1].From)
		}
		for _, v := range append(r.Heavy[:], r.Light[:]...) {
			if v < 0 || v > 9 {
				return fmt.Errorf("table charge_morale row %d: modifier %d is outside 0..9", i+1, v)
			}
		}
	}
	return nil
}

func (t *Tables) checkFatigue() error {
	rs := make([][2]int, len(t.FatigueLevels))
	for i, l := range t.FatigueLevels {
		if l.Level != i {
			return fmt.Errorf("table fatigue_levels row %d: level %d, want %d", i+1, l.Level, i)
		}
		rs[i] = l.Points
	}
	return consecutive("fatigue_levels", rs, 1, 8)
}
