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

// furtherAdvance carries out u's advance of one or two hexes further
// (11.47) and reports whether it ends with an enemy in its Front, to be
// shocked. An Extended Line retracts first (ruling GBACW-R73).
func (r *resolver) furtherAdvance(u *UnitSt) bool {
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
		r.regain(u.Side, st.hex) // 12.81
		r.leadersAlone()         // 12.73
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
