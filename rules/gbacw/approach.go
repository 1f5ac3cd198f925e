package gbacw

import (
	"galloper/rules"
	"galloper/rules/hex"
)

// Artillery and enemy units (GBACW 9.55, ruling GBACW-R54). Option 1, the
// prudent one and Galloper's default: artillery moves no closer than four
// hexes to enemy combat units, unless the enemy has no LOS to the closer
// hex (friendly units never block it: lineOfSight is the terrain's).
// Artillery that starts within three hexes of the enemy may move into
// hexes as far from it or farther, whatever the LOS.
//
// Option 2, "running the guns in close", when the Battle Book chooses it:
//
//  1. Unless stacking with or next to friendly infantry or cavalry,
//     artillery may not move within three hexes of enemy mounted cavalry.
//  2. Entering a hex within three of enemy units with LOS to it (enemy
//     units block it, the artillery's friends do not), after any Approach
//     Fire, it makes a UDD at +1 for each such unit, +2 more if one is
//     within two hexes; leaders stacked with it give nothing.
//  3. Failing, it is Disordered and retreats until no enemy within three
//     hexes sees it; it loses half its margin of failure in guns (rounded
//     down) when the margin is over two, and one more if it was already
//     Disordered. Its move ends.
//  4. Artillery that started the activation within three hexes and LOS of
//     the enemy makes no UDD for a hex farther from the enemy.

// approachOption is the option of 9.55 in play.
func (s *State) approachOption() int {
	if s.book == nil || s.book.ArtilleryApproach == 0 {
		return 1
	}
	return s.book.ArtilleryApproach
}

// artilleryApproach returns the test a hex an artillery unit would enter
// must pass, or nil for other units. The unit's hex is its hex at the
// start of the activation: under Advance Orders it moves once (6.15), and
// artillery is never under Attack Orders (6.18).
func (s *State) artilleryApproach(cc *CombatCharts, u *UnitSt) func(string) bool {
	if u.Kind != "artillery" {
		return nil
	}
	if s.approachOption() == 2 {
		return func(n string) bool { return !s.nearCavalry(u, n) || s.footNear(u.Side, n) }
	}
	_, startD := s.nearestEnemy(u.Hex, u.Side)
	if startD <= 3 {
		return func(n string) bool {
			_, d := s.nearestEnemy(n, u.Side)
			return d >= startD
		}
	}
	return func(n string) bool {
		a := s.axial(n)
		for i := range s.Units {
			e := &s.Units[i]
			if e.Side != u.Side && e.combat() && hex.Distance(a, s.axial(e.Hex)) <= 3 && s.lineOfSight(cc, e.Hex, n) {
				return false
			}
		}
		return true
	}
}

// nearCavalry: enemy mounted cavalry is within three hexes of n.
func (s *State) nearCavalry(u *UnitSt, n string) bool {
	a := s.axial(n)
	for i := range s.Units {
		e := &s.Units[i]
		if e.Side != u.Side && e.combat() && e.Kind == "cavalry" && hex.Distance(a, s.axial(e.Hex)) <= 3 {
			return true
		}
	}
	return false
}

// footNear: the side's infantry or cavalry stands in n or next to it.
func (s *State) footNear(side rules.Side, n string) bool {
	a := s.axial(n)
	for i := range s.Units {
		f := &s.Units[i]
		if f.Side == side && f.combat() && f.Kind != "artillery" && hex.Distance(a, s.axial(f.Hex)) <= 1 {
			return true
		}
	}
	return false
}

// watchers counts the enemy combat units within three hexes of h with LOS
// to it, and says whether one is within two. Enemy units block that LOS
// (10.26), the artillery's friends do not (9.55 Option 2).
func (s *State) watchers(cc *CombatCharts, side rules.Side, h string) (n int, close bool) {
	a := s.axial(h)
	for i := range s.Units {
		e := &s.Units[i]
		if e.Side == side || !e.combat() {
			continue
		}
		if d := hex.Distance(a, s.axial(e.Hex)); d <= 3 && s.lineOfSight(cc, e.Hex, h) && !s.screened(e, h) {
			n++
			close = close || d <= 2
		}
	}
	return n, close
}

