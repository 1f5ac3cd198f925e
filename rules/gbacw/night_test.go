package gbacw

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// TestScenarioLightAndFatigue: a scenario gives the hours of its Dawn,
// Dusk and Night turns (16.1, ruling GBACW-R55) and the Fatigue Level a
// brigade starts at (17.21 Play Note); without one a brigade has no
// marker (17.21). Bad values are refused.
func TestScenarioLightAndFatigue(t *testing.T) {
	data, err := os.ReadFile("testdata/field.yaml")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(data), "start_hour: 9\n", "start_hour: 18\ndusk: [19]\nnight: [20, 21]\ndawn: [5]\n", 1)
	text = strings.Replace(text, "profile: N, rating: 0, range: 4}", "profile: N, rating: 0, range: 4, fatigue: \"2\"}", 1)
	sc, err := LoadScenario("lit", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	s := sc.start.clone()
	for turn, want := range map[int]Light{1: LightDay, 2: LightDusk, 3: LightNight, 4: LightNight} {
		s.Turn = turn
		if got := s.light(); got != want {
			t.Errorf("turn %d (%02d00): light %s, want %s", turn, s.hour(), got, want)
		}
	}
	if b := s.brigade("B Brigade"); b.Fatigue != Fatigue2 {
		t.Errorf("B Brigade starts at Fatigue %s, want 2", b.Fatigue)
	}
	if b := s.brigade("A Brigade"); b.Fatigue != NoFatigue {
		t.Errorf("A Brigade starts at Fatigue %s, want no marker", b.Fatigue)
	}
	for _, bad := range []string{
		strings.Replace(text, "fatigue: \"2\"", "fatigue: \"5\"", 1),
		strings.Replace(text, "night: [20, 21]", "night: [24]", 1),
	} {
		if _, err := LoadScenario("bad", []byte(bad)); err == nil {
			t.Errorf("a bad scenario loads:\n%s", bad[:200])
		}
	}
}

