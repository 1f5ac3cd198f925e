package lob

import (
	"maps"
	"slices"

	"galloper/rules"
	"galloper/rules/hex"
)

// oobIndex answers a question about the order of battle asked for every
// counter at every step: whom it traces Command Radius to. The order of battle is the scenario's and never
// changes, so a position builds the index once (build). Counters moving
// later only ever enter hexes written as the map writes them.
type oobIndex struct {
	links map[rules.Side]map[string]radiusLink // State.links by side
	// canonical is set when every counter's hex was written as the map
	// writes it (LoB 1.4a), so that inZOC can compare hex ids as text.
	canonical bool
}

// newOOBIndex indexes a scenario's order of battle for a position of it.
func newOOBIndex(scn *Scenario, ps []Piece) *oobIndex {
	x := &oobIndex{links: map[rules.Side]map[string]radiusLink{}, canonical: true}
	for _, p := range ps {
		if o, ok := scn.Map.parse(p.Hex); p.Hex != "" && (!ok || scn.Map.hexID(o) != p.Hex) {
			x.canonical = false
		}
	}
	for _, sd := range scn.Sides {
		x.links[sd.Side] = linksOf(scn, sd.Side)
	}
	return x
}

// reuseTraces is off only in the test that holds trace to building every
// trace afresh.
var reuseTraces = true

// trace is a Command Radius trace of the resolving side for the position
// as it is now. A trace depends only on the enemy's combat units (where
// they stand, and the front of those that can fire: LoB 3.4) and on which
// friendly units stand in the hexes of their ZOC (LoB 10.2e). While those
// are as they were, the last trace is the same one, and every search it
// made still holds: a phase of hundreds of stacks neither builds a trace
// for each nor searches from the same HQs again.
func (r *resolver) trace() *radiusTrace {
	if reuseTraces && r.lastTrace != nil && r.s.oob != nil && r.s.oob.canonical && r.sameTraceInputs() {
		return r.lastTrace
	}
	t := r.s.newTrace(r.side)
	g := t.m.sight
	in := make([]bool, len(g.ids))
	for _, n := range t.ezoc {
		in[g.index(n)] = true // newTrace keeps the ZOC's hexes on the map
	}
	if reuseTraces && r.lastTrace != nil && maps.Equal(r.lastTrace.enemy, t.enemy) && maps.Equal(r.lastTrace.blocked, t.blocked) {
		r.lastTrace.ezoc = t.ezoc // the same blocked hexes: its searches hold
		t = r.lastTrace
	}
	t.inEZOC = in
	r.lastTrace, r.lastInputs = t, r.traceInputs(in, nil)
	return t
}

// traceInput is one counter as a trace sees it.
type traceInput struct {
	piece  int
	hex    string
	facing int
	fires  bool
}

// traceInputs lists what a trace of the resolving side depends on: the
// enemy's combat units, in state order, then the friendly ones in the
// enemy's ZOC (inEZOC, by sight grid position), in state order; appended
// to in.
func (r *resolver) traceInputs(inEZOC []bool, in []traceInput) []traceInput {
	for _, i := range r.s.ofSide(r.s.enemyOf(r.side)) {
		if p := &r.s.doc.Pieces[i]; p.Unit != nil && !p.Unit.Eliminated && !p.OffMap {
			in = append(in, traceInput{piece: i, hex: p.Hex, facing: p.Unit.Facing, fires: r.s.canFire(p)})
		}
	}
	return r.friendsInZOC(inEZOC, in)
}

// friendsInZOC appends to in the friendly units in the enemy's ZOC, in
// state order, testing each counter's sight grid position (kept by the
// hex index) rather than its hex id.
func (r *resolver) friendsInZOC(inEZOC []bool, in []traceInput) []traceInput {
	for _, i := range r.s.ofSide(r.side) {
		if c := r.s.cellAt(i); c < 0 || !inEZOC[c] {
			continue
		}
		if p := &r.s.doc.Pieces[i]; p.Unit != nil && !p.Unit.Eliminated && !p.OffMap {
			in = append(in, traceInput{piece: i, hex: p.Hex})
		}
	}
	return in
}

// sameTraceInputs reports whether what the last trace depends on is as it
// was (traceInputs), reading the enemy's units in place and stopping at
// the first difference.
func (r *resolver) sameTraceInputs() bool {
	last := r.lastInputs
	k := 0
	for _, i := range r.s.ofSide(r.s.enemyOf(r.side)) {
		p := &r.s.doc.Pieces[i]
		if p.Unit == nil || p.Unit.Eliminated || p.OffMap {
			continue
		}
		if k >= len(last) {
			return false
		}
		// canFire, which finds the hex's marker, last.
		if l := &last[k]; l.piece != i || l.hex != p.Hex || l.facing != p.Unit.Facing || l.fires != r.s.canFire(p) {
			return false
		}
		k++
	}
	r.scratch = r.friendsInZOC(r.lastTrace.inEZOC, r.scratch[:0])
	return slices.Equal(r.scratch, last[k:])
}

// axialOf is m.axial(id), reading an id written as the map writes it
// (letter, column, full stop, row: LoB 1.4a) without the general parser:
// the no-orders area reads the id of every enemy hex for each Command
// (drawArea) and each step it measures (beyond).
// Anything else goes to m.axial.
func axialOf(m *Map, id string) hex.Axial {
	if len(id) < 4 || len(m.Letter) != 1 || id[0] != m.Letter[0] {
		return m.axial(id)
	}
	col, row, i := 0, 0, 1
	for ; i < len(id) && id[i] >= '0' && id[i] <= '9' && i < 6; i++ {
		col = col*10 + int(id[i]-'0')
	}
	if i == 1 || i >= len(id) || id[i] != '.' {
		return m.axial(id)
	}
	j := i + 1
	for ; j < len(id) && id[j] >= '0' && id[j] <= '9' && j-i < 6; j++ {
		row = row*10 + int(id[j]-'0')
	}
	if j == i+1 || j != len(id) || col < 1 || col > m.Cols || row < 1 || row > m.Rows {
		return m.axial(id)
	}
	return hex.Offset{Col: col, Row: row}.ToAxial()
}
