package lobtext

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"galloper/orders"
)

// Problem codes of written orders. They are stable: receipts, tests and
// players' tools may rely on them.
const (
	CodeBadOrderType    = "bad-order-type"     // ORDER not followed by ATTACK or MOVE
	CodeMissingFrom     = "missing-from"       // ORDER without "from <leader>"
	CodeMissingTo       = "missing-to"         // ORDER without "to <command>"
	CodeUnterminated    = "unterminated-order" // ORDER block without END
	CodeEndWithoutOrder = "end-without-order"  // END with no ORDER open
	CodeOutsideOrder    = "outside-order"      // OBJECTIVE, ROUTE, ... outside an ORDER block
	CodeEmptyPlace      = "empty-place"        // an empty entry in a ROUTE list
	CodeBadFor          = "bad-for"            // FOR line not of the form "FOR <unit>: <text>"
)

// Place is an objective or route point: a hex id or a named place/road.
type Place struct {
	At   orders.Pos
	Hex  string // set when the text is a hex id, e.g. "A10.10"
	Name string // set otherwise, e.g. "Herr Ridge Road"
}

// Written is a written order (LoB 10.3): ATTACK or MOVE from one leader to
// one Command.
type Written struct {
	At        orders.Pos
	Type      string // "ATTACK" or "MOVE"
	From      string // issuing leader, as written
	FromAt    orders.Pos
	To        string // receiving Command (its leader or HQ name), as written
	ToAt      orders.Pos
	Objective *Place
	Route     []Place
	// Condition is the raw condition text after WHEN, if any.
	Condition   string
	ConditionAt orders.Pos
	// For holds per-subordinate instructions, in order.
	For    []Instruction
	Intent string // free text, kept verbatim
	// Command holds reserves, artillery, axis and defence lines (command.go).
	Command CommandParts
}

// Instruction is a FOR line: instructions for one subordinate formation.
type Instruction struct {
	At   orders.Pos
	Unit string
	Text string
}

// Position implements orders.Order.
func (w *Written) Position() orders.Pos { return w.At }

// example returns a sample line for a keyword of a written order, for
// suggestions.
func example(k string) string {
	switch k {
	case "OBJECTIVE":
		return "OBJECTIVE A12.8"
	case "ROUTE":
		return "ROUTE Mill Road, A10.7, A12.8"
	case "WHEN":
		return "WHEN First Light"
	case "FOR":
		return forForm
	case "INTENT":
		return "INTENT Seize the ford."
	}
	return k
}

const (
	orderForm = "ORDER MOVE from Bragg to Hardee"
	forForm   = "FOR Cleburne: lead the column, guns behind"
)

// order reads an ORDER line and opens its block. A block is opened even
// when the line is not understood, so that its body and END are not
// reported again as stray lines.
func (b *body) order(l orders.Line) {
	at, p := l.At(), b.p
	b.cur, b.curOK, b.curSeen = &Written{At: at}, false, map[string]bool{}
	ws := orders.Words(l.Value, l.ValueOff)
	if len(ws) == 0 {
		p.Add(at, CodeBadOrderType, "ORDER needs a type, ATTACK or MOVE", "write "+orderForm)
		return
	}
	typ := orders.Upper(ws[0].Text)
	if !slices.Contains(orderTypes, typ) {
		msg := fmt.Sprintf("unknown order type '%s'", orders.Clip(ws[0].Text))
		if near := orders.Nearest(typ, orderTypes); near != "" {
			msg += fmt.Sprintf(": did you mean '%s'?", near)
		} else {
			msg += "."
		}
		p.Add(l.Pos(ws[0].Off), CodeBadOrderType, msg+" An order is ATTACK or MOVE.", "write "+orderForm)
		return
	}
	b.cur.Type = typ
	end := l.Pos(len(l.Text))
	if len(ws) < 2 || orders.Upper(ws[1].Text) != "FROM" {
		where := end
		if len(ws) > 1 {
			where = l.Pos(ws[1].Off)
		}
		p.Add(where, CodeMissingFrom, "ORDER needs 'from' and the leader who issues it", "write "+orderForm)
		return
	}
	to := slices.IndexFunc(ws[2:], func(w orders.Word) bool { return orders.Upper(w.Text) == "TO" })
	if to < 0 {
		p.Add(end, CodeMissingTo, "ORDER needs 'to' and the commander who receives it", "write "+orderForm)
		return
	}
	from, rcpt := ws[2:2+to], ws[3+to:]
	b.cur.From, b.cur.To = orders.CleanName(orders.JoinWords(from)), orders.CleanName(orders.JoinWords(rcpt))
	if b.cur.From == "" {
		p.Add(l.Pos(ws[1].Off), CodeMissingFrom, "no leader named after 'from'", "write "+orderForm)
		return
	}
	if b.cur.To == "" {
		p.Add(l.Pos(ws[2+to].Off), CodeMissingTo, "no commander named after 'to'", "write "+orderForm)
		return
	}
	b.cur.FromAt, b.cur.ToAt = l.Pos(from[0].Off), l.Pos(rcpt[0].Off)
	b.curOK = true
}

func (b *body) end(l orders.Line) {
	if b.cur == nil {
		b.p.Add(l.At(), CodeEndWithoutOrder, "END without an ORDER to close", "remove it, or add the ORDER line it belongs to")
		return
	}
	b.p.EndBlock(l)
	b.close()
}

// unterminated reports that the open block has no END and closes it.
func (b *body) unterminated() {
	b.p.Add(b.cur.At, CodeUnterminated, fmt.Sprintf("the ORDER on line %d has no END", b.cur.At.Line),
		"add a line END after the order's last line")
	b.close()
}

