package acwminis

import (
	"fmt"
	"slices"
	"strings"

	"galloper/rules/table"
)

const (
	ruleMelee      = "ACW MELEE COMBAT (seed L357-363)"
	ruleMeleeDice  = "ACW MELEE DICE AND MODIFIERS (seed L365-386)"
	ruleMeleeSaves = "ACW SAVING THROWS (seed L388-390)"
	ruleRounds     = "ACW WINNING, LOSING AND DRAWS (seed L392-396)"
	ruleDestroyed  = "ACW LIMBERED ARTILLERY, MARCH COLUMNS AND SKIRMISHERS (seed L410-412)"
	ruleShakenFR   = "ACW FLANKS AND REAR (seed L414-416)"
	// ruleSupportMelee is INFANTRY OR DISMOUNTED CAVALRY SUPPORTING
	// ARTILLERY in melee.
	ruleSupportMelee = "ACW SUPPORTING ARTILLERY (seed L353-355)"
	// maxRounds bounds a melee that keeps drawing.
	maxRounds = 20
)

// inTerrain reports whether a unit stands in any terrain area other than
// open ground (a hill of the Open category is open terrain).
func (s *State) inTerrain(u *Unit) bool {
	fp := u.body().Footprint()
	for i := range s.Terrain {
		if f := &s.Terrain[i]; !f.Line && f.Category != "Open" && table.Overlaps(fp, f.Polygon()) {
			return true
		}
	}
	return false
}

// meleeDice is a unit's pool in a round: the melee column's base dice,
// then the modifiers in printed order, then the minimum of 2 (seed
// L365-386; the displaced "-2D6 is worn" applies, ruling A14).
func (r *resolver) meleeDice(u, enemy *Unit, charging bool, face table.Quarter) (int, string) {
	row := fireRow(r.sys.sheet, u)
	n := 0
	if row != nil {
		n = row.Melee
	}
	work := []string{fmt.Sprintf("%dD6 (%s)", n, strings.ToLower(u.Formation))}
	open := !r.s.inTerrain(u) && !r.s.inTerrain(enemy)
	for _, m := range r.sys.sheet.MeleeModifiers.Rows {
		apply := false
		switch m.Key {
		case "shaken":
			if u.State() == "Shaken" {
				n = (n + 1) / 2
				work = append(work, "halved (Shaken), rounded up")
			}
			continue
		case "charging":
			apply = charging
		case "defending-obstacle":
			apply = u == r.behind
		case "enemy-uphill":
			apply = r.uphill[u.Name]
		case "tough-fighters":
			apply = u.Has("Tough Fighters")
		case "large":
			apply = u.Has("Large Unit")
		case "cavalry-vs-infantry-open":
			apply = u.Type == "Cavalry" && mounted(u.Formation) && enemy.Type == "Infantry" && open
		case "infantry-vs-cavalry-open":
			apply = u.Type == "Infantry" && enemy.Type == "Cavalry" && mounted(enemy.Formation) && open
		case "disordered":
			apply = u.Markers > 0
		case "small":
			apply = u.Has("Small Unit")
		case "flank":
			apply = face == table.LeftFlank || face == table.RightFlank
		case "rear":
			apply = face == table.Rear
		case "worn":
			apply = u.State() == "Worn" && r.s.on(optMeleeWorn) // ruling A14
		}
		if apply {
			text := m.Text
			if i := strings.Index(text, "is "); i >= 0 {
				text = text[i:]
			} else if i := strings.Index(text, "are "); i >= 0 {
				text = text[i:]
			}
			n += m.Dice
			work = append(work, fmt.Sprintf("%+d %s", m.Dice, strings.TrimSuffix(text, ".")))
		}
	}
	if min := r.sys.sheet.MeleeModifiers.Minimum; n < min {
		n = min
		work = append(work, fmt.Sprintf("minimum %dD6", min))
	}
	return n, strings.Join(work, ", ") + fmt.Sprintf(" = %dD6", n)
}

// strike rolls a unit's melee dice at 4+ and the enemy's saves at 6; it
// returns the unsaved hits, the hits scored before saves and the text.
func (r *resolver) strike(u, enemy *Unit, n int) (int, int, string) {
	ds := make([]int, n)
	hits := 0
	for i := range ds {
		ds[i] = r.dice6(ruleMelee, u.Name+" melee to hit")
		hits += r.hitsOf(ds[i])
	}
	save := 6
	for _, row := range r.sys.sheet.Saves {
		if row.From == "Melee" {
			save = row.Basic
		}
	}
	var ss []int
	saved := 0
	for range hits {
		d := r.dice6(ruleMeleeSaves, enemy.Name+" melee saves")
		ss = append(ss, d)
		if d >= save {
			saved++
		}
	}
	return hits - saved, hits, fmt.Sprintf("to hit 4+: %v = %d hits; saves %d+: %v = %d saved; %d hits", ds, hits, save, ss, saved, hits-saved)
}

