package lob

import (
	"slices"
	"strings"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/lob/lobtext"
)

// This file is the Activity Phase executor (LoB 2.2): the active side's
// activity scripts (STACK blocks) are carried out stack by stack, in file
// order, each finishing before the next starts (3.0d). A stack does either
// a Move Activity or a Fire Activity: a script with a FIRE step (other than
// the IF CLOSING FAILS fallback) is a Fire Activity, with half the MA
// (2.2); any other script is a Move Activity.

// actingStack is a stack carrying out its activity script.
type actingStack struct {
	script *lobtext.Stack
	// units are the stack's combat units in stacking order (the first is
	// the top unit, LoB 3.2b); leaders move with them.
	units   []*Piece
	leaders []*Piece
	hex     string
	start   string // the hex where the activity began
	prev    string // the hex the stack entered its current hex from
	fire    bool   // a Fire Activity (LoB 2.2)
	// spent are the MPs each unit has expended (LoB 3.2: each unit's
	// expenditure is its own).
	spent map[string]MP
	// faced marks hexes where Line units already paid to change Facing
	// (LoB 3.3: each further hex pays again).
	faced map[string]bool
	// road names the road the stack entered its hex along by Road
	// Movement, "" when it did not (LoB 3.0a, 1.7g).
	road string
	// stopped is set when the stack may move no more this phase: a failed
	// Closing Roll (3.5), an EZOC entered (3.4), a blocked path.
	stopped bool
	// closingFailed is set by a failed Closing Roll, which lets a
	// fallback FIRE step run (3.5).
	closingFailed bool
	// outOfRadius is set when the stack began to move out of Command
	// Radius (LoB 10.2g).
	outOfRadius bool
	fired       bool
	// artilleryTurned is set when artillery changed Facing (LoB 5.4a).
	artilleryTurned bool
	// charge is what the stack's Charges have done (LoB 7.0-7.3).
	charge chargeRun
	// splitHexes are the hexes where units split off on the way; their
	// stacking is checked when the activity ends (LoB 3.2a).
	splitHexes []string
	// morale is the stack's own Morale State while it moves: it passes
	// through hexes in other states without effect and joins its final
	// hex's state when the activity ends (LoB 6.0a).
	morale MoraleMarker
}

// scriptedUnits lists the counters the file's activity scripts name.
func (r *resolver) scriptedUnits(f *orders.File) map[string]bool {
	out := map[string]bool{}
	for _, o := range f.Orders {
		st, ok := o.(*lobtext.Stack)
		if !ok {
			continue
		}
		names := slices.Clone(st.Units)
		for _, s := range st.Steps {
			if s.Verb == "JOIN" {
				names = append(names, s.Units...)
			}
		}
		for _, n := range names {
			if m := r.s.matchPiece(r.side, n.Text); m.ok {
				out[r.s.doc.Pieces[m.target].Name] = true
			}
		}
	}
	return out
}

// stackActivities carries out the activity scripts of the file in order.
// See LoB 2.2 and 3.0d.
func (r *resolver) stackActivities(f *orders.File) {
	r.keepStanding(f)
	for _, o := range f.Orders {
		if st, ok := o.(*lobtext.Stack); ok {
			r.runStack(st)
		}
	}
}

// runStack carries out one activity script.
func (r *resolver) runStack(st *lobtext.Stack) {
	a := r.actingStack(st)
	if a == nil {
		return
	}
	kind := "Move"
	if a.fire {
		kind = "Fire"
	}
	r.add("activity", "LoB 2.2", "%s in %s: %s Activity", a.names(), a.hex, kind)
	before := r.s.eliminatedUnits()
	r.activated(a)
	var dropped []string
	for _, step := range st.Steps {
		if step.IfClosingFails && !a.closingFailed {
			continue
		}
		if a.closingFailed && movingStep(step.Verb) {
			dropped = append(dropped, stepText(step))
			continue
		}
		if !r.step(a, step) {
			break
		}
	}
	if len(dropped) > 0 { // docs/rulings-lob.md R-MOV-1
		r.add("steps-dropped", "LoB 3.5", "%s failed a Closing Roll and is finished moving for the phase: %s not done",
			a.names(), strings.Join(dropped, ", "))
	}
	r.endActivity(a)
	r.leadersBereft(before) // LoB 9.1d, 5.6c
}

// movingStep reports whether a step is part of the stack's movement,
// which a failed Closing Roll ends for the phase (LoB 3.5): moves,
// formation changes, which cost MPs as part of the Move Activity (3.1,
// 3.6a), and a self-inflicted retreat (3.0e); a CHARGE step is refused
// by the Charge rules themselves (chargeRefused). Facing changes stay
// open to a stack that switches to a Fire Activity (3.3, 3.4b), as do
// SPLIT and JOIN, which move no one (docs/rulings-lob.md R-MOV-1).
func movingStep(verb string) bool {
	switch verb {
	case "MOVE", "FORMATION", "LIMBER", "UNLIMBER", "RETREAT":
		return true
	}
	return false
}

