package gbacw

import (
	"fmt"
	"slices"

	"galloper/rules"
)

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
	// ArtilleryCommanders are the battle's artillery commanders,
	// corps-level officers (4.33), each with his Battle-specific AMs
	// (5.31) for the artillery brigades he directs (ruling GBACW-R91).
	ArtilleryCommanders []ArtilleryCommander `yaml:"artillery_commanders" json:"artillery_commanders,omitempty"`
	// ReserveFormations are the battle's large "Reserve" formations
	// (4.33): brigades In Reserve from the start of the game, held there
	// until a turn (ruling GBACW-R91).
	ReserveFormations []ReserveFormation `yaml:"reserve_formations" json:"reserve_formations,omitempty"`
	// NoMinimumActivation lifts 5.27: a brigade need not activate once a
	// turn, so one that skips its division's only AM (5.26) does not act
	// ("Unless specifically stated otherwise in the rules for a given
	// battle").
	NoMinimumActivation bool `yaml:"no_minimum_activation" json:"no_minimum_activation,omitempty"`
	// NoReinforcementMarch: entering reinforcements may not be given
	// March Orders in the Reinforcement Orders Phase (6.14: "unless the
	// Battle Book specifies otherwise").
	NoReinforcementMarch bool `yaml:"no_reinforcement_march" json:"no_reinforcement_march,omitempty"`
}

// brigadeStatus is what limits b's activations this turn, out of range
// as given (5.26, 5.27, 13.23).
func (s *State) brigadeStatus(b *BrigadeSt, outOfRange bool) BrigadeStatus {
	return BrigadeStatus{StartedOutOfRange: outOfRange, Ineffective: b.CI, NoMinimum: s.book != nil && s.book.NoMinimumActivation}
}

// ArtilleryCommander is an artillery commander of 4.33, as the Battle
// Book gives him: where he stands, his Command Range (in leader MPs,
// 4.15), how many AMs of his own go into his side's Pool each turn (5.31:
// "Any Battle-specific AMs (e.g., Artillery leaders)"), and the artillery
// brigades he may activate with them.
type ArtilleryCommander struct {
	Name     string     `yaml:"name" json:"name"`
	Side     rules.Side `yaml:"side" json:"side"`
	Hex      string     `yaml:"hex" json:"hex"`
	Range    int        `yaml:"range" json:"range"`
	AMs      int        `yaml:"ams" json:"ams"`
	Brigades []string   `yaml:"brigades" json:"brigades"`
}

// ReserveFormation is a "Reserve" formation of 4.33: its brigades start
// the game In Reserve (6.3) and may not be released voluntarily (6.34)
// before turn ReleaseTurn; 6.34's involuntary release still breaks them.
type ReserveFormation struct {
	ID          string   `yaml:"id" json:"id"`
	Brigades    []string `yaml:"brigades" json:"brigades"`
	ReleaseTurn int      `yaml:"release_turn" json:"release_turn,omitempty"`
}

// heldInReserve is the Reserve formation that holds brigade b In Reserve
// on this turn's end, or nil (4.33).
func (s *State) heldInReserve(b *BrigadeSt) *ReserveFormation {
	if s.book == nil {
		return nil
	}
	for i := range s.book.ReserveFormations {
		f := &s.book.ReserveFormations[i]
		if slices.Contains(f.Brigades, b.ID) && s.Turn < f.ReleaseTurn {
			return f
		}
	}
	return nil
}

// artilleryCommander is the Battle Book's artillery commander named, or
// nil.
func (s *State) artilleryCommander(name string) *ArtilleryCommander {
	if s.book == nil {
		return nil
	}
	for i := range s.book.ArtilleryCommanders {
		if a := &s.book.ArtilleryCommanders[i]; a.Name == name {
			return a
		}
	}
	return nil
}

// startFormations puts the Reserve formations' brigades In Reserve as the
// game starts (4.33, 6.32).
func (s *State) startFormations() {
	for _, f := range s.book.ReserveFormations {
		for _, id := range f.Brigades {
			if b := s.brigade(id); b != nil {
				b.Reserve = true
			}
		}
	}
}

// checkCommands reports each artillery commander and Reserve formation
// that names what the scenario does not hold: a brigade, a side, a hex.
// See GBACW 4.33.
func (bb *BattleBook) checkCommands(s *State, fail func(format string, args ...any)) {
	names := map[string]bool{}
	for i, a := range bb.ArtilleryCommanders {
		at := fmt.Sprintf("battle_book: artillery_commanders[%d]", i)
		switch {
		case a.Name == "":
			fail("%s: give the commander's name (4.33)", at)
		case names[a.Name] || s.leader(a.Name) != nil:
			fail("%s: %s is named twice; each leader has one counter (4.33)", at, a.Name)
		}
		names[a.Name] = true
		if s.side(a.Side) == nil {
			fail("%s: side %q is not a side of the scenario", at, a.Side)
		}
		if _, ok := s.m.Hex(a.Hex); !ok {
			fail("%s: hex %q is not a hex of the map", at, a.Hex)
		}
		if a.Range < 1 || a.Range > 99 {
			fail("%s: range is %d; write his Command Range in leader MPs, 1 to 99 (4.15)", at, a.Range)
		}
		if a.AMs < 1 || a.AMs > MaxAMs {
			fail("%s: ams is %d; write 1 to %d AMs a turn (5.31)", at, a.AMs, MaxAMs)
		}
		if len(a.Brigades) == 0 {
			fail("%s: name the artillery brigades he activates (4.31, 4.33)", at)
		}
		for _, id := range a.Brigades {
			switch b := s.brigade(id); {
			case b == nil:
				fail("%s: %q is not a brigade of the scenario", at, id)
			case !b.Artillery:
				fail("%s: %s is not an artillery brigade (4.31)", at, id)
			case b.Under != "":
				fail("%s: %s has no artillery brigadier to activate on his AMs: its units are directly under their %s (4.31, 4.33; ruling GBACW-R101)", at, id, underName(b.Under))
			case s.sideOfBrigade(b) != a.Side:
				fail("%s: %s is not of the %s", at, id, a.Side)
			}
		}
	}
	held := map[string]string{}
	for i, f := range bb.ReserveFormations {
		at := fmt.Sprintf("battle_book: reserve_formations[%d]", i)
		if f.ID == "" {
			fail("%s: give the formation's id (4.33)", at)
		}
		if f.ReleaseTurn < 0 {
			fail("%s: release_turn is %d; write the first turn it may leave Reserve, or leave it out (6.34)", at, f.ReleaseTurn)
		}
		if len(f.Brigades) == 0 {
			fail("%s: name its brigades (4.33)", at)
		}
		for _, id := range f.Brigades {
			switch b := s.brigade(id); {
			case b == nil:
				fail("%s: %q is not a brigade of the scenario", at, id)
			case held[id] != "":
				fail("%s: %s is already in %s", at, id, held[id])
			case b.Arrives > 1:
				fail("%s: %s enters on turn %d; only brigades on the map at the start go In Reserve with the formation (6.32)", at, id, b.Arrives)
			}
			held[id] = f.ID
		}
	}
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
