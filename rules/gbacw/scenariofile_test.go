package gbacw

import (
	"bytes"
	"strings"
	"testing"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/rulestest"
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
	back := rulestest.ScenarioFile(t, sys, "bristoe-ford", "bristoe-long", data, []rulestest.BadScenario{
		{Name: "bad-key", Data: strings.Replace(string(shipped), "turns: 6\n", "turns: 6\nweather: rain\n", 1), Want: []string{"weather"}},
		{Name: "bad-hour", Data: strings.Replace(string(shipped), "start_hour: 9\n", "start_hour: 9\ndawn: [25]\n", 1), Want: []string{"24-hour clock"}},
		{Name: "slash/name", Data: string(shipped), Want: []string{"without slashes"}},
	})
	// Read back, as the adjudicator does at every mail, the game is the
	// file's, and plays its first segment.
	if got := back.(*State); got.Turns != 8 || got.Scenario != "bristoe-long" || got.m == nil {
		t.Fatalf("decoded: turns %d, scenario %q, map %v", got.Turns, got.Scenario, got.m != nil)
	}
	res, err := sys.Resolve(rules.Input{State: back, Orders: map[rules.Side]*orders.File{"USA": {}, "CSA": {}}, Dice: rules.NewSeededDice([]byte("file"))})
	if err != nil || res.Paused() {
		t.Fatalf("%v %+v", err, res.Pauses)
	}
	if next := res.Next.(*State); !bytes.Equal(next.ScenarioFile(), data) || next.Turns != 8 {
		t.Fatalf("the next state lost the file or its turns (%d)", next.Turns)
	}
}
