package lob

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"

	"galloper/rules"
	"galloper/rules/hex"
	"galloper/rules/hexmap"

	"pgregory.net/rapid"
)

// gridMap builds a map with the scenario loader from grids written top row
// first, as in a scenario file.
func gridMap(t testing.TB, terrain, elevation []string, crests []string, sides ...hexsideGroup) *Map {
	t.Helper()
	v := &loader{file: "test"}
	m := v.mapData(&mapFile{File: hexmap.File{Name: "test", Letter: "A", Cols: len(terrain[0]), Rows: len(terrain),
		Terrain: terrain, Elevation: elevation, Crests: crests, Hexsides: sides}})
	if err := v.err(); err != nil {
		t.Fatal(err)
	}
	return &m
}

// strip builds a 4-column map whose column 2 has the given terrain and
// levels, written from row 1 (the bottom) up; every other hex is clear
// ground at level 0. A line up column 2 runs through hex centres.
func strip(t testing.TB, terrain, levels string, crests []string, sides ...hexsideGroup) *Map {
	t.Helper()
	var ts, ls []string
	for r := len(terrain) - 1; r >= 0; r-- {
		ts = append(ts, "."+terrain[r:r+1]+"..")
		ls = append(ls, "0"+levels[r:r+1]+"00")
	}
	return gridMap(t, ts, ls, crests, sides...)
}

// unit is a combat unit for line of sight tests.
func unit(m *Map, side rules.Side, id string) sightUnit {
	return sightUnit{Side: side, At: m.axial(id), Combat: true}
}

// sight traces a line of sight for the CSA between two hex ids.
func sight(m *Map, from, to string, smallArms bool, units ...sightUnit) Sight {
	shot := Shot{SmallArms: smallArms, Side: "CSA"}
	return m.sight.lineOfSight(m.axial(from), m.axial(to), shot, m.sight.blockersFor("CSA", units))
}

// idAt names the hex at an axial offset from a hex.
func idAt(m *Map, from string, d hex.Axial) string { return m.hexID(m.axial(from).Add(d).ToOffset()) }

func expect(t *testing.T, got Sight, clear bool, rule string) {
	t.Helper()
	if got.Clear != clear || got.Rule != rule {
		t.Errorf("got %v, want clear=%v by %s", got, clear, rule)
	}
}

func TestLOSDataLoads(t *testing.T) {
	if _, err := parseLOS("charts/los.yaml", losFile); err != nil {
		t.Fatal(err)
	}
	if losData.ShortRange != 4 || losData.NightVisibility != 2 || losData.Obstacle["woods"] != 3 ||
		losData.Obstacle["orchard"] != 1 || losData.Obstacle["town"] != 2 || losData.Obstacle["crest"] != 1 || losData.EndPoint["crest"] != 1 {
		t.Fatalf("LoB 4.0 modifiers: %+v", losData)
	}
	for _, c := range []struct{ from, to, want string }{
		{"  - {diff: 0,  slopes: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]}\n", "", "want 11 rows"},
		{"[10, 5, 3, 3, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]", "[10, 5, 3]", "slope_table[9] (diff 1): want 16 slopes, got 3"},
		{"{diff: 1,", "{diff: 2,", "slope_table[9]: diff 2 is out of range or repeated"},
		{"  town: 2\n", "", "obstacle: town: want a positive modifier"},
	} {
		bad := bytes.Replace(losFile, []byte(c.from), []byte(c.to), 1)
		if _, err := parseLOS("charts/los.yaml", bad); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want %q", err, c.want)
		}
	}
}

// TestSlopeTableMatchesItsDesignNote checks every cell of the embedded
// Slope Table against the principle the LoB 4.1 design note gives: the
// slope in "modified degrees" from the Lower End Point, with 20-foot levels
// (LoB 1.1) and 110-yard hexes: round(3 * atan(20 diff / (330 range))).
func TestSlopeTableMatchesItsDesignNote(t *testing.T) {
	for diff := 0; diff <= 10; diff++ {
		for rng := 1; rng <= 16; rng++ {
			want := int(math.Round(3 * 180 / math.Pi * math.Atan(20*float64(diff)/(330*float64(rng)))))
			if got := slopeOf(diff, rng); got != want {
				t.Errorf("diff %d range %d: table %d, design note %d", diff, rng, got, want)
			}
		}
	}
	if slopeOf(14, 30) != slopeOf(10, 16) || slopeOf(-2, 3) != 0 {
		t.Error("the 10+ row and the 16+ column clamp")
	}
}

