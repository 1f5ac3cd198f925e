package lob

import (
	"fmt"
	"slices"
	"strings"

	"galloper/rules"
)

// Friendly stacks in a retreat's way (LoB 6.3d): when a stack that is not
// Small retreats into a hex holding other friendly combat units, those
// units Displace one hex to their left or right rear, Join the retreating
// stack, or let it Pass Through. Small stacks (6.3d exception), stacks of
// only artillery (6.3f) and withdrawals (9.4e) affect no one unless they
// end their retreat in another stack, which then shares the worst Morale
// State (6.0a). Unlimbered artillery is never affected (3.2d).

// The 6.3d options as the FRIENDS reaction writes them.
const (
	passThrough   = "PASS THROUGH"
	join          = "JOIN"
	displaceLeft  = "DISPLACE LEFT"
	displaceRight = "DISPLACE RIGHT"
)

// maxDisplacementChain bounds a chain of Displacements (LoB 6.3d).
const maxDisplacementChain = 8

// friendsInTheWay applies LoB 6.3d to the friendly stack in a hex the
// retreat enters; last is set for the hex where the retreat ends.
func (r *resolver) friendsInTheWay(rt *retreating, h, prev string, last bool) error {
	friends := r.bystanders(rt, h)
	if len(friends) == 0 {
		return nil
	}
	if rt.small || rt.guns || rt.o.withdrawal() {
		r.routedContagion(rt, friends, h)
		return nil // otherwise they only share the worst Morale State if it ends here (arrive)
	}
	opts, targets := r.friendOptions(rt, friends, h, prev, last)
	c := choice{Key: "friends " + friends[0].Name, Side: rt.side, Rule: "LoB 6.3d", Options: opts, Default: opts[0],
		Question: fmt.Sprintf("LoB 6.3d: %s retreats into %s; what do %s do?",
			strings.Join(names(rt.units), ", "), h, strings.Join(names(friends), ", ")),
		Standing: standingFriends(r.s, rt.side, opts)}
	ans, err := r.decide(c)
	if err != nil {
		return err
	}
	switch ans {
	case passThrough:
		r.passThrough(rt, friends, h)
	case join:
		r.joinRetreat(rt, h)
	default:
		to := targets[ans]
		if r.s.enemyIn(rt.side, to) {
			// Offered from what the side's map shows (R-FOG-7), the hex
			// holds enemy units it could not see: no Displacement there.
			r.tell(rt.side, "", "displace-blocked", "LoB 6.3d", fmt.Sprintf("%s cannot Displace to %s: enemy units are there; they Join the retreating stack",
				strings.Join(names(friends), ", "), to))
			r.joinRetreat(rt, h)
			return nil
		}
		return r.displace(rt, h, to)
	}
	return nil
}

// bystanders are the side's combat units in a hex that are not part of
// the retreating stack and not Unlimbered artillery (LoB 3.2d).
func (r *resolver) bystanders(rt *retreating, h string) []*Piece {
	var out []*Piece
	for _, u := range r.s.stackUnits(rt.side, h) {
		if !slices.Contains(rt.units, u) && !(u.Kind == ArmArtillery && u.Unit.Formation == "unlimbered") {
			out = append(out, u)
		}
	}
	return out
}

// friendOptions are the legal 6.3d choices, in the default's order of
// preference: Pass Through (not where the retreat ends), Join (within the
// stacking limit, 3.2a), Displace to the left or right rear (into a hex
// free of enemy units, as the side's map shows them (R-FOG-7), and of the
// retreat's last hex; left and right as the stack sees them facing the
// enemy, its rear being the retreat's direction). When none is legal the
// stack must take Join and be overstacked.
func (r *resolver) friendOptions(rt *retreating, friends []*Piece, h, prev string, last bool) ([]string, map[string]string) {
	known := r.s.knownEnemy(rt.side)
	var opts []string
	if !last {
		opts = append(opts, passThrough)
	}
	if sps(rt.units)+sps(friends) <= stackingLimit {
		opts = append(opts, join)
	}
	targets := map[string]string{}
	m := &r.s.scn.Map
	d := m.neighbourDir(prev, h)
	for _, side := range []struct {
		opt  string
		turn int
	}{{displaceLeft, -1}, {displaceRight, +1}} {
		a := m.axial(h).Neighbor(d + side.turn)
		if !m.onMap(a) {
			continue
		}
		t := m.hexID(a.ToOffset())
		if ok, err := r.s.crossable("column", h, t); err != nil || !ok || t == prev || known.atHex(t) {
			continue
		}
		opts, targets[side.opt] = append(opts, side.opt), t
	}
	if len(opts) == 0 {
		opts = []string{join}
	}
	return opts, targets
}

