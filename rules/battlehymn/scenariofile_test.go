package battlehymn

import (
	"bytes"
	"strings"
	"testing"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/rulestest"
)

// An owner's scenario file (a battle written in the shipped scenarios'
// format; ruling E-8: the Standard Rules print no maps or scenarios)
// plays as a shipped one does: the game's state carries the file and
// plays on from its stored form without it; a broken file is refused with
// every fault named.
func TestNewGameFromFile(t *testing.T) {
	shipped, err := scenarioData("willoughby-run")
	if err != nil {
		t.Fatal(err)
	}
	// The same battle, eight Hours long.
	data := bytes.Replace(shipped, []byte("last: 6\n"), []byte("last: 8\n"), 1)
	if bytes.Equal(data, shipped) {
		t.Fatal("the shipped scenario has no \"last: 6\" line to change")
	}
	sys := New()
	back := rulestest.ScenarioFile(t, sys, "willoughby-run", "willoughby-long", data, []rulestest.BadScenario{
		{Name: "bad-key", Data: strings.Replace(string(shipped), "last: 6\n", "last: 6\nweather: rain\n", 1), Want: []string{"weather"}},
		// Three faults in one file, each named.
		{Name: "three-faults", Data: strings.NewReplacer("last: 6\n", "last: 0\n", `at: "0503"`, `at: "1503"`,
			"enters: 2, entry: C}", "enters: 2, entry: Z}").Replace(string(shipped)),
			Want: []string{"want 1 <= first <= last", `unit Baxter: at "1503" is not a hex of the map`,
				`unit Ramseur: entry "Z" is not an Entry Area`, `unit O'Neal: entry "Z"`}},
		{Name: "bad-map", Data: strings.Replace(string(shipped), `C: ["1204", "1205"]`, `C: ["0606", "1205"]`, 1),
			Want: []string{`entry area C: "0606" is not a hex on the map's edge`}},
		{Name: "slash/name", Data: string(shipped), Want: []string{"without slashes"}},
	})
	// Read back, as the adjudicator does at every mail, the game is the
	// file's, and plays its first Hour.
	if got := back.(*State); got.Last != 8 || got.Scenario != "willoughby-long" || got.board == nil || !got.board.has("0505") {
		t.Fatalf("decoded: last %d, scenario %q, board %v", got.Last, got.Scenario, got.board != nil)
	}
	res, err := sys.Resolve(rules.Input{State: back, Orders: map[rules.Side]*orders.File{"USA": {}, "CSA": {}}, Dice: rules.NewSeededDice([]byte("file"))})
	if err != nil || res.Paused() {
		t.Fatalf("%v %+v", err, res.Pauses)
	}
	if next := res.Next.(*State); !bytes.Equal(next.ScenarioFile(), data) || next.Last != 8 || next.Hour != 2 {
		t.Fatalf("the next state lost the file or its Hours (hour %d, last %d)", next.Hour, next.Last)
	}
}