// meleePhase resolves every melee joined by this half's charges, in the
// order they were declared (seed L39-41, L359).
func (r *resolver) meleePhase() {
	if len(r.melees) == 0 {
		return
	}
	r.event("phase", ruleMelee, "Melee Phase")
	for _, m := range r.melees {
		c, t := r.s.unit(m.charger), r.s.unit(m.target)
		if !c.inPlay() || !t.inPlay() {
			continue
		}
		switch {
		case m.destroy || t.Type == "Skirmishers" && c.Type != "Skirmishers":
			r.destroy(t, ruleDestroyed, "skirmishers contacted by non-skirmishers are destroyed at the start of the Melee Phase")
		case t.Formation == "March Column" || t.Formation == "Limbered":
			r.destroy(t, ruleDestroyed, strings.ToLower(t.Formation)+" in melee is destroyed at the start of the Melee Phase")
		case t.State() == "Shaken" && m.face != table.Front:
			r.destroy(t, ruleShakenFR, fmt.Sprintf("a Shaken unit engaged to its %s is destroyed at the start of the Melee Phase", m.face))
		}
	}
	done := map[string]bool{}
	for _, m := range r.melees {
		if done[m.target] {
			continue
		}
		done[m.target] = true
		var cs []*Unit
		var faces []table.Quarter
		counter := false
		for _, o := range r.melees {
			if o.target == m.target {
				cs, faces = append(cs, r.s.unit(o.charger)), append(faces, o.face)
				counter = counter || o.counter
			}
		}
		if t := r.s.unit(m.target); t.inPlay() {
			r.fight(cs, t, faces, counter)
		}
	}
}

// destroy removes a unit from play.
func (r *resolver) destroy(u *Unit, rule, why string) {
	u.Broken = true
	r.event("destroyed", rule, "%s is destroyed: %s", u.Name, why)
}

