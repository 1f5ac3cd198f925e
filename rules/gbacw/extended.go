package gbacw

import (
	"fmt"
	"slices"
	"strings"

	"galloper/rules"
	"galloper/rules/gbacw/gbtext"
	"galloper/rules/hex"
)

// Extended Lines (GBACW 8.4). An infantry unit of 8 SPs or more may
// extend into its left or right Flank hex, one of 15 SPs or more into
// both (8.41, 8.43):
//
//	1. EXTEND pays what entering the hex costs, at most 2 MPs; both sides
//	   at once cost the dearer (8.42, 8.43). The unit may not be stacked
//	   with other infantry or cavalry, nor the hex be held by any, nor be
//	   next to an enemy unit (8.41); no facing changes (8.42).
//	2. Its SPs are spread over its hexes, the counter's hex first, the odd
//	   SP to the counter and then the left extension: 9 SPs are 5 and 4,
//	   17 are 6, 6 and 5 (8.44, ruling GBACW-R30).
//	3. Each part fires from its own hex; parts firing at the same hex
//	   combine their fire in one roll (8.45).
//	4. A Disorder of any part Disorders the whole unit; a shock treats it
//	   as one unit of its full strength (8.45, 8.46).
//	5. RETRACT draws the extensions into the counter's hex, or RETRACT
//	   <hex> the counter into its extension's, for the cost of entering
//	   it, even next to the enemy (8.41, 8.42; ruling GBACW-R97).
//	6. At the end of the brigade activation in which combat takes it below
//	   8 SPs (15 for two extensions), an extension is removed (8.42, 8.43).
//	7. Each part builds Breastworks in its own hex (15.15, ruling
//	   GBACW-R98; engineering.go).
//
// Moving, pivoting, refusing, Wrap-Around, advancing and retreating are in
// lineaction.go; Extended Columns in column.go. An Extended Line's one
// shock at the enemies in all its Front hexes (8.46, 11.31 Exception) is
// designated in designate.go (rulings GBACW-R30, R36).

// extended reports whether a unit is in Extended Line.
func (u *UnitSt) extended() bool { return u.ExtLeft != "" || u.ExtRight != "" }

// inColumn reports whether a unit is in Extended Column (8.5).
func (u *UnitSt) inColumn() bool { return u.ColA != "" }

// spread reports whether a unit occupies more than its counter's hex, in
// Extended Line or Column.
func (u *UnitSt) spread() bool { return u.extended() || u.inColumn() }

// linePart is one hex of an Extended Line and the SPs it fires with.
type linePart struct {
	hex string
	sp  int
}

// lineParts are a unit's hexes, the counter's first, then the left and
// the right extension, with their shares of its SPs (8.44); a unit not
// extended is one part of all its SPs.
func (u *UnitSt) lineParts() []linePart {
	hexes := []string{u.Hex}
	for _, h := range []string{u.ExtLeft, u.ExtRight, u.ColA, u.ColB} {
		if h != "" {
			hexes = append(hexes, h)
		}
	}
	shares, err := SplitEvenly(u.SP, len(hexes))
	if err != nil {
		return []linePart{{u.Hex, u.SP}}
	}
	out := make([]linePart, len(hexes))
	for i, h := range hexes {
		out[i] = linePart{h, shares[i]}
	}
	return out
}

// lineAt is the friendly or enemy unit whose Extended Line reaches into
// hex h (not its counter's hex), or nil.
func (s *State) lineAt(h string) *UnitSt {
	for i := range s.Units {
		if u := &s.Units[i]; u.onMap() && h != "" && (u.ExtLeft == h || u.ExtRight == h || u.ColA == h || u.ColB == h) {
			return u
		}
	}
	return nil
}

