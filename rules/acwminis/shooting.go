package acwminis

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"galloper/rules"
	"galloper/rules/table"
)

const (
	ruleShooting  = "ACW SHOOTING PHASE (seed L24-37)"
	ruleLOS       = "ACW LINE OF SIGHT (seed L174-176)"
	ruleRange     = "ACW SHOOTING RANGE AND DICE (seed L206-211)"
	ruleModifiers = "ACW DICE AND MODIFIERS (seed L221-259)"
	ruleToHit     = "ACW To-Hit (seed L184-186)"
	ruleSaves     = "ACW SAVES (seed L196-204)"
	ruleMarksmen  = "ACW MARKSMEN (seed L279-281)"
)

// screen is the table as it blocks lines of sight now: every unit in
// play and the terrain that blocks sight.
func (s *State) screen() *table.Screen {
	var bodies []table.Body
	for i := range s.Units {
		if u := &s.Units[i]; u.inPlay() {
			bodies = append(bodies, u.body())
		}
	}
	var fs []table.Feature
	for i := range s.Terrain {
		if f := &s.Terrain[i]; f.BlocksLOS && !f.Line {
			fs = append(fs, table.Feature{ID: f.Name, Shape: f.Polygon()})
		}
	}
	sc, err := table.NewScreen(bodies, fs, table.DefaultSamples)
	if err != nil {
		panic("acwminis: " + err.Error())
	}
	return sc
}

// fireRow is the unit's row of SHOOTING RANGE AND DICE.
func fireRow(sheet *Sheet, u *Unit) *FireRow {
	typ := u.Type
	switch {
	case typ == "Skirmishers":
		typ = "Infantry"
	case typ == "Artillery" && strings.Contains(u.List, "Siege"):
		typ = "Siege Artillery"
	}
	for i := range sheet.Shooting {
		if r := &sheet.Shooting[i]; r.Type == typ && r.Formation == u.Formation {
			return r
		}
	}
	return nil
}

// band finds the range band: a range exactly on an edge is in the nearer
// band, or with upper (band-edge: upper) in the farther one (ruling A10).
func band(row *FireRow, rng table.Length, upper bool) (Band, bool) {
	for _, b := range row.Bands {
		if b.To == nil || rng < table.Inches(int64(*b.To)) || rng == table.Inches(int64(*b.To)) && !upper {
			return b, true
		}
	}
	return Band{}, false
}

// inCover reports the cover feature a unit stands in, if any.
func (s *State) inCover(u *Unit) string {
	fp := u.body().Footprint()
	for i := range s.Terrain {
		if f := &s.Terrain[i]; f.Cover && !f.Line && table.Overlaps(fp, f.Polygon()) {
			return f.Name
		}
	}
	return ""
}

// shot is one measured shot.
type shot struct {
	target *Unit
	fire   table.LineOfFire
	band   Band
}

// aim picks a shooter's target: the first of its FIRE targets it may
// shoot at, else the nearest enemy in its front arc with a good line of
// sight at a range its row gives dice for; of two equally near, the one
// whose footprint is nearer, then the first in scenario order.
func (r *resolver) aim(u *Unit, sc *table.Screen) (shot, bool) {
	for _, n := range r.fire[u.Name] {
		if t := r.s.unit(n); t != nil && t.inPlay() && t.Side != u.Side {
			if sh, ok := r.measure(u, t, sc); ok {
				return sh, true
			}
		}
	}
	row := fireRow(r.sys.sheet, u)
	if row == nil {
		return shot{}, false
	}
	// The range to the nearest visible part is never less than the range
	// to the nearest part, so the candidates are taken nearest first and
	// the search stops once none can be nearer than the best found.
	type cand struct {
		t   *Unit
		rng table.Length
	}
	var cs []cand
	b := u.body()
	for i := range r.s.Units {
		t := &r.s.Units[i]
		if t.Side == u.Side || !t.inPlay() {
			continue
		}
		tb := t.body()
		if !table.InArc(b, tb).In {
			continue
		}
		cs = append(cs, cand{t, table.Range(b, tb).Gap})
	}
	slices.SortStableFunc(cs, func(x, y cand) int { return cmp.Compare(x.rng, y.rng) })
	var best shot
	found := false
	for _, c := range cs {
		if found && c.rng > best.fire.Range.Gap {
			break
		}
		sh, ok := r.measure(u, c.t, sc)
		if ok && (!found || sh.fire.Range.Gap < best.fire.Range.Gap) {
			best, found = sh, true
		}
	}
	return best, found
}

