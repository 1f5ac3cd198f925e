package wintersvictory

import (
	"fmt"
	"slices"
	"strings"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/wintersvictory/wvtext"
)

// run is one segment being checked (Validate: no dice) or resolved. Both
// carry the orders out on a copy of the state in the same order, so a
// later order is checked against the state the earlier ones leave.
type run struct {
	// corpsOrder: the Division Attack Orders being sent implement a Corps
	// Attack Order (17.71).
	corpsOrder bool
	// oppCharged: the side has initiated its Opportunity Charge of the
	// phase (12.56, ruling R75).
	oppCharged map[rules.Side]bool
	// oppShock: an Opportunity Charge of a Shock Phase is being carried
	// out (12.56.2): no Impetus, and it triggers none.
	oppShock bool
	s        *State
	tables   *Tables
	pack     *Pack
	opt      Options
	// dice is nil in a dry run (Validate): nothing is rolled, problems
	// are collected instead of events.
	dice     rules.Dice
	rolls    int
	events   []rules.Event
	problems []orders.Problem
	// decisions are the answers given so far; asked numbers their keys.
	decisions []rules.Decision
	asked     map[string]int
	// spent is the Movement Points each unit has used this phase, in
	// halves (5.31 costs half a point per vertex).
	spent map[string]int
	// centreFire: the fire being resolved is an Extended Line's one fire
	// at its centre hex (11.53.1).
	centreFire bool
	// extCap is the Strength Points an Extended Line shocks with, by
	// unit, while its shock is resolved (8.35.2).
	extCap map[string]int
	// half: the fire being resolved is one half's of an Extended Line
	// firing at two target hexes (11.53).
	half bool
	// displacing: the fire being resolved is a displaced skirmish
	// company's, at -1 (8.66).
	displacing bool
	// splitSP is the Strength Points of the part of a split fire being
	// resolved (11.61), 0 for a whole unit's fire.
	splitSP int
	// splitHit holds "unit>hex" for each hex a split fire has hit (11.62).
	splitHit map[string]bool
	// together are the skirmish companies firing with the one whose fire
	// is resolved, as one (11.61).
	together []*Unit
	// entered and enteredUnits are the road hexes filled and the units
	// entered at each entry hex this phase (6.71).
	entered, enteredUnits map[string]int
	// moved, formed and shocked name units that have done so this phase.
	moved, shocked map[string]bool
	// shocks counts each unit's shock attacks this phase; barred names
	// the units that may shock no more (12.11.5).
	shocks map[string]int
	barred map[string]bool
	// endAttacks name the leaders whose Attack Orders end voluntarily at
	// the end of the Rally Phase (17.76 A).
	endAttacks []string
	// inRetreat names the units whose retreat is under way: a chain of
	// occupants retreating before a retreating unit (13.33) never asks
	// one of them to check again.
	inRetreat map[string]bool
	// oppFired names the units that have fired at opportunity this
	// phase (11.3).
	oppFired map[string]bool
	// noting: a dry run that keeps its events as a receipt's notes.
	noting bool
}

// pause stops resolution for a decision request: decide panics with it
// and Resolve recovers it into rules.Result.Pauses.
type pause struct{ req rules.DecisionRequest }

func (sys System) newRun(s *State, dice rules.Dice, decisions []rules.Decision) *run {
	pack := sys.pack
	if s.Pack != nil {
		p, err := CompilePack(s.Pack)
		if err == nil {
			pack = p
		}
	}
	return &run{s: s, tables: sys.tables, pack: pack, dice: dice, decisions: decisions, asked: map[string]int{},
		spent: map[string]int{}, entered: map[string]int{}, enteredUnits: map[string]int{}, moved: map[string]bool{}, shocked: map[string]bool{}, oppFired: map[string]bool{}}
}

// dry reports a Validate run.
func (r *run) dry() bool { return r.dice == nil }

