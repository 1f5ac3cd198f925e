package orders

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// Problem codes reported by Parse for what every order file shares. They
// are stable: receipts, tests and players' tools may rely on them. Each
// dialect adds its own.
const (
	CodeUnknownKeyword  = "unknown-keyword"  // a line starts with a word that is not a keyword
	CodeMissingHeader   = "missing-header"   // GAME, SIDE or TURN is missing
	CodeDuplicateHeader = "duplicate-header" // a header keyword appears twice
	CodeEmptyValue      = "empty-value"      // a keyword with nothing after it
	CodeDuplicateField  = "duplicate-field"  // a single-use line given twice
	CodeTrailingText    = "trailing-text"    // text after END
	CodeEmptyUnit       = "empty-unit"       // an empty name in a list of units
	CodeDuplicateUnit   = "duplicate-unit"   // a unit named twice on one line
)

// HeaderKeywords are the envelope's keywords, in canonical order.
var HeaderKeywords = []string{"GAME", "SIDE", "TURN", "PASSWORD", "SALT"}

var requiredHeader = []string{"GAME", "SIDE", "TURN"}

// Parse reads an order file, the text of a mail body or attachment, whose
// body is in dialect d (not nil). It returns the file and every problem found, in
// the envelope and the body alike, sorted by position; the file holds all
// it could understand even when there are problems.
//
// Parse copes with CRLF and CR line endings, tabs, trailing spaces, blank
// lines, keywords in any case, a UTF-8 byte order mark and typographic
// quotes. Lines whose first visible character is '>' (quoted reply text)
// are ignored, and so is everything after a signature separator, a line
// that is "-- " or "--", and a repeated earlier mail (see noise). Problems
// about the file as a whole (a missing GAME, SIDE or TURN) have a zero
// position.
func Parse(text string, d Dialect) (*File, []Problem) {
	p := &Parser{f: &File{Header: map[string]Pos{}}, d: d}
	p.keywords = slices.Concat(HeaderKeywords, d.Keywords(), []string{"STANDING"})
	p.body = d.NewBody(p)
	return p.run(text)
}

// ParseEnvelope reads only the envelope of an order file (GAME, SIDE,
// TURN, PASSWORD, SALT), skipping mail noise as Parse does, so that the
// game and with it the dialect can be found. Its problems are the
// envelope's only; Parse reports them again with the body's.
func ParseEnvelope(text string) (*File, []Problem) {
	p := &Parser{f: &File{Header: map[string]Pos{}}, body: skipBody{}}
	p.keywords = HeaderKeywords
	return p.run(text)
}

// skipBody is the Body of ParseEnvelope: it ignores the body.
type skipBody struct{}

func (skipBody) Line(Line) {}
func (skipBody) Close()    {}

// Parser holds the state of one Parse. A dialect's Body reports to it.
type Parser struct {
	f        *File
	d        Dialect
	body     Body
	probs    []Problem
	keywords []string // every keyword, for suggestions
	sawGame  bool

	standing    *Standing // the open STANDING block, nil outside one
	sawStanding bool
	skipping    bool // inside a repeated earlier mail (see noise)
}

