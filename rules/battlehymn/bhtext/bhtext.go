// Package bhtext is the order dialect of Battle Hymn vol. 1: what a
// player writes for one Hour, without a round trip for every pick from
// the Turn Cup (rules notes §2, §3.2).
//
// A Movement Turn comes when its Formation's marker is drawn (BH 4.3, 5),
// and nobody knows when that will be, so movement is written ahead as
// scripts: each unit's path as a chain of adjacent hexes, carried out
// whenever its Formation is drawn. A unit may have several MOVE lines
// with conditions on the situation at the draw; the first whose
// condition holds is its move, and a unit none of whose lines holds
// stays put. A script that no longer fits the map when its Formation is
// drawn (a hex taken, an enemy ZOC in the way) is not moved blindly: the
// owner is asked.
//
//	MOVE Iron Brigade: 0605 0606 0607
//	MOVE Iron Brigade: 0605 IF ENEMY WITHIN 2
//	MOVE Baxter: 0704 0705 IF NO ENEMY WITHIN 1
//	MOVE Buford: 0302 IF AT 0301
//	MOVE Gamble: 0606 DISMOUNT 0706 0605   (horses left in 0706, BH 11.3)
//	MOVE Gamble: MOUNT 0607 0608
//	HOLD Weed
//	RALLY Davis                        (a Night Movement Turn, BH 10.5)
//
// The Initiative player's held Combat Turn (BH 3.9, 4.3) is played by a
// standing trigger, the first that fires; without one it comes last:
//
//	COMBAT BEFORE PICK 3
//	COMBAT AFTER Rodes' Division
//	COMBAT WHEN 2 LEFT
//	COMBAT WHEN ENEMY ADJACENT TO Iron Brigade
//	COMBAT LAST
//
// In his own Combat Turn the Attacker may name bombardment targets with
// fallbacks, and units to retreat before combat (BH 6.1.2, 6.1.3):
//
//	BOMBARD Dearing: 0807, 0808
//	RBC Tilton
//
// Every other choice of a Combat Turn is a standing reaction (Reactions).
// Hexes are four digits, column then row (BH 2.2.1: "0614").
package bhtext

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"galloper/orders"
)

// Dialect is the Battle Hymn order dialect.
var Dialect orders.Dialect = dialect{}

// Parse reads an order file in the Battle Hymn dialect.
func Parse(text string) (*orders.File, []orders.Problem) { return orders.Parse(text, Dialect) }

// The order keywords.
const (
	Move    = "MOVE"
	Hold    = "HOLD"
	Rally   = "RALLY"
	Combat  = "COMBAT"
	Bombard = "BOMBARD"
	RBC     = "RBC"
)

// Verbs are the order keywords.
var Verbs = []string{Move, Hold, Rally, Combat, Bombard, RBC}

// Conditions of a MOVE line.
const (
	IfNone   = ""                // always
	IfClear  = "NO ENEMY WITHIN" // no enemy unit within N hexes of the unit
	IfThreat = "ENEMY WITHIN"    // an enemy unit within N hexes of the unit
	IfAt     = "AT"              // the unit stands in Hex
)

// Steps of a MOVE path besides hexes (BH 11.3): DISMOUNT and the hex of
// the horses, or MOUNT, each 3 MPs. In Order.Hexes they are written
// "DISMOUNT 0706" and "MOUNT".
const (
	Dismount = "DISMOUNT"
	Mount    = "MOUNT"
)

// Triggers of a COMBAT line (BH 3.9, 4.3).
const (
	Before   = "BEFORE PICK"       // before pick N
	After    = "AFTER"             // right after Formation's Movement Turn
	Left     = "LEFT"              // before a pick when N markers remain
	Adjacent = "ENEMY ADJACENT TO" // before a pick when an enemy is adjacent to Unit
	Last     = "LAST"              // after the last pick (BH 4.4)
)

