package wintersvictory

import (
	"fmt"
	"slices"

	"galloper/rules"
)

// Skirmisher displacement (See WV 8.66). The procedure, with its rules:
//
//  1. An enemy formed unit (neither Disordered nor Routed, nor in General
//     Order or Skirmish formation) of at least three times their strength
//     may move into a Clear or Light Cover hex held by skirmish companies
//     alone: they displace one or two hexes before it enters.
//  2. Each displacing company may first fire at the moving unit, at -1;
//     the moving unit does not fire at it, but the mover's other units
//     with it in their Minimum Range Fire Zone may, as it leaves (11.3).
//  3. When the moving unit's move ends, a displaced company next to it
//     may displace again, to a hex next to it and not next to the mover.
//
// The owner's standing DISPLACE reaction chooses: FIRE (fire, then two
// hexes, each the farthest from the mover, and away again at the end),
// AWAY (the same without the fire), or ASK (and a side that sets
// nothing): a decision request for each choice.

// displaceable reports whether mover u may enter hex h by displacing the
// skirmish companies there (8.66).
func (r *run) displaceable(u *Unit, h string) bool {
	t := r.s.terrain(h)
	if !u.formed() || u.skirmishing() || u.Formation == "general order" || t != "clear" && t != "light-cover" {
		return false
	}
	sp := 0
	for _, e := range r.s.unitsAt(h) {
		if e.Side == u.Side {
			continue
		}
		if !e.skirmishing() {
			return false
		}
		sp += e.Strength
	}
	return sp > 0 && u.Strength >= 3*sp
}

// displaceFrom carries out 8.66 for mover u about to enter hex h, and
// returns the companies displaced.
func (r *run) displaceFrom(u *Unit, h string) []*Unit {
	var out []*Unit
	for _, c := range r.s.unitsAt(h) {
		if c.Side == u.Side {
			continue
		}
		out = append(out, c)
		if r.displaceChoice(c, "displace fire "+c.Name, fmt.Sprintf("%s must displace from %s before %s: fire at it first, at -1 (8.66)", c.Name, h, u.Name), []string{"fire", "hold"}, "fire") == "fire" && canFire(c) == "" {
			r.tell("displace-fire", "WV 8.66", nil, "%s fires at %s as it displaces (8.66)", c.Name, u.Name)
			fired := c.Fired
			r.displacing = true
			r.fire(c, u)
			r.displacing = false
			c.Fired = fired
			if u.Eliminated || u.Morale != "" {
				return out
			}
		}
		if !r.opportunityFireBut(c, u, "displaces from "+h) {
			continue
		}
		to := r.displaceTargets(c, u, 2, false)
		if len(to) == 0 {
			r.tell("displaced", "WV 8.66", nil, "%s has nowhere to displace from %s and is eliminated (8.66)", c.Name, h)
			r.loseSP(c, c.Strength, "WV 8.66")
			continue
		}
		dest := r.displaceChoice(c, "displace "+c.Name, fmt.Sprintf("%s displaces from %s before %s: into which hex (one or two hexes off)", c.Name, h, u.Name), to, to[0])
		c.Hex = dest
		r.tell("displaced", "WV 8.66", r.seenBy(c), "%s displaces from %s to %s before %s (8.66)", c.Name, h, dest, u.Name)
	}
	return out
}

// displaceAgain is 8.66's last bullet, when mover u's move has ended.
func (r *run) displaceAgain(u *Unit, cs []*Unit) {
	for _, c := range cs {
		if c.Eliminated || r.s.dist(c.Hex, u.Hex) != 1 {
			continue
		}
		to := r.displaceTargets(c, u, 1, true)
		if len(to) == 0 {
			continue
		}
		opts := append(slices.Clone(to), "stay")
		dest := r.displaceChoice(c, "displace again "+c.Name, fmt.Sprintf("%s is next to %s, whose move has ended: displace again (8.66)", c.Name, u.Name), opts, to[0])
		if dest == "stay" {
			continue
		}
		from := c.Hex
		c.Hex = dest
		r.tell("displaced", "WV 8.66", r.seenBy(c), "%s displaces again from %s to %s, away from %s (8.66)", c.Name, from, dest, u.Name)
	}
}

// displaceChoice asks company c's side, through its standing DISPLACE
// reaction: FIRE takes def, AWAY takes def but "hold" for the fire.
func (r *run) displaceChoice(c *Unit, key, question string, opts []string, def string) string {
	ch := rules.Choice{Key: key, Side: c.Side, Rule: "WV 8.66", Question: question, Options: opts, Default: def}
	switch r.standing(c.Side, "DISPLACE") {
	case "FIRE":
		ch.Standing = def
	case "AWAY":
		ch.Standing = def
		if slices.Contains(opts, "hold") {
			ch.Standing = "hold"
		}
	}
	return r.decide(ch)
}

// displaceTargets lists the hexes company c may displace to, up to n
// hexes off, farthest from mover u first; apart: none next to u.
func (r *run) displaceTargets(c, u *Unit, n int, apart bool) []string {
	ok := func(h string) bool {
		if r.enemyIn(c.Side, h) != nil || h == u.Hex || r.stackProblem(c, h) != "" {
			return false
		}
		tc, err := r.pack.Terrain(r.s.terrain(h), mover(c))
		return err == nil && !tc.Prohibited
	}
	seen := map[string]bool{c.Hex: true}
	var out []string
	frontier := []string{c.Hex}
	for step := 0; step < n; step++ {
		var next []string
		for _, at := range frontier {
			for _, h := range r.s.neighbours(at) {
				if seen[h] || !ok(h) {
					continue
				}
				seen[h] = true
				next = append(next, h)
				if !apart || r.s.dist(h, u.Hex) > 1 {
					out = append(out, h)
				}
			}
		}
		frontier = next
	}
	slices.SortStableFunc(out, func(a, b string) int { return r.s.dist(b, u.Hex) - r.s.dist(a, u.Hex) })
	return out
}

// opportunityFireBut is 11.3 for company c leaving its hex, by every
// enemy unit but the mover u (8.66), reporting whether c may go on.
func (r *run) opportunityFireBut(c, u *Unit, what string) bool {
	return r.holdFire([]*Unit{u}, func() bool { return r.opportunityFire(c, what) })
}

// holdFire runs f with units us kept from opportunity fire: the mover
// does not fire at the company it displaces, and the companies fire at
// the mover as they displace, not as it comes next to them (8.66).
func (r *run) holdFire(us []*Unit, f func() bool) bool {
	held := map[string]bool{}
	for _, u := range us {
		held[u.Name] = r.oppFired[u.Name]
		r.oppFired[u.Name] = true
	}
	defer func() {
		for n, v := range held {
			r.oppFired[n] = v
		}
	}()
	return f()
}

// displacedBy lists the enemy units of mover u in hex h when they will
// displace before it (8.66), else nil.
func (r *run) displacedBy(u *Unit, h string) []*Unit {
	if r.enemyIn(u.Side, h) == nil || !r.displaceable(u, h) {
		return nil
	}
	var out []*Unit
	for _, e := range r.s.unitsAt(h) {
		if e.Side != u.Side {
			out = append(out, e)
		}
	}
	return out
}
