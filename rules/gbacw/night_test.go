package gbacw

import (
	"os"
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
