package gbacw

import (
	"os"
	"testing"
)

// TestNewExtensionHasOneMPLess: an extension created under Advance Orders
// has 1 MP less in the activation it is created in, a second one 2 MPs
// (8.5). On the trail map's pike (1 MP a hex) an 8-SP unit not yet in
// column, moving from 0301, has its new extension enter 0401 to 0801, 5
// MPs: with the head's 6 MPs (12 half MPs) it follows, with 5½ it does not,
// where an extension without the 1 MP less would; an old extension, in
// 0201 behind the head, enters 0301 to 0801, 6 MPs, and follows on the
// head's 6, having no MP less. A 15-SP unit's second new extension, 2 MPs
// less, enters 0401 to 0701, 4 MPs: it follows on 6 MPs.
func TestNewExtensionHasOneMPLess(t *testing.T) {
	data, err := os.ReadFile("testdata/trail.yaml")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := LoadScenario("trail", data)
	if err != nil {
		t.Fatal(err)
	}
	s := sc.start.clone()
	s.Units = append(s.Units, UnitSt{Name: "Yanks", Side: "USA", Brigade: "A Brigade", Kind: "infantry", Hex: "0801", SP: 8, Cohesion: 6, Disordered: 4, MA: 6, Weapon: "R"})
	u := &s.Units[len(s.Units)-1]
	r := &resolver{sys: New(), s: s}
	path := []string{"0301", "0401", "0501", "0601", "0701", "0801"}
	for _, tc := range []struct {
		name     string
		sp       int
		trail    []string
		existing int
		limit    int
		want     bool
	}{
		{"new, 6 MPs", 8, path, 0, 12, true},
		{"new, 5½ MPs", 8, path, 0, 11, false},
		{"old, 6 MPs", 8, append([]string{"0201"}, path...), 1, 12, true},
		{"old, 5½ MPs", 8, append([]string{"0201"}, path...), 1, 11, false},
		{"two new, 6 MPs", 15, path, 0, 12, true},
		{"two new, 5½ MPs", 15, path, 0, 11, false},
	} {
		u.SP = tc.sp
		if got := r.columnFollows(u, Advance, tc.trail, "0901", tc.limit, tc.existing); got != tc.want {
			t.Errorf("%s: the extensions follow: %v, want %v", tc.name, got, tc.want)
		}
	}
}
