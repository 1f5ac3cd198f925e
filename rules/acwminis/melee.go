package acwminis

import (
	"fmt"
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
	// maxRounds bounds a melee that keeps drawing.
	maxRounds = 20
)

// inTerrain reports whether a unit stands in any terrain area.
func (s *State) inTerrain(u *Unit) bool {
	fp := u.body().Footprint()
	for i := range s.Terrain {
		if f := &s.Terrain[i]; !f.Line && table.Overlaps(fp, f.Polygon()) {
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
			apply = u.State() == "Worn"
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
// returns the unsaved hits and the text.
func (r *resolver) strike(u, enemy *Unit, n int) (int, string) {
	ds := make([]int, n)
	hits := 0
	for i := range ds {
		ds[i] = r.dice6(ruleMelee, u.Name+" melee to hit")
		if ds[i] >= 4 {
			hits++
		}
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
	return hits - saved, fmt.Sprintf("to hit 4+: %v = %d hits; saves %d+: %v = %d saved; %d hits", ds, hits, save, ss, saved, hits-saved)
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
	for _, m := range r.melees {
		c, t := r.s.unit(m.charger), r.s.unit(m.target)
		if c.inPlay() && t.inPlay() {
			r.fight(c, t, m.face)
		}
	}
}

// destroy removes a unit from play.
func (r *resolver) destroy(u *Unit, rule, why string) {
	u.Broken = true
	r.event("destroyed", rule, "%s is destroyed: %s", u.Name, why)
}

// fight resolves one melee round by round until a side is broken or
// leaves (WINNING, LOSING AND DRAWS, seed L392-396).
func (r *resolver) fight(c, t *Unit, face table.Quarter) {
	for round := 1; round <= maxRounds; round++ {
		cn, cw := r.meleeDice(c, t, round == 1, table.Front)
		tn, tw := r.meleeDice(t, c, false, face)
		ch, ct := r.strike(c, t, cn)
		th, tt := r.strike(t, c, tn)
		c.Hits += th
		t.Hits += ch
		r.event("melee", ruleMeleeDice, "round %d: %s: %s; %s", round, c.Name, cw, ct)
		r.event("melee", ruleMeleeDice, "round %d: %s (engaged to its %s): %s; %s", round, t.Name, face, tw, tt)
		var loser, winner *Unit
		lost := map[*Unit]int{c: th, t: ch}
		switch {
		case ch > th:
			winner, loser = c, t
		case th > ch:
			winner, loser = t, c
		case c.Has("Green") && !t.Has("Green"):
			winner, loser = t, c // Green units lose draws (seed L271)
		case t.Has("Green") && !c.Has("Green"):
			winner, loser = c, t
		}
		for _, u := range []*Unit{c, t} {
			if u.Hits >= u.BrokenAt {
				r.destroy(u, ruleRounds, fmt.Sprintf("%d hits, its broken value %d", u.Hits, u.BrokenAt))
			}
		}
		if !c.inPlay() || !t.inPlay() {
			return
		}
		leaving := map[*Unit]bool{}
		if loser == nil {
			r.event("melee-round", ruleRounds, "round %d is a draw, %d hits each: another round", round, ch)
		} else {
			r.event("melee-round", ruleRounds, "round %d: %s wins, %d hits to %d; %s tests morale", round, winner.Name, lost[loser], lost[winner], loser.Name)
			r.inMelee = true
			passed := r.moraleTest(loser, moraleMelee, "lost a round of melee", lost[loser] >= r.sys.sheet.Morale.ExcessiveCasualties)
			r.inMelee = false
			if !loser.inPlay() {
				return
			}
			leaving[loser] = !passed
		}
		for _, u := range []*Unit{c, t} {
			if u.State() == "Shaken" {
				leaving[u] = true
			}
		}
		if !leaving[c] && !leaving[t] {
			continue
		}
		for _, u := range []*Unit{c, t} {
			if !leaving[u] {
				continue
			}
			if u.State() == "Shaken" {
				r.retire(u, ruleRounds, "leaves the melee at the Run rate, facing away")
			} else {
				r.retreat(u)
			}
			other := t
			if u == t {
				other = c
			}
			if !leaving[other] && other.State() != "Shaken" {
				r.pursue(other, u)
			}
		}
		return
	}
	r.event("melee-round", ruleRounds, "%d rounds without a result: the melee stops", maxRounds)
}

// pursue is the winner's 4D6 at a retiring unit, hits on 4+, saves apply
// (seed L396).
func (r *resolver) pursue(w, l *Unit) {
	if !l.inPlay() {
		return
	}
	hits, text := r.strike(w, l, 4)
	l.Hits += hits
	r.event("pursuit", ruleRounds, "%s rolls 4D6 at the retiring %s: %s on %s, %d in all", w.Name, l.Name, text, l.Name, l.Hits)
	if l.Hits >= l.BrokenAt {
		r.destroy(l, ruleRounds, fmt.Sprintf("%d hits, its broken value %d", l.Hits, l.BrokenAt))
	}
}
