package lob

import (
	"fmt"
	"slices"
	"strings"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/lob/lobtext"
)

// This file checks activity scripts (STACK blocks) and standing reactions
// (the STANDING block) against the game: that the units exist, are the
// side's own and stand together, that hexes are on the map, and that
// facings and formations are ones Line of Battle has. The scripts are kept
// with the orders; carrying them out is the Activity Phase engine's work.

// ActivityNote is what a receipt says about activity scripts and standing
// reactions: what the Activity Phase engine carries out, and what not yet.
const ActivityNote = "Activity scripts (STACK) are carried out in your Activity Phase, stack by stack in file order: " +
	"movement, formations, Facing, Closing Rolls, fire with Opening Volleys, Morale Checks, and Charges (CHARGE). " +
	"Standing reactions (STANDING) are kept and answer for your side in the other side's turn."

// hexsideFacings are the facings of a flat-top hex grid: a unit in Line or
// Unlimbered faces a single hexside (LoB 3.3).
var hexsideFacings = []string{"N", "NE", "SE", "S", "SW", "NW"}

// formations are the formations LoB knows (LoB 3.1, 3.1b-d).
var formations = []string{"LINE", "COLUMN", "LIMBERED", "UNLIMBERED", "MOUNTED", "OPEN ORDER"}

// selfRetreatHexes is the length of a DG or Routed unit's self-inflicted
// retreat (LoB 3.0e).
const selfRetreatHexes = 10

// validateActivity checks o if it is an activity script or standing
// reactions and reports whether it was one.
func (s *State) validateActivity(sd *SideOOB, f *orders.File, fc *fileChecks, o orders.Order, ps *problems) bool {
	switch o := o.(type) {
	case *lobtext.Stack:
		s.checkStack(sd, o, ps)
		s.checkOnce(sd.Side, fc, o, ps)
		s.checkAreas(sd, f, fc, o, ps)
		s.noteTurns(fc, sd.Side, o)
		s.checkSkedaddleFormation(sd, f, o, ps) // skedaddle.go
	case *orders.Standing:
		s.checkStanding(sd, o, ps)
	default:
		return false
	}
	return true
}

// firstWritten returns the file's first written order, or nil.
func firstWritten(f *orders.File) *lobtext.Written {
	for _, o := range f.Orders {
		if w, ok := o.(*lobtext.Written); ok {
			return w
		}
	}
	return nil
}

// pieceNames lists every counter that can be part of a stack, by name,
// that a side's orders may name: with secret orders of battle only its
// own (knownTo).
func (s *State) pieceNames(side rules.Side) []named[int] {
	ns := make([]named[int], 0, len(s.doc.Pieces))
	for i, p := range s.doc.Pieces {
		if s.knownTo(side, p.Side) {
			ns = append(ns, named[int]{p.Name, i})
		}
	}
	return ns
}

// ownPiece finds one of the side's counters by name or unique
// abbreviation, reporting a problem if there is none.
func (s *State) ownPiece(sd *SideOOB, n orders.Name, ps *problems) (*Piece, bool) {
	m := s.matchPiece(sd.Side, n.Text)
	if !m.ok {
		if m.suggestion == "" {
			m.suggestion = s.suggestPiece(sd.Side, n.Text)
		}
		ps.add(n.At, "lob-unknown-unit", "LoB 2.2", m.message, m.suggestion)
		return nil, false
	}
	p := &s.doc.Pieces[m.target]
	if p.Side != sd.Side {
		ps.add(n.At, "lob-2.2-enemy-unit", "LoB 2.2",
			fmt.Sprintf("%s is a %s unit; you can only activate your own", p.Name, p.Side), "")
		return nil, false
	}
	return p, true
}

