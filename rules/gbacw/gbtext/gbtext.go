// Package gbtext is the order dialect of Great Battles of the American
// Civil War (GBACW, 2026 series rules): what a player writes inside
// Galloper's shared envelope for one game turn, without a round trip per
// activation.
//
// A turn's file holds three things (docs/orders-gbacw.md):
//
// The simultaneous choices of Phase II and III/A (GBACW 3.0):
//
//	EFFICIENCY II Corps +1            the OC's +1 to a corps (5.22)
//	BONUS 1st Division +1             the corps commander's adjustment (5.23)
//	TRANSFER 2nd Division FROM 1st Division, 3rd Division   (5.4)
//	HOLD BACK 3rd Division 1          fewer AMs in the Pool (5.31)
//	ORDERS Iron Brigade ATTACK        Division Orders Phase (6.12)
//	RESERVE Vermont Brigade           (6.31; or a division or corps, as one command)
//	RELEASE Vermont Brigade ADVANCE   leave Reserve at the turn's end (6.34)
//	FIRST 1st Division                the Initiative player's first AM (5.13)
//	COORDINATE 1st Division           try Brigade Coordination at its AMs (5.34)
//	SEQUENCE 1st Division: 2nd Brigade, 1st Brigade   the order its brigades activate in (5.32)
//	BUILD 6th Wisconsin FACING 0606   start Breastworks (15.1, Phase II/F)
//	REST Iron Brigade                 idle all turn: Fatigue -1, not auto-rally (17.42)
//
// An activation script per brigade and per unit, applied whenever the
// brigade activates (5.33), each clause tried in turn, the first whose
// conditions hold carried out:
//
//	BRIGADE Iron Brigade: CHANGE ATTACK IF WITHIN 3
//	UNIT 2nd Wisconsin: IF DISORDERED RALLY; IF ADJACENT FIRE THEN SHOCK; TOWARD 0608 THEN FIRE
//	UNIT 19th Indiana: EXTEND LEFT THEN FIRE 1st Tennessee FROM 0706   (8.41, 8.45)
//
// A leader may be moved by order, in his command's activation (a
// brigadier or division leader, 9.31) or in the Commander Movement Phase
// (a corps commander or the OC, 9.32); FIRST makes a brigadier or
// division leader ride before his brigade's units act (13.43):
//
//	LEADER Meredith: TOWARD 0605
//	LEADER Meredith: FIRST TOWARD 0707
//
// And where the leader who replaces a fallen one is placed, should the
// leader fall this turn (4.18, 12.74):
//
//	REPLACE Meredith: WITH 6th Wisconsin
//
// And the reaction doctrine: a STANDING block over Reactions (R1-R13 of
// the rules notes), the answers to the choices the rules give a player
// inside his opponent's activations.
package gbtext

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"galloper/orders"
)

// Dialect is the GBACW order dialect.
var Dialect orders.Dialect = dialect{}

// Parse reads an order file in the GBACW dialect.
func Parse(text string) (*orders.File, []orders.Problem) { return orders.Parse(text, Dialect) }

// The order keywords.
const (
	Efficiency = "EFFICIENCY" // 5.22
	Bonus      = "BONUS"      // 5.23
	Transfer   = "TRANSFER"   // 5.4
	HoldBack   = "HOLD"       // HOLD BACK, 5.31
	OrdersKw   = "ORDERS"     // 6.12
	Attach     = "ATTACH"     // ATTACH battery TO brigade: division artillery attached (4.32)
	Reserve    = "RESERVE"    // 6.31
	First      = "FIRST"      // 5.13
	Coordinate = "COORDINATE" // 5.34
	Release    = "RELEASE"    // RELEASE brigade ADVANCE|ATTACK: leave Reserve at the turn's end (6.34)
	Brigade    = "BRIGADE"    // an activation script for a brigade
	Unit       = "UNIT"       // an activation script for a unit
	LeaderKw   = "LEADER"     // LEADER name: [FIRST] TOWARD hex: a leader's movement (9.31-9.32)
	Skip       = "SKIP"       // SKIP brigade n: the division AM an out-of-range brigade skips (5.26)
	Build      = "BUILD"      // BUILD unit [FACING hex]: start Breastworks in the Engineering Phase (15.1)
	Rest       = "REST"       // REST brigade: an idle brigade lowers its Fatigue rather than rallying (17.42)
	With       = "WITH"       // LEADER name: WITH unit: moving with a unit of his command (9.31)
	Replace    = "REPLACE"    // REPLACE leader: WITH unit: where his replacement is placed (12.74)
	Sequence   = "SEQUENCE"   // SEQUENCE division: brigade, brigade...: the order its brigades activate in (5.32)
)

// Verbs are the keywords, in the order a file usually gives them.
var Verbs = []string{Efficiency, Bonus, Transfer, HoldBack, OrdersKw, Attach, Reserve, Release, First, Coordinate, Sequence, Skip, Build, Rest, Brigade, Unit, LeaderKw, Replace}

// Orders names as written.
var OrderNames = []string{"MARCH", "ADVANCE", "ATTACK"}

// The conditions of a clause.
const (
	CondDisordered = "DISORDERED" // the unit is Disordered
	CondAdjacent   = "ADJACENT"   // an enemy combat unit is adjacent
	CondWithin     = "WITHIN"     // WITHIN n: an enemy combat unit within n hexes
	CondActivation = "ACTIVATION" // ACTIVATION n: the brigade's nth activation this turn
	CondAttack     = "ATTACK"     // the unit is under Attack Orders
	CondAdvance    = "ADVANCE"    // the unit is under Advance Orders
)

// Conds are the conditions, with whether they take a number.
var Conds = map[string]bool{CondDisordered: false, CondAdjacent: false, CondWithin: true, CondActivation: true, CondAttack: false, CondAdvance: false}