// fight resolves one melee round by round until a side is broken or
// leaves (WINNING, LOSING AND DRAWS, seed L392-396). Up to two chargers
// fight one target; with two, the one its side's PRIMARY PREFER names,
// else the one with the most modified dice, is primary and the other supports with half its base dice, rounded up and
// unmodified, and the target's hits fall on the primary (MULTIPLE UNITS
// ENGAGED, seed L406-410).
//
// A target that counter-charged counts as charging in round 1 (seed
// L345).
func (r *resolver) fight(cs []*Unit, t *Unit, faces []table.Quarter, counter bool) {
	defer func(b *Unit) { r.behind = b }(r.behind)
	r.behind = nil
	for i, c := range cs {
		if faces[i] == table.Front && r.s.behindObstacle(t, c) {
			r.behind = t
		}
	}
	for round := 1; round <= maxRounds; round++ {
		var in []*Unit
		face := table.Front
		for i, c := range cs {
			if c.inPlay() {
				in = append(in, c)
				if faces[i] == table.Rear || faces[i] != table.Front && face == table.Front {
					face = faces[i]
				}
			}
		}
		if len(in) == 0 || !t.inPlay() {
			return
		}
		c := in[0]
		cn, cw := r.meleeDice(c, t, round == 1, table.Front)
		for _, o := range in[1:] {
			if n, w := r.meleeDice(o, t, round == 1, table.Front); n > cn {
				c, cn, cw = o, n, w
			}
		}
		if p := r.preferred(in); p != nil && p != c {
			c = p
			cn, cw = r.meleeDice(c, t, round == 1, table.Front)
		}
		for _, o := range in {
			if o == c {
				continue
			}
			base := 0
			if row := fireRow(r.sys.sheet, o); row != nil {
				base = row.Melee
			}
			cn += (base + 1) / 2
			cw += fmt.Sprintf(", +%d supporting %s (half its %dD6, rounded up) = %dD6", (base+1)/2, o.Name, base, cn)
		}
		tn, tw := r.meleeDice(t, c, round == 1 && counter, face)
		sp := r.s.supporter(t)
		if sp != nil {
			// The supporter adds half its base dice (seed L353-355, ruling
			// A16).
			base := 0
			if row := fireRow(r.sys.sheet, sp); row != nil {
				base = row.Melee
			}
			tn += (base + 1) / 2
			tw += fmt.Sprintf(", +%d supporting %s (half its %dD6, rounded up) = %dD6", (base+1)/2, sp.Name, base, tn)
		}
		ch, cs, ct := r.strike(c, t, cn)
		th, ts, tt := r.strike(t, c, tn)
		c.Hits += th
		r.event("melee", ruleMeleeDice, "round %d: %s: %s; %s", round, c.Name, cw, ct)
		r.event("melee", ruleMeleeDice, "round %d: %s (engaged to its %s): %s; %s", round, t.Name, face, tw, tt)
		if sp != nil {
			// For every 3 hits, 2 on the battery and 1 on the supporter;
			// a remainder on the battery, or on the supporter with
			// support-split-remainder: supporter (seed L355, ruling A16).
			onSup := ch / 3
			if r.s.opt(optSplit) == "supporter" {
				onSup = ch - 2*(ch/3) // the remainder on the supporter
			}
			t.Hits += ch - onSup
			sp.Hits += onSup
			r.event("melee-hits", ruleSupportMelee, "%d hits on %s and its supporter %s: %d on %s, %d on %s", ch, t.Name, sp.Name, ch-onSup, t.Name, onSup, sp.Name)
			if sp.Hits >= sp.BrokenAt {
				r.destroy(sp, ruleRounds, fmt.Sprintf("%d hits, its broken value %d", sp.Hits, sp.BrokenAt))
			}
		} else {
			t.Hits += ch
		}
		// The round goes to the most hits after saves (ruling A9), or
		// before them with melee-winner-by: scored.
		a, b := ch, th
		if r.s.opt(optWinnerBy) == "scored" {
			a, b = cs, ts
		}
		var losers []*Unit
		var winner *Unit
		lost := a
		switch {
		case a > b:
			winner, losers = c, []*Unit{t}
		case b > a:
			winner, losers, lost = t, in, b
		case c.Has("Green") && !t.Has("Green"):
			winner, losers = t, in // Green units lose draws (seed L271)
		case t.Has("Green") && !c.Has("Green"):
			winner, losers = c, []*Unit{t}
		}
		for _, u := range append(slices.Clone(in), t) {
			if u.Hits >= u.BrokenAt {
				r.destroy(u, ruleRounds, fmt.Sprintf("%d hits, its broken value %d", u.Hits, u.BrokenAt))
			}
		}
		if !t.inPlay() {
			r.freeCharge(in, sp, t)
			return
		}
		if !c.inPlay() && len(in) == 1 {
			return
		}
		leaving := map[*Unit]bool{}
		if winner == nil {
			r.event("melee-round", ruleRounds, "round %d is a draw, %d hits each: another round", round, a)
		} else {
			var names []string
			for _, l := range losers {
				names = append(names, l.Name)
			}
			r.event("melee-round", ruleRounds, "round %d: %s wins, %d hits to %d; %s tests morale", round, winner.Name, lost, a+b-lost, strings.Join(names, " and "))
			for _, l := range losers {
				if !l.inPlay() {
					continue
				}
				r.inMelee = true
				passed := r.moraleTest(l, moraleMelee, "lost a round of melee", lost >= r.sys.sheet.Morale.ExcessiveCasualties)
				r.inMelee = false
				leaving[l] = !passed
			}
		}
		all := append(slices.Clone(in), t)
		for _, u := range all {
			if u.inPlay() && u.State() == "Shaken" {
				leaving[u] = true
			}
		}
		if winner == c && r.behind == t && t.inPlay() && !leaving[t] {
			r.pushBack(c, t)
		}
		stay := false
		for _, u := range all {
			if u.inPlay() && !leaving[u] && u != t {
				stay = true
			}
		}
		any := false
		for _, u := range all {
			any = any || leaving[u]
		}
		if !any {
			continue
		}
		for _, u := range all {
			if !leaving[u] || !u.inPlay() {
				continue
			}
			if u.State() == "Shaken" {
				r.retire(u, ruleRounds, "leaves the melee at the Run rate, facing away")
			} else {
				r.retreat(u)
			}
			var victor *Unit
			if u == t {
				// The primary unit pursues, else a supporting one.
				for _, o := range append([]*Unit{c}, in...) {
					if o.inPlay() && !leaving[o] && o.State() != "Shaken" {
						victor = o
						break
					}
				}
			} else if t.inPlay() && !leaving[t] && t.State() != "Shaken" {
				victor = t
			}
			if victor != nil {
				r.pursue(victor, u)
			}
		}
		if !t.inPlay() || leaving[t] {
			r.freeCharge(in, sp, t)
			return
		}
		if !stay {
			return
		}
	}
	r.event("melee-round", ruleRounds, "%d rounds without a result: the melee stops", maxRounds)
}