// checkStack checks one STACK block. See LoB 2.2 and 3.0: a stack moves
// or fires as one, from the hex where it stands.
func (s *State) checkStack(sd *SideOOB, st *lobtext.Stack, ps *problems) {
	var members []*Piece
	for _, n := range st.Units {
		if p, ok := s.ownPiece(sd, n, ps); ok {
			members = append(members, p)
		}
	}
	at := ""
	if len(members) > 0 && len(members) == len(st.Units) {
		at = members[0].Hex
		for i, p := range members[1:] {
			if p.Hex != at {
				ps.add(st.Units[i+1].At, "lob-3.0d-not-one-stack", "LoB 3.0d",
					fmt.Sprintf("%s is in %s, not with %s in %s; a stack's units share one hex", p.Name, p.Hex, members[0].Name, at),
					"give each hex its own STACK block")
				at = ""
				break
			}
		}
	}
	charged := map[string]bool{}
	for _, step := range st.Steps {
		if step.Verb == "CHARGE" && len(step.Hexes) > 0 && charged[step.Hexes[0].Hex] {
			h := step.Hexes[0]
			ps.add(h.At, "lob-7.2a-charge-twice", "LoB 7.2a",
				fmt.Sprintf("the stack already Charges %s in this script; a stack Charges a given target hex only once", h.Hex),
				"after a won Charge, Charge another adjacent hex")
			continue
		}
		if step.Verb == "CHARGE" && len(step.Hexes) > 0 {
			charged[step.Hexes[0].Hex] = true
		}
		s.checkStep(sd, st, members, step, &at, ps)
	}
	checkActivityKind(st, ps)
}

// checkActivityKind checks that a script is one Move or one Fire Activity
// (LoB 2.2): no unit fires and then moves, fires twice, or both fires
// and charges. A fallback fire after a failed Closing Roll (LoB 3.5) is
// the exception, and is not counted. No Facing change follows a Charge
// (3.3d, 7.2e).
func checkActivityKind(st *lobtext.Stack, ps *problems) {
	var fired, charged *lobtext.Step
	for i := range st.Steps {
		step := &st.Steps[i]
		if step.IfClosingFails {
			continue
		}
		switch step.Verb {
		case "FIRE":
			switch {
			case fired != nil:
				ps.add(step.At, "lob-2.2-one-fire", "LoB 2.2",
					fmt.Sprintf("the stack already fires on line %d; a unit fires once in its activity", fired.At.Line), "")
			case charged != nil:
				ps.add(step.At, "lob-2.2-fire-and-charge", "LoB 2.2",
					"a stack that charges is on a Move Activity and cannot also fire",
					"to fire if the charge's Closing Roll fails, write IF CLOSING FAILS FIRE <hex>")
			}
			fired = step
		case "CHARGE":
			charged = step
			if fired != nil {
				ps.add(step.At, "lob-2.2-fire-and-charge", "LoB 2.2",
					"units on a Fire Activity cannot charge", "charge or fire, not both")
			}
		case "MOVE", "RETREAT":
			if fired != nil {
				ps.add(step.At, "lob-2.2-move-after-fire", "LoB 2.2",
					fmt.Sprintf("no unit can fire and then move; the stack fires on line %d", fired.At.Line),
					"move first, then fire")
			}
		case "FACE":
			if charged != nil {
				ps.add(step.At, "lob-3.3d-face-after-charge", "LoB 3.3d",
					fmt.Sprintf("the stack announces a Charge on line %d; after that it cannot change Facing this phase", charged.At.Line),
					"face the target before the CHARGE; after it the stack goes straight ahead")
			}
		}
	}
}

// fileChecks is what checking one order file keeps from one STACK block
// to the next, so that a block is checked against those before it
// without reading them again: big battles have hundreds of blocks.
type fileChecks struct {
	// stacks are the STACK blocks checked so far, in file order, and
	// activators lists for each counter (by position) the ones among
	// them that activate it.
	stacks     []*lobtext.Stack
	activators map[int][]int
	// areas keeps each Command's area as the position draws it
	// (areaProblem): the position does not change while a file is
	// checked, and the area is drawn from what the Command's own side
	// sees (R-FOG-3), which the position alone settles.
	areas map[string]*areaMarks
	// seen keeps, for each side, the enemy hexes it sees (enemyHexes),
	// from which every one of its Commands' areas is drawn: what a side
	// sees depends on the position and the side alone, so it is traced
	// once per file, not once per Command.
	seen map[rules.Side][]string
	// faced is the last facing the blocks so far turn each unit to
	// (noteTurns).
	faced map[string]int
	// hqs finds the Commands whose HQs a block names (hq_names.go),
	// drawn at the first block that moves.
	hqs *hqNames
}

