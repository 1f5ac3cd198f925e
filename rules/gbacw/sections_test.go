package gbacw

import (
	"os"
	"strings"
	"testing"
)

// A scenario's battery of two sections loads with them (8.37), and
// sections that are not a battery's, or whose guns do not add up to its
// SPs, are refused naming the unit.
func TestScenarioSections(t *testing.T) {
	data, err := os.ReadFile("testdata/field.yaml")
	if err != nil {
		t.Fatal(err)
	}
	with := func(unit string) []byte {
		return []byte(strings.Replace(string(data), "units: []", "units:\n  - "+unit, 1))
	}
	sc, err := LoadScenario("sections", with(`{name: Guns, brigade: Archer, kind: artillery, hex: "0807", sp: 6, cohesion: 6, disordered: 5, ma: 8, weapon: N, facing: west, sections: [{guns: 4, weapon: N}, {guns: 2, weapon: RG}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := sectionsText(sc.start.unit("Guns")); got != "4N/2RG" {
		t.Errorf("sections %q, want 4N/2RG", got)
	}
	for _, bad := range []string{
		`{name: Guns, brigade: Archer, kind: artillery, hex: "0807", sp: 5, cohesion: 6, disordered: 5, ma: 8, weapon: N, facing: west, sections: [{guns: 4, weapon: N}, {guns: 2, weapon: RG}]}`,
		`{name: Guns, brigade: Archer, kind: infantry, hex: "0807", sp: 6, cohesion: 6, disordered: 5, ma: 8, weapon: N, facing: west, sections: [{guns: 4, weapon: N}, {guns: 2, weapon: RG}]}`,
		`{name: Guns, brigade: Archer, kind: artillery, hex: "0807", sp: 6, cohesion: 6, disordered: 5, ma: 8, weapon: N, facing: west, sections: [{guns: 6, weapon: N}]}`,
	} {
		if _, err := LoadScenario("sections-bad", with(bad)); err == nil || !strings.Contains(err.Error(), "Guns") || !strings.Contains(err.Error(), "8.37") {
			t.Errorf("%s: error %v, want one naming Guns and 8.37", bad, err)
		}
	}
}

// Cloning a state copies its batteries' sections: a loss in the clone
// leaves the original whole (the state is immutable, STYLE 3).
func TestCloneSections(t *testing.T) {
	s := &State{Units: []UnitSt{{Name: "Guns", Kind: "artillery", SP: 6, Sections: []Section{{Guns: 4, Weapon: "N"}, {Guns: 2, Weapon: "RG"}}}}}
	c := s.clone()
	c.Units[0].Sections[0].Guns--
	if s.Units[0].Sections[0].Guns != 4 {
		t.Errorf("the original's section has %d guns, want 4", s.Units[0].Sections[0].Guns)
	}
}
