// Package acwtext is the order dialect of the ACW miniatures rules: the
// orders a player writes for his units inside Galloper's shared envelope,
// one line a unit, without a table in front of him. Each line gives the
// unit's order (ACW ORDERS, seed L67-77), its option, and the move as a
// path a person can read: wheel, then forward so many inches, to a point
// of the table, or toward a named unit or feature.
//
//	HOLD 1st Minnesota
//	HOLD 1st Minnesota: REFORM SUPPORTED LINE FACING 45
//	ADVANCE 1st Minnesota: WHEEL RIGHT 20; FORWARD 3.5
//	ADVANCE 1st Minnesota: RETIRE 4
//	ADVANCE 1st Minnesota: REFORM MARCH COLUMN; FORWARD 6
//	RUN 19th Indiana: TOWARD Miller's Wood
//	RUN 19th Indiana: RETIRE MAX
//	CHARGE 2nd Wisconsin: 4th Alabama
//	RALLY 6th Wisconsin
//	COMMANDER Meredith: TOWARD 2nd Wisconsin
//	COMMANDER Doubleday: TO 30,6
//
// Distances are inches (up to three decimals), angles degrees (up to one
// decimal), points "x,y" in inches from the table's bottom-left corner.
package acwtext

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"galloper/orders"
)

// Dialect is the ACW miniatures order dialect.
var Dialect orders.Dialect = dialect{}

// Parse reads an order file in the ACW dialect.
func Parse(text string) (*orders.File, []orders.Problem) { return orders.Parse(text, Dialect) }

// The orders (ACW ORDERS, seed L67-77). DISORDERED is never written: it is
// what a unit that fails its test or keeps disorder markers does.
const (
	Hold    = "HOLD"
	Advance = "ADVANCE"
	Run     = "RUN"
	Charge  = "CHARGE"
	Rally   = "RALLY"
)

// Verbs are the orders, in the order of the Command Phase's steps.
var Verbs = []string{Rally, Charge, Hold, Advance, Run}

// Command is a commander's order: a move of his base during step 1d of
// the Command Phase (TURN SEQUENCE, seed L22; MOVEMENT, seed L51; ruling
// A22), one straight part, TO a point or TOWARD a unit or feature.
const Command = "COMMANDER"

// Options of the orders (seed L72-74).
const (
	OptStand   = "STAND"  // HOLD: Stand Ground
	OptReform  = "REFORM" // HOLD, ADVANCE: Reform
	OptMove    = "MOVE"   // ADVANCE: Advance; RUN: Run
	OptRetire  = "RETIRE" // ADVANCE, RUN: Retire
	OptCharge  = "CHARGE" // CHARGE
	OptRallied = "RALLY"  // RALLY
)

// Formations (MOVEMENT, seed L45-51), as written.
var Formations = []string{"LINE", "SUPPORTED LINE", "MARCH COLUMN", "SKIRMISH",
	"MOUNTED LINE", "MOUNTED COLUMN", "DISMOUNTED", "LIMBERED", "UNLIMBERED"}

// Step verbs of a move.
const (
	Forward = "FORWARD" // straight ahead
	Oblique = "OBLIQUE" // LEFT|RIGHT angle distance: off the front, facing kept
	Wheel   = "WHEEL"   // LEFT|RIGHT angle: pivot on that front corner
	Turn    = "TURN"    // LEFT|RIGHT angle: pivot in place
	To      = "TO"      // x,y: the front centre straight to a point, facing kept
	Toward  = "TOWARD"  // name: straight toward a unit or feature, stopping short of contact
	Back    = "RETIRE"  // distance: straight back (the Retire option)
	// Mount, dismount, limber and unlimber: at the start or the end of an
	// ADVANCE (seed L93-99).
	Mount    = "MOUNT"
	Dismount = "DISMOUNT"
	Limber   = "LIMBER"
	Unlimber = "UNLIMBER"
)

// Changes are the parts that change a unit's formation during a move.
var Changes = []string{Mount, Dismount, Limber, Unlimber}

// Max is the Dist of a step written MAX: the rest of the allowance.
const Max = -1