// newFileChecks starts the checks of one order file.
func newFileChecks() *fileChecks {
	return &fileChecks{activators: map[int][]int{}, areas: map[string]*areaMarks{}, seen: map[rules.Side][]string{}, faced: map[string]int{}}
}

// enemyHexes is s.enemyHexes(c), traced at the first Command of each
// side and kept for the rest of the file.
func (fc *fileChecks) enemyHexes(s *State, c *Command) []string {
	hs, ok := fc.seen[c.Side]
	if !ok {
		hs = s.enemyHexes(c)
		fc.seen[c.Side] = hs
	}
	return hs
}

// checkOnce reports units of st that an earlier STACK block of the file
// already activates: each unit has one activity a phase, and a stack
// finishes before another starts (LoB 2.2, 3.0d). Each unit of st is
// reported once, naming the first such block, so a file repeating one
// STACK line n times gives n-1 problems, not n²/2. Problems come in the
// order of the earlier blocks, then of the names in st.
func (s *State) checkOnce(side rules.Side, fc *fileChecks, st *lobtext.Stack, ps *problems) {
	type twice struct{ earlier, name, piece int }
	var found []twice
	acts := activated(st)
	var mine []int
	for i, n := range acts {
		m := s.matchPiece(side, n.Text)
		if !m.ok {
			continue
		}
		if es := fc.activators[m.target]; len(es) > 0 {
			found = append(found, twice{es[0], i, m.target})
		}
		if !slices.Contains(mine, m.target) {
			mine = append(mine, m.target)
		}
	}
	slices.SortStableFunc(found, func(a, b twice) int { return a.earlier - b.earlier })
	for _, t := range found {
		ps.add(acts[t.name].At, "lob-3.0d-activated-twice", "LoB 3.0d",
			fmt.Sprintf("%s already has an activity in the STACK block on line %d; a unit acts once a phase", s.doc.Pieces[t.piece].Name, fc.stacks[t.earlier].At.Line),
			"put all of its steps in one STACK block")
	}
	for _, p := range mine {
		fc.activators[p] = append(fc.activators[p], len(fc.stacks))
	}
	fc.stacks = append(fc.stacks, st)
}

// checkStep checks one step; at is the stack's hex, "" once unknown, and
// is moved along MOVE and RETREAT paths.
func (s *State) checkStep(sd *SideOOB, st *lobtext.Stack, members []*Piece, step lobtext.Step, at *string, ps *problems) {
	switch step.Verb {
	case "MOVE", "RETREAT":
		s.checkPath(step, at, ps)
	case "FIRE":
		s.onMap(step.Hexes[0], "target", ps)
	case "CHARGE":
		s.checkCharge(step, at, ps)
	case "FACE":
		if !slices.Contains(hexsideFacings, step.Word) {
			ps.add(step.WordAt, "lob-3.3-facing", "LoB 3.3",
				fmt.Sprintf("a unit faces a hexside, and this map's hexes have no side to the %s", step.Word),
				"face "+strings.Join(nearFacings(step.Word), " or "))
		}
	case "FORMATION":
		if !slices.Contains(formations, step.Word) {
			sugg := "use one of " + strings.Join(formations, ", ")
			if best, ok := nearest(foldName(step.Word), namedStrings(formations)); ok {
				sugg = fmt.Sprintf("did you mean '%s'?", best)
			}
			ps.add(step.WordAt, "lob-3.1-formation", "LoB 3.1",
				fmt.Sprintf("'%s' is not a formation in Line of Battle", step.Word), sugg)
		}
	case "SPLIT":
		s.checkSplit(sd, st, step, ps)
	case "JOIN":
		s.checkJoin(sd, st, step, *at, ps)
	}
}