// runGuns is Option 2's UDD for artillery that moved from from into its
// hex; startNear: it started the activation within three hexes and LOS of
// the enemy. It reports whether the unit may move on.
func (r *resolver) runGuns(u *UnitSt, from string, startNear bool) bool {
	s := r.s
	cc := r.sys.combat
	if s.approachOption() != 2 || u.Kind != "artillery" || !u.combat() {
		return true
	}
	n, close := s.watchers(cc, u.Side, u.Hex)
	if n == 0 {
		return true
	}
	if startNear {
		_, before := s.nearestEnemy(from, u.Side)
		if _, now := s.nearestEnemy(u.Hex, u.Side); now > before {
			return true
		}
	}
	drm := n
	if close {
		drm += 2
	}
	drm = UDDDRM(0, s.fatigueOf(u), drm)
	coh := r.s.cohesion(u)
	roll, pass := UDD(r, u.Name, coh, drm, "running the guns in close")
	if pass {
		r.event("udd", "GBACW 9.55", "%s passes its UDD (running the guns in close): rolled %d%+d against %d", u.Name, roll, drm, coh)
		return true
	}
	r.event("udd", "GBACW 9.55", "%s fails its UDD (running the guns in close): rolled %d%+d against %d", u.Name, roll, drm, coh)
	guns := 0
	if margin := roll + drm - coh; margin > 2 {
		guns = margin / 2
	}
	if u.Status == StDisordered {
		guns++
	} else {
		u.Status = StDisordered
		r.event("disorder", "GBACW 9.55", "%s is Disordered (running the guns in close)", u.Name)
	}
	// 12.45: no hex that would cost the guns more than 2 MPs (a road's
	// rate where they may use it).
	dear := func(h string) bool {
		c := s.enterCost(cc, u, s.ordersOf(u), u.Hex, h)
		return c == 0 || c > 2*2
	}
	for range 3 {
		if n, _ := s.watchers(cc, u.Side, u.Hex); n == 0 {
			break
		}
		e, _ := s.nearestEnemy(u.Hex, u.Side)
		full := func(n string) bool { return !s.stackRoom(u, n, s.ordersOf(u)) } // 8.11
		h := s.retreatHexAvoiding(cc, u, u.Hex, e.Hex, false, func(n string) bool { return dear(n) || full(n) })
		if h == "" {
			// 12.45: artillery that cannot complete its retreat is
			// Abandoned (ruling GBACW-R87).
			r.event("retreat-blocked", "GBACW 12.45", "%s cannot complete its retreat from %s", u.Name, u.Hex)
			if guns > 0 {
				r.lose(u, guns, "running the guns in close")
			}
			if u.combat() {
				u.Status = StAbandoned
				r.event("abandoned", "GBACW 12.45", "%s is Abandoned", u.Name)
			}
			return false
		}
		r.event("retreat", "GBACW 9.55", "%s retreats from %s to %s", u.Name, u.Hex, h)
		u.Hex = h
	}
	if guns > 0 {
		r.lose(u, guns, "running the guns in close")
	}
	return false
}

// startsNear: the artillery stands within three hexes and LOS of the enemy.
func (s *State) startsNear(cc *CombatCharts, u *UnitSt) bool {
	if u.Kind != "artillery" {
		return false
	}
	n, _ := s.watchers(cc, u.Side, u.Hex)
	return n > 0
}

// screened: e's own combat units stand between e and h, on the line as
// 10.26 traces it (unitsBlock), and block its LOS (9.55 Option 2).
func (s *State) screened(e *UnitSt, h string) bool {
	a, b := s.axial(e.Hex), s.axial(h)
	la, lb := s.baseLevel(e.Hex), s.baseLevel(h)
	left, right := hex.Line(a, b)
	blocked := func(p []hex.Axial) bool {
		for _, x := range p {
			id := s.hexID(x)
			if x == a || x == b || id == "" {
				continue
			}
			for _, v := range s.unitsAt(id) {
				if v.Side == e.Side && v.combat() {
					if lv := s.baseLevel(id); !(lv < la && lv < lb) {
						return true
					}
				}
			}
		}
		return false
	}
	return blocked(left) || blocked(right)
}
