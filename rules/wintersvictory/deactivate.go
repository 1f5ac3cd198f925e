package wintersvictory

import (
	"fmt"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/wintersvictory/wvtext"
)

// deactivations carries out (or, checking orders, checks) a side's
// COMMAND <Brigade Leader>: DEACTIVATE orders, in the Brigade & Division
// Leader Deactivation Segment of an hourly Interphase (4.1 1E). The
// owning player may deactivate a brigade when all its battalions or
// regiments in play are In Command and none is Routed, its Brigade Leader
// is In Command, and none of its units is within 6 hexes of an enemy unit
// (the side's own sight, ruling R72), and each French Light battalion
// broken down into skirmish companies has, with its companies, a third
// of its original strength, rounded up (ruling R96). The leader returns
// to the display;
// its Fatigue Points stay as they are. See WV 17.54.
func (r *run) deactivations(side rules.Side, os []*wvtext.Order) {
	var inCmd map[string]bool
	for _, o := range os {
		if o.Verb != wvtext.Command {
			continue
		}
		refuse := func(code, msg string) { r.refuse(side, o.At, code, "WV 17.54", msg, "") }
		l, ok := r.ownLeader(side, o.Who)
		switch {
		case !ok:
			r.refuse(side, o.Who.At, "wv-unknown-leader", "WV 2.32", fmt.Sprintf("%s has no leader called %s", side, orders.Clip(o.Who.Text)), "")
			continue
		case o.State != wvtext.Deactivate:
			refuse("wv-17.54-segment", "in the Interphase a COMMAND order only deactivates a brigade: COMMAND <Brigade Leader>: DEACTIVATE")
			continue
		case !r.s.hourly():
			refuse("wv-17.54-hourly", "a brigade is deactivated only in the Interphase of an hourly turn")
			continue
		case l.Level != Brigade:
			refuse("wv-17.54-not-brigade", l.Name+" is not a Brigade Leader: only brigades are deactivated by order (a Division Leader follows his brigades)")
			continue
		case l.Hex == "":
			refuse("wv-17.54-inactive", l.Name+" is on the display already")
			continue
		}
		if inCmd == nil {
			inCmd = r.inCommand(side)
		}
		if why := r.deactivationProblem(l, inCmd); why != "" {
			refuse("wv-17.54-conditions", l.Name+"'s brigade may not deactivate: "+why)
			continue
		}
		if r.dry() {
			continue
		}
		l.Hex, l.Inactive = "", true
		r.tell("deactivated", "WV 17.54", only(side), "%s's brigade is deactivated: %s returns to the display (%d Fatigue Points kept)", l.Name, l.Name, l.Fatigue)
	}
}

// deactivationProblem says why Brigade Leader l's brigade may not
// deactivate, or "" (17.54).
func (r *run) deactivationProblem(l *Leader, inCmd map[string]bool) string {
	if !r.leaderInCommand(l) {
		return l.Name + " is Out of Command"
	}
	seen := r.s.seenEnemyHexes(l.Side)
	for _, u := range r.s.brigadeUnits(l.Name) {
		switch {
		case u.Morale == moraleRouted:
			return u.Name + " is Routed"
		case !inCmd[u.Name]:
			return u.Name + " is Out of Command"
		case nearestOf(r.s.board().Axial(u.Hex), seen) <= 6:
			return u.Name + " is within 6 hexes of an enemy unit"
		}
	}
	for _, b := range r.s.brokenLight(l.Name) {
		if sp, need := r.s.withCompanies(b), (b.Printed+2)/3; sp < need {
			return fmt.Sprintf("%s has %d SP with its skirmish companies, under a third of its original %d (%d)", b.Name, sp, b.Printed, need)
		}
	}
	return ""
}

// brokenLight lists the French Light battalions of the brigade that have
// been broken down into skirmish companies: those with companies
// detached, or in the Battalions Broken Down box (8.62.1; 17.54, ruling
// R96).
func (s *State) brokenLight(brigade string) []*Unit {
	var out []*Unit
	add := func(u *Unit, boxed bool) {
		if u.Brigade != brigade || u.Nation != "French" || u.Class != "light" || u.Type != "infantry" || u.skirmishing() {
			return
		}
		if boxed || u.Detached > 0 || len(s.companies(u.Name)) > 0 {
			out = append(out, u)
		}
	}
	for i := range s.Units {
		if !s.Units[i].Eliminated {
			add(&s.Units[i], false)
		}
	}
	for i := range s.BrokenDown {
		add(&s.BrokenDown[i], true)
	}
	return out
}

// companies lists the skirmish companies in play detached from battalion
// name (8.61).
func (s *State) companies(name string) []*Unit {
	var out []*Unit
	for i := range s.Units {
		if c := &s.Units[i]; c.skirmishing() && !c.Eliminated && c.Parent == name {
			out = append(out, c)
		}
	}
	return out
}

// withCompanies is the SP of battalion b and of its companies in play (a
// battalion in the Broken Down box has none of its own).
func (s *State) withCompanies(b *Unit) int {
	sp := b.Strength
	for _, c := range s.companies(b.Name) {
		sp += c.Strength
	}
	return sp
}