// stepText names a script step for events: "MOVE F8.6 F8.7",
// "FORMATION LINE", "LIMBER".
func stepText(s lobtext.Step) string {
	parts := []string{s.Verb}
	if s.Word != "" {
		parts = append(parts, s.Word)
	}
	for _, h := range s.Hexes {
		parts = append(parts, h.Hex)
	}
	return strings.Join(parts, " ")
}

// actingStack gathers a script's counters, leaving out (and reporting)
// those eliminated or that have had their activity this phase (LoB 2.2);
// it returns nil when none is left.
func (r *resolver) actingStack(st *lobtext.Stack) *actingStack {
	a := &actingStack{script: st, spent: map[string]MP{}, faced: map[string]bool{}}
	for _, n := range st.Units {
		m := r.s.matchPiece(r.side, n.Text)
		if !m.ok {
			continue
		}
		p := &r.s.doc.Pieces[m.target]
		switch {
		case p.Unit != nil && p.Unit.Eliminated:
			r.add("activity-skipped", "LoB 2.2", "%s has been eliminated and does nothing", p.Name)
			continue
		case r.acted[p.Name]:
			r.add("activity-skipped", "LoB 2.2", "%s has already had its activity this phase", p.Name)
			continue
		case p.Unit == nil:
			a.leaders = append(a.leaders, p)
		default:
			a.units = append(a.units, p)
		}
		a.hex = p.Hex
	}
	if len(a.units) == 0 && len(a.leaders) == 0 {
		return nil
	}
	a.start = a.hex
	a.morale = r.s.marker(a.hex).Morale
	for _, step := range st.Steps {
		if step.Verb == "FIRE" && !step.IfClosingFails {
			a.fire = true
		}
	}
	return a
}

// activated marks the stack's units as having had their activity and
// checks Command Radius as the stack begins (LoB 10.2f, 10.2g): out of
// it, a stack that moves must do a Move Activity and end back in radius.
func (r *resolver) activated(a *actingStack) {
	for _, p := range append(a.units, a.leaders...) {
		r.acted[p.Name] = true
	}
	if r.stackOutOfRadius(a) {
		a.outOfRadius = true
		if a.fire && a.moves() {
			r.add("radius-fire-refused", "LoB 10.2g", "%s is out of Command Radius: if it moves it must do a Move Activity, so it does not fire", a.names())
			a.fire = false
		}
	}
}

// stackOutOfRadius reports whether any combat unit of the stack is out of
// Command Radius at the moment it begins to move (LoB 10.2f). Posted
// batteries are exempt (9.1c).
func (r *resolver) stackOutOfRadius(a *actingStack) bool {
	t := r.trace()
	links := r.s.links(r.side)
	for _, p := range a.units {
		l, ok := links[p.Name]
		if !ok || p.Unit.Posted != "" {
			continue
		}
		if in, _ := r.s.inRadius(t, p, l); !in {
			return true
		}
	}
	return false
}

// moves reports whether the script moves the stack from its hex.
func (a *actingStack) moves() bool {
	for _, s := range a.script.Steps {
		if s.Verb == "MOVE" {
			return true
		}
	}
	return false
}

// names lists the stack's counters for events.
func (a *actingStack) names() string {
	var ns []string
	for _, p := range append(a.units, a.leaders...) {
		ns = append(ns, p.Name)
	}
	return strings.Join(ns, ", ")
}

// step carries out one step of a script and reports whether the script
// goes on.
func (r *resolver) step(a *actingStack, s lobtext.Step) bool {
	if a.fired {
		r.add("step-refused", "LoB 5.2f", "%s has fired; firing ends its activity, so %s is not done", a.names(), s.Verb)
		return false
	}
	switch s.Verb {
	case "MOVE":
		r.scriptedMove(a, s.Hexes)
	case "FACE":
		if !r.facingLocked(a) {
			r.face(a, facingIndex(s.Word))
		}
	case "FORMATION":
		r.formFront(a, formationName(s.Word))
	case "UNLIMBER":
		r.formFront(a, "unlimbered")
	case "LIMBER":
		r.changeFormation(a, "limbered")
	case "FIRE", "IF":
		if len(s.Hexes) > 0 {
			r.fireStep(a, s.Hexes[0].Hex, s.Canister)
		}
	case "SPLIT":
		r.split(a, s.Units)
	case "JOIN":
		r.join(a, s.Units)
	case "RETREAT":
		r.selfRetreat(a)
		return false
	case "CHARGE":
		return r.charge(a, s.Hexes[0].Hex)
	}
	return true
}

// formFront changes the stack's formation unless the change gives a
// second brigade of a Command in a Defensive Position a front facing away
// from its orientation (LoB 12.2, R-C2-12-2): a Facing change as much as
// a FACE is.
func (r *resolver) formFront(a *actingStack, to string) {
	if why := r.formationBarredAway(a, to); why != "" { // areas.go
		r.add("formation-refused", "LoB 12.2", "%s does not change to %s: %s", a.names(), to, why)
		return
	}
	r.changeFormation(a, to)
}

