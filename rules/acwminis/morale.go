package acwminis

import (
	"fmt"
	"strings"

	"galloper/rules"
	"galloper/rules/acwminis/acwtext"
	"galloper/rules/table"
)

const (
	ruleMorale     = "ACW MORALE TEST (seed L155-168)"
	ruleSupported  = "ACW SUPPORTED UNIT (seed L161-163)"
	ruleStubborn   = "ACW STUBBORN (seed L299-301)"
	supportedRange = 6 * table.Inch
)

// Morale tests need 2 successes after shooting and 3 after a lost round
// of melee (seed L165-168).
const (
	moraleShooting = 2
	moraleMelee    = 3
)

// supporters are the friendly units within 6" that are Steady or Worn
// and not engaged (SUPPORTED UNIT, seed L161-163; ruling A35: no melee is
// joined in acwminis.v1, so none is engaged).
func (s *State) supporters(u *Unit) []string {
	var out []string
	fp := u.body().Footprint()
	for i := range s.Units {
		o := &s.Units[i]
		if o == u || o.Side != u.Side || !o.inPlay() || (o.State() != "Steady" && o.State() != "Worn") {
			continue
		}
		if g := table.Between(fp, o.body().Footprint()).Gap; g <= supportedRange {
			out = append(out, fmt.Sprintf("%s %s\"", o.Name, inches(g)))
		}
	}
	return out
}

// moraleTest takes a unit's morale test (MORALE TEST, seed L155-168) and
// carries out a failure: Disordered, or if already Disordered another
// marker and a retreat at the Advance rate, or Broken if Shaken. It
// reports whether the unit passed.
func (r *resolver) moraleTest(u *Unit, need int, why string, excessive bool) bool {
	n := 0
	for _, row := range r.sys.sheet.Morale.Rows {
		if strings.EqualFold(row.State, u.State()) {
			n = row.Dice
		}
	}
	rerolls, from := r.testRerolls(u, r.s.commandBonus(r.sys.sheet, u, false), r.s.on(optSteadyMorale))
	if sup := r.s.supporters(u); len(sup) >= r.sys.sheet.Morale.Supported.Units {
		rerolls += r.sys.sheet.Morale.Supported.Rerolls
		from = append(from, "1 reroll as a supported unit ("+strings.Join(sup, ", ")+")")
	}
	score := successes
	if excessive {
		// Excessive Casualties: a 6 is one success (seed L159).
		score = func(d int) int { return min(successes(d), 1) }
	}
	got, text := r.poolWith(n, need, rerolls, score, ruleMorale, u.Name+" morale test")
	rr := ""
	if len(from) > 0 {
		rr = " (" + strings.Join(from, "; ") + ")"
	}
	verdict := "passed"
	if got < need {
		verdict = "failed"
	}
	r.event("morale-test", ruleMorale, "%s (%s) morale test (%s): %s = %d successes, %d needed%s: %s", u.Name, u.State(), why, text, got, need, rr, verdict)
	if c, _ := r.reaction(u.Side, "STUBBORN"); got < need && u.Has("Stubborn") && c != "NEVER" {
		// STUBBORN: reroll the failed test; the reroll is final (seed L7).
		got, text = r.poolWith(n, need, 0, score, ruleStubborn, u.Name+" Stubborn reroll of its morale test")
		verdict = "passed"
		if got < need {
			verdict = "failed"
		}
		r.event("morale-test", ruleStubborn, "%s is Stubborn and rerolls the failed test: %s = %d successes, %d needed: %s", u.Name, text, got, need, verdict)
	}
	if got >= need {
		return true
	}
	switch {
	case u.State() == "Shaken":
		u.Broken = true
		r.event("broken", ruleMorale, "%s fails a morale test while Shaken: Broken, removed from play", u.Name)
	case u.Markers > 0 && !r.inMelee:
		r.disorder(u, "failed a morale test")
		r.retreat(u)
	default:
		r.disorder(u, "failed a morale test")
	}
	return false
}

// retreat moves a unit straight back at its Advance rate, facing kept, as
// far as it can (MORALE TEST, seed L166; ruling A20): with
// blocked-retreat: destroy, a unit that cannot make half of it is removed
// as Broken.
func (r *resolver) retreat(u *Unit) {
	start := *u
	o := &acwtext.Order{Verb: acwtext.Advance, Option: acwtext.OptRetire, Unit: orderName(u.Name), Facing: -1,
		Steps: []acwtext.Step{{Verb: acwtext.Back, Dist: acwtext.Max}}}
	m := &mover{s: r.s, sheet: r.sys.sheet, u: u, o: o}
	if ref := m.move(); ref != nil {
		*u = start
		r.event("retreat", ruleMorale, "%s must retreat but cannot: %s", u.Name, ref.msg)
		r.blocked(u, 0, m.allowance(), ruleMorale)
		return
	}
	r.event("retreat", ruleMorale, "%s retreats at its Advance rate: %s", u.Name, m.summary(start))
	r.trace(rules.TraceRetreat, u.Side, u.Name, start.spot(), u.spot())
	r.blocked(u, m.used, m.allowance(), ruleMorale)
}

// blocked removes a unit that made less than half of a retreat or retire
// of full length, with blocked-retreat: destroy (ruling A20).
func (r *resolver) blocked(u *Unit, made, full table.Length, rule string) {
	if r.s.opt(optBlockedRetreat) != "destroy" || 2*made >= full || !u.inPlay() {
		return
	}
	r.destroy(u, rule, fmt.Sprintf("it made %s\" of the %s\" it had to go, less than half (blocked-retreat: destroy, ruling A20)", inches(made), inches(full)))
}