// checkPath checks a MOVE or RETREAT path: every hex on the map, each next
// to the one before, the first next to where the stack stands. A
// self-inflicted retreat is exactly ten hexes (LoB 3.0e).
func (s *State) checkPath(step lobtext.Step, at *string, ps *problems) {
	m := &s.scn.Map
	if step.Verb == "RETREAT" && len(step.Hexes) != selfRetreatHexes {
		ps.add(step.At, "lob-3.0e-retreat-length", "LoB 3.0e",
			fmt.Sprintf("a self-inflicted retreat must be %d hexes; this one is %d", selfRetreatHexes, len(step.Hexes)),
			fmt.Sprintf("list the %d hexes of the retreat in order", selfRetreatHexes))
	}
	for _, h := range step.Hexes {
		if !s.onMap(h, "path hex", ps) {
			*at = ""
			continue
		}
		if *at != "" && m.distance(*at, h.Hex) != 1 {
			ps.add(h.At, "lob-3.0-path-gap", "LoB 3.0",
				fmt.Sprintf("%s is not next to %s; a path goes hex by hex", h.Hex, *at),
				"list every hex the stack enters, in order")
		}
		*at = h.Hex
	}
}

// checkCharge checks a CHARGE target: on the map and adjacent to where
// the stack stands (LoB 7.0b). A won Charge advances the stack into the
// target (7.3b), so a later MOVE path starts there.
func (s *State) checkCharge(step lobtext.Step, at *string, ps *problems) {
	h := step.Hexes[0]
	if !s.onMap(h, "target", ps) {
		*at = ""
		return
	}
	if *at != "" && s.scn.Map.distance(*at, h.Hex) != 1 {
		ps.add(h.At, "lob-7.0b-charge-adjacent", "LoB 7.0b",
			fmt.Sprintf("%s is not next to %s; a Charge is made from a hex adjacent to its target", h.Hex, *at),
			"move next to the target first, then CHARGE it")
	}
	*at = h.Hex
}

// onMap reports whether a hex is on the map, adding a problem if not.
func (s *State) onMap(h lobtext.HexRef, what string, ps *problems) bool {
	m := &s.scn.Map
	if _, ok := m.Hex(h.Hex); ok {
		return true
	}
	ps.add(h.At, "lob-1.4a-off-map", "LoB 1.4a",
		fmt.Sprintf("%s %s is not a hex of this map (%s1.1 to %s%d.%d)", what, h.Hex, m.Letter, m.Letter, m.Cols, m.Rows), "")
	return false
}

// checkSplit checks that the units SPLIT leaves behind are in the stack
// and that some stay with it. See LoB 3.0d.
func (s *State) checkSplit(sd *SideOOB, st *lobtext.Stack, step lobtext.Step, ps *problems) {
	for _, n := range step.Units {
		p, ok := s.ownPiece(sd, n, ps)
		if !ok {
			continue
		}
		if !slices.ContainsFunc(st.Units, func(u orders.Name) bool {
			m := s.matchPiece(sd.Side, u.Text)
			return m.ok && s.doc.Pieces[m.target].Name == p.Name
		}) {
			ps.add(n.At, "lob-3.0d-split-not-in-stack", "LoB 3.0d",
				fmt.Sprintf("%s is not in this stack, so it cannot split off from it", p.Name),
				"name only units listed on the STACK line")
		}
	}
	if len(step.Units) >= len(st.Units) {
		ps.add(step.At, "lob-3.0d-split-all", "LoB 3.0d", "SPLIT leaves no unit in the stack",
			"split off only some of the units")
	}
}