// TestLoB4_1SlopeTableExample is the worked example of LoB 4.1.
func TestLoB4_1SlopeTableExample(t *testing.T) {
	if slopeOf(5, 7) != 7 || slopeOf(3, 4) != 8 || slopeOf(3, 5) != 6 {
		t.Fatalf("Overall Slope %d, Obstacle Slopes %d and %d; want 7, 8 and 6", slopeOf(5, 7), slopeOf(3, 4), slopeOf(3, 5))
	}
	// A 5 level difference in a 7 hex shot, Woods on ground at the Lower
	// End Point's level 4 hexes from it: Blocked.
	m := strip(t, "....w...", "00000005", nil)
	got := sight(m, "A2.1", "A2.8", false)
	expect(t, got, false, "LoB 4.1")
	if got.At != "A2.5" || got.What != "woods" || !strings.Contains(got.String(), "Obstacle Slope is greater") {
		t.Errorf("blocked by %v", got)
	}
	expect(t, sight(m, "A2.8", "A2.1", false), false, "LoB 4.1")
	// The same Woods 5 hexes from the Lower End Point: Clear.
	m = strip(t, ".....w..", "00000005", nil)
	expect(t, sight(m, "A2.1", "A2.8", false), true, "LoB 4.1")
}

func TestLoB4_0ObstacleHigherThanHigherEndPointBlocks(t *testing.T) {
	got := sight(strip(t, "..........", "1000300001", nil), "A2.1", "A2.10", false)
	expect(t, got, false, "LoB 4.0")
	if got.What != "rising ground" || got.At != "A2.5" {
		t.Errorf("blocked by %v", got)
	}
	expect(t, sight(strip(t, "..........", "1000100001", nil), "A2.1", "A2.10", false), true, "LoB 4.1")
	got = sight(strip(t, "....w.....", "1000000001", nil), "A2.1", "A2.10", false)
	expect(t, got, false, "LoB 4.0")
	if got.What != "woods" {
		t.Errorf("blocked by %v", got)
	}
}

func TestLoB4_0ShortRangeAnythingBlocks(t *testing.T) {
	// Woods below the Higher End Point, at range 4: Blocked, though the
	// Slope Table would let a longer line pass over them.
	expect(t, sight(strip(t, "...w.", "00003", nil), "A2.1", "A2.5", false), false, "LoB 4.0")
	expect(t, sight(strip(t, ".....", "00003", nil), "A2.1", "A2.5", false), true, "LoB 4.0")
	// A separate rise of two levels near the Lower End Point.
	got := sight(strip(t, ".....", "02003", nil), "A2.1", "A2.5", false)
	expect(t, got, false, "LoB 4.0")
	if got.At != "A2.2" || got.What != "rising ground" {
		t.Errorf("blocked by %v", got)
	}
	// Woods lower than both End Points are under the line everywhere.
	expect(t, sight(strip(t, "..w..", "40004", nil), "A2.1", "A2.5", false), true, "LoB 4.0")
}

func TestLoB4_0SmallArmsUseTheShortRangeTest(t *testing.T) {
	m := strip(t, ".....w..", "00000005", nil) // Clear for artillery (LoB 4.1 example)
	expect(t, sight(m, "A2.1", "A2.8", false), true, "LoB 4.1")
	expect(t, sight(m, "A2.1", "A2.8", true), false, "LoB 4.0")
}

func TestLoB4_0NothingInAnEndPointHexIsAnObstacle(t *testing.T) {
	m := strip(t, "w..t", "0000", nil)
	expect(t, sight(m, "A2.1", "A2.4", true), true, "LoB 4.0")
	m = strip(t, "w....", "00000", nil, hexsideGroup{Kind: SideWoods, At: []string{"A2.1-A2.2"}})
	expect(t, sight(m, "A2.1", "A2.5", true), true, "LoB 4.0")
}