// The actions of a unit's clause.
const (
	ActHold   = "HOLD"   // do nothing (5.33 d)
	ActRally  = "RALLY"  // RALLY [LEFT|RIGHT]: rally, and if it does turn one vertex (13.41)
	ActToward = "TOWARD" // TOWARD hex: move toward a hex as far as the rules allow
	ActMove   = "MOVE"   // MOVE hex hex ... [ABOVE|BELOW] [WITH unit, ...]: move along a path of adjacent hexes (8.23), a stack as one (8.21)
	ActFire   = "FIRE"   // FIRE [unit] [FROM hex...] [SECTION n...] [WITH battery, ...]: fire at the unit, or the nearest enemy in arc
	ActShock  = "SHOCK"  // SHOCK [unit]: shock the unit, or an adjacent enemy in front
	ActCharge = "CHARGE" // CHARGE [unit]: a Charge (11.2, 11.5)
	ActRetire = "RETIRE" // RETIRE: move one hex away from the nearest enemy
	ActSplit  = "SPLIT"  // SPLIT [unit [SECTION n...][, unit [SECTION n...]]...]: split fire (10.15, 10.65)
	ActRefuse = "REFUSE" // REFUSE LEFT|RIGHT: refuse a flank (7.3)
	// MOUNT and DISMOUNT change a cavalry unit's counter at the start of
	// its activation (14.22).
	ActMount    = "MOUNT"
	ActDismount = "DISMOUNT"
	ActTurn     = "TURN" // TURN LEFT|RIGHT: change facing one vertex, before firing (10.32, 7.21)
	// ActWithdraw is Withdrawal Movement (9.54): WITHDRAW [hex [hex]]
	// backs up to two hexes into the rear, along the hexes given or the
	// ones farthest from the enemy.
	ActWithdraw = "WITHDRAW"
	// ActTop puts the unit on top of its stack, instead of moving (8.24);
	// TOP SECTION n puts a battery's section n on top of its other
	// sections (8.24 Exception).
	ActTop = "TOP"
	// EXTEND LEFT|RIGHT|BOTH: form an Extended Line into a Flank hex, or
	// both (8.41-8.43); RETRACT [hex]: draw the extensions back in
	// (8.42), an Extended Column into any of its hexes (8.52).
	ActExtend  = "EXTEND"
	ActRetract = "RETRACT"
	// FACE hex [ABOVE|BELOW]: turn in place toward a hex (7.21); a unit
	// turning about, 180°, over artillery stacks above or below it (7.21,
	// 8.44).
	ActFace = "FACE"
	// PIVOT LEFT|RIGHT: an Extended Line wheels on its left or right end
	// (8.44).
	ActPivot = "PIVOT"
	// WRAP: the unit's shocks in this activation use Wrap-Around when
	// they may (8.48).
	ActWrap = "WRAP"
)

// Actions lists the actions.
var Actions = []string{ActHold, ActRally, ActToward, ActMove, ActFire, ActSplit, ActShock, ActCharge, ActRetire, ActRefuse, ActMount, ActDismount, ActTurn, ActWithdraw, ActTop, ActExtend, ActRetract, ActFace, ActPivot, ActWrap}

// Problem codes of the dialect.
const (
	CodeNoName     = "gb-no-name"    // an order names no command or unit
	CodeBadValue   = "gb-bad-value"  // a value the order does not take
	CodeBadClause  = "gb-bad-clause" // a clause of a script not understood
	CodeBadHex     = "gb-bad-hex"    // a hex id not understood
	CodeNoFrom     = "gb-no-from"    // a TRANSFER without FROM
	CodeNoClause   = "gb-no-clause"  // a script without a clause
	CodeBadHoldBak = "gb-bad-holdback"
)

// Order is one line of a file.
type Order struct {
	At   orders.Pos
	Verb string
	// Name is the corps, division, brigade or unit the order is for;
	// empty for FIRST MARCH.
	Name orders.Name
	// Value is "+1", "+2", an Orders name, "MARCH" for FIRST MARCH, the
	// hex of a LEADER order, the hex a BUILD faces ("" to keep the
	// unit's facing), or the unit a REPLACE places the new leader with.
	Value string
	// With is the unit a LEADER ... WITH order's leader moves with.
	With string
	// N is HOLD BACK's count.
	N int
	// From are a TRANSFER's paying divisions.
	From []orders.Name
	// Brigades are a SEQUENCE's brigades, in the order they activate.
	Brigades []orders.Name
	// Change is a BRIGADE script's wanted Orders and Cond its condition.
	Change string
	Cond   []Cond
	// Clauses are a UNIT script's clauses, in order.
	Clauses []Clause
	// First is a LEADER order's FIRST: the leader rides before his
	// brigade's units act, not after them (9.31, 13.43).
	First bool
}

// Position implements orders.Order.
func (o *Order) Position() orders.Pos { return o.At }

// Clause is one clause of a unit script: conditions, all of which must
// hold, and the actions then carried out in turn.
type Clause struct {
	Conds   []Cond
	Actions []Action
}

// Cond is one condition.
type Cond struct {
	Not  bool
	Kind string
	N    int
}

// Action is one action of a clause.
type Action struct {
	Verb  string
	Hexes []string // TOWARD's hex, MOVE's path, FIRE's FROM hexes (the parts of an Extended Line, 8.45)
	// Target is FIRE's, SHOCK's and CHARGE's target name, or ""; REFUSE's,
	// TURN's and PIVOT's LEFT or RIGHT; RALLY's LEFT, RIGHT or ""; EXTEND's
	// LEFT, RIGHT or BOTH; FACE's ABOVE, BELOW or ""; MOVE's WITH units,
	// joined by ", ".
	Target string
	// Stack is MOVE's ABOVE or BELOW: where the unit stacks with the
	// artillery of the hex it ends in (8.23 Exception), or "".
	Stack string
	// Sections are FIRE's SECTION numbers: the battery's sections that
	// fire, 1 for its first (8.37, 10.65); TOP's, the one section it
	// puts on top (8.24 Exception).
	Sections []int
	// With are FIRE's WITH batteries: those of the firer's hex that
	// combine their fire with its own (10.63).
	With []string
	// More are a battery's SPLIT's further parts, each a target and its
	// sections (10.65); Target and Sections are the first part's.
	More []Action
}

type dialect struct{}

