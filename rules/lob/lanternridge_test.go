package lob

import (
	"slices"
	"testing"

	"galloper/rules"
)

func TestEveryScenarioLoads(t *testing.T) {
	for _, name := range scenarioNames {
		s, err := loadScenario(name)
		if err != nil {
			t.Fatal(err)
		}
		if s.Name != name || s.Map.sight == nil {
			t.Errorf("%s: name %q, sight map %v", name, s.Name, s.Map.sight != nil)
		}
	}
	if scenarioNames[0] != DefaultScenario {
		t.Errorf("the default scenario %s is not listed first", DefaultScenario)
	}
}

func lanternRidge(t *testing.T) *Scenario {
	t.Helper()
	s, err := loadScenario("lantern-ridge")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestLanternRidgeMap checks that the sample map has what a scenario
// author and the rules need: every terrain, a ridge of several levels with
// crests, a creek crossed only at fords and a bridge, walls and roads.
func TestLanternRidgeMap(t *testing.T) {
	s := lanternRidge(t)
	m := &s.Map
	if m.Cols != 30 || m.Rows != 22 || m.Name != "Lantern Ridge" || m.Description == "" {
		t.Fatalf("map %q %dx%d", m.Name, m.Cols, m.Rows)
	}
	terrain, levels, crests := map[string]int{}, map[int]bool{}, 0
	for _, h := range m.Hexes {
		terrain[h.Terrain]++
		levels[h.Elevation] = true
		if h.Crest {
			crests++
			if h.Elevation < 4 && h.Place != "Quarry Hill" {
				t.Errorf("crest %s at level %d, off the ridge", h.ID, h.Elevation)
			}
		}
	}
	for _, k := range []string{"clear", "woods", "orchard", "town"} {
		if terrain[k] == 0 {
			t.Errorf("no %s hexes", k)
		}
	}
	if len(levels) < 5 || !levels[0] || !levels[5] || crests < 10 {
		t.Errorf("levels %v, %d crests", levels, crests)
	}
	kinds := map[string]int{}
	for _, hs := range m.Hexsides {
		kinds[hs.Kind]++
	}
	for k, least := range map[string]int{SideCreek: 30, SideFord: 2, SideBridge: 1, SideWall: 5, SideStream: 5,
		SideSlope: 5, SideLedge: 2, SideDip: 3, SideWoods: 10} {
		if kinds[k] < least {
			t.Errorf("%d %s hexsides, want at least %d", kinds[k], k, least)
		}
	}
	types := map[string]bool{}
	for _, r := range m.Roads {
		types[r.Type] = true
		for i := 1; i < len(r.Hexes); i++ {
			var water, crossing bool
			for _, hs := range m.Hexsides {
				if keyOf(m.axial(hs.A), m.axial(hs.B)) == keyOf(m.axial(r.Hexes[i-1]), m.axial(r.Hexes[i])) {
					water = water || hs.Kind == SideCreek || hs.Kind == SideStream
					crossing = crossing || hs.Kind == SideFord || hs.Kind == SideBridge
				}
			}
			if water && !crossing {
				t.Errorf("%s crosses water between %s and %s without a ford or bridge", r.Name, r.Hexes[i-1], r.Hexes[i])
			}
		}
	}
	for _, k := range []string{"pike", "road", "trail"} {
		if !types[k] {
			t.Errorf("no %s", k)
		}
	}
	if len(s.Victory) < 3 || len(s.Reinforcements) != 2 {
		t.Errorf("victory %v, reinforcements %v", s.Victory, s.Reinforcements)
	}
}

// TestLanternRidgeKeepsTheOrderOfBattle: both scenarios field the same
// armies, so orders written for one name the same Commands in the other;
// the units of a scenario's Order of Arrival are its own.
func TestLanternRidgeKeepsTheOrderOfBattle(t *testing.T) {
	names := func(s *Scenario) []string {
		var ns []string
		for _, c := range s.commands() {
			ns = append(ns, string(c.Side), c.Name, c.Leader.Name)
			for _, b := range c.Brigades {
				if s.arrival(b.Name) != nil {
					continue // the scenario's own Order of Arrival (LoB 3.7)
				}
				ns = append(ns, b.Name, b.Morale)
			}
		}
		return ns
	}
	tc, err := loadScenario("tanners-creek")
	if err != nil {
		t.Fatal(err)
	}
	if a, b := names(lanternRidge(t)), names(tc); !slices.Equal(a, b) {
		t.Errorf("order of battle differs:\n%v\n%v", a, b)
	}
}

// TestLanternRidgeSightLines are sight lines a player can check on the map.
func TestLanternRidgeSightLines(t *testing.T) {
	m := &lanternRidge(t).Map
	for _, c := range []struct {
		from, to  string
		smallArms bool
		clear     bool
		rule      string
	}{
		{"A21.16", "A5.17", false, true, "LoB 4.1"},   // Signal Knob looks across the valley to Quarry Hill
		{"A7.15", "A9.15", false, false, "LoB 4.2b"},  // nothing is seen out of the Quarry
		{"A7.15", "A8.15", true, true, "LoB 4.2a"},    // but the next hex is
		{"A17.11", "A11.11", false, false, "LoB 4.0"}, // the rest of Wexley screens the town's west side
		{"A21.8", "A13.8", false, true, "LoB 4.1"},    // guns on the ridge reach the creek...
		{"A21.8", "A13.8", true, false, "LoB 4.0"},    // ...but rifles see the orchard and the slope below it in the way
		{"A23.16", "A28.16", false, false, "LoB 4.0"}, // the Ridge Woods hide the reverse slope
	} {
		if got := sight(m, c.from, c.to, c.smallArms); got.Clear != c.clear || got.Rule != c.rule {
			t.Errorf("%s to %s (small arms %v): %v, want clear=%v by %s", c.from, c.to, c.smallArms, got, c.clear, c.rule)
		}
	}
}

func TestLanternRidgeFogAtTheStart(t *testing.T) {
	st, err := New().NewGame(DefaultScenario, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, side := range []rules.Side{"CSA", "USA"} {
		v := New().View(st, side)
		hidden := 0
		for _, h := range v.Map.Hexes {
			if h.Hidden {
				hidden++
			}
		}
		if hidden == 0 || hidden == len(v.Map.Hexes) {
			t.Errorf("%s: %d of %d hexes hidden", side, hidden, len(v.Map.Hexes))
		}
		for _, u := range v.Map.Units {
			if u.Side != side {
				t.Errorf("%s sees %s at %s at the start", side, u.Name, u.Hex)
			}
		}
		if len(v.Map.Hexsides) != len(st.(*State).scn.Map.Hexsides) {
			t.Errorf("%s: %d hexsides in the view", side, len(v.Map.Hexsides))
		}
	}
}
