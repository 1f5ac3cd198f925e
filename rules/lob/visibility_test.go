package lob

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"galloper/rules"
	"galloper/rules/hex"
)

// smallGame starts a game on testdata/small.yaml.
func smallGame(t *testing.T) *State {
	t.Helper()
	return stateOn(t, scenarioFrom(t, "testdata/small.yaml", smallScenario(t)), shippedPack(t))
}

// flatMap is a map of clear ground at level 0.
func flatMap(t testing.TB, cols, rows int) *Map {
	var ts, ls []string
	for r := 0; r < rows; r++ {
		ts, ls = append(ts, strings.Repeat(".", cols)), append(ls, strings.Repeat("0", cols))
	}
	return gridMap(t, ts, ls, nil)
}

func countSeen(seen []bool) int {
	n := 0
	for _, s := range seen {
		if s {
			n++
		}
	}
	return n
}

func TestLoB4_3VisibilityLimitsSight(t *testing.T) {
	m := flatMap(t, 15, 15)
	eye := m.axial("A8.8")
	for vis := 0; vis <= 4; vis++ {
		seen := m.sight.visible([]hex.Axial{eye}, vis, Shot{Side: "CSA"}, nil)
		if want := 1 + 3*vis*(vis+1); countSeen(seen) != want {
			t.Errorf("visibility %d: %d hexes seen, want %d", vis, countSeen(seen), want)
		}
		for i, h := range m.Hexes {
			if seen[i] != (hex.Distance(eye, h.At.ToAxial()) <= vis) {
				t.Fatalf("visibility %d: %s seen = %v", vis, h.ID, seen[i])
			}
		}
	}
}

func TestVisibilityFollowsLineOfSight(t *testing.T) {
	// A wood two hexes north of the eye hides what lies behind it.
	m := strip(t, "..w.....", "00000000", nil)
	seen := m.sight.visible([]hex.Axial{m.axial("A2.1")}, 8, Shot{Side: "CSA"}, nil)
	for id, want := range map[string]bool{"A2.2": true, "A2.3": true, "A2.4": false, "A2.8": false, "A4.4": true} {
		h, _ := m.Hex(id)
		i := m.sight.index(h.At.ToAxial())
		if seen[i] != want {
			t.Errorf("%s seen = %v, want %v (%v)", id, seen[i], want,
				m.sight.lineOfSight(m.axial("A2.1"), m.axial(id), Shot{Side: "CSA"}, nil))
		}
	}
}

func TestLoB2_3NightVisibilityIsTwo(t *testing.T) {
	st := smallGame(t)
	st.doc.Segment = 8 // turn 5, 20:00: the first Night turn
	if st.scn.visibility(st.Segment().Turn) != 2 {
		t.Fatalf("turn %d visibility %d", st.Segment().Turn, st.scn.visibility(st.Segment().Turn))
	}
	seen := st.seenBy("CSA")
	for i, h := range st.scn.Map.Hexes {
		near := false
		for _, p := range st.doc.Pieces {
			if p.Side == "CSA" && st.scn.Map.distance(p.Hex, h.ID) <= 2 {
				near = true
			}
		}
		if seen[i] && !near {
			t.Errorf("at night the CSA see %s, more than 2 hexes from all their counters", h.ID)
		}
	}
}

// TestLoB2_4FogShowsOnlyTheTopCombatUnit: of an enemy stack in sight a
// player sees the leaders and HQs and the top combat unit only.
func TestLoB2_4FogShowsOnlyTheTopCombatUnit(t *testing.T) {
	st := newGame(t)
	for _, n := range []string{"Coyle's Brigade", "Vance's Brigade", "Fairfax", "Fairfax's Division HQ"} {
		st.setHex(st.piece(n), "A5.4") // next to Ames' Brigade at A4.3
	}
	names := func(side rules.Side) map[string]bool {
		got := map[string]bool{}
		for _, u := range New().View(st, side).Map.Units {
			got[u.Name] = true
		}
		return got
	}
	csa := names("CSA")
	if !csa["Coyle's Brigade"] || csa["Vance's Brigade"] || !csa["Fairfax"] || !csa["Fairfax's Division HQ"] {
		t.Errorf("the CSA see %v", csa)
	}
	for _, side := range []rules.Side{"USA", ""} {
		if got := names(side); !got["Coyle's Brigade"] || !got["Vance's Brigade"] {
			t.Errorf("%q does not see both brigades: %v", side, got)
		}
	}
}

