package wintersvictory

import (
	"fmt"
	"strings"

	"galloper/rules"
	"galloper/rules/wintersvictory/wvtext"
)

// An artillery crew apart from its guns (See WV 7.53, 7.61-7.62, 7.65).
// The procedure, with its rules:
//
//  1. In its side's Movement Phase the crew of an unlimbered battery may
//     leave its guns: MOVE "<battery> Crew" names it, and it becomes a
//     unit of its own, "<battery> Crew", of as many steps as the battery
//     had, with the battery's Movement Allowance, Effectiveness,
//     designation and Disorder; the guns left are never Disordered (7.65,
//     7.61 C, 7.56).
//  2. Alone it moves, checks morale, rallies and is a target as a
//     skirmish company: 1 MP a hex, all-around facing, unformed, Target
//     Class of a Skirmish unit, rallied from Rout as a skirmish company
//     (7.61 A, 13.42 A). It has no fire and makes no shock attack (7.61
//     A). It shares a hex with friendly infantry or artillery without
//     counting against its limits, never with cavalry (7.61 B, 9.31).
//  3. Its losses are gun Strength Points, every 3 of them a step (7.62 B).
//  4. Guns without their crew neither move, fire, nor change facing or
//     formation (7.53).
//  5. A crew ending its move in its battery's hex serves it again, the
//     guns reduced to what its steps can serve (7.62 C).
//
//  6. Stacked with infantry it is beneath it, the last unit to take a
//     loss, its steps added to their shock defence but not its
//     Effectiveness (7.61 B: a crew is the last unit of its hex).
//  7. Entering a hex of friendly units it takes their Disorder or Rout
//     (7.61 E); its own retreats make no friendly unit check morale
//     (7.61 F).
//
//  8. Before an enemy infantry shock on its battery, the crew may abandon
//     its guns (7.65), as its side's standing ABANDON says (ruling
//     R106): the guns fire their defensive fire as Disordered, the crew
//     leaves, drawing opportunity fire from the enemy units next to it
//     but the attackers (11.3), and moves two hexes away from the
//     attacker. Guns without a crew do not defend: the attackers enter
//     their hex, a formed infantry unit adopting General Order (12.43.4).
//  9. Guns without a crew stacked with enemy infantry at the end of that
//     enemy's Shock Phase lose 2 gun SP (12.43.3).
// 10. A clear hex holding guns without a crew is a Light Cover hex (7.53;
//     State.terrain).

// crewTakesMorale is 7.61 E: crew u, entering a hex of friendly units,
// takes the worst of their Disorder or Rout.
func (r *run) crewTakesMorale(u *Unit) {
	if !u.isCrew() || r.dry() {
		return
	}
	for _, o := range r.s.unitsAt(u.Hex) {
		if o == u || o.Side != u.Side || o.Morale == "" || u.Morale == moraleRouted || o.Morale == u.Morale {
			continue
		}
		u.Morale = o.Morale
		r.tell("crew", "WV 7.61", r.seenBy(u), "%s enters %s with %s and is %s too (7.61 E)", u.Name, u.Hex, o.Name, o.Morale)
	}
}

// crewSuffix ends the name of a crew apart from its guns.
const crewSuffix = " Crew"

// isCrew reports an artillery crew apart from its guns (7.61).
func (u *Unit) isCrew() bool { return u.Type == "crew" }

// loose reports a unit that shares a hex without counting against its
// stacking: a skirmish company or an artillery crew (8.65 A.3, 9.31).
func (u *Unit) loose() bool { return u.skirmishing() || u.isCrew() }

// leaveGuns is 7.65 in the Movement Phase: the crew of the battery that
// o's unit name (ending " Crew") designates leaves its guns. It returns
// the crew, or nil when the order was refused; ok is false when o does
// not name a crew.
func (r *run) leaveGuns(side rules.Side, o *wvtext.Order) (c *Unit, ok bool) {
	name, isCrew := strings.CutSuffix(o.Who.Text, crewSuffix)
	if !isCrew || o.Verb != wvtext.Move {
		return nil, false
	}
	b, mine := r.ownUnit(side, orderName(name))
	if !mine || b.Type != "artillery" {
		return nil, false
	}
	switch {
	case b.Crew == 0:
		r.refuse(side, o.At, "wv-7.65-no-crew", "WV 7.65", b.Name+"'s crew has left its guns already", "")
		return nil, true
	case b.Formation != "unlimbered":
		r.refuse(side, o.At, "wv-7.65-limbered", "WV 7.65", "a crew may never leave a limbered battery: "+b.Name+" is "+b.Formation, "unlimber it first")
		return nil, true
	}
	r.tell("crew", "WV 7.65", r.seenBy(b), "the crew of %s leaves its guns at %s (7.65)", b.Name, b.Hex)
	return r.splitCrew(b), true
}

