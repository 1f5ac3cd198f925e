package wintersvictory

import "fmt"

// Band is a fire range band (11.0 Fire Protocol step 2).
type Band string

const (
	Minimum  Band = "minimum"
	Medium   Band = "medium"
	Maximum  Band = "maximum"
	Extended Band = "extended"
)

// Firer is what the range bands read of a firing unit (11.0, 11.22, 11.23).
type Firer struct {
	Artillery bool
	// ShortRange: a Class 3 battery or a Russian Class 2 horse battery,
	// whose Maximum Range ends at 6 hexes (11.22).
	ShortRange bool
	// ExtendedCapable: a Class 1 foot battery, not Disordered (11.23); it
	// must also have the guns ExtendedMinGuns asks.
	ExtendedCapable bool
	Guns            int
}

// FireBand is the range band of a target at hexes (firing hex exclusive,
// target hex inclusive); ok is false out of range. See WV 11.0, 11.22 and
// 11.23.
func (t *Tables) FireBand(f Firer, hexes int) (Band, bool) {
	bands := t.FireRanges.Infantry
	order := []Band{Minimum, Maximum}
	if f.Artillery {
		bands = t.FireRanges.Artillery
		order = []Band{Minimum, Medium, Maximum, Extended}
	}
	for _, b := range order {
		r := bands[string(b)]
		if hexes < r[0] || hexes > r[1] {
			continue
		}
		switch {
		case b == Maximum && f.ShortRange && hexes > t.FireRanges.ShortMaximum:
			return "", false
		case b == Extended && (!f.ExtendedCapable || f.Guns < t.FireRanges.ExtendedMinGuns):
			return "", false
		}
		return b, true
	}
	return "", false
}

// ExtendedImpact reads the Extended Range Firing Result Table: the impact
// hex, in hexes beyond (+) or short of (-) the target hex. See WV 11.23.
func (t *Tables) ExtendedImpact(die int) (int, error) {
	if err := checkDie(die); err != nil {
		return 0, err
	}
	for _, r := range t.ExtendedRange {
		if die >= r.Die[0] && die <= r.Die[1] {
			return r.Hexes, nil
		}
	}
	return 0, fmt.Errorf("extended range: no row for die %d", die) // LoadTables makes this unreachable
}

// SpendsAmmo reports whether a battery's fire combat die roll at a band
// expends a point of ammunition (at most one a phase). See WV 11.93.
func (t *Tables) SpendsAmmo(b Band, die int) bool {
	from, ok := t.AmmoExpenditure[string(b)]
	return ok && die >= from
}

// GunLost reports whether a Gun-Loss Check loses a gun. See WV 6.32.
func (t *Tables) GunLost(die int, brookOrLightCover, horse, class1 bool) bool {
	g := t.GunLoss
	if brookOrLightCover {
		die += g.BrookOrLC
	}
	if horse {
		die += g.Horse
	}
	if class1 {
		die += g.Class1
	}
	return die >= g.LosesFrom
}

// Stack returns the stacking limits of a combat type: "infantry",
// "cavalry" or "artillery". See WV 9.11 and 9.14.
func (t *Tables) Stack(kind string) (StackLimit, error) {
	s, ok := t.Stacking[kind]
	if !ok {
		return StackLimit{}, fmt.Errorf("stacking: %q is not infantry, cavalry or artillery", kind)
	}
	return s, nil
}

// Shock returns what a Shock Combat result code means. See WV 12.41.
func (t *Tables) Shock(code string) (ShockResult, error) {
	r, ok := t.ShockResults[code]
	if !ok {
		return ShockResult{}, fmt.Errorf("shock result %q is not one of • D D1 Dr Dr1 Dr2 R (12.41)", code)
	}
	return r, nil
}

// ShockTarget is what 12.42 reads of a unit receiving a shock result.
type ShockTarget struct {
	Disordered bool
	Routed     bool
	// Unformed: in Skirmish or General Order formation.
	Unformed bool
	// ChargingVsSkirmish: charging cavalry attacking a Skirmish unit.
	ChargingVsSkirmish bool
}

// AdjustShock applies 12.42.1-3 to a result code: an already Disordered
// unit turns Dr, Dr1 and Dr2 into R; a Routed defender always takes R and
// one more SP (Extra); Skirmish and General Order units ignore the
// Disorder of D and D1; charging cavalry against skirmishers ignores D.
// See WV 12.42.
func (t *Tables) AdjustShock(code string, u ShockTarget) (r ShockResult, extra int, err error) {
	if u.Routed {
		code, extra = "R", 1
	}
	if u.Disordered && (code == "Dr" || code == "Dr1" || code == "Dr2") {
		code = "R"
	}
	if u.ChargingVsSkirmish && code == "D" {
		code = "•"
	}
	if r, err = t.Shock(code); err != nil {
		return r, 0, err
	}
	if u.Unformed && (code == "D" || code == "D1") {
		r.Disorder = false
	}
	return r, extra, nil
}

// ShockLoss applies 12.42.4-5 to the strength points a side loses: one
// fewer when either side has only 1 or 2 SP, one more when both have 8 or
// more. See WV 12.42.
func ShockLoss(loss, ownSP, otherSP int) int {
	if loss == 0 {
		return 0
	}
	switch {
	case ownSP <= 2 || otherSP <= 2:
		loss--
	case ownSP >= 8 && otherSP >= 8:
		loss++
	}
	return max(loss, 0)
}

// CrewSteps is the number of steps an artillery crew has for a battery of
// guns: one step mans 3 guns. See WV 7.62.
func CrewSteps(guns int) int { return (max(guns, 0) + 2) / 3 }

