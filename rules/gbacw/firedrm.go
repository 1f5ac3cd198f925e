package gbacw

import "fmt"

// flankingFire names 10.81's Flanking Fire DRM.
const flankingFire = "flanking fire"

// Modifier is one named DRM with its rule, for the roll log and reports.
type Modifier struct {
	Name string
	DRM  int
	Rule string
}

// Sum adds up modifiers.
func Sum(ms []Modifier) int {
	n := 0
	for _, m := range ms {
		n += m.DRM
	}
	return n
}

// Fire is one fire combat as the Fire DRMs see it (GBACW 10.81).
type Fire struct {
	Weapon string // the firer's weapon type on the Range Effects Chart
	Range  int    // hexes, counting the target's hex (10.12)
	// Artillery: the firer is artillery. At range 4 or more it fires
	// Shot/Shell on the Artillery Fire Table (10.67).
	Artillery bool
	// TerrainDRM is the Terrain Effects Chart's DRM for the target's hex
	// or the hexside the fire crosses (10.81 "General Terrain Notes").
	TerrainDRM int
	// HexsideDRM is the Terrain Effects Chart's DRM for the hexside the
	// fire enters the target's hex across, named HexsideName (10.81's
	// TEC note; rulings GBACW-R126, GBACW-R127).
	HexsideDRM  int
	HexsideName string
	// TECDownhill: the hexside DRM is a TEC downhill +1, which the
	// artillery high-ground +1 does not add to (10.67).
	TECDownhill            bool
	FromBreastworks        bool // small arms firing out through a Breastworks hexside (15.23)
	IntoBreastworks        bool // at infantry or dismounted cavalry through a Breastworks hexside (15.23)
	TargetSP               int  // SPs in the target hex, artillery with others counted as 1 (8.34)
	TargetArtilleryOnly    bool // the target hex holds only artillery (8.34)
	TargetMountedNonPhased bool // the target is non-phasing mounted cavalry
	FirerMounted           bool // the firer is mounted cavalry (14.24)
	Prepared               bool // eligible for Prepared Fire (10.5)
	FirerDisordered        bool // (12.34)
	ThroughFlank           bool // the fire enters through the target's Flank hexside
	ThroughRear            bool // the fire enters through the target's Rear hexside
	TargetMarch            bool // the target is under March Orders
	TargetLower            bool // the target is at a lower level than the firing guns (10.67)
	ArtilleryMoved         bool // artillery that moved or became the top unit this activation (10.61)
	Green                  bool // a Green unit firing (14.1, ruling GBACW-R48)
	DawnDusk, Night        bool // (16.11, 16.12)
	AfterReactionFacing    bool // artillery's first non-phasing fire after a Reaction Facing (9.62)
	PreShockSteepAdjacent  bool // artillery Pre-Shock Fire into an adjacent hex 2+ levels apart (10.67)
	LowAmmo                bool // (10.69; small arms with optional 10.91)
	Fatigue                Fatigue
}

// FireOptions are the game's choices among rulings.
type FireOptions struct {
	// RearAsFlank: fire through a Rear hexside gets the Flanking Fire +1
	// (ruling GBACW-R6, option rear_fire_drm=as-flank; by default only a
	// Flank hexside does, as printed).
	RearAsFlank bool
}

// FireDRMs lists every DRM of 10.81 that applies to a fire, each with
// its rule. Plus favours the firer. See GBACW 10.81 and rulings GBACW-R6,
// GBACW-R13.
func (c *CombatCharts) FireDRMs(f Fire, o FireOptions) ([]Modifier, error) {
	rng, err := c.Range(f.Weapon)
	if err != nil {
		return nil, err
	}
	if f.Range < 1 || f.Range > rng.Max {
		return nil, fmt.Errorf("weapon type %s reaches %d hexes, not %d (GBACW 10.16)", f.Weapon, rng.Max, f.Range)
	}
	shotShell := f.Artillery && f.Range >= 4
	var ms []Modifier
	add := func(ok bool, name string, drm int, rule string) {
		if ok && drm != 0 {
			ms = append(ms, Modifier{name, drm, rule})
		}
	}
	add(true, "range", rng.DRM[f.Range-1], "GBACW 10.16")
	add(true, "terrain", f.TerrainDRM, "GBACW 10.81")
	add(true, f.HexsideName, f.HexsideDRM, "GBACW 10.81")
	add(f.FromBreastworks && !(f.Artillery && !shotShell), "firing from Breastworks", 1, "GBACW 15.23")
	add(f.IntoBreastworks && !shotShell, "target behind Breastworks", -1, "GBACW 15.23")
	massed := shotShell && !f.TargetArtilleryOnly
	add(massed && f.TargetSP >= 8, "massed target", 1, "GBACW 8.34")
	add(massed && f.TargetSP <= 2, "dispersed target", -1, "GBACW 8.34")
	add(f.TargetMountedNonPhased, "non-phasing mounted cavalry target", 1, "GBACW 10.81")
	add(f.FirerMounted, "mounted cavalry firing", -1, "GBACW 14.24")
	add(f.Prepared && !f.Night, "Prepared Fire", 1, "GBACW 10.53, 16.12")
	add(f.FirerDisordered, "Disordered firer", -1, "GBACW 12.34")
	flank := f.ThroughFlank || (o.RearAsFlank && f.ThroughRear)
	add(flank && !f.TargetMarch && !shotShell, flankingFire, 1, "GBACW 10.81")
	add(shotShell && f.TargetLower && !f.TECDownhill, "artillery on higher ground", 1, "GBACW 10.67")
	add(f.Artillery && f.ArtilleryMoved, "artillery moved or became the top unit", -2, "GBACW 10.61")
	// Every Green unit that fires, mounted cavalry too (ruling GBACW-R48).
	add(f.Green && !f.Artillery && !f.FirerMounted, "Green infantry firing", -1, "GBACW 14.1")
	add(f.Green && !f.Artillery && f.FirerMounted, "Green cavalry firing", -1, "GBACW 14.1")
	add(f.DawnDusk && f.Range > 1, "Dawn or Dusk", -2, "GBACW 16.11")
	add(f.Night, "Night", -f.Range*(f.Range+1)/2, "GBACW 16.12")
	add(f.Artillery && f.AfterReactionFacing, "artillery after a Reaction Facing", -2, "GBACW 9.62")
	add(f.Artillery && f.PreShockSteepAdjacent, "artillery Pre-Shock Fire two levels apart", -2, "GBACW 10.67")
	add(f.LowAmmo, "Low Ammo", -2, "GBACW 10.69, 10.91")
	add(true, "Fatigue", -f.Fatigue.DRM(), "GBACW 17.31")
	return ms, nil
}

// isFlankingFire reports whether a modifier is 10.81's Flanking Fire +1.
func isFlankingFire(m Modifier) bool { return m.Name == flankingFire }
