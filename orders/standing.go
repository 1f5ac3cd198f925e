package orders

import (
	"fmt"
	"slices"
	"strings"
)

// Standing holds a side's standing reactions: the choices the rules give
// the player whose units are acted upon, made in advance so that a segment
// can be resolved without asking. Which reactions there are, and their
// options, is the dialect's ReactionTable.
type Standing struct {
	At        Pos
	Reactions []Reaction
}

// Reaction is one line of a STANDING block.
type Reaction struct {
	At   Pos
	Kind string // the Kind of one of the table's reactions
	// Choices are the chosen options in canonical form, most preferred
	// first. Only a reaction marked Several takes more than one.
	Choices []Choice
	Units   []Name // the units named after a NamesAfter option, in order of preference
}

// Choice is one option of a reaction, in canonical form.
type Choice struct {
	At   Pos
	Text string
}

// Position implements Order.
func (s *Standing) Position() Pos { return s.At }

// ReactionTable is a dialect's vocabulary for STANDING blocks: each
// reaction a side may set, its options and its default.
type ReactionTable struct {
	// Reactions in canonical order.
	Reactions []ReactionSpec
}

// ReactionSpec is one reaction of a ReactionTable.
type ReactionSpec struct {
	// Kind is the reaction's keyword, in capitals.
	Kind string
	// Forms are other ways of writing the keyword, each one or more
	// words in capitals; the longest that matches is taken.
	Forms []string
	// Choices maps every accepted way of writing an option, in capitals
	// with single spaces, to its canonical form.
	Choices map[string]string
	// NamesAfter is the canonical option that is followed by a list of
	// unit names, most preferred first, or "".
	NamesAfter string
	// NamesForm is an example list of names, for the problems of a
	// NamesAfter list.
	NamesForm string
	// Several is set when the reaction takes several options, most
	// preferred first, separated by commas.
	Several bool
	// Default is what the system does when a side has not set the
	// reaction, as a STANDING line would write it.
	Default string
	// Example is a sample line, for suggestions.
	Example string
}

// Problem codes of STANDING blocks.
const (
	CodeBadChoice       = "bad-choice"         // an option a reaction does not have
	CodeOutsideStanding = "outside-standing"   // a reaction outside a STANDING block
	CodeUnknownReaction = "unknown-reaction"   // a line inside STANDING with no reaction keyword
	CodeDuplicateBlock  = "duplicate-standing" // a second STANDING block
	CodeTooManyChoices  = "too-many-choices"   // several options where one is allowed
)

// Kinds lists the table's reaction keywords in canonical order.
func (t *ReactionTable) Kinds() []string {
	ks := make([]string, len(t.Reactions))
	for i, r := range t.Reactions {
		ks[i] = r.Kind
	}
	return ks
}

// Spec returns the reaction of kind k, or nil.
func (t *ReactionTable) Spec(k string) *ReactionSpec {
	for i := range t.Reactions {
		if t.Reactions[i].Kind == k {
			return &t.Reactions[i]
		}
	}
	return nil
}

// Default is the default of reaction kind k, "" for no such kind.
func (t *ReactionTable) Default(k string) string {
	if r := t.Spec(k); r != nil {
		return r.Default
	}
	return ""
}

// OutsideStanding reports a reaction line found outside the STANDING
// block; k is its keyword.
func (p *Parser) OutsideStanding(at Pos, k string) {
	p.Add(at, CodeOutsideStanding, fmt.Sprintf("%s is a standing reaction, outside a STANDING block", k),
		"put it between a line STANDING and its END")
}

// openStanding starts the STANDING block.
func (p *Parser) openStanding(l Line) {
	at, val, valAt := l.At(), l.Value, l.ValueAt()
	if p.sawStanding {
		p.Add(at, CodeDuplicateBlock, "there is already a STANDING block in this file", "put all standing reactions in one block")
	}
	if val != "" {
		p.Add(valAt, CodeTrailingText, fmt.Sprintf("STANDING takes nothing after it, found '%s'", Clip(val)),
			"write STANDING alone on its line, and each reaction on a line of its own")
	}
	p.sawStanding = true
	s := &Standing{At: at}
	p.Append(s)
	p.standing = s
}

// reactionKeyword reads the keyword of a line inside STANDING: a kind or
// the longest of the table's other forms. It returns the reaction and the
// rest of the line, or nil if there is none. A colon after a word of the
// keyword is allowed.
func reactionKeyword(t *ReactionTable, ws []Word) (*ReactionSpec, []Word) {
	var best *ReactionSpec
	n := 0
	for i := range t.Reactions {
		r := &t.Reactions[i]
		if n < 1 && formMatches(r.Kind, ws) {
			best, n = r, 1
		}
		for _, f := range r.Forms {
			if k := strings.Count(f, " ") + 1; k > n && formMatches(f, ws) {
				best, n = r, k
			}
		}
	}
	if best == nil {
		return nil, nil
	}
	return best, ws[n:]
}

