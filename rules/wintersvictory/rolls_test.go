package wintersvictory

import "testing"

// Single-die events, each against the words of its rule (lines of the
// rulebook text in charts/printed.yaml).
func TestSingleDieEvents(t *testing.T) {
	tb := PrintedTables()
	for die := 0; die <= 9; die++ {
		// 11.0: "on a roll of 0-4 the French player fires first, on a roll
		// of 5-9 the Allied player fires first".
		if got := tb.FrenchFireFirst(die); got != (die <= 4) {
			t.Errorf("initiative die %d: French first %v", die, got)
		}
		// 11.44: Medium or Minimum range "an 8 or 9", Maximum "a 9",
		// Extended no check.
		if got := tb.LeaderHitByFire(Minimum, die); got != (die >= 8) {
			t.Errorf("leader, Minimum Range, die %d: %v", die, got)
		}
		if got := tb.LeaderHitByFire(Medium, die); got != (die >= 8) {
			t.Errorf("leader, Medium Range, die %d: %v", die, got)
		}
		if got := tb.LeaderHitByFire(Maximum, die); got != (die == 9) {
			t.Errorf("leader, Maximum Range, die %d: %v", die, got)
		}
		if tb.LeaderHitByFire(Extended, die) {
			t.Errorf("leader, Extended Range, die %d: hit", die)
		}
		// 12.44: "If a 7, 8 or 9 is rolled".
		if got := tb.LeaderHitInShock(die); got != (die >= 7) {
			t.Errorf("leader in shock, die %d: %v", die, got)
		}
		// 12.54.2: "If the die result is 6 or greater, the cavalry unit
		// Disorders."
		if got := tb.ChargeDisordersOnHexside(die); got != (die >= 6) {
			t.Errorf("charge across a brook, die %d: %v", die, got)
		}
		// 11.91: a fire die roll of "9".
		if got := tb.SkirmishAmmoDepleted(die); got != (die == 9) {
			t.Errorf("skirmisher ammunition, die %d: %v", die, got)
		}
	}
	// 12.53.3: "equal to or greater than the cavalry unit's unmodified
	// Effectiveness Rating, the cavalry unit passes".
	if !ChargeControlPasses(5, 5) || ChargeControlPasses(4, 5) {
		t.Error("charge control check misread")
	}
	// 14.21: "equal to or less than the negative value of the Morale
	// Total".
	for _, c := range []struct {
		die, total int
		want       bool
	}{{3, -3, true}, {4, -3, false}, {0, 0, true}, {1, 0, false}, {0, 2, false}} {
		if got := Demoralized(c.die, c.total); got != c.want {
			t.Errorf("Demoralized(%d, %d) = %v", c.die, c.total, got)
		}
	}
	// 7.57: "equal to or less than 1/2 its current gun strength (rounded
	// down)": 5 guns lose one on 0-2.
	if !LimberToRetreatGunLost(2, 5) || LimberToRetreatGunLost(3, 5) || !LimberToRetreatGunLost(0, 1) {
		t.Error("limbering to retreat misread")
	}
}

// 13.42 C (lines 2041-2047): rally at or under the current Effectiveness
// Rating; over, no rally; 4 or more over, also 1 SP lost; modifiers -#
// Effectiveness Modifier, -1 adjacent its Brigade Leader, -1 artillery, -1
// same brigade or regiment, +1 woods or town, +2 enemy within 4 hexes; 14.22:
// no leader modifier when Demoralized.
func TestSelfRally(t *testing.T) {
	tb := PrintedTables()
	for _, c := range []struct {
		name    string
		die, er int
		f       SelfRallyFacts
		rally   bool
		loss    int
	}{
		{"at the rating", 4, 4, SelfRallyFacts{}, true, 0},
		{"one over", 5, 4, SelfRallyFacts{}, false, 0},
		{"three over", 7, 4, SelfRallyFacts{}, false, 0},
		{"four over", 8, 4, SelfRallyFacts{}, false, 1},
		{"Effectiveness Modifier 2", 6, 4, SelfRallyFacts{EffectivenessModifier: 2}, true, 0},
		{"Brigade Leader", 5, 4, SelfRallyFacts{AdjacentBrigadeLeader: true}, true, 0},
		{"Brigade Leader, Demoralized", 5, 4, SelfRallyFacts{AdjacentBrigadeLeader: true, Demoralized: true}, false, 0},
		{"artillery and same brigade", 6, 4, SelfRallyFacts{Artillery: true, SameBrigadeOrRegiment: true}, true, 0},
		{"woods", 4, 4, SelfRallyFacts{WoodsOrTown: true}, false, 0},
		{"enemy within 4", 6, 4, SelfRallyFacts{EnemyWithin4: true}, false, 1},
	} {
		rally, loss := tb.SelfRally(c.die, c.er, c.f)
		if rally != c.rally || loss != c.loss {
			t.Errorf("%s: rallied %v, loss %d; want %v, %d", c.name, rally, loss, c.rally, c.loss)
		}
	}
}
