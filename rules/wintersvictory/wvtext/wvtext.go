// Package wvtext is the order dialect of Winter's Victory: what a side
// writes inside Galloper's shared envelope for one segment, one order a
// line. Written orders pass down the chain of command to a commander with
// an objective (See WV 17.3), Attack Orders come from the Army Commander
// (17.71), commanders change Command State (17.61, 17.62) and buy
// exemptions (17.64); units move along hex paths, change formation and
// facing (5.0-8.0), plan their fire (11.0), charge (12.5) and shock
// (12.0).
//
//	ORDER Napoleon TO Davout: OBJECTIVE 1408
//	ORDER Napoleon TO Davout: OBJECTIVE 1408; URGENT
//	ATTACK Napoleon TO Augereau: OBJECTIVE 1608
//	COMMAND Davout: MOBILIZED
//	COMMAND Davout: END ATTACK
//	EXEMPT Davout
//	MOVE 1/46 Ligne: 0906 1006 1106; FACE NE
//	FORM 1/46 Ligne: SQUARE
//	FACE 1/46 Ligne: SE
//	FACE 1/46 Ligne: REAR
//	FIRE 1/46 Ligne: Pavlov Grenadiers, Tula Musketeers
//	CHARGE 7 Cuirassiers: Tula Musketeers
//	SHOCK 1/46 Ligne, 2/46 Ligne: 1207
//
// Hex ids are four digits, column then row (0906). A facing is the hex
// vertex the unit's front points at: NE, E, SE, SW, W or NW (5.0).
package wvtext

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"galloper/orders"
)

// Dialect is the Winter's Victory order dialect.
var Dialect orders.Dialect = dialect{}

// Parse reads an order file in the Winter's Victory dialect.
func Parse(text string) (*orders.File, []orders.Problem) { return orders.Parse(text, Dialect) }

// The order verbs.
const (
	Send    = "ORDER"   // a written order down the chain (17.3)
	Attack  = "ATTACK"  // an Attack Order (17.71)
	Command = "COMMAND" // a change of Command State (17.61, 17.62)
	Exempt  = "EXEMPT"  // a Command Point exemption from the Continuation check (17.64)
	Move    = "MOVE"    // a move along a hex path (6.0)
	March   = "MARCH"   // a move by Grand Tactical Movement (6.4)
	Form    = "FORM"    // a formation change (7.1)
	Detach  = "DETACH"  // skirmish companies detached from a battalion (8.61)
	Rejoin  = "REJOIN"  // a skirmish company recombined with a battalion (8.64)
	Face    = "FACE"    // a facing change (5.31)
	Fire    = "FIRE"    // a fire plan for the Reciprocal Fire Phase (11.0)
	Charge  = "CHARGE"  // a cavalry charge declaration (12.51)
	Shock   = "SHOCK"   // a shock attack (12.0)
)

// Verbs are the order verbs, in the order help lists them.
var Verbs = []string{Send, Attack, Command, Exempt, Move, March, Form, Detach, Rejoin, Face, Fire, Charge, Shock}

// Command States (16.15), and the voluntary end of an Attack Order
// (17.76 A), written after COMMAND.
const (
	Mobilized = "MOBILIZED"
	Standing  = "STANDING"
	EndAttack = "END ATTACK"
	// Deactivate: a brigade leaves the map in the hourly Interphase
	// (17.54).
	Deactivate = "DEACTIVATE"
)

// Formations as written (7.3, 7.4, 7.51).
var Formations = []string{"COLUMN", "LINE", "SQUARE", "GENERAL ORDER", "LIMBERED", "UNLIMBERED", "ROAD COLUMN"}

// Facings are the six vertex directions a front may point at (5.0).
var Facings = []string{"NE", "E", "SE", "SW", "W", "NW"}

// FACE's two words of Facing to the Rear (5.42): REAR turns an infantry
// battalion about, its rear hexsides becoming its front, under a Facing
// to the Rear marker; FRONT makes that rear its front and removes the
// marker. A FACE to its original facing also removes it.
const (
	FaceRear  = "REAR"
	FaceFront = "FRONT"
)

