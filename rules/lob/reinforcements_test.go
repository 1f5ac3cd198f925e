package lob

import (
	"os"
	"strings"
	"testing"
)

// TestEntryAreasLoad checks the map's Entry Areas (LoB 3.7): in order, on
// the map edge, each hex in one area only.
func TestEntryAreasLoad(t *testing.T) {
	data, err := os.ReadFile("testdata/entry.yaml")
	if err != nil {
		t.Fatal(err)
	}
	scn := scenarioFrom(t, "entry.yaml", data)
	var got []string
	for _, a := range scn.Map.EntryAreas {
		got = append(got, a.Name+":"+strings.Join(a.Hexes, ","))
	}
	if want := "A:E1.1 B:E1.3 C:E1.5 D:E1.7,E1.8"; strings.Join(got, " ") != want {
		t.Errorf("Entry Areas %q, want %q", strings.Join(got, " "), want)
	}
	if scn.Map.entryArea("E1.8") != 3 || scn.Map.entryArea("E2.2") != -1 {
		t.Errorf("entryArea: E1.8 in %d, E2.2 in %d", scn.Map.entryArea("E1.8"), scn.Map.entryArea("E2.2"))
	}
	for _, c := range []struct{ from, to, want string }{
		{"{name: B, hexes: [E1.3]}", "{name: B, hexes: [E2.3]}", "E2.3 is not on the map edge (LoB 3.7)"},
		{"{name: B, hexes: [E1.3]}", "{name: B, hexes: [E1.1]}", "E1.1 is already in an Entry Area"},
		{"{name: B, hexes: [E1.3]}", "{name: B, hexes: []}", "entry_areas[1]: fields name and hexes are required"},
	} {
		bad := strings.Replace(string(data), c.from, c.to, 1)
		if _, err := parseScenario("entry.yaml", []byte(bad)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.to, err, c.want)
		}
	}
}
