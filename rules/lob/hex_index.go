package lob

import (
	"fmt"
	"slices"
	"strings"

	"galloper/rules"
	"galloper/rules/hex"
)

// hexIndex lists the counters standing in each hex, so that the questions
// a step asks about a hex (who stands there, is it occupied, which enemy
// units are next to it) read the counters of a few hexes instead of every
// counter of the game. It holds every counter, whatever its state (off
// the map, eliminated, lost): the questions filter as they always did.
// Counters move through setHex, which keeps it up to date; it is built
// afresh when the position's counters are not the ones it was built on.
type hexIndex struct {
	base  *Piece           // &doc.Pieces[0] when built
	n     int              // len(doc.Pieces) when built
	at    []string         // the hex each counter is listed under
	byHex map[string][]int // hex -> counters there, in state order
	// bySide lists each side's counters, in state order: a counter's
	// side never changes.
	bySide map[rules.Side][]int
	// cell is each counter's hex as a position in the map's sight grid,
	// -1 when its hex is not a map hex written as the map writes it.
	cell []int32
}

// checkHexIndex makes every look-up compare the index with a search of
// every counter and panic on a difference. Tests set it, so that a move
// that bypasses setHex cannot go unnoticed.
var checkHexIndex = false

// hexes returns the index for the position as it is now.
func (s *State) hexes() *hexIndex {
	x := s.hexIdx
	if len(s.doc.Pieces) == 0 {
		return &hexIndex{}
	}
	if x == nil || x.base != &s.doc.Pieces[0] || x.n != len(s.doc.Pieces) {
		x = &hexIndex{base: &s.doc.Pieces[0], n: len(s.doc.Pieces), at: make([]string, len(s.doc.Pieces)), byHex: map[string][]int{},
			bySide: map[rules.Side][]int{}, cell: make([]int32, len(s.doc.Pieces))}
		for i, p := range s.doc.Pieces {
			x.at[i], x.cell[i] = p.Hex, s.cellOf(p.Hex)
			x.byHex[p.Hex] = append(x.byHex[p.Hex], i)
			x.bySide[p.Side] = append(x.bySide[p.Side], i)
		}
		s.hexIdx = x
	}
	return x
}

// inHex lists the positions in doc.Pieces of the counters in a hex, in
// state order (the first is the top of the stack). The slice is the
// index's own: callers read it and do not keep it across a move.
func (s *State) inHex(h string) []int {
	is := s.hexes().byHex[h]
	if checkHexIndex {
		var want []int
		for i := range s.doc.Pieces {
			if s.doc.Pieces[i].Hex == h {
				want = append(want, i)
			}
		}
		if !slices.Equal(is, want) {
			panic(fmt.Sprintf("lob: hex index lists %v in %q, the counters say %v", is, h, want))
		}
	}
	return is
}

// ofSide lists the positions in doc.Pieces of a side's counters, in state
// order. The slice is the index's own.
func (s *State) ofSide(side rules.Side) []int {
	is := s.hexes().bySide[side]
	if checkHexIndex {
		var want []int
		for i := range s.doc.Pieces {
			if s.doc.Pieces[i].Side == side {
				want = append(want, i)
			}
		}
		if !slices.Equal(is, want) {
			panic(fmt.Sprintf("lob: hex index lists %v of side %q, the counters say %v", is, side, want))
		}
	}
	return is
}