// formMatches reports whether ws starts with the words of form.
func formMatches(form string, ws []Word) bool {
	for i, f := range strings.Fields(form) {
		if i >= len(ws) || strings.TrimSuffix(Upper(ws[i].Text), ":") != f {
			return false
		}
	}
	return true
}

// standingLine reads one reaction line.
func (p *Parser) standingLine(l Line) {
	t := p.d.Reactions()
	ws := append([]Word{{l.Keyword, l.KeywordOff}}, Words(l.Value, l.ValueOff)...)
	r, rest := reactionKeyword(t, ws)
	if r == nil {
		p.UnknownIn(l, "STANDING", t.Kinds(), CodeUnknownReaction)
		return
	}
	k, at := r.Kind, l.At()
	if i := slices.IndexFunc(p.standing.Reactions, func(x Reaction) bool { return x.Kind == k }); i >= 0 {
		p.Add(at, CodeDuplicateField, fmt.Sprintf("%s is already set on line %d", k, p.standing.Reactions[i].At.Line),
			"keep one of them")
		return
	}
	if len(rest) == 0 {
		p.Add(at, CodeEmptyValue, fmt.Sprintf("%s has no choice after it", k), "write "+r.Example)
		return
	}
	x := Reaction{At: at, Kind: k}
	if r.NamesAfter != "" && Upper(rest[0].Text) == r.NamesAfter {
		off := rest[0].Off + len(rest[0].Text)
		val, valOff := TrimAt(l.Text[off:], off)
		x.Choices = []Choice{{At: l.Pos(rest[0].Off), Text: r.NamesAfter}}
		if x.Units = p.Names(l, val, valOff, l.Pos(rest[0].Off), k+" "+r.NamesAfter, r.NamesForm); len(x.Units) == 0 {
			return
		}
		p.standing.Reactions = append(p.standing.Reactions, x)
		return
	}
	if p.choices(l, r, &x, rest) {
		p.standing.Reactions = append(p.standing.Reactions, x)
	}
}

// choices reads the comma-separated options of a reaction.
func (p *Parser) choices(l Line, r *ReactionSpec, x *Reaction, ws []Word) bool {
	start := ws[0].Off
	last := ws[len(ws)-1]
	val := l.Text[start : last.Off+len(last.Text)]
	ok := true
	for off := start; ; {
		item, rest, more := strings.Cut(val, ",")
		t, tOff := TrimAt(item, off)
		if c, good := p.choice(l, r, t, tOff); good {
			x.Choices = append(x.Choices, c)
		} else {
			ok = false
		}
		if !more {
			break
		}
		val, off = rest, off+len(item)+1
	}
	if ok && len(x.Choices) > 1 && !r.Several {
		p.Add(x.Choices[1].At, CodeTooManyChoices, fmt.Sprintf("%s takes one choice", r.Kind), "write "+r.Example)
		return false
	}
	return ok
}

// choice reads one option of reaction r.
func (p *Parser) choice(l Line, r *ReactionSpec, t string, off int) (Choice, bool) {
	at := l.Pos(off)
	if c, ok := r.Choices[Upper(Collapse(t))]; ok && (r.NamesAfter == "" || c != r.NamesAfter) {
		return Choice{At: at, Text: c}, true
	}
	canon := r.canonical()
	msg := fmt.Sprintf("%s has no choice '%s'", r.Kind, Clip(t))
	if t == "" {
		msg = fmt.Sprintf("empty choice in %s (two commas together, or a comma at an end?)", r.Kind)
	} else if near := Nearest(Upper(Collapse(t)), canon); near != "" {
		msg += fmt.Sprintf(": did you mean '%s'?", near)
	}
	p.Add(at, CodeBadChoice, msg, fmt.Sprintf("choose from %s", strings.Join(canon, ", ")))
	return Choice{}, false
}

// canonical lists the reaction's canonical options, sorted.
func (r *ReactionSpec) canonical() []string {
	var cs []string
	for _, c := range r.Choices {
		if !slices.Contains(cs, c) {
			cs = append(cs, c)
		}
	}
	slices.Sort(cs)
	return cs
}

// writeStanding writes a STANDING block in canonical form.
func writeStanding(b *strings.Builder, s *Standing) {
	b.WriteString("STANDING\n")
	for _, r := range s.Reactions {
		cs := make([]string, len(r.Choices))
		for i, c := range r.Choices {
			cs[i] = c.Text
		}
		line := strings.Join(cs, ", ")
		if len(r.Units) > 0 {
			line += " " + JoinNames(r.Units)
		}
		fmt.Fprintf(b, "  %-9s %s\n", r.Kind, line)
	}
	b.WriteString("END\n")
}

// stripStanding returns a copy of s with every position zeroed.
func stripStanding(s *Standing) *Standing {
	v := &Standing{}
	for _, r := range s.Reactions {
		cs := make([]Choice, len(r.Choices))
		for i, c := range r.Choices {
			cs[i] = Choice{Text: c.Text}
		}
		v.Reactions = append(v.Reactions, Reaction{Kind: r.Kind, Choices: cs, Units: StripNames(r.Units)})
	}
	return v
}
