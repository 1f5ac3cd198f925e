package battlehymn

import (
	"encoding/json"
	"os"
	"testing"

	"galloper/rules/battlehymn/bhtext"
)

// fogMap is the first Line of Sight diagram of BH 9.3 (testdata/los1.yaml)
// with a USA battery in 0103 and a CSA unit at archer, out of its sight
// behind the woods in 0105, an Objective in 0108, fog of war on or off
// (ruling E-11).
func fogMap(t *testing.T, archer string, fog bool) *State {
	t.Helper()
	data, err := os.ReadFile("testdata/los1.yaml")
	if err != nil {
		t.Fatal(err)
	}
	s, err := LoadScenario("los1", data)
	if err != nil {
		t.Fatal(err)
	}
	if fog {
		s.Optional = []string{"fog-of-war=on"}
	}
	for _, u := range []struct {
		name string
		kv   map[string]string
	}{
		{"Stewart", map[string]string{"type": "artillery", "ma": "12", "sp": "2", "at": "0103"}},
		{"Archer", map[string]string{"side": "CSA", "at": archer}},
	} {
		if err := setUnit(s, u.name, u.kv); err != nil {
			t.Fatal(err)
		}
	}
	s.Objectives = append(s.Objectives, Objective{Name: "Knoll", Hex: "0108", Points: 5})
	return s
}

// fogOrders is what USA is told of its orders and may order: the problems
// and receipt notes of a MOVE script into 0107 and a BOMBARD of it, and
// its order hints (bombard targets, approaches to the Knoll), as JSON.
func fogOrders(t *testing.T, s *State) string {
	t.Helper()
	f, ps := bhtext.Parse("GAME g\nSIDE USA\nTURN 1\nMOVE Stewart: 0104 0105 0106 0107\nBOMBARD Stewart: 0107\n")
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	sys := New()
	j, err := json.Marshal([]any{sys.Validate(s, "USA", f), sys.ReceiptNotes(s, f), sys.OrderHints(s, "USA")})
	if err != nil {
		t.Fatal(err)
	}
	return string(j)
}

// TestFogOrders: under fog of war (ruling E-11) the problems, receipt
// notes and order hints USA gets do not depend on where Archer, which it
// cannot see, stands (0107 in its MOVE script's path, or 0108 beside it);
// without fog they do (the receipt says the script runs into Archer).
func TestFogOrders(t *testing.T) {
	for _, fog := range []bool{true, false} {
		a, b := fogOrders(t, fogMap(t, "0107", fog)), fogOrders(t, fogMap(t, "0108", fog))
		if fog && a != b {
			t.Errorf("with fog of war, USA's orders are answered differently with Archer in 0107 and 0108:\n%s\n%s", a, b)
		}
		if !fog && a == b {
			t.Errorf("without fog of war, Archer's hex changes nothing USA is told: the check above cannot fail\n%s", a)
		}
	}
}

// TestNamedIn: an event names a unit by its whole name, alone or in the
// possessive, never inside a longer word (fogEvents).
func TestNamedIn(t *testing.T) {
	for _, c := range []struct {
		text, name string
		want       bool
	}{
		{"Fry moves from 2905 to 2606", "Fry", true},
		{"Fry's script no longer fits", "Fry", true},
		{"Frye moves", "Fry", false},
		{"O'Neal rallies", "O'Neal", true},
		{"7th Tennessee fires", "17th Tennessee", false},
		{"17th Tennessee fires", "7th Tennessee", false},
	} {
		if got := namedIn(c.text, c.name); got != c.want {
			t.Errorf("namedIn(%q, %q) = %v, want %v", c.text, c.name, got, c.want)
		}
	}
}
