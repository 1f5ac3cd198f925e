package wintersvictory

import (
	"fmt"

	"galloper/rules"
	"galloper/rules/wintersvictory/wvtext"
)

// Extended Line (See WV 8.3). A battalion of 10 SP or more that adopts
// Line stands in two hexes: its counter's and its marker's, a flank hex
// (FORM <unit>: LINE; EXTEND <hex>). What Galloper plays of it:
//
//  1. Forming (8.31): 10 SP or more (A), neither Disordered nor Routed
//     (B), the flank hex empty (C), neither hex obstructed nor held by
//     another unit but a skirmish company (D; hexside features are not on
//     Galloper's maps). A battalion of 10 SP or more that adopts Line must
//     extend (8.3; ruling R66 for a scenario's set-up).
//  2. Both hexes are the unit's (8.32.1): no enemy unit enters either
//     (6.14), both count for stacking and for the line of sight (10.4).
//  3. It moves as one unit (8.34.1): the marker enters the hex beside
//     the counter's new hex, each step at the higher cost of the two
//     hexes, through its front only. Entering obstructed terrain puts it
//     in General Order in one hex (8.33.2); a Disordering hex Disorders it
//     and it stays extended (8.33.1).
//  4. It turns by pivoting (8.34.2): FACE turns it a vertex at a time on
//     the hex on the side it turns to, the other swinging forward, 1 MP a
//     vertex.
//  5. A voluntary change of formation removes the marker (8.32.2), and so
//     does, at the end of the phase, a strength below 10 or a rout (8.32.2,
//     8.33.3; the routed battalion turns to column). The battalion stays
//     in its counter's hex (ruling R66).
//  6. Shock attacked in either hex (8.35.1): through its front it defends
//     at half strength, rounded up; through a flank or rear it is
//     Disordered at once, its marker removed, and stands in the hex
//     attacked (ruling R66). It shocks only a hex it faces: the centre
//     hex from both its hexes with at most 9 SP, the left or right one
//     with the half facing it (8.35.2; ruling R101); Disordered, or into
//     an obstructed hex (in General Order), it loses its marker after the
//     defensive fire and attacks whole from the hex next to the target
//     (8.35.2-3). Its own shock attack leaves it in General Order in the
//     hex it attacked from, if neither Disordered nor Routed by it
//     (8.35.2).
//  7. At the end of a phase, stacked in either hex with a unit other than
//     a skirmish company, it is Disordered and stays extended (8.33.1).
//
//  8. Fired on, it is fired at in either hex (8.32.1): the nearer that
//     the firer can fire at.
//
//  9. It fires from each of its hexes (11.53), its strength divided, the
//     counter's half rounded up (ruling R66), at most 9 SP from a hex;
//     both at one hex at Minimum Range, it fires once, on the 8-9 column
//     with +1 (11.53.1); both at one hex at Maximum Range, once with its
//     whole strength (11.53.2). Both rolls are resolved before the next
//     fire of the other side. At opportunity and in defence (11.3, 11.32)
//     each half whose Minimum Range Fire Zone holds the enemy's hex fires
//     from its own hex, at most 9 SP; the centre hex, in both zones, draws
//     one fire of at most 9 SP on the 8-9 column with +1 (11.53.1).
//     Its halves may fire at two adjacent target hexes, a FIRE line for
//     each ending "; FROM <hex>" (11.53; ruling R100, below).
//
// The defender shock attacked through its front may instead adopt
// General Order before the defensive fire and defend whole in the hex
// attacked (8.35.1): its side's STANDING EXTENDED LINE HALF or GENERAL,
// else a decision request.
//
// Not yet: the ±2 SP
// adjustment of its halves in a shock (8.35.2); its shock at the left and
// centre hexes at once, and at skirmish companies (8.35.2).

// extendLimit is the strength from which Line is Extended Line (8.3).
const extendLimit = 10

