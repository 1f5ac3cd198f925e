package gbacw

import (
	"bytes"
	"strings"
	"testing"

	"galloper/orders"
	"galloper/rules"
)

// An owner's scenario file (a Battle Book's battle in Galloper's format,
// 1.0) plays as a shipped one does: the game's state carries the file, so
// a stored game decodes and plays on without it; a broken file is refused
// with every fault named.
func TestNewGameFromFile(t *testing.T) {
	shipped, err := scenarioData("bristoe-ford")
	if err != nil {
		t.Fatal(err)
	}
	// The same battle, eight turns long.
	data := bytes.Replace(shipped, []byte("turns: 6\n"), []byte("turns: 8\n"), 1)
	if bytes.Equal(data, shipped) {
		t.Fatal("the shipped scenario has no \"turns: 6\" line to change")
	}
	sys := New()
	st, err := sys.NewGameFromFile("bristoe-long", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	if s.Turns != 8 || s.Scenario != "bristoe-long" || !bytes.Equal(s.ScenarioFile(), data) {
		t.Fatalf("turns %d, scenario %q, file carried %v", s.Turns, s.Scenario, s.ScenarioFile() != nil)
	}
	// Stored and read back, as the adjudicator does at every mail: the
	// game plays its first segment from the decoded state.
	back, err := sys.DecodeState(st.Canonical())
	if err != nil {
		t.Fatal(err)
	}
	if got := back.(*State); got.Turns != 8 || !bytes.Equal(got.ScenarioFile(), data) || got.m == nil {
		t.Fatalf("decoded: turns %d, map %v", got.Turns, got.m != nil)
	}
	res, err := sys.Resolve(rules.Input{State: back, Orders: map[rules.Side]*orders.File{"USA": {}, "CSA": {}}, Dice: rules.NewSeededDice([]byte("file"))})
	if err != nil || res.Paused() {
		t.Fatalf("%v %+v", err, res.Pauses)
	}
	if next := res.Next.(*State); !bytes.Equal(next.ScenarioFile(), data) || next.Turns != 8 {
		t.Fatalf("the next state lost the file or its turns (%d)", next.Turns)
	}
	// A shipped scenario carries no file.
	open, err := sys.NewGame("bristoe-ford", nil)
	if err != nil {
		t.Fatal(err)
	}
	if open.(*State).ScenarioFile() != nil {
		t.Error("a shipped scenario's state carries a file")
	}

	for _, c := range []struct{ name, data, want string }{
		{"bad-key", strings.Replace(string(shipped), "turns: 6\n", "turns: 6\nweather: rain\n", 1), "weather"},
		{"bad-hour", strings.Replace(string(shipped), "start_hour: 9\n", "start_hour: 9\ndawn: [25]\n", 1), "24-hour clock"},
		{"slash/name", string(shipped), "without slashes"},
	} {
		if _, err := sys.NewGameFromFile(c.name, []byte(c.data), nil); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error naming %q", c.name, err, c.want)
		}
	}
}