// activated lists the units a script activates: those of its STACK line
// and those it takes in with JOIN.
func activated(st *lobtext.Stack) []orders.Name {
	ns := slices.Clone(st.Units)
	for _, step := range st.Steps {
		if step.Verb == "JOIN" {
			ns = append(ns, step.Units...)
		}
	}
	return ns
}

// checkJoin checks that the units JOIN takes in are the side's own, not
// already in the stack, and stand in the hex the stack has reached. See
// LoB 2.2 and 3.0d: a unit can be added to a stack as it moves through
// the unit's hex.
func (s *State) checkJoin(sd *SideOOB, st *lobtext.Stack, step lobtext.Step, at string, ps *problems) {
	for _, n := range step.Units {
		p, ok := s.ownPiece(sd, n, ps)
		if !ok {
			continue
		}
		switch {
		case slices.ContainsFunc(st.Units, func(u orders.Name) bool {
			m := s.matchPiece(sd.Side, u.Text)
			return m.ok && s.doc.Pieces[m.target].Name == p.Name
		}):
			ps.add(n.At, "lob-3.0d-join-member", "LoB 3.0d",
				fmt.Sprintf("%s is already in this stack", p.Name), "JOIN names units met on the way")
		case at != "" && p.Hex != at:
			ps.add(n.At, "lob-3.0d-join-elsewhere", "LoB 3.0d",
				fmt.Sprintf("%s is in %s, but the stack is in %s at this point", p.Name, p.Hex, at),
				"move the stack into the unit's hex before JOIN")
		}
	}
}

// checkStanding checks the units named in standing reactions.
func (s *State) checkStanding(sd *SideOOB, st *orders.Standing, ps *problems) {
	for _, r := range st.Reactions {
		for _, n := range r.Units {
			s.ownPiece(sd, n, ps)
		}
	}
}

// nearFacings returns the hexside facings either side of a compass point
// that is not one (E gives NE and SE), or all of them.
func nearFacings(d string) []string {
	switch d {
	case "E":
		return []string{"NE", "SE"}
	case "W":
		return []string{"NW", "SW"}
	}
	return hexsideFacings
}

// namedStrings makes candidates of plain strings for nearest.
func namedStrings(ss []string) []named[string] {
	ns := make([]named[string], len(ss))
	for i, s := range ss {
		ns[i] = named[string]{s, s}
	}
	return ns
}

// ReceiptNotes says, for a file with activity scripts or standing
// reactions, how they will be carried out, and which unit each
// abbreviated or differently written name was read as, so that the player
// can see a misreading before it matters.
func (System) ReceiptNotes(st rules.State, f *orders.File) []string {
	s, ok := st.(*State)
	if !ok {
		return nil
	}
	var notes, read []string
	for _, o := range f.Orders {
		switch o.(type) {
		case *lobtext.Stack, *orders.Standing:
			if len(notes) == 0 {
				notes = append(notes, ActivityNote)
			}
		}
		for _, n := range namesIn(o) {
			m := s.matchPiece(rules.Side(f.Side), n.Text)
			if !m.ok {
				continue
			}
			if full := s.doc.Pieces[m.target].Name; !strings.EqualFold(full, n.Text) {
				if r := fmt.Sprintf("%s = %s", n.Text, full); !slices.Contains(read, r) {
					read = append(read, r)
				}
			}
		}
	}
	if len(read) > 0 {
		notes = append(notes, "Names read as: "+strings.Join(read, "; ")+".")
	}
	return notes
}

// namesIn lists the unit names written in an activity script or in
// standing reactions.
func namesIn(o orders.Order) []orders.Name {
	var ns []orders.Name
	switch o := o.(type) {
	case *lobtext.Stack:
		ns = append(ns, o.Units...)
		for _, st := range o.Steps {
			ns = append(ns, st.Units...)
		}
	case *orders.Standing:
		for _, r := range o.Reactions {
			ns = append(ns, r.Units...)
		}
	}
	return ns
}

