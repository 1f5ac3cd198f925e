package gbacw

import (
	"slices"
	"strings"
)

// Turning in place (GBACW 7.2). FACE <hex> turns a unit, and the stack it
// is in (8.26), toward a hex without leaving its own:
//
//	1. One vertex (hexside under March Orders) is free, more costs 1 MP;
//	   under Attack Orders in a Woods hex 1 MP a vertex, or 1 MP for 180°
//	   (7.21, 7.22). A Refused stack first leaves Refused status, 1 MP
//	   (7.33). An Extended Line turns only about, 180° for 1 MP (8.44).
//	2. A unit that moved next to an enemy may not turn (9.53); one that
//	   has rallied in this activation turns by RALLY LEFT or RIGHT
//	   (7.25, 13.41; rally.go, ruling GBACW-R64), not by FACE.
//	3. A 180° turn inverts the stacking order of the stack's infantry and
//	   cavalry, the artillery keeping its place, at the end of the
//	   activation (7.21; ruling GBACW-R33).
//
// A unit turns one vertex to fire (7.23, 10.32) by FACE before its FIRE:
// free, as any first vertex, but for 1 MP under Attack Orders in a Woods
// hex (7.22).

// face is a unit's FACE action. See GBACW 7.21-7.25.
func (r *resolver) face(u *UnitSt, h string, stand bool) {
	s := r.s
	o := s.ordersOf(u)
	if u.Fired && !u.Rallied || h == u.Hex {
		return
	}
	want := s.faceTo(u, o, h)
	k := turns(u.Facing, want)
	if k == 0 {
		return
	}
	no := func(why string) { r.event("no-face", "GBACW 7.21", "%s may not turn: %s", u.Name, why) }
	cost := s.facingCost(o, u.Hex, k, false)
	if stand && (k > 1 || cost > 0 || u.extended() || u.inColumn() || s.refusedAt(u)) {
		// 6.23 Stand: no MPs, but a facing change costing none is
		// allowed ("changing facing to fire").
		no("its brigade Stands: it may spend no MPs (6.23)")
		return
	}
	if o == Advance && r.reform(u, want, k) {
		return // 8.44, 8.52: a line becomes a column, or a column a line
	}
	switch {
	case u.inColumn() && k == 1 && o == Advance && arcOf(s.axial(u.Hex), want, s.axial(u.ColA)) == RearArc:
		// 8.52: within its provisions a column turns as it likes, its
		// extension still in a Rear hex of the head; one vertex is free
		// (7.21; ruling GBACW-R97).
		if u.Moved && len(s.adjacentEnemies(u.Hex, u.Side)) > 0 {
			no("it has moved next to an enemy (9.53)")
			return
		}
		u.Facing = want
		r.event("face", "GBACW 8.52", "%s turns 1 vertex in %s toward %s, its extension still behind it in %s (free, 7.21)", u.Name, u.Hex, h, u.ColA)
		return
	case u.inColumn() && k != 3:
		no("an Extended Column turns only about, 180° (8.51), or under Advance Orders one vertex that keeps its extension behind it (8.52)")
		return
	case u.inColumn():
		// 8.51: the parent changes places with its rearmost extension,
		// for 1 MP off a road.
		cost = 2
		rear := &u.ColA
		if u.ColB != "" {
			rear = &u.ColB
		}
		was := u.Hex
		u.Hex, *rear = *rear, u.Hex
		if cost > r.mpLeft(u, o) {
			u.Hex, *rear = was, u.Hex
			no("it has not the MP")
			return
		}
		u.Spent += cost
		u.Moved = true
		u.Facing = mod6(u.Facing + 3)
		r.event("face", "GBACW 8.51", "%s turns its Extended Column about: the head goes from %s to %s (1 MP)", u.Name, was, u.Hex)
		return
	case u.Rallied:
		no("it rallied in this activation: it turns after its Rally by RALLY LEFT or RIGHT (13.41, ruling GBACW-R64)")
		return
	case u.extended() && k != 3:
		no("an Extended Line turns only about, 180°, and changes its direction by PIVOT (8.44)")
		return
	case u.extended():
		cost = 2 // 8.44
	case u.Moved && len(s.adjacentEnemies(u.Hex, u.Side)) > 0:
		no("it has moved next to an enemy (9.53)")
		return
	}
	refused := s.refusedAt(u)
	if refused {
		cost += 2 // 7.33: leave Refused status first
	}
	if cost > r.mpLeft(u, o) {
		no("it has not the MPs (" + halfMP(cost) + ")")
		return
	}
	u.Spent += cost
	if cost > 0 {
		u.Moved = true
	}
	foot := 0
	for _, f := range s.unitsAt(u.Hex) {
		if f.Side == u.Side && !(u.extended() && f.Kind == "artillery") { // a line's artillery turns below (8.44)
			if f != u {
				r.keepFacing(u, f)
			}
			f.Facing, f.Refused = want, "" // 8.26: the whole stack
			if f.Kind != "artillery" {
				foot++
			}
		}
	}
	if u.extended() {
		u.ExtLeft, u.ExtRight = u.ExtRight, u.ExtLeft
	}
	text := ""
	if refused {
		text = ", leaving Refused status"
	}
	r.event("face", "GBACW 7.21", "%s turns %d %s in %s toward %s (%s%s)", u.Name, k, plural(k, "vertex", "vertices", o), u.Hex, h, halfMP(cost), text)
	if u.extended() {
		r.turnLineArtillery(u, want)
	}
	if k == 3 && foot > 1 && !slices.Contains(r.invert, u.Hex) {
		r.invert = append(r.invert, u.Hex)
	}
	if k == 3 {
		r.turnedAbout = u // 7.21, 8.44: it may stack above or beneath artillery
	}
}

