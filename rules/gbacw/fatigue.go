package gbacw

import (
	"fmt"
	"slices"
)

// Fatigue as it happens (GBACW 17.21, 16.12, 17.42), with the optional
// rule 17 in play:
//
//  1. A brigade's Fatigue of 17.22 is placed when it has done all it will
//     for the Activation (17.21): after each activation for the acting
//     brigades, and for every brigade whose units took part in a shock
//     in that Action Phase; the turn's end places what is left.
//  2. On a Night turn an Activation under Attack Orders in which the
//     units under Attack Orders take a Fatigue action earns a level of
//     its own, beyond the two of 17.23 (16.12); an Activation earns one
//     level at most from 17.22 Cause 1 and 16.12 together (ruling
//     GBACW-R58).
//  3. An on-map brigade not In Reserve whose non-artillery units did
//     not move, move in reaction, use Phasing Fire, build, declare a
//     shock or become a shock's target all turn either rallies its
//     Disordered units (13.45) or lowers its Fatigue a level (17.42): the
//     side's REST order chooses the Fatigue; without it, Galloper rallies
//     when there is a unit to rally and lowers the Fatigue otherwise
//     (ruling GBACW-R59).

// placeFatigue places the Fatigue Levels earned so far this turn that
// are not yet placed, and the Night Attack levels of the brigades in
// nightAttack. See GBACW 17.21-17.25, 16.12.
func (r *resolver) placeFatigue(nightAttack map[string]bool) {
	s := r.s
	if !slices.Contains(s.Optional, "17") {
		return
	}
	for i := range s.Brigades {
		b := &s.Brigades[i]
		n := FatigueGain(b.Acted, b.ShockPhases) - b.Placed
		b.Placed += max(n, 0)
		rule := "GBACW 17.21"
		why := "(%d activations with actions, shocks in %d Action Phases)"
		if nightAttack[b.ID] && FatigueGain(b.Acted, 0) == FatigueGain(b.Acted-1, 0) {
			n++ // the activation earned nothing by 17.22 Cause 1 (R58)
			rule, why = "GBACW 16.12", "(an Activation under Attack Orders at Night; %d activations with actions, shocks in %d Action Phases)"
		}
		if n <= 0 {
			continue
		}
		b.Fatigue = b.Fatigue.Add(n)
		r.event("fatigue", rule, "%s gains %d Fatigue Level(s) "+why+": Fatigue %s", b.ID, n, b.Acted, b.ShockPhases, b.Fatigue)
	}
}

// rests is 17.42's choice for a brigade idle all turn (not In Reserve,
// checked by the caller): it reports true when the brigade lowers its
// Fatigue a level rather than rallying. See GBACW 17.42, ruling
// GBACW-R59.
func (r *resolver) rests(b *BrigadeSt) bool {
	s := r.s
	if !slices.Contains(s.Optional, "17") || b.Stirred || b.ShockPhases > 0 || !s.brigadeOnMap(b) {
		return false
	}
	if !r.plans[s.sideOfBrigade(b)].rest[b.ID] {
		if b.Fatigue == NoFatigue {
			return false
		}
		for i := range s.Units {
			if u := &s.Units[i]; u.Brigade == b.ID && u.Status == StDisordered && u.onMap() && s.unitInCommand(r.sys.combat, u) {
				return false // a unit to rally: Galloper rallies (R59)
			}
		}
	}
	if b.Fatigue == NoFatigue {
		r.event("rest", "GBACW 17.42", "%s rests all turn, but has no Fatigue to lose", b.ID)
		return true
	}
	b.Fatigue--
	r.event("rest", "GBACW 17.42", "%s was idle all turn and lowers its Fatigue a level rather than rallying: Fatigue %s", b.ID, b.Fatigue)
	return true
}

// ParseFatigue reads a Fatigue Level as a scenario gives it: "" for no
// marker (17.21: brigades start with none unless the battle says
// otherwise), "OK", or the number 0 to 4 (17.24).
func ParseFatigue(s string) (Fatigue, error) {
	switch s {
	case "":
		return NoFatigue, nil
	case "OK":
		return FatigueOK, nil
	}
	for f := Fatigue0; f <= Fatigue4; f++ {
		if s == fmt.Sprint(f.Number()) {
			return f, nil
		}
	}
	return NoFatigue, fmt.Errorf("fatigue %q is not a Fatigue Level: leave it out for none, or write OK or 0 to 4 (GBACW 17.24)", s)
}
