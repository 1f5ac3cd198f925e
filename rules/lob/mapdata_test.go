package lob

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

func smallScenario(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile("testdata/small.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestSmallScenarioLoadsEveryPart(t *testing.T) {
	s, err := parseScenario("testdata/small.yaml", smallScenario(t))
	if err != nil {
		t.Fatal(err)
	}
	m := &s.Map
	for id, crest := range map[string]bool{"A5.4": true, "A5.5": true, "A4.4": false} {
		if h, _ := m.Hex(id); h.Crest != crest {
			t.Errorf("%s crest = %v", id, h.Crest)
		}
	}
	for id, slope := range map[string]bool{"A4.3": true, "A5.3": true, "A6.3": false} {
		if h, _ := m.Hex(id); h.Slope != slope {
			t.Errorf("%s Slope hex = %v (LoB 1.7b)", id, h.Slope)
		}
	}
	if len(m.Hexsides) != 11 {
		t.Fatalf("%d hexsides: %+v", len(m.Hexsides), m.Hexsides)
	}
	kinds := map[string]int{}
	for _, hs := range m.Hexsides {
		kinds[hs.Kind]++
	}
	for k := range hexsideKinds {
		if kinds[k] == 0 {
			t.Errorf("no %s hexside loaded", k)
		}
	}
	if hs := m.Hexsides[9]; hs.Kind != SideDip || hs.A != "A5.2" || hs.B != "A5.1" {
		t.Errorf("a dip keeps its direction, uphill A to downhill B: %+v", hs)
	}
	if m.Hexsides[0].Name != "Small Run" || m.Roads[0].Type != "pike" {
		t.Errorf("names and types: %+v %+v", m.Hexsides[0], m.Roads[0])
	}
	if len(s.Victory) != 1 || s.Victory[0] != (VictoryLocation{Name: "Hill", Hex: "A5.4", Points: 2}) {
		t.Errorf("victory %+v", s.Victory)
	}
	if r := s.Reinforcements; len(r) != 2 || r[0].Turn != 2 || r[0].Side != "CSA" || r[1].Entry != "A6.1" ||
		r[1].Units[0].Name != "Late Brigade" || r[1].Units[0].Hex != "A6.1" {
		t.Errorf("reinforcements, by turn: %+v", r)
	}
	// 19:00 start, 15-minute turns, nightfall 20:00: turn 5 is the first Night turn.
	if s.night(4) || !s.night(5) || s.visibility(4) != 5 || s.visibility(5) != 2 {
		t.Errorf("night: turn 4 %v (%d hexes), turn 5 %v (%d hexes)", s.night(4), s.visibility(4), s.night(5), s.visibility(5))
	}
}

// TestBrokenMapDataNamesFileHexAndField breaks small.yaml one way at a time
// and checks that the error names the file, the entry and the problem.
func TestBrokenMapDataNamesFileHexAndField(t *testing.T) {
	good := smallScenario(t)
	cases := []struct{ name, from, to, want string }{
		{"hexes not adjacent", "at: [A2.1-A3.1,", "at: [A2.1-A4.1,", "hexsides[0]: A2.1-A4.1: hexes are not adjacent"},
		{"same hex twice", "at: [A2.1-A3.1,", "at: [A2.1-A2.1,", "hexsides[0]: A2.1-A2.1: hexes are not adjacent"},
		{"hexside off the map", "at: [A4.2-A5.2]", "at: [A4.2-A9.2]", `hexsides[4]: A4.2-A9.2: "A9.2" is not a hex of this map`},
		{"hexside without a dash", "at: [A4.2-A5.2]", "at: [A4.2 A5.2]", `hexsides[4]: "A4.2 A5.2": write a hexside as two hex ids joined by a dash`},
		{"unknown hexside kind", "kind: wall", "kind: fence", `hexsides[4]: field kind: unknown kind "fence"`},
		{"no hexsides listed", "at: [A4.2-A5.2]", "at: []", "hexsides[4]: field at: list at least one hexside"},
		{"ford off the creek", "at: [A2.2-A3.2]\n", "at: [A3.2-A4.2]\n", "hexsides[1]: A3.2-A4.2: a ford needs a creek or stream on the same hexside"},
		{"two crossings on one hexside", "at: [A2.3-A3.3]\n", "at: [A3.2-A2.2]\n", "hexsides[2]: A3.2-A2.2: already has a ford or bridge (hexsides[1])"},
		{"creek and stream on one hexside", "at: [A1.4-A1.5]", "at: [A3.1-A2.1]", "hexsides[8]: A3.1-A2.1: already has a creek or stream (hexsides[0])"},
		{"crest off the map", "crests: [A5.4, A5.5]", "crests: [A5.4, A5.9]", `crests[1]: "A5.9" is not a hex of this map`},
		{"crest twice", "crests: [A5.4, A5.5]", "crests: [A5.4, A5.4]", "crests[1]: hex A5.4 is listed twice"},
		{"road type", "type: pike", "type: highway", `roads "Pike": field type: "highway" is not one of pike, railroad, road, trail`},
		{"creek type", "type: creek\n      hexes", "type: canal\n      hexes", `creeks "Small Run": field type: "canal" is not one of creek, river, run, stream`},
		{"victory hex", "hex: A5.4, points: 2", "hex: A7.4, points: 2", `victory[0] "Hill": field hex: "A7.4" is not a hex of this map`},
		{"victory points", "hex: A5.4, points: 2", "hex: A5.4, points: 0", `victory[0] "Hill": field points: want a positive number, got 0`},
		{"entry inland", "entry: A6.1", "entry: A3.3", "reinforcements[0]: field entry: A3.3 is not on the map edge (LoB 3.7)"},
		{"entry off the map", "entry: A6.1", "entry: A6.0", `reinforcements[0]: field entry: "A6.0" is not a hex of this map`},
		{"arrival after the last turn", "turn: 3", "turn: 9", "reinforcements[0]: field turn: 9 is not a turn of this scenario (1 to 8)"},
		{"arrival for the enemy's Command", "command: Blue Division", "command: Grey Division", `reinforcements[0]: field command: "Grey Division" is not a USA Command`},
		{"arrival for an unknown side", "side: USA\n    command", "side: UK\n    command", `reinforcements[0]: field side: "UK" is not a side of this scenario`},
		{"arrival with a used name", "name: Late Brigade", "name: Ash's Brigade", `reinforcements[0]: name "Ash's Brigade" is already used`},
		{"arrival without units", "      - {name: Early Brigade, sp: 9, morale: B}\n", "      []\n", "reinforcements[1]: field units: list the units that arrive"},
		{"arrival morale", "sp: 8, morale: C", "sp: 8, morale: G", `reinforcements[0], unit "Late Brigade": fields sp and morale`},
		{"nightfall", `nightfall: "20:00"`, `nightfall: "dusk"`, `field nightfall: "dusk" is not a clock time like 20:15`},
		{"elevation", `"000112"   # row 1`, `"00011x"   # row 1`, "hex A6.1: field elevation"},
		{"unknown field", "crests: [A5.4, A5.5]", "crest: [A5.4, A5.5]", "testdata/broken.yaml: line 33: field crest not found"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := brokenScenario(t, good, c.from, c.to)
			if err == nil {
				t.Fatalf("no error, want %q", c.want)
			}
			for _, line := range strings.Split(err.Error(), "\n") {
				if !strings.HasPrefix(line, "testdata/broken.yaml: ") {
					t.Errorf("error line %q does not name the file", line)
				}
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q, want it to contain %q", err, c.want)
			}
		})
	}
}

func TestLoaderReportsEveryProblemAtOnce(t *testing.T) {
	bad := bytes.Replace(smallScenario(t), []byte("at: [A4.2-A5.2]"), []byte("at: [A4.2-A9.2]"), 1)
	bad = bytes.Replace(bad, []byte("entry: A6.1"), []byte("entry: A3.3"), 1)
	bad = bytes.Replace(bad, []byte("points: 2"), []byte("points: -1"), 1)
	_, err := parseScenario("testdata/broken.yaml", bad)
	if err == nil || strings.Count(err.Error(), "\n") != 2 {
		t.Fatalf("want three problems, one a line: %v", err)
	}
}