// refusedAt reports whether u or a friendly unit stacked with it is
// Refused: a turn first leaves Refused status, for 1 MP (7.33).
func (s *State) refusedAt(u *UnitSt) bool {
	for _, f := range s.unitsAt(u.Hex) {
		if f.Side == u.Side && f.Refused != "" {
			return true
		}
	}
	return false
}

// stackAbout places a unit that has just turned about, 180°, in its
// (counter's) hex above or below the artillery there, as FACE ... ABOVE
// or BELOW says: "When inverting, non-artillery units may choose to stack
// above or beneath artillery" (7.21), an Extended Line as well (8.44,
// 8.23); without the word it keeps its place. The other infantry and
// cavalry of the stack invert round it at the end of the activation. An
// Extended Line's parts in its extensions' hexes stand above any
// artillery, as ever. See rulings GBACW-R96, GBACW-R110.
func (r *resolver) stackAbout(u *UnitSt, where string, stand bool) {
	turned := r.turnedAbout == u
	r.turnedAbout = nil
	if where == "" || stand {
		return
	}
	var guns []*UnitSt
	for _, a := range r.s.unitsAt(u.Hex) {
		if a != u && a.Side == u.Side && a.Kind == "artillery" {
			guns = append(guns, a)
		}
	}
	if !turned || len(guns) == 0 {
		r.event("no-stack", "GBACW 7.21", "%s stays where it is in its stack: ABOVE or BELOW is for a unit turning about, 180°, over artillery in its hex (7.21, 8.44)", u.Name)
		return
	}
	if where == "ABOVE" {
		u.Stack = guns[0].Stack - 1
	} else {
		u.Stack = guns[len(guns)-1].Stack + 1
	}
	if u.extended() {
		r.event("stack", "GBACW 8.44", "%s stacks %s %s in %s (8.44, 8.23)", u.Name, strings.ToLower(where), guns[0].Name, u.Hex)
		return
	}
	r.event("stack", "GBACW 7.21", "%s stacks %s %s in %s (7.21)", u.Name, strings.ToLower(where), guns[0].Name, u.Hex)
}

// savedFacing is a stacked unit's facing before another turned the stack.
type savedFacing struct {
	unit    *UnitSt
	facing  int
	refused string
}

// keepFacing notes the facing of f, which u's turn is turning with its
// stack (8.26), so that it can be given back if u then leaves the hex.
func (r *resolver) keepFacing(u, f *UnitSt) {
	if r.stackTurn == nil {
		r.stackTurn = map[*UnitSt][]savedFacing{}
	}
	for _, k := range r.stackTurn[u] {
		if k.unit == f {
			return // the first turn's facing is the one to give back
		}
	}
	r.stackTurn[u] = append(r.stackTurn[u], savedFacing{f, f.Facing, f.Refused})
}