func (dialect) Starts() []string                 { return Verbs }
func (dialect) Keywords() []string               { return Verbs }
func (dialect) Place(s string) (string, bool)    { return Place(s) }
func (dialect) Reactions() *orders.ReactionTable { return Reactions }
func (dialect) NewBody(p *orders.Parser) orders.Body {
	return body{p: p}
}

// Seeds are the fuzz seed corpus.
func (dialect) Seeds() []string { return append([]string{"", "GAME g\nSIDE s\nTURN 1\n"}, Samples...) }

// Place reads a hex id of four digits, column then row (GBACW 2.1).
func Place(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if len(s) != 4 || !orders.IsDigits(s) {
		return "", false
	}
	return s, true
}

// Samples are example order files in the dialect.
var Samples = []string{
	`GAME sample
SIDE USA
TURN 1
BONUS 1st Division +1
ORDERS Iron Brigade ATTACK
FIRST 1st Division
UNIT 2nd Wisconsin: IF DISORDERED RALLY; IF ADJACENT FIRE THEN SHOCK; TOWARD 0608
UNIT Battery B: TURN LEFT THEN FIRE
UNIT Battery C: FIRE 26th North Carolina WITH Battery D, Battery E
UNIT Battery F: FIRE SECTION 1 THEN FIRE 26th North Carolina SECTION 2 3
UNIT Battery G: IF ADJACENT SPLIT; SPLIT 26th North Carolina SECTION 1, 11th North Carolina SECTION 2
UNIT 19th Indiana: IF NOT ADJACENT EXTEND LEFT THEN FIRE 26th North Carolina FROM 0706; RETRACT
UNIT 24th Michigan: IF DISORDERED RALLY LEFT; FACE 0608 THEN FIRE
UNIT 2nd Wisconsin: PIVOT LEFT THEN PIVOT LEFT THEN FIRE
UNIT 6th Wisconsin: IF ADJACENT WRAP THEN SHOCK; HOLD
LEADER Meredith: TOWARD 0605
LEADER Wadsworth: FIRST TOWARD 0707
STANDING
RETURN FIRE FULL
RAPID FIRE ALWAYS
RETREAT BEFORE SHOCK NEVER
CONTINUED SHOCK NEVER
BREAK OFF CHARGE TRY
SHOCK ORDER LEFT TO RIGHT
END
`,
	`GAME sample
SIDE CSA
TURN 1
EFFICIENCY Second Corps +1
TRANSFER Heth FROM Pender
HOLD BACK Rodes 1
BRIGADE Archer: CHANGE ATTACK IF WITHIN 4
UNIT 1st Tennessee: IF NOT ADJACENT MOVE 0705 0706; FIRE 2nd Wisconsin
UNIT 7th Virginia Cavalry: IF WITHIN 3 CHARGE; HOLD
UNIT 35th Virginia Cavalry: IF NOT ADJACENT DISMOUNT THEN TOWARD 0706; FIRE
RESERVE Davis
COORDINATE Heth
SEQUENCE Heth: Davis, Archer
`,
	`GAME sample
SIDE USA
TURN 3
BUILD 6th Wisconsin FACING 0606
BUILD 2nd Wisconsin
REST Iron Brigade
ORDERS Iron Brigade ADVANCE
REPLACE Meredith: WITH 6th Wisconsin
`,
}

type body struct{ p *orders.Parser }

func (body) Close() {}

func (b body) bad(l orders.Line, off int, code, msg, sugg string) {
	b.p.Add(l.Pos(off), code, msg, sugg)
}

// Line reads one order line.
func (b body) Line(l orders.Line) {
	if !slices.Contains(Verbs, l.Key) {
		if Reactions.Spec(l.Key) != nil || Reactions.Spec(firstTwo(l)) != nil {
			b.p.OutsideStanding(l.At(), l.Key)
			return
		}
		b.p.Unknown(l, "start each line with one of "+strings.Join(Verbs, ", "))
		return
	}
	o := &Order{At: l.At(), Verb: l.Key}
	val, off := l.Value, l.ValueOff
	var ok bool
	switch l.Key {
	case Efficiency, Bonus:
		ok = b.nameValue(l, o, val, off)
	case Transfer:
		ok = b.transfer(l, o, val, off)
	case HoldBack:
		ok = b.holdBack(l, o, val, off)
	case Skip:
		ok = b.skip(l, o, val, off)
	case OrdersKw:
		ok = b.orders(l, o, val, off)
	case Attach:
		ok = b.attach(l, o, val, off)
	case Release:
		ok = b.release(l, o, val, off)
	case Reserve:
		ok = b.name(l, o, val, off, "RESERVE Vermont Brigade")
	case Coordinate:
		ok = b.name(l, o, val, off, "COORDINATE 1st Division")
	case Sequence:
		ok = b.sequence(l, o, val, off)
	case Rest:
		ok = b.name(l, o, val, off, "REST Iron Brigade")
	case Build:
		ok = b.build(l, o, val, off)
	case First:
		if strings.EqualFold(strings.TrimSpace(val), "MARCH") {
			o.Value, ok = "MARCH", true
		} else {
			ok = b.name(l, o, val, off, "FIRST 1st Division, or FIRST MARCH")
		}
	case Brigade:
		ok = b.brigade(l, o, val, off)
	case Unit:
		ok = b.unit(l, o, val, off)
	case LeaderKw:
		ok = b.leader(l, o, val, off)
	case Replace:
		ok = b.replace(l, o, val, off)
	}
	if ok {
		b.p.Append(o)
	}
}

func firstTwo(l orders.Line) string {
	ws := strings.Fields(orders.Upper(l.Text))
	if len(ws) < 2 {
		return ""
	}
	return ws[0] + " " + ws[1]
}

// name reads a whole value as a name.
func (b body) name(l orders.Line, o *Order, val string, off int, form string) bool {
	n := orders.CleanName(val)
	if n == "" || strings.ContainsAny(n, ":;") {
		b.bad(l, off, CodeNoName, l.Key+" names no command", "write "+form)
		return false
	}
	o.Name = orders.Name{At: l.Pos(off), Text: n}
	return true
}

