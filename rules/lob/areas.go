package lob

import (
	"fmt"
	"slices"
	"strings"

	"galloper/rules/hex"
)

// This file holds the two area rules of command and control: the area of
// a Command without an accepted order (LoB 10.8a, ruling R-C2-8A) and the
// box of a Defensive Position (12.2, ruling R-C2-12-2). Both are checked
// when a unit moves: at validation (validate_activity.go) and, because
// positions change during the phase, at every step of the Activity Phase
// (moveBarred).

// NoOrdersArea is the recorded area of a Command without an accepted
// order (LoB 10.8a, R-C2-8A): for every enemy combat unit's hex when it
// was drawn, how near to that hex the Command's nearest unit stood. The
// Command's units may not step nearer to any of those hexes than that.
type NoOrdersArea struct {
	// After is the id of the order whose end began the Command's time
	// without orders, "" for the start of the scenario; a record made
	// after another order is stale.
	After string     `json:"after,omitempty"`
	Marks []AreaMark `json:"marks,omitempty"`
}

// AreaMark is one enemy hex of a NoOrdersArea and the Command's forward
// line toward it: no unit may end a step nearer than Reach hexes to Hex.
type AreaMark struct {
	Hex   string `json:"hex"`
	Reach int    `json:"reach"`
}

// boltedPiece is the counter of an order-less Command that cannot move:
// its HQ, or when it has no formal HQ the leader heading it now, who
// fills in for one (LoB 10.8a, 10.2b, 9.1b; hqPiece).
func (s *State) boltedPiece(c *Command) string { return s.hqPiece(c).Name }

// areaRuled reports whether a Command's units are held by LoB 10.8a: it is
// on the map, not the Army Commander's (he issues orders, he does not
// receive them), and carries out no accepted order, nor does the Command
// an Artillery Battalion is associated with and moves with (10.8e).
func (s *State) areaRuled(c *Command) bool {
	if c.Level == LevelArmy || s.piece(c.Leader.Name).OffMap || s.hasAccepted(c, false) {
		return false
	}
	if a := s.scn.command(s.cmdStatus(c.Name).Associated); a != nil && s.hasAccepted(a, false) {
		return false
	}
	return true
}

// lastAccepted is the latest order the Command ever accepted, or nil.
// Orders are kept in issue order.
func (s *State) lastAccepted(c *Command) *Order {
	var last *Order
	for i := range s.doc.Orders {
		if o := &s.doc.Orders[i]; o.To == c.Name && (o.AcceptedTurn > 0 || o.Status == Accepted) {
			last = o
		}
	}
	return last
}

// noOrdersArea is the Command's area (R-C2-8A): the one recorded for its
// present time without orders, or else the one its units' present
// positions draw. It reports whether the area was recorded.
func (s *State) noOrdersArea(c *Command) (NoOrdersArea, bool) {
	return s.noOrdersAreaFrom(c, func() []string { return s.enemyHexes(c) })
}

// noOrdersAreaFrom is noOrdersArea with the enemy hexes the Command's side
// sees (enemyHexes) given by the caller, who may keep them for every
// Command of the side while the position stands still; they are asked for
// only when the area is drawn.
func (s *State) noOrdersAreaFrom(c *Command, enemies func() []string) (NoOrdersArea, bool) {
	after := ""
	if o := s.lastAccepted(c); o != nil {
		after = o.ID
	}
	if a := s.cmdStatus(c.Name).Area; a != nil && a.After == after {
		return *a, true
	}
	return NoOrdersArea{After: after, Marks: s.drawArea(c, enemies)}, false
}

