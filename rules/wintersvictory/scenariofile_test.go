package wintersvictory

import (
	"bytes"
	"strings"
	"testing"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/rulestest"
)

// An owner's scenario file (a battle of the Playbook's, 20.0, written in
// Galloper's scenario format) plays as a shipped one does: the game's
// state carries the file, so a stored game decodes and plays on without
// it; a broken file is refused with every fault named.
func TestNewGameFromFile(t *testing.T) {
	shipped, err := scenarioData("serpallen")
	if err != nil {
		t.Fatal(err)
	}
	// The same battle, a turn longer.
	data := bytes.Replace(shipped, []byte("last_turn: 27\n"), []byte("last_turn: 28\n"), 1)
	if bytes.Equal(data, shipped) {
		t.Fatal("the shipped scenario has no \"last_turn: 27\" line to change")
	}
	sys := New()
	back := rulestest.ScenarioFile(t, sys, "serpallen", "serpallen-long", data, []rulestest.BadScenario{
		{Name: "bad-key", Data: strings.Replace(string(shipped), "last_turn: 27\n", "last_turn: 27\nweather: snow\n", 1), Want: []string{"field weather not found"}},
		{Name: "bad-turns", Data: strings.Replace(string(shipped), "last_turn: 27\n", "last_turn: 19\n", 1), Want: []string{"turns 20 to 19"}},
		{Name: "bad-unit", Data: strings.Replace(string(shipped), `hex: "0803", facing: E`, `hex: "0803", facing: N`, 1), Want: []string{`unit 1/33 Ligne: facing "N"`}},
		{Name: "slash/name", Data: string(shipped), Want: []string{"without slashes"}},
	})
	// Read back, as the adjudicator does at every mail, the game is the
	// file's, and plays its first segment (the Interphase, 4.1).
	if got := back.(*State); got.LastTurn != 28 || got.Scenario != "serpallen-long" || got.grid == nil {
		t.Fatalf("decoded: last turn %d, scenario %q, map %v", got.LastTurn, got.Scenario, got.grid != nil)
	}
	res, err := sys.Resolve(rules.Input{State: back, Orders: map[rules.Side]*orders.File{SideFrench: {}, SideAllied: {}}, Dice: rules.NewSeededDice([]byte("file"))})
	if err != nil || res.Paused() {
		t.Fatalf("%v %+v", err, res.Pauses)
	}
	if next := res.Next.(*State); !bytes.Equal(next.ScenarioFile(), data) || next.LastTurn != 28 || next.Step != stepAlliedCommand {
		t.Fatalf("the next state lost the file or its last turn (%d), or stands at step %d", next.LastTurn, next.Step)
	}
}

// An owner's file may bear a shipped scenario's name: its map is the
// file's, in the new game and in the decoded one, and the shipped
// scenario's map stays its own (2.1).
func TestScenarioFileKeepsItsOwnMap(t *testing.T) {
	shipped, err := scenarioData("serpallen")
	if err != nil {
		t.Fatal(err)
	}
	// Hex 0101, the first of row 1, becomes woods.
	data := bytes.Replace(shipped, []byte("terrain:\n    - \"."), []byte("terrain:\n    - \"w"), 1)
	if bytes.Equal(data, shipped) {
		t.Fatal("the shipped scenario's terrain does not start as expected")
	}
	sys := New()
	st, err := sys.NewGameFromFile("serpallen", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	back, err := sys.DecodeState(st.Canonical())
	if err != nil {
		t.Fatal(err)
	}
	if got := back.(*State).terrain("0101"); got != "woods" {
		t.Errorf("the owner's game: 0101 is %q, want woods", got)
	}
	open, err := sys.NewGame("serpallen", nil)
	if err != nil {
		t.Fatal(err)
	}
	back, err = sys.DecodeState(open.Canonical())
	if err != nil {
		t.Fatal(err)
	}
	if got := back.(*State).terrain("0101"); got != "clear" {
		t.Errorf("the shipped game: 0101 is %q, want clear", got)
	}
}
