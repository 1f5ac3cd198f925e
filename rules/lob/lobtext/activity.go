package lobtext

import (
	"fmt"
	"slices"
	"strings"

	"galloper/orders"
)

// Stack is an activity script for one stack in the Activity Phase: the
// units that act together and the steps they take, in order. See LoB 2.2
// and 3.0.
type Stack struct {
	At    orders.Pos
	Units []orders.Name
	Steps []Step
}

// HexRef is a hex id in an activity script, in canonical form ("C12.8").
type HexRef struct {
	At  orders.Pos
	Hex string
}

// Step is one line (or one part of a line) of an activity script.
type Step struct {
	At   orders.Pos
	Verb string // one of StepVerbs
	// Hexes is the path of MOVE and RETREAT, or the one target hex of FIRE
	// and CHARGE.
	Hexes []HexRef
	// Word is the direction of FACE (N, NE, ...) or the formation of
	// FORMATION (LINE, COLUMN, OPEN ORDER, ...), in capitals.
	Word     string
	WordAt   orders.Pos
	Canister bool          // FIRE ... CANISTER (LoB 8.2e)
	Units    []orders.Name // the units SPLIT leaves behind, or JOIN takes in
	// IfClosingFails marks a fallback: the step is taken only if a Closing
	// Roll stops the stack (LoB 3.5). Only FIRE may be a fallback.
	IfClosingFails bool
}

// Position implements orders.Order.
func (s *Stack) Position() orders.Pos { return s.At }

// StepVerbs are the words that start a step of an activity script.
var StepVerbs = []string{"MOVE", "FACE", "FORMATION", "UNLIMBER", "LIMBER", "FIRE", "CHARGE", "SPLIT", "JOIN", "RETREAT", "IF"}

// chainable are the verbs after which another step may follow on the same
// line ("MOVE C12.8 C12.9 FACE NE FORMATION LINE").
var chainable = []string{"MOVE", "FACE", "FORMATION", "UNLIMBER", "LIMBER", "FIRE", "CHARGE", "RETREAT"}

// facings maps the ways of writing a compass direction to its short form.
// Which of them a map allows is the rules' business.
var facings = map[string]string{
	"N": "N", "NE": "NE", "E": "E", "SE": "SE", "S": "S", "SW": "SW", "W": "W", "NW": "NW",
	"NORTH": "N", "NORTHEAST": "NE", "NORTH-EAST": "NE", "EAST": "E", "SOUTHEAST": "SE", "SOUTH-EAST": "SE",
	"SOUTH": "S", "SOUTHWEST": "SW", "SOUTH-WEST": "SW", "WEST": "W", "NORTHWEST": "NW", "NORTH-WEST": "NW",
}

// Problem codes of activity scripts.
const (
	CodeBadHex       = "bad-hex"       // a word where a hex id was wanted
	CodeBadFacing    = "bad-facing"    // FACE not followed by a compass direction
	CodeBadStep      = "bad-step"      // a step with missing or extra words
	CodeBadCondition = "bad-condition" // IF not followed by CLOSING FAILS FIRE <hex>
	CodeOutsideStack = "outside-stack" // a step outside a STACK block
	CodeUnknownStep  = "unknown-step"  // a line inside STACK that starts with no step verb
)

const (
	stackForm = "STACK 1st Texas, 4th Texas"
	moveForm  = "MOVE C12.8 C12.9 C13.9"
)

// stepExample returns a sample line for a step verb, for suggestions.
func stepExample(v string) string {
	switch v {
	case "MOVE":
		return moveForm
	case "FACE":
		return "FACE NE"
	case "FORMATION":
		return "FORMATION LINE"
	case "FIRE":
		return "FIRE C14.10 (or FIRE C14.10 CANISTER)"
	case "CHARGE":
		return "CHARGE C13.10"
	case "SPLIT":
		return "SPLIT 4th Texas"
	case "JOIN":
		return "JOIN 5th Texas"
	case "RETREAT":
		return "RETREAT C12.8 C12.7 C12.6 ... (ten hexes)"
	case "IF":
		return "IF CLOSING FAILS FIRE C14.10"
	}
	return v
}

// openStack starts a STACK block.
func (b *body) openStack(l orders.Line) {
	at := l.At()
	s := &Stack{At: at}
	b.p.Append(s)
	b.stack = s
	s.Units = b.p.Names(l, l.Value, l.ValueOff, at, "STACK", stackForm)
}