// drawArea measures the Command's forward line from the present
// positions: for each hex holding enemy combat units, the distance to it
// from the Command's nearest combat unit (R-C2-8A). enemies gives the
// enemy hexes the Command's side sees (enemyHexes).
func (s *State) drawArea(c *Command, enemies func() []string) []AreaMark {
	var own []string
	for _, u := range c.units() {
		if p := s.piece(u.Name); !p.OffMap && !p.Unit.Eliminated {
			own = append(own, p.Hex)
		}
	}
	if len(own) == 0 {
		return nil
	}
	at := make([]hex.Axial, len(own)) // read once, not once for each enemy hex
	for i, h := range own {
		at[i] = s.scn.Map.axial(h)
	}
	var marks []AreaMark
	for _, e := range enemies() {
		reach, ea := 1<<20, axialOf(&s.scn.Map, e)
		for _, a := range at {
			reach = min(reach, hex.Distance(a, ea))
		}
		marks = append(marks, AreaMark{Hex: e, Reach: reach})
	}
	return marks
}

// enemyHexes lists, sorted, the hexes holding enemy combat units that
// the Command's side sees: the area is drawn from what its commander
// knows, so that neither its refusals nor its report can name a hidden
// hex (ruling R-FOG-3).
func (s *State) enemyHexes(c *Command) []string {
	m := &s.scn.Map
	vis := s.scn.visibility(s.Segment().Turn)
	// The side's counters on the map, read once: an enemy hex none of
	// them stands within the visibility of is too far to be seen
	// (withinSight), and needs no line of sight traced.
	eyes := newEyes(vis)
	for _, i := range s.ofSide(c.Side) {
		if p := &s.doc.Pieces[i]; s.onMapNow(p) {
			eyes.add(axialOf(m, p.Hex))
		}
	}
	var hs []string
	var l *looker
	looked := map[string]bool{}
	for i := range s.doc.Pieces {
		p := &s.doc.Pieces[i]
		if p.Side == c.Side || p.Unit == nil || p.Unit.Eliminated || !s.onMapNow(p) || looked[p.Hex] {
			continue
		}
		looked[p.Hex] = true
		e := axialOf(m, p.Hex)
		if !eyes.within(e) {
			continue // too far to be seen: no need to trace a line of sight
		}
		if l == nil {
			l = s.lookerFor(c.Side)
			l.lookMany(eyes)
		}
		if l.sees(p.Hex) {
			hs = append(hs, p.Hex)
		}
	}
	slices.Sort(hs)
	return hs
}

// eyes holds where a side's counters stand, grouped by map squares as
// wide as the visibility, to tell quickly whether any stands within the
// visibility of a hex: a step changes a hex's offset column and row by at
// most one each, so a counter within the visibility lies in the hex's
// square or one next to it.
type eyes struct {
	vis, size int
	n         int // counters added
	at        map[[2]int][]hex.Axial
}

func newEyes(vis int) *eyes { return &eyes{vis: vis, size: max(vis, 1), at: map[[2]int][]hex.Axial{}} }

// square is the map square of a hex.
func (e *eyes) square(a hex.Axial) [2]int {
	o := a.ToOffset()
	return [2]int{floorDiv(o.Col, e.size), floorDiv(o.Row, e.size)}
}

func (e *eyes) add(a hex.Axial) { k := e.square(a); e.at[k] = append(e.at[k], a); e.n++ }

// within reports whether a counter stands within the visibility of t.
func (e *eyes) within(t hex.Axial) bool { return e.any(t, func(hex.Axial) bool { return true }) }

// any reports whether f holds for a counter standing within the
// visibility of t; it asks f of such counters only.
func (e *eyes) any(t hex.Axial, f func(hex.Axial) bool) bool {
	k := e.square(t)
	for dc := -1; dc <= 1; dc++ {
		for dr := -1; dr <= 1; dr++ {
			for _, a := range e.at[[2]int{k[0] + dc, k[1] + dr}] {
				if hex.Distance(a, t) <= e.vis && f(a) {
					return true
				}
			}
		}
	}
	return false
}

