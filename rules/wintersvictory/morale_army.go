package wintersvictory

import (
	"fmt"
	"slices"

	"galloper/rules"
)

// Army Morale (See WV 14.1-14.2): a side's Army Morale total loses the
// scenario's points for each battalion, cavalry regiment or battery
// reduced to half strength, eliminated or routed, and gains them back for
// each routed unit that rallies (14.11). In each Interphase an army at
// zero or less rolls: a die at or under the negative of its total
// Demoralizes it (14.21), for good: its combat units lose 1 Effectiveness
// and a routed unit's self-rally gets no leader modifier (14.22). Corps
// Morale is in morale_corps.go. A unit eliminated counts its elimination,
// not also its half strength (ruling R55).
//
// A command unit reduced costs its army the scenario's points (14.12). An
// objective's Morale Points count for the side occupying it, and the
// scenario says who holds each at the start, its points in that side's
// starting total (14.13). At the end of each phase a side with a combat
// unit alone in an objective's hex gains its points if it did not hold
// it; the side that held it loses them when it sees the hex (ruling R95:
// a side learns of the loss as it sees it, double-blind). Disintegration
// (14.22) is the scenario's; Serpallen has none.

// moraleChange adds n (negative: a loss) to the side's Army Morale, told
// to that side alone.
func (r *run) moraleChange(side rules.Side, n int, why string) {
	if n == 0 || r.dry() {
		return
	}
	i := sideIndex(side)
	r.s.Morale[i] += n
	r.tell("army-morale", "WV 14.11", only(side), "%s Army Morale %+d (%s): %d", side, n, why, r.s.Morale[i])
}

// moraleAfterLoss charges a unit's Army Morale after it has lost SP.
func (r *run) moraleAfterLoss(u *Unit) {
	c := r.s.MoraleCost
	switch {
	case u.Eliminated:
		u.Halved = true
		r.unitMorale(u, -c.Eliminated, u.Name+" eliminated")
	case !u.Halved && HalfStrength(u.Strength, u.Printed):
		u.Halved = true
		r.unitMorale(u, -c.Half, u.Name+" at half strength")
	}
}

// demoralization is 14.21 in the Interphase, French first.
func (r *run) demoralization() {
	for _, side := range sides {
		i := sideIndex(side)
		total := r.s.Morale[i]
		if r.s.Demoralized[i] || total > 0 {
			continue
		}
		die := r.d10("WV 14.21", fmt.Sprintf("%s Army demoralization", side), only(side))
		if !Demoralized(die, total) {
			r.tell("army-morale", "WV 14.21", only(side), "%s Army holds: rolled %d, over %d", side, die, -total)
			continue
		}
		r.s.Demoralized[i] = true
		r.tell("demoralized", "WV 14.22", only(side), "%s Army is Demoralized: rolled %d, at or under %d; its units lose 1 Effectiveness", side, die, -total)
	}
	r.corpsDemoralization()
}

// objectiveMorale is 14.13 at the end of a phase (ruling R95).
func (r *run) objectiveMorale() {
	for i := range r.s.Objectives {
		o := &r.s.Objectives[i]
		occ := r.occupant(o.Hex)
		if o.Morale == 0 || occ == "" {
			continue
		}
		if !slices.Contains(o.Held, occ) {
			o.Held = append(o.Held, occ)
			r.moraleChange(occ, o.Morale, o.Name+" occupied")
		}
		if lost := enemy(occ); slices.Contains(o.Held, lost) && r.s.sees(lost, o.Hex) {
			o.Held = slices.DeleteFunc(o.Held, func(s rules.Side) bool { return s == lost })
			r.moraleChange(lost, -o.Morale, o.Name+" lost")
		}
	}
}

// occupant is the side whose combat units are in hex h, or "".
func (r *run) occupant(h string) rules.Side {
	for _, u := range r.s.unitsAt(h) {
		return u.Side
	}
	return ""
}