// extendTo checks a FORM's Extended Line (8.3, 8.31): the marker's hex,
// "" for none, and false when refused.
func (r *run) extendTo(side rules.Side, u *Unit, o *wvtext.Order, to string, f int) (string, bool) {
	refuse := func(code, msg string) (string, bool) {
		r.refuse(side, o.At, code, "WV 8.31", u.Name+": "+msg, "")
		return "", false
	}
	if u.Type != "infantry" || to != "line" {
		if o.Extend != "" {
			return refuse("wv-8.31-strength", "only a battalion in Line extends")
		}
		return "", true
	}
	switch {
	case o.Extend == "" && u.Strength >= extendLimit:
		r.refuse(side, o.At, "wv-8.3-extend", "WV 8.3", fmt.Sprintf("%s: with %d SP in Line it is an Extended Line: name the flank hex of its marker", u.Name, u.Strength), fmt.Sprintf("FORM %s: LINE; EXTEND <hex>", u.Name))
		return "", false
	case o.Extend == "":
		return "", true
	case u.Strength < extendLimit:
		return refuse("wv-8.31-strength", fmt.Sprintf("with %d SP it does not extend: 10 or more", u.Strength))
	case u.Morale != "":
		return refuse("wv-8.31-disordered", "a Disordered or Routed battalion does not extend")
	case !r.onMap(o.Extend) || r.s.dist(u.Hex, o.Extend) != 1 || !r.s.flankHex(u.Hex, f, o.Extend):
		return refuse("wv-8.31-flank", o.Extend+" is not a flank hex of "+u.Hex+" facing "+facingNames[f])
	case len(r.s.unitsAt(o.Extend)) > 0:
		return refuse("wv-8.31-flank", "a unit holds "+o.Extend)
	case obstructed(r.s.terrain(o.Extend)) || obstructed(r.s.terrain(u.Hex)):
		return refuse("wv-8.31-obstructed", "neither hex of an Extended Line may be obstructed")
	}
	for _, x := range r.s.unitsAt(u.Hex) {
		if x != u && !x.skirmishing() {
			return refuse("wv-8.31-obstructed", x.Name+" shares its hex")
		}
	}
	return o.Extend, true
}

// obstructed reports an obstructed terrain hex (6.21, 10.11).
func obstructed(t string) bool {
	return t == "woods" || t == "town" || t == "farmette" || t == "frozen-wetlands"
}

// flankHex reports whether hex n, next to at, lies through a flank
// hexside of a front pointing at vertex f (5.0): the hexside's bearing is
// 90 degrees off the vertex.
func (s *State) flankHex(at string, f int, n string) bool {
	off := angleOff(layout.CornerBearing(f), s.bearingTo(at, n))
	return off > 60+1e-6 && off < 120-1e-6
}

