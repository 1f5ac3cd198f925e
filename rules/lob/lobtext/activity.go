package orders

import (
	"fmt"
	"slices"
	"strings"
)

// Stack is an activity script for one stack in the Activity Phase: the
// units that act together and the steps they take, in order. See LoB 2.2
// and 3.0.
type Stack struct {
	At    Pos
	Units []Name
	Steps []Step
}

// Name is a unit or leader name as written, with its position.
type Name struct {
	At   Pos
	Text string
}

// HexRef is a hex id in an activity script, in canonical form ("C12.8").
type HexRef struct {
	At  Pos
	Hex string
}

// Step is one line (or one part of a line) of an activity script.
type Step struct {
	At   Pos
	Verb string // one of StepVerbs
	// Hexes is the path of MOVE and RETREAT, or the one target hex of FIRE
	// and CHARGE.
	Hexes []HexRef
	// Word is the direction of FACE (N, NE, ...) or the formation of
	// FORMATION (LINE, COLUMN, OPEN ORDER, ...), in capitals.
	Word     string
	WordAt   Pos
	Canister bool   // FIRE ... CANISTER (LoB 8.2e)
	Units    []Name // the units SPLIT leaves behind, or JOIN takes in
	// IfClosingFails marks a fallback: the step is taken only if a Closing
	// Roll stops the stack (LoB 3.5). Only FIRE may be a fallback.
	IfClosingFails bool
}

// Position implements Order.
func (s *Stack) Position() Pos { return s.At }
func (*Stack) isOrder()        {}

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
	CodeBadHex        = "bad-hex"        // a word where a hex id was wanted
	CodeBadFacing     = "bad-facing"     // FACE not followed by a compass direction
	CodeBadStep       = "bad-step"       // a step with missing or extra words
	CodeBadCondition  = "bad-condition"  // IF not followed by CLOSING FAILS FIRE <hex>
	CodeEmptyUnit     = "empty-unit"     // an empty name in a list of units
	CodeOutsideStack  = "outside-stack"  // a step outside a STACK block
	CodeUnknownStep   = "unknown-step"   // a line inside STACK that starts with no step verb
	CodeDuplicateUnit = "duplicate-unit" // a unit named twice on one line
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
func (p *parser) openStack(l line, at Pos, val string, valOff int) {
	s := &Stack{At: at}
	p.f.Orders = append(p.f.Orders, s)
	p.stack = s
	s.Units = p.names(l, val, valOff, at, "STACK")
}

// names reads a comma-separated list of unit names; problems are reported
// against keyword k.
func (p *parser) names(l line, val string, valOff int, at Pos, k string) []Name {
	if val == "" {
		p.add(at, CodeEmptyValue, fmt.Sprintf("%s names no units", k), "write "+stackForm)
		return nil
	}
	var ns []Name
	for off := valOff; ; {
		item, rest, more := strings.Cut(val, ",")
		t, tOff := trimAt(item, off)
		n := name(t)
		switch {
		case n == "":
			p.add(l.pos(tOff), CodeEmptyUnit, fmt.Sprintf("empty unit name in %s (two commas together, or a comma at an end?)", k),
				"separate names with single commas: "+stackForm)
		case slices.ContainsFunc(ns, func(x Name) bool { return strings.EqualFold(x.Text, n) }):
			p.add(l.pos(tOff), CodeDuplicateUnit, fmt.Sprintf("%s is named twice", clip(n)), "name each unit once")
		default:
			ns = append(ns, Name{At: l.pos(tOff), Text: n})
		}
		if !more {
			return ns
		}
		val, off = rest, off+len(item)+1
	}
}

