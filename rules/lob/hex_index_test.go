package lob

import (
	"math/rand/v2"
	"slices"
	"testing"

	"galloper/rules/hex"
)

// Every test of the package checks the hex index against the counters at
// each look-up (hex_index.go).
func init() { checkHexIndex = true }

// measured turns the check off for a benchmark, which measures the index
// itself, not the search that checks it.
func measured(b *testing.B) {
	checkHexIndex = false
	b.Cleanup(func() { checkHexIndex = true })
}

// TestSightBlockersAgree holds the blockers read from the hex index to
// those blockersFor marks from every counter, for every hex and side, in
// the shipped positions and the scaling benchmark's before and after its
// Activity Phase (units moved, fired on, some Routed).
func TestSightBlockersAgree(t *testing.T) {
	big, after := scaleActivity(t, 80)
	blocking := 0
	for _, st := range append(shippedStates(t), big, after) {
		g := st.scn.Map.sight
		for _, sd := range st.scn.Sides {
			want, got := g.blockersFor(sd.Side, st.sightUnits()), st.sightBlockers(sd.Side)
			if got.at == nil {
				t.Fatalf("%s: blockers not read from the index", st.scn.Name)
			}
			for i := range g.ids {
				if got.friendAt(i) != want.friend[i] || got.enemyAt(i) != want.enemy[i] {
					t.Fatalf("%s: %s blockers at %s differ", st.scn.Name, sd.Side, g.ids[i])
				}
				if want.friend[i] {
					blocking++
				}
			}
		}
	}
	if blocking < 100 {
		t.Fatalf("only %d blocking hexes in all the positions: the test tests little", blocking)
	}
}

// TestHQNamesAgree holds the HQ names index to boltedIn and to the search
// orderedHQMoves made (the first Command with an HQ counter of a name
// given), for every counter alone and for random groups of counters, in
// the shipped positions, with and without accepted orders.
func TestHQNamesAgree(t *testing.T) {
	firstHQ := func(s *State, names []string) *Command {
		for _, c := range s.scn.commands() {
			if !c.NoHQ && slices.Contains(names, c.HQName()) {
				return c
			}
		}
		return nil
	}
	rng := rand.New(rand.NewPCG(25, 2))
	bolted, hqs := 0, 0
	for _, st := range append(shippedStates(t), scaleState(t, 80)) {
		for round := 0; round < 2; round++ {
			if round == 1 { // every Command without an accepted order
				st = st.clone()
				st.doc.Orders = nil
			}
			x := st.newHQNames()
			var all []string
			for _, p := range st.doc.Pieces {
				all = append(all, p.Name)
			}
			groups := [][]string{}
			for _, n := range all {
				groups = append(groups, []string{n})
			}
			for range 300 {
				g := []string{}
				for k := 1 + rng.IntN(4); k > 0; k-- {
					g = append(g, all[rng.IntN(len(all))])
				}
				groups = append(groups, g)
			}
			for _, g := range groups {
				gn, gc := x.boltedIn(st, g)
				wn, wc := st.boltedIn(g)
				if gn != wn || gc != wc {
					t.Fatalf("%s: boltedIn(%q): index gives %q, search %q", st.scn.Name, g, gn, wn)
				}
				if got, want := x.hqOf(g), firstHQ(st, g); got != want {
					t.Fatalf("%s: HQ named in %q differs", st.scn.Name, g)
				}
				if wn != "" {
					bolted++
				}
				if firstHQ(st, g) != nil {
					hqs++
				}
			}
		}
	}
	if bolted < 20 || hqs < 20 {
		t.Fatalf("only %d bolted and %d HQ groups: the test tests little", bolted, hqs)
	}
}

// TestAreaMarksAgree holds the grouped no-orders area to the whole one:
// beyond gives the same answer on the marks near keeps as on all of them,
// for every step between neighbouring hexes of the map, for the areas of
// every Command of the shipped positions and the scaling benchmark's, and
// for random areas (reaches from 0 to beyond the map, ids as the map
// writes them and otherwise).
func TestAreaMarksAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 3))
	crossed := 0
	for _, st := range append(shippedStates(t), scaleState(t, 80)) {
		m := &st.scn.Map
		var areas []NoOrdersArea
		for _, c := range st.scn.commands() {
			a, _ := st.noOrdersArea(c)
			areas = append(areas, a)
		}
		for range 4 {
			var a NoOrdersArea
			for k := rng.IntN(60); k > 0; k-- {
				h := m.Hexes[rng.IntN(len(m.Hexes))].ID
				if rng.IntN(10) == 0 {
					h = []string{"", "x", "B01.01", "A0.0", "A999.999"}[rng.IntN(5)]
				}
				a.Marks = append(a.Marks, AreaMark{Hex: h, Reach: rng.IntN(m.Cols + 3)})
			}
			areas = append(areas, a)
		}
		for _, a := range areas {
			x := newAreaMarks(m, a)
			for _, h := range m.Hexes {
				near := x.near(m, h.ID)
				for _, from := range m.adjacentHexes(h.ID) {
					got, want := near.beyond(m, from, h.ID), a.beyond(m, from, h.ID)
					if got != want {
						t.Fatalf("%s: step %s to %s: grouped marks give %q, all marks %q", st.scn.Name, from, h.ID, got, want)
					}
					if want != "" {
						crossed++
					}
				}
			}
		}
	}
	if crossed < 1000 {
		t.Fatalf("only %d steps cross a forward line: the test tests little", crossed)
	}
}

// TestIdAtIsHexID holds idAt to hexID for every hex of the shipped maps
// and the scaling benchmark's, and for hexes just off them.
func TestIdAtIsHexID(t *testing.T) {
	n := 0
	for _, st := range append(shippedStates(t), scaleState(t, 40)) {
		m := &st.scn.Map
		for c := -1; c <= m.Cols+2; c++ {
			for r := -1; r <= m.Rows+2; r++ {
				a := hex.Offset{Col: c, Row: r}.ToAxial()
				if got, want := m.idAt(a), m.hexID(a.ToOffset()); got != want {
					t.Fatalf("%s: idAt(%d, %d) = %q, hexID gives %q", st.scn.Name, c, r, got, want)
				}
				n++
			}
		}
	}
	if n < 1000 {
		t.Fatalf("only %d hexes tried", n)
	}
}
