package templates

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"galloper/rules"
)

// TestTableHouseTerrains draws a table whose system names no terrain
// styles: each common kind gets its own house fill, none the unknown
// grey, and the key lists each kind once, with the unit footprints all
// drawn at least minFootprint thick.
func TestTableHouseTerrains(t *testing.T) {
	v := tableView()
	v.Style = nil
	v.Table.Terrain = []rules.TableFeature{
		{Kind: "wood", Points: pts(30, 20, 42, 22, 44, 32, 33, 33)},
		{Kind: "building", Points: pts(20, 30, 24, 30, 24, 33, 20, 33)},
		{Kind: "wall", Points: pts(2, 30, 12, 30, 12, 30.5, 2, 30.5)},
		{Kind: "hill", Points: pts(4, 4, 14, 3, 16, 10, 8, 12)},
		{Kind: "stream", Points: pts(46, 0, 47, 0, 47, 36, 46, 36)},
		{Kind: "road", Line: true, Points: pts(0, 18, 48, 15)},
	}
	// A skirmish line a hair deep: still drawn.
	v.Table.Units = append(v.Table.Units, rules.UnitView{Name: "5th Alabama", Side: "Confederate", Kind: "skirmishers",
		Footprint: &rules.Footprint{X: 30, Y: 8, Width: 9, Depth: 0.05}, Facing: rules.Facing(180)})
	svg, err := MapSVG(v)
	if err != nil {
		t.Fatal(err)
	}
	s := string(svg)
	fills := map[string]string{}
	for _, f := range v.Table.Terrain {
		re := regexp.MustCompile(`(?:fill|stroke)="(#[0-9a-f]{6})"[^>]*class="terrain-` + f.Kind + `"`)
		m := re.FindStringSubmatch(s)
		if m == nil {
			t.Errorf("%s is not drawn", f.Kind)
			continue
		}
		if m[1] == unknownTerrain.fill.String() || m[1] == fmt.Sprintf("#%06x", uint32(unknownTerrain.fill.scale(0.6))) {
			t.Errorf("%s is drawn in the unknown grey", f.Kind)
		}
		for k, c := range fills {
			if c == m[1] {
				t.Errorf("%s and %s share the colour %s", f.Kind, k, c)
			}
		}
		fills[f.Kind] = m[1]
		if n := strings.Count(s, ">"+f.Kind+"<"); n != 1 {
			t.Errorf("the key names %s %d times", f.Kind, n)
		}
	}
	l, err := newTableLayout(v)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := buildTableScene(v)
	if err != nil {
		t.Fatal(err)
	}
	units := 0
	for _, sh := range sc.shapes {
		if sh.class != "unit" {
			continue
		}
		units++
		b := bounds(sh.pts)
		if min(b.x1-b.x0, b.y1-b.y0) < minFootprint-0.01 {
			t.Errorf("a footprint is drawn %v: thinner than %g px", b, minFootprint)
		}
	}
	if units != len(v.Table.Units) || l.px <= 0 {
		t.Errorf("%d footprints drawn for %d units", units, len(v.Table.Units))
	}
}

// TestTableLabelsApart draws units packed close together and checks that
// no two of their names or status markers overlap.
func TestTableLabelsApart(t *testing.T) {
	v := tableView()
	v.Table.Units = nil
	v.Table.Arrows = nil
	for i := range 6 {
		v.Table.Units = append(v.Table.Units, rules.UnitView{Name: fmt.Sprintf("%dth Regiment", i+1), Side: "Union", Kind: "infantry",
			Status: "Disordered", Footprint: &rules.Footprint{X: 20 + float64(i%2)*0.5, Y: 20 + float64(i)*0.3, Width: 6, Depth: 0.6}})
	}
	sc, err := buildTableScene(v)
	if err != nil {
		t.Fatal(err)
	}
	var boxes []rect
	for _, sh := range sc.shapes {
		if (sh.class == "status" || sh.fill == white && sh.alpha > 0) && sh.kind == polygon {
			boxes = append(boxes, bounds(sh.pts))
		}
	}
	if len(boxes) < 12 {
		t.Fatalf("%d labels found, want 12", len(boxes))
	}
	for i := range boxes {
		for j := i + 1; j < len(boxes); j++ {
			a, b := boxes[i], boxes[j]
			if min(a.x1, b.x1)-max(a.x0, b.x0) > 0.5 && min(a.y1, b.y1)-max(a.y0, b.y0) > 0.5 {
				t.Errorf("labels %v and %v overlap", a, b)
			}
		}
	}
}
