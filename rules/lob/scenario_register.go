package lob

import (
	"bytes"
	"fmt"
	"sync"
)

// registered are the scenarios added at run time (RegisterScenario), by
// name.
var registered sync.Map

// RegisterScenario adds a scenario file, checked as the embedded ones are,
// to those games can be created on and decoded with; the file's name field
// must be name, and a name already taken is refused. Generated battles
// (the big-battle soak test plays one of 60×40 hexes and hundreds of units
// a side through the daemon) are registered this way; Scenarios still lists
// only the embedded ones.
func RegisterScenario(name string, data []byte) error {
	if _, err := ScenarioData(name); err == nil {
		return fmt.Errorf("lob: scenario %q already exists", name)
	}
	scn, err := parseScenario(name+".yaml", data)
	if err != nil {
		return err
	}
	if scn.Name != name {
		return fmt.Errorf("lob: scenario file %s.yaml is named %q inside", name, scn.Name)
	}
	if _, loaded := registered.LoadOrStore(name, bytes.Clone(data)); loaded {
		return fmt.Errorf("lob: scenario %q already exists", name)
	}
	return nil
}
