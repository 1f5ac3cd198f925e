package rulestest

import (
	"bytes"
	"strings"
	"testing"

	"galloper/rules"
)

// BadScenario is a broken scenario file and what its refusal must name.
type BadScenario struct {
	Name string   // the name the file is offered under
	Data string   // its contents
	Want []string // each must appear in the error
}

// ScenarioFile checks what every system's owner scenario files share
// (rules.ScenarioLoader, rules.ScenarioCarrier): the game of file data,
// called name, carries the file, and so does that game stored and read
// back, in the same canonical form; a game of the shipped scenario
// carries none, nor names one in its canonical form; each bad file is
// refused with an error naming each of its wants. It returns the file
// game as read back, for the system's own checks of what the file
// changes and a segment played from it.
func ScenarioFile(t *testing.T, sys rules.System, shipped, name string, data []byte, bad []BadScenario) rules.State {
	t.Helper()
	l, ok := sys.(rules.ScenarioLoader)
	if !ok {
		t.Fatalf("%s plays no scenario files", sys.ID())
	}
	carried := func(st rules.State) []byte {
		c, ok := st.(rules.ScenarioCarrier)
		if !ok {
			t.Fatalf("%s's state carries no scenario file", sys.ID())
		}
		return c.ScenarioFile()
	}
	st, err := l.NewGameFromFile(name, data, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(carried(st), data) {
		t.Fatal("the file game does not carry its file")
	}
	back, err := sys.DecodeState(st.Canonical())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(carried(back), data) || !bytes.Equal(back.Canonical(), st.Canonical()) {
		t.Fatal("the file game, stored and read back, lost its file or changed")
	}
	open, err := sys.NewGame(shipped, nil)
	if err != nil {
		t.Fatal(err)
	}
	if carried(open) != nil || bytes.Contains(open.Canonical(), []byte("scenario_file")) {
		t.Errorf("a game of the shipped %s carries a scenario file", shipped)
	}
	for _, b := range bad {
		_, err := l.NewGameFromFile(b.Name, []byte(b.Data), nil)
		if err == nil {
			t.Errorf("%s: accepted, want it refused naming %q", b.Name, b.Want)
			continue
		}
		for _, w := range b.Want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %v\nwant it to name %q", b.Name, err, w)
			}
		}
	}
	return back
}
