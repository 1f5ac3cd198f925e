package acwminis

import (
	"fmt"
	"slices"
	"strings"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/acwminis/acwtext"
)

// System is the ACW miniatures system, "acwminis.v1".
type System struct{ sheet *Sheet }

var (
	_ rules.System         = System{}
	_ rules.ReceiptNoter   = System{}
	_ rules.ScenarioSource = System{}
	_ rules.ScenarioLoader = System{}
)

// New returns the system with the sheet's shipped tables.
func New() System {
	sheet, err := Tables()
	if err != nil {
		panic("acwminis: shipped tables: " + err.Error())
	}
	return System{sheet: sheet}
}

// ID implements rules.System.
func (System) ID() string { return "acwminis.v1" }

// Name implements rules.System.
func (System) Name() string { return "ACW regimental miniatures (quick-reference sheet)" }

// Scenarios implements rules.System.
func (System) Scenarios() []string { return scenarioNames() }

// Dialect implements rules.System.
func (System) Dialect() orders.Dialect { return acwtext.Dialect }

// Examples are whole example order files (rulestest.Examples).
func (System) Examples() []string { return acwtext.Samples }

// ScenarioData implements rules.ScenarioSource.
func (System) ScenarioData(name string) ([]byte, error) { return scenarioData(name) }

// NewGame implements rules.System. The sheet's tables are printed in
// full, so there is no chart pack: a pack given is refused.
func (sys System) NewGame(scenario string, pack *rules.ChartPack) (rules.State, error) {
	if pack != nil {
		return nil, fmt.Errorf("acwminis: the sheet prints every table; a chart pack is not used")
	}
	data, err := scenarioData(scenario)
	if err != nil {
		return nil, fmt.Errorf("acwminis: no scenario %q (known: %s)", scenario, strings.Join(scenarioNames(), ", "))
	}
	return LoadScenario(scenario, data, sys.sheet)
}

// NewGameFromFile implements rules.ScenarioLoader: a game of an owner's
// own scenario file, written as the shipped ones are (docs/maps.md, "ACW
// miniatures tables") and checked as they are, every fault named. Its
// options: are the game's defaults, as a shipped scenario's are. The
// state carries the file.
func (sys System) NewGameFromFile(name string, data []byte, pack *rules.ChartPack) (rules.State, error) {
	if name == "" || strings.ContainsAny(name, "/\\") {
		return nil, fmt.Errorf("acwminis: a scenario file needs a name without slashes, not %q", name)
	}
	if pack != nil {
		return nil, fmt.Errorf("acwminis: the sheet prints every table; a chart pack is not used")
	}
	s, err := LoadScenario(name, data, sys.sheet)
	if err != nil {
		return nil, err
	}
	s.File = slices.Clone(data)
	return s, nil
}

// DecodeState implements rules.System.
func (System) DecodeState(canonical []byte) (rules.State, error) { return Decode(canonical) }

// Default implements rules.System: a unit without an order holds and
// stands its ground (house default, rules notes §3.5), so the empty file.
func (System) Default(rules.State, rules.Side) *orders.File { return &orders.File{} }

// unitOrders are a file's unit orders, in the order written.
func unitOrders(f *orders.File) []*acwtext.Order {
	var out []*acwtext.Order
	if f == nil {
		return nil
	}
	for _, o := range f.Orders {
		if x, ok := o.(*acwtext.Order); ok && x.Verb != acwtext.Command {
			out = append(out, x)
		}
	}
	return out
}

// Validate implements rules.System: every order is checked, and every
// move is carried out on a copy of the table in the order the Command
// Phase resolves them, so a refusal names the reason and the largest legal
// alternative.
func (sys System) Validate(st rules.State, side rules.Side, f *orders.File) []orders.Problem {
	s := st.(*State)
	_, _, ps := sys.plan(s, side, f)
	return ps
}