// recordArea keeps the Command's area in the position the first time a
// step needs it with an enemy in sight, so that ground lost later (to a
// retreat) can be regained up to the same line (LoB 10.8a Play Note).
// Until an enemy is seen there is no line to keep (R-FOG-3).
func (s *State) recordArea(c *Command) NoOrdersArea {
	a, kept := s.noOrdersArea(c)
	if !kept && len(a.Marks) > 0 {
		s.cmdState(c.Name).Area = &a
	}
	return a
}

// beyond says why a step from one hex to the next leaves the area, or "":
// it ends nearer to a recorded enemy hex than the forward line and nearer
// than the unit stood (so a unit already forward may fall back).
func (a NoOrdersArea) beyond(m *Map, from, to string) string {
	fa, ta := m.axial(from), m.axial(to) // read once: a step is checked against every mark
	for _, mk := range a.Marks {
		e := axialOf(m, mk.Hex)
		if d := hex.Distance(ta, e); d < mk.Reach && d < hex.Distance(fa, e) {
			return fmt.Sprintf("%s is %d hexes from %s, nearer than the Command's forward line (%d)", to, d, mk.Hex, mk.Reach)
		}
	}
	return ""
}

// defensiveBox is a Defensive Position's three-sided box (LoB 12.2,
// R-C2-12-2), measured along the orientation: depth grows toward the
// front, lateral is constant along lines parallel to the orientation.
type defensiveBox struct {
	order   string
	facing  int // the orientation, 0-5 as facingNames
	front   int // the depth of the front line's most forward hex
	lo, hi  int // the lateral bounds, from the boundary hexes
	written string
}

// defensivePosition is the box of the Command's Defensive Position: the
// DEFEND of the latest order it accepted, while optional rule 12.2 is in
// play. A new accepted order without DEFEND ends it.
func (s *State) defensivePosition(c *Command) (defensiveBox, bool) {
	if !s.optional("12.2") {
		return defensiveBox{}, false
	}
	o := s.lastAccepted(c)
	if o == nil || o.Defend == "" {
		return defensiveBox{}, false
	}
	m := defendForm.FindStringSubmatch(o.Defend)
	if m == nil {
		return defensiveBox{}, false
	}
	b := defensiveBox{order: o.ID, facing: facingIndex(strings.ToUpper(m[1])), written: o.Defend}
	var front []string
	if _, after, ok := strings.Cut(strings.ToLower(o.Defend), "front"); ok {
		front = slices.DeleteFunc(hexInText.FindAllString(after, -1), func(h string) bool { return !s.onMapHex(h) })
	}
	if len(front) == 0 {
		front = []string{m[2], m[3]} // no front hexes written: the boundary hexes
	}
	b.front = -1 << 20
	for _, h := range front {
		b.front = max(b.front, b.depth(&s.scn.Map, h))
	}
	l, r := b.lateral(&s.scn.Map, m[2]), b.lateral(&s.scn.Map, m[3])
	b.lo, b.hi = min(l, r), max(l, r)
	return b, true
}

// cube is a hex's cube coordinates (q, s, r).
func cube(a hex.Axial) [3]int { return [3]int{a.Q, -a.Q - a.R, a.R} }

// depth is how far a hex lies in the direction of the orientation: a step
// straight ahead adds 2, a step to either forward hexside 1.
func (b defensiveBox) depth(m *Map, h string) int {
	c, d := cube(m.axial(h)), cube(hex.Directions[b.facing])
	return c[0]*d[0] + c[1]*d[1] + c[2]*d[2]
}

// lateral is a hex's place across the orientation: the cube coordinate
// that a step straight ahead leaves unchanged.
func (b defensiveBox) lateral(m *Map, h string) int {
	c, d := cube(m.axial(h)), cube(hex.Directions[b.facing])
	for i := range d {
		if d[i] == 0 {
			return c[i]
		}
	}
	return 0
}

