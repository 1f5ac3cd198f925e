package rules

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"galloper/rules/hex"
)

// TestViewJSONRoundTrip: a view with a hex board and one with a table
// come back from their JSON form unchanged, facing or none, and the JSON
// uses the documented names.
func TestViewJSONRoundTrip(t *testing.T) {
	hexView := View{Game: "g", System: "gbacw", Side: "Union", Turn: "Turn 1", Segment: "Orders", Lines: []string{"a line"},
		Map: &MapView{Name: "m", Layout: hex.Layout{Top: hex.FlatTop, Rows: hex.RowsDown, IDs: hex.IDScheme{Form: hex.Digits}}, Cols: 2, Rows: 1,
			Hexes:    []HexView{{ID: "0101", Col: 1, Row: 1, Terrain: "open"}, {ID: "0201", Col: 2, Row: 1, Terrain: "woods", Elevation: 2, Hidden: true}},
			Hexsides: []HexsideView{{A: "0101", B: "0201", Kind: "fence"}},
			Units: []UnitView{{Name: "Iron Brigade", Side: "Union", Kind: "infantry", Hex: "0101", Facing: Facing(150)},
				{Name: "Reynolds", Side: "Union", Kind: "general", Hex: "0101"}},
			Arrows: []ArrowView{{Side: "Union", Label: "U-1", Hexes: []string{"0101", "0201"}}}},
		Style: &Style{Sides: []SideStyle{{Side: "Union", Colour: "#1f4e9c"}}, Hexsides: []HexsideStyle{{Kind: "fence", Label: "fence",
			Along: []Stroke{{Colour: "#000000", Width: 2, Dash: [2]float64{3, 2}}}}}}}
	tableView := View{System: "acwminis", Table: &TableView{Name: "t", Width: 72, Depth: 48, Scale: Scale{Inches: 1, Equals: 20, Unit: "yards"},
		Terrain: []TableFeature{{Kind: "woods", Points: []Point{{1, 1}, {5, 1}, {3, 4}}}, {Kind: "road", Line: true, Points: []Point{{0, 10}, {72, 12}}}},
		Units: []UnitView{{Name: "1st", Side: "Union", Kind: "infantry", Footprint: &Footprint{X: 10.5, Y: 4, Width: 6, Depth: 1.5}, Facing: Facing(0)},
			{Name: "2nd", Side: "Union", Kind: "infantry", Footprint: &Footprint{X: 20, Y: 4, Width: 6, Depth: 1.5}}},
		Arrows: []ArrowView{{Side: "Union", Label: "ADVANCE", Points: []Point{{10, 4}, {10, 12}}}}}}
	for _, v := range []View{hexView, tableView} {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var back View
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(v, back) {
			t.Errorf("round trip changed the view:\n%s\n%+v", b, back)
		}
		again, _ := json.Marshal(back)
		if string(again) != string(b) {
			t.Errorf("JSON not stable:\n%s\n%s", b, again)
		}
	}
	b, _ := json.Marshal(tableView)
	for _, want := range []string{`"depth":1.5},"facing":0}`, `"footprint":{"x":20,"y":4,"width":6,"depth":1.5}}`, `"scale":{"inches":1,"equals":20,"unit":"yards"}`, `"line":true`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("table JSON lacks %s:\n%s", want, b)
		}
	}
	b, _ = json.Marshal(hexView)
	for _, want := range []string{`"layout":{"top":"flat","rows":"down","ids":{"form":"digits"}}`, `"hex":"0101","facing":150}`, `"kind":"general","hex":"0101"}`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("hex JSON lacks %s:\n%s", want, b)
		}
	}
}