func TestLoB4_0CrestRaisesAnEndPoint(t *testing.T) {
	// Range 8, a Town (+2) 4 hexes from the Lower End Point: Obstacle Slope
	// 5 against an Overall Slope of 4 (3 levels), or of 5 from a Crest.
	expect(t, sight(strip(t, "....t....", "000000003", nil), "A2.1", "A2.9", false), false, "LoB 4.1")
	expect(t, sight(strip(t, "....t....", "000000003", []string{"A2.9"}), "A2.1", "A2.9", false), true, "LoB 4.1")
}

func TestLoB4_0CrestRaisesAnObstacle(t *testing.T) {
	expect(t, sight(strip(t, ".........", "000010003", nil), "A2.1", "A2.9", false), true, "LoB 4.1")
	got := sight(strip(t, ".........", "000010003", []string{"A2.5"}), "A2.1", "A2.9", false)
	expect(t, got, false, "LoB 4.1")
	if got.What != "crest" {
		t.Errorf("blocked by %v", got)
	}
}

func TestLoB4_2aAlwaysSeeAdjacent(t *testing.T) {
	m := strip(t, "ww", "09", nil, hexsideGroup{Kind: SideDip, At: []string{"A2.2-A2.1"}})
	expect(t, sight(m, "A2.1", "A2.2", true), true, "LoB 4.2a")
	expect(t, sight(m, "A2.2", "A2.1", false), true, "LoB 4.2a")
}

func TestLoB4_2bSuddenDips(t *testing.T) {
	// A2.3 lies inside a Sudden Dip on its hexside with A2.4.
	m := strip(t, "........", "00000000", nil, hexsideGroup{Kind: SideDip, At: []string{"A2.4-A2.3"}})
	expect(t, sight(m, "A2.6", "A2.3", false), false, "LoB 4.2b") // no one sees into it
	expect(t, sight(m, "A2.3", "A2.6", false), false, "LoB 4.2b") // nor out of it beyond 1 hex
	expect(t, sight(m, "A2.4", "A2.3", false), true, "LoB 4.2a")  // adjacent to the hexside
	expect(t, sight(m, "A2.1", "A2.3", false), true, "LoB 4.0")   // the line does not cross it
	expect(t, sight(m, "A2.6", "A2.4", false), true, "LoB 4.0")   // the uphill side is not hidden
	// A line leaving A2.3 along a hexside from a corner of the dip hexside
	// crosses that corner; one leaving by the far corners does not.
	expect(t, sight(m, "A2.3", idAt(m, "A2.3", hex.Axial{Q: 1, R: 1}), false), false, "LoB 4.2b")
	expect(t, sight(m, "A2.3", idAt(m, "A2.3", hex.Axial{Q: 2, R: -1}), false), true, "LoB 4.0")
}

func TestLoB4_2cSameHill(t *testing.T) {
	// Firing down the slope of one's own hill at range 4: the lower ground
	// of that slope is ignored.
	expect(t, sight(strip(t, ".....", "01234", nil), "A2.5", "A2.1", true), true, "LoB 4.0")
	// A ripple on the slope is ignored too.
	expect(t, sight(strip(t, ".....", "01324", nil), "A2.5", "A2.1", true), true, "LoB 4.0")
	// Ground rising for another hill ends it.
	got := sight(strip(t, ".....", "03214", nil), "A2.5", "A2.1", true)
	expect(t, got, false, "LoB 4.0")
	if got.At != "A2.2" {
		t.Errorf("blocked by %v", got)
	}
	// A modified Height (an Orchard) ends it and blocks.
	got = sight(strip(t, ".o...", "01234", nil), "A2.5", "A2.1", true)
	expect(t, got, false, "LoB 4.0")
	if got.At != "A2.2" || got.What != "orchard" {
		t.Errorf("blocked by %v", got)
	}
	// The Lower End Point has no Same Hill: from A2.1 the line is the same.
	expect(t, sight(strip(t, ".....", "01234", nil), "A2.1", "A2.5", true), true, "LoB 4.0")
}

func TestLoB4_2dOrchards(t *testing.T) {
	expect(t, sight(strip(t, "ooo..", "00000", nil), "A2.1", "A2.5", true), true, "LoB 4.0")
	expect(t, sight(strip(t, "..ooo", "00000", nil), "A2.1", "A2.5", true), true, "LoB 4.0")
	got := sight(strip(t, "o.o..", "00000", nil), "A2.1", "A2.5", true)
	expect(t, got, false, "LoB 4.0")
	if got.At != "A2.3" || got.What != "orchard" {
		t.Errorf("blocked by %v", got)
	}
}