// Problem codes of the dialect.
const (
	CodeNoName       = "wv-no-name"       // an order names no unit or leader
	CodeNoReceiver   = "wv-no-receiver"   // ORDER or ATTACK without "TO receiver"
	CodeNoObjective  = "wv-no-objective"  // ORDER or ATTACK without OBJECTIVE hex
	CodeBadHex       = "wv-bad-hex"       // not a four-digit hex id
	CodeBadFacing    = "wv-bad-facing"    // not one of the six vertex directions
	CodeBadFormation = "wv-bad-formation" // a formation the rules do not have
	CodeBadState     = "wv-bad-state"     // COMMAND with neither MOBILIZED nor STANDING
	CodeBadPart      = "wv-bad-part"      // a part of an order not understood
	CodeNoTarget     = "wv-no-target"     // FIRE, CHARGE or SHOCK without a target
	CodeTrailing     = "wv-trailing"      // words after a complete order
)

// Order is one line of orders. Which fields are set depends on Verb.
type Order struct {
	At   orders.Pos
	Verb string
	// Who is the sender of an ORDER or ATTACK, the leader of a COMMAND or
	// EXEMPT, the unit of a MOVE, FORM, FACE, FIRE or CHARGE, and the
	// first attacker of a SHOCK.
	Who orders.Name
	// Also are the further attackers of a SHOCK, or the further skirmish
	// companies of one hex firing as one (11.61).
	Also []orders.Name
	// To is the receiver of an ORDER or ATTACK.
	To        orders.Name
	Objective string // hex id of an ORDER's or ATTACK's objective
	Urgent    bool   // an urgent order (17.35): one more Command Point
	State     string // COMMAND: Mobilized or Standing
	Path      []string
	Formation string
	Facing    string // "" to keep it
	// Targets are FIRE's targets, most preferred first, or CHARGE's one.
	Targets []orders.Name
	// SP is the Strength Points of one of the split fires of a unit in
	// General Order or a skirmish company (11.61): FIRE ...; SP n. 0
	// fires the whole unit.
	SP int
	// From is the hex an Extended Line's half fires from (11.53): FIRE
	// ...; FROM <hex>. "" fires the whole unit.
	From   string
	Hex    string // SHOCK's target hex
	Count  int    // DETACH's number of companies
	Extend string // FORM ...: LINE's Extended Line marker hex (8.31)
}

// Position implements orders.Order.
func (o *Order) Position() orders.Pos { return o.At }

type dialect struct{}

func (dialect) Starts() []string                 { return Verbs }
func (dialect) Keywords() []string               { return Verbs }
func (dialect) Place(s string) (string, bool)    { return HexID(s) }
func (dialect) Reactions() *orders.ReactionTable { return Reactions }
func (dialect) NewBody(p *orders.Parser) orders.Body {
	return body{p: p}
}

// Seeds are the fuzz seed corpus.
func (dialect) Seeds() []string { return append([]string{"", "GAME g\nSIDE s\nTURN 1\n"}, Samples...) }

