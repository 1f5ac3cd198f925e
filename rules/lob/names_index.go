package lob

import (
	"sort"
	"strings"

	"galloper/rules"
)

// pieceIndex finds counters by name without reading every name of the
// game: big battles have hundreds of counters, and every name an order
// file writes is looked up. It gives exactly what match gives over
// pieceNames of the side it serves, and leaves every name it cannot
// settle at once (an ambiguous, misspelt or empty one) to match itself.
type pieceIndex struct {
	exact  map[string]int // folded name -> the first counter with it
	sorted []named[int]   // folded names in byte order, for prefixes
	cands  []named[int]   // pieceNames, for match
	pieces int            // len(Pieces) when built
}

// newPieceIndex indexes the counters of a position that a side's orders
// may name: all of them when side is "", else only the side's own (the
// index a side reads with secret orders of battle, R-FOG-6).
func newPieceIndex(ps []Piece, side rules.Side) *pieceIndex {
	x := &pieceIndex{exact: make(map[string]int, len(ps)), pieces: len(ps)}
	for i, p := range ps {
		if side != "" && p.Side != side {
			continue
		}
		n := normName(p.Name)
		if _, ok := x.exact[n]; !ok {
			x.exact[n] = i
		}
		x.sorted = append(x.sorted, named[int]{n, i})
		x.cands = append(x.cands, named[int]{p.Name, i})
	}
	sort.SliceStable(x.sorted, func(i, j int) bool { return x.sorted[i].name < x.sorted[j].name })
	return x
}

// pieceIndexes builds the indexes matchPiece reads: every name (for the
// umpire, and for both sides while the orders of battle are open) and
// each side's own names (for secret orders of battle).
func pieceIndexes(scn *Scenario, ps []Piece) map[rules.Side]*pieceIndex {
	xs := map[rules.Side]*pieceIndex{"": newPieceIndex(ps, "")}
	for _, sd := range scn.Sides {
		xs[sd.Side] = newPieceIndex(ps, sd.Side)
	}
	return xs
}

// matchPiece is match("unit", written, s.pieceNames(side)): an exact
// name (ignoring case and marks), else a unique beginning of one, among
// the names the side may know (knownTo, R-FOG-6).
func (s *State) matchPiece(side rules.Side, written string) matchResult[int] {
	key := side
	if side == "" || !s.optional(SecretOOB) {
		key = "" // every name is open to it
	}
	x := s.names[key]
	if x == nil || x.pieces != len(s.doc.Pieces) {
		x = newPieceIndex(s.doc.Pieces, key)
		if s.names == nil {
			s.names = map[rules.Side]*pieceIndex{}
		}
		s.names[key] = x
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
