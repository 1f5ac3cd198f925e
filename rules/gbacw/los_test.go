package gbacw

import (
	"maps"
	"testing"

	"galloper/rules/hex"
)

// TestLOSOffTheMap is 10.21's bar on LOS traced off the map: with 0704
// cut out of the field, as a Battle Book's map with a bay in its edge
// would have it, 0703 and 0705 no longer see each other, the line between
// them passing through the missing hex; a line along a hexside whose
// other side is off the map still sees (0101 to 0301 along the top edge).
func TestLOSOffTheMap(t *testing.T) {
	sys := New()
	s := fieldScenario(t).start.clone()
	if !s.lineOfSight(sys.combat, "0703", "0705") || !s.lineOfSight(sys.combat, "0101", "0301") {
		t.Fatal("on the whole field 0703 sees 0705 and 0101 sees 0301")
	}
	g := *s.g
	g.ids = maps.Clone(g.ids)
	delete(g.ids, g.axial["0704"])
	s.g = &g
	if s.lineOfSight(sys.combat, "0703", "0705") {
		t.Error("0703 sees 0705 through 0704, which is off the map (10.21)")
	}
	if !s.lineOfSight(sys.combat, "0101", "0301") {
		t.Error("0101 no longer sees 0301 along the map's top edge (10.21)")
	}
}

// TestRectangularMapsHoldEveryLOS: on a map of whole rows and columns no
// line between two of its hexes passes off it but along an edge's
// hexside, so 10.21's bar matters only to maps with bays.
func TestRectangularMapsHoldEveryLOS(t *testing.T) {
	g := fieldScenario(t).start.g
	for a := range g.ids {
		for b := range g.ids {
			left, right := hex.Line(a, b)
			for i := range left {
				if g.ids[left[i]] == "" && g.ids[right[i]] == "" {
					t.Fatalf("%s to %s passes off the map at %v", g.ids[a], g.ids[b], left[i])
				}
			}
		}
	}
}
