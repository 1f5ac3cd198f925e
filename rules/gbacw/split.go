package gbacw

import (
	"slices"
	"strings"

	"galloper/rules/gbacw/gbtext"
)

// A battery's Split Fire (GBACW 10.65, 10.66; ruling GBACW-R79):
//
//  1. SPLIT <unit> fires twice at that unit's hex: a battery of one gun
//     type in two shares as even as possible (10.65 2a), a battery of
//     sections each section on its own (2b). SPLIT <unit>, <unit> fires
//     once at each, at any range: one gun type in two even shares, a
//     battery of sections by section (1, 3), each part the sections its
//     SECTION names, else an even division of them in the battery's
//     order. A battery of sections may give one hex several parts (3:
//     its sections there fired separately).
//  2. The split is declared before any roll: all its shots and the
//     Return Fire they draw from both hexes are rolled before any result
//     applies (10.15, 10.42), each part with its own Rapid Fire if it may
//     (10.68).
//  3. Ammunition: a battery of one type that used Rapid Fire for either
//     part is Out after any depletion result, else one level down if
//     either roll was a 5 (2a); sections fired separately at one hex:
//     any depletion leaves the Rapid Firing ones Out and the others one
//     level down (2b, 3); otherwise each section on its own (10.69).
//  4. A battery alone in an enemy's Front hex (10.66) splits against
//     that enemy's hex, or between the enemies in its two adjacent Front
//     hexes, and not at any other hex: a SPLIT naming another fires both
//     parts at that enemy.

// splitPart is one part of a battery's Split Fire: its target, and its
// share of the guns or its sections.
type splitPart struct {
	t     *UnitSt
	share int
	secs  []int // section numbers, 1 for the first
}

// artillerySplit is a battery's SPLIT naming its targets. See GBACW
// 10.65, 10.66.
func (r *resolver) artillerySplit(u *UnitSt, a gbtext.Action) {
	if u.Kind != "artillery" || !r.mayFire(u, phasingFire) {
		return
	}
	named := append([]gbtext.Action{{Target: a.Target, Sections: a.Sections}}, a.More...)
	if len(named) == 1 {
		named = append(named, gbtext.Action{Target: a.Target}) // twice at one hex
		if u.sectioned() && len(a.Sections) == 0 {
			named = named[:1] // 2b: each section on its own
		}
	}
	var ts []*UnitSt
	for _, p := range named {
		ts = append(ts, r.pickTarget(u, p.Target))
	}
	if must := r.mustTargets(u); len(must) > 0 && !r.splitAllowed(u, must, ts) {
		r.event("forced-target", "GBACW 10.66", "%s stands alone in the Front of %s and splits its fire against it", u.Name, must[0].Name)
		named = []gbtext.Action{{Target: must[0].Name}, {Target: must[0].Name}}
		if u.sectioned() {
			named = named[:1]
		}
		ts = []*UnitSt{must[0], must[0]}[:len(named)]
	}
	if slices.Contains(ts, nil) {
		r.event("no-fire", "GBACW 10.16", "%s cannot split its fire at those targets: not in its arc, range and LOS", u.Name)
		return
	}
	parts := r.splitParts(u, ts, named)
	if len(parts) < 2 {
		r.event("no-fire", "GBACW 10.65", "%s has not the guns to split its fire", u.Name)
		return
	}
	var names []string
	for _, p := range parts {
		names = append(names, p.t.Name)
	}
	r.event("split-fire", "GBACW 10.65", "%s splits its fire: at %s", u.Name, strings.Join(names, " and at "))
	var shots []shot
	var fired []int
	rapid := false
	for _, p := range parts {
		r.targeted(p.t, 1)
		r.spShare, r.fireSections, r.fired = p.share, p.secs, nil
		rapid = rapid || r.mayRapidFire(u, p.t)
		sh := r.volley(u, p.t, phasingFire)
		fired = append(fired, r.fired...)
		r.spShare, r.fireSections = 0, nil
		if len(sh) > 0 && !sh[0].shotShell {
			r.marchHit(p.t)
		}
		shots = append(shots, sh...)
	}
	if len(shots) == 0 {
		return
	}
	r.splitAmmo(u, parts, rapid)
	r.fired = fired
	u.Fired = r.sectionsFired(u)
	var more []*UnitSt
	for _, p := range parts[1:] {
		if p.t != parts[0].t && !slices.Contains(more, p.t) {
			more = append(more, p.t)
		}
	}
	r.exchange(u, parts[0].t, shots, more...)
	r.settleAmmo()
}