// measure checks whether u may shoot at t: in its front arc, with a good
// line of sight, at a range its row gives dice for.
func (r *resolver) measure(u, t *Unit, sc *table.Screen) (shot, bool) {
	row := fireRow(r.sys.sheet, u)
	f, err := sc.Fire(u.Name, t.Name)
	if row == nil || err != nil || !f.Sight.Good || !f.Arc.In || f.Range.Gap < 0 {
		return shot{}, false
	}
	b, ok := band(row, f.Range.Gap, r.s.opt(optBandEdge) == "upper")
	if !ok || b.Dice == 0 {
		return shot{}, false
	}
	return shot{target: t, fire: f, band: b}, true
}

// poolFor is a shot's pool: base dice, then every modifier in printed order,
// then the minimum (DICE AND MODIFIERS, seed L221-259). It returns the
// pool and the working, as "13D6 (Line, close) -2 Worn = 11D6".
func (r *resolver) poolFor(u *Unit, sh shot) (int, string) {
	t := sh.target
	n := sh.band.Dice
	work := []string{fmt.Sprintf("%dD6 (%s, %s)", n, strings.ToLower(u.Formation), sh.band.Name)}
	lineish := u.Formation == "Line" || u.Formation == "Supported Line" || u.Formation == "Mounted Line" || u.Formation == "Dismounted" || u.Formation == "Unlimbered"
	// Obscured when partly hidden (ruling A28), or when supporting a
	// battery (seed L217-219).
	obscured := !sh.fire.Sight.Complete() && r.s.on(optObscuredPartial) || r.s.supported(t) != nil
	cover := r.s.inCover(t)
	for _, m := range r.sys.sheet.ShootingModifiers.Rows {
		apply := false
		switch m.Key {
		case "shaken":
			if u.State() == "Shaken" {
				n = (n + 1) / 2
				work = append(work, "halved (Shaken), rounded up")
			}
			continue
		case "large":
			apply = u.Has("Large Unit") && (u.Formation == "Line" || u.Formation == "Supported Line" || u.Formation == "Mounted Line" || u.Formation == "Dismounted" || u.Formation == "Unlimbered" || r.s.opt(optLargeSmall) == "always") // ruling A11
		case "green":
			apply = u.Has("Green")
		case "worn":
			apply = u.State() == "Worn"
		case "rallied":
			apply = u.Rallied
		case "small":
			apply = u.Has("Small Unit") && (lineish && u.Formation != "Supported Line" || r.s.opt(optLargeSmall) == "always") // ruling A11
		case "column-or-limbered-close":
			apply = (t.Formation == "March Column" || t.Formation == "Limbered") && (sh.band.Name == "close" || sh.band.Name == "effective")
		case "mounted-cavalry":
			apply = t.Type == "Cavalry" && mounted(t.Formation)
		case "dismounted-cavalry":
			apply = t.Type == "Cavalry" && t.Formation == "Dismounted"
		case "cover-or-obscured":
			apply = cover != "" || obscured
		case "unlimbered-siege":
			apply = t.Type == "Artillery" && t.Formation == "Unlimbered" && strings.Contains(t.List, "Siege")
		case "unlimbered-field-or-skirmishers":
			apply = t.Type == "Artillery" && t.Formation == "Unlimbered" && !strings.Contains(t.List, "Siege") || t.Type == "Skirmishers"
		}
		if apply {
			n += m.Dice
			work = append(work, fmt.Sprintf("%+d %s", m.Dice, strings.TrimSuffix(m.Text[strings.Index(m.Text, ":")+2:], ".")))
		}
	}
	if min := r.sys.sheet.ShootingModifiers.Minimum; n < min {
		n = min
		work = append(work, fmt.Sprintf("minimum %dD6", min))
	}
	return n, strings.Join(work, ", ") + fmt.Sprintf(" = %dD6", n)
}

// shoot resolves one unit's shooting: hits, then saves (SHOOTING RESULTS,
// seed L261-263). Unsaved hits go into took.
func (r *resolver) shoot(u *Unit, artillery bool, took map[string]int) {
	sh, ok := r.aim(u, r.s.screen())
	if !ok {
		r.event("no-target", ruleShooting, "%s has no target: no enemy in its front arc and line of sight within range", u.Name)
		return
	}
	r.fireAt(u, sh, artillery, took)
}