// Order is one order line.
type Order struct {
	At   orders.Pos
	Verb string
	// Unit is the unit of MOVE, HOLD, RALLY, BOMBARD and RBC, the
	// Formation of COMBAT AFTER and the unit of COMBAT WHEN ENEMY
	// ADJACENT TO.
	Unit orders.Name
	// Hexes are a MOVE's path or a BOMBARD's targets, most preferred
	// first.
	Hexes []string
	// If is a MOVE's condition, N its distance, IfHex its hex.
	If    string
	N     int
	IfHex string
	// When is a COMBAT's trigger; N is its pick or markers left.
	When string
}

// Position implements orders.Order.
func (o *Order) Position() orders.Pos { return o.At }

// Problem codes of the dialect.
const (
	CodeNoUnit    = "bh-no-unit"    // an order names no unit
	CodeBadHex    = "bh-bad-hex"    // a hex not written as four digits
	CodeNoPath    = "bh-no-path"    // a MOVE with no hexes
	CodeBadIf     = "bh-bad-if"     // a condition not understood
	CodeBadWhen   = "bh-bad-when"   // a COMBAT trigger not understood
	CodeTrailing  = "bh-trailing"   // words after a complete order
	CodeNoTargets = "bh-no-targets" // a BOMBARD with no hexes
)

type dialect struct{}

func (dialect) Starts() []string                 { return Verbs }
func (dialect) Keywords() []string               { return Verbs }
func (dialect) Place(s string) (string, bool)    { return place(s) }
func (dialect) Reactions() *orders.ReactionTable { return Reactions }
func (dialect) NewBody(p *orders.Parser) orders.Body {
	return body{p: p}
}

// Seeds are the fuzz seed corpus.
func (dialect) Seeds() []string { return append([]string{"", "GAME g\nSIDE s\nTURN 1\n"}, Samples...) }

// Samples are example order files in the dialect, in the names of the
// sample scenarios (Willoughby Run, then Herr Ridge).
var Samples = []string{
	`GAME sample
SIDE USA
TURN 1
MOVE Iron Brigade: 0504 0505 IF NO ENEMY WITHIN 1
MOVE Baxter: 0404
HOLD Stewart
COMBAT WHEN 2 LEFT
STANDING
CAVALRY RBC ALWAYS
ADVANCE AFTER COMBAT ALWAYS
RETREAT TOWARD 0301
END
`,
	`GAME sample
SIDE CSA
TURN 1
MOVE Davis: 0607 0606
MOVE Pettigrew: 0707 0706 IF ENEMY WITHIN 3
BOMBARD Pegram: 0505, 0404
RBC Jenkins
STANDING
ENGAGEMENTS PREFER Davis
ODD SPS PREFER Iron Brigade
MORALE CHECKS PREFER Pettigrew
END
`,
	`GAME sample
SIDE USA
TURN 2
COMBAT AFTER Doubleday's Division
COMBAT BEFORE PICK 3
RALLY Stewart
`,
	`GAME sample
SIDE USA
TURN 1
MOVE Meredith: 0306 0406 0507
MOVE Cutler: 0304 0404 0505
HOLD Hall
`,
	`GAME sample
SIDE CSA
TURN 1
MOVE Fry: 2805 2706 2606
MOVE Marshall: 2803 2704 2604
HOLD McIntosh
`,
}

type body struct{ p *orders.Parser }

func (body) Close() {}

// Line reads one order line.
func (b body) Line(l orders.Line) {
	if !slices.Contains(Verbs, l.Key) {
		if Reactions.Spec(l.Key) != nil {
			b.p.OutsideStanding(l.At(), l.Key)
			return
		}
		b.p.Unknown(l, "start each order with MOVE, HOLD, RALLY, COMBAT, BOMBARD or RBC")
		return
	}
	o := &Order{At: l.At(), Verb: l.Key}
	if l.Key == Combat {
		if b.combat(l, o) {
			b.p.Append(o)
		}
		return
	}
	name, rest, hasRest := strings.Cut(l.Value, ":")
	n := orders.CleanName(name)
	if n == "" {
		b.p.Add(l.ValueAt(), CodeNoUnit, l.Key+" names no unit", "write "+l.Key+" and the unit's name, such as "+example(l.Key))
		return
	}
	o.Unit = orders.Name{At: l.ValueAt(), Text: n}
	restOff := l.ValueOff + len(name)
	if hasRest {
		restOff++
	}
	rest, restOff = orders.TrimAt(rest, restOff)
	switch l.Key {
	case Hold, Rally, RBC:
		if hasRest {
			b.p.Add(l.Pos(restOff), CodeTrailing, l.Key+" takes the unit's name only", "write "+example(l.Key))
			return
		}
	case Move:
		if !b.path(l, o, rest, restOff) {
			return
		}
	case Bombard:
		if !b.targets(l, o, rest, restOff) {
			return
		}
	}
	b.p.Append(o)
}