// unturnStack gives the units of the stack u has left the facings they
// had before u turned them: a facing change sets the whole stack's facing
// "unless the phasing unit moves after the facing change" (8.26).
func (r *resolver) unturnStack(u *UnitSt, left string) {
	for _, k := range r.stackTurn[u] {
		if k.unit.Hex == left && k.unit.Facing != k.facing {
			k.unit.Facing, k.unit.Refused = k.facing, k.refused
			r.event("stack-facing", "GBACW 8.26", "%s left its stack after turning it: %s keeps its facing (8.26)", u.Name, k.unit.Name)
		}
	}
	delete(r.stackTurn, u)
}

// invertStacks inverts the stacking order of the infantry and cavalry in
// the hexes where a stack turned 180° this activation, the artillery
// keeping its places (7.21; ruling GBACW-R33).
func (r *resolver) invertStacks() {
	s := r.s
	for _, h := range r.invert {
		var at []int
		for i := range s.Units {
			if u := &s.Units[i]; u.onMap() && u.Hex == h && u.Kind != "artillery" {
				at = append(at, i)
			}
		}
		for i, j := 0, len(at)-1; i < j; i, j = i+1, j-1 {
			s.Units[at[i]], s.Units[at[j]] = s.Units[at[j]], s.Units[at[i]]
		}
		if len(at) > 1 {
			r.event("stack-inverted", "GBACW 7.21", "the stack in %s turned about: %s is now on top", h, s.Units[at[0]].Name)
		}
	}
	r.invert = nil
	r.stackTurn = nil // 8.26: within the activation
}

// turnLineArtillery turns the artillery stacked in an Extended Line's
// hexes with it (8.44): artillery of the acting brigade pays 1 MP for it
// and fires at -2 in the activation (10.61).
func (r *resolver) turnLineArtillery(u *UnitSt, facing int) {
	for _, p := range u.lineParts() {
		for _, a := range r.s.unitsAt(p.hex) {
			if a.Side != u.Side || a.Kind != "artillery" || a.Facing == facing {
				continue
			}
			a.Facing = facing
			text := ""
			if r.acting != nil && a.Brigade == r.acting.ID {
				a.Spent += 2
				a.Moved = true
				text = " (1 MP; it fires at -2 in this activation, 10.61)"
			}
			r.event("face", "GBACW 8.44", "%s turns with the Extended Line %s%s", a.Name, u.Name, text)
		}
	}
}

// reform turns a two-hex Extended Line under Advance Orders into an
// Extended Column when the new facing puts its extension in a Rear hex of
// the counter, or a one-extension column into a line when it puts the
// extension in a Flank hex: not next to an enemy, for 1 MP when the turn
// is of two vertices or more (8.44, 8.52). It reports whether it did.
func (r *resolver) reform(u *UnitSt, want, k int) bool {
	s := r.s
	ext := u.Ext()
	if u.inColumn() {
		ext = u.ColA
	}
	if ext == "" || u.ExtLeft != "" && u.ExtRight != "" || u.ColB != "" || u.Kind != "infantry" {
		return false
	}
	for _, p := range u.lineParts() {
		if len(s.adjacentEnemies(p.hex, u.Side)) > 0 || s.nextToLine(p.hex, u.Side) {
			return false
		}
	}
	arc := arcOf(s.axial(u.Hex), want, s.axial(ext))
	cost := 0
	if k >= 2 {
		cost = 2
	}
	if cost > r.mpLeft(u, Advance) || u.extended() && arc != RearArc || u.inColumn() && arc != FlankArc {
		return false
	}
	u.Facing = want
	u.Spent += cost
	u.Moved = u.Moved || cost > 0
	if u.extended() {
		u.ExtLeft, u.ExtRight, u.ColA = "", "", ext
		r.event("reform", "GBACW 8.44", "%s turns its Extended Line into an Extended Column, its extension behind it in %s (%s)", u.Name, ext, halfMP(cost))
		return true
	}
	right, _ := s.flankDirs(want)
	u.ColA = ""
	if s.hexID(s.axial(u.Hex).Neighbor(right)) == ext {
		u.ExtRight = ext
	} else {
		u.ExtLeft = ext
	}
	r.event("reform", "GBACW 8.52", "%s turns its Extended Column into an Extended Line, its extension in %s (%s)", u.Name, ext, halfMP(cost))
	return true
}
