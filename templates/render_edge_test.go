package templates

import (
	"testing"
)

// TestPlaceLabelsStayOnTheMap gives the hexes at the map's four corners a
// long place name and checks that every one is drawn whole inside the
// map's rectangle, not cut at its edge ("lloway Crossroads").
func TestPlaceLabelsStayOnTheMap(t *testing.T) {
	v := loadView(t, "view-csa")
	const name = "Galloway Crossroads Tavern"
	corners := 0
	for i := range v.Map.Hexes {
		h := &v.Map.Hexes[i]
		if (h.Col == 1 || h.Col == v.Map.Cols) && (h.Row == 1 || h.Row == v.Map.Rows) {
			h.Label = name
			corners++
		}
	}
	if corners != 4 {
		t.Fatalf("%d corner hexes, want 4", corners)
	}
	sc, err := buildScene(v, MapOptions{})
	if err != nil {
		t.Fatal(err)
	}
	drawn := 0
	for _, sh := range sc.shapes {
		if sh.kind != text || sh.text != name {
			continue
		}
		drawn++
		w := textWidth(name, sh.size, sh.bold)
		p := sh.pts[0]
		x0, x1 := p.X-w/2, p.X+w/2
		if x0 < sc.clip.x0 || x1 > sc.clip.x1 || p.Y-sh.size < sc.clip.y0 || p.Y > sc.clip.y1 {
			t.Errorf("label at (%.1f, %.1f), %.1f to %.1f across, is cut by the map's edges %+v", p.X, p.Y, x0, x1, sc.clip)
		}
	}
	if drawn != corners {
		t.Errorf("%d labels drawn, want %d", drawn, corners)
	}
}