func example(k string) string {
	switch k {
	case Move:
		return "MOVE Iron Brigade: 0605 0606"
	case Bombard:
		return "BOMBARD Dearing: 0807, 0808"
	}
	return k + " Iron Brigade"
}

// path reads a MOVE's hexes and condition.
func (b body) path(l orders.Line, o *Order, rest string, off int) bool {
	ws := orders.Words(rest, off)
	i := 0
	for ; i < len(ws) && orders.Upper(ws[i].Text) != "IF"; i++ {
		switch orders.Upper(ws[i].Text) {
		case Mount:
			o.Hexes = append(o.Hexes, Mount)
			continue
		case Dismount:
			if i+1 < len(ws) {
				if h, ok := place(ws[i+1].Text); ok {
					o.Hexes = append(o.Hexes, Dismount+" "+h)
					i++
					continue
				}
			}
			b.p.Add(l.Pos(ws[i].Off), CodeBadHex, "DISMOUNT takes the hex of the unit's horses, next to it", "write MOVE Gamble: 0606 DISMOUNT 0706 0605")
			return false
		}
		h, ok := place(ws[i].Text)
		if !ok {
			b.p.Add(l.Pos(ws[i].Off), CodeBadHex, fmt.Sprintf("'%s' is not a hex: write four digits, column then row", orders.Clip(ws[i].Text)), "write "+example(Move))
			return false
		}
		o.Hexes = append(o.Hexes, h)
	}
	if len(o.Hexes) == 0 {
		at := l.At()
		if len(ws) > 0 {
			at = l.Pos(ws[0].Off)
		}
		b.p.Add(at, CodeNoPath, "MOVE has no hexes: write the path after a colon", "write "+example(Move)+", or HOLD to stay")
		return false
	}
	if i == len(ws) {
		return true
	}
	cond := ws[i+1:]
	words := make([]string, len(cond))
	for j, w := range cond {
		words[j] = orders.Upper(w.Text)
	}
	bad := func() bool {
		b.p.Add(l.Pos(ws[i].Off), CodeBadIf, "a condition reads IF NO ENEMY WITHIN 2, IF ENEMY WITHIN 2 or IF AT 0605", "write one of them after the path")
		return false
	}
	s := strings.Join(words, " ")
	switch {
	case strings.HasPrefix(s, IfClear+" ") && len(words) == 4:
		o.If = IfClear
	case strings.HasPrefix(s, IfThreat+" ") && len(words) == 3:
		o.If = IfThreat
	case len(words) == 2 && words[0] == IfAt:
		h, ok := place(words[1])
		if !ok {
			return bad()
		}
		o.If, o.IfHex = IfAt, h
		return true
	default:
		return bad()
	}
	n, err := strconv.Atoi(words[len(words)-1])
	if err != nil || n < 1 || n > 20 {
		return bad()
	}
	o.N = n
	return true
}

// targets reads a BOMBARD's hexes, separated by commas.
func (b body) targets(l orders.Line, o *Order, rest string, off int) bool {
	if rest == "" {
		b.p.Add(l.At(), CodeNoTargets, "BOMBARD names no target hex", "write "+example(Bombard))
		return false
	}
	for _, item := range strings.Split(rest, ",") {
		h, ok := place(strings.TrimSpace(item))
		if !ok || slices.Contains(o.Hexes, h) {
			b.p.Add(l.Pos(off), CodeBadHex, fmt.Sprintf("'%s' is not a hex, or is named twice", orders.Clip(strings.TrimSpace(item))), "write "+example(Bombard))
			return false
		}
		o.Hexes = append(o.Hexes, h)
	}
	return true
}

