package wintersvictory

import (
	"fmt"

	"galloper/rules"
	"galloper/rules/wintersvictory/wvtext"
)

// Facing to the Rear (See WV 5.42). The procedure:
//
//  1. At the beginning of its movement, an infantry battalion in Column or
//     Line faces to its rear for 1/2 MP (FACE ...: REAR): its front turns
//     about and it takes a Facing to the Rear marker (Unit.Rear).
//  2. It moves through its original rear hexsides, now its front: no more
//     than two hexes, no facing change other than back, no formation
//     change, -1 to its Effectiveness Rating; an obstructed hex or a
//     Stream hexside Disorders it at once.
//  3. It returns to its original facing for 1/2 MP (FACE to it), or makes
//     the rear its new front for 1 MP (FACE ...: FRONT); either removes the
//     marker. Otherwise the marker stays, from phase to phase.

// rearHexes is how many hexes a unit Facing to the Rear may move (5.42.2).
const rearHexes = 2

// faceRear carries out a FACE that 5.42 governs: REAR, FRONT, or any FACE
// of a unit Facing to the Rear. It reports false when the FACE is an
// ordinary one (5.31).
func (r *run) faceRear(side rules.Side, u *Unit, o *wvtext.Order, inCmd bool) bool {
	if o.Facing != wvtext.FaceRear && o.Facing != wvtext.FaceFront && !u.Rear {
		return false
	}
	refuse := func(code, msg, sugg string) { r.refuse(side, o.At, code, "WV 5.42", u.Name+": "+msg, sugg) }
	var cost, facing int // cost in half points
	var text string
	switch {
	case o.Facing == wvtext.FaceRear && u.Rear:
		refuse("wv-5.42-facing", "it is Facing to the Rear already", "")
		return true
	case o.Facing == wvtext.FaceRear && (u.Type != "infantry" || !formedUnit(u) || u.Extended != "" || u.Formation != "column" && u.Formation != "line"):
		refuse("wv-5.42-infantry", "only an infantry battalion in Column or Line faces to the rear", "FACE it to a direction instead")
		return true
	case o.Facing == wvtext.FaceRear && (r.moved[u.Name] || r.spent[u.Name] > 0):
		refuse("wv-5.42-start", "a unit faces to the rear only at the beginning of its movement", "put the FACE first among its orders")
		return true
	case o.Facing == wvtext.FaceRear:
		cost, facing = 1, (u.Facing+3)%6
		text = fmt.Sprintf("%s faces to the rear, its front now %s: Facing to the Rear (%s MP, 5.42)", u.Name, facingNames[facing], halves(1))
	case !u.Rear:
		refuse("wv-5.42-front", "FRONT makes the rear of a unit Facing to the Rear its front; this unit is not", "")
		return true
	case o.Facing == wvtext.FaceFront:
		cost, facing = 2, u.Facing
		text = fmt.Sprintf("%s makes its rear its front, facing %s (1 MP, 5.42)", u.Name, facingNames[facing])
	default:
		f, _ := facingIndex(o.Facing)
		if f != (u.Facing+3)%6 {
			refuse("wv-5.42-facing", fmt.Sprintf("Facing to the Rear it turns only back to its original facing, %s, or makes its rear its front (FRONT)", facingNames[(u.Facing+3)%6]), "")
			return true
		}
		cost, facing = 1, f
		text = fmt.Sprintf("%s returns to its original facing %s (%s MP, 5.42)", u.Name, facingNames[f], halves(1))
	}
	if _, in := r.zoneModifier(side, u.Hex); in {
		cost *= 2 // 12.61.2: doubled in an enemy Charge Zone
	}
	if r.spent[u.Name]+cost > allowance(u) {
		refuse("wv-5.31-allowance", fmt.Sprintf("the turn costs %s MP and it has %s left", halves(cost), halves(allowance(u)-r.spent[u.Name])), "")
		return true
	}
	if !inCmd && !r.outOfCommandCheck(side, u, "facing change") {
		return true
	}
	if !r.zoneCheck(side, u, "facing change") { // 12.61.2
		return true
	}
	if cost >= 2 && !r.opportunityFire(u, "changes facing") { // 1 MP or more (11.3)
		return true
	}
	r.spent[u.Name] += cost
	u.Facing, u.Rear = facing, o.Facing == wvtext.FaceRear
	r.tell("facing", "WV 5.42", only(side), "%s", text)
	return true
}

// rearStep is 5.42.2 for one hex of a MOVE of a unit Facing to the Rear:
// why it may not enter it ("" if it may), and whether the hex or the
// hexside crossed Disorders it.
func (r *run) rearStep(u *Unit, n int, at, h string, turns int) (string, bool) {
	switch {
	case n > rearHexes:
		return "wv-5.42-two-hexes", false
	case turns > 0:
		return "wv-5.42-facing", false
	}
	w := r.s.hexside(at, h).Water
	return "", r.s.terrain(h) != "clear" || w == sideStream || w == sideMajorStream
}

// dropRearMarkers removes, at the end of a phase, the Facing to the Rear
// marker of a unit that has lost its frontal facing: Disordered, Routed
// or in General Order, it faces all around (5.2) and has no rear to face
// (ruling R94).
func (r *run) dropRearMarkers() {
	for i := range r.s.Units {
		if u := &r.s.Units[i]; u.Rear && (!u.frontal() || u.Eliminated) {
			u.Rear = false
			if !u.Eliminated {
				r.tell("facing", "WV 5.42", r.seenBy(u), "%s faces all around and is Facing to the Rear no more (ruling R94)", u.Name)
			}
		}
	}
}

// facingRear reports a unit Facing to the Rear that still has its frontal
// facing (ruling R94).
func (u *Unit) facingRear() bool { return u.Rear && u.frontal() }
