package wintersvictory

import "fmt"

// Leader casualties. The procedure, with its rules:
//
//  1. Fire: whenever fire combat takes one or more strength points from a
//     combat unit, each command unit stacked with it is at risk; its owner
//     rolls one die: from Minimum or Medium Range an 8 or 9 reduces it,
//     from Maximum Range a 9; from Extended Range there is no roll. See WV
//     11.44.
//  2. Shock: whenever shock combat eliminates at least one friendly troop
//     strength point in a hex, each command unit in that hex is at risk; a
//     7, 8 or 9 makes it a casualty. See WV 12.44.
//  3. The loss procedure of each command level is in the Playbook (19.8):
//     Galloper marks the command unit Reduced, and plays the effects the
//     booklet gives: a Reduced command unit gives no shock modifier
//     (12.21) and no morale modifier (13.13), which need an "unreduced"
//     one, and a Reduced Army Commander the Army Command Points of 17.21. A command unit
//     already Reduced is not rolled for again (ruling R70).

// leadersAt lists the side's command units in hex h still at risk (not
// Reduced, ruling R70), in the scenario's order.
func (s *State) leadersAt(u *Unit, h string) []*Leader {
	var out []*Leader
	for i := range s.Leaders {
		if l := &s.Leaders[i]; l.Side == u.Side && l.Hex == h && !l.Reduced {
			out = append(out, l)
		}
	}
	return out
}

// leadersHitByFire rolls for each command unit in hex h with unit u,
// which has just lost strength points to fire at range band b. See WV
// 11.44.
func (r *run) leadersHitByFire(u *Unit, h string, b Band) {
	if b == Extended {
		return // 11.44: no check from Extended Range
	}
	need := r.tables.Thresholds["leader_fire_"+string(b)]
	for _, l := range r.s.leadersAt(u, h) {
		die := r.d10("WV 11.44", "leader casualty: "+l.Name, r.seenBy(u))
		what := fmt.Sprintf("by the fire on %s (rolled %d, needing %s at %s range)", u.Name, die, orMore(need), b)
		r.leaderRisk(l, r.tables.LeaderHitByFire(b, die), "WV 11.44", what, u)
	}
}

// leadersHitInShock rolls for each command unit in hex h, where shock
// combat has just eliminated a troop strength point of unit u. See WV
// 12.44.
func (r *run) leadersHitInShock(u *Unit, h string) {
	need := r.tables.Thresholds["leader_shock"]
	for _, l := range r.s.leadersAt(u, h) {
		die := r.d10("WV 12.44", "leader casualty: "+l.Name, r.seenBy(u))
		what := fmt.Sprintf("in the shock at %s (rolled %d, needing %s)", h, die, orMore(need))
		r.leaderRisk(l, r.tables.LeaderHitInShock(die), "WV 12.44", what, u)
	}
}

// leaderRisk tells the roll's outcome and reduces a command unit hit
// (ruling R70).
func (r *run) leaderRisk(l *Leader, hit bool, rule, what string, u *Unit) {
	if !hit {
		r.tell("leader-loss", rule, r.seenBy(u), "%s is not hit %s", l.Name, what)
		return
	}
	l.Reduced = true
	r.tell("leader-loss", rule, r.seenBy(u), "%s is hit %s: Reduced", l.Name, what)
	// 14.12, ruling R95: the scenario's Morale Points for a command unit.
	r.moraleChange(l.Side, -r.s.MoraleCost.Leader, l.Name+" reduced")
	r.commandViolation(l, "reduced") // 17.75.4
}

// orMore says a threshold on the die: "9", or "8 or more".
func orMore(n int) string {
	if n >= 9 {
		return "9"
	}
	return fmt.Sprintf("%d or more", n)
}

// armyLeaderLost reports whether the side's Army Commander has suffered
// Leader Loss, for its Command Points (17.21, ruling R70).
func (s *State) armyLeaderLost(side int) bool {
	for _, l := range s.Leaders {
		if l.Level == Army && sideIndex(l.Side) == side {
			return l.Reduced
		}
	}
	return false
}

// withUnreducedLeader reports whether unit u is stacked with a friendly
// command unit that is not Reduced, for the shock and morale modifiers
// (12.21, 13.13).
func (r *run) withUnreducedLeader(u *Unit) bool {
	for _, l := range r.s.Leaders {
		if l.Side == u.Side && l.Hex == u.Hex && !l.Reduced {
			return true
		}
	}
	return false
}
