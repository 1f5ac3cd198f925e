package gbacw

import "fmt"

// BattleBook is what a game's Battle Book changes in the Series Rules,
// read from the scenario file's battle_book section: "Battle Book rules
// take precedence over Series Rules" (GBACW 1.0, ruling GBACW-R50). Each
// field names the rule it overrides; its zero value plays the Series
// Rules as printed.
type BattleBook struct {
	// Stacking replaces the Stacking Limits for the battle's scale
	// (8.12: "Stacking also may vary according to the scale of the
	// battle").
	Stacking *StackingLimits `yaml:"stacking" json:"stacking,omitempty"`
	// OpenPartialHexes lets units enter and retreat into the map's partial
	// hexes (9.13 Note: "unless scenario rules specify otherwise").
	OpenPartialHexes bool `yaml:"partial_hexes_open" json:"partial_hexes_open,omitempty"`
	// TrailsNegateHexsides: a step along a trail pays no hexside cost
	// (9.44 Note: "particularly on whether trails negate the cost of
	// hexside terrain").
	TrailsNegateHexsides bool `yaml:"trails_negate_hexsides" json:"trails_negate_hexsides,omitempty"`
	// ArtilleryApproach is the option of 9.55 the battle plays: 1 (the
	// default, ruling GBACW-R54) or 2 ("running the guns in close").
	ArtilleryApproach int `yaml:"artillery_approach" json:"artillery_approach,omitempty"`
	// EntryAMs limits, by brigade, the Activations a reinforcement may
	// undertake on its turn of entry, March Activation-equivalents too
	// (9.74).
	EntryAMs map[string]int `yaml:"entry_ams" json:"entry_ams,omitempty"`
	// TurnMinutes is the length of a turn when it is not about an hour
	// (2.43: 45 in Twin Peaks); TwelveHourClock tells the time on a
	// 12-hour clock instead of the military one (2.43: Into The Woods).
	TurnMinutes     int  `yaml:"turn_minutes" json:"turn_minutes,omitempty"`
	TwelveHourClock bool `yaml:"twelve_hour_clock" json:"twelve_hour_clock,omitempty"`
	// ArtilleryDisorder is what a Disordered battery keeps of its Good
	// Order side (2.21): "ma" its Movement Allowance (Twin Peaks, Death
	// Valley, Into the Woods; 12.31), "all" every value (Gringo!,
	// Churubusco, Battles with the Gringos); "" nothing.
	ArtilleryDisorder string `yaml:"artillery_disorder" json:"artillery_disorder,omitempty"`
}

// entryAMs is the limit of 9.74 on a brigade this turn, 0 for none.
func (s *State) entryAMs(b *BrigadeSt) int {
	if s.book == nil || b.Arrives != s.Turn {
		return 0
	}
	return s.book.EntryAMs[b.ID]
}

// StackingLimits are the Stacking Limits of 8.12, in SPs of one brigade
// and artillery batteries or guns, by Orders.
type StackingLimits struct {
	// MarchInfantry and MarchCavalry: infantry SPs and mounted cavalry SPs
	// under March Orders (7 and 4).
	MarchInfantry int `yaml:"march_infantry" json:"march_infantry"`
	MarchCavalry  int `yaml:"march_cavalry" json:"march_cavalry"`
	// Infantry and Cavalry: under Advance or Attack Orders (15 and 7); any
	// one unit may stand alone whatever its strength.
	Infantry int `yaml:"infantry" json:"infantry"`
	Cavalry  int `yaml:"cavalry" json:"cavalry"`
	// Batteries and Guns: artillery alone in a hex (two batteries, or 12
	// guns of any number); WithBatteries and WithGuns: artillery stacked
	// with infantry or cavalry (one battery, or 6 guns).
	Batteries     int `yaml:"batteries" json:"batteries"`
	Guns          int `yaml:"guns" json:"guns"`
	WithBatteries int `yaml:"with_batteries" json:"with_batteries"`
	WithGuns      int `yaml:"with_guns" json:"with_guns"`
}

// seriesStacking is 8.12 as printed.
var seriesStacking = StackingLimits{MarchInfantry: 7, MarchCavalry: 4, Infantry: 15, Cavalry: 7,
	Batteries: 2, Guns: 12, WithBatteries: 1, WithGuns: 6}

// stacking is the Stacking Limits in play.
func (bb *BattleBook) stacking() StackingLimits {
	if bb == nil || bb.Stacking == nil {
		return seriesStacking
	}
	return *bb.Stacking
}

// check reports each field of the Battle Book out of range.
func (bb *BattleBook) check(fail func(format string, args ...any)) {
	if bb.ArtilleryApproach < 0 || bb.ArtilleryApproach > 2 {
		fail("battle_book: artillery_approach is %d; write 1 or 2 (the options of 9.55)", bb.ArtilleryApproach)
	}
	if bb.ArtilleryDisorder != "" && bb.ArtilleryDisorder != "ma" && bb.ArtilleryDisorder != "all" {
		fail("battle_book: artillery_disorder is %q; write ma or all (2.21)", bb.ArtilleryDisorder)
	}
	if bb.TurnMinutes != 0 && (bb.TurnMinutes < 15 || bb.TurnMinutes > 180) {
		fail("battle_book: turn_minutes is %d; write 15 to 180 (2.43)", bb.TurnMinutes)
	}
	for _, id := range sortedKeys(bb.EntryAMs) {
		if n := bb.EntryAMs[id]; n < 1 || n > MaxAMs {
			fail("battle_book: entry_ams: %s: %d; write 1 to %d Activations (9.74)", id, n, MaxAMs)
		}
	}
	if bb.Stacking == nil {
		return
	}
	l := bb.Stacking
	for _, f := range []struct {
		name string
		n    int
	}{{"march_infantry", l.MarchInfantry}, {"march_cavalry", l.MarchCavalry}, {"infantry", l.Infantry}, {"cavalry", l.Cavalry},
		{"batteries", l.Batteries}, {"guns", l.Guns}, {"with_batteries", l.WithBatteries}, {"with_guns", l.WithGuns}} {
		if f.n < 1 || f.n > 99 {
			fail("battle_book: stacking: %s", fmt.Sprintf("%s is %d; give every limit, from 1 to 99 (8.12)", f.name, f.n))
		}
	}
}
