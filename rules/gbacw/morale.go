package gbacw

import "fmt"

// Rally and Fatigue (GBACW 13.41-13.42, 17.2-17.3).

// Rally results (GBACW 13.41).
const (
	Rallied        = "rallied"
	StaysDisorder  = "stays-disordered"
	StaysAndLoses1 = "stays-disordered-loses-1"
)

// RallyDRM is the total DRM of a Rally roll: +1 adjacent to an enemy
// combat unit, −1 for mounted cavalry, −1 a star of a stacked leader
// (13.42, 11.73), plus half the Fatigue Level rounded up (17.31).
// See GBACW 13.42, 17.31.
func RallyDRM(adjacentEnemy, mounted bool, leaderStars int, fatigue Fatigue) int {
	drm := fatigue.DRM() - leaderStars
	if adjacentEnemy {
		drm++
	}
	if mounted {
		drm--
	}
	return drm
}

// RallyResult compares an adjusted Rally roll with the unit's Disordered
// Cohesion Rating: at or below rallies; above stays Disordered; at least
// twice the rating, or 9 or more, stays Disordered and loses 1 SP.
// See GBACW 13.41.
func RallyResult(adjusted, disorderedCohesion int) string {
	switch {
	case adjusted >= 9 || adjusted >= 2*disorderedCohesion:
		return StaysAndLoses1
	case adjusted > disorderedCohesion:
		return StaysDisorder
	}
	return Rallied
}

// Fatigue is a brigade's Fatigue Level (GBACW 17.24): no marker, then
// OK, 0, 1, 2, 3, 4, in ascending order. The zero value is no marker.
type Fatigue int

const (
	NoFatigue Fatigue = iota
	FatigueOK
	Fatigue0
	Fatigue1
	Fatigue2
	Fatigue3
	Fatigue4 // the highest (17.25)
)

// Number is the number on the Fatigue marker; OK and no marker count as 0.
func (f Fatigue) Number() int { return max(int(f-Fatigue0), 0) }

// DRM is half the Fatigue Level rounded up; OK and 0 have none.
// See GBACW 17.31.
func (f Fatigue) DRM() int { return (f.Number() + 1) / 2 }

// Add raises the level by n, never past Fatigue 4. See GBACW 17.24-17.25.
func (f Fatigue) Add(n int) Fatigue { return min(f+Fatigue(n), Fatigue4) }

// FatigueGain is the Fatigue Levels a brigade earns in a turn (GBACW
// 17.22-17.23): one for each Activation above two that counts toward
// Fatigue, at most two a turn (Cause 1), and one for each Action Phase
// after the first in which it took part in Shock Step 6b, without limit
// (Cause 2).
func FatigueGain(countingActivations, shockPhases int) int {
	return min(max(countingActivations-2, 0), 2) + max(shockPhases-1, 0)
}

// MarchEquivalentsUsed is the Activation-equivalents a March move uses:
// halfMPs is the move's cost in half MPs (Road and Pike hexes cost ½ MP
// under March, 9.45), ma the unit's Movement Allowance; a part of one
// equivalent counts as one. See GBACW 5.35, 17.22.
func MarchEquivalentsUsed(halfMPs, ma int) int { return (halfMPs + 2*ma - 1) / (2 * ma) }

// MarchFatigue is the Fatigue a March of n Activation-equivalents earns:
// every one above two, or above three for a unit that moved solely on
// Roads, Pikes, Bridges and Fords. See GBACW 17.22 Cause 1.
func MarchFatigue(equivalents int, roadsOnly bool) int {
	free := 2
	if roadsOnly {
		free = 3
	}
	return max(equivalents-free, 0)
}

// String names the level as its marker does: "none", "OK", "0" to "4".
func (f Fatigue) String() string {
	switch {
	case f <= 0:
		return "none"
	case f == FatigueOK:
		return "OK"
	}
	return fmt.Sprint(f.Number())
}
