package wintersvictory

import (
	"encoding/json"
	"strings"
	"testing"

	"galloper/rules"
)

// TestReinforcementsHidden: a side's report names its own reinforcements
// waiting off the map (6.7) and never the enemy's.
func TestReinforcementsHidden(t *testing.T) {
	sys := New()
	st, err := sys.NewGame("serpallen", nil)
	if err != nil {
		t.Fatal(err)
	}
	for side, want := range map[rules.Side][2]string{SideFrench: {"3/33 Ligne", "Pskov Dragoons"}, SideAllied: {"Pskov Dragoons", "3/33 Ligne"}} {
		b, err := json.Marshal(sys.View(st, side))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), want[0]) {
			t.Errorf("%s view does not name its reinforcement %s", side, want[0])
		}
		if strings.Contains(string(b), want[1]) {
			t.Errorf("%s view names the enemy reinforcement %s", side, want[1])
		}
	}
	if n := len(st.(*State).Reserve); n != 3 {
		t.Errorf("%d reinforcements off the map, want 3", n)
	}
}
