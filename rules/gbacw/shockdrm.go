package gbacw

// Shock strength and the Shock DRMs (GBACW 11.42-11.44, 11.47, 11.55-11.56,
// 11.63, 11.72, 14.25, 15.23, 17.31).

// Position is the attack's positional advantage (GBACW 11.44).
type Position int

const (
	Frontal Position = iota
	FlankAttack
	RearAttack
	FrontAndFlankOrRear
	Surrounded
)

// ShockUnit is one unit's part in a shock's strength.
type ShockUnit struct {
	Kind UnitKind
	SP   int
	// Charging into the defender's Flank or Rear doubles mounted cavalry
	// (11.43, 11.55).
	ChargingFlankOrRear bool
	Charging            bool
	// InWoodsOrCedar: mounted cavalry shocking or charging into, or
	// defending in, Woods or Cedar is halved (11.43); IntoTown: the shock
	// is into a Town hex, or the unit defends in one, which halves it
	// when it charges (11.55) or, under ruling GBACW-R5's
	// woods-cedar-town, always.
	InWoodsOrCedar, IntoTown bool
	// TopOrUnsupported: artillery that is the top unit or alone in its
	// hex adds 1 SP per 4 guns (at least 1); otherwise it adds nothing,
	// as do Abandoned guns (11.63).
	TopOrUnsupported bool
}

// ShockOptions are the game's choices among rulings.
type ShockOptions struct {
	// TownHalvesAlways: mounted cavalry is halved in Town as in Woods and
	// Cedar in every case (ruling GBACW-R5, option cavalry_halving:
	// woods-cedar-town); otherwise only when charging into Town (11.55).
	TownHalvesAlways bool
}

// ShockStrength is a unit's strength for the Shock Ratio, in half SPs.
// See GBACW 11.43, 11.55, 11.63, 14.25 and ruling GBACW-R5.
func ShockStrength(u ShockUnit, o ShockOptions) int {
	switch u.Kind {
	case Artillery:
		if !u.TopOrUnsupported {
			return 0
		}
		return 2 * max(u.SP/4, 1)
	case DismountedCavalry:
		return 2 * HorseHolders(u.SP)
	case MountedCavalry:
		h := 2 * u.SP
		if u.ChargingFlankOrRear {
			h *= 2
		}
		if u.InWoodsOrCedar || (u.IntoTown && (u.Charging || o.TownHalvesAlways)) {
			h /= 2
		}
		return h
	}
	return 2 * u.SP
}

// Shock is one shock as the Shock DRMs see it.
type Shock struct {
	AttackerHalves, DefenderHalves int // ShockStrength summed
	// AllAttackersMoved: every attacker moved this Action Phase, which
	// with no terrain or Breastworks benefit rounds the odds for the
	// attacker (11.43).
	AllAttackersMoved bool
	// TerrainDRM is the terrain's shock DRM for the defender (negative
	// favours him), the best case over the attacking hexes (11.42).
	TerrainDRM  int
	Breastworks bool // the shock crosses a Breastworks hexside (15.23)
	Position    Position
	// UntargetedFront counts attacking hexes in the frontal hex of an
	// enemy unit not targeted; each is -1 when a position DRM applies
	// (11.44).
	UntargetedFront int
	// Charge: every unit in every attacking hex is charging (11.42);
	// Countercharged: charging infantry meets a Countercharge (11.56).
	Charge, Countercharged bool
	NoBrigadier            bool // no shocking unit stacked with its brigadier (11.72)
	AggressiveBrigadier    bool // stacked with an Aggressive brigadier (11.72)
	Continued              int  // the number of this Continued Shock, 0 for the first shock (11.47)
	AttackerDisordered     bool
	DefenderDisordered     bool
	AttackerFatigue        Fatigue // the least favourable to the attacker (11.42)
	DefenderFatigue        Fatigue // the most favourable to the defender (11.42)
}