// splitCrew makes the crew of battery b a unit of its own in b's hex and
// returns it; b is not to be used after this (7.65).
func (r *run) splitCrew(b *Unit) *Unit {
	cu := *b
	cu.Name, cu.Type, cu.Formation = b.Name+crewSuffix, "crew", "crew"
	cu.Strength, cu.Printed, cu.Crew, cu.Ammo, cu.FullAmmo, cu.FireClass = b.Crew, b.Crew, 0, 0, 0, 0
	cu.Halved, cu.Fired, cu.GunLoss = false, false, 0
	b.Crew, b.Morale = 0, "" // 7.56: guns without a crew are never Disordered
	r.s.Units = append(r.s.Units, cu)
	return &r.s.Units[len(r.s.Units)-1]
}

// uncrewed reports guns whose crew has left them (7.53).
func (u *Unit) uncrewed() bool { return u.Type == "artillery" && u.Crew == 0 && !u.Eliminated }

// abandons reports whether the crew of the battery d abandons its guns
// before the shock of attackers att (7.65; ruling R106): an enemy
// infantry shock, not a charge, on a served battery whose side's
// standing ABANDON is ALWAYS.
func (r *run) abandons(d *Unit, att []*Unit, charging bool) bool {
	return !charging && att[0].Type == "infantry" && d.Type == "artillery" && d.Crew > 0 &&
		r.standing(d.Side, "ABANDON") == "ALWAYS"
}

// abandonGuns is 7.65 before a shock: battery b, its defensive fire
// given as Disordered (the caller's), loses its crew, which draws
// opportunity fire from the enemy units next to it but the attackers att
// and moves two hexes away from the attacker's hex from. The crew is
// added to s.Units: the caller's pointers are not to be used after this.
func (r *run) abandonGuns(b *Unit, att []*Unit, from, morale string) {
	h := b.Hex
	c := r.splitCrew(b)
	c.Morale = morale
	name := c.Name
	if !r.holdFire(att, func() bool { return r.opportunityFire(c, "leaves its guns") }) {
		return
	}
	c = r.s.unit(name)
	cur := h
	for step := 0; step < 2; step++ { // 7.65: "one or two hexes"
		next, far := "", r.s.dist(cur, from)
		for _, n := range r.s.neighbours(cur) {
			if d := r.s.dist(n, from); d > far && r.enemyIn(c.Side, n) == nil && r.stackProblem(c, n) == "" {
				next, far = n, d
			}
		}
		if next == "" {
			break
		}
		cur = next
	}
	if cur == h {
		return
	}
	c.Hex = cur
	r.tell("crew", "WV 7.65", r.seenBy(c), "%s moves from %s to %s, away from its guns (7.65)", c.Name, h, cur)
	r.crewTakesMorale(c)
}

// spikeGuns is 12.43.3 at the end of side's Shock Phase: guns without a
// crew stacked with side's infantry lose 2 gun SP.
func (r *run) spikeGuns(side rules.Side) {
	for i := range r.s.Units {
		b := &r.s.Units[i]
		if b.Side == side || !b.uncrewed() {
			continue
		}
		for _, e := range r.s.unitsAt(b.Hex) {
			if e.Side == side && e.Type == "infantry" {
				r.tell("uncrewed", "WV 12.43", nil, "%s, without its crew and stacked with enemy infantry, loses 2 gun SP (12.43.3)", b.Name)
				r.loseSP(b, 2, "WV 12.43")
				break
			}
		}
	}
}

// crewless says why battery b may not move, fire or change formation or
// facing without its crew (7.53), or "".
func crewless(b *Unit) string {
	if b.Type == "artillery" && b.Crew == 0 && !b.Eliminated {
		return "its crew has left its guns: they neither move, fire nor change facing or formation (7.53)"
	}
	return ""
}

// rejoinGuns is 7.62 C: crew c, its move ended in its battery's hex,
// serves it again, the guns reduced to 3 a step.
func (r *run) rejoinGuns(c *Unit) {
	b := r.s.unit(strings.TrimSuffix(c.Name, crewSuffix))
	if b == nil || b.Eliminated || b.Hex != c.Hex || b.Crew > 0 {
		return
	}
	b.Crew, b.Morale = c.Strength, c.Morale // 7.56.1: the battery shares its crew's Disorder
	r.tell("crew", "WV 7.62", r.seenBy(b), "%s's crew (%d steps) serves its guns again", b.Name, c.Strength)
	if most := 3 * c.Strength; b.Strength > most {
		r.tell("crew", "WV 7.62", r.seenBy(b), "%s keeps the %d guns its crew can serve (7.62 C)", b.Name, most)
		b.Strength = most
	}
	i := r.s.index(c.Name)
	r.s.Units = append(r.s.Units[:i:i], r.s.Units[i+1:]...)
}

// crewLoss is 7.62 B: the gun Strength Points n that a crew alone loses
// become steps, one for every 3 accrued; it returns the steps lost.
func (r *run) crewLoss(c *Unit, n int) int {
	before := c.GunLoss / 3
	c.GunLoss += n
	steps := c.GunLoss/3 - before
	r.tell("loss", "WV 7.62", r.seenBy(c), "%s takes %d gun SP (%d in all): %d steps lost (7.62 B)", c.Name, n, c.GunLoss, steps)
	return steps
}

// crewProblem says why crew c may not shock or fire (7.61 A), or "".
func crewProblem(c *Unit, what string) string {
	if c.isCrew() {
		return fmt.Sprintf("an artillery crew alone %s (7.61 A)", what)
	}
	return ""
}
