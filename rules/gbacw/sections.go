package gbacw

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"galloper/rules/dice"
)

// Batteries of several sections (GBACW 8.37): a battery is always one
// unit, whose sections stack, move and take their UDDs together; a loss
// falls on a section picked at random (8.35, 8.37), by a d10 whose ten
// faces the sections with guns share evenly in their order (ruling
// GBACW-R37).

// checkSections: sections belong to artillery, two or more, each with
// guns, adding up to its SPs.
func checkSections(u UnitSt) error {
	if len(u.Sections) == 0 {
		return nil
	}
	if u.Kind != "artillery" || len(u.Sections) < 2 {
		return fmt.Errorf("sections are for a battery of two or more (GBACW 8.37)")
	}
	n := 0
	for _, x := range u.Sections {
		if x.Guns < 1 || x.Weapon == "" {
			return fmt.Errorf("a section needs guns and a weapon (GBACW 8.37)")
		}
		n += x.Guns
	}
	if n != u.SP {
		return fmt.Errorf("its sections have %d guns, not its %d SPs (GBACW 8.37)", n, u.SP)
	}
	return nil
}

// String is a section as its guns and weapon: "4N".
func (x Section) String() string { return strconv.Itoa(x.Guns) + x.Weapon }

// loseGun takes one gun from a section of u picked by a d10 (8.37).
func (r *resolver) loseGun(u *UnitSt) {
	var live []int
	for i, x := range u.Sections {
		if x.Guns > 0 {
			live = append(live, i)
		}
	}
	if len(live) == 0 {
		return
	}
	i := live[0]
	if len(live) > 1 {
		roll := dice.D10Zero(r, "GBACW 8.37", "the section losing a gun: "+u.Name)
		i = live[roll*len(live)/10]
		r.event("section-loss", "GBACW 8.37", "%s's loss falls on its %s section (rolled %d)", u.Name, u.Sections[i], roll)
	}
	u.Sections[i].Guns--
}

// Fire by section (8.37, 10.63-10.65, 10.68, 10.69; ruling GBACW-R78):
//
//  1. A battery of several sections fires them together, as one fire
//     (sections of one battery combine at any range, 10.63): all its
//     sections that have guns, ammunition and the range, or, in its own
//     activation, those its FIRE ... SECTION names. Each section fires
//     once an activation (a section may not split its fire, 10.65), so
//     FIRE A SECTION 1 THEN FIRE B SECTION 2 fires them at two targets.
//  2. The fire takes the worst range DRM of the sections' weapons (10.64)
//     and the Low Ammo -2 when one of them is Low.
//  3. Under Rapid Fire all of them fire the first shot and only the (RF)
//     sections the second (10.68).
//  4. Each firing section takes its own ammunition depletion (10.69);
//     the battery's Ammo sums its sections up: Out when all are Out, Low
//     when one is short (syncAmmo).

// sectioned reports whether u is a battery of several sections (8.37).
func (u *UnitSt) sectioned() bool { return len(u.Sections) > 1 }

// firingSections lists the sections of u (by index) that fire a shot of
// kind at range d now; second: Rapid Fire's second shot. See GBACW 8.37,
// 10.63, 10.68.
func (r *resolver) firingSections(u *UnitSt, kind fireKind, d int, second bool) []int {
	var out []int
	for i, x := range u.Sections {
		rng, err := r.sys.combat.Range(x.Weapon)
		switch {
		case x.Guns == 0 || x.Ammo == AmmoOut || err != nil || d < 1 || d > rng.Max:
			continue
		case second && !rng.RapidFire:
			continue // 10.68: only the Rapid Firing types fire the second shot
		case kind == phasingFire && u.FiredParts&(1<<i) != 0:
			continue // once an activation
		case kind == phasingFire && len(r.fireSections) > 0 && !slices.Contains(r.fireSections, i+1):
			continue
		}
		out = append(out, i)
	}
	return out
}

// sectionGuns adds up the guns of u's sections secs.
func sectionGuns(u *UnitSt, secs []int) int {
	n := 0
	for _, i := range secs {
		n += u.Sections[i].Guns
	}
	return n
}

// sectionNames names u's sections secs for a report: "Guns's 4N and 2RG
// sections".
func sectionNames(u *UnitSt, secs []int) string {
	var xs []Section
	for _, i := range secs {
		xs = append(xs, u.Sections[i])
	}
	return u.Name + "'s " + sectionList(xs)
}

// sectionsWeapon is the weapon of u's sections secs whose range DRM at d
// is the worst (10.64), and whether one of them is Low on Ammo.
func (r *resolver) sectionsWeapon(u *UnitSt, secs []int, d int) (string, bool) {
	weapon, low, worst := u.Weapon, false, 0
	for k, i := range secs {
		x := u.Sections[i]
		rng, _ := r.sys.combat.Range(x.Weapon)
		if k == 0 || rng.DRM[d-1] < worst {
			weapon, worst = x.Weapon, rng.DRM[d-1]
		}
		low = low || x.Ammo == AmmoLow
	}
	return weapon, low
}

// sectionKey is the ammoHits key of u's section i.
func sectionKey(u *UnitSt, i int) string { return u.Name + "#" + strconv.Itoa(i) }

// syncAmmo sums a sectioned battery's ammunition up in its own Ammo: Out
// when every section with guns is Out, Low when one is short, else OK
// (10.69).
func syncAmmo(u *UnitSt) {
	if !u.sectioned() {
		return
	}
	out, short := true, false
	for _, x := range u.Sections {
		if x.Guns == 0 {
			continue
		}
		out = out && x.Ammo == AmmoOut
		short = short || x.Ammo != AmmoOK
	}
	switch {
	case out:
		u.Ammo = AmmoOut
	case short:
		u.Ammo = AmmoLow
	default:
		u.Ammo = AmmoOK
	}
}