func (b *body) close() {
	if b.curOK {
		b.cur.Intent = strings.Join(b.intents, "\n")
		b.p.Append(b.cur)
	}
	b.cur, b.curOK, b.curSeen, b.intents = nil, false, nil, nil
}

// body reads a line inside an ORDER block.
func (b *body) body(l orders.Line) {
	k, at, val, valAt := l.Key, l.At(), l.Value, l.ValueAt()
	if val == "" {
		b.p.Add(valAt, orders.CodeEmptyValue, fmt.Sprintf("%s has nothing after it", k), "write "+example(k))
		return
	}
	if k == "OBJECTIVE" || k == "WHEN" {
		if b.curSeen[k] {
			b.p.Add(at, orders.CodeDuplicateField, fmt.Sprintf("this order already has a %s", k), "keep one of them")
			return
		}
		b.curSeen[k] = true
	}
	w := b.cur
	switch k {
	case "OBJECTIVE":
		if pl, ok := parsePlace(val, valAt); ok {
			w.Objective = &pl
		} else {
			b.p.Add(valAt, orders.CodeEmptyValue, "OBJECTIVE names no place", "write "+example(k))
		}
	case "ROUTE":
		b.route(l)
	case "WHEN":
		w.Condition, w.ConditionAt = val, valAt
	case "FOR":
		b.instruction(l)
	case "INTENT":
		b.intent(valAt, val)
	default:
		b.commandBody(l)
	}
}

// route appends the comma-separated places of a ROUTE line.
func (b *body) route(l orders.Line) {
	val := l.Value
	for off := l.ValueOff; ; {
		item, rest, more := strings.Cut(val, ",")
		t, tOff := orders.TrimAt(item, off)
		if pl, ok := parsePlace(t, l.Pos(tOff)); ok {
			b.cur.Route = append(b.cur.Route, pl)
		} else {
			b.p.Add(l.Pos(tOff), CodeEmptyPlace, "empty place in ROUTE (two commas together, or a comma at an end?)",
				"separate places with single commas: "+example("ROUTE"))
		}
		if !more {
			return
		}
		val, off = rest, off+len(item)+1
	}
}

func (b *body) instruction(l orders.Line) {
	unit, text, ok := strings.Cut(l.Value, ":")
	if !ok {
		b.p.Add(l.ValueAt(), CodeBadFor, "FOR needs a colon after the unit's name", "write "+forForm)
		return
	}
	u := orders.CleanName(unit)
	text, _ = orders.TrimAt(text, 0)
	switch {
	case u == "":
		b.p.Add(l.ValueAt(), CodeBadFor, "FOR names no unit before the colon", "write "+forForm)
	case text == "":
		b.p.Add(l.Pos(len(l.Text)), CodeBadFor, fmt.Sprintf("FOR %s: gives no instructions", u), "write "+forForm)
	default:
		b.cur.For = append(b.cur.For, Instruction{At: l.At(), Unit: u, Text: text})
	}
}

// intent adds one INTENT line; surrounding double quotes are dropped. The
// lines are joined with newlines when the block closes.
func (b *body) intent(at orders.Pos, val string) {
	if orders.Quoted(val) {
		val = val[1 : len(val)-1]
	}
	if val == "" {
		b.p.Add(at, orders.CodeEmptyValue, "INTENT has nothing inside its quotes", "write "+example("INTENT"))
		return
	}
	b.intents = append(b.intents, val)
}

func writeWritten(b *strings.Builder, w *Written) {
	from := orders.QuoteName(w.From)
	for _, x := range strings.Fields(from) {
		if orders.Upper(x) == "TO" {
			from = `"` + from + `"`
			break
		}
	}
	fmt.Fprintf(b, "ORDER %s from %s to %s\n", w.Type, from, orders.QuoteName(w.To))
	if w.Objective != nil {
		fmt.Fprintf(b, "  OBJECTIVE %s\n", w.Objective)
	}
	if len(w.Route) > 0 {
		route := make([]string, len(w.Route))
		for i, p := range w.Route {
			route[i] = p.String()
		}
		fmt.Fprintf(b, "  ROUTE     %s\n", strings.Join(route, ", "))
	}
	if w.Condition != "" {
		fmt.Fprintf(b, "  WHEN      %s\n", w.Condition)
	}
	for _, in := range w.For {
		fmt.Fprintf(b, "  FOR %s: %s\n", orders.QuoteName(in.Unit), in.Text)
	}
	writeCommandParts(b, &w.Command)
	if w.Intent != "" {
		for _, l := range strings.Split(w.Intent, "\n") {
			fmt.Fprintf(b, "  INTENT    %s\n", quoteIntent(l))
		}
	}
	b.WriteString("END\n")
}

// quoteIntent wraps one line of intent in double quotes when reading it
// back would otherwise lose white space or quotes at its ends.
func quoteIntent(s string) string {
	first, _ := utf8.DecodeRuneInString(s)
	last, _ := utf8.DecodeLastRuneInString(s)
	if orders.Quoted(s) || unicode.IsSpace(first) || unicode.IsSpace(last) {
		return `"` + s + `"`
	}
	return s
}

func stripWritten(w *Written) *Written {
	v := *w
	v.At, v.FromAt, v.ToAt, v.ConditionAt = orders.Pos{}, orders.Pos{}, orders.Pos{}, orders.Pos{}
	if w.Objective != nil {
		o := *w.Objective
		o.At = orders.Pos{}
		v.Objective = &o
	}
	v.Route = nil
	for _, p := range w.Route {
		p.At = orders.Pos{}
		v.Route = append(v.Route, p)
	}
	v.Command = stripCommand(w.Command)
	v.For = nil
	for _, in := range w.For {
		in.At = orders.Pos{}
		v.For = append(v.For, in)
	}
	return &v
}