func (p *Parser) run(text string) (*File, []Problem) {
	eachLine(text, p.line)
	p.body.Close()
	for _, k := range requiredHeader {
		if _, ok := p.f.Header[k]; !ok {
			p.Add(Pos{}, CodeMissingHeader, fmt.Sprintf("the file has no %s line", k),
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

// Add reports an invalid line: something not understood.
func (p *Parser) Add(at Pos, code, msg, sugg string) {
	p.probs = append(p.probs, Problem{At: at, Kind: Invalid, Code: code, Message: msg, Suggestion: sugg})
}

// Append adds an order to the file.
func (p *Parser) Append(o Order) { p.f.Orders = append(p.f.Orders, o) }

// IsKeyword reports whether k, in capitals, is a keyword of the envelope,
// of the dialect or STANDING.
func (p *Parser) IsKeyword(k string) bool { return slices.Contains(p.keywords, k) }

// Dialect is the dialect being read.
func (p *Parser) Dialect() Dialect { return p.d }

func (p *Parser) line(l Line) {
	k := l.Key
	if p.noise(l, k) {
		return
	}
	if p.standing != nil {
		switch {
		case k == "END":
			p.EndBlock(l)
			p.standing = nil
			return
		case !p.IsKeyword(k):
			p.standingLine(l)
			return
		}
		p.standing = nil
	}
	switch {
	case k == "STANDING" && p.d != nil:
		p.body.Close()
		p.openStanding(l)
	case slices.Contains(HeaderKeywords, k):
		p.body.Close()
		p.header(k, l.At(), l.Value, l.ValueAt())
	default:
		p.body.Line(l)
	}
}

// EndBlock checks the END line that closes a block, the STANDING block or
// one of the dialect's: nothing may follow END.
func (p *Parser) EndBlock(l Line) {
	if l.Value != "" {
		p.Add(l.ValueAt(), CodeTrailingText, fmt.Sprintf("END takes nothing after it, found '%s'", Clip(l.Value)),
			"write END alone on its line")
	}
}

func (p *Parser) header(k string, at Pos, val string, valAt Pos) {
	if first, dup := p.f.Header[k]; dup {
		p.Add(at, CodeDuplicateHeader, fmt.Sprintf("%s appears twice (first on line %d)", k, first.Line),
			"keep one of them")
		return
	}
	p.f.Header[k] = at
	if k == "GAME" {
		p.sawGame = true
	}
	if val == "" {
		p.Add(valAt, CodeEmptyValue, fmt.Sprintf("%s has nothing after it", k), "write "+example(k))
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

// example returns a sample line for an envelope keyword, for suggestions.
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
	}
	return k
}

// Unknown reports a line that starts with no keyword. The suggestion is
// the nearest keyword when one is close; else, for a number, to drop a
// line number copied from a receipt; else hint when it is not empty (the
// dialect's advice inside an open block); else, before any GAME line, to
// remove the line; else the keywords a line may start with.
func (p *Parser) Unknown(l Line, hint string) {
	kw, kwOff, at := l.Keyword, l.KeywordOff, l.At()
	if kw == "" { // the line starts with a colon
		kw = Words(l.Text[kwOff:], 0)[0].Text
	}
	msg := fmt.Sprintf("unknown keyword '%s'", Clip(kw))
	if near := Nearest(Upper(kw), p.keywords); near != "" {
		msg += fmt.Sprintf(": did you mean '%s'?", near)
		fixed := l.Text[:kwOff] + near + l.Text[kwOff+len(kw):]
		p.Add(at, CodeUnknownKeyword, msg, "write "+ClipN(strings.TrimSpace(fixed), 80))
		return
	}
	var sugg string
	switch {
	case IsDigits(kw):
		sugg = "remove the line number: this looks like a line copied from a Galloper receipt"
	case hint != "":
		sugg = hint
	case !p.sawGame:
		sugg = "remove this line, or mark it as quoted text with '>' at its start"
	default:
		sugg = "start every line with a keyword: " + strings.Join(slices.Concat(HeaderKeywords, p.d.Starts(), []string{"STANDING"}), ", ")
	}
	p.Add(at, CodeUnknownKeyword, msg, sugg)
}

// UnknownIn reports a line inside a block that starts with none of the
// block's keywords, suggesting the nearest of them or END.
func (p *Parser) UnknownIn(l Line, block string, verbs []string, code string) {
	kw, kwOff, at := l.Keyword, l.KeywordOff, l.At()
	if kw == "" {
		kw = Words(l.Text[kwOff:], 0)[0].Text
	}
	msg := fmt.Sprintf("unknown keyword '%s' in a %s block", Clip(kw), block)
	if near := Nearest(Upper(kw), append(slices.Clone(verbs), "END")); near != "" {
		msg += fmt.Sprintf(": did you mean '%s'?", near)
		fixed := l.Text[:kwOff] + near + l.Text[kwOff+len(kw):]
		p.Add(at, code, msg, "write "+ClipN(strings.TrimSpace(fixed), 80))
		return
	}
	p.Add(at, code, msg, fmt.Sprintf("start every line of a %s block with one of %s, or END", block, strings.Join(verbs, ", ")))
}

// Names reads a comma-separated list of unit names; problems are reported
// against keyword k, with form as the example of a good list. It reports
// the list's emptiness at at.
func (p *Parser) Names(l Line, val string, valOff int, at Pos, k, form string) []Name {
	if val == "" {
		p.Add(at, CodeEmptyValue, fmt.Sprintf("%s names no units", k), "write "+form)
		return nil
	}
	var ns []Name
	for off := valOff; ; {
		item, rest, more := strings.Cut(val, ",")
		t, tOff := TrimAt(item, off)
		n := CleanName(t)
		switch {
		case n == "":
			p.Add(l.Pos(tOff), CodeEmptyUnit, fmt.Sprintf("empty unit name in %s (two commas together, or a comma at an end?)", k),
				"separate names with single commas: "+form)
		case slices.ContainsFunc(ns, func(x Name) bool { return strings.EqualFold(x.Text, n) }):
			p.Add(l.Pos(tOff), CodeDuplicateUnit, fmt.Sprintf("%s is named twice", Clip(n)), "name each unit once")
		default:
			ns = append(ns, Name{At: l.Pos(tOff), Text: n})
		}
		if !more {
			return ns
		}
		val, off = rest, off+len(item)+1
	}
}

// Clip shortens a word or value quoted back to the player.
func Clip(s string) string { return ClipN(s, 40) }

// ClipN shortens s to at most n characters and an ellipsis.
func ClipN(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "..."
}

// IsDigits reports whether s is one or more ASCII digits.
func IsDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// QuoteName wraps a name in double quotes when it is itself wrapped in
// quotes, so that reading it back removes only the added pair.
func QuoteName(s string) string {
	if Quoted(s) {
		return `"` + s + `"`
	}
	return s
}

// JoinNames writes a list of names separated by commas.
func JoinNames(ns []Name) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = QuoteName(n.Text)
	}
	return strings.Join(parts, ", ")
}

// StripNames returns a copy of ns with every position zeroed.
func StripNames(ns []Name) []Name {
	if ns == nil {
		return nil
	}
	out := make([]Name, len(ns))
	for i, n := range ns {
		out[i] = Name{Text: n.Text}
	}
	return out
}