// Order is one unit's order.
type Order struct {
	At   orders.Pos
	Verb string
	Unit orders.Name
	// Option is one of the Opt constants.
	Option string
	// Formation is the new formation of a Reform.
	Formation string
	// Facing is the new heading of a HOLD Reform, in tenths of a degree,
	// or -1 to keep it.
	Facing int64
	Steps  []Step
	// Target is the unit a CHARGE is at.
	Target orders.Name
	// Fire are the targets a unit that may shoot prefers, in order
	// (written last: "FIRE 4th Alabama, 7th Tennessee").
	Fire []orders.Name
}

// Position implements orders.Order.
func (o *Order) Position() orders.Pos { return o.At }

// Step is one part of a move.
type Step struct {
	At   orders.Pos
	Verb string
	Left bool // OBLIQUE, WHEEL, TURN: to the left
	// Angle in tenths of a degree.
	Angle int64
	// Dist in thousandths of an inch, or Max.
	Dist int64
	// X, Y of a TO, thousandths of an inch.
	X, Y int64
	// Name of a TOWARD.
	Name string
}

// Problem codes of the dialect.
const (
	CodeNoUnit       = "acw-no-unit"       // an order names no unit
	CodeBadOption    = "acw-bad-option"    // an option the order does not have
	CodeBadStep      = "acw-bad-step"      // a step not understood
	CodeBadNumber    = "acw-bad-number"    // a distance, angle or point not understood
	CodeNoTarget     = "acw-no-target"     // a CHARGE with no target
	CodeTrailing     = "acw-trailing"      // words after a complete order
	CodeBadFormation = "acw-bad-formation" // a formation the sheet does not have
)

type dialect struct{}

var keywords = slices.Concat(Verbs, []string{Command})

func (dialect) Starts() []string                 { return []string{Hold, Advance, Run, Charge, Rally, Command} }
func (dialect) Keywords() []string               { return keywords }
func (dialect) Place(s string) (string, bool)    { return place(s) }
func (dialect) Reactions() *orders.ReactionTable { return Reactions }
func (dialect) NewBody(p *orders.Parser) orders.Body {
	return body{p: p}
}

// Seeds are the fuzz seed corpus.
func (dialect) Seeds() []string { return append([]string{"", "GAME g\nSIDE s\nTURN 1\n"}, Samples...) }

// Samples are example order files in the dialect.
var Samples = []string{
	`GAME sample
SIDE CSA
TURN 1
ADVANCE 1st Tennessee: OBLIQUE LEFT 30 2.25; FORWARD 2
RUN 7th Tennessee: TOWARD McPherson's Farm
HOLD 14th Tennessee: REFORM MARCH COLUMN FACING 180
ADVANCE 5th Alabama Battalion: WHEEL RIGHT 20; FORWARD 3.5
HOLD Pegram's Battery
`,
	`GAME sample
SIDE USA
TURN 1
HOLD 2nd Wisconsin
ADVANCE 6th Wisconsin: FORWARD 1.5
ADVANCE 19th Indiana: WHEEL LEFT 10; FORWARD MAX
ADVANCE 24th Michigan: REFORM MARCH COLUMN; FORWARD 4
ADVANCE Battery B: TO 30,6
STANDING
CAVALRY STAND
DEFENSIVE FIRE ALWAYS
END
`,
	`GAME sample
SIDE USA
TURN 2
RUN 2nd Wisconsin: RETIRE MAX
CHARGE 6th Wisconsin: 7th Tennessee
RALLY 19th Indiana
COMMANDER Meredith: TOWARD 19th Indiana
COMMANDER Doubleday: TO 30,6
`,
}

type body struct{ p *orders.Parser }

func (body) Close() {}

// Line reads one order line: VERB unit[: option and steps].
func (b body) Line(l orders.Line) {
	if !slices.Contains(Verbs, l.Key) && l.Key != Command {
		if Reactions.Spec(l.Key) != nil {
			b.p.OutsideStanding(l.At(), l.Key)
			return
		}
		b.p.Unknown(l, "start each order with HOLD, ADVANCE, RUN, CHARGE or RALLY and the unit's name, or COMMANDER and a commander's name")
		return
	}
	o := &Order{At: l.At(), Verb: l.Key, Facing: -1}
	name, rest, hasRest := strings.Cut(l.Value, ":")
	n := orders.CleanName(name)
	if n == "" || strings.Contains(n, ";") {
		b.p.Add(l.ValueAt(), CodeNoUnit, l.Key+" names no unit", "write "+l.Key+" and the unit's name, such as "+l.Key+" 1st Minnesota")
		return
	}
	o.Unit = orders.Name{At: l.ValueAt(), Text: n}
	colon := l.ValueOff + len(name)
	restOff := colon
	if hasRest {
		restOff++
	}
	rest, restOff = orders.TrimAt(rest, restOff)
	if hasRest && rest == "" {
		b.p.Add(l.Pos(colon), CodeBadStep, "nothing after the colon", "write the move after the colon, or leave the colon out")
		return
	}
	if b.fill(l, o, rest, restOff) {
		b.p.Append(o)
	}
}

