package wintersvictory

import "testing"

// 12.2 (lines 1643-1665) and 12.21: each modifier alone, and the
// conditions that withhold the leader and Impetus modifiers.
func TestShockModifiers(t *testing.T) {
	tb := PrintedTables()
	for _, c := range []struct {
		name string
		a    ShockAttacker
		want int
	}{
		{"Disordered", ShockAttacker{Disordered: true}, -3},
		{"Disordered skirmisher", ShockAttacker{Disordered: true, SkirmishOrCossack: true}, -1},
		{"heavy snow", ShockAttacker{IntoWind: HeavySnow}, -2},
		{"light snow", ShockAttacker{IntoWind: LightSnow}, -1},
		{"leader", ShockAttacker{CommandUnit: true}, 1},
		{"leader, Disordered", ShockAttacker{CommandUnit: true, Disordered: true}, -3},
		{"leader, General Order", ShockAttacker{CommandUnit: true, Unformed: true}, 0},
		{"Russian infantry", ShockAttacker{RussianInfantry: true}, 2},
		{"Impetus", ShockAttacker{Impetus: true}, 2},
		{"Impetus, Disordered", ShockAttacker{Impetus: true, Disordered: true}, -3},
	} {
		if got := tb.AttackerModifier(c.a); got != c.want {
			t.Errorf("attacker %s: %d, want %d", c.name, got, c.want)
		}
	}
	for _, c := range []struct {
		name string
		d    ShockDefender
		want int
	}{
		{"Routed", ShockDefender{Routed: true}, -6},
		{"Disordered", ShockDefender{Disordered: true}, -3},
		{"Disordered crew", ShockDefender{Disordered: true, SkirmishCrewOrCossack: true}, -1},
		{"heavy snow", ShockDefender{HeavySnowIntoWind: true}, -1},
		{"leader", ShockDefender{CommandUnit: true}, 1},
		{"leader, Routed", ShockDefender{CommandUnit: true, Routed: true}, -6},
		{"steep slope", ShockDefender{SteepSlopeFromBelow: true}, 1},
		{"stream", ShockDefender{AcrossStream: true}, 1},
		{"skirmishers in Light Cover", ShockDefender{SkirmishLightCoverHex: true}, 1},
		{"woods", ShockDefender{SoftCoverOrLCHexside: true}, 1},
		{"cavalry in woods (12.22.7)", ShockDefender{SoftCoverOrLCHexside: true, CavalryOrArtillery: true}, 0},
		{"infantry in town", ShockDefender{HardCover: true, Infantry: true}, 2},
		{"cavalry in town", ShockDefender{HardCover: true, CavalryOrArtillery: true}, 0},
		{"square against cavalry", ShockDefender{SquareVsCavalry: true}, 2},
	} {
		if got := tb.DefenderModifier(c.d); got != c.want {
			t.Errorf("defender %s: %d, want %d", c.name, got, c.want)
		}
	}
}

// 12.0 step 4's worked example: "attacker's 5 SPs to defender's 3 SPs;
// 5 / 3 = 1.66 to 1 or 3 to 2 ratio"; and 12.23.
func TestShockDifferential(t *testing.T) {
	tb, p := PrintedTables(), ProvisionalPack()
	in := func(a, d, aer, der int) ShockInput {
		return ShockInput{AttackSP: a, DefendSP: d, AttackER: aer, DefendER: der}
	}
	for _, c := range []struct {
		name string
		in   ShockInput
		want ShockSetup
	}{
		{"5 to 3 is 3:2 (12.0 step 4 example)", in(5, 3, 4, 4), ShockSetup{Odds: "3:2", Differential: 0}},
		{"above 2:1 reads 2:1", in(5, 2, 5, 3), ShockSetup{Odds: "2:1", Differential: 2}},
		{"3:1 adds +1 (12.23.1)", in(9, 3, 4, 4), ShockSetup{Odds: "2:1", Differential: 1}},
		{"4:1 adds +2, not +3", in(8, 2, 4, 4), ShockSetup{Odds: "2:1", Differential: 2}},
		{"ratio bonus at -3", in(8, 2, 2, 5), ShockSetup{Odds: "2:1", Differential: -1}},
		{"no ratio bonus at -4, which then reads two rows down", in(8, 2, 1, 5), ShockSetup{Odds: "1:1", Differential: -3}},
		{"below 1:2 reads 1:2", in(2, 5, 4, 4), ShockSetup{Odds: "1:2", Differential: 0}},
		{"below 1:3: -1 (12.23.3)", in(2, 7, 4, 4), ShockSetup{Odds: "1:2", Differential: -1}},
		{"above +7 reads +7 (12.23.4)", in(3, 3, 9, 0), ShockSetup{Odds: "1:1", Differential: 7}},
		{"-4: -3 column two rows down (12.23.5)", in(6, 3, 1, 5), ShockSetup{Odds: "1:1", Differential: -3}},
		{"-4 falling below 1:2: attacker Dr", in(3, 3, 1, 5), ShockSetup{Auto: "attacker-Dr"}},
		{"-5: attacker Dr", in(6, 3, 0, 5), ShockSetup{Auto: "attacker-Dr"}},
	} {
		got, err := p.SetUp(tb, c.in)
		if err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
	// 12.23.2: 5:1 or more in Clear or Light Cover at -1 or better.
	open := in(10, 2, 3, 4)
	open.OpenGround = true
	if got, _ := p.SetUp(tb, open); got.Auto != "defender-Dr" {
		t.Errorf("5:1 in the open at -1: %+v, want defender Dr", got)
	}
	open.CrewWithBattery = true
	if got, _ := p.SetUp(tb, open); got.Auto != "" {
		t.Errorf("5:1 against a crew with its battery: %+v, want the table", got)
	}
	if _, err := p.SetUp(tb, in(0, 3, 4, 4)); err == nil {
		t.Error("0 SP attacker accepted")
	}
}

// The provisional Shock table reads by odds, die and differential into
// the codes of 12.41.
func TestShockTable(t *testing.T) {
	tb, p := PrintedTables(), ProvisionalPack()
	for _, o := range []string{"1:2", "1:1", "3:2", "2:1"} {
		for die := 0; die <= 9; die++ {
			for d := -3; d <= 7; d++ {
				a, def, err := p.ShockResult(ShockSetup{Odds: o, Differential: d}, die)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := tb.Shock(a); err != nil {
					t.Error(err)
				}
				if _, err := tb.Shock(def); err != nil {
					t.Error(err)
				}
			}
		}
	}
	if _, _, err := p.ShockResult(ShockSetup{Odds: "3:1"}, 4); err == nil {
		t.Error("odds 3:1 read")
	}
}
