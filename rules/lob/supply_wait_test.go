package lob

import (
	"os"
	"strings"
	"testing"
)

// TestSupplySectionErrors breaks the supply section of support-wait.yaml
// one way at a time: each error names the side, the field and the rule
// (LoB 8.5c, 8.5d).
func TestSupplySectionErrors(t *testing.T) {
	good, err := os.ReadFile("testdata/support-wait.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := parseScenario("testdata/support-wait.yaml", good); err != nil {
		t.Fatalf("the good file: %v", err)
	}
	cases := []struct{ name, from, to, want string }{
		{"unknown wagon", "{wagon: Corps Train, turn: 3", "{wagon: Army Train, turn: 3", `side CSA, supply: ammo_arrivals[0]: field wagon: "Army Train" is not a Wagon of this side (LoB 8.5c)`},
		{"first turn", "turn: 3, shell: 0", "turn: 1, shell: 0", "side CSA, supply: ammo_arrivals[0]: field turn: 1; Ammo Points arriving later come on turn 2 or after (LoB 8.5c)"},
		{"no points", "shell: 0, canister: 6", "shell: 0, canister: 0", "side CSA, supply: ammo_arrivals[0]: fields shell and canister: want Ammo Points, none negative (LoB 8.5c)"},
		{"hex inside the map", "{hex: A1.2, delay_turns: 2}", "{hex: A3.3, delay_turns: 2}", "side CSA, supply: offmap_replenishment: field entry: A3.3 is not on the map edge (LoB 3.7)"},
		{"no delay", "{hex: A1.2, delay_turns: 2}", "{hex: A1.2, delay_turns: 0}", "side CSA, supply: offmap_replenishment: field delay_turns: 0; off-map replenishment takes at least one turn (LoB 8.5d)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := brokenScenario(t, good, c.from, c.to)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want it to contain %q", err, c.want)
			}
		})
	}
}
