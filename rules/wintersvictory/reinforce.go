package wintersvictory

import (
	"fmt"
	"strings"

	"galloper/rules"
	"galloper/rules/wintersvictory/wvtext"
)

// Reinforcements and road entry (See WV 6.7, 6.71, 6.65). A scenario's
// reinforcement waits off the map (State.Reserve) until its side sends
// it on, in a Movement Phase of its turn of arrival or later (ruling R64):
//
//  1. MARCH <unit>: <entry hex> <hex> ...: the path begins at its entry
//     hex, a road hex at the map's edge; it enters in Road Column, paying
//     what the road costs for the entry hex (6.6, 6.71: the road runs on
//     off the map), then marches on (march.go).
//  2. Not while an enemy unit is within 6 hexes of the entry hex (6.7).
//  3. Units entering at one hex in one phase are a column running off the
//     map: each pays first for the road length of the units ahead of it
//     (6.71), one hex for each 8 SP or part of infantry and each 4 of
//     cavalry and artillery (6.65).
//  4. It enters In Command (17.53: a brigade is activated when a unit of
//     it enters as a reinforcement; ruling R64).
//  5. When its entry hex is held by an enemy unit or in the Fire Zone of
//     one, it may enter one to three turns late, up to 4 hexes from it for
//     each turn, at the map's edge, in its own formation, by MOVE (6.72;
//     ruling R64).

// reserveIndex is the index in s.Reserve of side's reinforcement of that
// name, or -1.
func (s *State) reserveIndex(side rules.Side, name string) int {
	for i := range s.Reserve {
		if s.Reserve[i].Side == side && strings.EqualFold(s.Reserve[i].Name, name) {
			return i
		}
	}
	return -1
}

// roadLength is the hexes of road a unit in Road Column fills (6.65).
func roadLength(u *Unit) int {
	per := 4
	if u.Type == "infantry" {
		per = 8
	}
	return (u.Strength + per - 1) / per
}

// enter brings reinforcement i of side onto the map by a MARCH (6.7).
func (r *run) enter(side rules.Side, i int, o *wvtext.Order) {
	ru := r.s.Reserve[i]
	refuse := func(code, msg, sugg string) { r.refuse(side, o.At, code, "WV 6.7", ru.Name+": "+msg, sugg) }
	if o.Verb == wvtext.Move && r.s.Turn > ru.Arrives {
		r.enterLate(side, i, o) // 6.72
		return
	}
	switch {
	case o.Verb != wvtext.March:
		refuse("wv-6.7-march", "a reinforcement is not on the map yet: it enters by MARCH, its path beginning at its entry hex "+ru.Hex, fmt.Sprintf("MARCH %s: %s ...", ru.Name, ru.Hex))
		return
	case r.s.Turn < ru.Arrives:
		refuse("wv-6.7-not-yet", fmt.Sprintf("it arrives on turn %d", ru.Arrives), "")
		return
	case len(o.Path) == 0 || o.Path[0] != ru.Hex:
		refuse("wv-6.7-entry", "its path begins at its entry hex "+ru.Hex, "")
		return
	case r.enemyNear(side, ru.Hex) != nil:
		refuse("wv-6.7-enemy-near", fmt.Sprintf("an enemy unit is within %d hexes of its entry hex %s", gtmNear, ru.Hex), "enter later")
		return
	}
	if msg := r.stackProblem(&ru, ru.Hex); msg != "" && len(o.Path) == 1 {
		refuse("wv-9.1-stacking", msg, "march it on from the entry hex")
		return
	}
	per := 3 // sixths of a Movement Point a hex of Major Road (6.6)
	if r.roadAt(ru.Hex) == "minor" {
		per = 4
	}
	ahead := r.entered[ru.Hex]
	cost := per * (ahead + 1)
	r.s.Reserve = append(r.s.Reserve[:i:i], r.s.Reserve[i+1:]...)
	ru.Arrives, ru.Formation = 0, "road column"
	r.s.Units = append(r.s.Units, ru)
	u := &r.s.Units[len(r.s.Units)-1]
	r.entered[ru.Hex] += roadLength(u)
	r.enteredUnits[ru.Hex]++
	behind := ""
	if n := r.enteredUnits[ru.Hex] - 1; n > 0 {
		behind = fmt.Sprintf(" behind %d unit", n)
		if n > 1 {
			behind += "s"
		}
	}
	r.tell("arrives", "WV 6.7", only(side), "%s enters the map at %s in Road Column%s", u.Name, u.Hex, behind)
	r.involuntary(u, u.Name+" enters as a reinforcement") // 17.53
	r.moved[u.Name] = true
	r.spent[u.Name] = (cost + 2) / 3
	if len(o.Path) > 1 {
		r.marchPath(side, u, o, o.Path[1:], cost)
	}
}