// lastWord splits val into the text before its last word and that word.
func lastWord(val string) (string, string) {
	val = strings.TrimSpace(val)
	i := strings.LastIndexAny(val, " \t")
	if i < 0 {
		return "", val
	}
	return val[:i], val[i+1:]
}

func (b body) nameValue(l orders.Line, o *Order, val string, off int) bool {
	head, last := lastWord(val)
	form := l.Key + " 1st Division +1"
	if l.Key == Efficiency {
		form = "EFFICIENCY II Corps +1"
	}
	switch {
	case l.Key == Efficiency && last == "+1", l.Key == Bonus && (last == "+1" || last == "+2"):
		o.Value = last
	default:
		b.bad(l, off, CodeBadValue, fmt.Sprintf("%s ends with the bonus: %s", l.Key, map[string]string{Efficiency: "+1 (GBACW 5.22)", Bonus: "+1 or +2 (GBACW 5.23)"}[l.Key]), "write "+form)
		return false
	}
	return b.name(l, o, head, off, form)
}

func (b body) transfer(l orders.Line, o *Order, val string, off int) bool {
	up := orders.Upper(val)
	i := strings.Index(up, " FROM ")
	if i < 0 {
		b.bad(l, off, CodeNoFrom, "TRANSFER names the division that gains and, after FROM, the one or two that pay (GBACW 5.42)", "write TRANSFER 2nd Division FROM 1st Division, 3rd Division")
		return false
	}
	if !b.name(l, o, val[:i], off, "TRANSFER 2nd Division FROM 1st Division") {
		return false
	}
	rest := val[i+6:]
	for _, item := range strings.Split(rest, ",") {
		n := orders.CleanName(item)
		if n == "" || strings.ContainsAny(n, ":;") || len(o.From) == 2 {
			b.bad(l, off+i, CodeNoFrom, "FROM names one or two divisions, separated by a comma (GBACW 5.42)", "write TRANSFER 2nd Division FROM 1st Division, 3rd Division")
			return false
		}
		o.From = append(o.From, orders.Name{At: l.Pos(off + i + 6), Text: n})
	}
	return true
}

func (b body) holdBack(l orders.Line, o *Order, val string, off int) bool {
	ws := strings.Fields(val)
	if len(ws) < 3 || orders.Upper(ws[0]) != "BACK" {
		b.bad(l, off, CodeBadHoldBak, "HOLD BACK names a division and how many of its AMs stay out of the Pool (GBACW 5.31)", "write HOLD BACK 3rd Division 1")
		return false
	}
	head, last := lastWord(val)
	n, err := strconv.Atoi(last)
	if err != nil || n < 1 || n > 4 {
		b.bad(l, off, CodeBadHoldBak, "HOLD BACK ends with a number of AMs, 1 to 4 (GBACW 5.31)", "write HOLD BACK 3rd Division 1")
		return false
	}
	o.N = n
	_, rest, _ := strings.Cut(strings.TrimSpace(head), " ")
	return b.name(l, o, rest, off+5, "HOLD BACK 3rd Division 1")
}

// skip reads SKIP brigade n: which of its division's AMs this turn (the
// nth drawn, 1 to 4) a brigade whose brigadier starts the turn out of his
// division leader's range does not use (5.26).
func (b body) skip(l orders.Line, o *Order, val string, off int) bool {
	head, last := lastWord(val)
	n, err := strconv.Atoi(last)
	if err != nil || n < 1 || n > 4 || strings.TrimSpace(head) == "" {
		b.bad(l, off, CodeBadValue, "SKIP names a brigade and which of its division's AMs this turn it does not use, 1 to 4 (GBACW 5.26)", "write SKIP Iron Brigade 1")
		return false
	}
	o.N = n
	return b.name(l, o, head, off, "SKIP Iron Brigade 1")
}

func (b body) orders(l orders.Line, o *Order, val string, off int) bool {
	head, last := lastWord(val)
	if !slices.Contains(OrderNames, orders.Upper(last)) {
		b.bad(l, off, CodeBadValue, "ORDERS ends with MARCH, ADVANCE or ATTACK (GBACW 6.11)", "write ORDERS Iron Brigade ATTACK")
		return false
	}
	o.Value = orders.Upper(last)
	return b.name(l, o, head, off, "ORDERS Iron Brigade ATTACK")
}

// attach reads ATTACH battery TO brigade (4.32): Name is the battery,
// Value the brigade.
func (b body) attach(l orders.Line, o *Order, val string, off int) bool {
	const form = "ATTACH Hall's Battery TO Iron Brigade"
	i := strings.Index(orders.Upper(val), " TO ")
	if i < 0 {
		b.bad(l, off, CodeBadValue, "ATTACH names a battery of the division's artillery and, after TO, a brigade of its division (GBACW 4.32)", "write "+form)
		return false
	}
	to := orders.CleanName(val[i+4:])
	if to == "" {
		b.bad(l, off+i+4, CodeNoName, "ATTACH names the brigade after TO (GBACW 4.32)", "write "+form)
		return false
	}
	o.Value = to
	return b.name(l, o, val[:i], off, form)
}

// sequence reads SEQUENCE division: brigade, brigade, ...: the order in
// which the division's brigades activate when its AM is drawn (5.32).
func (b body) sequence(l orders.Line, o *Order, val string, off int) bool {
	const form = "SEQUENCE 1st Division: 2nd Brigade, 1st Brigade"
	name, rest, ok := strings.Cut(val, ":")
	if !ok {
		b.bad(l, off, CodeNoClause, "SEQUENCE gives the division, a colon and its brigades in the order they activate, separated by commas (GBACW 5.32)", "write "+form)
		return false
	}
	if !b.name(l, o, name, off, form) {
		return false
	}
	at := off + len(name) + 1
	for _, item := range strings.Split(rest, ",") {
		n := orders.CleanName(item)
		if n == "" || strings.ContainsAny(n, ":;") {
			b.bad(l, at, CodeNoName, "SEQUENCE lists the division's brigades after the colon, separated by commas (GBACW 5.32)", "write "+form)
			return false
		}
		o.Brigades = append(o.Brigades, orders.Name{At: l.Pos(at), Text: n})
		at += len(item) + 1
	}
	return true
}