// Samples are example order files in the dialect.
var Samples = []string{
	`GAME sample
SIDE French
TURN 1
ORDER Napoleon TO Davout: OBJECTIVE 1407
ATTACK Napoleon TO Augereau: OBJECTIVE 1610; URGENT
COMMAND Davout: MOBILIZED
ORDER Friant TO Lochet: OBJECTIVE 1304
`,
	`GAME sample
SIDE Allied
TURN 1
ORDER Bennigsen TO Tuchkov: OBJECTIVE 1407
ORDER Essen TO Zapolsky: OBJECTIVE 1803
COMMAND Bennigsen: MOBILIZED
STANDING
RETREAT AWAY
ABANDON NEVER
END
`,
	`GAME sample
SIDE French
TURN 1
MOVE 1/33 Ligne: 0903 1003; FACE E
FACE 2/33 Ligne: REAR
FORM Foot Battery III/1: UNLIMBERED
MOVE Lochet: 0803
STANDING
RETREAT AWAY
END
`,
	`GAME sample
SIDE Allied
TURN 1
FORM 1/Pavlov Grenadiers: SQUARE
FACE Sumy Hussars: SW
MOVE 1/Tula Musketeers: 2103
`,
	`GAME sample
SIDE French
TURN 1
FIRE 1/33 Ligne: 1/Tula Musketeers, 2/Tula Musketeers
FIRE Foot Battery III/1: 1/Tula Musketeers
`,
	`GAME sample
SIDE French
TURN 1
SHOCK 1/33 Ligne, 2/33 Ligne: 1207
CHARGE 1 Cuirassiers: 1/Pavlov Grenadiers
EXEMPT d'Hautpoul
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
		b.p.Unknown(l, "start each order with one of "+strings.Join(Verbs, ", "))
		return
	}
	o := &Order{At: l.At(), Verb: l.Key}
	head, rest, hasRest := strings.Cut(l.Value, ":")
	restOff := l.ValueOff + len(head)
	if hasRest {
		restOff++
	}
	rest, restOff = orders.TrimAt(rest, restOff)
	if !b.head(l, o, head) {
		return
	}
	if b.tail(l, o, rest, restOff, hasRest) {
		b.p.Append(o)
	}
}

// head reads what comes before the colon: the names.
func (b body) head(l orders.Line, o *Order, head string) bool {
	at := l.ValueAt()
	switch o.Verb {
	case Send, Attack:
		i := strings.Index(orders.Upper(head), " TO ")
		if i < 0 {
			b.p.Add(at, CodeNoReceiver, o.Verb+" names no receiver", "write "+o.Verb+" Napoleon TO Davout: OBJECTIVE 1408")
			return false
		}
		from, to := orders.CleanName(head[:i]), orders.CleanName(head[i+4:])
		if from == "" || to == "" {
			b.p.Add(at, CodeNoReceiver, o.Verb+" needs a sender and a receiver", "write "+o.Verb+" Napoleon TO Davout: OBJECTIVE 1408")
			return false
		}
		o.Who = orders.Name{At: at, Text: from}
		o.To = orders.Name{At: l.Pos(l.ValueOff + i + 4), Text: to}
		return true
	case Shock, Fire:
		ns := b.p.Names(l, strings.TrimSpace(head), l.ValueOff, at, o.Verb, example(o.Verb))
		if len(ns) == 0 {
			return false
		}
		o.Who, o.Also = ns[0], ns[1:]
		if len(o.Also) == 0 {
			o.Also = nil
		}
		return true
	}
	n := orders.CleanName(head)
	if n == "" {
		b.p.Add(at, CodeNoName, o.Verb+" names no unit or leader", "write "+o.Verb+" and a name, such as "+example(o.Verb))
		return false
	}
	o.Who = orders.Name{At: at, Text: n}
	return true
}

func example(verb string) string {
	switch verb {
	case Command:
		return "COMMAND Davout: MOBILIZED"
	case Exempt:
		return "EXEMPT Davout"
	case Move:
		return "MOVE 1/46 Ligne: 0906 1006"
	case March:
		return "MARCH 1/46 Ligne: 0907 1007 1107"
	case Detach:
		return "DETACH 1/16 Leger: 2"
	case Rejoin:
		return "REJOIN 1/16 Leger Sk1: 1/16 Leger"
	case Form:
		return "FORM 1/46 Ligne: SQUARE"
	case Face:
		return "FACE 1/46 Ligne: NE"
	case Fire:
		return "FIRE 1/46 Ligne: Tula Musketeers"
	case Charge:
		return "CHARGE 7 Cuirassiers: Tula Musketeers"
	case Shock:
		return "SHOCK 1/46 Ligne, 2/46 Ligne: 1207"
	}
	return "ORDER Napoleon TO Davout: OBJECTIVE 1408"
}

// tail reads what comes after the colon.
func (b body) tail(l orders.Line, o *Order, rest string, off int, hasRest bool) bool {
	at := l.Pos(off)
	bad := func(code, msg string) bool {
		b.p.Add(at, code, msg, "write "+example(o.Verb))
		return false
	}
	if o.Verb == Exempt {
		if hasRest {
			return bad(CodeTrailing, "EXEMPT takes the leader's name only")
		}
		return true
	}
	if rest == "" {
		switch o.Verb {
		case Send, Attack:
			return bad(CodeNoObjective, o.Verb+" needs an objective: OBJECTIVE and a hex")
		case Fire, Charge, Shock:
			return bad(CodeNoTarget, o.Verb+" names no target after the colon")
		}
		return bad(CodeBadPart, o.Verb+" needs something after the colon")
	}
	switch o.Verb {
	case Detach:
		n, err := strconv.Atoi(strings.TrimSpace(rest))
		if err != nil || n < 1 || n > 99 {
			return bad(CodeBadPart, fmt.Sprintf("'%s' is not a number of companies", orders.Clip(rest)))
		}
		o.Count = n
		return true
	case Rejoin:
		ns := b.p.Names(l, rest, off, at, o.Verb, example(o.Verb))
		if len(ns) != 1 {
			return len(ns) == 0 || bad(CodeTrailing, "a company REJOINs one battalion")
		}
		o.To = ns[0]
		return true
	case Fire, Charge:
		targets, part, hasPart := rest, "", false
		if o.Verb == Fire {
			targets, part, hasPart = strings.Cut(rest, ";")
		}
		ns := b.p.Names(l, targets, off, at, o.Verb, example(o.Verb))
		if len(ns) == 0 {
			return false
		}
		for pOff := off + len(targets) + 1; hasPart; {
			var seg string
			seg, part, hasPart = strings.Cut(part, ";")
			pt, sOff := orders.TrimAt(seg, pOff)
			pOff += len(seg) + 1
			at = l.Pos(sOff)
			ws := orders.Words(pt, sOff)
			n, from, fromOK := 0, "", false
			if len(ws) == 2 && orders.Upper(ws[0].Text) == "SP" && o.SP == 0 {
				n, _ = strconv.Atoi(ws[1].Text)
			}
			if len(ws) == 2 && orders.Upper(ws[0].Text) == "FROM" && o.From == "" {
				from, fromOK = HexID(ws[1].Text)
			}
			switch {
			case fromOK:
				o.From = from
			case n < 1 || n > 99:
				return bad(CodeBadPart, fmt.Sprintf("'%s' is not '; SP <n>', the Strength Points of a split fire (11.61) or of an Extended Line's half, nor '; FROM <hex>', the hex of an Extended Line's half (11.53), each at most once", orders.Clip(pt)))
			default:
				o.SP = n
			}
		}
		if o.Verb == Charge && len(ns) > 1 {
			return bad(CodeTrailing, "a CHARGE has one target")
		}
		o.Targets = ns
		return true
	case Shock:
		h, ok := HexID(rest)
		if !ok {
			return bad(CodeBadHex, fmt.Sprintf("'%s' is not a hex id such as 1207", orders.Clip(rest)))
		}
		o.Hex = h
		return true
	case Command:
		switch st := orders.Upper(orders.Collapse(rest)); st {
		case Mobilized, Standing, EndAttack, Deactivate:
			o.State = st
			return true
		}
		return bad(CodeBadState, fmt.Sprintf("'%s' is not a Command State (MOBILIZED or STANDING) nor END ATTACK nor DEACTIVATE", orders.Clip(rest)))
	case Face:
		f, ok := facing(rest)
		if w := orders.Upper(strings.TrimSpace(rest)); w == FaceRear || w == FaceFront {
			f, ok = w, true // 5.42
		}
		if !ok {
			return bad(CodeBadFacing, fmt.Sprintf("'%s' is not a facing: one of %s, or REAR or FRONT (5.42)", orders.Clip(rest), strings.Join(Facings, ", ")))
		}
		o.Facing = f
		return true
	}
	parts := orders.Clauses(rest, off)
	for i, pt := range parts {
		at = l.Pos(pt.Off)
		ws := orders.Words(pt.Text, pt.Off)
		if len(ws) == 0 {
			return bad(CodeBadPart, "an empty part (two ';' together?)")
		}
		head := orders.Upper(ws[0].Text)
		switch {
		case head == "FACE" && i > 0 && (o.Verb == Move || o.Verb == March || o.Verb == Form):
			if len(ws) != 2 {
				return bad(CodeBadFacing, "FACE takes one direction")
			}
			f, ok := facing(ws[1].Text)
			if !ok || o.Facing != "" {
				return bad(CodeBadFacing, fmt.Sprintf("'%s' is not a facing: one of %s", orders.Clip(ws[1].Text), strings.Join(Facings, ", ")))
			}
			o.Facing = f
		case head == "EXTEND" && i > 0 && o.Verb == Form:
			h, ok := "", len(ws) == 2
			if ok {
				h, ok = HexID(ws[1].Text)
			}
			if !ok || o.Extend != "" {
				return bad(CodeBadHex, "EXTEND takes one hex id, the flank hex of the Extended Line marker")
			}
			o.Extend = h
		case head == "URGENT" && i > 0 && (o.Verb == Send || o.Verb == Attack):
			if len(ws) != 1 || o.Urgent {
				return bad(CodeTrailing, "URGENT stands alone, once")
			}
			o.Urgent = true
		case i == 0 && (o.Verb == Send || o.Verb == Attack):
			if head != "OBJECTIVE" || len(ws) != 2 {
				return bad(CodeNoObjective, o.Verb+" needs an objective: OBJECTIVE and a hex")
			}
			h, ok := HexID(ws[1].Text)
			if !ok {
				return bad(CodeBadHex, fmt.Sprintf("'%s' is not a hex id such as 1408", orders.Clip(ws[1].Text)))
			}
			o.Objective = h
		case i == 0 && (o.Verb == Move || o.Verb == March):
			for _, w := range ws {
				h, ok := HexID(w.Text)
				if !ok {
					at = l.Pos(w.Off)
					return bad(CodeBadHex, fmt.Sprintf("'%s' is not a hex id such as 1006: a move is the hexes entered, in order", orders.Clip(w.Text)))
				}
				o.Path = append(o.Path, h)
			}
		case i == 0 && o.Verb == Form:
			f := orders.Upper(orders.JoinWords(ws))
			if !slices.Contains(Formations, f) {
				return bad(CodeBadFormation, fmt.Sprintf("'%s' is not a formation: one of %s", orders.Clip(f), strings.Join(Formations, ", ")))
			}
			o.Formation = f
		default:
			return bad(CodeBadPart, fmt.Sprintf("'%s' is not understood here", orders.Clip(pt.Text)))
		}
	}
	return true
}

// HexID reads a hex id of three or four digits and returns it as four.
func HexID(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if !orders.IsDigits(s) || len(s) < 3 || len(s) > 4 {
		return "", false
	}
	if len(s) == 3 {
		s = "0" + s
	}
	return s, true
}

func facing(s string) (string, bool) {
	f := orders.Upper(strings.TrimSpace(s))
	return f, slices.Contains(Facings, f)
}

// WriteOrder implements orders.Dialect.
func (dialect) WriteOrder(b *strings.Builder, o orders.Order) {
	x, ok := o.(*Order)
	if !ok {
		panic(fmt.Sprintf("wvtext: an order of a kind the dialect does not have: %T", o))
	}
	b.WriteString(x.String())
}

// String is the order's canonical form.
func (o *Order) String() string {
	q := orders.QuoteName
	switch o.Verb {
	case Send, Attack:
		s := fmt.Sprintf("%s %s TO %s: OBJECTIVE %s", o.Verb, q(o.Who.Text), q(o.To.Text), o.Objective)
		if o.Urgent {
			s += "; URGENT"
		}
		return s
	case Command:
		return fmt.Sprintf("COMMAND %s: %s", q(o.Who.Text), o.State)
	case Exempt:
		return "EXEMPT " + q(o.Who.Text)
	case Face:
		return fmt.Sprintf("FACE %s: %s", q(o.Who.Text), o.Facing)
	case Detach:
		return fmt.Sprintf("DETACH %s: %d", q(o.Who.Text), o.Count)
	case Rejoin:
		return fmt.Sprintf("REJOIN %s: %s", q(o.Who.Text), q(o.To.Text))
	case Fire, Charge:
		s := fmt.Sprintf("%s %s: %s", o.Verb, orders.JoinNames(append([]orders.Name{o.Who}, o.Also...)), orders.JoinNames(o.Targets))
		if o.From != "" {
			s += "; FROM " + o.From
		}
		if o.SP > 0 {
			s += fmt.Sprintf("; SP %d", o.SP)
		}
		return s
	case Shock:
		return fmt.Sprintf("SHOCK %s: %s", orders.JoinNames(append([]orders.Name{o.Who}, o.Also...)), o.Hex)
	}
	s := o.Verb + " " + q(o.Who.Text) + ": "
	if o.Verb == Move || o.Verb == March {
		s += strings.Join(o.Path, " ")
	} else {
		s += o.Formation
	}
	if o.Facing != "" {
		s += "; FACE " + o.Facing
	}
	if o.Extend != "" {
		s += "; EXTEND " + o.Extend
	}
	return s
}

// StripOrder implements orders.Dialect.
func (dialect) StripOrder(o orders.Order) orders.Order {
	x, ok := o.(*Order)
	if !ok {
		panic(fmt.Sprintf("wvtext: an order of a kind the dialect does not have: %T", o))
	}
	c := *x
	c.At, c.Who.At, c.To.At = orders.Pos{}, orders.Pos{}, orders.Pos{}
	c.Also = orders.StripNames(x.Also)
	c.Targets = orders.StripNames(x.Targets)
	c.Path = slices.Clone(x.Path)
	return &c
}
