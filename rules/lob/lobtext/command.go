package lobtext

import (
	"fmt"
	"slices"
	"strings"

	"galloper/orders"
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
	AxisAt orders.Pos
	// Defend is the Defensive Position box (LoB 12.2), as written.
	Defend   string
	DefendAt orders.Pos
}

// Named is a name on a line of its own.
type Named struct {
	At   orders.Pos
	Name string
}

// ArtilleryLine is "ASSOCIATE <battalion>" (move with the order's Command,
// LoB 10.8e part b) or "DESTINATION <battalion> at <hex>" (part a).
type ArtilleryLine struct {
	At        orders.Pos
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
	At      orders.Pos
	Keyword string
	Type    string // INITIATIVE only, in capitals, e.g. "RELEASE"
	Who     string
	WhoAt   orders.Pos
	Target  string
}

// Position implements orders.Order.
func (d *Directive) Position() orders.Pos { return d.At }

// directive parses a directive line.
func (b *body) directive(l orders.Line) {
	k, at := l.Key, l.At()
	bad := func(msg string) {
		b.p.Add(at, CodeBadDirective, msg, "write "+directiveForms[k])
	}
	ws := orders.Words(l.Value, l.ValueOff)
	d := &Directive{At: at, Keyword: k}
	if k == "INITIATIVE" {
		if len(ws) < 3 || orders.Upper(ws[1].Text) != "BY" {
			bad("INITIATIVE needs a type, 'by' and the leader")
			return
		}
		d.Type, ws = orders.Upper(ws[0].Text), ws[2:]
	}
	to := slices.IndexFunc(ws, func(w orders.Word) bool { return orders.Upper(w.Text) == "TO" })
	who, rest := ws, []orders.Word(nil)
	if to >= 0 {
		who, rest = ws[:to], ws[to+1:]
	}
	if len(who) == 0 {
		bad(fmt.Sprintf("%s names nobody", k))
		return
	}
	d.Who, d.WhoAt = orders.CleanName(orders.JoinWords(who)), l.Pos(who[0].Off)
	if to >= 0 {
		d.Target = orders.CleanName(orders.JoinWords(rest))
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
	b.p.Append(d)
}

// commandBody parses a command line inside an ORDER block.
func (b *body) commandBody(l orders.Line) {
	k, at, val := l.Key, l.At(), l.Value
	c := &b.cur.Command
	if (k == "RESERVE" || k == "ASSOCIATE") && orders.CleanName(val) == "" {
		b.p.Add(at, orders.CodeEmptyValue, fmt.Sprintf("%s names no formation", k), "write "+k+" Hood's Division")
		return
	}
	switch k {
	case "RESERVE":
		c.Reserves = append(c.Reserves, Named{At: at, Name: orders.CleanName(val)})
	case "ASSOCIATE":
		c.Artillery = append(c.Artillery, ArtilleryLine{At: at, Battalion: orders.CleanName(val)})
	case "DESTINATION":
		ws := orders.Words(val, l.ValueOff)
		i := slices.IndexFunc(ws, func(w orders.Word) bool { return orders.Upper(w.Text) == "AT" })
		if i < 1 || i != len(ws)-2 {
			b.p.Add(at, CodeBadDirective, "DESTINATION needs the battalion, 'at' and one hex",
				"write DESTINATION Alexander's Battalion at A10.7")
			return
		}
		c.Artillery = append(c.Artillery, ArtilleryLine{At: at, Battalion: orders.CleanName(orders.JoinWords(ws[:i])), Hex: ws[i+1].Text})
	case "AXIS", "DEFEND":
		if b.curSeen[k] {
			b.p.Add(at, orders.CodeDuplicateField, fmt.Sprintf("this order already has a %s", k), "keep one of them")
			return
		}
		b.curSeen[k] = true
		if k == "AXIS" {
			c.Axis, c.AxisAt = orders.Collapse(val), l.ValueAt()
		} else {
			c.Defend, c.DefendAt = orders.Collapse(val), l.ValueAt()
		}
	}
}

// writeCommandParts prints the command lines of a written order.
func writeCommandParts(b *strings.Builder, c *CommandParts) {
	for _, r := range c.Reserves {
		fmt.Fprintf(b, "  RESERVE   %s\n", orders.QuoteName(r.Name))
	}
	for _, a := range c.Artillery {
		if a.Hex == "" {
			fmt.Fprintf(b, "  ASSOCIATE %s\n", orders.QuoteName(a.Battalion))
		} else {
			fmt.Fprintf(b, "  DESTINATION %s at %s\n", orders.QuoteName(a.Battalion), a.Hex)
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
		fmt.Fprintf(b, " to %s", orders.QuoteName(d.Target))
	}
	b.WriteString("\n")
}

// quoteWho quotes a directive's name when a word of it would read as 'to'.
func quoteWho(s string) string {
	for _, w := range strings.Fields(s) {
		if orders.Upper(w) == "TO" {
			return `"` + s + `"`
		}
	}
	return orders.QuoteName(s)
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
	v.At, v.WhoAt = orders.Pos{}, orders.Pos{}
	return &v
}