// fill reads the option and steps of o from rest; false if a problem was
// reported.
func (b body) fill(l orders.Line, o *Order, rest string, off int) bool {
	at := l.Pos(off)
	if ps := orders.Clauses(rest, off); len(ps) > 0 {
		last := ps[len(ps)-1]
		if ws := orders.Words(last.Text, last.Off); len(ws) > 0 && orders.Upper(ws[0].Text) == "FIRE" {
			if o.Verb == Charge || o.Verb == Run || o.Verb == Command {
				b.p.Add(l.Pos(last.Off), CodeBadOption, o.Verb+" does not shoot in the Shooting Phase (ACW ORDERS, seed L74-75)", "leave FIRE out")
				return false
			}
			val, voff := orders.TrimAt(last.Text[len(ws[0].Text):], last.Off+len(ws[0].Text))
			if strings.Contains(val, ";") || strings.Contains(val, ":") {
				b.p.Add(l.Pos(last.Off), CodeBadStep, "FIRE takes unit names separated by commas", "write FIRE 4th Alabama, 7th Tennessee")
				return false
			}
			for i, item := range strings.Split(val, ",") {
				n := orders.CleanName(item)
				if n == "" || slices.ContainsFunc(o.Fire, func(x orders.Name) bool { return strings.EqualFold(x.Text, n) }) {
					b.p.Add(l.Pos(last.Off), CodeBadStep, "FIRE names each target once, separated by commas", "write FIRE 4th Alabama, 7th Tennessee")
					return false
				}
				o.Fire = append(o.Fire, orders.Name{At: l.Pos(voff), Text: n})
				_ = i
			}
			// What is left is read as if FIRE were not there.
			rest = strings.TrimRight(rest[:last.Off-off], " ;\t")
		}
	}
	if o.Verb == Command {
		return b.command(l, o, rest, off)
	}
	switch o.Verb {
	case Rally:
		o.Option = OptRallied
		if rest != "" {
			b.p.Add(at, CodeTrailing, "RALLY takes no move: the unit stays where it is", "write RALLY and the unit's name only")
			return false
		}
		return true
	case Charge:
		o.Option = OptCharge
		t := orders.CleanName(rest)
		if t == "" || strings.Contains(t, ";") || strings.Contains(t, ":") {
			b.p.Add(at, CodeNoTarget, "CHARGE names no target after the colon", "write CHARGE "+o.Unit.Text+": and the enemy unit's name")
			return false
		}
		o.Target = orders.Name{At: at, Text: t}
		return true
	}
	parts := orders.Clauses(rest, off)
	if len(parts) == 0 {
		if o.Verb == Hold {
			o.Option = OptStand
		} else {
			o.Option = OptMove
		}
		return true
	}
	first := orders.Words(parts[0].Text, parts[0].Off)
	if len(first) == 0 {
		b.p.Add(at, CodeBadStep, "an empty part of the move (two ';' together?)", stepForms)
		return false
	}
	switch head := orders.Upper(first[0].Text); {
	case head == OptReform:
		if o.Verb == Run {
			b.p.Add(l.Pos(first[0].Off), CodeBadOption, "RUN has no Reform: its options are Run and Retire (ACW ORDERS, seed L74)", "use HOLD or ADVANCE to reform")
			return false
		}
		return b.reform(l, o, first[1:], parts[1:])
	case head == Back && o.Verb != Hold:
		o.Option = OptRetire
		if len(parts) > 1 {
			b.p.Add(l.Pos(parts[1].Off), CodeTrailing, "a Retire is one move straight back and nothing else", "write RETIRE and a distance or MAX")
			return false
		}
	case o.Verb == Hold:
		if head == "STAND" || head == "STAND GROUND" {
			if len(parts) > 1 || len(first) > 2 || (len(first) == 2 && orders.Upper(first[1].Text) != "GROUND") {
				b.p.Add(at, CodeTrailing, "Stand Ground is no move", "write HOLD and the unit's name")
				return false
			}
			o.Option = OptStand
			return true
		}
		b.p.Add(l.Pos(first[0].Off), CodeBadOption, "HOLD does not move: its options are Stand Ground and Reform (ACW ORDERS, seed L72)",
			"write HOLD "+o.Unit.Text+", or HOLD "+o.Unit.Text+": REFORM LINE FACING 90, or ADVANCE to move")
		return false
	default:
		o.Option = OptMove
	}
	return b.steps(l, o, parts)
}

