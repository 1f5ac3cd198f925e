package gbacw

import (
	"slices"
	"strings"

	"galloper/rules/gbacw/gbtext"
)

// The facing change after an advance (GBACW 11.46, 11.47, 12.6): a unit
// that advances after combat may change facing one vertex after the
// advance, unless that would keep another unit from a mandatory advance.
// Galloper turns a unit when its side's doctrine says FACING AFTER
// ADVANCE TOWARD ENEMY (ruling GBACW-R72), after every advance of the
// shock, so that no turn comes before another unit's advance.

// advanceTurn is the one-vertex facing change of u after its advance
// (11.46, 12.6), by its side's doctrine: under TOWARD ENEMY a unit in
// one hex with no enemy in its Front turns one vertex when that brings
// one into it. An Extended Line keeps the facing it advanced with (8.47,
// ruling GBACW-R72).
func (r *resolver) advanceTurn(u *UnitSt) {
	if !u.onMap() || u.extended() || r.standing(u.Side, gbtext.RAdvanceFacing) != "ENEMY" {
		return
	}
	r.turnToFront(u, "GBACW 12.6", "after its advance ")
}

// turnToFront turns u, which has no enemy in its Front, one vertex when
// that brings one into it, the lower vertex first when both would, and
// reports whether it turned. See GBACW 11.46, 11.47, 12.6.
func (r *resolver) turnToFront(u *UnitSt, rule, why string) bool {
	if u.extended() || len(r.frontHeld(u)) > 0 {
		return false
	}
	was := u.Facing
	for _, f := range []int{(was + 1) % 6, (was + 5) % 6} {
		u.Facing = f
		if hs := r.frontHeld(u); len(hs) > 0 {
			r.event("turn", rule, "%s turns one vertex %sto bring %s into its Front", u.Name, why, strings.Join(hs, " and "))
			return true
		}
	}
	u.Facing = was
	return false
}

// The advance of one or two further hexes of a Continued Shock (GBACW
// 11.47): the attackers that advanced in Shock Step 6c must, if possible,
// put an enemy unit in their Front hexes, by turning one vertex after that
// advance or by advancing one or two hexes more, turning one vertex for
// each hex. They stop after advancing next to an enemy combat unit or
// suffering a 2nd Disorder from terrain, never enter or cross impassable
// terrain, and enter no hex that would cost them more than 2 MPs in
// movement. Galloper takes the shortest such way (ruling GBACW-R73).

// stance is a unit's hex and facing on a way it might advance.
type stance struct {
	hex    string
	facing int
}

// furtherWay is the way of u's advance of one or two hexes further, each
// step a hex entered and the facing taken there, after the facing taken
// in its hex first; found is false when no way of two hexes or fewer
// brings an enemy into its Front. The shortest way wins, the step
// through the Front hex of the lower vertex and no turn first (ruling
// GBACW-R73). See GBACW 11.47.
func (r *resolver) furtherWay(u *UnitSt) (first int, steps []stance, found bool) {
	s := r.s
	// The search moves u about and puts it back; a line is searched as
	// the unit it retracts into.
	home, was, l, rt, a, b := u.Hex, u.Facing, u.ExtLeft, u.ExtRight, u.ColA, u.ColB
	defer func() { u.Hex, u.Facing, u.ExtLeft, u.ExtRight, u.ColA, u.ColB = home, was, l, rt, a, b }()
	u.ExtLeft, u.ExtRight, u.ColA, u.ColB = "", "", "", ""
	turns := func(f int) []int { return []int{f, (f + 1) % 6, (f + 5) % 6} }
	type way struct {
		first int
		steps []stance
	}
	var level []way
	for _, f := range turns(was) {
		level = append(level, way{first: f})
	}
	for range 2 {
		var next []way
		for _, w := range level {
			at, f := home, w.first
			if n := len(w.steps); n > 0 {
				at, f = w.steps[n-1].hex, w.steps[n-1].facing
			}
			a := s.axial(at)
			for _, d := range []int{f, f + 1} {
				h := s.hexID(a.Neighbor(d))
				if !r.mayAdvanceFurther(u, at, h) {
					continue
				}
				for _, nf := range turns(f) {
					u.Hex, u.Facing = h, nf
					steps := append(slices.Clone(w.steps), stance{h, nf})
					if len(r.frontHeld(u)) > 0 {
						return w.first, steps, true
					}
					if len(s.adjacentEnemies(h, u.Side)) == 0 {
						next = append(next, way{w.first, steps}) // 11.47: it stops next to an enemy
					}
				}
			}
		}
		level = next
	}
	return was, nil, false
}

