package lob

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/lob/lobtext"
)

// problems collects every problem of one order file (STYLE: report all).
type problems []orders.Problem

func (p *problems) add(at orders.Pos, code, rule, msg, sugg string) {
	*p = append(*p, orders.Problem{At: at, Kind: orders.Illegal, Code: code, Rule: rule, Message: msg, Suggestion: sugg})
}

// validate checks a side's order file for the current segment.
func (s *State) validate(side rules.Side, f *orders.File) problems {
	var ps problems
	if s.Over() {
		ps.add(f.Header["TURN"], "lob-game-over", "LoB 2.0", "the game is over; no more orders are taken", "")
		return ps
	}
	sd := s.scn.side(side)
	if sd == nil {
		ps.add(f.Header["SIDE"], "lob-unknown-side", "LoB 2.0",
			fmt.Sprintf("%q is not a side in this game (CSA or USA)", side), "")
		return ps
	}
	if side != s.side() {
		ps.add(f.Header["SIDE"], "lob-2.0-not-your-turn", "LoB 2.0",
			fmt.Sprintf("these orders are for %s, but it is the %s player turn (%s)", side, s.side(), s.Segment().Label),
			fmt.Sprintf("send them with the %s player turn", side))
	}
	if f.Side != "" && !strings.EqualFold(f.Side, string(side)) {
		ps.add(f.Header["SIDE"], "lob-side-mismatch", "LoB 2.0",
			fmt.Sprintf("the file says SIDE %s but was sent for %s", f.Side, side), "")
	}
	if t, ok := leadingInt(f.Turn); ok && t != s.turn() {
		ps.add(f.Header["TURN"], "lob-wrong-turn", "LoB 2.0",
			fmt.Sprintf("the file is for turn %d, but this is turn %d", t, s.turn()),
			fmt.Sprintf("write TURN %d", s.turn()))
	}
	written, fc := 0, newFileChecks()
	for _, o := range f.Orders {
		if s.validateActivity(sd, f, fc, o, &ps) {
			continue
		}
		switch o := o.(type) {
		case *lobtext.Written:
			written++
			s.newOrderRules(o, written, &ps)
			s.compile(sd, o, &ps)
		case *lobtext.Directive:
			s.validateDirective(sd, o, &ps)
			s.validateSupportDirective(sd, f, o, &ps)
		default:
			ps.add(o.Position(), "lob-unsupported-order", "LoB 10.3", "only written ATTACK and MOVE orders, command directives, activity scripts and standing reactions are supported", "")
		}
	}
	return ps
}

var leadingNum = regexp.MustCompile(`^\s*(\d+)`)

func leadingInt(s string) (int, bool) {
	m := leadingNum.FindStringSubmatch(s)
	if m == nil {
		return 0, false
	}
	n, err := strconv.Atoi(m[1])
	return n, err == nil
}

// compile turns a written order into an Order, adding any problems.
func (s *State) compile(sd *SideOOB, w *lobtext.Written, ps *problems) Order {
	o := Order{Side: sd.Side, Type: strings.ToUpper(strings.TrimSpace(w.Type)), Intent: w.Intent}
	if o.Type != "ATTACK" && o.Type != "MOVE" {
		ps.add(w.At, "lob-10.4-order-type", "LoB 10.4",
			fmt.Sprintf("%q is not an order type; orders are ATTACK or MOVE", w.Type), "write ATTACK or MOVE")
	}
	if l, ok := s.issuer(sd, w, ps); ok {
		o.From = l
	}
	if c, ok := s.receiver(sd, w.To, w.ToAt, "lob-unknown-command", ps); ok {
		o.To = c.Name
	}
	if w.Objective == nil {
		ps.add(w.At, "lob-10.3b-no-objective", "LoB 10.3b",
			"the order has no objective; every order needs one precise objective", "add an objective hex or named place")
	} else if h, ok := s.place(*w.Objective, false, ps); ok {
		o.Objective = h.Hex
		if h.Text != h.Hex {
			o.ObjectiveName = h.Text
		}
	}
	if len(w.Route) == 0 {
		ps.add(w.At, "lob-10.3b-no-route", "LoB 10.3b",
			"the order has no route of advance", "add a route: hexes, named places or roads")
	}
	for _, p := range w.Route {
		if wp, ok := s.place(p, true, ps); ok {
			o.Route = append(o.Route, wp)
		}
	}
	if strings.TrimSpace(w.Condition) != "" {
		if c, ok := s.condition(sd, w.Condition, w.ConditionAt, ps); ok {
			o.Condition = c
		}
	}
	for _, in := range w.For {
		o.For = append(o.For, Instruction{Unit: in.Unit, Text: in.Text})
	}
	s.commandParts(sd, w, &o, ps)
	return o
}

