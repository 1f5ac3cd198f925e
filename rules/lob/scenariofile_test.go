package lob

import (
	"bytes"
	"strings"
	"testing"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/rulestest"
)

// An owner's scenario file plays as a shipped one does: the game's state
// carries the file, so a stored game decodes and plays on without it; a
// broken file is refused with every fault named.
func TestNewGameFromFile(t *testing.T) {
	shipped, err := ScenarioData(DefaultScenario)
	if err != nil {
		t.Fatal(err)
	}
	// The same battle, ten turns long.
	data := bytes.Replace(shipped, []byte("\nturns: 8\n"), []byte("\nturns: 10\n"), 1)
	if bytes.Equal(data, shipped) {
		t.Fatal("the shipped scenario has no \"turns: 8\" line to change")
	}
	sys := System{}
	dec := rulestest.ScenarioFile(t, sys, DefaultScenario, "lantern-long", data, []rulestest.BadScenario{
		{Name: "bad-key", Data: strings.Replace(string(shipped), "\nturns: 8\n", "\nturns: 8\nweather: rain\n", 1), Want: []string{"weather"}},
		{Name: "two-faults", Data: strings.Replace(strings.Replace(string(shipped), "hq: A3.11", "hq: A3.40", 1), `start: "1863-10-03 14:00"`, `start: "October"`, 1),
			Want: []string{"two-faults.yaml: ", `field hq: "A3.40"`, `field start: "October"`}},
		{Name: "no-map", Data: strings.Replace(mustScenario(t, "lantern-ridge-battle"), "map_from: lantern-ridge\n", "map_from: sorrel-creek\n", 1),
			Want: []string{"field map_from", "sorrel-creek"}},
		{Name: "map-chain", Data: strings.Replace(mustScenario(t, "lantern-ridge-battle"), "map_from: lantern-ridge\n", "map_from: lantern-ridge-battle\n", 1),
			Want: []string{`field map_from: lantern-ridge-battle takes its own map from lantern-ridge; name that one`}},
		{Name: "slash/name", Data: string(shipped), Want: []string{"without slashes"}},
		{Name: "tanners-creek", Data: string(shipped), Want: []string{"shipped scenario"}},
	})
	// Read back, as the adjudicator does at every mail, the game is the
	// file's, and plays its first segment.
	back := dec.(*State)
	if back.scn.Turns != 10 || back.doc.Scenario != "lantern-long" {
		t.Fatalf("decoded: turns %d, scenario %q", back.scn.Turns, back.doc.Scenario)
	}
	f := validOrders(t, back, "GAME lr\nSIDE CSA\nTURN 1\nSTACK Pryor's Brigade\n  MOVE A4.4\nEND\n")
	res, err := sys.Resolve(rules.Input{State: back, Orders: map[rules.Side]*orders.File{"CSA": f}, Dice: rules.NewSeededDice([]byte("file"))})
	if err != nil || res.Paused() {
		t.Fatalf("%v %+v", err, res.Pauses)
	}
	next := res.Next.(*State)
	if !bytes.Equal(next.ScenarioFile(), data) || next.scn.Turns != 10 || next.doc.Segment != 1 {
		t.Fatalf("the next state lost the file or its turns (%d), segment %d", next.scn.Turns, next.doc.Segment)
	}
	if p := next.piece("Pryor's Brigade"); p == nil || p.Hex != "A4.4" {
		t.Fatalf("Pryor's Brigade is at %+v, want A4.4", p)
	}
	if _, err := sys.DecodeState(next.Canonical()); err != nil {
		t.Fatal(err)
	}
}

// A scenario file may be fought on a shipped scenario's map (map_from),
// as lantern-ridge-battle is on lantern-ridge's; the state carries the
// file, and the map is the shipped one's at every decode.
func TestScenarioFileMapFrom(t *testing.T) {
	data := []byte(mustScenario(t, "lantern-ridge-battle"))
	if !bytes.Contains(data, []byte("\nmap_from: lantern-ridge\n")) {
		t.Fatal("lantern-ridge-battle no longer takes its map from lantern-ridge")
	}
	g, err := System{}.NewGameFromFile("sorrel-bridge", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	dec, err := System{}.DecodeState(g.Canonical())
	if err != nil {
		t.Fatal(err)
	}
	ridge, err := loadScenario(DefaultScenario)
	if err != nil {
		t.Fatal(err)
	}
	st := dec.(*State)
	if st.doc.Scenario != "sorrel-bridge" || st.scn.Map.Name != ridge.Map.Name || len(st.scn.Map.Hexes) != len(ridge.Map.Hexes) {
		t.Fatalf("scenario %q on map %q (%d hexes), want %q (%d)", st.doc.Scenario, st.scn.Map.Name, len(st.scn.Map.Hexes), ridge.Map.Name, len(ridge.Map.Hexes))
	}
}

func mustScenario(t *testing.T, name string) string {
	t.Helper()
	data, err := ScenarioData(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
