package orders

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// Problem codes reported by Parse. They are stable: receipts, tests and
// players' tools may rely on them.
const (
	CodeUnknownKeyword  = "unknown-keyword"    // a line starts with a word that is not a keyword
	CodeMissingHeader   = "missing-header"     // GAME, SIDE or TURN is missing
	CodeDuplicateHeader = "duplicate-header"   // a header keyword appears twice
	CodeEmptyValue      = "empty-value"        // a keyword with nothing after it
	CodeBadOrderType    = "bad-order-type"     // ORDER not followed by ATTACK or MOVE
	CodeMissingFrom     = "missing-from"       // ORDER without "from <leader>"
	CodeMissingTo       = "missing-to"         // ORDER without "to <command>"
	CodeUnterminated    = "unterminated-order" // ORDER block without END
	CodeEndWithoutOrder = "end-without-order"  // END with no ORDER open
	CodeOutsideOrder    = "outside-order"      // OBJECTIVE, ROUTE, ... outside an ORDER block
	CodeDuplicateField  = "duplicate-field"    // OBJECTIVE or WHEN twice in one order
	CodeEmptyPlace      = "empty-place"        // an empty entry in a ROUTE list
	CodeBadFor          = "bad-for"            // FOR line not of the form "FOR <unit>: <text>"
	CodeTrailingText    = "trailing-text"      // text after END
)

// Keywords, in the order a suggestion prefers them.
var (
	headerKeywords = []string{"GAME", "SIDE", "TURN", "PASSWORD", "SALT"}
	bodyKeywords   = []string{"OBJECTIVE", "ROUTE", "WHEN", "FOR", "INTENT"}
	keywords       = slices.Concat(headerKeywords, []string{"ORDER", "END"}, bodyKeywords, commandBodyKeywords, directiveKeywords, []string{"STACK", "STANDING"})
	orderTypes     = []string{"ATTACK", "MOVE"}
	requiredHeader = []string{"GAME", "SIDE", "TURN"}
)

// Parse reads an order file: the text of a mail body or attachment. It
// returns the file and every problem found, sorted by position; the file
// holds all it could understand even when there are problems, but an order
// whose ORDER line was not understood is left out.
//
// Parse copes with CRLF and CR line endings, tabs, trailing spaces, blank
// lines, keywords in any case, a UTF-8 byte order mark and typographic
// quotes. Lines whose first visible character is '>' (quoted reply text)
// are ignored, and so is everything after a signature separator, a line
// that is "-- " or "--". Problems about the file as a whole (a missing
// GAME, SIDE or TURN) have a zero position.
func Parse(text string) (*File, []Problem) {
	p := &parser{f: &File{Header: map[string]Pos{}}}
	for _, l := range splitLines(text) {
		p.line(l)
	}
	if p.cur != nil {
		p.unterminated()
	}
	for _, k := range requiredHeader {
		if _, ok := p.f.Header[k]; !ok {
			p.add(Pos{}, CodeMissingHeader, fmt.Sprintf("the file has no %s line", k),
				fmt.Sprintf("add a line %s at the top", example(k)))
		}
	}
	slices.SortStableFunc(p.probs, func(a, b Problem) int {
		if a.At.Line != b.At.Line {
			return a.At.Line - b.At.Line
		}
		return a.At.Col - b.At.Col
	})
	return p.f, p.probs
}

type parser struct {
	f       *File
	probs   []Problem
	cur     *Written        // the open ORDER block, nil outside one
	curOK   bool            // the open block's ORDER line was understood
	curSeen map[string]bool // single-use keywords seen in the open block
	intents []string        // the open block's INTENT lines
	sawGame bool

	stack       *Stack    // the open STACK block, nil outside one
	standing    *Standing // the open STANDING block, nil outside one
	sawStanding bool
	skipping    bool // inside a repeated earlier mail (see noise)
}

func (p *parser) add(at Pos, code, msg, sugg string) {
	p.probs = append(p.probs, Problem{At: at, Kind: Invalid, Code: code, Message: msg, Suggestion: sugg})
}

func (p *parser) line(l line) {
	kw, kwOff, val, valOff := splitKeyword(l.text)
	at, valAt := l.pos(kwOff), l.pos(valOff)
	k := asciiUpper(kw)
	if p.noise(l, k) || p.block(l, kw, kwOff, val, valOff) {
		return
	}
	switch {
	case slices.Contains(headerKeywords, k):
		if p.cur != nil {
			p.unterminated()
		}
		p.header(k, at, val, valAt)
	case k == "ORDER":
		if p.cur != nil {
			p.unterminated()
		}
		p.order(l, at, val, valOff)
	case k == "END":
		p.end(at, val, valAt)
	case slices.Contains(directiveKeywords, k):
		if p.cur != nil {
			p.unterminated()
		}
		p.directive(l, k, at, val, valOff)
	case slices.Contains(bodyKeywords, k) || slices.Contains(commandBodyKeywords, k):
		if p.cur == nil {
			p.add(at, CodeOutsideOrder, fmt.Sprintf("%s is outside an order", k),
				"put it between an ORDER line and its END")
			return
		}
		p.body(l, k, at, val, valOff)
	default:
		p.unknown(l, kw, kwOff, at)
	}
}

