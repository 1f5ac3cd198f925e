// Package lobtext is Line of Battle's order dialect: the orders its players
// write inside Galloper's shared envelope. Written orders (ORDER ATTACK or
// MOVE, LoB 10.3) with their command lines, the one-line command
// directives, activity scripts (STACK, LoB 2.2 and 3.0) and the reaction
// table of the STANDING block, with hex ids written "A10.10" (LoB 1.4a).
package lobtext

import (
	"fmt"
	"slices"
	"strings"

	"galloper/orders"
)

// Dialect is Line of Battle's order dialect.
var Dialect orders.Dialect = dialect{}

// Parse reads an order file in Line of Battle's dialect.
func Parse(text string) (*orders.File, []orders.Problem) { return orders.Parse(text, Dialect) }

// Format returns f in canonical form (orders.Format).
func Format(f *orders.File) string { return orders.Format(f, Dialect) }

// FormatOrders returns f's orders in canonical form (orders.FormatOrders).
func FormatOrders(f *orders.File) string { return orders.FormatOrders(f, Dialect) }

// Hash returns the hash of f's canonical orders (orders.Hash).
func Hash(f *orders.File) [32]byte { return orders.Hash(f, Dialect) }

// StripPositions returns f without positions (orders.StripPositions).
func StripPositions(f *orders.File) *orders.File { return orders.StripPositions(f, Dialect) }

type dialect struct{}

// Keywords, in the order a suggestion prefers them.
var (
	bodyKeywords = []string{"OBJECTIVE", "ROUTE", "WHEN", "FOR", "INTENT"}
	keywords     = slices.Concat([]string{"ORDER", "END"}, bodyKeywords, commandBodyKeywords, directiveKeywords, []string{"STACK"})
	orderTypes   = []string{"ATTACK", "MOVE"}
)

func (dialect) Starts() []string                 { return []string{"ORDER", "STACK"} }
func (dialect) Keywords() []string               { return keywords }
func (dialect) Place(s string) (string, bool)    { return hexID(s) }
func (dialect) Reactions() *orders.ReactionTable { return Reactions }
func (dialect) Seeds() []string {
	return []string{sample, sampleCRLF, activitySample, commandSample, "", "GAME g\nSIDE s\nTURN 1\n", "ORDER MOVE\nEND\nEND\n"}
}

func (dialect) NewBody(p *orders.Parser) orders.Body { return &body{p: p} }

// WriteOrder implements orders.Dialect.
func (dialect) WriteOrder(b *strings.Builder, o orders.Order) {
	switch o := o.(type) {
	case *Written:
		writeWritten(b, o)
	case *Directive:
		writeDirective(b, o)
	case *Stack:
		writeStack(b, o)
	default:
		panic(badKind(o))
	}
}

// StripOrder implements orders.Dialect.
func (dialect) StripOrder(o orders.Order) orders.Order {
	switch o := o.(type) {
	case *Written:
		return stripWritten(o)
	case *Directive:
		return stripDirective(o)
	case *Stack:
		return stripStack(o)
	}
	panic(badKind(o))
}

func badKind(o orders.Order) string {
	return "lobtext: an order of a kind Line of Battle does not have: " + fmt.Sprintf("%T", o)
}

// body reads the body of one order file.
type body struct {
	p       *orders.Parser
	cur     *Written        // the open ORDER block, nil outside one
	curOK   bool            // the open block's ORDER line was understood
	curSeen map[string]bool // single-use keywords seen in the open block
	intents []string        // the open block's INTENT lines
	stack   *Stack          // the open STACK block, nil outside one
}

// Close implements orders.Body.
func (b *body) Close() {
	if b.cur != nil {
		b.unterminated()
	}
	b.stack = nil
}

// Line implements orders.Body. STACK blocks come first: END closes one,
// but is optional, as a line that starts with any other keyword closes it
// too. A line with an unknown keyword inside a block is reported and
// leaves the block open, so one slip gives one problem.
func (b *body) Line(l orders.Line) {
	if b.block(l) {
		return
	}
	k := l.Key
	switch {
	case k == "ORDER":
		if b.cur != nil {
			b.unterminated()
		}
		b.order(l)
	case k == "END":
		b.end(l)
	case slices.Contains(directiveKeywords, k):
		if b.cur != nil {
			b.unterminated()
		}
		b.directive(l)
	case slices.Contains(bodyKeywords, k) || slices.Contains(commandBodyKeywords, k):
		if b.cur == nil {
			b.p.Add(l.At(), CodeOutsideOrder, k+" is outside an order", "put it between an ORDER line and its END")
			return
		}
		b.body(l)
	default:
		b.unknown(l)
	}
}

// block takes the lines that open STACK blocks and the lines inside them,
// and the steps and reactions written outside their blocks, and reports
// whether it took the line.
func (b *body) block(l orders.Line) bool {
	k, at := l.Key, l.At()
	switch {
	case k == "STACK":
		if b.cur != nil {
			b.unterminated()
		}
		b.openStack(l)
		return true
	case b.stack != nil:
		switch {
		case k == "END":
			b.p.EndBlock(l)
			b.stack = nil
			return true
		case b.p.IsKeyword(k):
			b.stack = nil
			return false
		}
		b.stackLine(l)
		return true
	case b.cur != nil:
		return false
	case Reactions.Spec(k) != nil || k == "OPENING" || k == "MOUNTED":
		b.p.OutsideStanding(at, k)
		return true
	case k == "MOVE" && strings.HasPrefix(orders.Upper(l.Value), "FROM "):
		return false // a written order without its ORDER keyword
	case slices.Contains(StepVerbs, k):
		b.p.Add(at, CodeOutsideStack, k+" is a step of an activity script, outside a STACK block",
			"start the script with a line naming the stack, such as "+stackForm)
		return true
	}
	return false
}

// unknown reports a line that starts with no keyword.
func (b *body) unknown(l orders.Line) {
	kw := l.Keyword
	if slices.Contains(orderTypes, l.Key) {
		b.p.Add(l.At(), orders.CodeUnknownKeyword, "unknown keyword '"+orders.Clip(kw)+"': an order starts with ORDER",
			"write ORDER "+orders.ClipN(strings.TrimSpace(l.Text[l.KeywordOff:]), 80))
		return
	}
	hint := ""
	if b.cur != nil {
		hint = "start every line of an order with OBJECTIVE, ROUTE, WHEN, FOR, INTENT or END; " +
			"a long INTENT goes on several INTENT lines"
	}
	b.p.Unknown(l, hint)
}