// MoraleState is a checking unit's state for 13.1.
type MoraleState string

const (
	Formed     MoraleState = "formed"
	Unformed   MoraleState = "unformed" // Skirmish or General Order
	Disordered MoraleState = "disordered"
)

// MoraleOutcome compares a modified morale roll with the unit's current
// Effectiveness Rating: "" when it passes (roll at or under), else the
// result for an excess of 1-3 or of 4 or more. See WV 13.1.
func (t *Tables) MoraleOutcome(s MoraleState, modified, rating int) (string, error) {
	r, ok := t.MoraleResults[string(s)]
	if !ok {
		return "", fmt.Errorf("morale: %q is not formed, unformed or disordered", s)
	}
	switch excess := modified - rating; {
	case excess <= 0:
		return "", nil
	case excess <= 3:
		return r[0], nil
	default:
		return r[1], nil
	}
}

// MoraleFacts are the conditions 13.13 lists for a morale check.
type MoraleFacts struct {
	EffectivenessModifier int // the unit's printed 1, 2 or 3
	HardCover, SoftCover  bool
	// LightCover: a skirmish stack of 4 SP or less in a Light Cover hex,
	// or any unit behind a Light Cover hexside.
	LightCover bool
	// SameRegiment: an infantry battalion adjacent to or stacked with a
	// non-Routed battalion of its regiment; RussianLightArtillery: a
	// Russian battalion adjacent to a Russian light battery of its
	// division. Both count only in a clear hex (ClearHex).
	SameRegiment, RussianLightArtillery, ClearHex bool
	// CommandUnit: stacked with an unreduced friendly Command unit; no
	// benefit to a Disordered, General Order or Skirmish unit.
	CommandUnit                 bool
	Square, IntoWind            bool
	EliminationSameHex          bool
	EliminationAdjacent         bool
	Enfiladed                   bool
	Disordered, Unformed        bool
	SkirmisherFar, AmmoDepleted bool
	ChargeModifier              int // from ChargeModifier, in an enemy Charge Zone
}

// MoraleModifier totals the morale check modifiers. See WV 13.13.
func (t *Tables) MoraleModifier(f MoraleFacts) int {
	m := t.MoraleMods
	total := -f.EffectivenessModifier + f.ChargeModifier
	add := func(on bool, k string) {
		if on {
			total += m[k]
		}
	}
	add(f.HardCover, "hard_cover")
	add(f.SoftCover, "soft_cover")
	add(f.LightCover, "light_cover")
	add(f.SameRegiment && f.ClearHex, "same_regiment")
	add(f.RussianLightArtillery && f.ClearHex, "russian_light_artillery")
	add(f.CommandUnit && !f.Disordered && !f.Unformed, "command_unit")
	add(f.Square, "square")
	add(f.IntoWind, "into_wind")
	add(f.EliminationSameHex, "elimination_same_hex")
	add(f.EliminationAdjacent, "elimination_adjacent")
	add(f.Enfiladed, "enfiladed")
	add(f.Disordered, "disordered")
	add(f.SkirmisherFar, "skirmisher_far")
	add(f.AmmoDepleted, "ammo_depleted")
	return total
}

// ChargeModifier reads the Cavalry Charge Morale Check Modifier table by
// the charging cavalry's strength (two same-type units may combine), its
// type and the zone the checking unit is in. No modifier applies when the
// cavalry is out of the checker's sight or Disordered; the caller passes
// strength 0 then. See WV 12.63.
func (t *Tables) ChargeModifier(heavy, primary bool, strength int) int {
	if strength < 1 {
		return 0
	}
	row := t.ChargeMorale[0]
	for _, r := range t.ChargeMorale {
		if strength >= r.From {
			row = r
		}
	}
	col := row.Light
	if heavy {
		col = row.Heavy
	}
	if primary {
		return col[0]
	}
	return col[1]
}

// EffectivenessFacts are the conditions 13.2 lists.
type EffectivenessFacts struct {
	AttackOrder  bool // brigade under an Attack Order (not when self-rallying)
	HalfStrength bool // current troop strength half or less of printed (not crews)
	GeneralOrder bool
	Demoralized  bool
	FatigueLevel int // 0, 1 or 2
}

// CurrentEffectiveness is a unit's current Effectiveness Rating, never
// below 0. See WV 13.2.
func (t *Tables) CurrentEffectiveness(printed int, f EffectivenessFacts) int {
	m := t.EffectivenessMods
	r := printed
	if f.AttackOrder {
		r += m["attack_order"]
	}
	if f.HalfStrength {
		r += m["half_strength"]
	}
	if f.GeneralOrder {
		r += m["general_order"]
	}
	if f.Demoralized {
		r += m["demoralized"]
	}
	switch f.FatigueLevel {
	case 1:
		r += m["fatigue_level_1"]
	case 2:
		r += m["fatigue_level_2"]
	}
	return max(r, 0)
}

// HalfStrength reports a troop strength at half or less of the printed
// strength (13.2).
func HalfStrength(current, printed int) bool { return 2*current <= printed }

// Fatigue reads the Brigade Fatigue Level Table for a brigade's Fatigue
// Points (1-8; an empty box, 0, is Level 0, ruling R33). See WV 15.2.
func (t *Tables) Fatigue(points int) (FatigueLevel, error) {
	if points == 0 {
		return t.FatigueLevels[0], nil
	}
	for _, l := range t.FatigueLevels {
		if points >= l.Points[0] && points <= l.Points[1] {
			return l, nil
		}
	}
	return FatigueLevel{}, fmt.Errorf("fatigue: %d points; a brigade has 0 (an empty box) to 8 (15.1)", points)
}