// stackLine reads one line inside a STACK block: one or more steps.
func (b *body) stackLine(l orders.Line) {
	if verb(l.Keyword) == "" {
		b.p.UnknownIn(l, "STACK", StepVerbs, CodeUnknownStep)
		return
	}
	b.steps(l, orders.Word{Text: l.Keyword, Off: l.KeywordOff}, orders.Words(l.Value, l.ValueOff))
}

// verb returns the step verb s spells, in any case, or "". It does not
// allocate, as it runs for every word of a step.
func verb(s string) string {
	for _, v := range StepVerbs {
		if len(v) == len(s) && strings.EqualFold(v, s) {
			return v
		}
	}
	return ""
}

// steps reads the step starting with verb v and those chained after it.
func (b *body) steps(l orders.Line, v orders.Word, args []orders.Word) {
	for {
		k := verb(v.Text)
		n := len(args)
		if slices.Contains(chainable, k) {
			n = slices.IndexFunc(args, func(w orders.Word) bool { v := verb(w.Text); return v != "" && v != "IF" })
			if n < 0 {
				n = len(args)
			}
		}
		b.step(l, k, v, args[:n])
		if n == len(args) {
			return
		}
		v, args = args[n], args[n+1:]
	}
}

// step reads one step: verb k (written as v) and its words.
func (b *body) step(l orders.Line, k string, v orders.Word, args []orders.Word) {
	st := Step{At: l.Pos(v.Off), Verb: k}
	ok := true
	switch k {
	case "MOVE", "RETREAT":
		st.Hexes, ok = b.hexes(l, k, v, args)
	case "FIRE", "CHARGE":
		ok = b.target(l, &st, v, args)
	case "FACE":
		ok = b.facing(l, &st, v, args)
	case "FORMATION":
		if len(args) == 0 {
			b.p.Add(st.At, orders.CodeEmptyValue, "FORMATION has no formation after it", "write "+stepExample(k))
			return
		}
		st.Word, st.WordAt = orders.Upper(orders.JoinWords(args)), l.Pos(args[0].Off)
	case "UNLIMBER", "LIMBER":
		if len(args) > 0 {
			b.p.Add(l.Pos(args[0].Off), CodeBadStep, fmt.Sprintf("%s takes nothing after it, found '%s'", k, orders.Clip(orders.JoinWords(args))),
				"write "+k+" alone, or follow it with another step such as FACE NE")
			return
		}
	case "SPLIT", "JOIN":
		off := v.Off + len(v.Text)
		rest, restOff := orders.TrimAt(l.Text[off:], off)
		st.Units = b.p.Names(l, rest, restOff, st.At, k, stackForm)
		ok = len(st.Units) > 0
	case "IF":
		b.fallback(l, v, args)
		return
	}
	if ok {
		b.stack.Steps = append(b.stack.Steps, st)
	}
}

// hexes reads a path of hex ids separated by spaces or commas; it needs
// at least one. v is the verb, for the problem when there is none.
func (b *body) hexes(l orders.Line, k string, v orders.Word, args []orders.Word) ([]HexRef, bool) {
	var hs []HexRef
	ok := true
	for _, a := range args {
		off := a.Off
		for rest, more := a.Text, true; more; {
			var item string
			item, rest, more = strings.Cut(rest, ",")
			if h, good := hexID(item); good {
				hs = append(hs, HexRef{At: l.Pos(off), Hex: h})
			} else if item != "" {
				b.p.Add(l.Pos(off), CodeBadHex, fmt.Sprintf("'%s' is not a hex id", orders.Clip(item)),
					"write hexes as on the map, for example "+stepExample(k))
				ok = false
			}
			off += len(item) + 1
		}
	}
	if len(hs) == 0 && ok {
		b.p.Add(l.Pos(v.Off), orders.CodeEmptyValue, fmt.Sprintf("%s names no hexes", k), "write "+stepExample(k))
		return nil, false
	}
	return hs, ok
}