// moveExtended carries out the MOVE of an Extended Line (8.34.1).
func (r *run) moveExtended(side rules.Side, u *Unit, o *wvtext.Order, inCmd bool) {
	refuse := func(code, rule, msg string) { r.refuse(side, o.At, code, rule, u.Name+": "+msg, "") }
	if r.moved[u.Name] {
		refuse("wv-6.1-moved", "WV 6.1", "it has moved already this phase: one MOVE a unit")
		return
	}
	if o.Facing != "" {
		refuse("wv-8.34-pivot", "WV 8.34", "an Extended Line turns only by pivoting (8.34.2): send a FACE of its own")
		return
	}
	m := r.s.board()
	at, mk, cost := u.Hex, u.Extended, r.spent[u.Name]
	gen, dis := false, false
	type step struct{ at, mk string }
	var steps []step
	for _, h := range o.Path {
		if !r.onMap(h) || r.s.dist(at, h) != 1 {
			refuse("wv-6.1-not-adjacent", "WV 6.1", fmt.Sprintf("%s is not a hex next to %s", h, at))
			return
		}
		if _, turns := r.s.stepFacing(at, h, u.Facing); turns > 0 {
			refuse("wv-8.34-pivot", "WV 8.34", fmt.Sprintf("%s is not through its front: an Extended Line turns only by pivoting (8.34.2, FACE)", h))
			return
		}
		na := m.Axial(mk).Add(m.Axial(h)).Add(m.Axial(at).Scale(-1))
		if !m.OnMap(na) {
			refuse("wv-off-map", "WV 8.34", "its marker would leave the map")
			return
		}
		nm := m.ID(m.ToOffset(na))
		most := 0
		for _, x := range []string{h, nm} {
			if e := r.enemyIn(side, x); e != nil && e != u {
				refuse("wv-6.14-enemy", "WV 6.14", "it may not enter "+x+": an enemy unit is there")
				return
			}
			tc, err := r.pack.Terrain(r.s.terrain(x), "infantry")
			if err != nil || tc.Prohibited {
				refuse("wv-10.2-prohibited", "WV 10.2", "infantry may not enter "+x)
				return
			}
			most = max(most, tc.MP)
			gen = gen || tc.GeneralOrder
			dis = dis || tc.Disorder
		}
		edge := 0 // the costlier of its two hexsides (6.22, hexside.go)
		for _, hs := range [][2]string{{at, h}, {mk, nm}} {
			x := r.cross("infantry", hs[0], hs[1], allowance(u)-cost-2*most, false)
			if x.bad != "" {
				refuse("wv-6.22-prohibited", x.badRule, x.bad)
				return
			}
			edge = max(edge, x.cost.MP)
			gen = gen || x.cost.GeneralOrder
			dis = dis || x.cost.Disorder
		}
		most += edge
		if cost += 2 * most; cost > allowance(u) {
			refuse("wv-6.11-allowance", "WV 8.34", fmt.Sprintf("the path costs more than its %d Movement Points at %s", u.MA, h))
			return
		}
		steps = append(steps, step{h, nm})
		at, mk = h, nm
	}
	if l := r.s.leader(u.Brigade); !inCmd && l != nil && r.s.dist(at, l.Hex) >= r.s.dist(u.Hex, l.Hex) {
		refuse("wv-17.13-out-of-command", "WV 17.13", "it is Out of Command: it may only move to end nearer "+l.Name)
		return
	}
	for _, x := range []string{at, mk} {
		if msg := r.stackProblem(u, x); msg != "" {
			refuse("wv-9.1-stacking", "WV 9.1", msg)
			return
		}
	}
	from := u.Hex
	r.spent[u.Name], r.moved[u.Name] = cost, true
	for i, st := range steps {
		prev := from
		if i > 0 {
			prev = steps[i-1].at
		}
		if !r.opportunityFire(u, "leaves "+prev) || !r.leaveMediumFire(u, prev, st.at) { // 11.3.1, 11.3.3
			return
		}
		u.Hex, u.Extended = st.at, st.mk
	}
	note := " in Extended Line to " + mk
	if gen {
		u.Formation, u.Extended = "general order", ""
		note = "; it enters obstructed terrain, adopts General Order and stands in one hex (8.33)"
	}
	if dis && u.formed() {
		u.Morale = moraleDisordered
		note += "; the terrain Disorders it (8.33)"
	}
	r.tell("moved", "WV 8.34", only(side), "%s moves %s to %s facing %s (%s of %d MP)%s", u.Name, from, at, facingNames[u.Facing], halves(cost), u.MA, note)
	r.traced(rules.Trace{Kind: rules.TraceMove, Side: side, Label: u.Name, Hexes: append([]string{from}, o.Path...)})
}

// shortenLines removes, at the end of a phase, the marker of an Extended
// Line below 10 SP, Routed (turned to column) or out of Line (8.32.2,
// 8.33.3).
func (r *run) shortenLines() {
	for i := range r.s.Units {
		u := &r.s.Units[i]
		if u.Extended == "" {
			continue
		}
		why := ""
		switch {
		case u.Eliminated:
			u.Extended = ""
			continue
		case u.Morale == moraleRouted:
			u.Formation, why = "column", "is Routed and turns to column"
		case u.Strength < extendLimit:
			why = "has fewer than 10 SP"
		case u.Formation != "line":
			why = "is no longer in Line"
		default:
			if u.formed() && r.crowded(u) {
				u.Morale = moraleDisordered
				r.tell("disordered", "WV 8.33", r.seenBy(u), "%s is stacked with another unit in its Extended Line: Disordered (8.33.1)", u.Name)
			}
			continue
		}
		u.Extended = ""
		r.tell("extended-line", "WV 8.32", r.seenBy(u), "%s %s: its Extended Line marker is removed (8.32)", u.Name, why)
	}
}