// mayAdvanceFurther: u may advance from hex a into the next hex b on a
// Continued Shock's further advance: b is free of enemies, has room for
// it, is not entered across impassable terrain and costs it no more than
// 2 MPs in movement (11.47, 12.6).
func (r *resolver) mayAdvanceFurther(u *UnitSt, a, b string) bool {
	s := r.s
	if b == "" || len(s.enemiesAt(b, u.Side)) > 0 || s.uncrossable(r.sys.combat, a, b) {
		return false
	}
	c := s.moveCost(r.sys.combat, u, s.ordersOf(u), a, b)
	return c > 0 && c <= 2*2 && s.stackRoom(u, b, s.ordersOf(u))
}

// mayGoFurther: u has a way of one or two hexes that brings an enemy
// into its Front, extended or not (11.47).
func (r *resolver) mayGoFurther(u *UnitSt) bool {
	_, ok := r.furtherLineWay(u)
	_, _, ok1 := r.furtherWay(u)
	return ok || ok1
}

// furtherAdvance carries out u's advance of one or two hexes further
// (11.47) and reports whether it ends with an enemy in its Front, to be
// shocked. An Extended Line goes extended when it can, else retracts
// first (8.47, ruling GBACW-R73).
func (r *resolver) furtherAdvance(u *UnitSt) bool {
	if way, ok := r.furtherLineWay(u); ok {
		return r.furtherLine(u, way)
	}
	first, steps, ok := r.furtherWay(u)
	if !ok {
		r.event("no-continued-shock", "GBACW 11.47", "%s can bring no enemy into its Front by advancing one or two hexes: the Continued Shock ends", u.Name)
		return false
	}
	r.retractAll(u, "to advance further")
	r.turnTo(u, first)
	for _, st := range steps {
		from := u.Hex
		r.event("advance", "GBACW 11.47", "%s advances one hex further, into %s", u.Name, st.hex)
		u.Hex, u.Refused = st.hex, ""
		r.regain(u, st.hex) // 12.81
		r.leadersAlone()    // 12.73
		r.displace(u)
		ok := r.terrainDisorder(u, from, st.hex) // 12.6
		r.endedIn(u)
		r.turnTo(u, st.facing)
		if !ok {
			r.event("halt", "GBACW 11.47", "%s stops in %s after a 2nd Disorder from terrain", u.Name, st.hex)
			break
		}
	}
	return len(r.frontHeld(u)) > 0
}

// turnTo turns u to vertex f, one vertex from its facing, for a Continued
// Shock's advance (11.47).
func (r *resolver) turnTo(u *UnitSt, f int) {
	if f == u.Facing {
		return
	}
	u.Facing = f
	hs := r.frontHeld(u)
	if len(hs) == 0 {
		r.event("turn", "GBACW 11.47", "%s turns one vertex to advance", u.Name)
		return
	}
	r.event("turn", "GBACW 11.47", "%s turns one vertex to bring %s into its Front", u.Name, strings.Join(hs, " and "))
}

// linePos is where an Extended Line stands on a way it might advance:
// its counter's hex, its extensions and its facing.
type linePos struct {
	hex, left, right string
	facing           int
}

func (u *UnitSt) linePos() linePos { return linePos{u.Hex, u.ExtLeft, u.ExtRight, u.Facing} }

func (u *UnitSt) setLinePos(p linePos) {
	u.Hex, u.ExtLeft, u.ExtRight, u.Facing = p.hex, p.left, p.right, p.facing
}

// furtherLineWay is furtherWay for an Extended Line, which advances
// extended when it can (8.47): at each step every part steps the same
// way, through a Front hex of its counter, or a two-hex line pivots, a
// part entering one of its Front hexes next to the other part "as if
// using Wrap-Around" (8.47, 8.48), which turns it one vertex. Each hex
// entered is one furtherWay would enter; a way ends with a part next to
// an enemy. It returns the line's positions, the shortest way first
// (ruling GBACW-R73).
func (r *resolver) furtherLineWay(u *UnitSt) ([]linePos, bool) {
	if !u.extended() {
		return nil, false
	}
	home := u.linePos()
	defer u.setLinePos(home)
	level := [][]linePos{nil}
	for range 2 {
		var next [][]linePos
		for _, w := range level {
			at := home
			if len(w) > 0 {
				at = w[len(w)-1]
			}
			for _, p := range r.lineSteps(u, at) {
				u.setLinePos(p)
				way := append(slices.Clone(w), p)
				if len(r.frontHeld(u)) > 0 {
					return way, true
				}
				if !r.lineNextToEnemy(u) {
					next = append(next, way)
				}
			}
		}
		level = next
	}
	return nil, false
}