// extend is a unit's EXTEND action. See GBACW 8.41-8.43.
func (r *resolver) extend(u *UnitSt, which string, stand bool) {
	s := r.s
	cc := r.sys.combat
	o := s.ordersOf(u)
	right, left := s.flankDirs(u.Facing)
	at := s.axial(u.Hex)
	var hexes []string
	for _, w := range []struct {
		name string
		dir  int
	}{{"LEFT", left}, {"RIGHT", right}} {
		if which == w.name || which == "BOTH" {
			hexes = append(hexes, s.hexID(at.Neighbor(w.dir)))
		}
	}
	no := func(format string, args ...any) {
		r.event("no-extend", "GBACW 8.41", "%s may not extend: %s", u.Name, fmt.Sprintf(format, args...))
	}
	switch {
	case stand || u.Fired:
		return
	case u.Kind != "infantry":
		no("only infantry forms an Extended Line (8.41)")
		return
	case o == March:
		no("under March Orders it uses Extended Column (8.5)")
		return
	case u.extended():
		no("it is already in Extended Line")
		return
	case len(hexes) == 1 && u.SP < 8:
		no("it has %d SPs and needs 8 (8.41)", u.SP)
		return
	case len(hexes) == 2 && u.SP < 15:
		no("it has %d SPs and needs 15 to extend both ways (8.43)", u.SP)
		return
	}
	for _, f := range s.unitsAt(u.Hex) {
		if f != u && f.Kind != "artillery" {
			no("it is stacked with %s (8.41)", f.Name)
			return
		}
	}
	cost := 0
	for _, h := range hexes {
		switch {
		case h == "":
			no("its Flank hex is off the map")
			return
		case s.lineAt(h) != nil || hasNonArtillery(s.unitsAt(h)) || len(s.enemiesAt(h, u.Side)) > 0:
			no("%s is held by another unit (8.41)", h)
			return
		case len(s.adjacentEnemies(h, u.Side)) > 0 || s.nextToLine(h, u.Side):
			no("%s is next to an enemy unit (8.41)", h)
			return
		}
		c := s.moveCost(cc, u, o, u.Hex, h)
		if s.onRoad(u.Hex, h) {
			c = s.moveCost(cc, u, Attack, u.Hex, h) // 8.42: the hex's own cost, not the road's
		}
		if c == 0 || c > 4 {
			no("entering %s costs more than 2 MPs (8.41)", h)
			return
		}
		cost = max(cost, c) // 8.43: the dearer of the two
	}
	if cost > r.mpLeft(u, o) && !r.oneHexMove(u, cost) {
		no("it has not the MPs (%s)", halfMP(cost))
		return
	}
	u.Spent += cost
	u.Moved = true
	if len(hexes) == 2 {
		u.ExtLeft, u.ExtRight = hexes[0], hexes[1]
	} else if which == "LEFT" {
		u.ExtLeft = hexes[0]
	} else {
		u.ExtRight = hexes[0]
	}
	var parts []string
	for _, p := range u.lineParts() {
		parts = append(parts, fmt.Sprintf("%d SP in %s", p.sp, p.hex))
	}
	r.event("extend", "GBACW 8.41", "%s forms an Extended Line into %s (%s): %s", u.Name, strings.Join(hexes, " and "), halfMP(cost), strings.Join(parts, ", "))
}