// ShockDRMs lists every Shock DRM that applies, each with its rule, plus
// for the attacker, starting with the Shock Ratio's. Values come from the
// chart pack. See GBACW 11.42-11.44, 11.47, 11.55-11.56, 11.72, 15.23,
// 17.31 and ruling GBACW-R17.
func (c *CombatCharts) ShockDRMs(s Shock) []Modifier {
	favourable := s.TerrainDRM < 0 || s.Breastworks
	r := c.Ratio(s.AttackerHalves, s.DefenderHalves, s.AllAttackersMoved && !favourable && s.Continued == 0)
	ms := []Modifier{{"Shock Ratio " + r.Name, r.DRM, "GBACW 11.43"}}
	add := func(ok bool, name string, drm int, rule string) {
		if ok && drm != 0 {
			ms = append(ms, Modifier{name, drm, rule})
		}
	}
	pos := map[Position]string{FlankAttack: "flank", RearAttack: "rear", FrontAndFlankOrRear: "front-and-flank-or-rear", Surrounded: "surrounded"}[s.Position]
	add(pos != "", "position: "+pos, c.ShockDRM(pos), "GBACW 11.44")
	add(pos != "", "attacking hexes in an untargeted enemy's front", s.UntargetedFront*c.ShockDRM("untargeted-front"), "GBACW 11.44")
	add(true, "terrain", s.TerrainDRM, "GBACW 11.42")
	add(s.Breastworks, "Breastworks", c.ShockDRM("breastworks"), "GBACW 15.23")
	charge := s.Charge && !favourable && s.Continued == 0
	add(charge && !s.Countercharged, "Charge", c.ShockDRM("charge"), "GBACW 11.55")
	add(charge && s.Countercharged, "Charge met by a Countercharge", c.ShockDRM("countercharged-infantry"), "GBACW 11.56")
	add(s.NoBrigadier, "no brigadier with the shocking units", c.ShockDRM("no-brigadier"), "GBACW 11.72")
	add(s.AggressiveBrigadier, "Aggressive brigadier", c.ShockDRM("aggressive-brigadier"), "GBACW 11.72")
	add(s.Continued > 0, "Continued Shock", s.Continued*c.ShockDRM("continued-shock"), "GBACW 11.47")
	add(s.AttackerDisordered, "attacker Disordered", c.ShockDRM("attacker-disordered"), "GBACW 12.34")
	add(s.DefenderDisordered, "defender Disordered", c.ShockDRM("defender-disordered"), "GBACW 12.34")
	add(true, "attacker's Fatigue", -s.AttackerFatigue.DRM(), "GBACW 17.31")
	add(true, "defender's Fatigue", s.DefenderFatigue.DRM(), "GBACW 17.31")
	return ms
}

// PreShock is a defending stack's Pre-Shock Cohesion Check as its DRMs
// see it (GBACW 11.37).
type PreShock struct {
	March bool // the defender is under March Orders (6.13)
	// Charged: every attacker charges and the defender gets no favourable
	// terrain or Breastworks DRM (11.55, ruling GBACW-R17).
	Charged        bool
	MountedCavalry bool // the top unit is mounted cavalry: no Charge +1 (11.55)
	Breastworks    bool // the shock will cross a protected hexside (15.23)
	FlankOrRear    bool // attacked through a Flank or Rear hexside (11.37)
	LeaderStars    int  // stars of leaders stacked with the top unit (11.73)
	Fatigue        Fatigue
}

// PreShockDRMs lists the DRMs of a defender's Pre-Shock Cohesion Check,
// added to the UDD (plus is bad for the defender). See GBACW 11.37, 6.13,
// 11.55, 11.73, 15.23, 17.31.
func (c *CombatCharts) PreShockDRMs(p PreShock) []Modifier {
	var ms []Modifier
	add := func(ok bool, name string, drm int, rule string) {
		if ok && drm != 0 {
			ms = append(ms, Modifier{name, drm, rule})
		}
	}
	add(p.March, "under March Orders", c.PreShockDRM("march"), "GBACW 6.13")
	add(p.Charged && !p.MountedCavalry, "charged", c.PreShockDRM("charge"), "GBACW 11.55")
	add(p.Breastworks, "Breastworks", c.PreShockDRM("breastworks"), "GBACW 15.23")
	add(p.FlankOrRear, "attacked in flank or rear", c.PreShockDRM("flank-or-rear"), "GBACW 11.37")
	add(true, "leaders", -p.LeaderStars, "GBACW 11.73")
	add(true, "Fatigue", p.Fatigue.DRM(), "GBACW 17.31")
	return ms
}