// extendedDefence is 8.35.1 for a defender d0 shock attacked in hex h:
// the Strength Points its frontal defence loses to halving, or, attacked
// through a flank or rear, 0 once it is Disordered and single.
func (r *run) extendedDefence(d0 *Unit, h string, att []*Unit) int {
	if d0.Extended == "" {
		return 0
	}
	pos := *d0
	pos.Hex = h
	for _, a := range att {
		if r.s.inFlankOrRear(&pos, a.Hex) {
			d0.Hex, d0.Extended = h, ""
			if d0.formed() {
				d0.Morale = moraleDisordered
			}
			r.tell("extended-line", "WV 8.35", nil, "%s is attacked through a flank or rear of its Extended Line: Disordered, its marker removed, it stands in %s (8.35.1)", d0.Name, h)
			return 0
		}
	}
	half := (d0.Strength + 1) / 2
	r.tell("extended-line", "WV 8.35", nil, "%s defends its Extended Line through its front at half strength, %d SP (8.35.1)", d0.Name, half)
	return d0.Strength - half
}

// pivot carries out the FACE of an Extended Line (8.34.2): turning right
// it pivots on its right-hand hex and the left one swings forward, a
// vertex at a time, 1 MP each; turning left the other way about.
func (r *run) pivot(side rules.Side, u *Unit, o *wvtext.Order, inCmd bool) {
	refuse := func(code, msg string) { r.refuse(side, o.At, code, "WV 8.34", u.Name+": "+msg, "") }
	f, _ := facingIndex(o.Facing)
	d := ((f-u.Facing)%6 + 6) % 6
	step, k := 1, d
	if d > 3 {
		step, k = -1, 6-d
	}
	// side of the marker: +90 degrees off the front is the right.
	right := angleOff(layout.CornerBearing(u.Facing)+90, r.s.bearingTo(u.Hex, u.Extended)) < 30
	pivot, swing := u.Hex, u.Extended // turning right, marker on the left
	if right == (step == 1) {
		pivot, swing = u.Extended, u.Hex
	}
	facing := u.Facing
	for range k {
		facing = (facing + step + 6) % 6
		want := layout.CornerBearing(facing) - 90*float64(step)
		next := ""
		for _, n := range r.s.neighbours(pivot) {
			if angleOff(want, r.s.bearingTo(pivot, n)) < 30 {
				next = n
			}
		}
		if next == "" || obstructed(r.s.terrain(next)) {
			refuse("wv-8.34-pivot-blocked", fmt.Sprintf("it cannot swing round %s: the map's edge or obstructed terrain", pivot))
			return
		}
		for _, x := range r.s.unitsAt(next) {
			if x != u && !x.skirmishing() {
				refuse("wv-8.34-pivot-blocked", fmt.Sprintf("it cannot swing into %s: a unit holds it", next))
				return
			}
		}
		swing = next
	}
	cost := 2 * k
	if r.spent[u.Name]+cost > allowance(u) {
		refuse("wv-5.31-allowance", fmt.Sprintf("the pivot costs %s MP and it has %s left", halves(cost), halves(allowance(u)-r.spent[u.Name])))
		return
	}
	if !inCmd && !r.outOfCommandCheck(side, u, "facing change") {
		return
	}
	if cost >= 2 && !r.opportunityFire(u, "changes facing") { // 11.3
		return
	}
	r.spent[u.Name] += cost
	if pivot == u.Hex {
		u.Extended = swing
	} else {
		u.Hex = swing
	}
	u.Facing = f
	r.tell("facing", "WV 8.34", only(side), "%s pivots on %s to face %s (%s MP); its Extended Line stands in %s and %s", u.Name, pivot, o.Facing, halves(cost), u.Hex, u.Extended)
}

// crowded reports an Extended Line sharing either hex with a unit other
// than a skirmish company (8.33.1; leaders are not units here).
func (r *run) crowded(u *Unit) bool {
	for _, h := range []string{u.Hex, u.Extended} {
		for _, x := range r.s.unitsAt(h) {
			if x != u && !x.skirmishing() {
				return true
			}
		}
	}
	return false
}

// afterExtendedShock is 8.35.2: an Extended Line that has made a shock
// attack on hex h, neither Disordered nor Routed by it, adopts General
// Order in the hex it attacked from (its counter's when both did).
func (r *run) afterExtendedShock(att []*Unit, h string) {
	for _, a := range att {
		if a.Extended == "" || a.Eliminated || !a.formed() {
			continue
		}
		a.Hex = r.attackHex(a, h)
		a.Formation, a.Extended = "general order", ""
		r.tell("extended-line", "WV 8.35", r.seenBy(a), "%s adopts General Order after its shock and stands in %s (8.35.2)", a.Name, a.Hex)
	}
}