// retract is a unit's RETRACT action: its parts come together in one of
// its hexes, the counter's unless into names another, for the dearest
// cost of a part entering it; next to an enemy it may always retract, and
// then stops. An extension retracts into its parent "or vice versa"
// (8.41), an Extended Column into any of its hexes (8.52). See GBACW
// 8.41-8.42, 8.52; ruling GBACW-R97.
func (r *resolver) retract(u *UnitSt, into string, stand bool) {
	s := r.s
	if stand || !u.spread() {
		return
	}
	if into == "" {
		into = u.Hex
	}
	if !slices.ContainsFunc(u.lineParts(), func(p linePart) bool { return p.hex == into }) {
		r.event("no-retract", "GBACW 8.52", "%s has no part in %s to retract into", u.Name, into)
		return
	}
	if u.inColumn() {
		r.retractColumn(u, into)
		return
	}
	o := s.ordersOf(u)
	cost := r.retractCost(u, into)
	if cost > 4 {
		r.event("no-retract", "GBACW 8.41", "%s may not retract into %s: entering it costs more than 2 MPs (8.41)", u.Name, into)
		return
	}
	if cost > r.mpLeft(u, o) && len(s.adjacentEnemies(u.Hex, u.Side)) == 0 && !r.oneHexMove(u, cost) {
		r.event("no-retract", "GBACW 8.42", "%s has not the MPs to retract (%s)", u.Name, halfMP(cost))
		return
	}
	// 8.41-8.42: a part that leaves an enemy's Front hex draws its
	// Withdrawal Fire (10.44), with the Flank Fire DRM only from the
	// part's Flank hex.
	for _, p := range u.lineParts() {
		x := p.hex
		if x == into {
			continue
		}
		for _, e := range s.adjacentEnemies(x, u.Side) {
			if e.Kind == "artillery" || s.m.Distance(e.Hex, x) != 1 || s.unitArc(e, s.axial(x)) != FrontArc || !u.combat() {
				continue
			}
			r.aimHex = x
			r.reactionShot(e, u, withdrawalFire, gbtext.RWithdrawal)
			r.aimHex = ""
		}
	}
	if !u.combat() {
		return
	}
	u.Spent += cost
	u.Moved = true
	u.Hex, u.ExtLeft, u.ExtRight = into, "", ""
	r.event("retract", "GBACW 8.42", "%s retracts its Extended Line into %s (%s)", u.Name, u.Hex, halfMP(cost))
	// 8.41: next to an enemy it then stops and does not turn (9.53).
	u.Walked = u.Walked || len(s.adjacentEnemies(u.Hex, u.Side)) > 0
}

// retractCost is what a spread unit pays to retract into hex into: the
// dearest cost of one of its other parts entering it, the hex's own and
// its hexside's, never a road's (8.42, 8.43, 8.52).
func (r *resolver) retractCost(u *UnitSt, into string) int {
	cost := 0
	for _, p := range u.lineParts() {
		if p.hex != into {
			cost = max(cost, r.s.moveCost(r.sys.combat, u, Attack, p.hex, into))
		}
	}
	return cost
}

// oneHexMove: extending or retracting for cost half MPs, more than the
// unit has left, is its one-hex move of 9.42 Exception 1 (its Play Note):
// the unit has not moved, and its full, Good Order MA would pay it. See
// GBACW 9.42.
func (r *resolver) oneHexMove(u *UnitSt, cost int) bool {
	if u.Moved || u.Spent > 0 || cost > 2*u.MA {
		return false
	}
	r.event("one-hex", "GBACW 9.42", "%s extends or retracts as its one-hex move (9.42 Exception 1 and its Play Note)", u.Name)
	return true
}

// Ext is one of the unit's extension hexes, the left first, or "".
func (u *UnitSt) Ext() string {
	if u.ExtLeft != "" {
		return u.ExtLeft
	}
	return u.ExtRight
}

// nextToLine: an enemy Extended Line's extension is next to h.
func (s *State) nextToLine(h string, side rules.Side) bool {
	for i := range s.Units {
		e := &s.Units[i]
		if e.Side == side || !e.combat() {
			continue
		}
		for _, x := range []string{e.ExtLeft, e.ExtRight, e.ColA, e.ColB} {
			if x != "" && s.m.Distance(x, h) == 1 {
				return true
			}
		}
	}
	return false
}

// mpLeft is what a unit has left of its MA this activation, in half MPs
// (6.16: halved under Attack Orders; 7.32: one less when a friend ended
// its move in its Refused flank).
func (r *resolver) mpLeft(u *UnitSt, o Orders) int {
	ma := u.MA
	if o == Attack {
		ma = (ma + 1) / 2
	}
	n := 2*ma - u.Spent
	if u.LostMP {
		n -= 2
	}
	return n
}

