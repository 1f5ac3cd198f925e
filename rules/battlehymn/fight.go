package battlehymn

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"galloper/rules"
	"galloper/rules/battlehymn/bhtext"
)

// A Combat Turn (BH 6.1, Combat Procedure Summary):
//
//  1. Defending cavalry (and horse artillery) in the ZOC of attacking
//     infantry or artillery, and in no attacking cavalry ZOC, may retreat
//     before combat on a passed Morale Check (BH 6.1.1, 10.4.5, 11.2).
//  2. Attacking artillery not in an enemy ZOC bombards, one at a time, a
//     single hex within four and in sight (BH 6.1.2, 9).
//  3. Attacking units the orders name retreat before combat (BH 6.1.3).
//  4. Approach Fire, all at once, at the marked units (BH 6.1.4, 10.4.2).
//  5. Engagements, one at a time in the Attacker's order or At Random,
//     each of one or two Combat Rounds (BH 6.1.5-6.1.9, 6.2, 8).
//  6. After Round Two, attackers still in a defender ZOC that did not
//     advance must retreat (BH 6.1.8; summary step 7).

// combatTurn carries out side att's Combat Turn.
func (h *hour) combatTurn(att rules.Side) error {
	s := h.s
	def := s.enemy(att)
	h.event("combat-turn", "BH 6.1", "%s's Combat Turn: %s is the Attacker, %s the Defender", att, att, def)
	h.fought, h.noAdvance, h.attackerSide = map[string]bool{}, map[string]bool{}, att
	if err := h.cavalryRBC(att, def); err != nil {
		return err
	}
	if err := h.bombardment(att); err != nil {
		return err
	}
	if err := h.attackerRBC(att); err != nil {
		return err
	}
	if err := h.approachFire(); err != nil {
		return err
	}
	h.checkHorses()
	err := h.engagements(att, def)
	h.checkHorses()
	return err
}

// units lists the units of side on the map that can fire, by name.
func (s *State) units(side rules.Side) []*Unit {
	var out []*Unit
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side && u.fires() {
			out = append(out, u)
		}
	}
	slices.SortFunc(out, byName)
	return out
}

func names(us []*Unit) string {
	var ns []string
	for _, u := range us {
		ns = append(ns, u.Name)
	}
	return strings.Join(ns, ", ")
}

func hexes(us []*Unit) []string {
	var out []string
	for _, u := range us {
		out = append(out, u.Hex)
	}
	return out
}

// cavalryRBC is step 1 (BH 6.1.1, 7.1.1, 10.4.5, 11.2, 11.3).
func (h *hour) cavalryRBC(att, def rules.Side) error {
	s := h.s
	for _, u := range s.units(def) {
		if !u.cavalryLike() || !u.fires() {
			continue
		}
		zs := s.zocOf(att, u.Hex)
		screened, cav := false, false
		for _, z := range zs {
			if z.fightsAs() == Cavalry {
				cav = true
			} else {
				screened = true
			}
		}
		if !screened || cav {
			continue
		}
		choice, _ := h.reaction(def, "CAVALRY")
		must := u.Type == HorseArtillery && !s.opts().HorseArtilleryMayRBC
		if !must && choice == "NEVER" {
			h.event("cavalry-rbc", "BH 6.1.1", "%s stands and does not retreat before combat (standing reaction)", u.Name)
			continue
		}
		if !h.check(u, "BH 6.1.1, 10.4.5", "cavalry Retreat Before Combat") {
			h.event("cavalry-rbc", "BH 10.4.5", "%s must stand and fight", u.Name)
			continue
		}
		for _, z := range zs {
			h.noAdvance[z.Name] = true
		}
		h.event("cavalry-rbc", "BH 6.1.1, 10.4.5", "%s retreats before combat; %s, screened, may not advance", u.Name, names(zs))
		if err := h.retreat(u, hexes(zs), true, "BH 6.1.1, 7.1.1"); err != nil {
			return err
		}
	}
	return nil
}

// bombardTargets lists the enemy units artillery a may bombard: within
// four hexes and in sight, not adjacent unless a hexside blocks the
// ZOCs both ways (BH 6.1.2, 9, ruling A2).
func (s *State) bombardTargets(a *Unit) []*Unit {
	var out []*Unit
	if !a.fires() || (a.Type != Artillery && a.Type != HorseArtillery) || s.enemyZOC(a.Side, a.Hex) {
		return nil
	}
	for i := range s.Units {
		t := &s.Units[i]
		if t.Side == a.Side || !t.onMap() {
			continue
		}
		d := s.board.Distance(a.Hex, t.Hex)
		if d > 4 || (d == 1 && s.exertsZOC(a, t.Hex)) || !s.board.sight(a.Hex, t.Hex, s.charts) {
			continue
		}
		out = append(out, t)
	}
	slices.SortFunc(out, byName)
	return out
}

