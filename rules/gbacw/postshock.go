package gbacw

import (
	"slices"

	"galloper/rules"
)

// shockChain is a shock and the Continued Shocks that follow it (11.47):
// the units that engaged in their Step 6b, for the one Step 6e at the
// chain's end, and the routs of each side in their results, for 12.52's
// "both sides". See ruling GBACW-R105.
type shockChain struct {
	attackers, defenders []*UnitSt
	// routed: a unit of the side routed, or its guns were Abandoned, in
	// a result of the chain; best is the highest Cohesion Rating (12.52)
	// of its units that routed.
	routed map[rules.Side]bool
	best   map[rules.Side]int
	spared bool // 12.52 has spared a unit in the chain
}

// engaged adds a shock's attackers and defenders, who engaged in Step 6b
// (11.48), to the chain; a unit that attacked in any shock of the chain
// is an attacker for Step 6e (ruling GBACW-R106).
func (c *shockChain) engaged(attackers, defenders []*UnitSt) {
	if c == nil {
		return
	}
	for _, a := range attackers {
		if !slices.Contains(c.attackers, a) {
			c.attackers = append(c.attackers, a)
		}
		c.defenders = slices.DeleteFunc(c.defenders, func(d *UnitSt) bool { return d == a })
	}
	for _, d := range defenders {
		if !slices.Contains(c.attackers, d) && !slices.Contains(c.defenders, d) {
			c.defenders = append(c.defenders, d)
		}
	}
}

// routs notes u's rout in a result of the chain, with its Cohesion
// Rating for 12.52.
func (c *shockChain) routs(r *resolver, u *UnitSt) {
	if c == nil || u.Kind == "artillery" {
		return
	}
	coh := r.routCohesion(u)
	if !c.routed[u.Side] || coh > c.best[u.Side] {
		c.best[u.Side] = coh
	}
	c.routed[u.Side] = true
}

// endChain is Step 6e, once after the shock and all its successive
// Continued Shocks (11.41, 11.47): the Post-Shock Automatic Disorder of
// every unit that engaged in their Step 6b (11.48). When units would
// rout from it (a Collapsed unit failing its UDD after the step lost,
// 12.23, 12.51) and the other side routed too, in the chain's results
// or in this step, the one of them with the highest Cohesion Rating (the
// first in the chain's order on a tie among them) is spared as 12.52
// says, if it beats or ties the other side's units routed earlier; those
// have already routed (11.45), so none is spared when theirs is higher,
// and none when 12.52 has spared a unit in the chain already. See ruling
// GBACW-R105.
func (r *resolver) endChain() {
	c := r.chain
	r.chain = nil
	held := []*UnitSt{}
	r.routs = &held
	r.postShock(c.attackers, c.defenders) // its losses check for no leader (11.48)
	r.settleCollapses()                   // 12.23
	r.routs = nil
	if len(held) == 0 {
		return
	}
	u := held[0]
	for _, x := range held[1:] {
		if r.routCohesion(x) > r.routCohesion(u) {
			u = x
		}
	}
	// Both sides rout: the other side routed in the chain's results, or
	// has units of its own among Step 6e's routs.
	enemyRouted := slices.ContainsFunc(held, func(x *UnitSt) bool { return x.Side != u.Side })
	for side, yes := range c.routed {
		enemyRouted = enemyRouted || yes && side != u.Side
	}
	if enemyRouted && !c.spared {
		var best int
		found := false
		for side, b := range c.best {
			if side != u.Side {
				best, found = b, true
			}
		}
		if !found || r.routCohesion(u) >= best {
			tie := ""
			if found && r.routCohesion(u) == best {
				tie = ": a tie spares an attacker"
			}
			r.event("both-rout", "GBACW 12.52", "both sides would rout: %s, of the attackers, does not (Cohesion %d against the defenders' %d%s)",
				u.Name, r.routCohesion(u), best, tie)
			held = slices.DeleteFunc(held, func(x *UnitSt) bool { return x == u })
		} else {
			r.event("both-rout", "GBACW 12.52", "both sides would rout: the defenders' best (Cohesion %d) has routed already, so %s (Cohesion %d) routs too (ruling GBACW-R105)",
				best, u.Name, r.routCohesion(u))
		}
	}
	for _, x := range held {
		if x.onMap() {
			r.rout(x)
		}
	}
}