// lineSteps are the positions an Extended Line standing at p may advance
// to in one step of a Continued Shock's further advance: straight
// through either Front hex of its counter, then pivoting.
func (r *resolver) lineSteps(u *UnitSt, p linePos) []linePos {
	s := r.s
	u.setLinePos(p)
	var out []linePos
	parts := u.lineParts()
	for _, d := range []int{p.facing, p.facing + 1} {
		to := s.shiftTo(r.sys.combat, u, d)
		if to == nil || slices.ContainsFunc(parts, func(x linePart) bool {
			return !r.mayAdvanceFurther(u, x.hex, s.hexID(s.axial(x.hex).Neighbor(d)))
		}) {
			continue
		}
		u.shift(to)
		out = append(out, u.linePos())
		u.setLinePos(p)
	}
	if len(parts) != 2 {
		return out
	}
	for i, mover := range parts {
		stay := parts[1-i].hex
		a := s.axial(mover.hex)
		for _, d := range []int{p.facing, p.facing + 1} {
			h := s.hexID(a.Neighbor(d))
			if h == "" || h == stay || s.m.Distance(stay, h) != 1 || !r.mayAdvanceFurther(u, mover.hex, h) {
				continue
			}
			if l := s.lineAt(h); l != nil && l != u {
				continue
			}
			switch mover.hex {
			case p.hex:
				u.Hex = h
			case p.left:
				u.ExtLeft = h
			default:
				u.ExtRight = h
			}
			r.refaceLine(u)
			out = append(out, u.linePos())
			u.setLinePos(p)
		}
	}
	return out
}

// lineNextToEnemy: a part of u is next to an enemy combat unit.
func (r *resolver) lineNextToEnemy(u *UnitSt) bool {
	return slices.ContainsFunc(u.lineParts(), func(x linePart) bool { return len(r.s.adjacentEnemies(x.hex, u.Side)) > 0 })
}

// furtherLine carries out an Extended Line's further advance along way
// (11.47, 8.47) and reports whether it ends with an enemy in its Front.
func (r *resolver) furtherLine(u *UnitSt, way []linePos) bool {
	for _, p := range way {
		was, how := u.lineParts(), ""
		if p.facing != u.Facing {
			how = " by pivoting" // 8.47, 8.48
		}
		u.setLinePos(p)
		r.event("advance", "GBACW 11.47", "%s advances one hex further in Extended Line%s, its counter into %s, its extensions in %s", u.Name, how, u.Hex, strings.TrimSpace(u.ExtLeft+" "+u.ExtRight))
		r.leadersAlone() // 12.73
		r.displace(u)
		ok := true
		for i, x := range u.lineParts() {
			if x.hex != was[i].hex {
				r.regain(u, x.hex)                                 // 12.81
				ok = ok && r.terrainDisorder(u, was[i].hex, x.hex) // 12.6
			}
		}
		r.endedIn(u)
		if !ok {
			r.event("halt", "GBACW 11.47", "%s stops after a 2nd Disorder from terrain", u.Name)
			break
		}
	}
	return len(r.frontHeld(u)) > 0
}

// freeFacing is 11.46's "If choosing not to Advance, the defender(s) may
// nevertheless freely change facing": defenders eligible to Continue
// Shock that neither advanced into the attacker's hex ah nor continued
// face the attacker u, when their side's doctrine says FACING AFTER
// ADVANCE TOWARD ENEMY and u is not in their Front (ruling GBACW-R72).
func (r *resolver) freeFacing(defenders []*UnitSt, u *UnitSt, ah string) {
	s := r.s
	for _, d := range defenders {
		if !d.combat() || d.spread() || d.Hex == ah || !u.onMap() || r.standing(d.Side, gbtext.RAdvanceFacing) != "ENEMY" {
			continue
		}
		if s.unitArc(d, s.axial(u.Hex)) == FrontArc {
			continue
		}
		d.Facing = faceToward(s.axial(d.Hex), s.axial(u.Hex))
		r.event("turn", "GBACW 11.46", "%s, the defender, turns to face %s", d.Name, u.Name)
	}
}