// bombardment is step 2 (BH 6.1.2, 9, 10.4.3).
func (h *hour) bombardment(att rules.Side) error {
	s := h.s
	policy, _ := h.reaction(att, "BOMBARDMENT")
	if policy == "NEVER" {
		return nil
	}
	fired := map[string]bool{}
	for _, o := range h.orders[att] {
		a := s.unit(o.Unit.Text)
		if o.Verb != bhtext.Bombard || a == nil || fired[a.Name] {
			continue
		}
		fired[a.Name] = true
		ts := s.bombardTargets(a)
		var target *Unit
		for _, hx := range o.Hexes {
			if t := s.at(hx); t != nil && slices.Contains(ts, t) {
				target = t
				break
			}
		}
		if target == nil {
			h.event("bombard", "BH 6.1.2", "%s has no target among %s it may bombard", a.Name, strings.Join(o.Hexes, ", "))
			continue
		}
		if err := h.bombard(a, target); err != nil {
			return err
		}
	}
	if policy == "LISTED" {
		return nil
	}
	for _, a := range s.units(att) {
		if fired[a.Name] {
			continue
		}
		ts := s.bombardTargets(a)
		if len(ts) == 0 {
			continue
		}
		near := 99
		var opts []string
		for _, t := range ts {
			if d := s.board.Distance(a.Hex, t.Hex); d < near {
				near, opts = d, nil
			}
			if s.board.Distance(a.Hex, t.Hex) == near {
				opts = append(opts, t.Name)
			}
		}
		pick, err := h.atRandom(opts, "BH 3.1, 6.1.2", a.Name+" bombards the nearest target")
		if err != nil {
			return err
		}
		if err := h.bombard(a, s.unit(pick)); err != nil {
			return err
		}
	}
	return nil
}

// shot is the situation of u firing at t (BH 6.2.2).
func (s *State) shot(f, t *Unit, bombard, approach bool) Shot {
	b := s.board
	sh := Shot{Firer: f.fightsAs(), Target: t.fightsAs(), FirerMR: f.MR, TargetHex: b.terrain(t.Hex), FirerHex: b.terrain(f.Hex),
		HighToLow:       b.elevation(f.Hex) > b.elevation(t.Hex),
		FirerSurrounded: s.surrounded(f.Side, f.Hex), TargetSurrounded: s.surrounded(t.Side, t.Hex),
		Bombard: bombard, ApproachFire: approach}
	if b.adjacent(f.Hex, t.Hex) {
		sh.Hexsides = b.features(f.Hex, t.Hex)
		sh.Uphill = b.elevation(t.Hex) > b.elevation(f.Hex)
	}
	if f.Type == Artillery || f.Type == HorseArtillery {
		sh.Range = b.Distance(f.Hex, t.Hex)
	}
	return sh
}

// chance is the Final To Hit Chance of f at t with its terms, for events.
func (h *hour) chance(f, t *Unit, bombard, approach bool) (int, string, error) {
	c, terms, err := h.s.charts.ToHit(h.s.shot(f, t, bombard, approach), h.s.opts())
	if err != nil {
		return 0, "", err
	}
	var parts []string
	for _, x := range terms {
		parts = append(parts, fmt.Sprintf("%s %+d", x.What, x.Value))
	}
	return c, strings.Join(parts, ", "), nil
}

// bombard resolves one artillery unit's Bombardment in full, its Morale
// Check included (BH 6.1.2, 9.1, 10.4.3).
func (h *hour) bombard(a, t *Unit) error {
	c, why, err := h.chance(a, t, true, false)
	if err != nil {
		return err
	}
	hits, rolls := h.s.charts.Fire(h.dice, a.Intact(), c, fmt.Sprintf("Bombardment, %s at %s", a.Name, t.Name))
	h.event("bombard", "BH 6.1.2, 9", "%s bombards %s in %s: %d SP at To Hit %d (%s): rolls %v, %d Hit(s)", a.Name, t.Name, t.Hex, a.Intact(), c, why, rolls, hits)
	h.trace(rules.TraceFire, a.Side, a.Name, a.Hex, t.Hex)
	if hits == 0 {
		return nil
	}
	pass := h.check(t, "BH 10.4.3", "Bombardment")
	r, err := ApplyHits(t.sps(), hits, BombardCheck, pass)
	if err != nil {
		return err
	}
	t.setSPs(r.SPs)
	if pass {
		h.event("hits", "BH 9.1, 10.4.3", "%s passes: the Hits have no effect", t.Name)
		return nil
	}
	h.event("hits", "BH 9.1, 10.4.3", "%s: %d Hit(s) become Demoralizations (%d of %d SPs demoralized)", t.Name, r.Hits, t.Demoralized, t.Strength)
	if r.Shattered {
		return h.shatter(t, "all its SPs are Demoralized")
	}
	return nil
}

