package wintersvictory

// Target Class (See WV 11.0 Fire Protocol step 3, 7.54.2, 11.12, 11.13 and
// 11.41-11.43), first rule that applies:
//
//  1. Town/Village: Class 5; Woods or Farmette: Class 4, "regardless of
//     all other considerations" (11.12.1); but cavalry and artillery get no
//     hex cover (11.12.2).
//  2. Skirmishers alone, 4 SP or less, in a Light Cover hex or behind a
//     Light Cover hexside fired through: Class 4 (step 3, 11.43).
//  3. Fired through a flank hexside (enfiladed), not unlimbered artillery:
//     Class 1 (11.42).
//  4. Behind a Light Cover hexside fired through: Class 3 (step 3; ruling
//     R30 on 11.13's "Soft Cover Target").
//  5. Routed, unlimbered artillery, a Screened target: Class 3.
//  6. Skirmish or General Order by stack strength: from artillery 8+ SP
//     Class 1, 5-7 Class 2; from infantry 5-7 Class 1, 8+ Class 2; 4 or
//     less Class 3.
//  7. Column or Square Class 1; Line (and Extended Line), cavalry Class 2;
//     limbered artillery Class 1 from artillery, 2 from infantry (7.54.2).
//  8. A Massed Target (11.41) is at least Class 1 on the artillery table
//     and Class 2 on the infantry table (ruling R31); its die gets +2 (R8).
//  9. A Disordered unit keeps the class of the formation it was in (11.0
//     step 5 note): the caller passes that formation.

// Hex cover of a target hex (10.11).
type Cover int

const (
	Open Cover = iota // Clear, Frozen Wetlands
	LightCoverHex
	SoftCoverHex // Woods, Farmette
	HardCoverHex // Town/Village
)

// TargetKind is what was fired on, by its top unit's formation.
type TargetKind int

const (
	ColumnOrSquare TargetKind = iota + 1
	LineFormation             // Line and Extended Line
	SkirmishOrGO              // Skirmish companies and General Order
	Cavalry
	LimberedArtillery
	UnlimberedArtillery
)

// Target is what 11.0 step 3 reads of a target hex.
type Target struct {
	Kind         TargetKind
	SP           int // the stack's troop strength, for Skirmish/General Order
	SkirmishOnly bool
	Cover        Cover
	// BehindLightCoverHexside: fired through a Light Cover hexside that
	// protects the target hex (11.13).
	BehindLightCoverHexside bool
	Enfiladed               bool // fired through a flank hexside (11.42)
	Routed                  bool
	Screened                bool // 11.45
	Massed                  bool // MassedTarget
}

// TargetClass is the Target Class 1-5 of a target for fire from artillery
// or from infantry. See WV 11.0 step 3.
func TargetClass(t Target, byArtillery bool, opt Options) int {
	mounted := t.Kind == Cavalry || t.Kind == LimberedArtillery || t.Kind == UnlimberedArtillery
	if !mounted {
		switch t.Cover {
		case HardCoverHex:
			return 5
		case SoftCoverHex:
			return 4
		}
		if t.SkirmishOnly && t.SP <= 4 && (t.Cover == LightCoverHex || t.BehindLightCoverHexside) {
			return 4
		}
	}
	c := ownClass(t, byArtillery)
	if t.BehindLightCoverHexside && !t.Enfiladed {
		c = opt.LightCoverHexsideClass
		if c == 0 {
			c = 3
		}
	}
	if t.Massed {
		floor := 2
		if byArtillery {
			floor = 1
		}
		c = min(c, floor)
	}
	return c
}

func ownClass(t Target, byArtillery bool) int {
	switch {
	case t.Enfiladed && t.Kind != UnlimberedArtillery:
		return 1
	case t.Routed || t.Kind == UnlimberedArtillery || t.Screened:
		return 3
	}
	switch t.Kind {
	case SkirmishOrGO:
		switch {
		case t.SP <= 4:
			return 3
		case t.SP <= 7 && byArtillery, t.SP >= 8 && !byArtillery:
			return 2
		}
		return 1
	case ColumnOrSquare:
		return 1
	case LimberedArtillery:
		if byArtillery {
			return 1
		}
	}
	return 2 // Line, cavalry, limbered artillery from infantry
}

// MassedTarget reports a Massed Target: not under Hard, Soft or Light Cover
// and holding more than 18 infantry SP, or more than 12 cavalry and gun SP
// with limbered guns counted three times and infantry stacked with
// artillery added to the guns. See WV 11.41.
func MassedTarget(infantrySP, cavalrySP, unlimberedGuns, limberedGuns int, covered bool) bool {
	if covered {
		return false
	}
	guns := unlimberedGuns + 3*limberedGuns
	if guns > 0 {
		guns += infantrySP
	}
	return infantrySP > 18 || cavalrySP > 12 || guns > 12
}
