package gbacw

import (
	"os"
	"strings"
	"testing"
)

// TestScenarioArrivingLeaders: a scenario's division or corps with
// arrives has its leader off the map, needing no hex, until he enters
// with his command's first unit (9.71, ruling GBACW-R80).
func TestScenarioArrivingLeaders(t *testing.T) {
	data, err := os.ReadFile("testdata/reinforce.yaml")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(data), `leader: Hooker, hex: "0201",`, `leader: Hooker, arrives: 2,`, 1)
	if text == string(data) {
		t.Fatal("testdata/reinforce.yaml: Hooker's corps line not found")
	}
	sc, err := LoadScenario("arriving", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Robinson", "Hooker"} {
		if l := sc.start.leader(name); l == nil || l.Hex != "" {
			t.Errorf("%s: want him off the map until his command enters, got %+v", name, l)
		}
	}
	if l := sc.start.leader("Wadsworth"); l == nil || l.Hex != "0301" {
		t.Errorf("Wadsworth: want him at 0301, got %+v", l)
	}
}