// attackerRBC is step 3 (BH 6.1.3, 7.1.1): the units the RBC orders
// name, in the order written, if in an enemy ZOC or adjacent to an enemy.
func (h *hour) attackerRBC(att rules.Side) error {
	s := h.s
	for _, o := range h.orders[att] {
		u := s.unit(o.Unit.Text)
		if o.Verb != bhtext.RBC || u == nil || u.Side != att || !u.fires() {
			continue
		}
		adj := s.adjacentEnemies(u)
		if len(adj) == 0 {
			h.event("rbc", "BH 6.1.3", "%s is adjacent to no enemy unit and does not retreat before combat", u.Name)
			continue
		}
		h.event("rbc", "BH 6.1.3, 7.1.1", "%s retreats before combat from %s; they may not advance", u.Name, names(adj))
		if err := h.retreat(u, hexes(adj), true, "BH 6.1.3, 7.1.1"); err != nil {
			return err
		}
	}
	return nil
}

// oddTargets places the odd SPs of a firer of side among targets (unit
// names): the side's ODD SPS PREFER list first, then At Random (BH 3.1,
// 6.3.1).
func (h *hour) oddTargets(side rules.Side, firer string, sps int, targets []string) ([]string, error) {
	k := sps % len(targets)
	if k == 0 {
		return nil, nil
	}
	var out []string
	if choice, ns := h.reaction(side, "ODD"); choice == "PREFER" {
		for _, n := range ns {
			for _, t := range targets {
				if strings.EqualFold(n, t) && len(out) < k && !slices.Contains(out, t) {
					out = append(out, t)
				}
			}
		}
	}
	for len(out) < k {
		var left []string
		for _, t := range targets {
			if !slices.Contains(out, t) {
				left = append(left, t)
			}
		}
		t, err := h.atRandom(left, "BH 3.1, 6.3.1", firer+": odd SP")
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// approachFire is step 4 (BH 6.1.4, 10.4.2): every firer whose ZOC a
// marked unit entered splits its SPs among all enemy units exerting a ZOC
// into its hex, and only the shares at marked units fire, at -3. All the
// fire is placed before any Morale Check; the checks cause no retreats.
func (h *hour) approachFire() error {
	s := h.s
	marked := map[string][]string{} // firer -> marked units aimed at it
	for i := range s.Units {
		u := &s.Units[i]
		for _, f := range u.Approach {
			if fu := s.unit(f); u.fires() && fu != nil && fu.fires() && s.exertsZOC(fu, u.Hex) {
				marked[fu.Name] = append(marked[fu.Name], u.Name)
			}
		}
	}
	firers := make([]string, 0, len(marked))
	for f := range marked {
		firers = append(firers, f)
	}
	sort.Strings(firers)
	hits := map[string]int{}
	for _, fn := range firers {
		f := s.unit(fn)
		zoc := s.zocOf(s.enemy(f.Side), f.Hex)
		var zn []string
		mk := map[string]bool{}
		for _, z := range zoc {
			zn = append(zn, z.Name)
		}
		for _, m := range marked[fn] {
			mk[m] = true
		}
		odd, err := h.oddTargets(f.Side, f.Name, f.Intact(), zn)
		if err != nil {
			return err
		}
		fire, masked, err := ApproachFire(f.Intact(), zn, mk, odd)
		if err != nil {
			return err
		}
		targets := make([]string, 0, len(fire))
		for t := range fire {
			targets = append(targets, t)
		}
		sort.Strings(targets)
		for _, tn := range targets {
			t := s.unit(tn)
			c, why, err := h.chance(f, t, false, true)
			if err != nil {
				return err
			}
			n, rolls := s.charts.Fire(h.dice, fire[tn], c, fmt.Sprintf("Approach Fire, %s at %s", f.Name, t.Name))
			hits[tn] += n
			h.event("approach-fire", "BH 6.1.4", "%s fires Approach Fire at %s: %d SP at To Hit %d (%s), %d masked: rolls %v, %d Hit(s)", f.Name, t.Name, fire[tn], c, why, masked, rolls, n)
			h.trace(rules.TraceFire, f.Side, f.Name, f.Hex, t.Hex)
		}
	}
	var hit []string
	for i := range s.Units {
		u := &s.Units[i]
		if len(u.Approach) > 0 {
			u.Approach = nil
			if hits[u.Name] > 0 {
				hit = append(hit, u.Name)
			}
		}
	}
	sort.Strings(hit)
	for _, n := range hit {
		u := s.unit(n)
		pass := h.check(u, "BH 10.4.2", "Approach Fire")
		r, err := ApplyHits(u.sps(), hits[n], ApproachCheck, pass)
		if err != nil {
			return err
		}
		u.setSPs(r.SPs)
		h.event("hits", "BH 10.4.2", "%s takes %d Hit(s): %d SPs, %d demoralized; no retreat", u.Name, r.Hits, u.Strength, u.Demoralized)
		if err := h.afterHits(u, r); err != nil {
			return err
		}
	}
	return nil
}

// afterHits removes a unit the Hits eliminated or shattered.
func (h *hour) afterHits(u *Unit, r HitResult) error {
	switch {
	case u.eliminated():
		h.eliminate(u)
	case r.Shattered:
		return h.shatter(u, "all its SPs are Demoralized")
	}
	return nil
}
