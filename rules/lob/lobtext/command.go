package orders

import (
	"fmt"
	"slices"
	"strings"
)

// Command orders: the parts of the order language for Line of Battle's
// command and control that are not the written order itself. Inside an
// ORDER block: RESERVE, ASSOCIATE, DESTINATION, AXIS and DEFEND lines.
// Outside: one-line directives INITIATIVE, FUTILE, POST, WAGON, SKEDADDLE,
// SURRENDER and REPLENISH.

// Problem codes of command orders.
const (
	CodeBadDirective = "bad-directive" // a directive line not in its form
)

// Keywords of command orders.
var (
	commandBodyKeywords = []string{"RESERVE", "ASSOCIATE", "DESTINATION", "AXIS", "DEFEND"}
	directiveKeywords   = []string{"INITIATIVE", "FUTILE", "POST", "WAGON", "SKEDADDLE", "SURRENDER", "REPLENISH"}
	// directiveForms is the written form of each directive, for messages.
	directiveForms = map[string]string{
		"INITIATIVE": "INITIATIVE RELEASE by Hood (or: INITIATIVE MODIFY by Hood to A10.7)",
		"FUTILE":     "FUTILE Hood's Division",
		"POST":       "POST Reilly's Battery to A10.7",
		"WAGON":      "WAGON Corps Train to A10.7",
		"SKEDADDLE":  "SKEDADDLE Hood's Division to A2.7",
		"SURRENDER":  "SURRENDER 4 Ala",
		"REPLENISH":  "REPLENISH Reilly's Battery",
	}
)

// CommandParts are the command-and-control lines of a written order.
type CommandParts struct {
	// Reserves names formations put into Reserve (LoB 10.4c).
	Reserves []Named
	// Artillery gives Artillery Battalions their association or
	// destination hex (LoB 10.8e).
	Artillery []ArtilleryLine
	// Axis is the Axis of Advance (LoB 12.4), as written.
	Axis   string
	AxisAt Pos
	// Defend is the Defensive Position box (LoB 12.2), as written.
	Defend   string
	DefendAt Pos
}

// Named is a name on a line of its own.
type Named struct {
	At   Pos
	Name string
}

// ArtilleryLine is "ASSOCIATE <battalion>" (move with the order's Command,
// LoB 10.8e part b) or "DESTINATION <battalion> at <hex>" (part a).
type ArtilleryLine struct {
	At        Pos
	Battalion string
	Hex       string // "" for an association
}

// Directive is a one-line command order outside ORDER blocks:
//
//	INITIATIVE <type> by <leader> [to <target>]   (LoB 10.10)
//	FUTILE <Command>                              (LoB 10.7a #5)
//	POST <battery> to <hex>                       (LoB 9.1c)
//	WAGON <wagon> to <hex>                        (LoB 8.1c)
//	SKEDADDLE <Command> [to <hex>]                (LoB 10.9)
//	SURRENDER <unit>                              (LoB 10.9d)
//	REPLENISH <battery>                           (LoB 8.5, "By Battery")
type Directive struct {
	At      Pos
	Keyword string
	Type    string // INITIATIVE only, in capitals, e.g. "RELEASE"
	Who     string
	WhoAt   Pos
	Target  string
}

// Position implements Order.
func (d *Directive) Position() Pos { return d.At }
func (*Directive) isOrder()        {}

// directive parses a directive line.
func (p *parser) directive(l line, k string, at Pos, val string, valOff int) {
	bad := func(msg string) {
		p.add(at, CodeBadDirective, msg, "write "+directiveForms[k])
	}
	ws := words(val, valOff)
	d := &Directive{At: at, Keyword: k}
	if k == "INITIATIVE" {
		if len(ws) < 3 || asciiUpper(ws[1].text) != "BY" {
			bad("INITIATIVE needs a type, 'by' and the leader")
			return
		}
		d.Type, ws = asciiUpper(ws[0].text), ws[2:]
	}
	to := slices.IndexFunc(ws, func(w word) bool { return asciiUpper(w.text) == "TO" })
	who, rest := ws, []word(nil)
	if to >= 0 {
		who, rest = ws[:to], ws[to+1:]
	}
	if len(who) == 0 {
		bad(fmt.Sprintf("%s names nobody", k))
		return
	}
	d.Who, d.WhoAt = name(join(who)), l.pos(who[0].off)
	if to >= 0 {
		d.Target = name(join(rest))
		if d.Target == "" {
			bad(fmt.Sprintf("%s has nothing after 'to'", k))
			return
		}
	}
	if (k == "POST" || k == "WAGON") && d.Target == "" {
		bad(fmt.Sprintf("%s needs 'to' and a destination hex", k))
		return
	}
	if (k == "FUTILE" || k == "SURRENDER" || k == "REPLENISH") && to >= 0 {
		bad(fmt.Sprintf("%s takes only a name", k))
		return
	}
	p.f.Orders = append(p.f.Orders, d)
}