// release reads RELEASE brigade ADVANCE|ATTACK.
func (b body) release(l orders.Line, o *Order, val string, off int) bool {
	head, last := lastWord(val)
	if v := orders.Upper(last); v != "ADVANCE" && v != "ATTACK" {
		b.bad(l, off, CodeBadValue, "RELEASE ends with the Orders the brigade takes on leaving Reserve: ADVANCE or ATTACK (GBACW 6.34)", "write RELEASE Vermont Brigade ADVANCE")
		return false
	}
	o.Value = orders.Upper(last)
	return b.name(l, o, head, off, "RELEASE Vermont Brigade ADVANCE")
}

// build reads BUILD unit [FACING hex]: Breastworks started by the unit
// in its hex, the unit re-faced toward the hex (15.13); Value is the hex.
func (b body) build(l orders.Line, o *Order, val string, off int) bool {
	const form = "BUILD 6th Wisconsin FACING 0606"
	name, rest := val, ""
	if ws := strings.Fields(orders.Upper(val)); len(ws) > 0 && (ws[len(ws)-1] == "FACING" || len(ws) > 1 && ws[len(ws)-2] == "FACING") {
		i := strings.LastIndex(orders.Upper(val), "FACING")
		name, rest = val[:i], strings.TrimSpace(val[i+len("FACING"):])
		h, ok := Place(rest)
		if !ok {
			b.bad(l, off+i, CodeBadHex, fmt.Sprintf("FACING takes one hex, four digits, column then row, not %q", orders.Clip(rest)), "write "+form)
			return false
		}
		o.Value = h
	}
	return b.name(l, o, name, off, form)
}

// brigade reads BRIGADE name: CHANGE ATTACK|ADVANCE [IF cond [AND cond]].
func (b body) brigade(l orders.Line, o *Order, val string, off int) bool {
	name, rest, ok := strings.Cut(val, ":")
	const form = "BRIGADE Iron Brigade: CHANGE ATTACK IF WITHIN 3"
	if !ok || !b.name(l, o, name, off, form) {
		if !ok {
			b.bad(l, off, CodeNoClause, "BRIGADE gives the brigade's name, a colon and CHANGE with the Orders it tries for (GBACW 6.2)", "write "+form)
		}
		return false
	}
	ws := strings.Fields(orders.Upper(rest))
	if len(ws) < 2 || ws[0] != "CHANGE" || (ws[1] != "ATTACK" && ws[1] != "ADVANCE") {
		b.bad(l, off+len(name)+1, CodeBadClause, "a brigade's script is CHANGE ATTACK or CHANGE ADVANCE, with an optional IF (GBACW 6.23: a Change gives only those)", "write "+form)
		return false
	}
	o.Change = ws[1]
	if len(ws) > 2 {
		if ws[2] != "IF" {
			b.bad(l, off+len(name)+1, CodeBadClause, "after CHANGE "+ws[1]+" only IF and conditions may follow", "write "+form)
			return false
		}
		cs, n, err := conds(ws[3:])
		if err != "" || n != len(ws)-3 || len(cs) == 0 {
			if err == "" {
				err = "a condition is missing or words follow it"
			}
			b.bad(l, off+len(name)+1, CodeBadClause, err, "write "+form)
			return false
		}
		o.Cond = cs
	}
	return true
}

// leader reads LEADER name: [FIRST] TOWARD hex, a leader's movement
// this turn (9.31-9.32), whose Value is the hex and First whether he rides
// before his brigade's units act; or LEADER name: WITH unit, whose With
// is the unit.
func (b body) leader(l orders.Line, o *Order, val string, off int) bool {
	name, rest, ok := strings.Cut(val, ":")
	const form = "LEADER Meredith: TOWARD 0605, or LEADER Meredith: FIRST TOWARD 0605"
	if !ok || !b.name(l, o, name, off, form) {
		if !ok {
			b.bad(l, off, CodeNoClause, "LEADER gives the leader's name, a colon and TOWARD with a hex (GBACW 9.31)", "write "+form)
		}
		return false
	}
	ws := strings.Fields(orders.Upper(rest))
	if len(ws) > 1 && ws[0] == With {
		// WITH unit: he moves with a unit of his command (9.31, 9.33).
		_, unit, _ := strings.Cut(strings.TrimSpace(rest), " ")
		o.With = orders.CleanName(unit)
		return true
	}
	if len(ws) > 0 && ws[0] == First {
		o.First, ws = true, ws[1:]
	}
	if len(ws) != 2 || ws[0] != ActToward {
		b.bad(l, off+len(name)+1, CodeBadClause, "a leader's order is TOWARD and one hex (FIRST before it to ride before his brigade's units act), or WITH and a unit of his command (GBACW 9.31)", "write "+form+" or LEADER Meredith: WITH 2nd Wisconsin")
		return false
	}
	h, okHex := Place(ws[1])
	if !okHex {
		b.bad(l, off+len(name)+1, CodeBadHex, fmt.Sprintf("%q is not a hex: four digits, column then row", orders.Clip(ws[1])), "write "+form)
		return false
	}
	o.Value = h
	return true
}

// replace reads REPLACE leader: WITH unit, the unit of his command his
// replacement is placed with should he fall this turn (12.74); Value is
// the unit's name.
func (b body) replace(l orders.Line, o *Order, val string, off int) bool {
	name, rest, ok := strings.Cut(val, ":")
	const form = "REPLACE Meredith: WITH 6th Wisconsin"
	if !ok || !b.name(l, o, name, off, form) {
		if !ok {
			b.bad(l, off, CodeNoClause, "REPLACE gives the leader's name, a colon and WITH with a unit of his command (GBACW 12.74)", "write "+form)
		}
		return false
	}
	w, unit, _ := strings.Cut(strings.TrimSpace(rest), " ")
	u := orders.CleanName(unit)
	if orders.Upper(w) != "WITH" || u == "" || strings.ContainsAny(u, ":;") {
		b.bad(l, off+len(name)+1, CodeBadClause, "after the colon REPLACE takes WITH and the unit the new leader is placed with (GBACW 12.74)", "write "+form)
		return false
	}
	o.Value = u
	return true
}