// d10 rolls the game's die, read 0-9 (2.6): a rolled 10 reads 0. The
// roll is recorded as an event seen by the given sides (nil: everyone).
func (r *run) d10(rule, purpose string, visible []rules.Side) int {
	v := r.dice.Roll(10, rule, purpose)
	r.events = append(r.events, rules.Event{Kind: "roll", Rule: rule, Visible: visible,
		Text: fmt.Sprintf("%s: d10 %d", purpose, v%10),
		Roll: &rules.Roll{Index: r.rolls, Purpose: purpose, Rule: rule, Sides: 10, Result: v}})
	r.rolls++
	return v % 10
}

// tell records an event seen by the given sides (nil: everyone). A dry
// run keeps them only when it is noting a receipt (ReceiptNotes).
func (r *run) tell(kind, rule string, visible []rules.Side, format string, args ...any) {
	if r.dry() && !r.noting {
		return
	}
	r.events = append(r.events, rules.Event{Kind: kind, Rule: rule, Visible: visible, Text: fmt.Sprintf(format, args...)})
}

// traced gives the last event told the trace tr (rules.Trace): a path on
// the map of the results report, for the sides that may read the event.
func (r *run) traced(tr rules.Trace) {
	if r.dry() || len(r.events) == 0 || len(tr.Hexes) < 2 {
		return
	}
	r.events[len(r.events)-1] = r.events[len(r.events)-1].Traced(tr)
}

// only is the visibility of an event for one side.
func only(side rules.Side) []rules.Side { return []rules.Side{side} }

// seenBy is the visibility of an event about unit u: its own side, and
// the enemy when it sees u's hex (nil: both, ruling R43).
func (r *run) seenBy(u *Unit) []rules.Side {
	if r.s.sees(enemy(u.Side), u.Hex) {
		return nil
	}
	return only(u.Side)
}

// refuse records an illegal order: a problem in a dry run, an event
// saying it was not carried out in a resolution (the state changed
// since it was checked).
func (r *run) refuse(side rules.Side, at orders.Pos, code, rule, msg, sugg string) {
	if r.dry() {
		r.problems = append(r.problems, orders.Problem{At: at, Kind: orders.Illegal, Code: code, Rule: rule, Message: msg, Suggestion: sugg})
		return
	}
	r.tell("order-skipped", rule, only(side), "not carried out: %s", r.anonymize(side, msg))
}

// anonymize replaces the names of the enemy's units in a text told to
// side alone: an event that names a unit is told to that unit's side, so
// one for side's eyes only names none of the enemy's.
func (r *run) anonymize(side rules.Side, text string) string {
	var ns []string
	for i := range r.s.Units {
		if u := &r.s.Units[i]; u.Side != side && strings.Contains(text, u.Name) {
			ns = append(ns, u.Name)
		}
	}
	slices.SortFunc(ns, func(a, b string) int { return len(b) - len(a) })
	for _, n := range ns {
		text = strings.ReplaceAll(text, n, "an enemy unit")
	}
	return text
}

// decide answers a choice with the side's standing orders or answer so
// far, or pauses.
func (r *run) decide(c rules.Choice) string {
	a := rules.Decide(c, rules.DecisionKey(r.asked, c.Key), r.decisions)
	if a.Pause != nil {
		panic(pause{*a.Pause})
	}
	switch {
	case a.Note == "":
	case c.Standing != "":
		r.tell("decision", c.Rule, only(c.Side), "%s", a.Note)
	default: // answered by a decision request (or its default)
		r.tell("decided", c.Rule, only(c.Side), "%s", a.Note)
	}
	return a.Choice
}

// standing is a side's standing choice for a reaction kind, "" when it
// has not set one.
func (r *run) standing(side rules.Side, kind string) string {
	return r.s.Standing[side][kind]
}

// ownLeader is a leader of side by name.
func (r *run) ownLeader(side rules.Side, n orders.Name) (*Leader, bool) {
	l := r.s.leader(n.Text)
	return l, l != nil && l.Side == side
}

// ownUnit is a unit in play of side by name.
func (r *run) ownUnit(side rules.Side, n orders.Name) (*Unit, bool) {
	u := r.s.unit(n.Text)
	return u, u != nil && u.Side == side
}