// TestScenarioIndividualFatigue: a scenario's unbrigaded unit and unit
// entering alone track their own Fatigue from the level given (17.5,
// 17.21 Play Note); the unit entering alone is off the map until its
// turn. A Fatigue Level for any other unit is refused.
func TestScenarioIndividualFatigue(t *testing.T) {
	data, err := os.ReadFile("testdata/field.yaml")
	if err != nil {
		t.Fatal(err)
	}
	units := `units:
  - {name: Lone, brigade: A Brigade, kind: infantry, hex: "0303", sp: 4, cohesion: 6, disordered: 4, ma: 6, weapon: R, facing: east, unbrigaded: true, fatigue: "1"}
  - {name: Late, brigade: A Brigade, kind: infantry, hex: "0110", sp: 4, cohesion: 6, disordered: 4, ma: 6, weapon: R, facing: east, arrives: 3, fatigue: OK}
  - {name: Plain, brigade: A Brigade, kind: infantry, hex: "0304", sp: 4, cohesion: 6, disordered: 4, ma: 6, weapon: R, facing: east}
`
	text := strings.Replace(string(data), "units: []\n", units, 1)
	sc, err := LoadScenario("alone", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	s := sc.start
	for _, c := range []struct {
		name, own, hex string
		fatigue        Fatigue
	}{{"Lone", OwnUnbrigaded, "0303", Fatigue1}, {"Late", OwnReinforcing, "", FatigueOK}, {"Plain", "", "0304", NoFatigue}} {
		u := s.unit(c.name)
		if u.Own != c.own || u.Hex != c.hex || s.fatigueOf(u) != c.fatigue {
			t.Errorf("%s: own %q hex %q fatigue %s, want %q %q %s", c.name, u.Own, u.Hex, s.fatigueOf(u), c.own, c.hex, c.fatigue)
		}
	}
	if u := s.unit("Late"); u.Arrives != 3 || u.Entry != "0110" {
		t.Errorf("Late enters on turn %d at %q, want 3 at 0110", u.Arrives, u.Entry)
	}
	bad := strings.Replace(text, "facing: east}\n", "facing: east, fatigue: \"2\"}\n", 1)
	if _, err := LoadScenario("bad", []byte(bad)); err == nil || !strings.Contains(err.Error(), "17.5") {
		t.Errorf("a brigaded unit with a Fatigue Level of its own: %v", err)
	}
}

// TestHintsBuildRestAndNightCharge: the hints offer BUILD to a unit that
// may start Breastworks and not to one that may not (15.11-15.12), REST
// only with the optional Fatigue rules (17.42), and no CHARGE for
// cavalry at Night (16.12); each hinted line is accepted.
func TestHintsBuildRestAndNightCharge(t *testing.T) {
	data, err := os.ReadFile("testdata/field.yaml")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := LoadScenario("field", data)
	if err != nil {
		t.Fatal(err)
	}
	s := sc.start.clone()
	s.Phase = PhaseOrders
	s.Sides[0].EMs = map[string]int{"I Corps": 3}
	s.Sides[1].EMs = map[string]int{"Third Corps": 3}
	s.leader("Meredith").Hex = "0603"
	s.Units = append(s.Units,
		UnitSt{Name: "Yanks", Side: "USA", Brigade: "A Brigade", Kind: "infantry", Hex: "0604", SP: 5, Printed: 5, Cohesion: 6, Disordered: 4, MA: 6, Weapon: "R"},
		UnitSt{Name: "Far", Side: "USA", Brigade: "A Brigade", Kind: "infantry", Hex: "0101", SP: 5, Printed: 5, Cohesion: 6, Disordered: 4, MA: 6, Weapon: "R"},
		UnitSt{Name: "Troopers", Side: "USA", Brigade: "B Brigade", Kind: "cavalry", Hex: "0707", Facing: 0, SP: 4, Printed: 4, Cohesion: 6, Disordered: 4, MA: 12, Weapon: "M"},
		UnitSt{Name: "Rebs", Side: "CSA", Brigade: "Archer", Kind: "infantry", Hex: "0807", SP: 5, Printed: 5, Cohesion: 6, Disordered: 4, MA: 6, Weapon: "R"})
	tr := s.unit("Troopers")
	tr.Facing = faceToward(s.axial(tr.Hex), s.axial("0807"))
	hinted := func(s *State) map[string][]string {
		out := map[string][]string{}
		h := New().OrderHints(s, "USA")
		for _, ch := range h.Commands {
			out[ch.Name] = append(out[ch.Name], ch.Orders...)
			for _, o := range ch.Orders {
				if (o == "BUILD" || o == "REST") && !New().acceptsAlone(s, "USA", o+" "+ch.Name) {
					t.Errorf("hinted %s %s is refused", o, ch.Name)
				}
			}
		}
		for _, st := range h.Stacks {
			out[st.Units[0]] = append(out[st.Units[0]], st.Steps...)
		}
		return out
	}
	h := hinted(s)
	if !slices.Contains(h["Yanks"], "BUILD") || slices.Contains(h["Far"], "BUILD") {
		t.Errorf("BUILD hints: Yanks %v, Far %v; want Yanks only", h["Yanks"], h["Far"])
	}
	if slices.Contains(h["A Brigade"], "REST") {
		t.Errorf("REST hinted without the optional Fatigue rules: %v", h["A Brigade"])
	}
	if !slices.Contains(h["Troopers"], "CHARGE") {
		t.Errorf("by day cavalry may charge: %v", h["Troopers"])
	}
	s.Optional = append(s.Optional, "17")
	s.Night = []int{s.hour()}
	h = hinted(s)
	if !slices.Contains(h["A Brigade"], "REST") {
		t.Errorf("REST not hinted with the optional Fatigue rules: %v", h["A Brigade"])
	}
	if slices.Contains(h["Troopers"], "CHARGE") {
		t.Errorf("CHARGE hinted for cavalry at Night: %v", h["Troopers"])
	}
}
