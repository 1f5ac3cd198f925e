package gbacw

import (
	"slices"

	"galloper/rules"
	"galloper/rules/gbacw/gbtext"
	"galloper/rules/hex"
)

// Who fires with whom: the units that return a phasing fire (10.42,
// ruling GBACW-R43) and, under optional rule 10.82, the units of a hex
// that combine their small arms.

// returnFirers lists the units of side that return a phasing fire of u
// at hex th by their side's doctrine, top of the target's hex first: the
// units of the target's hex, then those not targeted but next to the
// target or to the firer, unless already in a Front hex of an enemy unit
// in another hex; each must have the firer in its arc, range and LOS.
// See GBACW 10.42, 8.31.
func (r *resolver) returnFirers(u *UnitSt, side rules.Side, th string) []*UnitSt {
	s := r.s
	if r.standing(side, gbtext.RReturn) == "NEVER" || !u.onMap() {
		return nil
	}
	ok := func(e *UnitSt) bool {
		_, reach := r.canReach(e, u)
		return e.Side == side && r.mayFire(e, returnFire) && reach && r.firingSP(e) > 0 &&
			r.noReturnAt[e.Name] != u.Name // 12.35b
	}
	var out []*UnitSt
	for _, e := range s.unitsAt(th) {
		if ok(e) {
			out = append(out, e)
		}
	}
	ta, ua := s.axial(th), s.axial(u.Hex)
	for i := range s.Units {
		e := &s.Units[i]
		if e.Side != side || !e.onMap() || e.Hex == th {
			continue
		}
		ea := s.axial(e.Hex)
		if hex.Distance(ea, ta) != 1 && hex.Distance(ea, ua) != 1 {
			continue
		}
		if !ok(e) || r.inOtherFront(e, u.Hex) {
			continue
		}
		out = append(out, e)
	}
	return out
}

// inOtherFront: e stands in a Front hex of an enemy unit outside hex h
// (10.42, 10.43).
func (r *resolver) inOtherFront(e *UnitSt, h string) bool {
	ea := r.s.axial(e.Hex)
	for _, v := range r.s.adjacentEnemies(e.Hex, e.Side) {
		if v.Hex != h && r.s.unitArc(v, ea) == FrontArc {
			return true
		}
	}
	return false
}

// combining lists the units that must combine their fire with u's at t
// under optional rule 10.82: the other non-artillery units of its hex
// that may fire this kind of fire at t (for Return Fire, those among
// firers). See GBACW 10.82.
func (r *resolver) combining(u, t *UnitSt, kind fireKind, firers []*UnitSt) []*UnitSt {
	if !slices.Contains(r.s.Optional, "10.82") || u.Kind == "artillery" {
		return nil
	}
	var out []*UnitSt
	for _, p := range r.s.unitsAt(u.Hex) {
		if p == u || p.Side != u.Side || p.Kind == "artillery" || !p.combat() || !r.mayFire(p, kind) {
			continue
		}
		if kind == phasingFire && spencer(p) != spencer(u) {
			continue // Spencers fire their two rounds alone (14.3)
		}
		if firers != nil && !slices.Contains(firers, p) {
			continue
		}
		if _, ok := r.canReach(p, t); ok && r.firingSP(p) > 0 {
			out = append(out, p)
		}
	}
	return out
}

// returnAfterReaction is the Return Fire of a target that has just
// refused or turned in reaction to the phasing fire (9.61): the phasing
// fire's results are in, and the target, now reaching the firer, returns
// fire by its side's doctrine, within 7.34's limits when it refused. A
// target whose reaction cost it a 2nd Disorder does not (react). A
// Spencer unit fires its second round after the first (14.32). See
// GBACW 9.61, 10.42, 14.32.
func (r *resolver) returnAfterReaction(t, u *UnitSt) {
	for _, e := range r.returnFirers(u, t.Side, t.Hex) {
		if e != t {
			continue
		}
		twice, before := spencer(t), r.seconds(t)
		if rs := r.volley(t, u, returnFire); len(rs) > 0 {
			t.ReturnFired++
			r.doctrine(t, gbtext.RReturn, "GBACW 9.61")
			r.applyAll(rs)
			if twice {
				// 14.32's Exception: after its Reaction Facing a Spencer
				// unit's Return Fire is not simultaneous, but it keeps its
				// second round (14.32 3).
				r.spencerReturn(t, u.Hex, before, returnFire)
			}
			r.settleAmmo()
		}
	}
}