func TestLoB4_2eUnitsAndLOS(t *testing.T) {
	m := strip(t, "........", "00000000", nil)
	for _, side := range []rules.Side{"CSA", "USA"} {
		got := sight(m, "A2.1", "A2.4", false, unit(m, side, "A2.2"))
		expect(t, got, false, "LoB 4.2e")
		if got.At != "A2.2" {
			t.Errorf("blocked by %v", got)
		}
	}
	leader := unit(m, "USA", "A2.2")
	leader.Combat = false
	expect(t, sight(m, "A2.1", "A2.4", false, leader), true, "LoB 4.0")
	skirmishers := unit(m, "USA", "A2.2")
	skirmishers.OpenOrder = true
	expect(t, sight(m, "A2.1", "A2.4", true, skirmishers), true, "LoB 4.0")
	// Range 5: units block a Small Arms shot only.
	expect(t, sight(m, "A2.1", "A2.6", false, unit(m, "USA", "A2.3")), true, "LoB 4.1")
	expect(t, sight(m, "A2.1", "A2.6", true, unit(m, "USA", "A2.3")), false, "LoB 4.2e")
}

func TestLoB4_2eUnitsOnAHexside(t *testing.T) {
	m := strip(t, "........", "00000000", nil)
	to := idAt(m, "A2.3", hex.Axial{Q: 1, R: 1}) // the line runs along the A2.4/A3.4 hexside
	beside := idAt(m, "A2.3", hex.Axial{Q: 1, R: 0})
	if beside != "A3.4" || to != "A3.5" {
		t.Fatalf("geometry: %s %s", beside, to)
	}
	expect(t, sight(m, "A2.3", to, false, unit(m, "USA", "A3.4")), false, "LoB 4.2e")
	expect(t, sight(m, "A2.3", to, false, unit(m, "CSA", "A3.4")), true, "LoB 4.0")
	expect(t, sight(m, "A2.3", to, false, unit(m, "CSA", "A3.4"), unit(m, "CSA", "A2.4")), false, "LoB 4.2e")
}

// TestRulingA1LineAlongAHexside: where the line runs exactly along a
// hexside, it is Clear if either side of it is (docs/maps.md).
func TestRulingA1LineAlongAHexside(t *testing.T) {
	for _, c := range []struct {
		woods []string
		clear bool
	}{{nil, true}, {[]string{"A3.4"}, true}, {[]string{"A2.4"}, true}, {[]string{"A2.4", "A3.4"}, false}} {
		terrain := []string{"....", "....", "....", "....", "....", "....", "....", "...."}
		for _, id := range c.woods {
			o, _, _ := parseHexID(id)
			row := []byte(terrain[len(terrain)-o.Row])
			row[o.Col-1] = 'w'
			terrain[len(terrain)-o.Row] = string(row)
		}
		m := gridMap(t, terrain, []string{"0000", "0000", "0000", "0000", "0000", "0000", "0000", "0000"}, nil)
		if got := sight(m, "A2.3", "A3.5", false); got.Clear != c.clear {
			t.Errorf("woods in %v: %v, want clear=%v", c.woods, got, c.clear)
		}
	}
}

// TestRulingUnitsInAHollowAreFiredOver: a unit stands on the line only
// when its ground is at least as high as the Lower End Point.
func TestRulingUnitsInAHollowAreFiredOver(t *testing.T) {
	m := strip(t, "....", "2022", nil)
	expect(t, sight(m, "A2.1", "A2.4", true, unit(m, "USA", "A2.2")), true, "LoB 4.0")
	expect(t, sight(m, "A2.1", "A2.4", true, unit(m, "USA", "A2.3")), false, "LoB 4.2e")
}