// ReceiptNotes implements rules.ReceiptNoter: the dry run, where each
// unit will end if nothing else happens, for the file of the side whose
// half it is, on the table as that side knows it (ruling A42).
func (sys System) ReceiptNotes(st rules.State, f *orders.File) []string {
	s := st.(*State)
	if f == nil || !strings.EqualFold(f.Side, string(sideOf(s))) {
		return nil // not the file of the side whose half it is: nothing to dry-run
	}
	_, notes, _ := sys.plan(s, sideOf(s), f)
	return notes
}

// plan checks a side's orders and carries out their moves on a copy of
// the state, in Command Phase order: RALLY, CHARGE, then HOLD, ADVANCE
// and RUN as listed (seed L19-22). It returns the copy, the dry-run notes
// and the problems.
func (sys System) plan(s *State, side rules.Side, f *orders.File) (*State, []string, []orders.Problem) {
	var ps []orders.Problem
	illegal := func(at orders.Pos, code, rule, msg, sugg string) {
		ps = append(ps, orders.Problem{At: at, Kind: orders.Illegal, Code: code, Rule: rule, Message: msg, Suggestion: sugg})
	}
	if side != sideOf(s) {
		illegal(orders.Pos{}, "acw-not-your-half", ruleTurn, fmt.Sprintf("it is %s's half of turn %d: %s gives no orders now", sideOf(s), s.Turn, side), "")
		return s, nil, ps
	}
	w := s.knownTo(side) // as the side knows it (fog of war, ruling A42)
	// The Command Phase starts by removing a disorder marker (seed L19):
	// the orders are checked and moved after it.
	for i := range w.Units {
		if u := &w.Units[i]; u.Side == side && u.Markers > 0 {
			u.Markers--
		}
	}
	seen := map[string]bool{}
	rallies := map[string]bool{}
	chargers := map[string][]*Unit{}
	var ok []*acwtext.Order
	for _, o := range unitOrders(f) {
		u := w.unit(o.Unit.Text)
		switch {
		case u == nil || !u.inPlay() || u.Side != side:
			illegal(o.Unit.At, "acw-unknown-unit", ruleOrders, fmt.Sprintf("%s has no unit called %s in play", side, orders.Clip(o.Unit.Text)), "")
			continue
		case seen[u.Name]:
			illegal(o.At, "acw-twice", ruleOrders, u.Name+" has two orders: each unit has one order a turn", "keep one of its lines")
			continue
		}
		seen[u.Name] = true
		if u.Markers > 0 && w.on(optMarkersForce) {
			illegal(o.At, "acw-disordered", ruleDisorder, fmt.Sprintf("%s keeps %d disorder marker(s) after one is removed: it is Disordered this turn and takes no order (ruling A5)", u.Name, u.Markers), "leave its order out")
			continue
		}
		retireShoots := o.Verb == acwtext.Advance && o.Option == acwtext.OptRetire && w.on(optRetireShoots)
		if len(o.Fire) > 0 && o.Option != acwtext.OptStand && o.Option != acwtext.OptMove && o.Option != acwtext.OptRallied && !retireShoots {
			illegal(o.Fire[0].At, "acw-no-fire", ruleOrders, fmt.Sprintf("%s: only Stand Ground, Advance and RALLY may shoot; a %s cannot (ruling A29)", u.Name, strings.ToLower(o.Option)), "leave FIRE out")
			continue
		}
		for _, n := range o.Fire {
			if t := w.unit(n.Text); t == nil || t.Side == side || !t.inPlay() {
				illegal(n.At, "acw-unknown-target", ruleOrders, fmt.Sprintf("there is no enemy unit called %s in play", orders.Clip(n.Text)), "")
			}
		}
		if r := sys.declare(w, u, o, rallies, chargers); r != nil {
			ps = append(ps, r.problem())
			continue
		}
		ok = append(ok, o)
	}
	// Commanders move at the start of step 1d (ruling A22).
	var notes, after []string
	moved := map[string]bool{}
	for _, o := range commanderOrders(f) {
		c := w.commander(o.Unit.Text)
		switch {
		case c == nil || c.Side != side:
			illegal(o.Unit.At, "acw-unknown-commander", ruleCommanderMove, fmt.Sprintf("%s has no commander called %s", side, orders.Clip(o.Unit.Text)), "")
			continue
		case moved[c.Name]:
			illegal(o.At, "acw-twice", ruleCommanderMove, c.Name+" has two COMMANDER orders: a commander moves once a turn", "keep one of its lines")
			continue
		}
		moved[c.Name] = true
		line, _, r := commanderMove(w, sys.sheet, c, o, false)
		if r != nil {
			ps = append(ps, r.problem())
			continue
		}
		after = append(after, line)
	}
	for _, o := range ok {
		u := w.unit(o.Unit.Text)
		if o.Verb == acwtext.Charge {
			if t := w.unit(o.Target.Text); t != nil {
				if p, err := w.planCharge(sys.sheet, u, t); err == nil {
					notes = append(notes, fmt.Sprintf("CHARGE %s at %s: contact %s's %s (%d/%d of its frontage in that quarter), path %s\" of its %s\" Run rate, from %s\" away; ends at %v (if its charge test gives Charge!)",
						u.Name, t.Name, t.Name, p.face.Face, p.face.Count[p.face.Face], p.face.Samples, inches(p.path.Contact.Straight), inches(p.run), inches(p.gap), p.path.Contact.End.Pose))
				}
			}
			continue
		}
		start := *u
		m := &mover{s: w, sheet: sys.sheet, u: u, o: o}
		if r := m.move(); r != nil {
			ps = append(ps, r.problem())
			*u = start
			continue
		}
		note := m.summary(start)
		if d := testDice(sys.sheet, o.Verb, u.State()); d > 0 {
			note += fmt.Sprintf(" (if it passes its %s order test)", o.Verb)
		}
		notes = append(notes, note)
	}
	return w, append(after, notes...), ps
}

