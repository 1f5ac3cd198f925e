package gbacw

import "testing"

// 11.43: cavalry doubled charging a flank or rear, halved in Woods or
// Cedar (and charging into Town, 11.55), cumulative; 11.63: artillery on
// top adds 1 per 4 guns, at least 1, else nothing; 14.25 horse-holders.
func TestShockStrength(t *testing.T) {
	for _, tc := range []struct {
		name string
		u    ShockUnit
		o    ShockOptions
		want int // half SPs
	}{
		{"infantry", ShockUnit{Kind: Infantry, SP: 5}, ShockOptions{}, 10},
		{"dismounted 8", ShockUnit{Kind: DismountedCavalry, SP: 8}, ShockOptions{}, 12},
		{"cavalry into flank", ShockUnit{Kind: MountedCavalry, SP: 3, Charging: true, ChargingFlankOrRear: true}, ShockOptions{}, 12},
		{"cavalry into flank in Woods", ShockUnit{Kind: MountedCavalry, SP: 3, Charging: true, ChargingFlankOrRear: true, InWoodsOrCedar: true}, ShockOptions{}, 6},
		{"cavalry in Cedar", ShockUnit{Kind: MountedCavalry, SP: 3, InWoodsOrCedar: true}, ShockOptions{}, 3},
		{"cavalry charging into Town", ShockUnit{Kind: MountedCavalry, SP: 4, Charging: true, IntoTown: true}, ShockOptions{}, 4},
		{"cavalry shocking into Town", ShockUnit{Kind: MountedCavalry, SP: 4, IntoTown: true}, ShockOptions{}, 8},
		{"cavalry shocking into Town, option", ShockUnit{Kind: MountedCavalry, SP: 4, IntoTown: true}, ShockOptions{TownHalvesAlways: true}, 4},
		{"battery of 6 on top", ShockUnit{Kind: Artillery, SP: 6, TopOrUnsupported: true}, ShockOptions{}, 2},
		{"battery of 9 alone", ShockUnit{Kind: Artillery, SP: 9, TopOrUnsupported: true}, ShockOptions{}, 4},
		{"battery of 2 alone", ShockUnit{Kind: Artillery, SP: 2, TopOrUnsupported: true}, ShockOptions{}, 2},
		{"battery below infantry", ShockUnit{Kind: Artillery, SP: 8}, ShockOptions{}, 0},
	} {
		if got := ShockStrength(tc.u, tc.o); got != tc.want {
			t.Errorf("%s: %d half SPs, want %d", tc.name, got, tc.want)
		}
	}
}

// The Shock DRMs with the provisional pack's values: the ratio rounds for
// the attacker only when all moved and no terrain or Breastworks helps,
// and never in Continued Shock (11.43); the Charge +1 only against a
// defender without a favourable terrain DRM (11.55), -1 against a
// Countercharge (11.56), never in Continued Shock; the untargeted-front
// -1 only with a position DRM (11.44).
func TestShockDRMs(t *testing.T) {
	c := mustCombat(t)
	for _, tc := range []struct {
		name string
		s    Shock
		want int
	}{
		{"5 moved against 3", Shock{AttackerHalves: 10, DefenderHalves: 6, AllAttackersMoved: true}, 2},
		{"5 against 3 in Woods", Shock{AttackerHalves: 10, DefenderHalves: 6, AllAttackersMoved: true, TerrainDRM: -1}, 1 - 1},
		{"5 against 3, continued", Shock{AttackerHalves: 10, DefenderHalves: 6, AllAttackersMoved: true, Continued: 1}, 1 - 1},
		{"charge", Shock{AttackerHalves: 6, DefenderHalves: 6, Charge: true}, 1},
		{"charge into Breastworks", Shock{AttackerHalves: 6, DefenderHalves: 6, Charge: true, Breastworks: true}, -1},
		{"charge countercharged", Shock{AttackerHalves: 6, DefenderHalves: 6, Charge: true, Countercharged: true}, -1},
		{"surrounded, two hexes in untargeted fronts", Shock{AttackerHalves: 6, DefenderHalves: 6, Position: Surrounded, UntargetedFront: 2}, 5 - 2},
		{"no position: untargeted fronts ignored", Shock{AttackerHalves: 6, DefenderHalves: 6, UntargetedFront: 2}, 0},
		{"front and flank", Shock{AttackerHalves: 6, DefenderHalves: 6, Position: FrontAndFlankOrRear}, 4},
		{"brigadiers", Shock{AttackerHalves: 6, DefenderHalves: 6, NoBrigadier: true, AggressiveBrigadier: true}, 0},
		{"second Continued Shock", Shock{AttackerHalves: 6, DefenderHalves: 6, Continued: 2}, -2},
		{"Fatigue both sides", Shock{AttackerHalves: 6, DefenderHalves: 6, AttackerFatigue: Fatigue3, DefenderFatigue: Fatigue1}, -2 + 1},
	} {
		ms := c.ShockDRMs(tc.s)
		if got := Sum(ms); got != tc.want {
			t.Errorf("%s: %+d (%s), want %+d", tc.name, got, names(ms), tc.want)
		}
	}
}

// 11.37's DRMs: March +2 (6.13), charged +1 but not for mounted cavalry
// (11.55), Breastworks -1 (15.23), leaders' stars, Fatigue.
func TestPreShockDRMs(t *testing.T) {
	c := mustCombat(t)
	for _, tc := range []struct {
		name string
		p    PreShock
		want int
	}{
		{"March, charged", PreShock{March: true, Charged: true}, 3},
		{"mounted cavalry charged", PreShock{Charged: true, MountedCavalry: true}, 0},
		{"Breastworks, brigadier", PreShock{Breastworks: true, LeaderStars: 1}, -2},
		{"flank, Fatigue 2", PreShock{FlankOrRear: true, Fatigue: Fatigue2}, 2},
	} {
		ms := c.PreShockDRMs(tc.p)
		if got := Sum(ms); got != tc.want {
			t.Errorf("%s: %+d (%s), want %+d", tc.name, got, names(ms), tc.want)
		}
	}
}