// command reads a commander's move: one part, TO x,y or TOWARD a name
// (ruling A22). A commander's base has no facing, so he has no FORWARD,
// OBLIQUE, WHEEL or TURN.
func (b body) command(l orders.Line, o *Order, rest string, off int) bool {
	o.Option = OptMove
	parts := orders.Clauses(rest, off)
	const forms = "write COMMANDER and his name, a colon, and TO x,y or TOWARD a unit or feature, such as COMMANDER Meredith: TOWARD 2nd Wisconsin"
	if len(parts) == 0 {
		b.p.Add(l.At(), CodeBadStep, "a COMMANDER order is a move: it needs TO or TOWARD after a colon", forms)
		return false
	}
	if len(parts) > 1 {
		b.p.Add(l.Pos(parts[1].Off), CodeTrailing, "a commander moves in one straight part", forms)
		return false
	}
	st, msg := step(parts[0].Text)
	if msg == "" && st.Verb != To && st.Verb != Toward {
		msg = "a commander's base has no facing: he moves TO a point or TOWARD a name, not " + st.Verb
	}
	if msg != "" {
		b.p.Add(l.Pos(parts[0].Off), CodeBadStep, msg, forms)
		return false
	}
	st.At = l.Pos(parts[0].Off)
	o.Steps = []Step{st}
	return true
}

// reform reads "REFORM formation [FACING deg]" and, under ADVANCE, the
// steps after it.
func (b body) reform(l orders.Line, o *Order, ws []orders.Word, more []orders.Word) bool {
	o.Option = OptReform
	var fw []string
	i := 0
	for ; i < len(ws) && orders.Upper(ws[i].Text) != "FACING"; i++ {
		fw = append(fw, orders.Upper(ws[i].Text))
	}
	f := strings.Join(fw, " ")
	if !slices.Contains(Formations, f) {
		at := l.At()
		if len(ws) > 0 {
			at = l.Pos(ws[0].Off)
		}
		b.p.Add(at, CodeBadFormation, fmt.Sprintf("'%s' is not a formation", orders.Clip(f)),
			"write one of "+strings.Join(Formations, ", "))
		return false
	}
	o.Formation = f
	if i < len(ws) {
		if o.Verb != Hold {
			b.p.Add(l.Pos(ws[i].Off), CodeBadOption, "a Reform under ADVANCE may not change facing (ACW ORDERS, seed L73)", "use HOLD to reform with a new facing")
			return false
		}
		if i+2 != len(ws) {
			b.p.Add(l.Pos(ws[i].Off), CodeBadNumber, "FACING takes one bearing in degrees", "write FACING 90")
			return false
		}
		a, ok := angle(ws[i+1].Text)
		if !ok || a >= 3600 {
			b.p.Add(l.Pos(ws[i+1].Off), CodeBadNumber, fmt.Sprintf("'%s' is not a bearing from 0 to 359.9 degrees", orders.Clip(ws[i+1].Text)), "write FACING 90")
			return false
		}
		o.Facing = a
	}
	if len(more) > 0 && o.Verb == Hold {
		b.p.Add(l.Pos(more[0].Off), CodeTrailing, "a Reform under HOLD does not move", "use ADVANCE to reform and move")
		return false
	}
	return b.steps(l, o, more)
}

