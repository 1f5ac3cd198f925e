package acwminis

import (
	"strings"
	"testing"
)

// TestScenariosLoad builds every embedded scenario and checks the sample
// against the army lists: the Iron Brigade regiments carry Stubborn and
// Tough Fighters (seed L424), the large 24th Michigan its Large Unit and
// 7 bases (seed L135).
func TestScenariosLoad(t *testing.T) {
	sys := New()
	for _, name := range sys.Scenarios() {
		if _, err := sys.NewGame(name, nil); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	st, err := sys.NewGame("willoughby-run", nil)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	if u := s.unit("2nd Wisconsin"); !u.Has("Stubborn") || !u.Has("Tough Fighters") || u.Worn != 8 {
		t.Errorf("2nd Wisconsin: %+v", u)
	}
	if u := s.unit("24th Michigan"); !u.Has("Large Unit") || u.Bases != 7 || u.BrokenAt != 30 {
		t.Errorf("24th Michigan: %+v", u)
	}
	if u := s.unit("7th Tennessee"); !u.Has("Rebel Yell") || !u.Has("Seen the Elephant") {
		t.Errorf("7th Tennessee: %+v", u)
	}
	if s.Sides[0] != "CSA" || s.Segment().Name != "CSA" {
		t.Errorf("initiative: %v", s.Sides)
	}
}

// TestScenarioRefusals checks that a scenario against the sheet is
// refused with a reason.
func TestScenarioRefusals(t *testing.T) {
	base, err := scenarioData("willoughby-run")
	if err != nil {
		t.Fatal(err)
	}
	sheet := New().sheet
	for _, c := range []struct{ from, to, want string }{
		{"list: Iron Brigade, type: Infantry, size: standard, formation: Line, at: [24, 12]",
			"list: Iron Brigade, type: Infantry, size: large, formation: Line, at: [24, 12]", "allows Iron Brigade no Large Unit"},
		{"list: Regular Infantry Regiment, type: Infantry, size: small", "list: Pickett Line, type: Infantry, size: small", "are Skirmishers, not Infantry"},
		{"at: [36, 12], heading: 0", "at: [25, 12], heading: 0", "6th Wisconsin overlaps 2nd Wisconsin"},
		{"formation: Skirmish, at: [36, 30]", "formation: Line, at: [36, 30]", "Line is not a formation of Skirmishers"},
		{"at: [50, 40], heading: 180", "at: [50, 47.5], heading: 180", "stands off the table"},
		{"initiative: CSA", "initiative: Prussia", "initiative"},
		{"category: Difficult, cover: true, blocks_los", "category: Swamp, cover: true, blocks_los", "not in the TERRAIN TABLE"},
	} {
		data := strings.Replace(string(base), c.from, c.to, 1)
		if data == string(base) {
			t.Fatalf("%q is not in the scenario", c.from)
		}
		_, err := LoadScenario("x", []byte(data), sheet)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.to, err, c.want)
		}
	}
}