// splitAllowed: a battery bound by 10.66 may split against one of the
// enemies it must fire at, or between the enemies in its two adjacent
// Front hexes.
func (r *resolver) splitAllowed(u *UnitSt, must, ts []*UnitSt) bool {
	s := r.s
	ua := s.axial(u.Hex)
	front := []string{s.hexID(ua.Neighbor(u.Facing)), s.hexID(ua.Neighbor(u.Facing + 1))}
	one, adjacent := true, true
	for _, t := range ts {
		if t == nil {
			return false
		}
		one = one && t == ts[0]
		adjacent = adjacent && slices.Contains(front, t.Hex)
	}
	if one {
		return slices.Contains(must, ts[0])
	}
	return adjacent
}

// splitParts divides u's fire between the targets ts of the parts named
// (one target twice for a split against one hex). See GBACW 10.65.
func (r *resolver) splitParts(u *UnitSt, ts []*UnitSt, named []gbtext.Action) []splitPart {
	hexes := map[string]bool{}
	for _, t := range ts {
		hexes[t.Hex] = true
	}
	if len(hexes) > 2 {
		return nil // at most two hexes
	}
	if !u.sectioned() {
		shares, err := SplitEvenly(r.firingSP(u), 2) // 10.15
		if err != nil || len(ts) != 2 {
			return nil
		}
		return []splitPart{{t: ts[0], share: shares[0]}, {t: ts[1], share: shares[1]}}
	}
	var live []int
	for i, x := range u.Sections {
		if x.Guns > 0 && x.Ammo != AmmoOut {
			live = append(live, i+1)
		}
	}
	if len(ts) == 1 {
		var out []splitPart
		for _, k := range live {
			out = append(out, splitPart{t: ts[0], secs: []int{k}}) // 2b: each section
		}
		return out
	}
	var out []splitPart
	var free []int // the live sections no part names
	for _, k := range live {
		if !slices.ContainsFunc(named, func(p gbtext.Action) bool { return slices.Contains(p.Sections, k) }) {
			free = append(free, k)
		}
	}
	var bare []int // the parts that name no section share the others
	for i, p := range named {
		if len(p.Sections) == 0 {
			bare = append(bare, i)
		}
	}
	for i, p := range named {
		secs := p.Sections
		if len(p.Sections) == 0 {
			k := slices.Index(bare, i)
			lo, hi := k*len(free)/len(bare), (k+1)*len(free)/len(bare)
			secs = free[lo:hi]
		}
		if len(secs) == 0 {
			return nil
		}
		out = append(out, splitPart{t: ts[i], secs: secs})
	}
	return out
}

// splitAmmo turns the depletions noted for a split's shots into 10.65's:
// a battery of one gun type that used Rapid Fire is Out after any
// depletion (2a); sections fired separately at one hex (parts sharing
// a hex), after any depletion of the battery's, Out if they used Rapid
// Fire, else one level down (2b, 3).
func (r *resolver) splitAmmo(u *UnitSt, parts []splitPart, rapid bool) {
	if !u.sectioned() {
		if rapid && r.ammoHits[u.Name] > 0 {
			r.ammoHits[u.Name] = ammoToOut // 2a
		}
		return
	}
	separate := false
	for i := range parts {
		for j := range i {
			separate = separate || parts[i].t.Hex == parts[j].t.Hex
		}
	}
	if !separate {
		return // each section its own (10.69)
	}
	any := false
	for i := range u.Sections {
		any = any || r.ammoHits[sectionKey(u, i)] > 0
	}
	if !any {
		return
	}
	for _, p := range parts {
		for _, k := range p.secs {
			rng, _ := r.sys.combat.Range(u.Sections[k-1].Weapon)
			hit := ammoOneLevel
			if rapid && rng.RapidFire {
				hit = ammoToOut
			}
			r.ammoHits[sectionKey(u, k-1)] = hit // 2b
		}
	}
}
