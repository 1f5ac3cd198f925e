package lob

import (
	"bytes"
	"fmt"
	"strings"

	"galloper/rules"
)

var (
	_ rules.ScenarioLoader  = System{}
	_ rules.ScenarioCarrier = (*State)(nil)
)

// NewGameFromFile implements rules.ScenarioLoader: a game of an owner's
// scenario file, written in the format of the shipped ones (docs/maps.md)
// and checked as they are, every fault named. The game calls the scenario
// name, whatever the file's own name field says; a shipped scenario's
// name is refused, so a game's name never points at another battle. The
// file may fight on a shipped scenario's map (map_from). The state
// carries the file, so a stored game decodes and plays without it.
func (System) NewGameFromFile(name string, data []byte, pack *rules.ChartPack) (rules.State, error) {
	if name == "" || strings.ContainsAny(name, "/\\") {
		return nil, fmt.Errorf("lob: a scenario file needs a name without slashes, not %q", name)
	}
	if _, err := ScenarioData(name); err == nil {
		return nil, fmt.Errorf("lob: %q is the name of a shipped scenario; give the scenario file's game another name", name)
	}
	scn, err := loadScenarioFile(name, data)
	if err != nil {
		return nil, err
	}
	st, err := startGame(scn, pack)
	if err != nil {
		return nil, err
	}
	st.doc.File = bytes.Clone(data)
	return st, nil
}

// loadScenarioFile reads and checks an owner's scenario file
// (NewGameFromFile) and calls it name. Like a shipped scenario it is read
// afresh at every decode; a map_from reference is to a shipped scenario.
func loadScenarioFile(name string, data []byte) (*Scenario, error) {
	scn, err := parseScenario(name+".yaml", data)
	if err != nil {
		return nil, err
	}
	scn.Name = name
	return scn, nil
}

// ScenarioFile implements rules.ScenarioCarrier: the owner's scenario file
// the game plays, or nil for a shipped scenario.
func (s *State) ScenarioFile() []byte { return s.doc.File }
