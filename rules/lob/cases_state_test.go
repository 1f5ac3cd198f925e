package lob

import (
	"fmt"
	"strconv"
	"strings"

	"galloper/rules"
	"galloper/rules/rulestest"
)

// nameAndLast splits "<name words> <last>" into the name and the last word.
func nameAndLast(args []string) (string, string) {
	if len(args) < 2 {
		return strings.Join(args, " "), ""
	}
	return strings.Join(args[:len(args)-1], " "), args[len(args)-1]
}

// unitState is a combat unit's state, failing the case when there is none.
func (r *caseRun) unitState(l rulestest.Line, name string) *UnitState {
	st := r.state()
	i, ok := st.index[name]
	if !ok || st.doc.Pieces[i].Unit == nil {
		r.t.Fatalf("%s: %q is not a combat unit", r.where(l), name)
	}
	return st.doc.Pieces[i].Unit
}

// counter is a counter by name, failing the case when there is none.
func (r *caseRun) counter(l rulestest.Line, name string) *Piece {
	st := r.state()
	i, ok := st.index[name]
	if !ok {
		r.t.Fatalf("%s: no counter %q", r.where(l), name)
	}
	return &st.doc.Pieces[i]
}

// setState applies one STATE line.
func (r *caseRun) setState(l rulestest.Line) {
	st := r.state()
	f := strings.Fields(l.Text)
	name, last := nameAndLast(f[1:])
	switch f[0] {
	case "turn": // turn <n> <side>
		n, _ := strconv.Atoi(f[1])
		idx := 0
		if st.scn.Sides[1].Side == rules.Side(f[2]) {
			idx = 1
		}
		st.doc.Segment = (n-1)*2 + idx
	case "at":
		st.setHex(r.counter(l, name), last)
	case "formation":
		r.unitState(l, name).Formation = last
	case "facing":
		r.unitState(l, name).Facing, _ = strconv.Atoi(last)
	case "sp":
		r.unitState(l, name).SP, _ = strconv.Atoi(last)
	case "eliminated":
		r.unitState(l, strings.Join(f[1:], " ")).Eliminated = true
	case "reserve":
		n := strings.Join(f[1:], " ")
		for _, u := range st.formationUnits(n) {
			st.piece(u).Unit.Reserve = true
		}
		if c := st.scn.command(n); c != nil {
			st.cmdState(n).Reserve = true
		}
	case "morale": // morale <hex> <state>
		st.doc.Markers = append(st.doc.Markers, HexMarker{Hex: f[1], Morale: MoraleMarker(f[2])})
	case "optional":
		st.doc.Optional = append(st.doc.Optional, f[1])
	case "fluke":
		cs := st.cmdState(strings.Join(f[1:], " "))
		cs.Fluke, cs.Recovering = true, true
	case "recovering":
		st.cmdState(strings.Join(f[1:], " ")).Recovering = true
	case "skedaddle":
		st.cmdState(name).Skedaddle = last
	case "posted":
		r.unitState(l, name).Posted = last
	case "lost":
		r.counter(l, strings.Join(f[1:], " ")).Status = "lost"
	case "pending": // pending <kind> <name>
		st.raise(f[1], strings.Join(f[2:], " "))
	case "associate": // associate <battalion> -> <Command>
		b, c, _ := strings.Cut(strings.Join(f[1:], " "), " -> ")
		st.cmdState(b).Associated = c
	case "offmap": // offmap <command> <turn> <hex>
		r.offMap(l, f[1:])
	case "order": // order <id> <from> -> <to> <TYPE> <objective> <status>
		r.addOrder(l)
	case "area": // area <Command>: record its no-orders area now (LoB 10.8a)
		a, _ := st.noOrdersArea(r.command(l, strings.Join(f[1:], " ")))
		st.cmdState(strings.Join(f[1:], " ")).Area = &a
	default:
		if !r.setFieldState(f) && !r.retreatState(l, f) && !r.supportState(l, f) {
			r.t.Fatalf("%s: unknown STATE line %q", r.where(l), l.Text)
		}
	}
}

// command is a Command by name, failing the case when there is none.
func (r *caseRun) command(l rulestest.Line, name string) *Command {
	c := r.state().scn.command(name)
	if c == nil {
		r.t.Fatalf("%s: no Command %q", r.where(l), name)
	}
	return c
}

