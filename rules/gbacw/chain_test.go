package gbacw

import (
	"os"
	"strings"
	"testing"
)

// TestDirectCommandFaults: a command of units directly under a higher
// leader (4.22, ruling GBACW-R100) naming an unknown rank, giving itself
// a brigadier or a turn of entry, split in two under one leader, or named
// among an artillery commander's brigades (4.33), is refused on load with
// the brigade named.
func TestDirectCommandFaults(t *testing.T) {
	data, err := os.ReadFile("testdata/chain.yaml")
	if err != nil {
		t.Fatal(err)
	}
	guard := `{id: Division Guard, division: 1st Division, under: division, orders: Advance}`
	// An artillery commander of 4.33 naming the command among his brigades.
	hunt := "battle_book: {artillery_commanders: [{name: Hunt, side: USA, hex: \"0301\", range: 6, ams: 1, brigades: [Division Guard]}]}\n"
	for _, c := range []struct{ to, want string }{
		{`{id: Division Guard, division: 1st Division, under: army, orders: Advance}`, `brigade Division Guard: under "army"`},
		{`{id: Division Guard, division: 1st Division, under: division, leader: Cutler, orders: Advance}`, `brigade Division Guard: under division: units directly under a higher leader have no brigadier`},
		{`{id: Division Guard, division: 1st Division, under: division, hex: "0301", orders: Advance}`, `have no brigadier`},
		{`{id: Division Guard, division: 1st Division, under: division, rating: 1, orders: Advance}`, `have no brigadier`},
		{`{id: Division Guard, division: 1st Division, under: division, orders: Advance, arrives: 3}`, `brigade Division Guard: under division: units directly under a higher leader enter on their own turns`},
		{guard + "\n  - {id: Second Guard, division: 1st Division, under: division, orders: Advance}", `brigade Second Guard: the units directly under Wadsworth are one command`},
		{guard + "\n  - {id: Second Escort, division: 3rd Division, under: corps, orders: Advance}", `the units directly under Hooker are one command`},
		{`{id: Division Guard, division: 1st Division, under: division, orders: Halt}`, `brigade Division Guard:`},
		{`{id: Division Guard, division: 1st Division, under: division, orders: Advance, artillery: true}`, `Division Guard has no artillery brigadier to activate on his AMs`},
	} {
		text := strings.Replace(string(data), guard, c.to, 1) + hunt
		if _, err := LoadScenario("chain", []byte(text)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v", c.want, err)
		}
	}
	if _, err := LoadScenario("chain", data); err != nil {
		t.Errorf("chain.yaml: %v", err)
	}
}