// target reads the one hex of FIRE or CHARGE, and CANISTER after FIRE.
func (b *body) target(l orders.Line, st *Step, v orders.Word, args []orders.Word) bool {
	if len(args) == 0 {
		b.p.Add(st.At, orders.CodeEmptyValue, fmt.Sprintf("%s names no target hex", st.Verb), "write "+stepExample(st.Verb))
		return false
	}
	hs, ok := b.hexes(l, st.Verb, v, args[:1])
	if !ok {
		return false
	}
	if len(hs) != 1 {
		b.p.Add(l.Pos(args[0].Off), CodeBadStep, fmt.Sprintf("%s takes one target hex", st.Verb), "write "+stepExample(st.Verb))
		return false
	}
	st.Hexes = hs
	extra := args[1:]
	if st.Verb == "FIRE" && len(extra) > 0 && strings.EqualFold(extra[0].Text, "CANISTER") {
		st.Canister, extra = true, extra[1:]
	}
	if len(extra) > 0 {
		b.p.Add(l.Pos(extra[0].Off), CodeBadStep, fmt.Sprintf("%s takes one target hex, found '%s' after it", st.Verb, orders.Clip(orders.JoinWords(extra))),
			"write "+stepExample(st.Verb))
		return false
	}
	return true
}

// facing reads the direction of FACE.
func (b *body) facing(l orders.Line, st *Step, v orders.Word, args []orders.Word) bool {
	if len(args) == 0 {
		b.p.Add(st.At, orders.CodeEmptyValue, "FACE has no direction after it", "write "+stepExample("FACE"))
		return false
	}
	d, ok := facings[orders.Upper(args[0].Text)]
	if !ok {
		b.p.Add(l.Pos(args[0].Off), CodeBadFacing, fmt.Sprintf("'%s' is not a direction", orders.Clip(args[0].Text)),
			"write one of N, NE, SE, S, SW, NW")
		return false
	}
	if len(args) > 1 {
		b.p.Add(l.Pos(args[1].Off), CodeBadStep, fmt.Sprintf("FACE takes one direction, found '%s' after it", orders.Clip(orders.JoinWords(args[1:]))),
			"to move on after turning, start a new line with MOVE")
		return false
	}
	st.Word, st.WordAt = d, l.Pos(args[0].Off)
	return true
}

// fallback reads "IF CLOSING FAILS [THEN] FIRE <hex> [CANISTER]". See LoB
// 3.5: a stack whose Closing Roll fails stops, and may then fire.
func (b *body) fallback(l orders.Line, v orders.Word, args []orders.Word) {
	bad := func(at orders.Pos) {
		b.p.Add(at, CodeBadCondition, "IF must be followed by CLOSING FAILS and a FIRE step",
			"write "+stepExample("IF"))
	}
	if len(args) < 2 || !strings.EqualFold(args[0].Text, "CLOSING") || !strings.EqualFold(args[1].Text, "FAILS") {
		bad(l.Pos(v.Off))
		return
	}
	rest := args[2:]
	if len(rest) > 0 && strings.EqualFold(rest[0].Text, "THEN") {
		rest = rest[1:]
	}
	if len(rest) == 0 || !strings.EqualFold(rest[0].Text, "FIRE") {
		bad(l.Pos(v.Off))
		return
	}
	st := Step{At: l.Pos(v.Off), Verb: "FIRE", IfClosingFails: true}
	if b.target(l, &st, rest[0], rest[1:]) {
		b.stack.Steps = append(b.stack.Steps, st)
	}
}

// writeStack writes a STACK block in canonical form: one step a line.
func writeStack(b *strings.Builder, s *Stack) {
	fmt.Fprintf(b, "STACK %s\n", orders.JoinNames(s.Units))
	for _, st := range s.Steps {
		b.WriteString("  ")
		if st.IfClosingFails {
			b.WriteString("IF CLOSING FAILS ")
		}
		b.WriteString(st.Verb)
		for _, h := range st.Hexes {
			b.WriteString(" " + h.Hex)
		}
		if st.Word != "" {
			b.WriteString(" " + st.Word)
		}
		if st.Canister {
			b.WriteString(" CANISTER")
		}
		if len(st.Units) > 0 {
			b.WriteString(" " + orders.JoinNames(st.Units))
		}
		b.WriteString("\n")
	}
	b.WriteString("END\n")
}

// stripStack returns a copy of s with every position zeroed.
func stripStack(s *Stack) *Stack {
	v := &Stack{Units: orders.StripNames(s.Units)}
	for _, st := range s.Steps {
		st.At, st.WordAt = orders.Pos{}, orders.Pos{}
		hs := make([]HexRef, len(st.Hexes))
		for i, h := range st.Hexes {
			hs[i] = HexRef{Hex: h.Hex}
		}
		if st.Hexes == nil {
			hs = nil
		}
		st.Hexes, st.Units = hs, orders.StripNames(st.Units)
		v.Steps = append(v.Steps, st)
	}
	return v
}
