package wintersvictory

import "galloper/rules"

// DemoScenario implements rules.Demonstrator.
func (System) DemoScenario() (string, []rules.Side, int) {
	return "serpallen", []rules.Side{SideFrench, SideAllied}, 64
}

// DemoShows implements rules.Demonstrator.
func (System) DemoShows() []string {
	return []string{"order-received", "order-delayed", "order-ignored", "attack-order", "fire", "charge-declared", "charge", "decided"}
}

// DemoOrders implements rules.Demonstrator.
func (System) DemoOrders(v rules.View, side rules.Side) string { return demoOrders(v, side) }
