package gbacw

import (
	"galloper/rules"
	"galloper/rules/dice"
)

// The die rolls against a unit's Cohesion Rating and the other single-die
// checks (GBACW 2.6, 11.73, 12.71, 13.52, 16.22, 17.26).

// UDDDRM is the DRM of a roll against a unit's Cohesion: minus the stars
// of the leaders stacked with it, which add up (11.73), plus half its
// brigade's Fatigue Level rounded up (17.31), plus what the trigger adds
// (e.g. the +2 of a "d+2", 12.32). See GBACW 2.6, 11.73, 17.31.
func UDDDRM(leaderStars int, f Fatigue, trigger int) int {
	return trigger - leaderStars + f.DRM()
}

// UDD makes a Universal Disorder Die roll: the unit passes when the roll
// plus drm is at or below its Cohesion Rating. See GBACW 2.6.
func UDD(d rules.Dice, unit string, cohesion, drm int, why string) (roll int, pass bool) {
	roll = dice.D10Zero(d, "GBACW 2.6", "UDD: "+unit+", "+why)
	return roll, roll+drm <= cohesion
}

// LeaderCasualty rolls for a leader stacked with units that lost steps: a
// 0 kills him. See GBACW 12.71.
func LeaderCasualty(d rules.Dice, leader string) (roll int, killed bool) {
	roll = dice.D10Zero(d, "GBACW 12.71", "Leader Casualty Check: "+leader)
	return roll, roll == 0
}

// BrokenWheels rolls for artillery on March using a fourth
// Activation-equivalent: a 6-9 loses 1 SP. See GBACW 17.26.
func BrokenWheels(d rules.Dice, unit string) (roll int, loses bool) {
	roll = dice.D10Zero(d, "GBACW 17.26", "broken wheels: "+unit)
	return roll, roll >= 6
}

// Recovery from Rout results (GBACW 13.52).
const (
	Recovered   = "recovered"    // back within 1 hex of the brigadier, -1 SP, Disordered
	StaysRouted = "stays-routed" // -1 SP
	Eliminated  = "eliminated"   // a 9 was rolled
)

// RecoverFromRout makes a routed unit's recovery UDD against its
// Disordered Cohesion (cavalry: the mounted side's). A rolled 9
// eliminates it whatever the DRM. See GBACW 13.52.
func RecoverFromRout(d rules.Dice, unit string, disorderedCohesion, drm int) (roll int, result string) {
	roll, pass := UDD(d, unit, disorderedCohesion, drm, "Recovery from Rout (GBACW 13.52)")
	switch {
	case roll == 9:
		return roll, Eliminated
	case pass:
		return roll, Recovered
	}
	return roll, StaysRouted
}

// StragglerRecovery makes a unit's Straggler Recovery UDD and returns its
// new strength: one more SP on a pass, never back to its printed strength
// (one short at best). See GBACW 16.22-16.23.
func StragglerRecovery(d rules.Dice, unit string, cohesion, drm, sp, printed int) (roll, newSP int) {
	roll, pass := UDD(d, unit, cohesion, drm, "Straggler Recovery (GBACW 16.22)")
	if pass && sp+1 < printed {
		return roll, sp + 1
	}
	return roll, sp
}