// aimAt is the hex of t that u fires at: t's own, or for an Extended Line
// the nearer of its two hexes in u's range, front and line of sight
// (8.32.1).
func (r *run) aimAt(u, t *Unit) string {
	if t.Extended == "" {
		return t.Hex
	}
	hs := []string{t.Hex, t.Extended}
	if r.s.dist(u.Hex, t.Extended) < r.s.dist(u.Hex, t.Hex) {
		hs[0], hs[1] = hs[1], hs[0]
	}
	for _, h := range hs {
		_, ok := r.tables.FireBand(firer(u), r.s.dist(u.Hex, h))
		if ok && (!u.frontal() || r.s.inFront(u.Hex, u.Facing, h)) && r.s.observes(u.Hex, h) {
			return h
		}
	}
	return hs[0]
}

// extendedParts are an Extended Line's two halves as firers: the counter
// with its strength's larger half and the marker with the other, each in
// its own hex (11.53, ruling R66).
func extendedParts(u *Unit) [2]Unit {
	a, b := *u, *u
	a.Extended, b.Extended = "", ""
	b.Hex = u.Extended
	a.Strength, b.Strength = (u.Strength+1)/2, u.Strength/2
	return [2]Unit{a, b}
}

// fireExtended is the fire of an Extended Line at t (11.53).
func (r *run) fireExtended(u, t *Unit) {
	parts := extendedParts(u)
	var ok []*Unit
	for i := range parts {
		if r.fireProblemFrom(&parts[i], t) == "" {
			ok = append(ok, &parts[i])
		}
	}
	u.Fired = true
	if len(ok) == 2 && r.aimAt(ok[0], t) == r.aimAt(ok[1], t) {
		one := *ok[0]
		band, _ := r.tables.FireBand(firer(u), r.s.dist(u.Hex, r.aimAt(ok[0], t)))
		switch band {
		case Minimum: // 11.53.1: once, on the 8-9 column, +1
			one.Strength = min(u.Strength, 9)
			r.centreFire = true
		default: // 11.53.2: combined
			one.Strength = u.Strength
		}
		r.fire(&one, t)
		r.centreFire = false
		return
	}
	for _, p := range ok {
		p.Strength = min(p.Strength, 9)
		if t.Eliminated {
			return
		}
		r.fire(p, t)
	}
}

// Two target hexes (11.53; ruling R100): an Extended Line's halves may
// fire apart in the Reciprocal Fire Phase, a FIRE line for each ending
// "; FROM <hex>", the counter's hex or the marker's. Each half fires from
// its hex, with its half of the strength (ruling R66) or the SP its line
// gives ("; SP n", within 2 of an even division), at most 9 SP, at
// the first of its targets it may fire at; the two target hexes must be
// one hex or two adjacent hexes (11.53.1-2), and one hex draws the one
// fire of 11.53.1-2. Both halves are one plan: both rolls are resolved
// before the other side fires again (11.53).

// extHalves gathers a side's Extended Line halves while they are checked:
// by unit, the first target's hex and the SP of each half's hex.
type extHalves map[string]map[string]extHalf

type extHalf struct {
	target string
	sp     int
}