// steps reads the steps of a move.
func (b body) steps(l orders.Line, o *Order, parts []orders.Word) bool {
	for _, pt := range parts {
		st, msg := step(pt.Text)
		if msg != "" {
			b.p.Add(l.Pos(pt.Off), CodeBadStep, msg, stepForms)
			return false
		}
		if o.Option == OptRetire && st.Verb != Back || o.Option != OptRetire && st.Verb == Back {
			b.p.Add(l.Pos(pt.Off), CodeBadStep, "RETIRE is the Retire option: the first and only part of the move", "write RETIRE 4 on its own, or FORWARD to go ahead")
			return false
		}
		st.At = l.Pos(pt.Off)
		o.Steps = append(o.Steps, st)
	}
	return true
}

const stepForms = "write parts such as FORWARD 3.5, FORWARD MAX, OBLIQUE LEFT 30 2, WHEEL RIGHT 45, TURN LEFT 90, TO 24,30, TOWARD Miller's Wood, DISMOUNT or UNLIMBER, separated by ';'"

// step reads one part of a move; the message says what is wrong.
func step(s string) (Step, string) {
	ws := orders.Words(s, 0)
	if len(ws) == 0 {
		return Step{}, "an empty part of the move (two ';' together?)"
	}
	v := orders.Upper(ws[0].Text)
	st := Step{Verb: v}
	args := ws[1:]
	side := func() bool {
		if len(args) == 0 {
			return false
		}
		switch orders.Upper(args[0].Text) {
		case "LEFT", "L":
			st.Left = true
		case "RIGHT", "R":
		default:
			return false
		}
		args = args[1:]
		return true
	}
	switch v {
	case Forward, Back:
		if len(args) != 1 {
			return st, v + " takes one distance in inches, or MAX"
		}
		d, ok := dist(args[0].Text)
		if !ok {
			return st, fmt.Sprintf("'%s' is not a distance in inches", orders.Clip(args[0].Text))
		}
		st.Dist = d
	case Oblique:
		if !side() || len(args) != 2 {
			return st, "OBLIQUE takes LEFT or RIGHT, an angle off the front and a distance, such as OBLIQUE LEFT 30 2"
		}
		a, ok := angle(args[0].Text)
		if !ok || a == 0 || a > 450 {
			return st, fmt.Sprintf("'%s' is not an angle from 0.1 to 45 degrees", orders.Clip(args[0].Text))
		}
		d, ok := dist(args[1].Text)
		if !ok {
			return st, fmt.Sprintf("'%s' is not a distance in inches", orders.Clip(args[1].Text))
		}
		st.Angle, st.Dist = a, d
	case Wheel, Turn:
		if !side() || len(args) != 1 {
			return st, v + " takes LEFT or RIGHT and an angle in degrees, such as " + v + " RIGHT 45"
		}
		a, ok := angle(args[0].Text)
		if !ok || a == 0 || a > 1800 {
			return st, fmt.Sprintf("'%s' is not an angle from 0.1 to 180 degrees", orders.Clip(args[0].Text))
		}
		st.Angle = a
	case To:
		if len(args) != 1 {
			return st, "TO takes one point x,y in inches from the table's bottom-left corner, such as TO 24,30"
		}
		x, y, ok := point(args[0].Text)
		if !ok {
			return st, fmt.Sprintf("'%s' is not a point x,y in inches", orders.Clip(args[0].Text))
		}
		st.X, st.Y = x, y
	case Mount, Dismount, Limber, Unlimber:
		if len(args) != 0 {
			return st, v + " takes nothing after it"
		}
	case Toward:
		n := orders.CleanName(orders.JoinWords(args))
		if n == "" || strings.Contains(n, ":") {
			return st, "TOWARD takes the name of a unit or a feature of the table"
		}
		st.Name = n
	default:
		return st, fmt.Sprintf("'%s' is not a part of a move", orders.Clip(ws[0].Text))
	}
	return st, ""
}

// dist reads inches with up to three decimals, or MAX.
func dist(s string) (int64, bool) {
	if orders.Upper(s) == "MAX" {
		return Max, true
	}
	s = strings.TrimSuffix(s, `"`)
	return fixed(s, 3, 1000*1000)
}

// angle reads degrees with up to one decimal, in tenths.
func angle(s string) (int64, bool) { return fixed(s, 1, 3600) }