func TestViewCarriesHexsides(t *testing.T) {
	v := New().View(smallGame(t), "USA")
	if len(v.Map.Hexsides) != 11 {
		t.Fatalf("%d hexsides", len(v.Map.Hexsides))
	}
	dip := v.Map.Hexsides[9]
	if dip != (rules.HexsideView{A: "A5.2", B: "A5.1", Kind: "dip"}) {
		t.Errorf("dip %+v: a directional hexside faces from A to B", dip)
	}
}

// benchMap generates a 60x40 map: rolling ground of levels 0-7 with woods,
// orchards and towns in patches, crests on the hilltops and 300 units,
// CSA in the west and USA in the east. It is deterministic.
func benchMap(b *testing.B) (*Map, []sightUnit) {
	const cols, rows = 60, 40
	seed := uint32(2463534242)
	next := func() uint32 { // xorshift32
		seed ^= seed << 13
		seed ^= seed >> 17
		seed ^= seed << 5
		return seed
	}
	var ts, ls []string
	var crests []string
	for r := rows; r >= 1; r-- {
		tr, lr := make([]byte, cols), make([]byte, cols)
		for c := 1; c <= cols; c++ {
			x, y := float64(c), float64(r)
			level := 3.5 + 2*math.Sin(x/7)*math.Cos(y/5) + 1.5*math.Sin(y/9+1)*math.Cos(x/11)
			lr[c-1] = byte('0' + min(7, max(0, int(level))))
			switch n := next() % 100; {
			case n < 14:
				tr[c-1] = 'w'
			case n < 18:
				tr[c-1] = 'o'
			case n < 20:
				tr[c-1] = 't'
			default:
				tr[c-1] = '.'
			}
			if level >= 6.5 {
				crests = append(crests, fmt.Sprintf("A%d.%d", c, r))
			}
		}
		ts, ls = append(ts, string(tr)), append(ls, string(lr))
	}
	m := gridMap(b, ts, ls, crests)
	var us []sightUnit
	for i := 0; i < 300; i++ {
		side, col := rules.Side("CSA"), 1+int(next()%30)
		if i%2 == 1 {
			side, col = "USA", 31+int(next()%30)
		}
		o := hex.Offset{Col: col, Row: 1 + int(next()%rows)}
		us = append(us, sightUnit{Side: side, At: o.ToAxial(), Combat: i%5 != 0})
	}
	return m, us
}

// BenchmarkVisibility computes full visibility for both sides (LoB 4.3:
// every hex each side sees) on a generated 60x40 map with 300 units.
func BenchmarkVisibility(b *testing.B) {
	measured(b)
	m, us := benchMap(b)
	for _, vis := range []int{5, 10, 20} {
		b.Run(fmt.Sprintf("visibility=%d", vis), func(b *testing.B) {
			seen := 0
			for b.Loop() {
				seen = 0
				for _, side := range []rules.Side{"CSA", "USA"} {
					var eyes []hex.Axial
					for _, u := range us {
						if u.Side == side {
							eyes = append(eyes, u.At)
						}
					}
					seen += countSeen(m.sight.visible(eyes, vis, Shot{Side: side}, m.sight.blockersFor(side, us)))
				}
			}
			b.ReportMetric(float64(seen)/2, "hexes-seen/side")
		})
	}
}
