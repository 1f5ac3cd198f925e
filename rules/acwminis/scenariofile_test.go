package acwminis

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"galloper/orders"
	"galloper/rules"
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
	st, err := sys.NewGameFromFile("willoughby-long", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	if s.Turns != 10 || s.Scenario != "willoughby-long" || !bytes.Equal(s.ScenarioFile(), data) {
		t.Fatalf("turns %d, scenario %q, file carried %v", s.Turns, s.Scenario, s.ScenarioFile() != nil)
	}
	if got := sys.OptionalRulesInPlay(s); !slices.Equal(got, []string{"hit-six-counts-two=true", "fog-of-war=on"}) {
		t.Errorf("the file's options in play: %v", got)
	}
	// The game's own options go over the file's, and keep the file.
	opt, err := sys.WithOptionalRules(st, []string{"fog-of-war=off"})
	if err != nil {
		t.Fatal(err)
	}
	if o := opt.(*State); o.opt(optFog) != "off" || !o.on(optSixTwo) || !bytes.Equal(o.ScenarioFile(), data) {
		t.Errorf("over the file's options: %v, file carried %v", o.Options, o.ScenarioFile() != nil)
	}
	// Stored and read back, as the adjudicator does at every mail: the
	// game plays its first segment, the Confederate half of turn 1, from
	// the decoded state.
	back, err := sys.DecodeState(st.Canonical())
	if err != nil {
		t.Fatal(err)
	}
	if got := back.(*State); got.Turns != 10 || !bytes.Equal(got.ScenarioFile(), data) || !bytes.Equal(got.Canonical(), st.Canonical()) {
		t.Fatalf("decoded: turns %d, file carried %v", got.Turns, got.ScenarioFile() != nil)
	}
	res, err := sys.Resolve(rules.Input{State: back, Orders: map[rules.Side]*orders.File{"CSA": {}}, Dice: rules.NewSeededDice([]byte("file"))})
	if err != nil || res.Paused() {
		t.Fatalf("%v %+v", err, res.Pauses)
	}
	if next := res.Next.(*State); !bytes.Equal(next.ScenarioFile(), data) || next.Turns != 10 || next.Segment().Name != "USA" {
		t.Fatalf("the next state lost the file or its turns (%d), or is %s's half", next.Turns, next.Segment().Name)
	}
	// A shipped scenario carries no file.
	open, err := sys.NewGame("willoughby-run", nil)
	if err != nil {
		t.Fatal(err)
	}
	if open.(*State).ScenarioFile() != nil || bytes.Contains(open.Canonical(), []byte("scenario_file")) {
		t.Error("a shipped scenario's state carries a file")
	}

	for _, c := range []struct {
		name, data string
		want       []string
	}{
		{"bad-key", strings.Replace(string(shipped), "turns: 8\n", "turns: 8\nweather: rain\n", 1), []string{"weather"}},
		{"bad-option", strings.Replace(string(shipped), `fog-of-war: "on"`, `fog-of-war: "maybe"`, 1), []string{"options:", "fog-of-war"}},
		// Two faults in one file, both named.
		{"two-faults", strings.NewReplacer("initiative: CSA", "initiative: Prussia",
			"list: Regular Infantry Regiment, type: Infantry, size: small", "list: Pickett Line, type: Infantry, size: small").Replace(string(shipped)),
			[]string{`initiative "Prussia"`, "are Skirmishers, not Infantry"}},
		{"slash/name", string(shipped), []string{"without slashes"}},
	} {
		_, err := sys.NewGameFromFile(c.name, []byte(c.data), nil)
		for _, w := range c.want {
			if err == nil || !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %v, want an error naming %q", c.name, err, w)
			}
		}
	}
}