// conds reads conditions joined by AND from ws; it returns them and how
// many words they took, or a message.
func conds(ws []string) ([]Cond, int, string) {
	var out []Cond
	i := 0
	for i < len(ws) {
		c := Cond{}
		if ws[i] == "NOT" {
			c.Not = true
			i++
		}
		if i >= len(ws) {
			return nil, i, "NOT needs a condition after it"
		}
		num, known := Conds[ws[i]]
		if !known {
			return nil, i, fmt.Sprintf("%q is not a condition (the conditions are DISORDERED, ADJACENT, WITHIN n, ACTIVATION n, ATTACK, ADVANCE)", orders.Clip(ws[i]))
		}
		c.Kind = ws[i]
		i++
		if num {
			if i >= len(ws) {
				return nil, i, c.Kind + " needs a number"
			}
			n, err := strconv.Atoi(ws[i])
			if err != nil || n < 1 || n > 20 {
				return nil, i, c.Kind + " needs a number from 1 to 20"
			}
			c.N = n
			i++
		}
		out = append(out, c)
		if i < len(ws) && ws[i] == "AND" {
			i++
			continue
		}
		break
	}
	return out, i, ""
}

// unit reads UNIT name: clause; clause...
func (b body) unit(l orders.Line, o *Order, val string, off int) bool {
	const form = "UNIT 2nd Wisconsin: IF ADJACENT FIRE THEN SHOCK; TOWARD 0608"
	name, rest, ok := strings.Cut(val, ":")
	if !ok {
		b.bad(l, off, CodeNoClause, "UNIT gives the unit's name, a colon and its clauses", "write "+form)
		return false
	}
	if !b.name(l, o, name, off, form) {
		return false
	}
	at := off + len(name) + 1
	for _, part := range strings.Split(rest, ";") {
		ws := strings.Fields(part)
		if len(ws) == 0 {
			b.bad(l, at, CodeNoClause, "an empty clause", "write "+form)
			return false
		}
		c, msg := clause(ws)
		if msg != "" {
			b.bad(l, at, CodeBadClause, msg, "write "+form)
			return false
		}
		o.Clauses = append(o.Clauses, c)
		at += len(part) + 1
	}
	return true
}

// clause reads [IF conds] action [THEN action]...
func clause(ws []string) (Clause, string) {
	var c Clause
	up := make([]string, len(ws))
	for i, w := range ws {
		up[i] = orders.Upper(w)
	}
	i := 0
	if up[0] == "IF" {
		cs, n, err := conds(up[1:])
		if err != "" {
			return c, err
		}
		c.Conds, i = cs, 1+n
	}
	for {
		if i >= len(ws) {
			return c, "a clause needs an action: " + strings.Join(Actions, ", ")
		}
		j := i + 1
		for j < len(ws) && up[j] != "THEN" {
			j++
		}
		a, msg := action(up[i], ws[i+1:j])
		if msg != "" {
			return c, msg
		}
		c.Actions = append(c.Actions, a)
		if j == len(ws) {
			return c, ""
		}
		i = j + 1
	}
}

func action(verb string, args []string) (Action, string) {
	a := Action{Verb: verb}
	switch verb {
	case ActRally:
		if len(args) > 1 || len(args) == 1 && orders.Upper(args[0]) != "LEFT" && orders.Upper(args[0]) != "RIGHT" {
			return a, "RALLY takes nothing after it, or LEFT or RIGHT: the vertex it turns to if it rallies"
		}
		if len(args) == 1 {
			a.Target = orders.Upper(args[0])
		}
	case ActRetract:
		// RETRACT [hex]: an Extended Column may retract into any of its
		// hexes (8.52).
		if len(args) > 1 {
			return a, "RETRACT takes nothing after it, or the hex of an Extended Column's part to retract into, such as RETRACT 0506 (GBACW 8.52)"
		}
		if len(args) == 1 {
			id, ok := Place(args[0])
			if !ok {
				return a, fmt.Sprintf("%q is not a hex id: RETRACT takes nothing after it, or the hex of an Extended Column's part to retract into (GBACW 8.52)", orders.Clip(args[0]))
			}
			a.Hexes = []string{id}
		}
	case ActSplit:
		return splitAction(a, args)
	case ActTop:
		return topAction(a, args)
	case ActHold, ActRetire, ActMount, ActDismount, ActWrap:
		if len(args) > 0 {
			return a, verb + " takes nothing after it"
		}
	case ActFace:
		// FACE hex [ABOVE|BELOW]: a unit turning about over artillery
		// says where it stacks (7.21, 8.44, rulings GBACW-R96, GBACW-R110).
		if len(args) == 2 {
			w := orders.Upper(args[1])
			if w != "ABOVE" && w != "BELOW" {
				return a, fmt.Sprintf("FACE takes one hex, then ABOVE or BELOW for a unit turning about over artillery, not %q (GBACW 7.21)", orders.Clip(args[1]))
			}
			a.Target, args = w, args[:1]
		}
		if len(args) != 1 {
			return a, "FACE takes one hex, such as FACE 0608, and for a unit turning about over artillery ABOVE or BELOW after it (GBACW 7.21)"
		}
		id, ok := Place(args[0])
		if !ok {
			return a, fmt.Sprintf("%q is not a hex id (four digits, column then row, such as 0608)", orders.Clip(args[0]))
		}
		a.Hexes = []string{id}
	case ActToward:
		if len(args) != 1 {
			return a, verb + " takes one hex, such as " + verb + " 0608"
		}
		fallthrough
	case ActWithdraw:
		if len(args) > 2 {
			return a, "WITHDRAW takes at most two hexes, such as WITHDRAW 0406 0306 (GBACW 9.54)"
		}
		fallthrough
	case ActMove:
		// MOVE hex... [WITH unit[, unit]]: the units stacked with it move
		// with it as one stack (8.21 Exception 1).
		if i := slices.IndexFunc(args, func(w string) bool { return orders.Upper(w) == "WITH" }); i >= 0 && verb == ActMove {
			var names []string
			for _, n := range strings.Split(strings.Join(args[i+1:], " "), ",") {
				if n = orders.CleanName(n); n != "" {
					names = append(names, n)
				}
			}
			if len(names) == 0 || strings.Count(strings.Join(args[i+1:], " "), ",") != len(names)-1 {
				return a, "WITH takes the units stacked with the mover that move with it as one stack, such as MOVE 0506 0507 WITH 6th Wisconsin, 7th Wisconsin (GBACW 8.21)"
			}
			a.Target, args = strings.Join(names, ", "), args[:i]
		}
		// MOVE hex... ABOVE|BELOW: where it stacks with artillery (8.23
		// Exception).
		if n := len(args); n > 1 && verb == ActMove && (orders.Upper(args[n-1]) == "ABOVE" || orders.Upper(args[n-1]) == "BELOW") {
			a.Stack, args = orders.Upper(args[n-1]), args[:n-1]
		}
		if len(args) == 0 && verb == ActMove {
			return a, "MOVE takes the hexes of its path, such as MOVE 0506 0507"
		}
		for _, h := range args {
			id, ok := Place(h)
			if !ok {
				return a, fmt.Sprintf("%q is not a hex id (four digits, column then row, such as 0608)", orders.Clip(h))
			}
			a.Hexes = append(a.Hexes, id)
		}
	case ActRefuse, ActTurn, ActPivot:
		if len(args) != 1 || (orders.Upper(args[0]) != "LEFT" && orders.Upper(args[0]) != "RIGHT") {
			return a, verb + " takes LEFT or RIGHT"
		}
		a.Target = orders.Upper(args[0])
	case ActExtend:
		if len(args) != 1 || !slices.Contains([]string{"LEFT", "RIGHT", "BOTH"}, orders.Upper(args[0])) {
			return a, "EXTEND takes LEFT, RIGHT or BOTH"
		}
		a.Target = orders.Upper(args[0])
	case ActFire:
		return fireAction(a, args)
	case ActShock, ActCharge:
		a.Target = orders.CleanName(strings.Join(args, " "))
	default:
		return a, fmt.Sprintf("%q is not an action (the actions are %s)", orders.Clip(verb), strings.Join(Actions, ", "))
	}
	return a, ""
}