// standingFriends is the option the side's FRIENDS reaction picks: its
// choice when legal here (DISPLACE: the left rear, else the right), ""
// when the side has none or its choice is not legal here.
func standingFriends(s *State, side rules.Side, opts []string) string {
	cs, ok := s.standing(side, "FRIENDS")
	if !ok {
		return ""
	}
	want := []string{cs[0]}
	if cs[0] == "DISPLACE" {
		want = []string{displaceLeft, displaceRight}
	}
	for _, w := range want {
		if slices.Contains(opts, w) {
			return w
		}
	}
	return ""
}

// passThrough lets the retreat run through: both stacks take the worst of
// their Morale States, one level worse (LoB 6.3d).
func (r *resolver) passThrough(rt *retreating, friends []*Piece, h string) {
	m := WorsenMorale(worst(r.s.morale(rt.o.Hex), r.s.morale(h)))
	r.s.setMorale(rt.o.Hex, m)
	r.s.setMorale(h, m)
	r.add("pass-through", "LoB 6.3d", "%s let the retreating stack pass through %s; both stacks are now %s",
		strings.Join(names(friends), ", "), h, m)
}

// joinRetreat adds the hex's stack to the retreating one, which takes the worst
// Morale State and continues together (LoB 6.3d).
func (r *resolver) joinRetreat(rt *retreating, h string) {
	joined := r.bystanders(rt, h)
	m := worst(r.s.morale(rt.o.Hex), r.s.morale(h))
	for _, p := range r.s.stackCounters(rt.side, h) {
		if !slices.Contains(rt.counters, p) && !(p.Kind == ArmArtillery && p.Unit.Formation == "unlimbered") {
			rt.counters = append(rt.counters, p)
		}
	}
	rt.units = append(rt.units, joined...)
	r.s.setMorale(rt.o.Hex, m)
	r.add("join", "LoB 6.3d", "%s join the retreating stack in %s; it is %s", strings.Join(names(joined), ", "), h, m)
}

// displace moves the hex's stack, leaders and HQs with it, one hex to
// the target: its Morale State worsens one level, it loses 1 SP entering
// an EZOC, leaves a Cowardly Legs marker behind, and is never affected by
// the marker of the stack that forced it out (LoB 6.3d, 6.3e, 6.5a, 6.5c).
// Friends in the target react in turn: a chain of Displacements.
func (r *resolver) displace(rt *retreating, h, to string) error {
	if rt.depth >= maxDisplacementChain {
		return fmt.Errorf("lob: a chain of more than %d Displacements from %s (LoB 6.3d)", maxDisplacementChain, rt.o.Hex)
	}
	units := r.bystanders(rt, h)
	var movers []*Piece
	for _, p := range r.s.stackCounters(rt.side, h) {
		if p.Kind != "wagon" && !slices.Contains(rt.counters, p) && (p.Unit == nil || slices.Contains(units, p)) {
			movers = append(movers, p)
		}
	}
	m := WorsenMorale(r.s.morale(h))
	r.add("displace", "LoB 6.3d", "%s Displace from %s to %s and become %s", strings.Join(names(units), ", "), h, to, m)
	rt.forced = append(rt.forced, names(units)...)
	sub := &retreating{o: retreatOrder{Hex: h, Hexes: 1, Cause: "displacement", Rule: "LoB 6.3d"}, side: rt.side,
		units: units, counters: movers, small: IsSmall(sps(units)), guns: allArtillery(units), ezoc: rt.ezoc, depth: rt.depth + 1}
	r.s.setMorale(h, m)
	if rt.ezoc[to] {
		if r.ezocLoss(sub, to); len(sub.units) == 0 {
			r.arrive(sub, []string{to}, to, h)
			return nil
		}
	}
	if err := r.friendsInTheWay(sub, to, h, true); err != nil {
		return err
	}
	r.arrive(sub, []string{to}, to, h)
	return nil
}

// routedContagion applies the LoB 6.0a exception when a stack passes
// through another without 6.3d: any combat unit that even momentarily
// stacks with a Routed unit is Routed, so if either stack is Routed both
// are.
func (r *resolver) routedContagion(rt *retreating, friends []*Piece, h string) {
	if r.s.morale(rt.o.Hex) != MoraleRouted && r.s.morale(h) != MoraleRouted {
		return
	}
	r.s.setMorale(rt.o.Hex, MoraleRouted)
	r.s.setMorale(h, MoraleRouted)
	r.add("routed", "LoB 6.0a", "%s and %s stack for a moment in %s with Routed units: both are Routed",
		strings.Join(names(rt.units), ", "), strings.Join(names(friends), ", "), h)
}