// randomMap draws a small map with every kind of terrain, levels, crests
// and Sudden Dips, and some units.
func randomMap(t *rapid.T, flat bool) (*Map, []sightUnit) {
	cols, rows := rapid.IntRange(2, 9).Draw(t, "cols"), rapid.IntRange(2, 9).Draw(t, "rows")
	var ts, ls []string
	for r := 0; r < rows; r++ {
		tr, lr := "", ""
		for c := 0; c < cols; c++ {
			if flat {
				tr, lr = tr+".", lr+"1"
				continue
			}
			tr += rapid.SampledFrom([]string{".", ".", "w", "o", "t"}).Draw(t, "terrain")
			lr += fmt.Sprint(rapid.IntRange(0, 5).Draw(t, "level"))
		}
		ts, ls = append(ts, tr), append(ls, lr)
	}
	v := &loader{file: "random"}
	f := &mapFile{File: hexmap.File{Name: "random", Letter: "A", Cols: cols, Rows: rows, Terrain: ts, Elevation: ls}}
	m := v.mapData(f)
	if flat {
		return &m, nil
	}
	seen := map[sideKey]bool{}
	for i := rapid.IntRange(0, 6).Draw(t, "dips"); i > 0; i-- {
		a := m.Hexes[rapid.IntRange(0, len(m.Hexes)-1).Draw(t, "dip")].At.ToAxial()
		b := a.Neighbor(rapid.IntRange(0, 5).Draw(t, "dir"))
		if m.onMap(b) && !seen[keyOf(a, b)] {
			seen[keyOf(a, b)] = true
			f.Hexsides = append(f.Hexsides, hexsideGroup{Kind: SideDip, At: []string{m.hexID(a.ToOffset()) + "-" + m.hexID(b.ToOffset())}})
		}
	}
	for i := range m.Hexes {
		if rapid.IntRange(0, 5).Draw(t, "crest") == 0 {
			f.Crests = append(f.Crests, m.Hexes[i].ID)
		}
	}
	m = v.mapData(f)
	if err := v.err(); err != nil {
		t.Fatal(err)
	}
	var us []sightUnit
	for i := rapid.IntRange(0, 8).Draw(t, "units"); i > 0; i-- {
		us = append(us, sightUnit{Side: rapid.SampledFrom([]rules.Side{"CSA", "USA"}).Draw(t, "side"),
			At:     m.Hexes[rapid.IntRange(0, len(m.Hexes)-1).Draw(t, "at")].At.ToAxial(),
			Combat: rapid.Bool().Draw(t, "combat"), OpenOrder: rapid.IntRange(0, 4).Draw(t, "oo") == 0})
	}
	return &m, us
}

func drawHex(t *rapid.T, m *Map, label string) hex.Axial {
	return m.Hexes[rapid.IntRange(0, len(m.Hexes)-1).Draw(t, label)].At.ToAxial()
}

func TestLOSIsSymmetric(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m, us := randomMap(t, false)
		a, b := drawHex(t, m, "a"), drawHex(t, m, "b")
		shot := Shot{SmallArms: rapid.Bool().Draw(t, "small arms"), Side: rapid.SampledFrom([]rules.Side{"CSA", "USA"}).Draw(t, "side")}
		u := m.sight.blockersFor(shot.Side, us)
		ab, ba := m.sight.lineOfSight(a, b, shot, u), m.sight.lineOfSight(b, a, shot, u)
		if ab.Clear != ba.Clear {
			t.Fatalf("%v -> %v: %v; back: %v", a, b, ab, ba)
		}
	})
}

func TestLOSAdjacentIsAlwaysClear(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m, us := randomMap(t, false)
		a := drawHex(t, m, "a")
		b := a.Neighbor(rapid.IntRange(0, 5).Draw(t, "dir"))
		if !m.onMap(b) {
			return
		}
		shot := Shot{SmallArms: rapid.Bool().Draw(t, "small arms"), Side: "USA"}
		if s := m.sight.lineOfSight(a, b, shot, m.sight.blockersFor("USA", us)); !s.Clear || s.Rule != "LoB 4.2a" {
			t.Fatalf("%v -> %v: %v", a, b, s)
		}
	})
}

func TestLOSOnAFlatEmptyMapIsAlwaysClear(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m, _ := randomMap(t, true)
		a, b := drawHex(t, m, "a"), drawHex(t, m, "b")
		shot := Shot{SmallArms: rapid.Bool().Draw(t, "small arms"), Side: "CSA"}
		if s := m.sight.lineOfSight(a, b, shot, nil); !s.Clear {
			t.Fatalf("%v -> %v: %v", a, b, s)
		}
	})
}