// fireAt resolves a measured shot.
func (r *resolver) fireAt(u *Unit, sh shot, artillery bool, took map[string]int) {
	t := sh.target
	n, work := r.poolFor(u, sh)
	ds := make([]int, n)
	hits := 0
	for i := range ds {
		ds[i] = r.dice6(ruleToHit, u.Name+" shoots at "+t.Name)
		hits += r.hitsOf(ds[i])
	}
	text := fmt.Sprintf("%v", ds)
	if u.Has("Marksmen") {
		// MARKSMEN: reroll all failed hits; the reroll is final.
		var rr []int
		for i := range ds {
			if ds[i] < 4 {
				d := r.dice6(ruleMarksmen, u.Name+" Marksmen reroll")
				rr = append(rr, d)
				hits += r.hitsOf(d)
			}
		}
		text += fmt.Sprintf(", Marksmen reroll %v", rr)
	}
	from := "Small Arms"
	if artillery {
		from = "Artillery"
		if strings.Contains(u.List, "Siege") {
			from = "Siege Artillery"
		}
	}
	save, cover := 0, r.s.inCover(t)
	for _, row := range r.sys.sheet.Saves {
		if row.From == from {
			save = row.Basic
			if cover != "" {
				save = row.Cover
			}
		}
	}
	var ss []int
	saved := 0
	for range hits {
		d := r.dice6(ruleSaves, t.Name+" saves")
		ss = append(ss, d)
		if d >= save {
			saved++
		}
	}
	where := ""
	if cover != "" {
		where = " in cover (" + cover + ")"
	}
	unsaved := hits - saved
	t.Hits += unsaved
	took[t.Name] += unsaved
	if hits > 0 && r.struck != nil {
		r.struck[t.Name] = true
	}
	r.event("shot", ruleShooting, "%s shoots at %s: %s; range %v (%s); %s; to hit 4+: %s = %d hits; saves %d+%s: %v = %d saved; %d hits on %s, %d in all (%s)",
		u.Name, t.Name, sh.fire.Sight, sh.fire.Range.Gap, sh.band.Name, work, text, hits, save, where, ss, saved, unsaved, t.Name, t.Hits, t.State())
	r.trace(rules.TraceFire, u.Side, u.Name, u.spot(), t.spot())
	if t.Hits >= t.BrokenAt {
		// A unit reaching its broken value is removed at once (ruling A33).
		t.Broken = true
		r.event("broken", ruleMorale, "%s has %d hits, its broken value %d: Broken, removed from play", t.Name, t.Hits, t.BrokenAt)
	}
}

func (r *resolver) dice6(rule, purpose string) int { return r.dice.Roll(6, rule, purpose) }

// hitsOf is what a to-hit die scores in shooting and melee: 4+ one hit,
// and a 6 two with hit-six-counts-two: true (ruling A8).
func (r *resolver) hitsOf(d int) int {
	switch {
	case d == 6 && r.s.on(optSixTwo):
		return 2
	case d >= 4:
		return 1
	}
	return 0
}

// shootingPhase is step 2: small arms completely, morale tests for the
// units they hit, then artillery likewise (seed L24-37).
func (r *resolver) shootingPhase() {
	side := sideOf(r.s)
	for _, artillery := range []bool{false, true} {
		kind := "small arms"
		if artillery {
			kind = "artillery"
		}
		r.event("phase", ruleShooting, "Shooting Phase: %s", kind)
		took := map[string]int{}
		r.struck = map[string]bool{}
		for i := range r.s.Units {
			u := &r.s.Units[i]
			if u.Side != side || !u.inPlay() || !u.Fire || (u.Type == "Artillery") != artillery {
				continue
			}
			if artillery && (u.Formation != "Unlimbered" || u.Unlimbered && u.List != "Horse Artillery Battery") {
				// Regular artillery cannot fire the turn it unlimbers (seed L99).
				continue
			}
			r.shoot(u, artillery, took)
		}
		// Units left with an unsaved hit test (ruling A36), or every unit
		// hit with morale-on-saved-hits: true.
		var names []string
		for i := range r.s.Units {
			if u := &r.s.Units[i]; (took[u.Name] > 0 || r.struck[u.Name] && r.s.on(optSavedMorale)) && u.inPlay() {
				names = append(names, u.Name)
			}
		}
		r.struck = nil
		for _, n := range names {
			u := r.s.unit(n)
			// Excessive Casualties: 8+ unsaved hits (seed L159; ruling A21).
			r.moraleTest(u, moraleShooting, fmt.Sprintf("%d hits from %s", took[n], kind), took[n] >= r.sys.sheet.Morale.ExcessiveCasualties)
		}
	}
}