// split leaves the named units behind in the current hex; they have had
// their activity (LoB 3.0d) and share the hex's Morale State and its
// stacking check from now on (3.2a, 6.0a).
func (r *resolver) split(a *actingStack, names []orders.Name) {
	if a.hex != a.start {
		defer r.joinMorale(a.hex, a.morale)
		a.splitHexes = append(a.splitHexes, a.hex)
	}
	for _, n := range names {
		m := r.s.matchPiece(r.side, n.Text)
		if !m.ok {
			continue
		}
		left := &r.s.doc.Pieces[m.target]
		for i, p := range a.units {
			if p == left {
				a.units = append(a.units[:i], a.units[i+1:]...)
				r.add("split", "LoB 3.0d", "%s splits off and stays in %s", p.Name, a.hex)
				break
			}
		}
	}
}

// join takes units standing in the stack's hex into it; they start
// their activity now with all their MPs (LoB 2.2, 3.0d). The stack takes
// the worse Morale State of the two (6.0a).
func (r *resolver) join(a *actingStack, names []orders.Name) {
	for _, n := range names {
		m := r.s.matchPiece(r.side, n.Text)
		if !m.ok {
			continue
		}
		p := &r.s.doc.Pieces[m.target]
		switch {
		case p.Hex != a.hex:
			r.add("join-refused", "LoB 3.0d", "%s is in %s, not in %s with the stack", p.Name, p.Hex, a.hex)
			continue
		case r.acted[p.Name] || (p.Unit != nil && p.Unit.Eliminated):
			r.add("join-refused", "LoB 2.2", "%s has already had its activity this phase", p.Name)
			continue
		}
		r.acted[p.Name] = true
		if p.Unit == nil {
			a.leaders = append(a.leaders, p)
		} else {
			a.units = append(a.units, p)
			a.charge.noteJoin(a, p)
		}
		if here := r.s.marker(a.hex).Morale; moraleRank(here) > moraleRank(a.morale) {
			a.morale = here
		}
		r.add("join", "LoB 3.0d", "%s joins the stack in %s", p.Name, a.hex)
	}
}

// selfRetreat is a DG or Routed stack's self-inflicted ten-hex retreat as
// its Move Activity (LoB 3.0e); the retreat rules carry it out.
func (r *resolver) selfRetreat(a *actingStack) {
	st := a.morale
	if st != MoraleDG && st != MoraleRouted {
		r.add("retreat-refused", "LoB 3.0e", "%s in %s is %s, not DG or Routed: it cannot retreat on its own", a.names(), a.hex, st)
		return
	}
	if a.fire || a.moved() {
		r.add("retreat-refused", "LoB 3.0e", "%s: a self-inflicted retreat is the whole Move Activity", a.names())
		return
	}
	to, _ := r.retreat(retreatOrder{Hex: a.hex, Hexes: selfRetreatHexes, Cause: "self-inflicted (3.0e)", Rule: "LoB 3.0e"})
	a.hex = to
}

// moved reports whether any unit has expended MPs (LoB 5.4a).
func (a *actingStack) moved() bool {
	for _, mp := range a.spent {
		if mp > 0 {
			return true
		}
	}
	return false
}

// endActivity checks stacking where the stack ends (LoB 3.2a) and adopts
// the worst Morale State of the units now together (6.0a).
func (r *resolver) endActivity(a *actingStack) {
	for _, h := range a.splitHexes {
		if h != a.hex {
			r.checkStacking(h)
		}
	}
	if a.hex == a.start {
		return
	}
	r.joinMorale(a.hex, a.morale)
	r.checkStacking(a.hex)
}

// facingIndex turns a written facing into a hex direction: 0 NE, 1 N,
// 2 NW, 3 SW, 4 S, 5 SE (rules/hex numbers them counter-clockwise from
// up-right).
func facingIndex(word string) int {
	return map[string]int{"NE": 0, "N": 1, "NW": 2, "SW": 3, "S": 4, "SE": 5}[word]
}

// formationName turns a written formation into the unit state's name.
func formationName(word string) string {
	return strings.ReplaceAll(strings.ToLower(word), " ", "-")
}

// fail records the first chart lookup error, which stops the resolution,
// and reports whether err is one.
func (r *resolver) fail(err error) bool {
	if err != nil && r.err == nil {
		r.err = err
	}
	return err != nil
}

// reaction is a side's standing choice for a reaction kind, or the
// documented default (lobtext.ReactionDefault) when it kept none.
func (r *resolver) reaction(side rules.Side, kind string) (string, []string) {
	if cs, ok := r.s.standing(side, kind); ok {
		return cs[0], r.s.preferred(side, kind)
	}
	return lobtext.ReactionDefault[kind], nil
}