// outside is how far a hex lies out of the box: past the front plus past
// either boundary; 0 inside it. The rear is open (Command Radius bounds
// it).
func (b defensiveBox) outside(m *Map, h string) int {
	g := b.lateral(m, h)
	return max(0, b.depth(m, h)-b.front) + max(0, b.lo-g) + max(0, g-b.hi)
}

// leaves says why a step takes a unit out of the box (or further out),
// or "".
func (b defensiveBox) leaves(m *Map, from, to string) string {
	out := b.outside(m, to)
	if out == 0 || out <= b.outside(m, from) {
		return ""
	}
	g := b.lateral(m, to)
	if g < b.lo || g > b.hi {
		return fmt.Sprintf("%s is beyond a boundary of the Defensive Position of %s (%s)", to, b.order, b.written)
	}
	return fmt.Sprintf("%s is past the front line of the Defensive Position of %s (%s)", to, b.order, b.written)
}

// facesAway reports whether a facing turns from the orientation by more
// than one hexside (R-C2-12-2).
func (b defensiveBox) facesAway(facing int) bool {
	d := (facing - b.facing + 6) % 6
	return d >= 2 && d <= 4
}

// stepLimit says why a combat unit of Command c may not step from one hex
// to another under LoB 10.8a or 12.2, with the rule, or "". area gives
// the 10.8a area (it is only asked for when no Defensive Position holds).
func (s *State) stepLimit(c *Command, from, to string, area func() NoOrdersArea) (string, string) {
	m := &s.scn.Map
	if b, ok := s.defensivePosition(c); ok {
		if why := b.leaves(m, from, to); why != "" {
			return why, "LoB 12.2"
		}
		return "", ""
	}
	if !s.areaRuled(c) {
		return "", ""
	}
	if why := area().beyond(m, from, to); why != "" {
		return c.Name + " has no accepted order and cannot advance beyond its area: " + why, "LoB 10.8a"
	}
	return "", ""
}

// boltedIn names the counter of the stack that belongs to an order-less
// Command and cannot move (LoB 10.8a), or "".
func (s *State) boltedIn(names []string) (string, *Command) {
	if len(names) == 0 {
		return "", nil // a stack without leaders: every Command need not be asked
	}
	for _, c := range s.scn.commands() {
		if n := s.boltedPiece(c); slices.Contains(names, n) && s.areaRuled(c) {
			return n, c
		}
	}
	return "", nil
}

// frontAt gives a unit's facing and whether it has a front (LoB 3.3,
// 3.3c), as they stand or as a change would leave them.
type frontAt func(*Piece) (int, bool)

// frontNow is a unit's facing and whether it has a front as it stands.
func (s *State) frontNow(p *Piece) (int, bool) { return p.Unit.Facing, s.hasFront(p) }

// awayBrigades lists the Command's brigades with a unit facing away from
// the Defensive Position's orientation. Only a unit with a front faces
// anywhere: Column, Mounted, Limbered and Routed units have all-around
// Rear Facing (3.3c; R-C2-12-2).
func (s *State) awayBrigades(c *Command, b defensiveBox, at frontAt) []string {
	var out []string
	for _, br := range c.Brigades {
		for _, u := range br.units() {
			p := s.piece(u.Name)
			if f, front := at(p); front && !p.OffMap && !p.Unit.Eliminated && b.facesAway(f) {
				out = append(out, br.Name)
				break
			}
		}
	}
	return out
}

// newlyAway finds a brigade of a Command in a Defensive Position that a
// change (from before to after) turns away from its orientation while
// another already faces away (LoB 12.2): that brigade and the other, or
// "" when the change is allowed.
func (s *State) newlyAway(c *Command, before, after frontAt) (string, string, defensiveBox) {
	b, ok := s.defensivePosition(c)
	if !ok {
		return "", "", b
	}
	was := s.awayBrigades(c, b, before)
	now := s.awayBrigades(c, b, after)
	for _, br := range now {
		if slices.Contains(was, br) {
			continue
		}
		for _, other := range now {
			if other != br {
				return br, other, b
			}
		}
	}
	return "", "", b
}