// fireAction reads FIRE [<unit>] [FROM <hex> [<hex>...]] [SECTION <n>...]
// [WITH <battery>[, <battery>]]: an Extended Line's firing parts (8.45),
// a battery's firing sections (8.37) and the batteries of its hex that
// combine their fire with it (10.63).
func fireAction(a Action, args []string) (Action, string) {
	keys := map[string]bool{"FROM": true, "SECTION": true, "WITH": true}
	part := map[string][]string{}
	key := ""
	for _, w := range args {
		if k := orders.Upper(w); keys[k] {
			if _, twice := part[k]; twice {
				return a, k + " comes once in a FIRE"
			}
			key, part[k] = k, []string{}
			continue
		}
		part[key] = append(part[key], w)
	}
	if hs, ok := part["FROM"]; ok {
		if len(hs) == 0 || len(hs) > 3 {
			return a, "FROM takes the hexes of the Extended Line's parts that fire, such as FIRE 4th Alabama FROM 0707"
		}
		for _, h := range hs {
			id, ok := Place(h)
			if !ok {
				return a, fmt.Sprintf("%q is not a hex id (four digits, column then row, such as 0608)", orders.Clip(h))
			}
			a.Hexes = append(a.Hexes, id)
		}
	}
	if ns, ok := part["SECTION"]; ok {
		if len(ns) == 0 {
			return a, "SECTION takes the numbers of the battery's sections that fire, in its order, such as FIRE 4th Alabama SECTION 1 2"
		}
		for _, n := range ns {
			k, err := strconv.Atoi(n)
			if err != nil || k < 1 || k > 9 || slices.Contains(a.Sections, k) {
				return a, fmt.Sprintf("%q is not a section's number (1 for the battery's first section, 2 for its second)", orders.Clip(n))
			}
			a.Sections = append(a.Sections, k)
		}
	}
	if ws, ok := part["WITH"]; ok {
		for _, n := range strings.Split(strings.Join(ws, " "), ",") {
			if n = orders.CleanName(n); n == "" {
				return a, "WITH names the batteries of the hex that combine their fire, separated by commas, such as FIRE 4th Alabama WITH Battery C"
			}
			a.With = append(a.With, n)
		}
	}
	a.Target = orders.CleanName(strings.Join(part[""], " "))
	return a, ""
}

// topAction reads TOP [SECTION <n>]: without SECTION the unit goes on
// top of its stack (8.24); with it a battery puts its section n on top
// of its other sections (8.24 Exception, ruling GBACW-R104).
func topAction(a Action, args []string) (Action, string) {
	const form = "TOP takes nothing after it, or SECTION and the number of the battery's section to put on top, such as TOP SECTION 2 (GBACW 8.24)"
	switch {
	case len(args) == 0:
		return a, ""
	case len(args) != 2 || orders.Upper(args[0]) != "SECTION":
		return a, form
	}
	k, err := strconv.Atoi(args[1])
	if err != nil || k < 1 || k > 9 {
		return a, fmt.Sprintf("%q is not a section's number (1 for the battery's top section, 2 for the next): %s", orders.Clip(args[1]), form)
	}
	a.Sections = []int{k}
	return a, ""
}

// splitAction reads SPLIT [<unit> [SECTION <n>...][, <unit> [SECTION
// <n>...]]...]: without a unit, small arms' (and a battery's) split
// between the enemies of the two Front hexes (10.15); with units, a
// battery's parts, each a target and the sections that fire at it
// (10.65).
func splitAction(a Action, args []string) (Action, string) {
	if len(args) == 0 {
		return a, ""
	}
	for k, part := range strings.Split(strings.Join(args, " "), ",") {
		b, msg := fireAction(Action{Verb: ActFire}, strings.Fields(part))
		switch {
		case msg != "":
			return a, msg
		case b.Target == "" || len(b.Hexes) > 0 || len(b.With) > 0:
			return a, "SPLIT names the enemy unit of each part, with its SECTIONs if any, separated by commas, such as SPLIT 4th Alabama SECTION 1, 5th Alabama SECTION 2 (GBACW 10.65)"
		case k == 0:
			a.Target, a.Sections = b.Target, b.Sections
		default:
			a.More = append(a.More, b)
		}
	}
	return a, ""
}

