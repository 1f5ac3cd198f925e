package lob

import "fmt"

// smallLimit is the most SPs a Small stack has (LoB 1.8).
const smallLimit = 3

// IsSmall reports whether a stack of sps Strength Points is Small: 3 SPs
// or less (LoB 1.8).
func IsSmall(sps int) bool { return sps <= smallLimit }

// IsWrecked reports whether a unit is Wrecked: infantry or cavalry with
// less than half its printed SPs left; artillery never is (LoB 5.7).
func IsWrecked(printed, current int, artillery bool) bool {
	return !artillery && current*2 < printed
}

// FiringSPs is the SPs a shot starts from on the Combat Table: halved for
// DG firers, fractions dropped (LoB 5.6, 6.0).
func FiringSPs(sps int, dg bool) int {
	if dg {
		return sps / 2
	}
	return sps
}

// LossRecovery is the SPs a unit gets back at midnight (LoB 9.3a-9.3d):
// 25% of its losses, rounded down, or 1 SP, whichever is more, never above
// its printed strength; Sharpshooters recover nothing.
func LossRecovery(printed, current int, sharpshooter bool) int {
	losses := printed - current
	if losses <= 0 || sharpshooter {
		return 0
	}
	return min(max(losses/4, 1), losses)
}

// Road Column space (LoB 12.3e).
const (
	RoadInfantry       = "infantry"
	RoadArtillery      = "artillery"
	RoadMountedCavalry = "mounted-cavalry"
	RoadWagon          = "wagon"
	RoadOrdnanceTrain  = "ordnance-train"
)

// roadSPsPerHex is the SPs of each arm one hex of road holds (LoB 12.3e).
var roadSPsPerHex = map[string]int{RoadInfantry: 3, RoadArtillery: 4, RoadMountedCavalry: 1}

// roadFixedHexes is the road space of Wagons (LoB 12.3e).
var roadFixedHexes = map[string]int{RoadWagon: 6, RoadOrdnanceTrain: 16}

// RoadColumnHexes is the road space of a unit in a Road Column, its own hex
// included (LoB 12.3e): infantry 1 hex per 3 SPs, artillery 1 per 4 gun
// SPs, Mounted cavalry 1 per SP, fractions of 50% or more rounded up, at
// least 1; a Wagon 6 hexes, the Army Reserve Ordnance Train 16.
func RoadColumnHexes(kind string, sps int) (int, error) {
	if n, ok := roadFixedHexes[kind]; ok {
		return n, nil
	}
	per, ok := roadSPsPerHex[kind]
	if !ok {
		return 0, fmt.Errorf("road column (LoB 12.3e): no road space for %q", kind)
	}
	n := sps / per
	if 2*(sps%per) >= per {
		n++
	}
	return max(n, 1), nil
}

// RoadHexLimit is the SPs of an arm that may share one hex of a Road
// Column (LoB 12.3e: tiny units may stack up to the limit, never beyond).
func RoadHexLimit(kind string) (int, error) {
	per, ok := roadSPsPerHex[kind]
	if !ok {
		return 0, fmt.Errorf("road column (LoB 12.3e): %q does not share hexes", kind)
	}
	return per, nil
}
