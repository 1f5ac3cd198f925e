package orders

import (
	"crypto/sha256"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Format returns f in canonical form: the header first (GAME, SIDE, TURN,
// PASSWORD, SALT; empty fields left out), then each order as FormatOrders
// writes it, keywords in capitals, one item per line. Every field is
// printed as it is, the password included. Parse(Format(f)) gives f again,
// apart from positions, for any f that Parse returned.
func Format(f *File) string {
	var b strings.Builder
	writeHeader(&b, f, true)
	if len(f.Orders) > 0 {
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		b.WriteString(FormatOrders(f))
	}
	return b.String()
}

// FormatOrders returns only the order blocks of f in canonical form,
// separated by blank lines.
func FormatOrders(f *File) string {
	var b strings.Builder
	for i, o := range f.Orders {
		if i > 0 {
			b.WriteString("\n")
		}
		if w, ok := o.(*Written); ok {
			writeWritten(&b, w)
		} else if d, ok := o.(*Directive); ok {
			writeDirective(&b, d)
		} else {
			writeOther(&b, o)
		}
	}
	return b.String()
}

// Hash returns the SHA-256 of the file's canonical orders: the text Format
// gives with the PASSWORD and SALT lines left out, that is the GAME, SIDE
// and TURN lines, a blank line, and FormatOrders. The dice mix this hash
// into the segment's seed, and the receipt shows it, so a player can check
// that the orders the dice saw are the orders sent. The password stays out
// so that the hash can be shown to anyone; the salt stays out because the
// dice take it separately.
func Hash(f *File) [32]byte {
	var b strings.Builder
	writeHeader(&b, f, false)
	if len(f.Orders) > 0 {
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		b.WriteString(FormatOrders(f))
	}
	return sha256.Sum256([]byte(b.String()))
}

func writeHeader(b *strings.Builder, f *File, secrets bool) {
	field := func(k, v string) {
		if v != "" {
			fmt.Fprintf(b, "%-9s%s\n", k, v)
		}
	}
	field("GAME", f.Game)
	field("SIDE", f.Side)
	field("TURN", f.Turn)
	if secrets {
		field("PASSWORD", f.Password)
		field("SALT", f.Salt)
	}
}

func writeWritten(b *strings.Builder, w *Written) {
	from := quoteName(w.From)
	for _, x := range strings.Fields(from) {
		if asciiUpper(x) == "TO" {
			from = `"` + from + `"`
			break
		}
	}
	fmt.Fprintf(b, "ORDER %s from %s to %s\n", w.Type, from, quoteName(w.To))
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
		fmt.Fprintf(b, "  FOR %s: %s\n", quoteName(in.Unit), in.Text)
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
	if quoted(s) || unicode.IsSpace(first) || unicode.IsSpace(last) {
		return `"` + s + `"`
	}
	return s
}

// StripPositions returns a deep copy of f with every position zeroed and
// no Header map (it holds only positions), for comparing files.
func StripPositions(f *File) *File {
	if f == nil {
		return nil
	}
	g := *f
	g.Header = nil
	g.Orders = nil
	for _, o := range f.Orders {
		if w, ok := o.(*Written); ok {
			g.Orders = append(g.Orders, stripWritten(w))
		} else if d, ok := o.(*Directive); ok {
			g.Orders = append(g.Orders, stripDirective(d))
		} else {
			g.Orders = append(g.Orders, stripOther(o))
		}
	}
	return &g
}

func stripWritten(w *Written) *Written {
	v := *w
	v.At, v.FromAt, v.ToAt, v.ConditionAt = Pos{}, Pos{}, Pos{}, Pos{}
	if w.Objective != nil {
		o := *w.Objective
		o.At = Pos{}
		v.Objective = &o
	}
	v.Route = nil
	for _, p := range w.Route {
		p.At = Pos{}
		v.Route = append(v.Route, p)
	}
	v.Command = stripCommand(w.Command)
	v.For = nil
	for _, in := range w.For {
		in.At = Pos{}
		v.For = append(v.For, in)
	}
	return &v
}
