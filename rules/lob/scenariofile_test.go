package lob

import (
	"bytes"
	"strings"
	"testing"

	"galloper/orders"
	"galloper/rules"
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
	g, err := sys.NewGameFromFile("lantern-long", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	st := g.(*State)
	if st.scn.Turns != 10 || st.doc.Scenario != "lantern-long" || !bytes.Equal(st.ScenarioFile(), data) {
		t.Fatalf("turns %d, scenario %q, file carried %v", st.scn.Turns, st.doc.Scenario, st.ScenarioFile() != nil)
	}
	// Stored and read back, as the adjudicator does at every mail: the
	// game plays its first segment from the decoded state.
	dec, err := sys.DecodeState(st.Canonical())
	if err != nil {
		t.Fatal(err)
	}
	back := dec.(*State)
	if back.scn.Turns != 10 || !bytes.Equal(back.ScenarioFile(), data) || !bytes.Equal(back.Canonical(), st.Canonical()) {
		t.Fatalf("decoded: turns %d, file carried %v", back.scn.Turns, back.ScenarioFile() != nil)
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

	// A shipped scenario carries no file, and its canonical form has none.
	open, err := sys.NewGame(DefaultScenario, nil)
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
		{"bad-key", strings.Replace(string(shipped), "\nturns: 8\n", "\nturns: 8\nweather: rain\n", 1), []string{"weather"}},
		{"two-faults", strings.Replace(strings.Replace(string(shipped), "hq: A3.11", "hq: A3.40", 1), `start: "1863-10-03 14:00"`, `start: "October"`, 1),
			[]string{"two-faults.yaml: ", `field hq: "A3.40"`, `field start: "October"`}},
		{"no-map", strings.Replace(mustScenario(t, "lantern-ridge-battle"), "map_from: lantern-ridge\n", "map_from: sorrel-creek\n", 1),
			[]string{"field map_from", "sorrel-creek"}},
		{"map-chain", strings.Replace(mustScenario(t, "lantern-ridge-battle"), "map_from: lantern-ridge\n", "map_from: lantern-ridge-battle\n", 1),
			[]string{`field map_from: lantern-ridge-battle takes its own map from lantern-ridge; name that one`}},
		{"slash/name", string(shipped), []string{"without slashes"}},
		{"tanners-creek", string(shipped), []string{"shipped scenario"}},
	} {
		_, err := sys.NewGameFromFile(c.name, []byte(c.data), nil)
		for _, w := range c.want {
			if err == nil || !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %v, want an error naming %q", c.name, err, w)
			}
		}
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