// suggestPiece finds the counter a misspelt name or abbreviation most
// likely meant, comparing it with whole names and with their beginnings
// ("Amse" is one slip from "Ames' Brigade"). It returns "" if none is
// close.
func (s *State) suggestPiece(side rules.Side, written string) string {
	w := foldName(written)
	best, bestD := "", max(1, len([]rune(w))/4)+1
	for _, p := range s.doc.Pieces {
		if !s.knownTo(side, p.Side) {
			continue
		}
		full := normName(p.Name)
		d := orders.Distance(w, full)
		if r := []rune(full); len(r) > len([]rune(w)) {
			d = min(d, orders.Distance(w, string(r[:len([]rune(w))])))
		}
		if d < bestD {
			best, bestD = p.Name, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf("did you mean '%s'?", best)
}

// checkAreas checks a script against the area rules of command and
// control (areas.go): the HQ of a Command without an accepted order is
// bolted to the ground, its units stay in their area (LoB 10.8a, ruling
// R-C2-8A), and the units of a Command in a Defensive Position stay in its
// box with at most one brigade facing away from its orientation (12.2,
// R-C2-12-2). Positions are those at the start of the phase; the Activity
// Phase checks every step again. It reports one problem a script.
func (s *State) checkAreas(sd *SideOOB, f *orders.File, fc *fileChecks, st *lobtext.Stack, ps *problems) {
	members := s.scriptPieces(sd.Side, st.Units)
	if len(members) == 0 || len(members) != len(st.Units) {
		return // the unit problems are reported already
	}
	at := members[0].Hex
	if s.boltedMoves(fc, st, members, ps) {
		return
	}
	faced, formed := map[string]int{}, map[string]string{} // this script's turns; fc.faced the earlier ones
	formation := func(q *Piece) string {
		if to, ok := formed[q.Name]; ok {
			return to
		}
		return q.Unit.Formation
	}
	before := func(q *Piece) (int, bool) { // as the script's earlier steps leave it (LoB 3.3, 3.3c)
		d, ok := faced[q.Name]
		if !ok {
			d, ok = fc.faced[q.Name]
		}
		if !ok {
			d = q.Unit.Facing
		}
		return d, slices.Contains(frontFormations, formation(q)) && s.marker(q.Hex).Morale != MoraleRouted
	}
	for _, step := range st.Steps {
		switch step.Verb {
		case "MOVE":
			for _, h := range step.Hexes {
				if _, ok := s.scn.Map.Hex(h.Hex); !ok || s.scn.Map.distance(at, h.Hex) != 1 || s.areaProblem(members, at, h, fc, ps) {
					return // a path problem is reported already
				}
				at = h.Hex
			}
		case "FIRE":
			if !step.IfClosingFails {
				return // no move follows a fire (LoB 2.2)
			}
		case "CHARGE":
			at = step.Hexes[0].Hex
		case "FACE":
			if !slices.Contains(hexsideFacings, step.Word) {
				continue
			}
			if s.facingProblem(f, members, before, step, ps) {
				return
			}
			for _, p := range members {
				faced[p.Name] = facingIndex(step.Word)
			}
		case "FORMATION", "UNLIMBER", "LIMBER":
			to := stepFormation(step)
			if s.formationProblem(f, members, before, formation, step, ps) {
				return
			}
			for _, p := range members {
				formed[p.Name] = to
			}
		case "JOIN":
			members = append(members, s.scriptPieces(sd.Side, step.Units)...)
		case "SPLIT":
			left := s.scriptPieces(sd.Side, step.Units)
			members = slices.DeleteFunc(members, func(p *Piece) bool { return slices.Contains(left, p) })
		}
	}
}

// scriptPieces are the side's counters a script names, leaving out names
// that are not (reported elsewhere).
func (s *State) scriptPieces(side rules.Side, ns []orders.Name) []*Piece {
	var out []*Piece
	for _, n := range ns {
		if m := s.matchPiece(side, n.Text); m.ok && s.doc.Pieces[m.target].Side == side {
			out = append(out, &s.doc.Pieces[m.target])
		}
	}
	return out
}

// boltedMoves reports a script that moves the HQ (or the leader standing
// in for it) of a Command without an accepted order (LoB 10.8a).
func (s *State) boltedMoves(fc *fileChecks, st *lobtext.Stack, members []*Piece, ps *problems) bool {
	if !slices.ContainsFunc(st.Steps, func(x lobtext.Step) bool { return x.Verb == "MOVE" }) {
		return false
	}
	var names []string
	for _, p := range members {
		names = append(names, p.Name)
	}
	if fc.hqs == nil {
		fc.hqs = s.newHQNames()
	}
	n, c := fc.hqs.boltedIn(s, names)
	if n == "" {
		return s.orderedHQMoves(fc.hqs.hqOf(names), st, names, ps)
	}
	ps.add(st.Units[slices.Index(names, n)].At, "lob-10.8a-hq-bolted", "LoB 10.8a",
		fmt.Sprintf("%s has no accepted order, so %s is bolted to the ground and cannot move", c.Name, n),
		fmt.Sprintf("leave %s out of the moving stack, or get %s an order", n, c.Name))
	return true
}

// areaProblem reports the first unit of the stack that the step into h
// takes out of its Command's no-orders area or Defensive Position box;
// fc keeps each Command's area once drawn, with its marks grouped
// (area_marks.go) so that a step is measured only against those it
// could cross.
func (s *State) areaProblem(members []*Piece, at string, h lobtext.HexRef, fc *fileChecks, ps *problems) bool {
	links := s.links(members[0].Side)
	for _, p := range members {
		l, ok := links[p.Name]
		if !ok || p.Unit.Eliminated {
			continue
		}
		why, rule := s.stepLimit(l.cmd, at, h.Hex, func() NoOrdersArea {
			x, ok := fc.areas[l.cmd.Name]
			if !ok {
				a, _ := s.noOrdersAreaFrom(l.cmd, func() []string { return fc.enemyHexes(s, l.cmd) })
				x = newAreaMarks(&s.scn.Map, a)
				fc.areas[l.cmd.Name] = x
			}
			return x.near(&s.scn.Map, h.Hex)
		})
		if why == "" {
			continue
		}
		code, fix := "lob-10.8a-area", "stop at the forward line, or get "+l.cmd.Name+" an order"
		if rule == "LoB 12.2" {
			code, fix = "lob-12.2-box", "stay inside the box; another Defensive Position needs a new order"
		}
		ps.add(h.At, code, rule, fmt.Sprintf("%s cannot enter %s: %s", p.Name, h.Hex, why), fix)
		return true
	}
	return false
}

// facingProblem reports a FACE that turns a second brigade of a Command in
// a Defensive Position away from its orientation (LoB 12.2). before gives
// each unit's facing and front as the file's earlier scripts and the
// script's earlier steps leave them, since the Activity Phase carries
// those out first. An INITIATIVE of the Command's leader in the same file
// may allow it: the roll decides in the Command Phase, and the Activity
// Phase checks again.
func (s *State) facingProblem(f *orders.File, members []*Piece, before frontAt, step lobtext.Step, ps *problems) bool {
	links := s.links(members[0].Side)
	for _, p := range members {
		l, ok := links[p.Name]
		if !ok || s.triesInitiative(f, l.cmd) {
			continue
		}
		why := s.secondAway(l.cmd, before, func(q *Piece) bool { return slices.Contains(members, q) }, facingIndex(step.Word))
		if why != "" {
			ps.add(step.WordAt, "lob-12.2-facing", "LoB 12.2", why,
				fmt.Sprintf("keep facing within a hexside of the orientation, or try INITIATIVE by %s", s.rollLeader(l.cmd).Name))
			return true
		}
	}
	return false
}

// formationProblem reports a FORMATION or UNLIMBER that gives a second
// brigade of a Command in a Defensive Position a front facing away from
// its orientation (LoB 3.3, 12.2; R-C2-12-2), as the Activity Phase
// refuses it (formFront): the units keep the facing before gives them,
// that of the last FACE of the file before the step, or their own, and
// change from the formation formation gives them. An INITIATIVE of the
// Command's leader in the same file may allow it.
func (s *State) formationProblem(f *orders.File, members []*Piece, before frontAt, formation func(*Piece) string, step lobtext.Step, ps *problems) bool {
	to, at := stepFormation(step), step.At
	if step.Verb == "FORMATION" {
		at = step.WordAt
	}
	changing := func(q *Piece) bool { return slices.Contains(members, q) && formation(q) != to }
	links := s.links(members[0].Side)
	for _, p := range members {
		l, ok := links[p.Name]
		if !ok || s.triesInitiative(f, l.cmd) {
			continue
		}
		if why := s.formedAway(l.cmd, before, changing, to); why != "" {
			ps.add(at, "lob-12.2-facing", "LoB 12.2", why,
				fmt.Sprintf("face within a hexside of the orientation first, or try INITIATIVE by %s", s.rollLeader(l.cmd).Name))
			return true
		}
	}
	return false
}

// stepFormation is the formation a FORMATION, UNLIMBER or LIMBER step
// changes to.
func stepFormation(step lobtext.Step) string {
	switch step.Verb {
	case "UNLIMBER":
		return "unlimbered"
	case "LIMBER":
		return "limbered"
	}
	return formationName(step.Word)
}

// noteTurns keeps the last facing that st's FACE steps turn its units to
// (LoB 3.3), for the scripts after it: the Activity Phase carries st out
// first.
func (s *State) noteTurns(fc *fileChecks, side rules.Side, st *lobtext.Stack) {
	if !slices.ContainsFunc(st.Steps, turns) {
		return // no names to look up
	}
	units := s.scriptPieces(side, activated(st))
	for _, step := range st.Steps {
		if turns(step) {
			for _, p := range units {
				fc.faced[p.Name] = facingIndex(step.Word)
			}
		}
	}
}

// turns reports whether a step is a FACE to a hexside (LoB 3.3).
func turns(step lobtext.Step) bool {
	return step.Verb == "FACE" && slices.Contains(hexsideFacings, step.Word)
}

// triesInitiative reports whether the file has an INITIATIVE by the
// leader heading the Command now (LoB 10.10, 9.1b; R-C2-LEAD).
func (s *State) triesInitiative(f *orders.File, c *Command) bool {
	for _, d := range directives(f, "INITIATIVE") {
		if lr, ok := s.role(d.Who); ok && lr.leader.Name == s.rollLeader(c).Name {
			return true
		}
	}
	return false
}

// orderedHQMoves reports a script that moves a Command's HQ counter while
// the Command carries out an accepted order: "Controlling the movement of
// the HQ is the order system's purpose" (LoB 10.1a, 10.1b), so the HQ
// follows its order's path by itself in the Activity Phase (10.2h). The
// Army HQ moves only by orders (9.2a). A leader standing in for an HQ is
// left to 10.8a. c is the first Command whose HQ counter the block names
// (hqNames.hqOf), or nil.
func (s *State) orderedHQMoves(c *Command, st *lobtext.Stack, names []string, ps *problems) bool {
	if c == nil {
		return false
	}
	rule, why := "LoB 10.1a", fmt.Sprintf("%s carries out its accepted order, and its HQ follows that order's path by itself", c.Name)
	if c.Level == LevelArmy {
		rule, why = "LoB 9.2a", "the Army HQ moves only by orders"
	}
	ps.add(st.Units[slices.Index(names, c.HQName())].At, "lob-10.1a-hq-by-order", rule,
		fmt.Sprintf("%s cannot be moved by a script: %s", c.HQName(), why),
		"leave the HQ out of the moving stack; send the Command a new order to move it elsewhere")
	return true
}
