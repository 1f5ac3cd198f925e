package gbacw

import (
	"fmt"
	"strings"
)

// The facing change after a Rally (GBACW 13.41, 8.26; ruling GBACW-R64),
// asked for by RALLY LEFT or RALLY RIGHT:
//
//  1. A unit that rallies (flips to its normal side) may turn one vertex,
//     at no MP, to its left or right. A Refused unit may not, nor one
//     in Extended Line or Column (13.41's exceptions; a turn by FACE
//     after a Rally is refused, this being the one way to make it).
//     A unit not Disordered that resupplies turns so after resupplying
//     (10.92); the action gives one turn, so a unit that turned after
//     Resupplying never turns again after its Rally (13.41's other
//     exception), and one that fails its Rally does not turn at all.
//  2. The turn is made once the activation's units have all acted,
//     before its shocks, for 13.41 asks of stacked units that rally that
//     all succeed: when a unit rallying in the hex stays Disordered, or
//     another unit in the hex is Refused, nobody turns.
//  3. The hex has one facing (8.26): the turn takes every friendly unit
//     in it. The first unit in the state's order that asked sets the way.

// rallyTurn is a unit's turn asked for after its Rally: LEFT or RIGHT.
type rallyTurn struct {
	u        *UnitSt
	way      string
	resupply bool // after resupplying, not after a Rally (10.92)
}

// turnAfterRally is steps 1-3 for the activation's turns.
func (r *resolver) turnAfterRally() {
	s := r.s
	done := map[string]bool{}
	for _, t := range r.rallyTurns {
		u := t.u
		if u.Status != StGood || !u.onMap() || done[u.Hex] {
			continue
		}
		done[u.Hex] = true
		if u.Refused != "" {
			r.event("no-turn", "GBACW 13.41", "%s is Refused and may not turn after its Rally", u.Name)
			continue
		}
		if u.spread() {
			r.event("no-turn", "GBACW 13.41", "%s is in Extended Line or Column and may not turn after its Rally", u.Name)
			continue
		}
		var stack []*UnitSt
		why := ""
		for i := range s.Units {
			f := &s.Units[i]
			if f == u || f.Side != u.Side || f.Hex != u.Hex || !f.combat() {
				continue
			}
			switch {
			case f.Rallied && f.Status == StDisordered:
				why = fmt.Sprintf("%s, rallying in its hex, stays Disordered", f.Name)
			case f.Refused != "":
				why = fmt.Sprintf("%s, in its hex, is Refused", f.Name)
			}
			if why != "" {
				break
			}
			stack = append(stack, f)
		}
		if why != "" {
			r.event("no-turn", "GBACW 13.41", "%s may not turn after its Rally: %s", u.Name, why)
			continue
		}
		to := r.turnedFacing(u.Facing, t.way)
		u.Facing = to
		var with []string
		for _, f := range stack {
			f.Facing = to // 8.26
			with = append(with, f.Name)
		}
		and := ""
		if len(with) > 0 {
			and = ", and " + strings.Join(with, ", ") + " with it"
		}
		a := s.axial(u.Hex)
		rule, after := "GBACW 13.41", ""
		if t.resupply {
			rule, after = "GBACW 10.92", " after resupplying"
		}
		r.event("turn", rule, "%s turns one vertex to its %s%s%s: its Front is now %s and %s", u.Name, strings.ToLower(t.way), after, and,
			s.hexID(a.Neighbor(to)), s.hexID(a.Neighbor(to+1)))
	}
}

// turnedFacing is the vertex one to the left or right of facing, as the
// unit looks out of its Front (the right Flank hex of 7.31 comes into the
// Front on a turn to the right).
func (r *resolver) turnedFacing(facing int, way string) int {
	right, _ := r.s.flankDirs(facing)
	cw := right == mod6(facing+2) // the right Flank hex lies past facing+1
	if (way == "RIGHT") == cw {
		return mod6(facing + 1)
	}
	return mod6(facing - 1)
}
