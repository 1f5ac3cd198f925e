package wintersvictory

import (
	"fmt"
	"strconv"
	"strings"

	"galloper/rules"
)

// Shock combat at the table layer (See WV 12.0 steps 4-6, 12.2, 12.21,
// 12.22 and 12.23):
//
//  1. Odds: total attacking troop strength to defending (crew strength for
//     an artillery defender), rounded down in the defender's favour to a
//     row of the Shock Combat Results Table; above 2:1 reads 2:1, below
//     1:2 reads 1:2 (12.0 step 4, 12.23.1, 12.23.3).
//  2. Differential: the top attacker's current Effectiveness Rating with
//     the 12.2 modifiers, less the top defender's. Ratio modifiers: -1
//     below 1:3; +1 at 3:1, +2 at 4:1 or more (not both), these only at a
//     differential of -3 or better (12.23.1, ruling R22).
//  3. Special cases (12.23): at 5:1 or more in Clear or Light Cover terrain
//     with a differential of -1 or better the defender takes Dr and the
//     attacker nothing (not against a crew with its battery); above +7
//     reads +7; at -4 read the -3 column two rows lower; if that falls
//     below 1:2, or at -5 or worse, the attacker takes Dr and the defender
//     nothing.
//  4. The die, the row and the column give Attacker/Defender results
//     (12.0 step 6, 12.41).

// Snow is the snow a unit faces into for the shock modifiers (12.2).
type Snow int

const (
	NoSnow Snow = iota
	LightSnow
	HeavySnow
)

// ShockAttacker is what 12.2 reads of the top attacking unit.
type ShockAttacker struct {
	Disordered        bool
	SkirmishOrCossack bool
	IntoWind          Snow
	// CommandUnit: stacked with an unreduced Command unit; no modifier to
	// a Disordered, General Order, Skirmish or Routed unit (12.21).
	CommandUnit     bool
	Unformed        bool // General Order or Skirmish
	RussianInfantry bool
	// Impetus: formed charging cavalry, not in an Opportunity Charge
	// (12.55, 12.56); none if Disordered.
	Impetus bool
}

// ShockDefender is what 12.2 reads of the top defending unit.
type ShockDefender struct {
	Routed                bool
	Disordered            bool
	SkirmishCrewOrCossack bool
	HeavySnowIntoWind     bool
	CommandUnit           bool
	Unformed              bool
	SteepSlopeFromBelow   bool // attacker from lower elevation across a steep slope hexside
	AcrossStream          bool
	SkirmishLightCoverHex bool // skirmish units of 4 SP or less in a Light Cover hex
	SoftCoverOrLCHexside  bool
	HardCover             bool // counts for infantry only
	Infantry              bool
	// CavalryOrArtillery get no obstructed terrain modifier (12.22.7).
	CavalryOrArtillery bool
	SquareVsCavalry    bool
}

// AttackerModifier totals 12.2's attacker modifiers other than the
// ratio ones. See WV 12.2 and 12.21.
func (t *Tables) AttackerModifier(a ShockAttacker) int {
	m := t.ShockModifiers["attacker"]
	total := 0
	if a.Disordered {
		if a.SkirmishOrCossack {
			total += m["disordered_skirmish_or_cossack"]
		} else {
			total += m["disordered"]
		}
	}
	switch a.IntoWind {
	case HeavySnow:
		total += m["into_wind_heavy_snow"]
	case LightSnow:
		total += m["into_wind_light_snow"]
	}
	if a.CommandUnit && !a.Disordered && !a.Unformed {
		total += m["command_unit"]
	}
	if a.RussianInfantry {
		total += m["russian_infantry"]
	}
	if a.Impetus && !a.Disordered {
		total += m["cavalry_impetus"]
	}
	return total
}

// DefenderModifier totals 12.2's defender modifiers. See WV 12.2, 12.21
// and 12.22.7.
func (t *Tables) DefenderModifier(d ShockDefender) int {
	m := t.ShockModifiers["defender"]
	total := 0
	add := func(on bool, k string) {
		if on {
			total += m[k]
		}
	}
	add(d.Routed, "routed")
	add(d.Disordered && !d.SkirmishCrewOrCossack, "disordered")
	add(d.Disordered && d.SkirmishCrewOrCossack, "disordered_skirmish_crew_or_cossack")
	add(d.HeavySnowIntoWind, "into_wind_heavy_snow")
	add(d.CommandUnit && !d.Disordered && !d.Unformed && !d.Routed, "command_unit")
	add(d.SteepSlopeFromBelow, "steep_slope_from_below")
	add(d.AcrossStream, "across_stream")
	add(d.SkirmishLightCoverHex && !d.CavalryOrArtillery, "skirmish_light_cover_hex")
	add(d.SoftCoverOrLCHexside && !d.CavalryOrArtillery, "soft_cover_or_light_cover_hexside")
	add(d.HardCover && d.Infantry, "hard_cover_infantry")
	add(d.SquareVsCavalry, "square_vs_cavalry")
	return total
}

// ShockSetup is where a shock attack reads the table, or its automatic
// result.
type ShockSetup struct {
	Odds         string // row, e.g. "3:2"
	Differential int    // column, -3 to +7
	// Auto is "attacker-Dr" or "defender-Dr" when 12.23 decides the
	// combat without the table; Odds and Differential are then unset.
	Auto string
}