// halfMP writes a cost in half MPs as MPs: "1 MP", "½ MP", "1½ MPs".
func halfMP(n int) string {
	whole := fmt.Sprint(n / 2)
	if n%2 == 1 {
		whole += "½"
		if n == 1 {
			whole = "½"
		}
	}
	if n == 2 || n == 1 {
		return whole + " MP"
	}
	return whole + " MPs"
}

// shortenLines removes the extensions of a brigade's Extended Lines that
// combat took below 8 SPs, or below 15 for two (the right one goes),
// at the end of the brigade activation. See GBACW 8.42, 8.43.
func (r *resolver) shortenLines() {
	s := r.s
	for i := range s.Units {
		u := &s.Units[i]
		if u.inColumn() && !u.onMap() {
			u.ColA, u.ColB = "", ""
		}
		if u.inColumn() {
			r.shortenColumn(u)
		}
		if !u.extended() {
			continue
		}
		if !u.onMap() {
			u.ExtLeft, u.ExtRight = "", ""
			continue
		}
		if u.ExtLeft != "" && u.ExtRight != "" && u.SP < 15 {
			r.event("retract", "GBACW 8.43", "%s, below 15 SPs, removes its extension in %s", u.Name, u.ExtRight)
			u.ExtRight = ""
		}
		if u.SP < 8 {
			r.event("retract", "GBACW 8.42", "%s, below 8 SPs, removes its Extended Line marker from %s", u.Name, u.Ext())
			u.ExtLeft, u.ExtRight = "", ""
		}
	}
}

// partsInReach: the unit's parts that may fire at hex t, those named in from
// when any are, each in its own frontal arc, range and LOS.
func (r *resolver) partsInReach(u *UnitSt, th string, from []string) []linePart {
	s := r.s
	rng, err := r.sys.combat.Range(u.Weapon)
	if err != nil {
		return nil
	}
	var out []linePart
	for i, p := range u.lineParts() {
		if u.FiredParts&(1<<i) != 0 || len(from) > 0 && !containsHex(from, p.hex) {
			continue
		}
		if u.inColumn() && p.hex != u.Hex {
			continue // 8.52: only the parent hex of an Extended Column fires
		}
		pa, ta := s.axial(p.hex), s.axial(th)
		d := hex.Distance(pa, ta)
		front := inFrontalArc(pa, u.Facing, ta)
		rh := s.refusedHexAt(u, p.hex)
		through := rh != "" && s.hexID(nearestNeighbour(pa, ta)) == rh
		if d < 1 || d > rng.Max || !front && !through || !s.lineOfSight(r.sys.combat, p.hex, th) {
			continue
		}
		sp := min(p.sp, MaxFireFoot) // 8.31 in each hex
		if rh != "" {
			// 7.34: a refused part fires half through its Refused
			// Frontal hex, half (rounded up) through its normal Front.
			normal, refused := RefusedSplit(sp)
			sp = normal
			if !front {
				sp = refused
			}
		}
		out = append(out, linePart{p.hex, sp})
	}
	return out
}

func containsHex(hs []string, h string) bool {
	for _, x := range hs {
		if x == h {
			return true
		}
	}
	return false
}

