package acwminis

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/rulestest"
)

// An owner's scenario file (a table, its terrain and both sides' units in
// Galloper's scenario format) plays as a shipped one does: its options:
// are the game's defaults, the game's state carries the file, so a stored
// game decodes and plays on without it; a broken file is refused with
// every fault named.
func TestNewGameFromFile(t *testing.T) {
	shipped, err := scenarioData("willoughby-run")
	if err != nil {
		t.Fatal(err)
	}
	// The same battle, ten turns long, a roll of 6 counting two hits
	// (ruling A8) besides the shipped fog of war (ruling A42).
	data := bytes.Replace(shipped, []byte("turns: 8\n"), []byte("turns: 10\n"), 1)
	data = bytes.Replace(data, []byte(`options: {fog-of-war: "on"}`), []byte(`options: {fog-of-war: "on", hit-six-counts-two: "true"}`), 1)
	if bytes.Count(data, []byte("turns: 10\n"))+bytes.Count(data, []byte("hit-six-counts-two")) != 2 {
		t.Fatal("the shipped scenario lacks a line this test changes")
	}
	sys := New()
	back := rulestest.ScenarioFile(t, sys, "willoughby-run", "willoughby-long", data, []rulestest.BadScenario{
		{Name: "bad-key", Data: strings.Replace(string(shipped), "turns: 8\n", "turns: 8\nweather: rain\n", 1), Want: []string{"weather"}},
		{Name: "bad-option", Data: strings.Replace(string(shipped), `fog-of-war: "on"`, `fog-of-war: "maybe"`, 1), Want: []string{"options:", "fog-of-war"}},
		// Two faults in one file, both named.
		{Name: "two-faults", Data: strings.NewReplacer("initiative: CSA", "initiative: Prussia",
			"list: Regular Infantry Regiment, type: Infantry, size: small", "list: Pickett Line, type: Infantry, size: small").Replace(string(shipped)),
			Want: []string{`initiative "Prussia"`, "are Skirmishers, not Infantry"}},
		{Name: "slash/name", Data: string(shipped), Want: []string{"without slashes"}},
	})
	s := back.(*State)
	if s.Turns != 10 || s.Scenario != "willoughby-long" {
		t.Fatalf("turns %d, scenario %q", s.Turns, s.Scenario)
	}
	if got := sys.OptionalRulesInPlay(s); !slices.Equal(got, []string{"hit-six-counts-two=true", "fog-of-war=on"}) {
		t.Errorf("the file's options in play: %v", got)
	}
	// The game's own options go over the file's, and keep the file.
	opt, err := sys.WithOptionalRules(back, []string{"fog-of-war=off"})
	if err != nil {
		t.Fatal(err)
	}
	if o := opt.(*State); o.opt(optFog) != "off" || !o.on(optSixTwo) || !bytes.Equal(o.ScenarioFile(), data) {
		t.Errorf("over the file's options: %v, file carried %v", o.Options, o.ScenarioFile() != nil)
	}
	// Read back, as the adjudicator does at every mail, the game plays its
	// first segment, the Confederate half of turn 1.
	res, err := sys.Resolve(rules.Input{State: back, Orders: map[rules.Side]*orders.File{"CSA": {}}, Dice: rules.NewSeededDice([]byte("file"))})
	if err != nil || res.Paused() {
		t.Fatalf("%v %+v", err, res.Pauses)
	}
	if next := res.Next.(*State); !bytes.Equal(next.ScenarioFile(), data) || next.Turns != 10 || next.Segment().Name != "USA" {
		t.Fatalf("the next state lost the file or its turns (%d), or is %s's half", next.Turns, next.Segment().Name)
	}
}