// sectionsFired marks the sections of u that fired the phasing fire just
// rolled, and reports whether u has fired: all its sections with guns
// and ammunition have, or it has no sections. See GBACW 8.37, 10.65.
func (r *resolver) sectionsFired(u *UnitSt) bool {
	if !u.sectioned() {
		return true
	}
	for _, i := range r.fired {
		u.FiredParts |= 1 << i
	}
	r.fired = nil
	for i, x := range u.Sections {
		if x.Guns > 0 && x.Ammo != AmmoOut && u.FiredParts&(1<<i) == 0 {
			return false
		}
	}
	return true
}

// noteSectionsAmmo notes what an unadjusted roll does to the ammunition
// of u's sections secs that fired it: each its own (10.69), the (RF)
// ones under Rapid Fire Out on a 0 or 5 (10.68).
func (r *resolver) noteSectionsAmmo(u *UnitSt, secs []int, roll int) {
	for _, i := range secs {
		rng, _ := r.sys.combat.Range(u.Sections[i].Weapon)
		hit := ammoHit(0)
		switch {
		case r.rapid && rng.RapidFire && (roll == 0 || roll == 5):
			hit = ammoToOut // 10.68
		case roll == 5:
			hit = ammoOneLevel // 10.69
		}
		if hit == 0 {
			continue
		}
		if r.ammoHits == nil {
			r.ammoHits = map[string]ammoHit{}
		}
		k := sectionKey(u, i)
		r.ammoHits[k] = max(r.ammoHits[k], hit)
	}
}

// settleSections applies the depletions noted for u's sections, in their
// order, and sums them up in u's Ammo. See GBACW 10.69, 10.68.
func (r *resolver) settleSections(u *UnitSt) {
	for i := range u.Sections {
		x := &u.Sections[i]
		hit, ok := r.ammoHits[sectionKey(u, i)]
		if !ok {
			continue
		}
		was := x.Ammo
		x.Ammo = depleted(x.Ammo, hit)
		if x.Ammo == was {
			continue
		}
		rule := "GBACW 10.69"
		if hit == ammoToOut {
			rule = "GBACW 10.68"
		}
		r.event("ammo", rule, "%s is %s", sectionNames(u, []int{i}), map[string]string{AmmoLow: "Low on Ammo (-2)", AmmoOut: "Out of Ammo"}[x.Ammo])
	}
	syncAmmo(u)
}

// A battery's sections in order (8.24 Exception, 7.34, 8.33; rulings
// GBACW-R103, GBACW-R104). Sections are listed, and numbered, top
// first. The order decides which of them fire what the stack's limits
// let the battery fire: the Fire Frontage Rule's SPs fall to the top
// section first (8.33), and in a Refused stack the normal Front's share
// too, the sections below taking the Refused hex's (7.34, "as if the
// sections were separate units"). A loss still falls on a section drawn
// at random (8.35, 8.37), whatever its place.

// topSection puts u's section k (1 for the top one) on top of its other
// sections, the Exception to 8.24: after the battery moved or before it
// fires, and not next to the enemy; it is not Movement, so it costs no
// MP, keeps Rapid Fire and brings no 10.61 -2. See GBACW 8.24.
func (r *resolver) topSection(u *UnitSt, k int) {
	switch {
	case !u.sectioned() || k < 2 || k > len(u.Sections):
		return // refused when the orders came in (checkTopSection)
	case u.Fired || u.FiredParts != 0:
		r.event("no-restack", "GBACW 8.24", "%s has fired and may not change the order of its sections (8.24 Exception: after movement or before firing)", u.Name)
		return
	case len(r.s.adjacentEnemies(u.Hex, u.Side)) > 0:
		r.event("no-restack", "GBACW 8.24", "%s may not change the order of its sections next to the enemy (8.24)", u.Name)
		return
	}
	x := u.Sections[k-1]
	u.Sections = slices.Insert(slices.Delete(u.Sections, k-1, k), 0, x)
	r.event("restack", "GBACW 8.24", "%s puts its %s section on top of its %s in %s", u.Name, x, sectionList(u.Sections[1:]), u.Hex)
}

// sectionList names sections for a report: "4RG section", "4RG and 2N
// sections".
func sectionList(xs []Section) string {
	var names []string
	for _, x := range xs {
		names = append(names, x.String())
	}
	if len(names) == 1 {
		return names[0] + " section"
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1] + " sections"
}

// spread gives n SPs to parts top first, each at most its cap.
func spread(n int, caps []int) []int {
	out := make([]int, len(caps))
	for i, c := range caps {
		out[i] = min(c, n)
		n -= out[i]
	}
	return out
}

// sectionsSP is what u's sections secs may fire at a target by their
// place in the battery: its Fire Frontage share (8.33) falls to its
// sections top first; Refused, its normal Front's share (7.34) does
// too, and its Refused hex's share to what each has left; refusedHex:
// the target lies through the Refused Frontal hex. See GBACW 7.34,
// 8.33, ruling GBACW-R103.
func (r *resolver) sectionsSP(u *UnitSt, secs []int, refusedHex bool) int {
	guns := make([]int, len(u.Sections))
	for i, x := range u.Sections {
		guns[i] = x.Guns
	}
	caps := spread(r.firingSP(u), guns)
	if u.Refused != "" {
		normal := spread(r.refusedSP(u, false), caps)
		if refusedHex {
			for i := range caps {
				caps[i] -= normal[i]
			}
			normal = spread(r.refusedSP(u, true), caps)
		}
		caps = normal
	}
	n := 0
	for _, i := range secs {
		n += caps[i]
	}
	return n
}