// String writes a condition.
func (c Cond) String() string {
	s := c.Kind
	if Conds[c.Kind] {
		s += " " + strconv.Itoa(c.N)
	}
	if c.Not {
		s = "NOT " + s
	}
	return s
}

func condList(cs []Cond) string {
	var out []string
	for _, c := range cs {
		out = append(out, c.String())
	}
	return strings.Join(out, " AND ")
}

// String writes an action.
func (a Action) String() string {
	if a.Verb == ActMove && (a.Target != "" || a.Stack != "") {
		parts := append([]string{a.Verb}, a.Hexes...)
		if a.Stack != "" {
			parts = append(parts, a.Stack)
		}
		if a.Target != "" {
			parts = append(parts, "WITH", a.Target)
		}
		return strings.Join(parts, " ")
	}
	if a.Verb == ActSplit && a.Target != "" {
		out := a.Verb + " " + Action{Verb: ActFire, Target: a.Target, Sections: a.Sections}.String()[len(ActFire)+1:]
		for _, b := range a.More {
			out += ", " + b.String()[len(ActFire)+1:]
		}
		return out
	}
	if a.Verb == ActTop && len(a.Sections) == 1 {
		return a.Verb + " SECTION " + strconv.Itoa(a.Sections[0])
	}
	if a.Verb == ActFire {
		parts := []string{a.Verb}
		if a.Target != "" {
			parts = append(parts, a.Target)
		}
		if len(a.Hexes) > 0 {
			parts = append(append(parts, "FROM"), a.Hexes...)
		}
		if len(a.Sections) > 0 {
			parts = append(parts, "SECTION")
			for _, k := range a.Sections {
				parts = append(parts, strconv.Itoa(k))
			}
		}
		if len(a.With) > 0 {
			parts = append(parts, "WITH", strings.Join(a.With, ", "))
		}
		return strings.Join(parts, " ")
	}
	parts := append([]string{a.Verb}, a.Hexes...)
	if a.Target != "" {
		parts = append(parts, a.Target)
	}
	return strings.Join(parts, " ")
}

// String writes a clause.
func (c Clause) String() string {
	var acts []string
	for _, a := range c.Actions {
		acts = append(acts, a.String())
	}
	s := strings.Join(acts, " THEN ")
	if len(c.Conds) > 0 {
		s = "IF " + condList(c.Conds) + " " + s
	}
	return s
}

func (dialect) WriteOrder(b *strings.Builder, o orders.Order) {
	x, ok := o.(*Order)
	if !ok {
		panic(fmt.Sprintf("gbtext: an order of a kind the GBACW dialect does not have: %T", o))
	}
	n := x.Name.Text
	switch x.Verb {
	case Efficiency, Bonus, OrdersKw, Release:
		fmt.Fprintf(b, "%s %s %s", x.Verb, n, x.Value)
	case Transfer:
		fmt.Fprintf(b, "TRANSFER %s FROM %s", n, orders.JoinNames(x.From))
	case HoldBack:
		fmt.Fprintf(b, "HOLD BACK %s %d", n, x.N)
	case Skip:
		fmt.Fprintf(b, "SKIP %s %d", n, x.N)
	case Reserve:
		fmt.Fprintf(b, "RESERVE %s", n)
	case Coordinate:
		fmt.Fprintf(b, "COORDINATE %s", n)
	case Sequence:
		fmt.Fprintf(b, "SEQUENCE %s: %s", n, orders.JoinNames(x.Brigades))
	case Rest:
		fmt.Fprintf(b, "REST %s", n)
	case Build:
		fmt.Fprintf(b, "BUILD %s", n)
		if x.Value != "" {
			fmt.Fprintf(b, " FACING %s", x.Value)
		}
	case First:
		if x.Value == "MARCH" {
			b.WriteString("FIRST MARCH")
		} else {
			fmt.Fprintf(b, "FIRST %s", n)
		}
	case Brigade:
		fmt.Fprintf(b, "BRIGADE %s: CHANGE %s", n, x.Change)
		if len(x.Cond) > 0 {
			b.WriteString(" IF " + condList(x.Cond))
		}
	case Unit:
		var cs []string
		for _, c := range x.Clauses {
			cs = append(cs, c.String())
		}
		fmt.Fprintf(b, "UNIT %s: %s", n, strings.Join(cs, "; "))
	case Attach:
		fmt.Fprintf(b, "ATTACH %s TO %s", n, x.Value)
	case LeaderKw:
		if x.With != "" {
			fmt.Fprintf(b, "LEADER %s: WITH %s", n, x.With)
			break
		}
		fmt.Fprintf(b, "LEADER %s: ", n)
		if x.First {
			b.WriteString("FIRST ")
		}
		fmt.Fprintf(b, "TOWARD %s", x.Value)
	case Replace:
		fmt.Fprintf(b, "REPLACE %s: WITH %s", n, x.Value)
	}
}

func (dialect) StripOrder(o orders.Order) orders.Order {
	x, ok := o.(*Order)
	if !ok {
		panic(fmt.Sprintf("gbtext: an order of a kind the GBACW dialect does not have: %T", o))
	}
	c := *x
	c.At, c.Name.At = orders.Pos{}, orders.Pos{}
	c.From = orders.StripNames(x.From)
	c.Brigades = orders.StripNames(x.Brigades)
	c.Cond = slices.Clone(x.Cond)
	c.Clauses = nil
	for _, cl := range x.Clauses {
		k := Clause{Conds: slices.Clone(cl.Conds)}
		for _, a := range cl.Actions {
			a.Hexes = slices.Clone(a.Hexes)
			k.Actions = append(k.Actions, a)
		}
		c.Clauses = append(c.Clauses, k)
	}
	return &c
}
