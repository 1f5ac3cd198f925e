package lob

import (
	"fmt"

	"galloper/rules"
)

// The Rally Phase (LoB 2.1b, 6.4) ends each player turn. The active player
// adjusts his own Morale States in the order 6.4 numbers: (1) remove Sh
// and BL, (2) flip DG to Sh, (3) each Routed stack rolls to rally, (4)
// Routed stacks closer than 6 hexes to an enemy combat unit retreat to
// exactly 6, (5) remove all Cowardly Legs markers. The 2.1b narrative
// lists the Cowardly Legs removal first; Galloper follows 6.4, the
// detailed numbered procedure, so the markers the step 4 retreats leave
// are removed too and none survives the phase (docs/rulings-lob-retreat.md
// R-RET-4). Then the CBF markers on friendly stacks go (5.8c).

// rallyDistance is how far Routed stacks must stand from enemy combat
// units after the Rally Phase (LoB 6.4 step 4).
const rallyDistance = 6

// rallyTarget is the roll a Routed stack needs on one die, plus one
// leader's Morale Value, to rally (LoB 6.4 step 3).
const rallyTarget = 5

// rallyPhase runs the active player's Rally Phase.
func (r *resolver) rallyPhase() error {
	r.calmDown()
	r.rallyRouted()
	if err := r.routedWithdrawal(); err != nil {
		return err
	}
	r.removeCowardlyLegs("LoB 6.4")
	r.removeCBF()
	return nil
}

// removeCBF takes the CBF markers, whatever their level, off the active
// side's stacks (LoB 2.1b, 5.8c).
func (r *resolver) removeCBF() {
	for _, h := range r.ownStackHexes() {
		if lvl := r.s.cbf(h); lvl > 0 {
			r.s.editMarker(h, func(m *HexMarker) { m.CBF = 0 })
			r.add("cbf-removed", "LoB 5.8c", "the level %d CBF marker on %s is removed", lvl, h)
		}
	}
}

// ownStackHexes lists the hexes holding the active side's combat units,
// in hex order.
func (r *resolver) ownStackHexes() []string {
	seen := map[string]bool{}
	for _, p := range r.s.doc.Pieces {
		if p.Side == r.side && p.Unit != nil && !p.Unit.Eliminated && !p.OffMap {
			seen[p.Hex] = true
		}
	}
	return sortedKeys(seen)
}

// calmDown removes Sh and BL, then flips DG to Sh (LoB 6.4 steps 1, 2).
func (r *resolver) calmDown() {
	for _, h := range r.ownStackHexes() {
		switch m := r.s.morale(h); m {
		case MoraleSh, MoraleBL:
			r.s.setMorale(h, MoraleNormal)
			r.add("rally", "LoB 6.4", "%s in %s: the %s marker is removed", r.stackName(h), h, m)
		case MoraleDG:
			if u := r.deployedInTown(h); u != "" {
				r.add("rally", "LoB 1.7g", "%s in %s stays DG: %s is in Line or Unlimbered in a Town hex", r.stackName(h), h, u)
				continue
			}
			r.s.setMorale(h, MoraleSh)
			r.add("rally", "LoB 6.4", "%s in %s: DG becomes Sh", r.stackName(h), h)
		}
	}
}

// deployedInTown names a unit of the hex's stack in Line or Unlimbered
// formation in a Town hex, which LoB 1.7g keeps DG ("any unit currently
// in ... Line or Unlimbered formation in a Town hex"); "" when none.
func (r *resolver) deployedInTown(h string) string {
	if x, _ := r.s.scn.Map.Hex(h); x == nil || x.Terrain != "town" {
		return ""
	}
	for _, u := range r.s.stackUnits(r.side, h) {
		if u.Unit.Formation == "line" || u.Unit.Formation == "unlimbered" {
			return u.Name
		}
	}
	return ""
}

// rallyRouted rolls for each Routed stack: one die plus the best Morale
// Value of its leaders; 5 or more makes it DG (LoB 6.4 step 3). The stack
// keeps its Facing and formation, which its owner may set as desired.
func (r *resolver) rallyRouted() {
	for _, h := range r.ownStackHexes() {
		if r.s.morale(h) != MoraleRouted {
			continue
		}
		mv, who := r.rallyLeader(r.side, h)
		die := r.log.Roll(6, "LoB 6.4", fmt.Sprintf("Rally: the Routed stack in %s", h), r.side)
		sum := die + mv
		if sum >= rallyTarget {
			r.s.setMorale(h, MoraleDG)
			r.add("rally", "LoB 6.4", "%s in %s rolls %d%s = %d: rallied, now DG", r.stackName(h), h, die, who, sum)
			continue
		}
		r.add("rally-failed", "LoB 6.4", "%s in %s rolls %d%s = %d: still Routed", r.stackName(h), h, die, who, sum)
	}
}

// rallyLeader is the best Morale Value a leader lends the side's stack
// in a hex, and the text naming him (LoB 6.4 step 3).
func (r *resolver) rallyLeader(side rules.Side, h string) (int, string) {
	l := r.s.bestLeader(side, h)
	if l == nil {
		return 0, ""
	}
	return l.Morale, fmt.Sprintf(" + %d (%s)", l.Morale, l.Name)
}

// routedWithdrawal retreats each Routed stack closer than 6 hexes to an
// enemy combat unit until it is exactly 6 hexes from all of them, line of
// sight and visibility aside (LoB 6.4 step 4). The owner chooses the path
// (standing RETREAT or a decision).
func (r *resolver) routedWithdrawal() error {
	for _, h := range r.ownStackHexes() {
		if r.s.morale(h) != MoraleRouted || r.s.enemyDistance(r.side, h) >= rallyDistance {
			continue
		}
		if _, err := r.retreat(retreatOrder{Hex: h, Goal: rallyDistance, Cause: "rally", Rule: "LoB 6.4"}); err != nil {
			return err
		}
	}
	return nil
}

// stackName names a hex's stack by its top unit.
func (r *resolver) stackName(h string) string {
	us := r.s.stackUnits(r.s.ownerOf(h), h)
	switch len(us) {
	case 0:
		return "the stack"
	case 1:
		return us[0].Name
	}
	return fmt.Sprintf("%s and %d more", us[0].Name, len(us)-1)
}