// halfProblem checks the FIRE line o of a half of Extended Line u, whose
// first target is in hex h (11.53): the code and why not, or "".
func (r *run) halfProblem(side rules.Side, u *Unit, o *wvtext.Order, h string, seen map[string]bool, hs extHalves) (code, why string) {
	switch {
	case u.Extended == "":
		return "wv-11.53-from", "only an Extended Line fires from one of its hexes ('; FROM', 11.53)"
	case o.From != u.Hex && o.From != u.Extended:
		return "wv-11.53-from", fmt.Sprintf("%s is not one of its hexes: its counter stands in %s, its marker in %s (11.53)", o.From, u.Hex, u.Extended)
	case seen[u.Name] && hs[u.Name] == nil, hs[u.Name][o.From].target != "":
		return "wv-11.11-twice", "a unit fires once a phase: one FIRE line for each hex of an Extended Line (11.11, 11.53)"
	}
	if o.SP > 0 && (o.SP > 9 || abs(2*o.SP-u.Strength) > 4) {
		return "wv-11.53-split", fmt.Sprintf("a half of its %d SP may fire %d to %d SP, at most 9 from a hex: its strength divided evenly, adjusted no more than 2 SP (11.53)", u.Strength, max(1, (u.Strength-4+1)/2), min(9, (u.Strength+4)/2))
	}
	for other, x := range hs[u.Name] {
		if h2 := x.target; r.onMap(h) && r.onMap(h2) && h2 != h && r.s.dist(h, h2) != 1 {
			return "wv-11.53-adjacent", fmt.Sprintf("its halves aim at %s from %s and at %s from %s: the two target hexes must be adjacent to one another (11.53)", h2, other, h, o.From)
		}
		if x.sp > 0 && o.SP > 0 && x.sp+o.SP != u.Strength {
			return "wv-11.53-split", fmt.Sprintf("its halves fire %d and %d SP: together its %d (11.53)", x.sp, o.SP, u.Strength)
		}
	}
	if hs[u.Name] == nil {
		hs[u.Name] = map[string]extHalf{}
	}
	hs[u.Name][o.From], seen[u.Name] = extHalf{h, o.SP}, true
	if why := canFire(u); why != "" {
		return "wv-11.11-cannot-fire", why
	}
	part := extendedParts(u)[0]
	if o.From == u.Extended {
		part = extendedParts(u)[1]
	}
	first := ""
	for _, n := range o.Targets {
		t := r.seenEnemy(side, n.Text)
		if t == nil {
			return "wv-11.0-no-target", fmt.Sprintf("%s sees no enemy unit called %s", side, n.Text)
		}
		w := r.fireProblemFrom(&part, t)
		if w == "" {
			return "", ""
		}
		if first == "" {
			first = w
		}
	}
	return "wv-11.0-out-of-reach", fmt.Sprintf("from %s it can fire at none of its targets now: %s", o.From, first)
}

// halfSP is what the halves of Extended Line u fire with, the counter's
// first: the SP its FIRE lines give by hex, the other half the rest, or
// ruling R66's halves (11.53).
func halfSP(u *Unit, sp map[string]int) [2]int {
	out := [2]int{(u.Strength + 1) / 2, u.Strength / 2}
	a, b := sp[u.Hex], sp[u.Extended]
	switch {
	case a > 0 && b > 0:
		out = [2]int{a, b}
	case a > 0:
		out = [2]int{a, max(u.Strength-a, 0)}
	case b > 0:
		out = [2]int{max(u.Strength-b, 0), b}
	}
	return out
}

// fireHalves carries out the two FIRE lines of Extended Line u, its
// targets and SP by hex (11.53; ruling R100).
func (r *run) fireHalves(u *Unit, byHex map[string][]string, sp map[string]int) {
	parts := extendedParts(u)
	for i, n := range halfSP(u, sp) {
		parts[i].Strength = n
	}
	var aims [2]*Unit
	var at [2]string
	for i := range parts {
		for _, n := range byHex[parts[i].Hex] {
			t := r.seenEnemy(u.Side, n)
			if t == nil || r.fireProblemFrom(&parts[i], t) != "" {
				continue
			}
			h := r.aimAt(&parts[i], t)
			if i == 1 && aims[0] != nil && h != at[0] && r.s.dist(h, at[0]) != 1 {
				continue // 11.53: adjacent target hexes
			}
			aims[i], at[i] = t, h
			break
		}
	}
	u.Fired = true
	if aims[0] != nil && aims[0] == aims[1] && at[0] == at[1] {
		u.Fired = false
		r.fireExtended(u, aims[0]) // one hex: 11.53.1-2
		return
	}
	if aims[0] == nil && aims[1] == nil {
		r.tell("order-skipped", "WV 11.53", only(u.Side), "%s does not fire: none of its targets is in reach of either hex", u.Name)
		return
	}
	for i := range parts {
		if t := aims[i]; t != nil && !t.Eliminated && parts[i].Strength > 0 {
			parts[i].Strength = min(parts[i].Strength, 9)
			r.half = true
			r.fire(&parts[i], t)
			r.half = false
		}
	}
}

// extendedFacing lists the hexes of Extended Line u that face hex h:
// next to it, with h through their front (8.35.2), the counter's first.
func (r *run) extendedFacing(u *Unit, h string) []string {
	var out []string
	for _, x := range []string{u.Hex, u.Extended} {
		if x != "" && r.s.dist(x, h) == 1 && r.s.inFront(x, u.Facing, h) {
			out = append(out, x)
		}
	}
	return out
}