// combat reads a COMBAT trigger.
func (b body) combat(l orders.Line, o *Order) bool {
	ws := orders.Words(l.Value, l.ValueOff)
	up := make([]string, len(ws))
	for i, w := range ws {
		up[i] = orders.Upper(w.Text)
	}
	s := strings.Join(up, " ")
	bad := func() bool {
		b.p.Add(l.At(), CodeBadWhen, "a COMBAT trigger reads BEFORE PICK 3, AFTER <Formation>, WHEN 2 LEFT, WHEN ENEMY ADJACENT TO <unit> or LAST", "write COMBAT WHEN 2 LEFT")
		return false
	}
	num := func(w string) bool {
		n, err := strconv.Atoi(w)
		if err != nil || n < 1 || n > 99 {
			return false
		}
		o.N = n
		return true
	}
	rest := func(k int) string {
		if k >= len(ws) {
			return ""
		}
		return orders.CleanName(l.Value[ws[k].Off-l.ValueOff:])
	}
	switch {
	case s == Last:
		o.When = Last
	case len(up) == 3 && strings.HasPrefix(s, Before+" ") && num(up[2]):
		o.When = Before
	case len(up) == 3 && up[0] == "WHEN" && up[2] == "LEFT" && num(up[1]):
		o.When = Left
	case len(up) > 4 && strings.HasPrefix(s, "WHEN "+Adjacent+" "):
		o.When, o.Unit = Adjacent, orders.Name{At: l.Pos(ws[4].Off), Text: rest(4)}
	case len(up) > 1 && up[0] == After:
		o.When, o.Unit = After, orders.Name{At: l.Pos(ws[1].Off), Text: rest(1)}
	default:
		return bad()
	}
	if (o.When == Adjacent || o.When == After) && o.Unit.Text == "" {
		return bad()
	}
	return true
}

// place reads a hex id: four digits, column then row (BH 2.2.1).
func place(s string) (string, bool) {
	if len(s) != 4 || !orders.IsDigits(s) {
		return "", false
	}
	return s, true
}

// Tail is what follows the keyword in the canonical form.
func (o *Order) Tail() string {
	switch o.Verb {
	case Combat:
		switch o.When {
		case Before:
			return fmt.Sprintf("%s %d", Before, o.N)
		case Left:
			return fmt.Sprintf("WHEN %d LEFT", o.N)
		case Adjacent:
			return "WHEN " + Adjacent + " " + orders.QuoteName(o.Unit.Text)
		case After:
			return After + " " + orders.QuoteName(o.Unit.Text)
		}
		return Last
	case Move:
		s := orders.QuoteName(o.Unit.Text) + ": " + strings.Join(o.Hexes, " ")
		switch o.If {
		case IfClear, IfThreat:
			s += fmt.Sprintf(" IF %s %d", o.If, o.N)
		case IfAt:
			s += " IF AT " + o.IfHex
		}
		return s
	case Bombard:
		return orders.QuoteName(o.Unit.Text) + ": " + strings.Join(o.Hexes, ", ")
	}
	return orders.QuoteName(o.Unit.Text)
}

// WriteOrder implements orders.Dialect.
func (dialect) WriteOrder(b *strings.Builder, o orders.Order) {
	x, ok := o.(*Order)
	if !ok {
		panic(fmt.Sprintf("bhtext: an order of a kind the Battle Hymn dialect does not have: %T", o))
	}
	b.WriteString(x.Verb + " " + x.Tail())
}

// StripOrder implements orders.Dialect.
func (dialect) StripOrder(o orders.Order) orders.Order {
	x, ok := o.(*Order)
	if !ok {
		panic(fmt.Sprintf("bhtext: an order of a kind the Battle Hymn dialect does not have: %T", o))
	}
	c := *x
	c.At, c.Unit.At = orders.Pos{}, orders.Pos{}
	c.Hexes = slices.Clone(x.Hexes)
	return &c
}