// seenEnemy is an enemy unit in play that side can see, by name: an
// enemy unit out of sight is answered exactly as one that does not exist
// (a problem never tells of a hidden unit).
func (r *run) seenEnemy(side rules.Side, name string) *Unit {
	u := r.s.unit(name)
	if u == nil || u.Side == side || !r.s.sees(side, u.Hex) {
		return nil
	}
	return u
}

// noUnit is the problem of a name that is not one of the side's units.
func (r *run) noUnit(side rules.Side, n orders.Name, what string) {
	r.refuse(side, n.At, "wv-unknown-unit", "WV 2.31", fmt.Sprintf("%s has no %s called %s in play", side, what, orders.Clip(n.Text)), "")
}

// unitOrders are a file's orders of the dialect, in the order written.
func unitOrders(f *orders.File) []*wvtext.Order {
	var out []*wvtext.Order
	if f == nil {
		return nil
	}
	for _, o := range f.Orders {
		if x, ok := o.(*wvtext.Order); ok {
			out = append(out, x)
		}
	}
	return out
}

// stepVerbs are the verbs each segment takes.
var stepVerbs = map[int][]string{
	stepInterphase:    {wvtext.Exempt, wvtext.Command},
	stepAlliedCommand: {wvtext.Send, wvtext.Attack, wvtext.Command, wvtext.Charge},
	stepFrenchCommand: {wvtext.Send, wvtext.Attack, wvtext.Command, wvtext.Charge},
	stepFrenchMove:    {wvtext.Detach, wvtext.Rejoin, wvtext.Move, wvtext.March, wvtext.Form, wvtext.Face, wvtext.Command},
	stepAlliedMove:    {wvtext.Detach, wvtext.Rejoin, wvtext.Move, wvtext.March, wvtext.Form, wvtext.Face, wvtext.Command},
	stepAlliedShock:   {wvtext.Shock},
	stepFrenchShock:   {wvtext.Shock},
	stepFire:          {wvtext.Fire},
}

// verbSegments say, for a problem, where each verb belongs.
var verbSegments = map[string]string{
	wvtext.Exempt: "the Interphase", wvtext.Send: "your Command segment", wvtext.Attack: "your Command segment",
	wvtext.Charge: "your Command segment", wvtext.Command: "your Command or Movement segment (DEACTIVATE: the hourly Interphase)",
	wvtext.Move: "your Movement segment", wvtext.March: "your Movement segment", wvtext.Detach: "your Movement segment", wvtext.Rejoin: "your Movement segment", wvtext.Form: "your Movement segment", wvtext.Face: "your Movement segment",
	wvtext.Shock: "your Shock segment", wvtext.Fire: "the Reciprocal Fire segment",
}

// inSegment keeps the orders the segment takes and refuses the others.
func (r *run) inSegment(side rules.Side, f *orders.File) []*wvtext.Order {
	var out []*wvtext.Order
	for _, o := range unitOrders(f) {
		if !slices.Contains(stepVerbs[r.s.Step], o.Verb) {
			r.refuse(side, o.At, "wv-4.1-wrong-segment", "WV 4.1",
				fmt.Sprintf("%s orders belong to %s; this is the %s segment", o.Verb, verbSegments[o.Verb], stepNames[r.s.Step]),
				"send it when that segment's orders are asked for")
			continue
		}
		out = append(out, o)
	}
	return out
}

// keepStanding stores the STANDING block of a side's file, if it has one.
func (s *State) keepStanding(side rules.Side, f *orders.File) {
	if f == nil {
		return
	}
	for _, o := range f.Orders {
		st, ok := o.(*orders.Standing)
		if !ok {
			continue
		}
		m := map[string]string{}
		for _, x := range st.Reactions {
			if len(x.Choices) > 0 {
				m[x.Kind] = x.Choices[0].Text
			}
		}
		if s.Standing == nil {
			s.Standing = map[rules.Side]map[string]string{}
		}
		s.Standing[side] = m
	}
}

// names lists unit names for messages.
func names(us []*Unit) string {
	var ns []string
	for _, u := range us {
		ns = append(ns, u.Name)
	}
	return strings.Join(ns, ", ")
}