// newOrderRules checks when the Army Commander may write new orders: one
// a Command Phase (LoB 2.1b), any number on the midnight turn and none on
// other night turns (10.3e), any number before play with Pre-Set Orders
// (12.1).
func (s *State) newOrderRules(w *lobtext.Written, n int, ps *problems) {
	t := s.turn()
	switch {
	case s.preSet():
	case s.isMidnight(t):
	case s.scn.night(t):
		if n == 1 {
			ps.add(w.At, "lob-10.3e-night", "LoB 10.3e",
				"the Army Commander can issue orders at night only on the midnight turn", "send the order on the midnight turn or at first light")
		}
	case n > 1:
		ps.add(w.At, "lob-2.1b-one-new-order", "LoB 2.1b",
			"the Army Commander may try to issue only one new order per Command Phase", "send this order next turn")
	}
}

// preSet reports whether this is the side's first player turn in a game
// with Pre-Set Orders (LoB 12.1): orders written now replace the
// scenario's starting orders and are in effect from the start
// (docs/rulings-lob.md R-C2-7).
func (s *State) preSet() bool { return s.optional("12.1") && s.doc.Segment < 2 }

// leaderNames lists every leader of both sides.
func (s *State) leaderNames(side rules.Side) []named[*Command] {
	var ns []named[*Command]
	for _, c := range s.scn.commands() {
		if !s.knownTo(side, c.Side) {
			continue
		}
		ns = append(ns, named[*Command]{c.Leader.Name, c})
	}
	return ns
}

// issuer checks that the issuing leader is this side's Army Commander.
// See LoB 10.5: the Army Commander is the source of orders; lower leaders
// only relay or use Initiative (10.10), which this slice does not support.
func (s *State) issuer(sd *SideOOB, w *lobtext.Written, ps *problems) (string, bool) {
	m := match("leader", w.From, s.leaderNames(sd.Side))
	if !m.ok {
		ps.add(w.FromAt, "lob-unknown-leader", "LoB 10.5", m.message, m.suggestion)
		return "", false
	}
	if m.target != &sd.Army {
		why := fmt.Sprintf("%s is not the Army Commander", m.target.Leader.Name)
		if m.target.Side != sd.Side {
			why = fmt.Sprintf("%s is a %s leader", m.target.Leader.Name, m.target.Side)
		}
		ps.add(w.FromAt, "lob-10.5-not-army-commander", "LoB 10.5",
			why+"; new orders come from your Army Commander (other leaders use INITIATIVE, LoB 10.10)",
			fmt.Sprintf("write FROM %s", sd.Army.Leader.Name))
		return "", false
	}
	return m.target.Leader.Name, true
}

// commandNames lists every Command by its name, its HQ and its leader.
func (s *State) commandNames(side rules.Side) []named[*Command] {
	var ns []named[*Command]
	for _, c := range s.scn.commands() {
		if !s.knownTo(side, c.Side) {
			continue
		}
		ns = append(ns, named[*Command]{c.Name, c}, named[*Command]{c.HQName(), c}, named[*Command]{c.Leader.Name, c})
	}
	return ns
}

// receiver finds a friendly Command by name (LoB 10.3c: one Command).
func (s *State) receiver(sd *SideOOB, text string, at orders.Pos, code string, ps *problems) (*Command, bool) {
	m := match("Command", text, s.commandNames(sd.Side))
	if !m.ok {
		if cs := s.severalCommands(sd.Side, text); len(cs) > 1 {
			ps.add(at, "lob-10.3c-one-command", "LoB 10.3c",
				fmt.Sprintf("an order goes to one Command (and the formations under it) only; this one names %s", strings.Join(cs, " and ")),
				"write a separate order for each Command")
			return nil, false
		}
		ps.add(at, code, "LoB 10.3c", m.message, m.suggestion)
		return nil, false
	}
	if m.target.Side != sd.Side {
		ps.add(at, "lob-10.3c-enemy-command", "LoB 10.3c",
			fmt.Sprintf("%s is a %s Command; you can only order your own", m.target.Name, m.target.Side), "")
		return nil, false
	}
	return m.target, true
}

// severalCommands splits a receiver written as a list ("Longstreet's
// Corps and Wright's Brigade") into the Commands it names, when every part
// names one; an order has only one (LoB 10.3c).
func (s *State) severalCommands(side rules.Side, text string) []string {
	parts := strings.FieldsFunc(strings.NewReplacer(" and ", ",", " AND ", ",", " And ", ",", " & ", ",", ";", ",").Replace(text), func(r rune) bool { return r == ',' })
	var out []string
	for _, p := range parts {
		m := match("Command", strings.TrimSpace(p), s.commandNames(side))
		if !m.ok {
			return nil
		}
		out = append(out, m.target.Name)
	}
	return out
}

// placeNames lists the named places and, for routes, the roads.
func (s *State) placeNames(roads bool) []named[string] {
	var ns []named[string]
	for _, p := range s.scn.Map.Places {
		ns = append(ns, named[string]{p.Name, "place:" + p.Name})
	}
	if roads {
		for _, r := range s.scn.Map.Roads {
			ns = append(ns, named[string]{r.Name, "road:" + r.Name})
		}
	}
	return ns
}

