package lob

import (
	"testing"

	"pgregory.net/rapid"
)

// fieldPacks are the packs the properties are checked on: the explicit
// test pack (properties any valid pack has) and the provisional pack.
func fieldPacks(t *testing.T) map[string]*fieldCharts {
	return map[string]*fieldCharts{"test": testField(t), "provisional": provisionalField(t)}
}

// TestMoreSPsNeverMoveLeft: for any pack, more firing SPs never start a
// shot in a column further left, nor turn a shot into no shot, and DG
// firers never fire further right (LoB 5.6).
func TestMoreSPsNeverMoveLeft(t *testing.T) {
	for name, f := range fieldPacks(t) {
		t.Run(name, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				sps := rapid.IntRange(0, 40).Draw(t, "sps")
				shift := rapid.IntRange(-12, 12).Draw(t, "shift")
				dg := rapid.Bool().Draw(t, "dg")
				c1, ok1 := f.CombatColumn(sps, dg, shift)
				c2, ok2 := f.CombatColumn(sps+1, dg, shift)
				if ok1 && (!ok2 || c2 < c1) {
					t.Fatalf("%d SPs: column %d, %d SPs: column %d fires %v", sps, c1, sps+1, c2, ok2)
				}
				if c3, ok3 := f.CombatColumn(sps, dg, shift+1); ok1 && (!ok3 || c3 < c1) {
					t.Fatalf("one more right shift moved left")
				}
				if cd, okd := f.CombatColumn(sps, true, shift); okd {
					if cn, okn := f.CombatColumn(sps, false, shift); !okn || cd > cn {
						t.Fatalf("%d SPs DG fired on column %d, right of %d", sps, cd, cn)
					}
				}
			})
		})
	}
}

// TestHigherMoraleRollNeverBetter: a higher modified roll never gives a
// better Morale Table result, and a worse Morale Rating never a better one
// (LoB 6.1; a property of the provisional derivation and the test pack).
func TestHigherMoraleRollNeverBetter(t *testing.T) {
	for name, f := range fieldPacks(t) {
		ratings := []string{"A", "B"}
		if name == "provisional" {
			ratings = []string{"A", "B", "C", "D", "E", "F"}
		}
		t.Run(name, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				i := rapid.IntRange(0, len(ratings)-1).Draw(t, "rating")
				roll := rapid.IntRange(-10, 30).Draw(t, "roll")
				lo, _ := f.MoraleTable(ratings[i], roll)
				hi, _ := f.MoraleTable(ratings[i], roll+1)
				if lo.worse(hi) {
					t.Fatalf("%s: %d gives %v, %d gives the better %v", ratings[i], roll, lo, roll+1, hi)
				}
				if i+1 < len(ratings) {
					if next, _ := f.MoraleTable(ratings[i+1], roll); lo.worse(next) {
						t.Fatalf("%d: %s gives %v, worse rating %s the better %v", roll, ratings[i], lo, ratings[i+1], next)
					}
				}
			})
		})
	}
}

// TestProvisionalCombatIsMonotone: on the provisional Combat Table a column
// further right or a higher roll never gives fewer losses or drops a
// Morale Check (the documented derivation).
func TestProvisionalCombatIsMonotone(t *testing.T) {
	f := provisionalField(t)
	last := len(f.combat.cols) - 1
	rapid.Check(t, func(t *rapid.T) {
		col := rapid.IntRange(0, last-1).Draw(t, "col")
		roll := rapid.IntRange(2, 11).Draw(t, "roll")
		rng := rapid.IntRange(1, 12).Draw(t, "range")
		here, _ := f.Combat(col, roll, rng)
		for _, next := range []CombatResult{must(f.Combat(col+1, roll, rng)), must(f.Combat(col, roll+1, rng))} {
			if next.Loss < here.Loss || (here.Check && !next.Check) {
				t.Fatalf("column %d roll %d range %d: %v, then %v", col, roll, rng, here, next)
			}
		}
		if far, _ := f.Combat(col, roll, 10); far.Loss > here.Loss {
			t.Fatalf("long range gave more losses: %v > %v", far, here)
		}
	})
}

// must drops the error of a lookup whose inputs the test keeps in range.
func must(r CombatResult, err error) CombatResult {
	if err != nil {
		panic(err)
	}
	return r
}

