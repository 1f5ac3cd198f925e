package lob

import (
	"fmt"

	"galloper/rules"
)

var _ rules.ScenarioExamples = System{}

// OrderExamples implements rules.ScenarioExamples: a written order from
// the side's Army Commander to the first of his Commands on the map, to
// march to the Army's HQ (LoB 10.2, 10.4), in the scenario's own names.
func (System) OrderExamples(scenario string, side rules.Side) (string, error) {
	scn, err := loadScenario(scenario)
	if err != nil {
		return "", err
	}
	for i := range scn.Sides {
		sd := &scn.Sides[i]
		if sd.Side != side {
			continue
		}
		for _, c := range sd.Commands {
			if c.ArrivesTurn > 0 || (c.Parent != "" && c.Parent != sd.Army.Name) {
				continue
			}
			return fmt.Sprintf("ORDER MOVE from %s to %s\n  OBJECTIVE %s\n  ROUTE     %s\nEND\n",
				sd.Army.Leader.Name, c.Leader.Name, sd.Army.HQ, sd.Army.HQ), nil
		}
		return "", fmt.Errorf("lob: scenario %s: %s has no Command on the map under its Army Commander", scenario, side)
	}
	return "", fmt.Errorf("lob: scenario %s has no side %s", scenario, side)
}
