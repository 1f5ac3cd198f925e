package battlehymn

import "fmt"

// SPs is a unit's strength: its current Strength Points (printed minus
// Losses) and how many of them are Demoralized (see BH 3.4, 10.1).
type SPs struct {
	Strength    int
	Demoralized int
}

// Intact returns the SPs that can fire (see BH 10.1.1).
func (s SPs) Intact() int { return s.Strength - s.Demoralized }

// Shattered reports a unit of Demoralized SPs only (see BH 10.2.2).
func (s SPs) Shattered() bool { return s.Strength > 0 && s.Intact() == 0 }

// Eliminated reports a unit whose SPs are all Losses (see BH 10.2.3).
func (s SPs) Eliminated() bool { return s.Strength == 0 }

// Mark applies losses and demoralizations as 3.4 marks them: a loss comes
// off an intact SP unless fromDemoralized and one is demoralized.
func (s SPs) loss(fromDemoralized bool) SPs {
	if s.Strength == 0 {
		return s
	}
	if (fromDemoralized && s.Demoralized > 0) || s.Intact() == 0 {
		s.Demoralized--
	}
	s.Strength--
	return s
}

func (s SPs) demoralize(n int) SPs {
	s.Demoralized += min(n, s.Intact())
	return s
}

// CheckKind is why a Morale Check is made; it decides what Hits do.
type CheckKind int

// The Morale Checks of BH 10.4 that take Hits.
const (
	CombatCheck   CheckKind = iota // See BH 10.4.1.
	ApproachCheck                  // See BH 10.4.2.
	BombardCheck                   // See BH 10.4.3.
)

// Passes reports whether a Morale Check passes: the d10 roll plus the
// Morale Rating against the printed split (see BH 10.3). The rules give
// no automatic result on a natural 1 or 10 (ruling A18).
func (c *Charts) Passes(roll, mr int) bool { return roll+mr >= c.passFrom }

// HitResult is what a unit's Hits did after its Morale Check.
type HitResult struct {
	SPs       SPs
	Hits      int  // after excess Hits are ignored (see BH 6.2.4)
	Retreat   bool // it must retreat (see BH 10.4.1)
	Shattered bool
}

// ApplyHits applies hits to a unit after a Morale Check of kind that
// passed or failed (see BH 10.4.1-10.4.3). Hits beyond the unit's SPs are
// ignored (see BH 6.2.4). The Shatter extra Loss of BH 10.2.2 depends on
// retreat paths and is not applied here.
func ApplyHits(u SPs, hits int, kind CheckKind, pass bool) (HitResult, error) {
	if u.Strength < 1 || u.Demoralized < 0 || u.Demoralized >= u.Strength || hits < 0 {
		return HitResult{}, fmt.Errorf("apply %d hits to %d SPs (%d demoralized): want an intact unit and hits >= 0", hits, u.Strength, u.Demoralized)
	}
	hits = min(hits, u.Strength)
	r := HitResult{Hits: hits}
	switch {
	case hits == 0:
	case kind == BombardCheck && pass: // See BH 10.4.3: no effect.
	case kind == BombardCheck || pass: // See BH 10.4.1-10.4.3 PASS, 10.4.3 FAIL.
		u = u.demoralize(hits)
	default: // See BH 10.4.1 and 10.4.2 FAIL: one Loss, the rest Demoralized.
		u = u.loss(false).demoralize(hits - 1)
		r.Retreat = kind == CombatCheck && u.Intact() > 0
	}
	r.SPs, r.Shattered = u, u.Shattered()
	return r, nil
}

// RetreatLoss takes the Loss of a retreat into an enemy ZOC or of a unit
// unable to retreat: a Demoralized SP if possible (see BH 7.3, 7.6).
func RetreatLoss(u SPs) SPs { return u.loss(true) }

// RallySPs returns how many Demoralized SPs return to intact when a unit
// of Morale Rating mr passes its Rally check: the Rally Table, never all
// of them (see BH 10.5, 10.5.4).
func (c *Charts) RallySPs(mr int, u SPs) (int, error) {
	n, ok := c.rally[mr]
	if !ok {
		return 0, fmt.Errorf("rally: Morale Rating %+d is not -3 to +3 (see BH 10.5.4)", mr)
	}
	return max(0, min(n, u.Demoralized-1)), nil
}

// VictoryPoints returns the VPs a unit's casualties give the enemy (see BH
// 14.2): losses are its printed SPs minus its strength.
func (c *Charts) VictoryPoints(t UnitType, printed int, u SPs) (int, error) {
	if !validType(t) || printed < u.Strength || u.Demoralized > u.Strength {
		return 0, fmt.Errorf("victory points: %s of %d printed SPs with %d SPs (%d demoralized) is not a unit", t, printed, u.Strength, u.Demoralized)
	}
	col := 0 // artillery, horse artillery and cavalry
	if t == Infantry {
		col = 1
	}
	dem := VPDemoralized
	if u.Shattered() {
		dem = VPShatteredDemoralized
	}
	return (printed-u.Strength)*c.vp[VPLoss][col] + u.Demoralized*c.vp[dem][col], nil
}