// stackLine reads one line inside a STACK block: one or more steps.
func (p *parser) stackLine(l line, kw string, kwOff int, val string, valOff int) {
	k := verb(kw)
	if k == "" {
		p.unknownIn(l, kw, kwOff, "STACK", StepVerbs, CodeUnknownStep)
		return
	}
	ws := words(val, valOff)
	p.steps(l, word{kw, kwOff}, ws)
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
func (p *parser) steps(l line, v word, args []word) {
	for {
		k := verb(v.text)
		n := len(args)
		if slices.Contains(chainable, k) {
			n = slices.IndexFunc(args, func(w word) bool { v := verb(w.text); return v != "" && v != "IF" })
			if n < 0 {
				n = len(args)
			}
		}
		p.step(l, k, v, args[:n])
		if n == len(args) {
			return
		}
		v, args = args[n], args[n+1:]
	}
}

// step reads one step: verb k (written as v) and its words.
func (p *parser) step(l line, k string, v word, args []word) {
	st := Step{At: l.pos(v.off), Verb: k}
	ok := true
	switch k {
	case "MOVE", "RETREAT":
		st.Hexes, ok = p.hexes(l, k, v, args)
	case "FIRE", "CHARGE":
		ok = p.target(l, &st, v, args)
	case "FACE":
		ok = p.facing(l, &st, v, args)
	case "FORMATION":
		if len(args) == 0 {
			p.add(st.At, CodeEmptyValue, "FORMATION has no formation after it", "write "+stepExample(k))
			return
		}
		st.Word, st.WordAt = asciiUpper(join(args)), l.pos(args[0].off)
	case "UNLIMBER", "LIMBER":
		if len(args) > 0 {
			p.add(l.pos(args[0].off), CodeBadStep, fmt.Sprintf("%s takes nothing after it, found '%s'", k, clip(join(args))),
				"write "+k+" alone, or follow it with another step such as FACE NE")
			return
		}
	case "SPLIT", "JOIN":
		off := v.off + len(v.text)
		rest, restOff := trimAt(l.text[off:], off)
		st.Units = p.names(l, rest, restOff, st.At, k)
		ok = len(st.Units) > 0
	case "IF":
		p.fallback(l, v, args)
		return
	}
	if ok {
		p.stack.Steps = append(p.stack.Steps, st)
	}
}

// hexes reads a path of hex ids separated by spaces or commas; it needs
// at least one. v is the verb, for the problem when there is none.
func (p *parser) hexes(l line, k string, v word, args []word) ([]HexRef, bool) {
	var hs []HexRef
	ok := true
	for _, a := range args {
		off := a.off
		for rest, more := a.text, true; more; {
			var item string
			item, rest, more = strings.Cut(rest, ",")
			if h, good := hexID(item); good {
				hs = append(hs, HexRef{At: l.pos(off), Hex: h})
			} else if item != "" {
				p.add(l.pos(off), CodeBadHex, fmt.Sprintf("'%s' is not a hex id", clip(item)),
					"write hexes as on the map, for example "+stepExample(k))
				ok = false
			}
			off += len(item) + 1
		}
	}
	if len(hs) == 0 && ok {
		p.add(l.pos(v.off), CodeEmptyValue, fmt.Sprintf("%s names no hexes", k), "write "+stepExample(k))
		return nil, false
	}
	return hs, ok
}

// target reads the one hex of FIRE or CHARGE, and CANISTER after FIRE.
func (p *parser) target(l line, st *Step, v word, args []word) bool {
	if len(args) == 0 {
		p.add(st.At, CodeEmptyValue, fmt.Sprintf("%s names no target hex", st.Verb), "write "+stepExample(st.Verb))
		return false
	}
	hs, ok := p.hexes(l, st.Verb, v, args[:1])
	if !ok {
		return false
	}
	if len(hs) != 1 {
		p.add(l.pos(args[0].off), CodeBadStep, fmt.Sprintf("%s takes one target hex", st.Verb), "write "+stepExample(st.Verb))
		return false
	}
	st.Hexes = hs
	extra := args[1:]
	if st.Verb == "FIRE" && len(extra) > 0 && strings.EqualFold(extra[0].text, "CANISTER") {
		st.Canister, extra = true, extra[1:]
	}
	if len(extra) > 0 {
		p.add(l.pos(extra[0].off), CodeBadStep, fmt.Sprintf("%s takes one target hex, found '%s' after it", st.Verb, clip(join(extra))),
			"write "+stepExample(st.Verb))
		return false
	}
	return true
}

// facing reads the direction of FACE.
func (p *parser) facing(l line, st *Step, v word, args []word) bool {
	if len(args) == 0 {
		p.add(st.At, CodeEmptyValue, "FACE has no direction after it", "write "+stepExample("FACE"))
		return false
	}
	d, ok := facings[asciiUpper(args[0].text)]
	if !ok {
		p.add(l.pos(args[0].off), CodeBadFacing, fmt.Sprintf("'%s' is not a direction", clip(args[0].text)),
			"write one of N, NE, SE, S, SW, NW")
		return false
	}
	if len(args) > 1 {
		p.add(l.pos(args[1].off), CodeBadStep, fmt.Sprintf("FACE takes one direction, found '%s' after it", clip(join(args[1:]))),
			"to move on after turning, start a new line with MOVE")
		return false
	}
	st.Word, st.WordAt = d, l.pos(args[0].off)
	return true
}

// fallback reads "IF CLOSING FAILS [THEN] FIRE <hex> [CANISTER]". See LoB
// 3.5: a stack whose Closing Roll fails stops, and may then fire.
func (p *parser) fallback(l line, v word, args []word) {
	bad := func(at Pos) {
		p.add(at, CodeBadCondition, "IF must be followed by CLOSING FAILS and a FIRE step",
			"write "+stepExample("IF"))
	}
	if len(args) < 2 || !strings.EqualFold(args[0].text, "CLOSING") || !strings.EqualFold(args[1].text, "FAILS") {
		bad(l.pos(v.off))
		return
	}
	rest := args[2:]
	if len(rest) > 0 && strings.EqualFold(rest[0].text, "THEN") {
		rest = rest[1:]
	}
	if len(rest) == 0 || !strings.EqualFold(rest[0].text, "FIRE") {
		bad(l.pos(v.off))
		return
	}
	st := Step{At: l.pos(v.off), Verb: "FIRE", IfClosingFails: true}
	if p.target(l, &st, rest[0], rest[1:]) {
		p.stack.Steps = append(p.stack.Steps, st)
	}
}

// unknownIn reports a line inside a block that starts with none of the
// block's keywords, suggesting the nearest.
func (p *parser) unknownIn(l line, kw string, kwOff int, block string, verbs []string, code string) {
	at := l.pos(kwOff)
	if kw == "" {
		kw = words(l.text[kwOff:], 0)[0].text
	}
	msg := fmt.Sprintf("unknown keyword '%s' in a %s block", clip(kw), block)
	if near := nearest(asciiUpper(kw), append(slices.Clone(verbs), "END")); near != "" {
		msg += fmt.Sprintf(": did you mean '%s'?", near)
		fixed := l.text[:kwOff] + near + l.text[kwOff+len(kw):]
		p.add(at, code, msg, "write "+clipN(strings.TrimSpace(fixed), 80))
		return
	}
	p.add(at, code, msg, fmt.Sprintf("start every line of a %s block with one of %s, or END", block, strings.Join(verbs, ", ")))
}

// writeStack writes a STACK block in canonical form: one step a line.
func writeStack(b *strings.Builder, s *Stack) {
	fmt.Fprintf(b, "STACK %s\n", joinNames(s.Units))
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
			b.WriteString(" " + joinNames(st.Units))
		}
		b.WriteString("\n")
	}
	b.WriteString("END\n")
}

// joinNames writes a list of names separated by commas.
func joinNames(ns []Name) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = quoteName(n.Text)
	}
	return strings.Join(parts, ", ")
}

// stripStack returns a copy of s with every position zeroed.
func stripStack(s *Stack) *Stack {
	v := &Stack{Units: stripNames(s.Units)}
	for _, st := range s.Steps {
		st.At, st.WordAt = Pos{}, Pos{}
		hs := make([]HexRef, len(st.Hexes))
		for i, h := range st.Hexes {
			hs[i] = HexRef{Hex: h.Hex}
		}
		if st.Hexes == nil {
			hs = nil
		}
		st.Hexes, st.Units = hs, stripNames(st.Units)
		v.Steps = append(v.Steps, st)
	}
	return v
}

func stripNames(ns []Name) []Name {
	if ns == nil {
		return nil
	}
	out := make([]Name, len(ns))
	for i, n := range ns {
		out[i] = Name{Text: n.Text}
	}
	return out
}
