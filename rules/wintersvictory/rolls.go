package wintersvictory

// Single-die events of the booklet, each compared as the rule says (the
// rules notes' random events inventory). Dice are read 0-9 (2.6); the
// caller rolls.

// FrenchFireFirst reports whether the French fire first in a Fire Segment.
// See WV 11.0 (Fire Protocol).
func (t *Tables) FrenchFireFirst(die int) bool { return die <= t.Thresholds["french_fires_first"] }

// LeaderHitByFire reports whether a command unit stacked with a unit that
// lost SP to fire is hit, by the range band of the fire. See WV 11.44.
func (t *Tables) LeaderHitByFire(b Band, die int) bool {
	from, ok := t.Thresholds["leader_fire_"+string(b)]
	return ok && die >= from // no check at Extended Range
}

// LeaderHitInShock reports whether a command unit in a hex that lost a
// troop SP in shock is hit. See WV 12.44.
func (t *Tables) LeaderHitInShock(die int) bool { return die >= t.Thresholds["leader_shock"] }

// ChargeDisordersOnHexside reports whether charging cavalry shocking across
// a Brook or Light Cover hexside Disorders. See WV 12.54.2.
func (t *Tables) ChargeDisordersOnHexside(die int) bool {
	return die >= t.Thresholds["charge_hexside_disorder"]
}

// SkirmishAmmoDepleted reports whether a skirmisher's fire die, as rolled,
// runs it out of ammunition. See WV 11.91 and ruling R16.
func (t *Tables) SkirmishAmmoDepleted(die int) bool { return die >= t.Thresholds["skirmish_ammo"] }

// ChargeControlPasses reports whether a Cavalry Charge Control Check
// passes: a die equal to or greater than the top cavalry unit's unmodified
// Effectiveness Rating. See WV 12.53.3.
func ChargeControlPasses(die, printedRating int) bool { return die >= printedRating }

// Demoralized reports whether an Army or Corps with a Morale total of zero
// or less is Demoralized: a die at or under the total's negative. See WV
// 14.21.
func Demoralized(die, moraleTotal int) bool { return moraleTotal <= 0 && die <= -moraleTotal }

// LimberToRetreatGunLost reports whether a battery limbering to retreat
// loses a gun: a die at or under half its current guns, rounded down. See
// WV 7.57 and ruling R18.
func LimberToRetreatGunLost(die, guns int) bool { return die <= guns/2 }

// SelfRallyFacts are the conditions 13.42 C lists.
type SelfRallyFacts struct {
	EffectivenessModifier int
	AdjacentBrigadeLeader bool
	Artillery             bool
	SameBrigadeOrRegiment bool // stacked with or adjacent to
	WoodsOrTown           bool
	EnemyWithin4          bool
	Demoralized           bool // 14.22: no Brigade Leader modifier (notes §4 #29)
}

// SelfRally resolves a self-rally roll against the unit's current
// Effectiveness Rating (without the Attack Order bonus, 13.2): rallied,
// or not rallied, losing 1 SP when the roll is 4 or more over. See WV
// 13.42 C.
func (t *Tables) SelfRally(die, rating int, f SelfRallyFacts) (rallied bool, loss int) {
	m := t.SelfRallyMods
	r := die - f.EffectivenessModifier
	if f.AdjacentBrigadeLeader && !f.Demoralized {
		r += m["adjacent_brigade_leader"]
	}
	if f.Artillery {
		r += m["artillery"]
	}
	if f.SameBrigadeOrRegiment {
		r += m["same_brigade_or_regiment"]
	}
	if f.WoodsOrTown {
		r += m["woods_or_town"]
	}
	if f.EnemyWithin4 {
		r += m["enemy_within_4"]
	}
	switch {
	case r <= rating:
		return true, 0
	case r-rating >= m["loss_excess"]:
		return false, 1
	}
	return false, 0
}