// declare checks what an order needs before any move: RALLY's commander
// and CHARGE's conditions.
func (sys System) declare(s *State, u *Unit, o *acwtext.Order, rallies map[string]bool, chargers map[string][]*Unit) *refusal {
	switch o.Verb {
	case acwtext.Charge:
		if u.State() == "Shaken" {
			return &refusal{at: o.At, code: "acw-charge-shaken", rule: ruleDeclare, msg: u.Name + " is Shaken: shaken units can't charge"}
		}
		if u.Type == "Artillery" || u.Formation == "March Column" {
			return &refusal{at: o.At, code: "acw-charge-type", rule: ruleDeclare, msg: fmt.Sprintf("%s: artillery and march columns cannot declare charges", u.Name)}
		}
		return sys.declareCharge(s, u, o, chargers)
	case acwtext.Rally:
		c, gap, ok := s.rallyCommander(u)
		if !ok {
			return &refusal{at: o.At, code: "acw-rally-range", rule: ruleRally, msg: fmt.Sprintf("%s is in no commander's range for a RALLY (Commander 8\", C-in-C 12\")%s", u.Name, gap)}
		}
		if rallies[c.Name] || c.RallyUsed {
			return &refusal{at: o.At, code: "acw-rally-used", rule: ruleRally, msg: fmt.Sprintf("%s's one RALLY order this turn is already given", c.Name)}
		}
		rallies[c.Name] = true
	}
	return nil
}

// testDice is how many D6 an order test takes for a unit in that state,
// 0 for none (ORDERS, seed L71-76).
func testDice(sheet *Sheet, verb, state string) int {
	for _, r := range sheet.Orders {
		if r.Order == verb {
			return r.Tests[strings.ToLower(state)]
		}
	}
	return 0
}

// needed is the successes an order test needs.
func needed(sheet *Sheet, verb string) int {
	for _, r := range sheet.Orders {
		if r.Order == verb {
			return r.Successes
		}
	}
	return 0
}

// orderName is the order name of a unit.
func orderName(n string) orders.Name { return orders.Name{Text: n} }