// TestAddedMoraleNeverImproves: on the provisional Additive Morale Effects
// Chart a new Sh, DG or R result never leaves a hex better than either
// state (LoB 6.2a, the documented derivation).
func TestAddedMoraleNeverImproves(t *testing.T) {
	f := provisionalField(t)
	rapid.Check(t, func(t *rapid.T) {
		cur := rapid.SampledFrom(moraleOrder).Draw(t, "current")
		add := rapid.SampledFrom([]MoraleMarker{MoraleSh, MoraleDG, MoraleRouted}).Draw(t, "new")
		got := f.AddMorale(cur, add)
		if moraleRank(got) < max(moraleRank(cur), moraleRank(add)) {
			t.Fatalf("%s + %s = %s", cur, add, got)
		}
		if WorsenMorale(got) != MoraleRouted && moraleRank(WorsenMorale(got)) != moraleRank(got)+1 {
			t.Fatalf("worsen %s = %s", got, WorsenMorale(got))
		}
	})
}

// TestChargeModifierGrowsWithTheAttacker: more attacking SPs never lower
// the Additional Charge Modifier, more defending SPs never raise it (LoB
// 7.0g), on any pack.
func TestChargeModifierGrowsWithTheAttacker(t *testing.T) {
	for name, f := range fieldPacks(t) {
		t.Run(name, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				a := rapid.IntRange(0, 20).Draw(t, "attacker")
				d := rapid.IntRange(0, 20).Draw(t, "defender")
				if f.ChargeModifier(a+1, d) < f.ChargeModifier(a, d) || f.ChargeModifier(a, d+1) > f.ChargeModifier(a, d) {
					t.Fatalf("%d v %d: %d; %d v %d: %d; %d v %d: %d", a, d, f.ChargeModifier(a, d),
						a+1, d, f.ChargeModifier(a+1, d), a, d+1, f.ChargeModifier(a, d+1))
				}
			})
		})
	}
}

// TestRecoveryAndRoadSpaceBounds: Loss Recovery gives back at least 1 SP
// and 25% of the losses, never more than was lost (LoB 9.3a, 9.3b); Road
// Column space rounds SPs per hex to the nearest hex (LoB 12.3e).
func TestRecoveryAndRoadSpaceBounds(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		printed := rapid.IntRange(1, 30).Draw(t, "printed")
		current := rapid.IntRange(0, printed-1).Draw(t, "current")
		losses := printed - current
		got := LossRecovery(printed, current, false)
		if got < 1 || got > losses || got < losses/4 || (losses >= 8 && got != losses/4) {
			t.Fatalf("%d losses: recovers %d", losses, got)
		}
		kind := rapid.SampledFrom([]string{RoadInfantry, RoadArtillery, RoadMountedCavalry}).Draw(t, "kind")
		per, _ := RoadHexLimit(kind)
		hexes, _ := RoadColumnHexes(kind, printed)
		more, _ := RoadColumnHexes(kind, printed+1)
		if more < hexes || hexes < 1 || 2*abs(hexes*per-printed) > per && hexes > 1 {
			t.Fatalf("%s %d SPs: %d hexes (%d for one more SP)", kind, printed, hexes, more)
		}
	})
}

// abs is |n|.
func abs(n int) int { return max(n, -n) }

// FuzzMoraleResult: a Morale Table cell that parses prints back to a cell
// that parses to the same result (LoB 6.2).
func FuzzMoraleResult(f *testing.F) {
	for _, s := range []string{"-", "BL", "Sh b1", "DG b3 L1", "R b4 L2", "b2", "L1", "DG L1 b2", "Sh b0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseMoraleResult(s)
		if err != nil {
			return
		}
		again, err := ParseMoraleResult(r.String())
		if err != nil || again != r {
			t.Fatalf("%q -> %v -> %v %v", s, r, again, err)
		}
	})
}

// FuzzCombatResult: the same round trip for Combat Table cells (LoB 5.6).
func FuzzCombatResult(f *testing.F) {
	for _, s := range []string{"-", "m", "2", "1 blue", "m red", "- red", "0", "3 green"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := parseCombatResult(s)
		if err != nil {
			return
		}
		again, err := parseCombatResult(r.String())
		if err != nil || again != r {
			t.Fatalf("%q -> %v -> %v %v", s, r, again, err)
		}
	})
}