// secondAway says why turning some units to a facing makes a second
// brigade of a Command in a Defensive Position face away from its
// orientation (LoB 12.2), or "". before gives each unit's facing and
// front before the turn; turning reports whether a unit turns.
func (s *State) secondAway(c *Command, before frontAt, turning func(*Piece) bool, d int) string {
	after := func(p *Piece) (int, bool) {
		if turning(p) {
			_, front := before(p)
			return d, front
		}
		return before(p)
	}
	br, other, b := s.newlyAway(c, before, after)
	if br == "" {
		return ""
	}
	return fmt.Sprintf("%s would face %s, away from the orientation %s of %s's Defensive Position, and %s already faces away; only one brigade may, without the Initiative of %s",
		br, facingNames[d], facingNames[b.facing], c.Name, other, s.rollLeader(c).Name)
}

// formedAway says why changing some units to a formation with a front
// makes a second brigade of a Command in a Defensive Position face away
// from its orientation (LoB 3.3, 12.2), or "": a unit in Column facing
// away has no front until it forms Line, and keeps its facing. before
// gives each unit's facing and front before the change; changing reports
// whether a unit changes.
func (s *State) formedAway(c *Command, before frontAt, changing func(*Piece) bool, to string) string {
	if !slices.Contains(frontFormations, to) {
		return ""
	}
	facing := func(p *Piece) int { f, _ := before(p); return f }
	after := func(p *Piece) (int, bool) {
		if changing(p) {
			return facing(p), s.marker(p.Hex).Morale != MoraleRouted
		}
		return before(p)
	}
	br, other, b := s.newlyAway(c, before, after)
	if br == "" {
		return ""
	}
	f := b.facing
	for _, u := range s.brigadeNamed(br).units() {
		if p := s.piece(u.Name); changing(p) && b.facesAway(facing(p)) {
			f = facing(p)
			break
		}
	}
	return fmt.Sprintf("%s would face %s in %s, away from the orientation %s of %s's Defensive Position, and %s already faces away; only one brigade may, without the Initiative of %s",
		br, facingNames[f], to, facingNames[b.facing], c.Name, other, s.rollLeader(c).Name)
}

// frontFormations are the formations with a front and rear (LoB 3.3,
// 3.3c); hasFront reads them for units as they stand.
var frontFormations = []string{"line", "open-order", "unlimbered"}

// gotInitiative reports whether a leader won a Command Roll for the
// Initiative this phase (LoB 10.10, 12.2): for a Command, the leader
// heading it now (9.1b, rollLeader; docs/rulings-lob.md R-C2-LEAD).
func (r *resolver) gotInitiative(leader string) bool { return r.initiativeWon[leader] }

// areaBarred says why the stack may not step into a hex under LoB 10.8a
// (the bolted HQ, the no-orders area) or 12.2 (the Defensive Position's
// box), with the rule, or "". The no-orders area is recorded in the
// position the first time it is needed. Only activity scripts are
// checked: Galloper's automatic moves (a close-up under an order, the
// return into Command Radius, a 10.7b withdrawal) are commanded by their
// own rules (R-C2-8A).
func (r *resolver) areaBarred(a *actingStack, to string) (string, string) {
	if a.script == nil || len(a.script.Units) == 0 {
		return "", "" // an automatic move (autoStack): another rule commands it
	}
	var names []string
	for _, p := range a.leaders {
		names = append(names, p.Name)
	}
	if n, c := r.s.boltedIn(names); n != "" {
		return fmt.Sprintf("%s has no accepted order, so %s is bolted to the ground", c.Name, n), "LoB 10.8a"
	}
	links := r.ownLinks()
	for _, p := range a.units {
		l, ok := links[p.Name]
		if !ok {
			continue
		}
		if why, rule := r.s.stepLimit(l.cmd, a.hex, to, func() NoOrdersArea { return r.areaNear(l.cmd, r.s.recordArea(l.cmd), to) }); why != "" {
			return p.Name + ": " + why, rule
		}
	}
	return "", ""
}

