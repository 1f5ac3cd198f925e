package gbacw

import (
	"fmt"
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
//	5. RETRACT draws the extensions into the counter's hex, for the cost of
//	   entering it, even next to the enemy (8.41, 8.42).
//	6. At the end of the brigade activation in which combat takes it below
//	   8 SPs (15 for two extensions), an extension is removed (8.42, 8.43).
//
// An Extended Line moves as one unit into its Front hexes, or about 180°
// (moveLine). Its pivots, its advance and retreat extended, and
// Wrap-Around (8.44, 8.47-8.49) are not played yet (ruling GBACW-R30).

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
	if cost > r.mpLeft(u, o) {
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

// retract is a unit's RETRACT action: its extensions come back into its
// counter's hex, for the cost of entering it; next to an enemy it may
// always retract, and then stops. See GBACW 8.41-8.42.
func (r *resolver) retract(u *UnitSt, stand bool) {
	s := r.s
	if stand || !u.extended() {
		return
	}
	o := s.ordersOf(u)
	cost := s.moveCost(r.sys.combat, u, Attack, u.Ext(), u.Hex)
	if cost > r.mpLeft(u, o) && len(s.adjacentEnemies(u.Hex, u.Side)) == 0 {
		r.event("no-retract", "GBACW 8.42", "%s has not the MPs to retract (%s)", u.Name, halfMP(cost))
		return
	}
	// 8.41-8.42: a part that leaves an enemy's Front hex draws its
	// Withdrawal Fire (10.44), with the Flank Fire DRM only from the
	// part's Flank hex.
	for _, x := range []string{u.ExtLeft, u.ExtRight} {
		if x == "" {
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
	u.ExtLeft, u.ExtRight = "", ""
	r.event("retract", "GBACW 8.42", "%s retracts its Extended Line into %s (%s)", u.Name, u.Hex, halfMP(cost))
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
	var hexes []string
	for i, p := range parts {
		pd := hex.Distance(s.axial(p.hex), s.axial(th))
		ms, ok := r.fireDRMs(u, p.hex, t, th, phasingFire, pd)
		if !ok {
			return
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
	r.targeted(t, d)
	sh := r.rollFire(u, t, th, sp, d, best, phasingFire, strings.Join(hexes, " and "))
	if !sh.shotShell {
		r.marchHit(t)
	}
	u.Fired = true
	r.exchange(u, t, sh)
	r.reactToFire(t, u)
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

// Extended Columns (GBACW 8.5, 9.2). Under March Orders an infantry unit
// of 8 SPs or more, or a cavalry unit of 5 or more, extends one hex to
// the Rear; infantry of 15 or more, cavalry of 9 or more, two:
//
//	1. As it moves, its extensions follow its path: they stand in the
//	   last hexes it left, the nearest first (8.5, 8.51).
//	2. No other unit may stand in its hexes (8.5); its SPs are spread
//	   over them as an Extended Line's, each part a target of its own,
//	   and a Disorder of any part Disorders the whole unit (8.5).
//	3. It is shocked as one unit, of its full strength (8.5).
//	4. Combat that takes it below what needs a column removes the
//	   extension at the end of the brigade activation (8.5).
//	5. Under other Orders than March it retracts when its brigade next
//	   activates; it retracts to advance (8.52) and to retreat (8.47).
//
// Extended Columns under Advance Orders on roads (8.52), 8.53's Attack
// Orders, and a column turning 180° (8.51) are not played yet (ruling
// GBACW-R32).

// columnLength is how many hexes behind it a unit's Extended Column
// needs: 0, 1 or 2 (8.5).
func (u *UnitSt) columnLength() int {
	small, big := 8, 15
	switch u.Kind {
	case "cavalry":
		small, big = 5, 9
	case "artillery":
		return 0
	}
	switch {
	case u.SP >= big:
		return 2
	case u.SP >= small:
		return 1
	}
	return 0
}

// followColumn places a March unit's extensions in the last hexes of its
// trail (its old extensions, the hex it started in, the hexes it passed
// through), behind the hex it ended in. See GBACW 8.5, 8.51.
func (r *resolver) followColumn(u *UnitSt, trail []string) {
	n := u.columnLength()
	if n == 0 || len(trail) < 2 {
		return
	}
	behind := trail[:len(trail)-1]
	u.ColA, u.ColB = behind[len(behind)-1], ""
	if n == 2 && len(behind) >= 2 {
		u.ColB = behind[len(behind)-2]
	}
	tail := u.ColA
	if u.ColB != "" {
		tail += " and " + u.ColB
	}
	var parts []string
	for _, p := range u.lineParts() {
		parts = append(parts, fmt.Sprintf("%d SP in %s", p.sp, p.hex))
	}
	r.event("column", "GBACW 8.5", "%s moves in Extended Column, its extensions behind it in %s: %s", u.Name, tail, strings.Join(parts, ", "))
}

// shortenColumn removes the extensions a unit no longer needs after
// combat (8.5: at the end of the brigade activation).
func (r *resolver) shortenColumn(u *UnitSt) {
	switch n := u.columnLength(); {
	case n == 0:
		r.event("retract", "GBACW 8.5", "%s no longer needs an Extended Column and removes its extensions", u.Name)
		u.ColA, u.ColB = "", ""
	case n == 1 && u.ColB != "":
		r.event("retract", "GBACW 8.5", "%s needs one extension only and removes the one in %s", u.Name, u.ColB)
		u.ColB = ""
	}
}

// retractAll draws in a unit's Extended Line or Column, for no MPs, as
// it advances or retreats (8.47, 8.52), or as its March Orders end; why
// says so in the report.
func (r *resolver) retractAll(u *UnitSt, why string) {
	if !u.spread() {
		return
	}
	what := "Extended Line"
	if u.inColumn() {
		what = "Extended Column"
	}
	u.ExtLeft, u.ExtRight, u.ColA, u.ColB = "", "", "", ""
	r.event("retract", "GBACW 8.47", "%s retracts its %s into %s %s", u.Name, what, u.Hex, why)
}

// moveLine moves an Extended Line as one unit (8.44): each step takes
// every part into the hex beside it in one direction, a Front hex of the
// counter; the step costs the dearest hex a part enters. A step to the
// Rear first turns the line about, 180° for 1 MP, its extensions
// changing sides. It stops next to an enemy (9.53). Pivots are not
// played yet (ruling GBACW-R30).
func (r *resolver) moveLine(u *UnitSt, o Orders, target string, path []string) {
	s := r.s
	cc := r.sys.combat
	budget := r.mpLeft(u, o)
	u.LostMP = false
	start := u.Hex
	steps := 0
	defer func() {
		if u.Hex != start {
			r.event("move", "GBACW 8.44", "%s moves in Extended Line from %s to %s, its extensions in %s", u.Name, start, u.Hex, strings.TrimSpace(u.ExtLeft+" "+u.ExtRight))
		}
	}()
	for u.Hex != target && u.combat() {
		var next string
		if path != nil {
			if steps >= len(path) {
				return
			}
			next = path[steps]
		} else if next = s.stepToward(u.Hex, target, func(string) bool { return true }); next == "" {
			return
		}
		dir := -1
		for d := range 6 {
			if s.hexID(s.axial(u.Hex).Neighbor(d)) == next {
				dir = d
			}
		}
		turn := 0
		switch rel := mod6(dir - u.Facing); {
		case dir < 0:
			r.event("move-halted", "GBACW 9.1", "%s halts at %s: %s is not next to it", u.Name, u.Hex, next)
			return
		case rel == 3 || rel == 4:
			turn = 2 // 8.44: 180° for 1 MP
		case rel != 0 && rel != 1:
			r.event("move-halted", "GBACW 8.44", "%s halts at %s: an Extended Line moves only into its Front hexes, and its pivots are not played yet (ruling GBACW-R30)", u.Name, u.Hex)
			return
		}
		oc := s.occupancy(u.Side)
		nearEnemy := false
		for _, p := range u.lineParts() {
			nearEnemy = nearEnemy || oc.nextToEnemy[p.hex]
		}
		cost := 0
		var to []string
		for _, p := range u.lineParts() {
			h := s.hexID(s.axial(p.hex).Neighbor(dir))
			c := 0
			if h != "" {
				c = s.moveCost(cc, u, o, p.hex, h)
			}
			switch {
			case h == "" || c == 0 || oc.enemy[h] || !oc.stackRoom(u, h, o):
				r.event("move-halted", "GBACW 8.44", "%s halts at %s: its part in %s may not enter %s", u.Name, u.Hex, p.hex, h)
				return
			case o == Advance && oc.nextToFoot[h], u.Status == StDisordered && oc.nextToEnemy[h]:
				r.event("move-halted", "GBACW 6.15", "%s halts at %s: its part in %s may not move next to the enemy", u.Name, u.Hex, p.hex)
				return
			case nearEnemy && oc.nextToFoot[h] && !(o == Attack && u.Status == StGood):
				// 8.44: with half the line next to the enemy, the other
				// half moves next only to artillery, unless in good order
				// under Attack Orders.
				r.event("move-halted", "GBACW 8.44", "%s halts at %s: half of it is next to the enemy, and its part in %s may not move next to enemy infantry or cavalry", u.Name, u.Hex, p.hex)
				return
			}
			cost = max(cost, c) // 8.44: the dearest hex entered
			to = append(to, h)
		}
		if u.Refused != "" {
			turn += 2 // 7.33: it leaves Refused status to move, 1 MP
		}
		if cost+turn > budget && steps > 0 {
			return
		}
		if u.Refused != "" {
			u.Refused = ""
			r.event("unrefuse", "GBACW 7.33", "%s leaves Refused status (1 MP)", u.Name)
		}
		r.withdrawalFire(u)
		if !u.combat() {
			return
		}
		if turn > 0 {
			u.Facing = mod6(u.Facing + 3)
			u.ExtLeft, u.ExtRight = u.ExtRight, u.ExtLeft
			r.event("turn", "GBACW 8.44", "%s turns its Extended Line about, 180° (1 MP)", u.Name)
		}
		budget -= cost + turn
		u.Spent += cost + turn
		from := u.lineParts()
		u.Hex, u.Moved, u.Walked = to[0], true, true
		i := 1
		if u.ExtLeft != "" {
			u.ExtLeft, i = to[i], i+1
		}
		if u.ExtRight != "" {
			u.ExtRight = to[i]
		}
		steps++
		for j, p := range from {
			if !r.terrainDisorder(u, p.hex, to[j]) {
				return // 12.35c
			}
		}
		r.approachFire(u)
		r.reactionFacing(u)
		for _, p := range u.lineParts() {
			if len(s.adjacentEnemies(p.hex, u.Side)) > 0 {
				return // 9.53
			}
		}
	}
}

// endColumn ends the Extended Column of a unit no longer under March
// Orders as it first acts in its brigade's activation: its EXTEND LEFT or
// RIGHT turns a one-extension column into an Extended Line, the
// extension on that side, with no cost for the facing change (7.23, 8.52)
// when the line may be formed (8.41); else the column retracts into its
// head for the MPs of entering it off the road (8.52), which under Attack
// Orders bars Prepared Fire; one that lacks them under Attack Orders
// retracts, is Disordered and does no more in the activation (8.53). A
// unit that Stands keeps its column (8.53). It reports whether the action
// was so used. See ruling GBACW-R32.
func (r *resolver) endColumn(u *UnitSt, a gbtext.Action, stand bool) bool {
	s := r.s
	if !u.inColumn() || s.ordersOf(u) == March || stand {
		return false
	}
	if a.Verb == gbtext.ActExtend && a.Target != "BOTH" && u.ColB == "" && u.Kind == "infantry" && u.SP >= 8 &&
		len(s.adjacentEnemies(u.ColA, u.Side)) == 0 && !s.nextToLine(u.ColA, u.Side) {
		at, ca := s.axial(u.Hex), s.axial(u.ColA)
		for v := range 6 {
			right, left := s.flankDirs(v)
			d := right
			if a.Target == "LEFT" {
				d = left
			}
			if at.Neighbor(d) != ca {
				continue
			}
			u.Facing = v
			if a.Target == "LEFT" {
				u.ExtLeft = u.ColA
			} else {
				u.ExtRight = u.ColA
			}
			u.ColA = ""
			r.event("extend", "GBACW 7.23", "%s turns its Extended Column into an Extended Line, its extension in %s (no cost, 7.23)", u.Name, u.Ext())
			return true
		}
	}
	o := s.ordersOf(u)
	cost := 0
	for _, x := range []string{u.ColA, u.ColB} {
		if x != "" {
			cost = max(cost, s.moveCost(r.sys.combat, u, Attack, x, u.Hex)) // 8.52: not the road's cost
		}
	}
	short := cost > r.mpLeft(u, o)
	r.retractAll(u, fmt.Sprintf("as its March Orders have ended (%s; ruling GBACW-R32)", halfMP(cost)))
	u.Spent += cost
	u.Moved = u.Moved || cost > 0
	if short && o == Attack {
		// 8.53: it retracts, is Disordered, and its activation is over.
		r.disorder(u, "retracting without the MPs")
		u.Fired, u.NoFire = true, true
		return true
	}
	return false
}

// shiftTo is where each of a spread unit's parts lands one hex in
// direction d, in lineParts' order, or nil when a part may not go there:
// off the map, into an enemy, into another infantry or cavalry unit or
// Extended Line, or into a hex its kind may not enter.
func (s *State) shiftTo(cc *CombatCharts, u *UnitSt, d int) []string {
	var out []string
	for _, p := range u.lineParts() {
		h := s.hexID(s.axial(p.hex).Neighbor(d))
		if h == "" || len(s.enemiesAt(h, u.Side)) > 0 || s.moveCost(cc, u, Attack, p.hex, h) == 0 {
			return nil
		}
		if l := s.lineAt(h); l != nil && l != u {
			return nil
		}
		for _, f := range s.unitsAt(h) {
			if f != u && f.Kind != "artillery" {
				return nil
			}
		}
		out = append(out, h)
	}
	return out
}

// shift moves a spread unit's parts to the hexes shiftTo found.
func (u *UnitSt) shift(to []string) {
	u.Hex = to[0]
	i := 1
	for _, f := range []*string{&u.ExtLeft, &u.ExtRight, &u.ColA, &u.ColB} {
		if *f != "" {
			*f, i = to[i], i+1
		}
	}
}

// advanceLine advances an Extended Line (or Column) into h, the hex next
// to one of its parts, extended: every part steps the same way, facing
// kept. It reports false when a part may not, and the unit must retract
// to advance. See GBACW 8.47.
func (r *resolver) advanceLine(u *UnitSt, h string) bool {
	s := r.s
	for _, p := range u.lineParts() {
		for d := range 6 {
			if s.hexID(s.axial(p.hex).Neighbor(d)) != h {
				continue
			}
			to := s.shiftTo(r.sys.combat, u, d)
			if to == nil || u.inColumn() {
				return false // 8.52: a column retracts to advance
			}
			from := u.Hex
			u.shift(to)
			r.event("advance", "GBACW 8.47", "%s advances in Extended Line from %s to %s, its extensions in %s", u.Name, from, u.Hex, strings.TrimSpace(u.ExtLeft+" "+u.ExtRight))
			return true
		}
	}
	return false
}

// retreatLine retreats a spread unit one hex, extended: every part steps
// the same way, away from the enemy at from, facing kept, not into a
// hex next to an enemy when another will do. It reports false when no
// way will do, and the unit must retract. See GBACW 8.47, 8.5.
func (r *resolver) retreatLine(u *UnitSt, from string) bool {
	s := r.s
	fa := s.axial(from)
	best, bestScore := -1, -1<<30
	var bestTo []string
	for d := range 6 {
		to := s.shiftTo(r.sys.combat, u, d)
		if to == nil || hex.Distance(s.axial(to[0]), fa) <= hex.Distance(s.axial(u.Hex), fa) {
			continue
		}
		score := 10 * hex.Distance(s.axial(to[0]), fa)
		for _, h := range to {
			if len(s.adjacentEnemies(h, u.Side)) > 0 {
				score -= 100
			}
		}
		if score > bestScore {
			best, bestScore, bestTo = d, score, to
		}
	}
	if best < 0 {
		return false
	}
	was := u.Hex
	u.shift(bestTo)
	u.Refused = ""
	what := "Extended Line"
	if u.inColumn() {
		what = "Extended Column"
	}
	r.event("retreat", "GBACW 8.47", "%s retreats in %s from %s to %s", u.Name, what, was, u.Hex)
	return true
}

// pivot wheels an Extended Line 60° on its left or right end (8.44): the
// end stays, the other parts swing forward, the far end of a three-hex
// line two hexes; the line pays the dearest hex it pivots into, 1 MP
// more into a Woods hex under Attack Orders; its facing turns one vertex
// with it, and artillery stacked with the pivoting end turns too. The
// hexes pivoted into must be free of enemies and other infantry and
// cavalry, and under Advance Orders not next to enemy infantry or
// cavalry (6.15); the line stops next to an enemy (9.53).
func (r *resolver) pivot(u *UnitSt, end string, stand bool) {
	s := r.s
	cc := r.sys.combat
	o := s.ordersOf(u)
	if stand || !u.extended() {
		if !u.extended() && !stand {
			r.event("no-pivot", "GBACW 8.44", "%s is not in Extended Line and does not pivot", u.Name)
		}
		return
	}
	if u.Fired && o != Attack || len(s.adjacentEnemies(u.Hex, u.Side)) > 0 && u.Moved {
		return
	}
	pivotHex := u.ExtLeft
	if end == "RIGHT" {
		pivotHex = u.ExtRight
	}
	if pivotHex == "" {
		pivotHex = u.Hex // a two-hex line's other end is its counter
	}
	pa := s.axial(pivotHex)
	rotate := func(a hex.Axial, cw bool) hex.Axial {
		q, rr := a.Q-pa.Q, a.R-pa.R
		if cw {
			q, rr = -rr, q+rr
		} else {
			q, rr = q+rr, -q
		}
		return hex.Axial{Q: pa.Q + q, R: pa.R + rr}
	}
	parts := u.lineParts()
	var to []string
	for _, cw := range []bool{true, false} {
		to = to[:0]
		forward := true
		for _, p := range parts {
			a := s.axial(p.hex)
			na := rotate(a, cw)
			to = append(to, s.hexID(na))
			if p.hex != pivotHex && hex.Distance(a, pa) == 1 && arcOf(a, u.Facing, na) != FrontArc {
				forward = false
			}
		}
		if forward {
			break
		}
		to = nil
	}
	no := func(why string) { r.event("no-pivot", "GBACW 8.44", "%s may not pivot: %s", u.Name, why) }
	if to == nil {
		no("no wheel brings its end forward")
		return
	}
	oc := s.occupancy(u.Side)
	cost := 0
	for i, p := range parts {
		h := to[i]
		if p.hex == h {
			continue
		}
		c := 0
		if h != "" {
			c = s.moveCost(cc, u, Attack, p.hex, h)
		}
		switch {
		case h == "" || c == 0 || oc.enemy[h] || !oc.stackRoom(u, h, o):
			no(fmt.Sprintf("its part in %s may not enter %s", p.hex, h))
			return
		case o == Advance && oc.nextToFoot[h], u.Status == StDisordered && oc.nextToEnemy[h]:
			no(fmt.Sprintf("its part in %s may not move next to the enemy", p.hex))
			return
		}
		if o == Attack && s.g.terrain[h] == "woods" {
			c += 2 // 8.44: 1 MP more into a Woods hex under Attack Orders
		}
		cost = max(cost, c)
	}
	if u.Refused != "" {
		cost += 2 // 7.33: it leaves Refused status to change facing
	}
	if cost > r.mpLeft(u, o) && u.Moved {
		no("it has not the MPs (" + halfMP(cost) + ")")
		return
	}
	u.Refused = ""
	r.withdrawalFire(u)
	if !u.combat() {
		return
	}
	old := u.Hex
	u.shift(to)
	r.refaceLine(u)                  // each extension keeps its side (8.44)
	r.turnLineArtillery(u, u.Facing) // 8.44: artillery in the hexes it holds
	u.Spent += cost
	u.Moved = true
	r.event("pivot", "GBACW 8.44", "%s pivots on its %s end in %s (%s): its counter from %s to %s, its extensions in %s", u.Name, strings.ToLower(end), pivotHex, halfMP(cost), old, u.Hex, strings.TrimSpace(u.ExtLeft+" "+u.ExtRight))
	r.approachFire(u)
	r.reactionFacing(u)
}

// wrapAround is 8.48's Wrap-Around: a two-hex Extended Line in good order,
// not Refused, shocking a one-hex enemy that only one of its parts is
// next to, swings the other part forward one hex round it so that the
// defender's hex is in that part's Front too, for no MPs. The part may not
// start in an enemy's Front hex nor enter one, the hex must be free, the
// swing may bring no other enemy into the line's Front, and it would have
// cost no more than the unit's MA. See GBACW 8.48.
func (r *resolver) wrapAround(u, def *UnitSt, dh string) {
	s := r.s
	cc := r.sys.combat
	o := s.ordersOf(u)
	parts := u.lineParts()
	no := func(why string) {
		r.event("no-wrap", "GBACW 8.48", "%s does not wrap around %s: %s", u.Name, def.Name, why)
	}
	switch {
	case len(parts) != 2 || u.Status != StGood || u.Refused != "" || def.spread():
		no("only a two-hex Extended Line in good order, not Refused, wraps around a one-hex enemy")
		return
	}
	var still, swing linePart
	switch {
	case s.m.Distance(parts[0].hex, dh) == 1 && s.m.Distance(parts[1].hex, dh) != 1:
		still, swing = parts[0], parts[1]
	case s.m.Distance(parts[1].hex, dh) == 1 && s.m.Distance(parts[0].hex, dh) != 1:
		still, swing = parts[1], parts[0]
	default:
		no("both its parts are next to the enemy")
		return
	}
	inEnemyFront := func(h string) bool {
		for _, e := range s.adjacentEnemies(h, u.Side) {
			if e.Hex != "" && s.m.Distance(e.Hex, h) == 1 && s.unitArc(e, s.axial(h)) == FrontArc {
				return true
			}
		}
		return false
	}
	if inEnemyFront(swing.hex) {
		no("the part to move is in an enemy's Front hex")
		return
	}
	var to string
	for _, n := range s.neighbours(still.hex) {
		if n != swing.hex && s.m.Distance(n, swing.hex) == 1 && s.m.Distance(n, dh) == 1 {
			to = n
		}
	}
	ful := u.MA
	if o == Attack {
		ful = (ful + 1) / 2
	}
	c := 0
	if to != "" {
		c = s.moveCost(cc, u, Attack, swing.hex, to)
	}
	switch {
	case to == "" || c == 0 || len(s.enemiesAt(to, u.Side)) > 0 || !s.stackRoom(u, to, o):
		no("the hex it would swing into is not free")
		return
	case inEnemyFront(to):
		no(to + " is in another enemy's Front")
		return
	case c > 2*ful:
		no("the move would cost more than its MA")
		return
	}
	was := *u
	if swing.hex == u.Hex {
		u.Hex = to
	} else if u.ExtLeft == swing.hex {
		u.ExtLeft = to
	} else {
		u.ExtRight = to
	}
	r.refaceLine(u)
	ok := arcOf(s.axial(to), u.Facing, s.axial(dh)) == FrontArc
	for _, p := range u.lineParts() {
		for _, n := range s.neighbours(p.hex) {
			if n != dh && arcOf(s.axial(p.hex), u.Facing, s.axial(n)) == FrontArc && len(s.enemiesAt(n, u.Side)) > 0 {
				ok = false // no other enemy in its Front
			}
		}
	}
	if !ok {
		*u = was
		no("the swing would not bring the defender, and only it, into its Front")
		return
	}
	u.Wrapped = true
	r.event("wrap-around", "GBACW 8.48", "%s wraps around %s: its part in %s swings into %s", u.Name, def.Name, swing.hex, to)
}

// refaceLine faces an Extended Line so that each extension is on its own
// side of the counter (8.44).
func (r *resolver) refaceLine(u *UnitSt) {
	s := r.s
	side := u.ExtLeft
	if side == "" {
		side = u.ExtRight
	}
	dirOf := -1
	for d := range 6 {
		if s.hexID(s.axial(u.Hex).Neighbor(d)) == side {
			dirOf = d
		}
	}
	for v := range 6 {
		right, left := s.flankDirs(v)
		if u.ExtLeft != "" && left == dirOf || u.ExtLeft == "" && right == dirOf {
			u.Facing = v
			return
		}
	}
}

// wrapPosition is the position of a shock by a line that wrapped around:
// through the defender's Front and its Flank or Rear at once counts as
// such (11.44), else the worst single position. See GBACW 8.48.
func (s *State) wrapPosition(u, d *UnitSt, dh string) Position {
	arcs := map[Arc]bool{}
	for _, p := range u.lineParts() {
		if s.m.Distance(p.hex, dh) == 1 {
			arcs[s.unitArc(d, s.axial(p.hex))] = true
		}
	}
	switch {
	case arcs[FrontArc] && (arcs[FlankArc] || arcs[RearArc]):
		return FrontAndFlankOrRear
	case arcs[RearArc]:
		return RearAttack
	case arcs[FlankArc]:
		return FlankAttack
	}
	return Frontal
}

// refuseLine is an Extended Line's REFUSE: its end on that side bends
// back, each end judged for itself (7.31-7.32, 8.44); refused at one end
// it may refuse the other too, and is then Refused both ways. See ruling
// GBACW-R34.
func (r *resolver) refuseLine(u *UnitSt, side string, stand bool) {
	s := r.s
	o := s.ordersOf(u)
	end := u.lineEnd(side)
	sp := 0
	for _, p := range u.lineParts() {
		if p.hex == end {
			sp = p.sp
		}
	}
	already := u.Refused == side || u.Refused == RefusedBoth
	switch {
	case stand || u.Fired && o != Attack || already:
		return
	case len(s.adjacentEnemies(end, u.Side)) > 0:
		r.event("no-refuse", "GBACW 7.32", "%s's end in %s is next to an enemy and may not Refuse but in reaction", u.Name, end)
	case sp < 3:
		r.event("no-refuse", "GBACW 7.32", "%s has fewer than 3 SPs in %s and may not Refuse", u.Name, end)
	case s.refusePosition(u, side) != "":
		r.event("no-refuse", "GBACW 7.31", "%s may not Refuse: %s", u.Name, s.refusePosition(u, side))
	case r.mpLeft(u, o) < 2:
		r.event("no-refuse", "GBACW 7.32", "%s has not the MP to Refuse", u.Name)
	default:
		u.Refused = bothWays(u.Refused, side)
		u.Spent += 2
		u.Moved = true
		r.event("refuse", "GBACW 8.44", "%s refuses the %s end of its Extended Line, in %s (1 MP)", u.Name, map[string]string{RefusedLeft: "left", RefusedRight: "right"}[side], end)
	}
}

// bothWays adds a refusal on side to a unit's refusal: an Extended Line
// refused at one end and then at the other is Refused both ways (8.44).
func bothWays(was, side string) string {
	if was != "" && was != side {
		return RefusedBoth
	}
	return side
}

// refuseSideOf is the side a unit refuses to bring hex other into its
// Front: for an Extended Line, other must be the outer Flank hex of its
// end on that side (8.44); "" when none. See GBACW 7.31, 9.61.
func (s *State) refuseSideOf(u *UnitSt, other hex.Axial) string {
	if !u.extended() {
		return s.refuseSide(u, other)
	}
	right, left := s.flankDirs(u.Facing)
	switch other {
	case s.axial(u.lineEnd(RefusedRight)).Neighbor(right):
		return RefusedRight
	case s.axial(u.lineEnd(RefusedLeft)).Neighbor(left):
		return RefusedLeft
	}
	return ""
}