// setHex moves a counter to a hex, keeping the index up to date. A
// counter that is not one of the position's (a stand-in built for a
// question) just takes the hex.
func (s *State) setHex(p *Piece, h string) {
	p.Hex = h
	x := s.hexIdx
	if x == nil || len(s.doc.Pieces) == 0 || x.base != &s.doc.Pieces[0] || x.n != len(s.doc.Pieces) {
		return // built afresh at the next look-up
	}
	i, ok := s.index[p.Name]
	if !ok || i >= len(s.doc.Pieces) || &s.doc.Pieces[i] != p {
		// Names are not always unique (a Wagon and a unit, say): find the counter.
		i = -1
		for k := range s.doc.Pieces {
			if &s.doc.Pieces[k] == p {
				i = k
				break
			}
		}
		if i < 0 {
			return // a stand-in
		}
	}
	if x.at[i] == h {
		return
	}
	old := x.byHex[x.at[i]]
	if k, found := slices.BinarySearch(old, i); found {
		old = slices.Delete(old, k, k+1)
	}
	if len(old) == 0 {
		delete(x.byHex, x.at[i])
	} else {
		x.byHex[x.at[i]] = old
	}
	now := x.byHex[h]
	k, _ := slices.BinarySearch(now, i)
	x.byHex[h] = slices.Insert(now, k, i)
	x.at[i], x.cell[i] = h, s.cellOf(h)
}

// cellOf is the position of hex h in the map's sight grid, or -1 when h
// is not a map hex written as the map writes it.
func (s *State) cellOf(h string) int32 {
	m := &s.scn.Map
	if m.sight == nil {
		return -1
	}
	i := m.sight.index(axialOf(m, h))
	if i < 0 || m.sight.ids[i] != h {
		return -1
	}
	return int32(i)
}

// cellAt is cellOf the hex of counter i, from the index.
func (s *State) cellAt(i int) int32 {
	c := s.hexes().cell[i]
	if checkHexIndex {
		if want := s.cellOf(s.doc.Pieces[i].Hex); c != want {
			panic(fmt.Sprintf("lob: hex index puts counter %d in cell %d, its hex %q is cell %d", i, c, s.doc.Pieces[i].Hex, want))
		}
	}
	return c
}

// hexesMoved drops the index after counters were moved other than by
// setHex (through a pointer to their hex); the next look-up rebuilds it.
func (s *State) hexesMoved() { s.hexIdx = nil }

// markerIndex finds a hex's markers without reading every marker: every
// unit's ability to fire reads its hex's Morale marker (canFire), and a
// phase of hundreds of stacks asks it of every enemy unit at each stack.
// editMarker keeps the markers sorted by hex and says so (sorted), so
// that a binary search finds a hex's first entry; markers set otherwise
// are indexed by a map, built afresh when the markers are not the ones
// it was built on.
type markerIndex struct {
	base   *HexMarker
	n      int
	sorted bool
	at     map[string]int // hex -> its first entry in doc.Markers, unless sorted
}

// markerAt is the position of a hex's first entry in doc.Markers.
func (s *State) markerAt(h string) (int, bool) {
	ms := s.doc.Markers
	if len(ms) == 0 {
		return 0, false
	}
	x := s.markIdx
	if x == nil || x.base != &ms[0] || x.n != len(ms) {
		x = &markerIndex{base: &ms[0], n: len(ms), at: make(map[string]int, len(ms))}
		for i, m := range ms {
			if _, ok := x.at[m.Hex]; !ok {
				x.at[m.Hex] = i
			}
		}
		s.markIdx = x
	}
	var i int
	var ok bool
	if x.sorted {
		// The first entry of h: equal hexes lie together.
		i, ok = slices.BinarySearchFunc(ms, h, func(m HexMarker, h string) int { return strings.Compare(m.Hex, h) })
		if !ok {
			i = 0
		}
	} else {
		i, ok = x.at[h]
	}
	if checkHexIndex {
		j := slices.IndexFunc(ms, func(m HexMarker) bool { return m.Hex == h })
		if j != i && (ok || j >= 0) {
			panic(fmt.Sprintf("lob: marker index has %q at %d (%v), the markers at %d", h, i, ok, j))
		}
	}
	return i, ok
}

// idAt is m.hexID(a.ToOffset()) read from the ids the sight map keeps
// for the map's hexes, instead of written anew: the ZOC questions name
// the neighbours of a hex at every step and of every unit at every
// retreat.
func (m *Map) idAt(a hex.Axial) string {
	if g := m.sight; g != nil {
		if i := g.index(a); i >= 0 && g.offsets[i] == a {
			return g.ids[i]
		}
	}
	return m.hexID(a.ToOffset())
}