// extendedFire is a phasing Extended Line's FIRE: the parts that may
// reach the target (those named by FROM, when any) fire together, their
// SPs summed, with the DRMs of the part they favour the target most by
// (8.45: the defender takes the most favourable terrain DRM; ruling
// GBACW-R30). A part fires once an activation; parts not yet fired may
// fire again at another hex. See GBACW 8.44-8.45.
func (r *resolver) extendedFire(u *UnitSt, name string, from []string) {
	s := r.s
	t, th, parts := r.lineTarget(u, name, from)
	if t == nil {
		who := name
		if who == "" {
			who = "an enemy"
		}
		r.event("no-fire", "GBACW 8.45", "%s cannot fire at %s: no part of its Extended Line that has not fired has it in its arc, range and LOS", u.Name, who)
		return
	}
	sp, d := 0, 0
	var best []Modifier
	var flank *Modifier
	var hexes []string
	for i, p := range parts {
		pd := hex.Distance(s.axial(p.hex), s.axial(th))
		ms, ok := r.fireDRMs(u, p.hex, t, th, phasingFire, pd)
		if !ok {
			return
		}
		if j := slices.IndexFunc(ms, isFlankingFire); j >= 0 {
			flank = &ms[j]
		}
		if i == 0 || Sum(ms) < Sum(best) {
			best, d = ms, pd
		}
		sp += p.sp
		hexes = append(hexes, p.hex)
		for j, q := range u.lineParts() {
			if q.hex == p.hex {
				u.FiredParts |= 1 << j
			}
		}
	}
	if flank != nil && !slices.ContainsFunc(best, isFlankingFire) {
		// 10.81: Flanking Fire "from any part of an Extended Line using
		// combined fire" (ruling GBACW-R115).
		best = append(slices.Clip(best), *flank)
	}
	r.targeted(t, d)
	sh := r.rollFire(u, t, th, sp, d, best, phasingFire, strings.Join(hexes, " and "))
	if !sh.shotShell {
		r.marchHit(t)
	}
	u.Fired = true
	th = t.Hex
	r.exchange(u, t, []shot{sh})
	r.settleAmmo()
	if t.Hex == th && r.reactToFire(t, u) { // not when the fire made it retreat (9.61)
		r.returnAfterReaction(t, u)
	}
}

// lineTarget is the enemy an Extended Line fires at, the hex it is hit
// in and the parts that reach it: the named unit, or the nearest enemy
// in the reach of a part.
func (r *resolver) lineTarget(u *UnitSt, name string, from []string) (*UnitSt, string, []linePart) {
	s := r.s
	var best *UnitSt
	var bestHex string
	var bestParts []linePart
	bestD := 1 << 30
	for i := range s.Units {
		t := &s.Units[i]
		if t.Side == u.Side || !t.combat() || name != "" && !eqName(t.Name, name) {
			continue
		}
		for _, tp := range t.lineParts() {
			parts := r.partsInReach(u, tp.hex, from)
			if len(parts) == 0 {
				continue
			}
			d := 1 << 30
			for _, p := range parts {
				d = min(d, hex.Distance(s.axial(p.hex), s.axial(tp.hex)))
			}
			if d < bestD {
				best, bestHex, bestParts, bestD = t, tp.hex, parts, d
			}
		}
	}
	if best != nil && bestHex == best.Hex {
		best = s.unitsAt(bestHex)[0] // 8.35: the top unit
	}
	return best, bestHex, bestParts
}

// applyToPart applies a fire result to an Extended Line hit in an
// extension's hex: the unit takes it (8.45: a Disorder of any part
// Disorders the whole unit); artillery in any of its hexes then makes a
// UDD if it was Disordered or eliminated (8.35, 8.45).
func (r *resolver) applyToPart(x shot) {
	t := x.target
	was := t.Status
	hexes := t.lineParts()
	if x.res.Losses > 0 {
		r.lose(t, x.res.Losses, "fire")
	}
	if t.onMap() {
		switch {
		case x.res.Disorder:
			r.disorder(t, "fire")
		case x.res.UDD:
			r.uddOrDisorder(t, x.res.UDDMod, "fire result "+x.res.Code, "fire")
		}
	}
	if t.onMap() && (t.Status != StDisordered || was == StDisordered) {
		return
	}
	for _, p := range hexes {
		for _, a := range r.s.unitsAt(p.hex) {
			if a != t && a.Side == t.Side && a.Kind == "artillery" {
				r.uddOrDisorder(a, 0, "its Extended Line was hit", "fire")
			}
		}
	}
}
