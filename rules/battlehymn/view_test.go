package battlehymn

import (
	"testing"

	"galloper/rules"
)

// TestStyle checks that the style loads and names every terrain, hexside
// feature and unit kind the views draw.
func TestStyle(t *testing.T) {
	st := New().Style()
	terrains, sides, kinds := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, x := range st.Terrains {
		terrains[x.Terrain] = true
	}
	for _, x := range st.Hexsides {
		sides[x.Kind] = true
	}
	for _, x := range st.Kinds {
		kinds[x.Kind] = true
	}
	for _, c := range mapKinds.Terrain {
		if !terrains[c] {
			t.Errorf("terrain %s has no style", c)
		}
	}
	for k, slot := range mapKinds.Hexsides {
		if slot != "road" && !sides[k] {
			t.Errorf("hexside %s has no style", k)
		}
	}
	for _, k := range UnitTypes {
		if !kinds[string(k)] {
			t.Errorf("unit kind %s has no style", k)
		}
	}
	st0, err := New().NewGame("willoughby-run", nil)
	if err != nil {
		t.Fatal(err)
	}
	if v := New().View(st0, "USA"); v.Style != st || v.Map == nil || len(v.Map.Hexsides) == 0 {
		t.Fatalf("the view carries no style or no hexsides")
	}
	_ = rules.Side("")
}