// fixed reads a non-negative decimal with up to places decimals as an
// integer in units of 10^-places, at most max.
func fixed(s string, places int, max int64) (int64, bool) {
	whole, frac, dot := strings.Cut(s, ".")
	if !orders.IsDigits(whole) && !(dot && whole == "" && frac != "") || len(whole) > 7 {
		return 0, false
	}
	if dot && (!orders.IsDigits(frac) || len(frac) > places) {
		return 0, false
	}
	frac += strings.Repeat("0", places-len(frac))
	v, err := strconv.ParseInt(whole+frac, 10, 64)
	if err != nil || v > max {
		return 0, false
	}
	return v, true
}

// point reads "x,y" in inches.
func point(s string) (int64, int64, bool) {
	a, b, ok := strings.Cut(s, ",")
	if !ok {
		return 0, 0, false
	}
	x, okx := fixed(a, 3, 1000*1000)
	y, oky := fixed(b, 3, 1000*1000)
	return x, y, okx && oky
}

func place(s string) (string, bool) {
	x, y, ok := point(strings.ReplaceAll(s, " ", ""))
	if !ok {
		return "", false
	}
	return Inches(x) + "," + Inches(y), true
}

// Inches prints thousandths of an inch as inches, without trailing zeros.
func Inches(v int64) string {
	s := fmt.Sprintf("%d.%03d", v/1000, v%1000)
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

// Degrees prints tenths of a degree as degrees.
func Degrees(v int64) string {
	if v%10 == 0 {
		return strconv.FormatInt(v/10, 10)
	}
	return fmt.Sprintf("%d.%d", v/10, v%10)
}

// String prints the step as it is written.
func (s Step) String() string {
	side := "RIGHT"
	if s.Left {
		side = "LEFT"
	}
	d := "MAX"
	if s.Dist != Max {
		d = Inches(s.Dist)
	}
	switch s.Verb {
	case Forward, Back:
		return s.Verb + " " + d
	case Oblique:
		return s.Verb + " " + side + " " + Degrees(s.Angle) + " " + d
	case Wheel, Turn:
		return s.Verb + " " + side + " " + Degrees(s.Angle)
	case To:
		return To + " " + Inches(s.X) + "," + Inches(s.Y)
	case Toward:
		return Toward + " " + orders.QuoteName(s.Name)
	}
	return s.Verb // MOUNT, DISMOUNT, LIMBER, UNLIMBER
}

// Tail is what follows the unit's name and colon in the canonical form.
func (o *Order) Tail() string {
	var parts []string
	switch o.Option {
	case OptCharge:
		return orders.QuoteName(o.Target.Text)
	case OptReform:
		r := OptReform + " " + o.Formation
		if o.Facing >= 0 {
			r += " FACING " + Degrees(o.Facing)
		}
		parts = append(parts, r)
	}
	for _, s := range o.Steps {
		parts = append(parts, s.String())
	}
	if len(o.Fire) > 0 {
		var ns []string
		for _, n := range o.Fire {
			ns = append(ns, orders.QuoteName(n.Text))
		}
		parts = append(parts, "FIRE "+strings.Join(ns, ", "))
	}
	return strings.Join(parts, "; ")
}

// WriteOrder implements orders.Dialect.
func (dialect) WriteOrder(b *strings.Builder, o orders.Order) {
	x, ok := o.(*Order)
	if !ok {
		panic(fmt.Sprintf("acwtext: an order of a kind the ACW dialect does not have: %T", o))
	}
	b.WriteString(x.Verb + " " + orders.QuoteName(x.Unit.Text))
	if t := x.Tail(); t != "" {
		b.WriteString(": " + t)
	}
}

// StripOrder implements orders.Dialect.
func (dialect) StripOrder(o orders.Order) orders.Order {
	x, ok := o.(*Order)
	if !ok {
		panic(fmt.Sprintf("acwtext: an order of a kind the ACW dialect does not have: %T", o))
	}
	c := *x
	c.At, c.Unit.At, c.Target.At = orders.Pos{}, orders.Pos{}, orders.Pos{}
	c.Steps = slices.Clone(x.Steps)
	c.Fire = orders.StripNames(x.Fire)
	for i := range c.Steps {
		c.Steps[i].At = orders.Pos{}
	}
	if len(c.Steps) == 0 {
		c.Steps = nil
	}
	return &c
}