// areaNear is the Command's area a with only the marks a step into to
// could cross (areaMarks.near, on which beyond gives the same answer): a
// big battle's area has a mark for every enemy hex seen, and every step
// of every stack is measured against it. The marks are grouped once for
// each area recorded and kept while it stays the Command's.
func (r *resolver) areaNear(c *Command, a NoOrdersArea, to string) NoOrdersArea {
	if len(a.Marks) < groupMarksFrom {
		return a
	}
	x := r.areaMarks[c.Name]
	if x == nil || x.area.After != a.After || len(x.area.Marks) != len(a.Marks) || &x.area.Marks[0] != &a.Marks[0] {
		x = newAreaMarks(&r.s.scn.Map, a)
		if r.areaMarks == nil {
			r.areaMarks = map[string]*areaMarks{}
		}
		r.areaMarks[c.Name] = x
	}
	return x.near(&r.s.scn.Map, to)
}

// groupMarksFrom is the number of marks from which areaNear groups them:
// fewer are measured as fast one by one.
const groupMarksFrom = 16

// faceBarred says why the stack may not turn to a facing under LoB 12.2,
// or "": a second brigade of a Command in a Defensive Position would face
// away from its orientation, and its leader has not won the Initiative
// this phase.
func (r *resolver) faceBarred(a *actingStack, d int) string {
	links := r.ownLinks()
	for _, p := range a.units {
		l, ok := links[p.Name]
		if !ok || r.gotInitiative(r.s.rollLeader(l.cmd).Name) {
			continue
		}
		if why := r.s.secondAway(l.cmd, r.s.frontNow, func(q *Piece) bool { return slices.Contains(a.units, q) }, d); why != "" {
			return why
		}
	}
	return ""
}

// formationBarredAway says why the stack may not change to a formation
// under LoB 12.2, or "": it would give a second brigade of a Command in a
// Defensive Position a front facing away from its orientation, and its
// leader has not won the Initiative this phase (R-C2-12-2).
func (r *resolver) formationBarredAway(a *actingStack, to string) string {
	links := r.ownLinks()
	changing := func(q *Piece) bool { return slices.Contains(a.units, q) && q.Unit.Formation != to }
	for _, p := range a.units {
		l, ok := links[p.Name]
		if !ok || r.gotInitiative(r.s.rollLeader(l.cmd).Name) {
			continue
		}
		if why := r.s.formedAway(l.cmd, r.s.frontNow, changing, to); why != "" {
			return why
		}
	}
	return ""
}

// areaNote is what a Command's report line says of its area: its
// Defensive Position (LoB 12.2), or the no-orders area once recorded
// (10.8a), nearest hexes first; "" when neither.
func (s *State) areaNote(c *Command) string {
	if b, ok := s.defensivePosition(c); ok {
		return fmt.Sprintf(", Defensive Position of %s: %s%s", b.order, b.written, cite("LoB 12.2"))
	}
	a, kept := s.noOrdersArea(c)
	if !kept || !s.areaRuled(c) || len(a.Marks) == 0 {
		return ""
	}
	ms := slices.Clone(a.Marks)
	slices.SortStableFunc(ms, func(x, y AreaMark) int { return x.Reach - y.Reach })
	var parts []string
	for i, m := range ms {
		if i == 0 {
			parts = append(parts, fmt.Sprintf("%s to %s", count(m.Reach, "hex", "hexes"), m.Hex))
			continue
		}
		parts = append(parts, fmt.Sprintf("%d to %s", m.Reach, m.Hex))
	}
	return ", its units may go no nearer than " + strings.Join(parts, ", ")
}