// place resolves an objective or route point. See LoB 10.3b.
func (s *State) place(p lobtext.Place, route bool, ps *problems) (Waypoint, bool) {
	what, code := "objective", "lob-10.3b-objective"
	if route {
		what, code = "route point", "lob-10.3b-route"
	}
	m := &s.scn.Map
	if p.Hex != "" {
		h, ok := m.Hex(p.Hex)
		if !ok {
			ps.add(p.At, code+"-off-map", "LoB 1.4a",
				fmt.Sprintf("%s %s is not a hex of this map (%s1.1 to %s%d.%d)", what, p.Hex, m.Letter, m.Letter, m.Cols, m.Rows), "")
			return Waypoint{}, false
		}
		return Waypoint{Text: h.ID, Hex: h.ID}, true
	}
	r := match("place", p.Name, s.placeNames(true))
	if !r.ok {
		ps.add(p.At, code+"-unknown-place", "LoB 10.3b", r.message, r.suggestion)
		return Waypoint{}, false
	}
	kind, name, _ := strings.Cut(r.target, ":")
	if kind == "road" {
		if !route {
			ps.add(p.At, "lob-10.3b-vague-objective", "LoB 10.3b",
				fmt.Sprintf("the %s is a road, not a precise objective", name), "name a hex or a place on it")
			return Waypoint{}, false
		}
		return Waypoint{Text: name, Road: name}, true
	}
	for _, pl := range m.Places {
		if pl.Name == name {
			return Waypoint{Text: name, Hex: pl.Hex}, true
		}
	}
	return Waypoint{}, false
}

var (
	clockTime = regexp.MustCompile(`\b\d{1,2}[:.]\d{2}\b|\b\d{1,2}\s*(am|pm|a\.m\.|p\.m\.)|\bo'?clock\b|\bnoon\b`)
	afterRe   = regexp.MustCompile(`^(.+?)\s+(hours?|hrs?|minutes?|mins?)\s+after\s+(.+?)\s+attacks?$`)
	attacksRe = regexp.MustCompile(`^(?:when\s+)?(.+?)\s+attacks?$`)
)

// condition checks a condition against the three LoB 10.4d allows: First
// Light; when another Command attacks; whole or half hours after another
// Command attacks. Clock times are not allowed.
func (s *State) condition(sd *SideOOB, text string, at orders.Pos, ps *problems) (Condition, bool) {
	t := strings.ToLower(strings.Join(strings.Fields(text), " "))
	t = strings.TrimPrefix(t, "when ")
	t = strings.TrimSuffix(t, ".")
	bad := func(msg string) (Condition, bool) {
		ps.add(at, "lob-10.4d-condition", "LoB 10.4d", msg,
			"use First Light, WHEN <Command> ATTACKS, or <N> HOURS AFTER <Command> ATTACKS (whole or half hours)")
		return Condition{}, false
	}
	if clockTime.MatchString(t) {
		return bad("clock times cannot be used as conditions")
	}
	if t == "first light" || t == "at first light" {
		return Condition{Kind: "first-light", Text: text}, true
	}
	if m := afterRe.FindStringSubmatch(t); m != nil {
		mins, ok := halfHours(m[1], m[2])
		if !ok {
			return bad(fmt.Sprintf("%q: the time after an attack must be whole or half hours", text))
		}
		c, ok := s.receiver(sd, m[3], at, "lob-10.4d-unknown-command", ps)
		if !ok {
			return Condition{}, false
		}
		return Condition{Kind: "attacks", Command: c.Name, Minutes: mins, Text: text}, true
	}
	if m := attacksRe.FindStringSubmatch(t); m != nil {
		c, ok := s.receiver(sd, m[1], at, "lob-10.4d-unknown-command", ps)
		if !ok {
			return Condition{}, false
		}
		return Condition{Kind: "attacks", Command: c.Name, Text: text}, true
	}
	return bad(fmt.Sprintf("%q is not an allowed condition", text))
}

// halfHours reads "1", "1.5", "half an", "one and a half" hours or "30",
// "90" minutes and returns minutes when they are a whole number of half hours.
func halfHours(n, unit string) (int, bool) {
	words := map[string]float64{"half an": 0.5, "a half": 0.5, "half": 0.5, "an": 1, "one": 1, "a": 1,
		"one and a half": 1.5, "two": 2, "three": 3, "four": 4}
	v, ok := words[strings.TrimSpace(n)]
	if !ok {
		f, err := strconv.ParseFloat(strings.TrimSpace(n), 64)
		if err != nil {
			return 0, false
		}
		v = f
	}
	mins := v * 60
	if strings.HasPrefix(unit, "min") {
		mins = v
	}
	if mins <= 0 || mins != float64(int(mins)) || int(mins)%30 != 0 {
		return 0, false
	}
	return int(mins), true
}
