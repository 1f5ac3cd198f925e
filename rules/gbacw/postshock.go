package gbacw

import (
	"maps"
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
// is an attacker for Step 6e (ruling GBACW-R106). A shock's result
// played alone, outside resolveShocks, has no chain and no Step 6e.
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
	if b, ok := c.best[u.Side]; !ok || coh > b {
		c.best[u.Side] = coh
	}
	c.routed[u.Side] = true
}

// endChain is Step 6e, once after the shock and all its successive
// Continued Shocks (11.41, 11.47): the Post-Shock Automatic Disorder of
// every unit that engaged in their Step 6b (11.48), its routs weighed by
// 12.52 (spareLate). See ruling GBACW-R105.
func (r *resolver) endChain() {
	c := r.chain
	r.chain = nil
	held := []*UnitSt{}
	r.routs = &held
	r.postShock(c.attackers, c.defenders) // its losses check for no leader (11.48)
	r.settleCollapses()                   // 12.23
	r.routs = nil
	for _, x := range r.spareLate(c, held) {
		if x.onMap() {
			r.rout(x)
		}
	}
}

// spareLate is 12.52 for the units held that would rout in Step 6e (a
// Collapsed unit failing its UDD after the step lost, 12.23, 12.51):
// when the other side routed too, in the chain's results or in this
// step, the one of them with the highest Cohesion Rating (the first in
// the chain's order on a tie among them) is spared if it beats or ties
// the other side's units routed earlier; those have already routed
// (11.45), so none is spared when theirs is higher, and none when 12.52
// has spared a unit in the chain already. It returns the units that
// rout. See ruling GBACW-R105.
func (r *resolver) spareLate(c *shockChain, held []*UnitSt) []*UnitSt {
	if len(held) == 0 || c.spared {
		return held
	}
	u := held[0]
	for _, x := range held[1:] {
		if r.routCohesion(x) > r.routCohesion(u) {
			u = x
		}
	}
	best, found := c.enemyBest(u.Side)
	if !c.enemyRouted(u.Side) && !slices.ContainsFunc(held, func(x *UnitSt) bool { return x.Side != u.Side }) {
		return held
	}
	if found && r.routCohesion(u) < best {
		r.event("both-rout", "GBACW 12.52", "both sides would rout: the defenders' best (Cohesion %d) has routed already, so %s (Cohesion %d) routs too (ruling GBACW-R105)",
			best, u.Name, r.routCohesion(u))
		return held
	}
	switch {
	case !found: // the other side's routs are all Step 6e's, or Abandoned guns (12.52 Note)
		r.event("both-rout", "GBACW 12.52", "both sides would rout: %s, of the attackers, does not (Cohesion %d, the highest)",
			u.Name, r.routCohesion(u))
	case r.routCohesion(u) == best:
		r.event("both-rout", "GBACW 12.52", "both sides would rout: %s, of the attackers, does not (Cohesion %d against the defenders' %d: a tie spares an attacker)",
			u.Name, r.routCohesion(u), best)
	default:
		r.event("both-rout", "GBACW 12.52", "both sides would rout: %s, of the attackers, does not (Cohesion %d against the defenders' %d)",
			u.Name, r.routCohesion(u), best)
	}
	return slices.DeleteFunc(held, func(x *UnitSt) bool { return x == u })
}

// enemyRouted: a unit of a side other than side routed, or its guns were
// Abandoned, in a result of the chain.
func (c *shockChain) enemyRouted(side rules.Side) bool {
	for _, s := range slices.Sorted(maps.Keys(c.routed)) {
		if s != side && c.routed[s] {
			return true
		}
	}
	return false
}

// enemyBest is the highest Cohesion Rating (12.52) of the units of a side
// other than side that routed in the chain's results; found is false
// when none did.
func (c *shockChain) enemyBest(side rules.Side) (best int, found bool) {
	for _, s := range slices.Sorted(maps.Keys(c.best)) {
		if s != side && (!found || c.best[s] > best) {
			best, found = c.best[s], true
		}
	}
	return best, found
}
