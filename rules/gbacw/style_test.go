package gbacw

import "testing"

// The embedded style loads and names every terrain of the map vocabulary
// and every unit kind a GBACW view draws.
func TestStyleLoads(t *testing.T) {
	s, err := parseStyle(styleFile)
	if err != nil {
		t.Fatal(err)
	}
	terrains := map[string]bool{}
	for _, ts := range s.Terrains {
		terrains[ts.Terrain] = true
	}
	for _, k := range MapKinds.Terrain {
		if !terrains[k] {
			t.Errorf("terrain %s has no style", k)
		}
	}
	kinds := map[string]bool{}
	for _, ks := range s.Kinds {
		kinds[ks.Kind] = true
	}
	for _, k := range []string{"infantry", "cavalry", "artillery", "leader"} {
		if !kinds[k] {
			t.Errorf("unit kind %s has no style", k)
		}
	}
	if _, err := parseStyle([]byte("sides: [{side: USA, colour: blue}]")); err == nil {
		t.Error("a colour that is not #rrggbb loads")
	}
}