// attackHex is the hex attacker a shocks hex h from: its own, or the
// marker's when only that one is next to h (8.35.2).
func (r *run) attackHex(a *Unit, h string) string {
	if a.Extended != "" && r.s.dist(a.Hex, h) != 1 {
		return a.Extended
	}
	return a.Hex
}

// extendedAttack is 8.35.2-3 for the Extended Lines among attackers att
// of hex h, after the defensive fire: Disordered (8.35.3) or shocking an
// obstructed hex (8.35.2, in General Order), it loses its marker and
// attacks as a single unit from the hex next to h (the counter's if
// both); else it attacks with at most 9 SP the centre hex it faces, from
// both its hexes, or with the half facing h the left or right one
// (ruling R66's halves). It returns what clears the strengths.
func (r *run) extendedAttack(att []*Unit, h string) func() {
	for _, a := range att {
		fs := r.extendedFacing(a, h)
		if a.Extended == "" || len(fs) == 0 {
			continue
		}
		switch {
		case a.Morale == moraleDisordered:
			a.Hex, a.Extended = fs[0], ""
			r.tell("extended-line", "WV 8.35", nil, "%s is Disordered: its marker is removed and it shocks as a single unit from %s (8.35.3)", a.Name, a.Hex)
		case obstructed(r.s.terrain(h)):
			a.Hex, a.Extended, a.Formation = fs[0], "", "general order"
			r.tell("extended-line", "WV 8.35", nil, "%s shocks into obstructed terrain: it adopts General Order and shocks as a single unit from %s (8.35.2)", a.Name, a.Hex)
		case len(fs) == 2:
			r.capShock(a, min(a.Strength, 9))
			r.tell("extended-line", "WV 8.35", nil, "%s shocks the centre hex it faces from both its hexes, %d of its %d SP (8.35.2)", a.Name, r.extCap[a.Name], a.Strength)
		default:
			p := extendedParts(a)[0]
			if fs[0] == a.Extended {
				p = extendedParts(a)[1]
			}
			r.capShock(a, p.Strength)
			r.tell("extended-line", "WV 8.35", nil, "%s shocks from %s, the half of its Extended Line facing %s, %d of its %d SP (8.35.2)", a.Name, fs[0], h, p.Strength, a.Strength)
		}
	}
	return func() { r.extCap = nil }
}

// capShock sets the Strength Points attacker a shocks with (8.35.2).
func (r *run) capShock(a *Unit, sp int) {
	if r.extCap == nil {
		r.extCap = map[string]int{}
	}
	r.extCap[a.Name] = sp
}

// extendedChoice is the defender's choice of 8.35.1: a formed Extended
// Line d0 shock attacked in hex h through its front by attackers att
// may, before the defensive fire, adopt General Order and defend whole
// in h, or keep the line and defend at half strength; its side's
// standing EXTENDED reaction answers, else a decision request.
func (r *run) extendedChoice(d0 *Unit, h string, att []*Unit) {
	if d0.Extended == "" || !d0.formed() || d0.Type != "infantry" {
		return
	}
	pos := *d0
	pos.Hex = h
	for _, a := range att {
		if r.s.inFlankOrRear(&pos, r.attackHex(a, h)) {
			return // 8.35.1: Disordered, see extendedDefence
		}
	}
	ch := rules.Choice{Key: "extended defence " + d0.Name, Side: d0.Side, Rule: "WV 8.35",
		// The question names no attacker: it is told to d0's side.
		Question: fmt.Sprintf("%s is shock attacked in %s through the front of its Extended Line: defend at half strength in Extended Line (HALF), or adopt General Order in %s and defend whole (GENERAL)", d0.Name, h, h),
		Options:  []string{"HALF", "GENERAL"}, Default: "HALF"}
	if s := r.standing(d0.Side, "EXTENDED"); s == "HALF" || s == "GENERAL" {
		ch.Standing = s
	}
	if r.decide(ch) != "GENERAL" {
		return
	}
	d0.Hex, d0.Extended, d0.Formation = h, "", "general order"
	r.tell("extended-line", "WV 8.35", nil, "%s adopts General Order, its marker removed, and defends whole in %s (8.35.1)", d0.Name, h)
}