// offMap takes a Command off the map until a turn, entering at a hex.
func (r *caseRun) offMap(l rulestest.Line, args []string) {
	st := r.state()
	if len(args) < 3 {
		r.t.Fatalf("%s: offmap <command> <turn> <hex>", r.where(l))
	}
	name := strings.Join(args[:len(args)-2], " ")
	c := st.scn.command(name)
	if c == nil {
		r.t.Fatalf("%s: no Command %q", r.where(l), name)
	}
	for i := range st.doc.Pieces {
		if st.belongs(st.doc.Pieces[i].Name, c) {
			st.doc.Pieces[i].OffMap = true
		}
	}
	cs := st.cmdState(name)
	cs.ArrivesTurn, _ = strconv.Atoi(args[len(args)-2])
	cs.Entry = args[len(args)-1]
}

// addOrder puts an order on hand: "order <id> | <TYPE> | <from> | <to> |
// <objective> | <status> [| arrives <turn>] [| accepted <turn>] [| issued <turn>]
// [| parent <id>] [| defend <text>]".
func (r *caseRun) addOrder(l rulestest.Line) {
	st := r.state()
	parts := strings.Split(strings.TrimPrefix(strings.TrimSpace(l.Text), "order"), "|")
	if len(parts) < 6 {
		r.t.Fatalf("%s: order <id> | <TYPE> | <from> | <to> | <objective> | <status>", r.where(l))
	}
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	o := Order{ID: parts[0], Type: parts[1], From: parts[2], To: parts[3], Objective: parts[4],
		Route: []Waypoint{{Text: parts[4], Hex: parts[4]}}, Status: parts[5], Side: st.sideOf(parts[3])}
	for _, p := range parts[6:] {
		k, v, _ := strings.Cut(p, " ")
		n, _ := strconv.Atoi(v)
		switch k {
		case "parent":
			o.Parent = v
		case "arrives":
			o.ArrivesTurn = n
		case "accepted":
			o.AcceptedTurn = n
		case "issued":
			o.IssuedTurn = n
		case "defend": // LoB 12.2
			o.Defend = v
		}
	}
	if o.Status == Accepted {
		o.Path = st.plan(st.hqHex(st.scn.command(o.To)), &o)
	}
	st.doc.Orders = append(st.doc.Orders, o)
	id := parts[0][strings.LastIndex(parts[0], "-")+1:]
	n, _ := strconv.Atoi(id)
	for i := range st.doc.Counters {
		if st.doc.Counters[i].Side == o.Side {
			st.doc.Counters[i].Last = max(st.doc.Counters[i].Last, n)
		}
	}
}

