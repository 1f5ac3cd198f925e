package gbacw

import (
	"strings"

	"galloper/rules/dice"
	"galloper/rules/gbacw/gbtext"
)

// Spencer Repeaters (GBACW 14.3). A unit armed with Spencers (weapon SR
// or SC) that is in Good Order before its first shot, and not mounted
// cavalry, fires twice at the same hex, the second round even into an
// emptied hex, unless it suffers a 2nd Disorder in between (14.3):
//
//	Phasing (14.31): it fires and its result applies; any Return Fire
//	follows, not simultaneous, and applies; it fires again.
//	Returning fire (14.32): its first round is simultaneous with the
//	phasing fire; its second follows the results.
//	Against phasing Rapid Fire (14.37): both first shots and both
//	second shots are rolled before any result applies.
//	Against non-phasing Rapid Fire (14.38): the Spencer and the guns
//	alternate, the Spencer first; guns Disordered stop firing.
//	Withdrawal and Pre-Shock Fire (14.35, 14.36): it fires twice.
//	An unadjusted 5 in a second round puts it Out of Ammo (14.33).

// spencer reports whether u fires Spencer Repeaters now (14.3).
func spencer(u *UnitSt) bool {
	return (u.Weapon == "SR" || u.Weapon == "SC") && u.Kind != "cavalry" && u.Status == StGood && u.combat()
}

// seconds counts a unit's 2nd Disorders in this resolution, to tell
// whether one fell between a Spencer's two rounds (14.3).
func (r *resolver) seconds(u *UnitSt) int { return r.secondDisorders[u.Name] }

// secondRoundAt rolls u's second round at the top enemy unit in hex h;
// into an emptied hex the round is rolled for its ammunition alone
// (14.3, 14.33). It returns the shot and whether it hits anything.
func (r *resolver) secondRoundAt(u *UnitSt, h string, kind fireKind) (shot, bool) {
	r.secondRound = true
	defer func() { r.secondRound = false }()
	for _, t := range r.s.unitsAt(h) {
		if t.Side != u.Side {
			sh, ok := r.roll(u, t, kind)
			sh.text = strings.Replace(sh.text, string(kind)+":", string(kind)+", Spencer 2nd round:", 1)
			return sh, ok
		}
	}
	roll := dice.D10Zero(r, "GBACW 14.3", string(kind)+": "+u.Name+"'s second round into "+h)
	r.noteAmmo(u, roll, false, true)
	r.event("fire", "GBACW 14.3", "%s fires its second round into the empty hex %s: rolled %d", u.Name, h, roll)
	return shot{}, false
}

// spencerFire is a phasing Spencer unit's fire at t (14.31, 14.38).
func (r *resolver) spencerFire(u, t *UnitSt) {
	h := t.Hex
	first, ok := r.roll(u, t, phasingFire)
	if !ok {
		return
	}
	if !first.shotShell {
		r.marchHit(t)
	}
	u.Fired = true
	before := r.seconds(u)
	r.event("spencer", "GBACW 14.31", "%s fires Spencer Repeaters: two rounds at %s", u.Name, h)
	r.apply(first)
	firers := r.returnFirers(u, t.Side, h)
	if len(firers) > 0 && firers[0] == t && r.mayRapidFire(t, u) {
		r.alternate(u, t, h, before)
		return
	}
	// 14.31 2, 14.34: Return Fire, the target's and any other unit's,
	// follows the Spencer's round.
	type spencerAfter struct {
		e      *UnitSt
		before int
	}
	var seconds []spencerAfter
	var shots []shot
	for _, e := range firers {
		twice, eBefore := spencer(e), r.seconds(e)
		rs := r.volley(e, u, returnFire)
		if len(rs) == 0 {
			continue
		}
		e.ReturnFired++
		r.doctrine(e, gbtext.RReturn, "GBACW 14.31")
		shots = append(shots, rs...)
		if twice {
			seconds = append(seconds, spencerAfter{e, eBefore})
		}
	}
	r.applyAll(shots)
	uh := u.Hex
	// 14.31 3: the second round, unless a 2nd Disorder.
	if u.combat() && r.seconds(u) == before {
		if sh, ok := r.secondRoundAt(u, h, phasingFire); ok {
			r.apply(sh)
		}
	}
	// 14.32 3: a returning Spencer unit's second round (ruling GBACW-R42).
	for _, x := range seconds {
		r.spencerReturn(x.e, uh, x.before, returnFire)
	}
}

// alternate is a phasing Spencer unit's fire at non-phasing guns that
// Rapid Fire back: Spencer, guns, Spencer, guns, each result applied at
// once; guns Disordered stop (14.38). The first Spencer round is applied.
func (r *resolver) alternate(u, t *UnitSt, h string, before int) {
	uh := u.Hex
	t.ReturnFired++
	r.doctrine(t, gbtext.RReturn, "GBACW 14.38")
	r.event("rapid-fire", "GBACW 10.68", "%s uses Rapid Fire: two shots at %s", t.Name, uh)
	gunShot := func(n string) {
		tgt := r.s.unitsAt(uh)
		if !t.combat() || t.Status == StDisordered || t.Hex != h || len(tgt) == 0 {
			return
		}
		r.rapid = true
		sh, ok := r.roll(t, tgt[0], returnFire)
		r.rapid = false
		if ok {
			sh.text = strings.Replace(sh.text, string(returnFire)+":", string(returnFire)+", Rapid Fire "+n+" shot:", 1)
			r.apply(sh)
		}
	}
	gunShot("1st")
	if u.combat() && r.seconds(u) == before {
		if sh, ok := r.secondRoundAt(u, h, phasingFire); ok {
			r.apply(sh)
		}
	}
	gunShot("2nd")
}

// spencerReturn is a non-phasing Spencer unit's second round of a fire
// of kind (14.32 3, 14.35, 14.36) at hex from, when it has had no 2nd
// Disorder since its first.
func (r *resolver) spencerReturn(t *UnitSt, from string, before int, kind fireKind) {
	if !t.combat() || r.seconds(t) != before {
		return
	}
	if sh, ok := r.secondRoundAt(t, from, kind); ok {
		r.apply(sh)
	}
}