// ShockInput is one shock attack at the table layer.
type ShockInput struct {
	AttackSP, DefendSP int // after 12.13's 9 SP cap and 8.35's halving
	AttackER, DefendER int // current Effectiveness Ratings (13.2, no Effectiveness Modifier)
	Attacker           ShockAttacker
	Defender           ShockDefender
	// OpenGround: the defender is in a Clear or Light Cover hex;
	// CrewWithBattery: it is an artillery crew with its battery (12.23.2).
	OpenGround, CrewWithBattery bool
}

// SetUp finds the row and column of a shock attack, or its automatic
// result. See WV 12.0 steps 4-5 and 12.23.
func (p *Pack) SetUp(t *Tables, in ShockInput) (ShockSetup, error) {
	if in.AttackSP < 1 || in.DefendSP < 1 {
		return ShockSetup{}, fmt.Errorf("shock: strengths %d to %d; both sides have at least 1 SP", in.AttackSP, in.DefendSP)
	}
	a, d := in.AttackSP, in.DefendSP
	diff := in.AttackER + t.AttackerModifier(in.Attacker) - (in.DefendER + t.DefenderModifier(in.Defender))
	switch {
	case a*3 < d: // less than 1 to 3 (12.23.3)
		diff += t.ShockModifiers["attacker"]["ratio_below_1_to_3"]
	case a >= 4*d && diff >= -3: // 12.23.1
		diff += t.ShockModifiers["attacker"]["ratio_4_to_1"]
	case a >= 3*d && diff >= -3:
		diff += t.ShockModifiers["attacker"]["ratio_3_to_1"]
	}
	if in.OpenGround && !in.CrewWithBattery && diff >= -1 && a >= 5*d { // 12.23.2
		return ShockSetup{Auto: "defender-Dr"}, nil
	}
	row := p.oddsRow(a, d)
	switch {
	case diff <= -5:
		return ShockSetup{Auto: "attacker-Dr"}, nil
	case diff == -4: // 12.23.5
		if row < 2 {
			return ShockSetup{Auto: "attacker-Dr"}, nil
		}
		row, diff = row-2, -3
	}
	return ShockSetup{Odds: p.shockOdds[row].label, Differential: min(diff, 7)}, nil
}

// oddsRow rounds attacker to defender down to a row, in the defender's
// favour; beyond the ends it reads the end rows. See WV 12.0 step 4.
func (p *Pack) oddsRow(a, d int) int {
	row := 0
	for i, o := range p.shockOdds {
		if a*o.d >= d*o.a {
			row = i
		}
	}
	return row
}

// ShockResult reads the Shock Combat Results Table: the attacker's and
// defender's result codes. See WV 12.0 step 6 and 12.41.
func (p *Pack) ShockResult(s ShockSetup, die int) (attacker, defender string, err error) {
	if err := checkDie(die); err != nil {
		return "", "", err
	}
	cell, ok := p.shock[s.Odds+"/"+strconv.Itoa(die)][s.Differential]
	if !ok {
		return "", "", fmt.Errorf("shock: no cell at odds %s, die %d, differential %+d", s.Odds, die, s.Differential)
	}
	return cell[0], cell[1], nil
}

type odds struct {
	a, d  int
	label string
}

// compileShock reads the Shock Combat Results Table: the odds rows named
// in its value "odds" from 1:2 to 2:1, rising; for each a row per die
// 0-9; a column per differential -3 to +7; cells Attacker/Defender in the
// codes of 12.41.
func compileShock(name string, p *rules.ChartPack, codes map[string]bool) ([]odds, map[string]map[int][2]string, error) {
	const table = "shock"
	t, err := p.Table(table)
	if err != nil {
		return nil, nil, err
	}
	where := func(format string, args ...any) error {
		return fmt.Errorf("chart pack %s: table %s: %s", name, table, fmt.Sprintf(format, args...))
	}
	labels := strings.Fields(t.Values["odds"])
	var os []odds
	for _, l := range labels {
		var a, d int
		if n, err := fmt.Sscanf(l, "%d:%d", &a, &d); n != 2 || err != nil || a < 1 || d < 1 {
			return nil, nil, where("odds %q is not a ratio such as 3:2", l)
		}
		if len(os) > 0 && a*os[len(os)-1].d <= d*os[len(os)-1].a {
			return nil, nil, where("odds %s does not rise above %s", l, os[len(os)-1].label)
		}
		os = append(os, odds{a, d, l})
	}
	if len(os) < 2 || os[0].label != "1:2" || os[len(os)-1].label != "2:1" {
		return nil, nil, where(`value "odds" must run from 1:2 to 2:1 (12.23.1, 12.23.3)`)
	}
	cols := map[int]int{}
	for i, c := range t.Columns {
		n, err := strconv.Atoi(c)
		if err != nil {
			return nil, nil, where("column %q is not a differential", c)
		}
		cols[n] = i
	}
	for d := -3; d <= 7; d++ {
		if _, ok := cols[d]; !ok {
			return nil, nil, where("missing column %+d (differentials -3 to +7, 12.23)", d)
		}
	}
	cells := map[string]map[int][2]string{}
	for _, o := range os {
		for die := 0; die <= 9; die++ {
			key := o.label + "/" + strconv.Itoa(die)
			row, ok := t.Rows[key]
			if !ok {
				return nil, nil, where("missing row %q", key)
			}
			cells[key] = map[int][2]string{}
			for d := -3; d <= 7; d++ {
				parts := strings.Split(row[cols[d]], "/")
				if len(parts) != 2 || !codes[parts[0]] || !codes[parts[1]] {
					return nil, nil, where("row %q column %+d: %q is not Attacker/Defender in the codes of 12.41", key, d, row[cols[d]])
				}
				cells[key][d] = [2]string{parts[0], parts[1]}
			}
		}
	}
	return os, cells, nil
}