func (p *parser) header(k string, at Pos, val string, valAt Pos) {
	if first, dup := p.f.Header[k]; dup {
		p.add(at, CodeDuplicateHeader, fmt.Sprintf("%s appears twice (first on line %d)", k, first.Line),
			"keep one of them")
		return
	}
	p.f.Header[k] = at
	if k == "GAME" {
		p.sawGame = true
	}
	if val == "" {
		p.add(valAt, CodeEmptyValue, fmt.Sprintf("%s has nothing after it", k), "write "+example(k))
		return
	}
	switch k {
	case "GAME":
		p.f.Game = val
	case "SIDE":
		p.f.Side = val
	case "TURN":
		p.f.Turn = val
	case "PASSWORD":
		p.f.Password = val
	case "SALT":
		p.f.Salt = val
	}
}

// example returns a sample line for a keyword, for suggestions.
func example(k string) string {
	switch k {
	case "GAME":
		return "GAME tanners-1"
	case "SIDE":
		return "SIDE CSA"
	case "TURN":
		return "TURN 3"
	case "PASSWORD":
		return "PASSWORD tulip-47"
	case "SALT":
		return "SALT any words you like"
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
func (p *parser) order(l line, at Pos, val string, valOff int) {
	p.cur, p.curOK, p.curSeen = &Written{At: at}, false, map[string]bool{}
	ws := words(val, valOff)
	if len(ws) == 0 {
		p.add(at, CodeBadOrderType, "ORDER needs a type, ATTACK or MOVE", "write "+orderForm)
		return
	}
	typ := asciiUpper(ws[0].text)
	if !slices.Contains(orderTypes, typ) {
		msg := fmt.Sprintf("unknown order type '%s'", clip(ws[0].text))
		if near := nearest(typ, orderTypes); near != "" {
			msg += fmt.Sprintf(": did you mean '%s'?", near)
		} else {
			msg += "."
		}
		p.add(l.pos(ws[0].off), CodeBadOrderType, msg+" An order is ATTACK or MOVE.", "write "+orderForm)
		return
	}
	p.cur.Type = typ
	end := l.pos(len(l.text))
	if len(ws) < 2 || asciiUpper(ws[1].text) != "FROM" {
		where := end
		if len(ws) > 1 {
			where = l.pos(ws[1].off)
		}
		p.add(where, CodeMissingFrom, "ORDER needs 'from' and the leader who issues it", "write "+orderForm)
		return
	}
	to := slices.IndexFunc(ws[2:], func(w word) bool { return asciiUpper(w.text) == "TO" })
	if to < 0 {
		p.add(end, CodeMissingTo, "ORDER needs 'to' and the commander who receives it", "write "+orderForm)
		return
	}
	from, rcpt := ws[2:2+to], ws[3+to:]
	p.cur.From, p.cur.To = name(join(from)), name(join(rcpt))
	if p.cur.From == "" {
		p.add(l.pos(ws[1].off), CodeMissingFrom, "no leader named after 'from'", "write "+orderForm)
		return
	}
	if p.cur.To == "" {
		p.add(l.pos(ws[2+to].off), CodeMissingTo, "no commander named after 'to'", "write "+orderForm)
		return
	}
	p.cur.FromAt, p.cur.ToAt = l.pos(from[0].off), l.pos(rcpt[0].off)
	p.curOK = true
}

func join(ws []word) string {
	parts := make([]string, len(ws))
	for i, w := range ws {
		parts[i] = w.text
	}
	return strings.Join(parts, " ")
}

func (p *parser) end(at Pos, val string, valAt Pos) {
	if p.cur == nil {
		p.add(at, CodeEndWithoutOrder, "END without an ORDER to close", "remove it, or add the ORDER line it belongs to")
		return
	}
	if val != "" {
		p.add(valAt, CodeTrailingText, fmt.Sprintf("END takes nothing after it, found '%s'", clip(val)),
			"write END alone on its line")
	}
	p.close()
}

// unterminated reports that the open block has no END and closes it.
func (p *parser) unterminated() {
	p.add(p.cur.At, CodeUnterminated, fmt.Sprintf("the ORDER on line %d has no END", p.cur.At.Line),
		"add a line END after the order's last line")
	p.close()
}

func (p *parser) close() {
	if p.curOK {
		p.cur.Intent = strings.Join(p.intents, "\n")
		p.f.Orders = append(p.f.Orders, p.cur)
	}
	p.cur, p.curOK, p.curSeen, p.intents = nil, false, nil, nil
}

func (p *parser) body(l line, k string, at Pos, val string, valOff int) {
	valAt := l.pos(valOff)
	if val == "" {
		p.add(valAt, CodeEmptyValue, fmt.Sprintf("%s has nothing after it", k), "write "+example(k))
		return
	}
	if k == "OBJECTIVE" || k == "WHEN" {
		if p.curSeen[k] {
			p.add(at, CodeDuplicateField, fmt.Sprintf("this order already has a %s", k), "keep one of them")
			return
		}
		p.curSeen[k] = true
	}
	w := p.cur
	switch k {
	case "OBJECTIVE":
		if pl, ok := parsePlace(val, valAt); ok {
			w.Objective = &pl
		} else {
			p.add(valAt, CodeEmptyValue, "OBJECTIVE names no place", "write "+example(k))
		}
	case "ROUTE":
		p.route(l, val, valOff)
	case "WHEN":
		w.Condition, w.ConditionAt = val, valAt
	case "FOR":
		p.instruction(l, at, val, valOff)
	case "INTENT":
		p.intent(valAt, val)
	default:
		p.commandBody(l, k, at, val, valOff)
	}
}

// route appends the comma-separated places of a ROUTE line.
func (p *parser) route(l line, val string, valOff int) {
	for off := valOff; ; {
		item, rest, more := strings.Cut(val, ",")
		t, tOff := trimAt(item, off)
		if pl, ok := parsePlace(t, l.pos(tOff)); ok {
			p.cur.Route = append(p.cur.Route, pl)
		} else {
			p.add(l.pos(tOff), CodeEmptyPlace, "empty place in ROUTE (two commas together, or a comma at an end?)",
				"separate places with single commas: "+example("ROUTE"))
		}
		if !more {
			return
		}
		val, off = rest, off+len(item)+1
	}
}

func (p *parser) instruction(l line, at Pos, val string, valOff int) {
	unit, text, ok := strings.Cut(val, ":")
	if !ok {
		p.add(l.pos(valOff), CodeBadFor, "FOR needs a colon after the unit's name", "write "+forForm)
		return
	}
	u := name(unit)
	text, _ = trimAt(text, 0)
	switch {
	case u == "":
		p.add(l.pos(valOff), CodeBadFor, "FOR names no unit before the colon", "write "+forForm)
	case text == "":
		p.add(l.pos(len(l.text)), CodeBadFor, fmt.Sprintf("FOR %s: gives no instructions", u), "write "+forForm)
	default:
		p.cur.For = append(p.cur.For, Instruction{At: at, Unit: u, Text: text})
	}
}

// intent adds one INTENT line; surrounding double quotes are dropped. The
// lines are joined with newlines when the block closes.
func (p *parser) intent(at Pos, val string) {
	if quoted(val) {
		val = val[1 : len(val)-1]
	}
	if val == "" {
		p.add(at, CodeEmptyValue, "INTENT has nothing inside its quotes", "write "+example("INTENT"))
		return
	}
	p.intents = append(p.intents, val)
}

func (p *parser) unknown(l line, kw string, kwOff int, at Pos) {
	if kw == "" { // the line starts with a colon
		kw = words(l.text[kwOff:], 0)[0].text
	}
	msg := fmt.Sprintf("unknown keyword '%s'", clip(kw))
	if slices.Contains(orderTypes, asciiUpper(kw)) {
		p.add(at, CodeUnknownKeyword, msg+": an order starts with ORDER", "write ORDER "+clipN(strings.TrimSpace(l.text[kwOff:]), 80))
		return
	}
	if near := nearest(asciiUpper(kw), keywords); near != "" {
		msg += fmt.Sprintf(": did you mean '%s'?", near)
		fixed := l.text[:kwOff] + near + l.text[kwOff+len(kw):]
		p.add(at, CodeUnknownKeyword, msg, "write "+clipN(strings.TrimSpace(fixed), 80))
		return
	}
	var sugg string
	switch {
	case isDigits(kw):
		sugg = "remove the line number: this looks like a line copied from a Galloper receipt"
	case p.cur != nil:
		sugg = "start every line of an order with OBJECTIVE, ROUTE, WHEN, FOR, INTENT or END; " +
			"a long INTENT goes on several INTENT lines"
	case !p.sawGame:
		sugg = "remove this line, or mark it as quoted text with '>' at its start"
	default:
		sugg = "start every line with a keyword: GAME, SIDE, TURN, PASSWORD, SALT, ORDER, STACK, STANDING"
	}
	p.add(at, CodeUnknownKeyword, msg, sugg)
}

// clip shortens a word or value quoted back to the player.
func clip(s string) string { return clipN(s, 40) }

// clipN shortens s to at most n characters and an ellipsis.
func clipN(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "..."
}