// freeCharge gives the first charger still able the free charge into
// the unit that supported the battery t when t is broken or retires, and
// fights the new melee at once (seed L355).
func (r *resolver) freeCharge(in []*Unit, sp, t *Unit) {
	if sp == nil || !sp.inPlay() {
		return
	}
	for _, c := range in {
		if !c.inPlay() || c.State() == "Shaken" {
			continue
		}
		p, err := r.s.planCharge(r.sys.sheet, c, sp)
		if err != nil || !p.path.Clear || p.path.Contact.Straight > p.run {
			r.event("free-charge", ruleSupportMelee, "%s left the melee but %s cannot reach %s, which supported it", t.Name, c.Name, sp.Name)
			continue
		}
		c.place(p.path.Contact.End.Pose)
		why := "retired"
		if !t.inPlay() {
			why = "broke"
		}
		r.event("free-charge", ruleSupportMelee, "%s %s: %s charges %s, which supported it: %s, path %s\"; ends at %v", t.Name, why, c.Name, sp.Name, p.face, inches(p.path.Contact.Straight), c.Pose())
		r.fight([]*Unit{c}, sp, []table.Quarter{p.face.Face}, false)
		return
	}
}

// elevation is the level of the ground at p: the highest hill holding
// it, 0 off every hill.
func (s *State) elevation(p table.Point) int {
	e := 0
	for i := range s.Terrain {
		if f := &s.Terrain[i]; !f.Line && f.Elevation > e && f.Polygon().Contains(p) {
			e = f.Elevation
		}
	}
	return e
}

// behindObstacle reports whether t, charged to its front by c, is
// defending an obstacle: an Obstacle of the terrain lies between the two
// (it overlaps their joint hull) within 1" of t's front edge (ruling
// A40).
func (s *State) behindObstacle(t, c *Unit) bool {
	tb := t.body()
	l, rt := tb.FrontEdge()
	h, err := table.Hull(append(tb.Footprint(), c.body().Footprint()...)...)
	if err != nil {
		return false
	}
	for i := range s.Terrain {
		f := &s.Terrain[i]
		if f.Category != "Obstacle" {
			continue
		}
		if table.Overlaps(h, f.Polygon()) && table.Between(table.Polygon{l, rt}, f.Polygon()).Gap <= table.Inch {
			return true
		}
	}
	return false
}

// pushBack carries out DEFENDED OBSTACLES (seed L398-400): the charger c
// won a round against t behind an obstacle; t loses the bonus and is
// pushed straight back 1 base depth, c following into the space.
func (r *resolver) pushBack(c, t *Unit) {
	r.behind = nil
	d := table.Length(t.BaseD)
	back := (t.body().Pose.Heading + table.Degrees(180)).Norm()
	mv, _ := table.Straight(t.body(), back, d, nil)
	dx, dy := mv.End.Pose.Front.X-t.Pose().Front.X, mv.End.Pose.Front.Y-t.Pose().Front.Y
	t.place(mv.End.Pose)
	cp := c.Pose()
	cp.Front.X += dx
	cp.Front.Y += dy
	c.place(cp)
	r.event("pushed-back", "ACW DEFENDED OBSTACLES (seed L398-400)", "%s wins a round against %s behind an obstacle: %s is pushed back %s\" to %v and loses the defended obstacle bonus; %s occupies the space to %v",
		c.Name, t.Name, t.Name, inches(d), t.Pose().Front, c.Name, c.Pose().Front)
}

// preferred is the unit its side's standing PRIMARY PREFER names first
// among the units in, or nil: MULTIPLE UNITS ENGAGED (seed L406-408)
// says a single unit "is declared the primary unit" without saying how;
// by default the one with the most modified dice is.
func (r *resolver) preferred(in []*Unit) *Unit {
	c, names := r.reaction(in[0].Side, "PRIMARY")
	if c != "PREFER" {
		return nil
	}
	for _, n := range names {
		for _, u := range in {
			if strings.EqualFold(u.Name, n) {
				return u
			}
		}
	}
	return nil
}

// pursue is the winner's 4D6 at a retiring unit, hits on 4+, saves apply
// (seed L396).
func (r *resolver) pursue(w, l *Unit) {
	if !l.inPlay() {
		return
	}
	hits, _, text := r.strike(w, l, 4)
	l.Hits += hits
	r.event("pursuit", ruleRounds, "%s rolls 4D6 at the retiring %s: %s on %s, %d in all", w.Name, l.Name, text, l.Name, l.Hits)
	if l.Hits >= l.BrokenAt {
		r.destroy(l, ruleRounds, fmt.Sprintf("%d hits, its broken value %d", l.Hits, l.BrokenAt))
	}
}