// expectState checks one EXPECT-STATE line.
func (r *caseRun) expectState(l rulestest.Line) {
	st := r.state()
	f := strings.Fields(l.Text)
	name, last := nameAndLast(f[1:])
	var got, want string
	switch f[0] {
	case "order": // order <id> <field> <value...>
		got, want = r.orderField(l, f[1], f[2]), strings.Join(f[3:], " ")
		if f[2] == "why" {
			if !strings.Contains(got, want) {
				r.t.Errorf("%s: order %s ended %q, want it to say %q", r.where(l), f[1], got, want)
			}
			return
		}
	case "orders": // orders <side> <count>
		n := 0
		for _, o := range st.doc.Orders {
			if string(o.Side) == f[1] {
				n++
			}
		}
		got, want = strconv.Itoa(n), f[2]
	case "at":
		got, want = r.counter(l, name).Hex, last
	case "formation":
		got, want = r.unitState(l, name).Formation, last
	case "reserve":
		got, want = yesNo(r.reserved(name)), last
	case "fluke":
		got, want = yesNo(st.cmdStatus(name).Fluke), last
	case "recovering":
		got, want = yesNo(st.cmdStatus(name).Recovering), last
	case "withdraw":
		got, want = yesNo(st.cmdStatus(name).Withdraw), last
	case "skedaddle":
		got, want = st.cmdStatus(name).Skedaddle, last
		if got == "" {
			got = "no"
		}
	case "associated": // associated <battalion> -> <command>
		b, c, _ := strings.Cut(strings.Join(f[1:], " "), " -> ")
		got, want = st.cmdStatus(b).Associated, c
	case "posted":
		got, want = r.unitState(l, name).Posted, last
	case "status":
		got, want = r.counter(l, name).Status, last
	case "offmap":
		got, want = yesNo(r.counter(l, name).OffMap), last
	case "radius":
		got, want = r.radiusOf(l, name), last
	case "zoc": // zoc <side> <hex> yes|no
		got, want = yesNo(st.zoc(rules.Side(f[1]))[f[2]]), f[3]
	case "view", "view-not": // view <side> <text>
		r.expectView(l, f[0] == "view", rules.Side(f[1]), strings.Join(f[2:], " "))
		return
	case "charge": // charge <unit> yes|no
		ok, _ := st.mayCharge(name)
		got, want = yesNo(ok), last
	case "area": // area <Command> yes|no: a no-orders area is recorded (LoB 10.8a)
		_, kept := st.noOrdersArea(r.command(l, name))
		got, want = yesNo(kept), last
	case "column": // column <command> <hexes>
		got, want = strconv.Itoa(st.columnLength(st.scn.command(name))), last
	default:
		var ok bool
		if got, want, ok = r.fieldState(l, f); !ok {
			if got, want, ok = r.retreatExpect(l, f); !ok {
				if !r.expectSupport(l, f) && !r.expectSight(l, f) {
					r.t.Fatalf("%s: unknown EXPECT-STATE line %q", r.where(l), l.Text)
				}
				return
			}
		}
	}
	if got != want {
		r.t.Errorf("%s: %s: got %q, want %q", r.where(l), strings.TrimSpace(l.Text), got, want)
	}
}

// reserved reports whether a Command or unit is in Reserve.
func (r *caseRun) reserved(name string) bool {
	st := r.state()
	if c := st.scn.command(name); c != nil {
		return st.inReserve(c)
	}
	for _, u := range st.formationUnits(name) {
		if !st.piece(u).Unit.Reserve {
			return false
		}
	}
	return true
}

// radiusOf says whether a unit is in Command Radius: "in" or "out".
func (r *caseRun) radiusOf(l rulestest.Line, name string) string {
	st := r.state()
	p := r.counter(l, name)
	lk, ok := st.links(p.Side)[name]
	if !ok {
		r.t.Fatalf("%s: %q belongs to no Command", r.where(l), name)
	}
	if in, _ := st.inRadius(st.newTrace(p.Side), p, lk); in {
		return "in"
	}
	return "out"
}

// orderField reads one field of an order for EXPECT-STATE.
func (r *caseRun) orderField(l rulestest.Line, id, field string) string {
	st := r.state()
	for _, o := range st.doc.Orders {
		if o.ID != id {
			continue
		}
		clock := func(t int) string { return st.scn.clock(t).Format("15:04") }
		switch field {
		case "status":
			return o.Status
		case "arrives":
			return clock(o.ArrivesTurn)
		case "issued":
			return clock(o.IssuedTurn)
		case "accepted":
			return clock(o.AcceptedTurn)
		case "to":
			return o.To
		case "from":
			return o.From
		case "type":
			return o.Type
		case "parent":
			return o.Parent
		case "why":
			return o.Why
		case "route":
			var ws []string
			for _, w := range o.Route {
				ws = append(ws, w.Text)
			}
			return strings.Join(ws, ", ")
		case "rolls":
			return fmt.Sprint(len(o.Rolls))
		case "for":
			var ins []string
			for _, in := range o.For {
				ins = append(ins, in.Unit+": "+in.Text)
			}
			return strings.Join(ins, "; ")
		}
		r.t.Fatalf("%s: unknown order field %q", r.where(l), field)
	}
	return "(no order " + id + ")"
}

// expectView checks that a line of a side's view contains text (or not).
func (r *caseRun) expectView(l rulestest.Line, want bool, side rules.Side, text string) {
	v := r.state().view(side)
	found := false
	for _, line := range v.Lines {
		found = found || strings.Contains(line, text)
	}
	if found != want {
		r.t.Errorf("%s: %s view: contains %q is %v, want %v\n%s", r.where(l), side, text, found, want, strings.Join(v.Lines, "\n"))
	}
}