// commandBody parses a command line inside an ORDER block.
func (p *parser) commandBody(l line, k string, at Pos, val string, valOff int) {
	c := &p.cur.Command
	if (k == "RESERVE" || k == "ASSOCIATE") && name(val) == "" {
		p.add(at, CodeEmptyValue, fmt.Sprintf("%s names no formation", k), "write "+k+" Hood's Division")
		return
	}
	switch k {
	case "RESERVE":
		c.Reserves = append(c.Reserves, Named{At: at, Name: name(val)})
	case "ASSOCIATE":
		c.Artillery = append(c.Artillery, ArtilleryLine{At: at, Battalion: name(val)})
	case "DESTINATION":
		ws := words(val, valOff)
		i := slices.IndexFunc(ws, func(w word) bool { return asciiUpper(w.text) == "AT" })
		if i < 1 || i != len(ws)-2 {
			p.add(at, CodeBadDirective, "DESTINATION needs the battalion, 'at' and one hex",
				"write DESTINATION Alexander's Battalion at A10.7")
			return
		}
		c.Artillery = append(c.Artillery, ArtilleryLine{At: at, Battalion: name(join(ws[:i])), Hex: ws[i+1].text})
	case "AXIS", "DEFEND":
		if p.curSeen[k] {
			p.add(at, CodeDuplicateField, fmt.Sprintf("this order already has a %s", k), "keep one of them")
			return
		}
		p.curSeen[k] = true
		if k == "AXIS" {
			c.Axis, c.AxisAt = collapse(val), l.pos(valOff)
		} else {
			c.Defend, c.DefendAt = collapse(val), l.pos(valOff)
		}
	}
}

// writeCommandParts prints the command lines of a written order.
func writeCommandParts(b *strings.Builder, c *CommandParts) {
	for _, r := range c.Reserves {
		fmt.Fprintf(b, "  RESERVE   %s\n", quoteName(r.Name))
	}
	for _, a := range c.Artillery {
		if a.Hex == "" {
			fmt.Fprintf(b, "  ASSOCIATE %s\n", quoteName(a.Battalion))
		} else {
			fmt.Fprintf(b, "  DESTINATION %s at %s\n", quoteName(a.Battalion), a.Hex)
		}
	}
	if c.Axis != "" {
		fmt.Fprintf(b, "  AXIS      %s\n", c.Axis)
	}
	if c.Defend != "" {
		fmt.Fprintf(b, "  DEFEND    %s\n", c.Defend)
	}
}

// writeDirective prints a directive on one line.
func writeDirective(b *strings.Builder, d *Directive) {
	b.WriteString(d.Keyword)
	if d.Type != "" {
		fmt.Fprintf(b, " %s by", d.Type)
	}
	fmt.Fprintf(b, " %s", quoteWho(d.Who))
	if d.Target != "" {
		fmt.Fprintf(b, " to %s", quoteName(d.Target))
	}
	b.WriteString("\n")
}

// quoteWho quotes a directive's name when a word of it would read as 'to'.
func quoteWho(s string) string {
	for _, w := range strings.Fields(s) {
		if asciiUpper(w) == "TO" {
			return `"` + s + `"`
		}
	}
	return quoteName(s)
}

// stripCommand zeroes the positions in command parts.
func stripCommand(c CommandParts) CommandParts {
	v := CommandParts{Axis: c.Axis, Defend: c.Defend}
	for _, r := range c.Reserves {
		v.Reserves = append(v.Reserves, Named{Name: r.Name})
	}
	for _, a := range c.Artillery {
		v.Artillery = append(v.Artillery, ArtilleryLine{Battalion: a.Battalion, Hex: a.Hex})
	}
	return v
}

// stripDirective zeroes the positions in a directive.
func stripDirective(d *Directive) *Directive {
	v := *d
	v.At, v.WhoAt = Pos{}, Pos{}
	return &v
}