// enterLate brings reinforcement i of side onto the map by a MOVE, late
// and elsewhere along the edge (6.72).
func (r *run) enterLate(side rules.Side, i int, o *wvtext.Order) {
	ru := r.s.Reserve[i]
	refuse := func(code, msg string) { r.refuse(side, o.At, code, "WV 6.72", ru.Name+": "+msg, "") }
	late := r.s.Turn - ru.Arrives
	at := ""
	if len(o.Path) > 0 {
		at = o.Path[0]
	}
	switch {
	case !r.entryBlocked(side, ru.Hex):
		refuse("wv-6.72-not-blocked", "its entry hex "+ru.Hex+" is neither held by an enemy unit nor in an enemy Fire Zone: it enters there by MARCH")
		return
	case at == "" || !r.onMap(at) || len(r.s.neighbours(at)) == 6 || r.s.dist(at, ru.Hex) > 4*min(late, 3):
		refuse("wv-6.72-too-far", fmt.Sprintf("turns late: %d; it enters at the map edge within %d hexes of %s", late, 4*min(late, 3), ru.Hex))
		return
	case r.enemyIn(side, at) != nil:
		refuse("wv-6.14-enemy", "an enemy unit holds "+at)
		return
	}
	tc, err := r.pack.Terrain(r.s.terrain(at), mover(&ru))
	if err != nil || tc.Prohibited {
		refuse("wv-10.2-prohibited", "it may not enter "+at)
		return
	}
	r.s.Reserve = append(r.s.Reserve[:i:i], r.s.Reserve[i+1:]...)
	ru.Arrives, ru.Hex = 0, at
	r.s.Units = append(r.s.Units, ru)
	u := &r.s.Units[len(r.s.Units)-1]
	r.spent[u.Name] = 2 * tc.MP
	turns := "turns"
	if late == 1 {
		turns = "turn"
	}
	r.tell("arrives", "WV 6.72", only(side), "%s enters the map at %s, %d %s late, in %s (6.72)", u.Name, at, late, turns, u.Formation)
	r.involuntary(u, u.Name+" enters as a reinforcement") // 17.53
	if len(o.Path) > 1 {
		rest := *o
		rest.Path = o.Path[1:]
		r.move(side, u, &rest, true)
	}
}

// entryBlocked reports an entry hex held by an enemy unit or in the Fire
// Zone of one that could fire at it (6.72, 11.2); checking its orders a
// side knows only the enemy units it sees.
func (r *run) entryBlocked(side rules.Side, h string) bool {
	for j := range r.s.Units {
		e := &r.s.Units[j]
		if e.Side == side || e.Eliminated || r.dry() && !r.s.sees(side, e.Hex) {
			continue
		}
		if e.Hex == h || e.Extended == h {
			return true
		}
		if _, ok := r.tables.FireBand(firer(e), r.s.dist(e.Hex, h)); ok && canFire(e) == "" &&
			(!e.frontal() || r.s.inFront(e.Hex, e.Facing, h)) && r.s.observes(e.Hex, h) {
			return true
		}
	}
	return false
}
