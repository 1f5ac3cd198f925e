package lob

import (
	"slices"
	"testing"

	"galloper/rules"
)

// The tests of this file check that what a side is shown depends only on
// what it knows (issue 23, ruling R-FOG-1): the fog's shape, the
// no-orders area, FIRE at a hex it cannot see, loss lines.

// enemyCombatPiece returns the first enemy combat unit of side on the map.
func enemyCombatPiece(t *testing.T, st *State, side rules.Side) *Piece {
	t.Helper()
	for i := range st.doc.Pieces {
		if p := &st.doc.Pieces[i]; p.Side != side && p.Unit != nil && st.onMapNow(p) {
			return p
		}
	}
	t.Fatal("no enemy combat unit on the map")
	return nil
}

// TestFogShapeIgnoresHiddenEnemies puts an enemy combat unit in each hex
// next to a USA unit in turn: the hexes the USA see stay the same, though
// the real line of sight (LoB 4.2e) is blocked behind the unit.
func TestFogShapeIgnoresHiddenEnemies(t *testing.T) {
	st := newGame(t)
	side := rules.Side("USA")
	enemy := enemyCombatPiece(t, st, side)
	enemy.Hex = "A1.1"
	own := st.piece("Coyle's Brigade")
	if own.Side != side {
		t.Fatalf("Coyle's Brigade is %s", own.Side)
	}
	m := &st.scn.Map
	base := st.seenBy(side)
	blocked := 0
	for _, h := range m.adjacentHexes(own.Hex) {
		enemy.Hex = h
		if got := st.seenBy(side); !slices.Equal(got, base) {
			t.Errorf("an enemy unit in %s changes which hexes the USA see", h)
		}
		all := m.sight.blockersFor(side, st.sightUnits())
		for _, x := range m.Hexes {
			if m.distance(own.Hex, x.ID) > 3 {
				continue
			}
			shot := Shot{Side: side}
			if m.sight.lineOfSight(m.axial(own.Hex), m.axial(x.ID), shot, nil).Clear &&
				!m.sight.lineOfSight(m.axial(own.Hex), m.axial(x.ID), shot, all).Clear {
				blocked++
			}
		}
	}
	if blocked == 0 {
		t.Fatal("no placed enemy unit blocked a real line of sight: the test shows nothing")
	}
}
