package lob

import (
	"sort"
	"strings"
)

// pieceIndex finds counters by name without reading every name of the
// game: big battles have hundreds of counters, and every name an order
// file writes is looked up. It gives exactly what match gives over
// pieceNames, and leaves every name it cannot settle at once (an
// ambiguous, misspelt or empty one) to match itself.
type pieceIndex struct {
	exact  map[string]int // folded name -> the first counter with it
	sorted []named[int]   // folded names in byte order, for prefixes
	cands  []named[int]   // pieceNames, for match
}

// newPieceIndex indexes the counters of a position.
func newPieceIndex(ps []Piece) *pieceIndex {
	x := &pieceIndex{exact: make(map[string]int, len(ps)), sorted: make([]named[int], len(ps)), cands: make([]named[int], len(ps))}
	for i, p := range ps {
		n := normName(p.Name)
		if _, ok := x.exact[n]; !ok {
			x.exact[n] = i
		}
		x.sorted[i] = named[int]{n, i}
		x.cands[i] = named[int]{p.Name, i}
	}
	sort.SliceStable(x.sorted, func(i, j int) bool { return x.sorted[i].name < x.sorted[j].name })
	return x
}

// matchPiece is match("unit", written, s.pieceNames()): an exact name
// (ignoring case and marks), else a unique beginning of one.
func (s *State) matchPiece(written string) matchResult[int] {
	x := s.names
	if x == nil || len(x.cands) != len(s.doc.Pieces) {
		x = newPieceIndex(s.doc.Pieces)
		s.names = x
	}
	w := foldName(written)
	if w == "" {
		return match("unit", written, x.cands)
	}
	if i, ok := x.exact[w]; ok {
		return matchResult[int]{target: i, ok: true}
	}
	// The names beginning with w are a run of the sorted names.
	lo := sort.Search(len(x.sorted), func(i int) bool { return x.sorted[i].name >= w })
	if lo+1 <= len(x.sorted) && strings.HasPrefix(x.sorted[lo].name, w) &&
		(lo+1 == len(x.sorted) || !strings.HasPrefix(x.sorted[lo+1].name, w)) {
		return matchResult[int]{target: x.sorted[lo].target, ok: true}
	}
	return match("unit", written, x.cands)
}
