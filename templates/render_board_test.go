package templates

import (
	"bytes"
	"image"
	"math"
	"os"
	"path/filepath"
	"testing"

	"galloper/rules"
	"galloper/rules/hex"
)

// boardStyle is a style for a system other than LoB: other sides, kinds,
// terrains and hexsides, all as data.
func boardStyle() *rules.Style {
	return &rules.Style{
		Sides: []rules.SideStyle{{Side: "Union", Colour: "#1f4e9c"}, {Side: "Confederate", Colour: "#8a8f96"}},
		Kinds: []rules.KindStyle{{Kind: "infantry", Symbol: "cross"}, {Kind: "artillery", Symbol: "dot"},
			{Kind: "general", Label: "general", Shape: rules.ShapeDisc}},
		Terrains: []rules.TerrainStyle{{Terrain: "open", Fill: "#e9e2c0"}, {Terrain: "woods", Fill: "#8fbf7a", Mark: "#3f6f30", Marks: "trees"},
			{Terrain: "hill", Fill: "#cbb68e"}, {Terrain: "road", Fill: "#e2bd86", Mark: "#6b4724"}, {Terrain: "stream", Fill: "#3b82c4"}},
		Hexsides: []rules.HexsideStyle{{Kind: "fence", Label: "rail fence", Along: []rules.Stroke{{Colour: "#6b4724", Width: 2.5, Inset: 0.08, Dash: [2]float64{3, 2}}}}},
		Statuses: []rules.StatusStyle{{Status: "Disordered", Fill: "#f5c518", Text: "#111111", Short: "Dis", Label: "disordered"}},
	}
}

// digitsView is an 8x6 map in GBACW's manner: flat-top hexes, ids 0101
// to 0806, row 1 at the top, even columns half a hex lower.
func digitsView() rules.View {
	lay := hex.Layout{Top: hex.FlatTop, Shifted: hex.Even, Rows: hex.RowsDown, IDs: hex.IDScheme{Form: hex.Digits}}
	m := &rules.MapView{Name: "Four-digit test map", Layout: lay, Cols: 8, Rows: 6}
	for c := 1; c <= 8; c++ {
		for r := 1; r <= 6; r++ {
			t, e := "open", 0
			if c >= 5 && r <= 3 {
				t = "woods"
			}
			if c <= 2 {
				e = 1
			}
			m.Hexes = append(m.Hexes, rules.HexView{ID: lay.ID(hex.Offset{Col: c, Row: r}), Col: c, Row: r, Terrain: t, Elevation: e})
		}
	}
	m.Hexsides = []rules.HexsideView{{A: "0403", B: "0503", Kind: "fence"}, {A: "0403", B: "0404", Kind: "fence"}}
	m.Roads = [][]string{{"0103", "0203", "0303", "0403", "0503", "0603", "0703", "0803"}}
	m.Units = []rules.UnitView{
		// GBACW units face a vertex: corner 1 of the grid.
		{Name: "Iron Brigade", Side: "Union", Kind: "infantry", Hex: "0304", Facing: rules.Facing(lay.CornerBearing(1))},
		{Name: "Reynolds", Side: "Union", Kind: "general", Hex: "0304"},
		{Name: "Archer's Brigade", Side: "Confederate", Kind: "infantry", Hex: "0604", Facing: rules.Facing(lay.Bearing(3)), Status: "Disordered"},
	}
	return rules.View{Game: "digits", System: "test", Side: "", Turn: "Turn 1", Segment: "test", Map: m, Style: boardStyle()}
}

// pts makes table points from x, y pairs.
func pts(xy ...float64) []rules.Point {
	out := make([]rules.Point, 0, len(xy)/2)
	for i := 0; i+1 < len(xy); i += 2 {
		out = append(out, rules.Point{X: xy[i], Y: xy[i+1]})
	}
	return out
}

// tableView is a 48x36 inch table at 1 inch = 20 yards: a wood, a hill, a
// road and a stream, and three brigades on their bases at headings.
func tableView() rules.View {
	t := &rules.TableView{Name: "Test table", Width: 48, Depth: 36, Scale: rules.Scale{Inches: 1, Equals: 20, Unit: "yards"},
		Terrain: []rules.TableFeature{
			{Kind: "woods", Name: "East Wood", Points: pts(30, 20, 42, 22, 44, 32, 33, 33, 28, 27)},
			{Kind: "hill", Name: "Round Top", Points: pts(4, 4, 14, 3, 16, 10, 8, 12)},
			{Kind: "road", Line: true, Points: pts(0, 18, 20, 17, 48, 15)},
			{Kind: "stream", Line: true, Points: pts(24, 0, 22, 12, 26, 36)},
		},
		Units: []rules.UnitView{
			{Name: "1st Brigade", Side: "Union", Kind: "infantry", Footprint: &rules.Footprint{X: 12, Y: 24, Width: 6, Depth: 1.5}, Facing: rules.Facing(90)},
			{Name: "2nd Brigade", Side: "Union", Kind: "infantry", Footprint: &rules.Footprint{X: 10, Y: 14, Width: 6, Depth: 1.5}, Facing: rules.Facing(45)},
			{Name: "Texas Brigade", Side: "Confederate", Kind: "infantry", Footprint: &rules.Footprint{X: 36, Y: 10, Width: 6, Depth: 1.5}, Facing: rules.Facing(270), Status: "Disordered"},
		},
		Arrows: []rules.ArrowView{{Side: "Union", Label: "U-1 ADVANCE", Points: pts(12, 24, 20, 24, 27, 22)}},
	}
	return rules.View{Game: "table", System: "test", Turn: "Turn 1", Segment: "test", Table: t, Style: boardStyle()}
}

// TestBoardGoldens draws the four-digit flat-top map and the inches table
// and compares each SVG with testdata/NAME.golden.svg (run with -update
// after a deliberate change and read the diff).
func TestBoardGoldens(t *testing.T) {
	for name, v := range map[string]rules.View{"board-digits": digitsView(), "board-table": tableView()} {
		t.Run(name, func(t *testing.T) {
			got, err := MapSVG(v)
			if err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", name+".golden.svg")
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("SVG differs from %s (run with -update if the change is deliberate):\n%s", golden, lineDiff(string(want), string(got)))
			}
		})
	}
}

// hexCentres reads each hex's centre from the SVG's data-hex polygons.
func hexCentres(t *testing.T, svg []byte) map[string]image.Point {
	out := map[string]image.Point{}
	for _, m := range dataHex.FindAllSubmatch(svg, -1) {
		if _, ok := out[string(m[2])]; !ok {
			out[string(m[2])] = centroid(t, string(m[1]))
		}
	}
	return out
}

// near reports whether a pixel is within a few levels of a colour.
func near(img image.Image, p image.Point, c rgb) bool {
	r, g, b, _ := img.At(p.X, p.Y).RGBA()
	d := math.Abs(float64(r>>8)-float64(c>>16&0xff)) + math.Abs(float64(g>>8)-float64(c>>8&0xff)) + math.Abs(float64(b>>8)-float64(c&0xff))
	return d <= 6
}

// nearAny reports whether some pixel within r of p is near c.
func nearAny(img image.Image, p image.Point, r int, c rgb) bool {
	for dy := -r; dy <= r; dy++ {
		for dx := -r; dx <= r; dx++ {
			if near(img, p.Add(image.Pt(dx, dy)), c) {
				return true
			}
		}
	}
	return false
}

// TestDigitsMapPNG paints the four-digit map and checks it by its pixels:
// hexes where the layout puts them, terrain and counters in the style's
// colours.
func TestDigitsMapPNG(t *testing.T) {
	v := digitsView()
	svg, err := MapSVG(v)
	if err != nil {
		t.Fatal(err)
	}
	img := decodePNG(t, v, "board-digits.png")
	if w, h := svgSize(t, svg); img.Bounds().Dx() != w || img.Bounds().Dy() != h {
		t.Fatalf("PNG %v, SVG %dx%d", img.Bounds(), w, h)
	}
	c := hexCentres(t, svg)
	if len(c) != 48 {
		t.Fatalf("%d hexes drawn, want 48", len(c))
	}
	// Rows count down; even columns sit half a hex lower; flat-top hexes
	// in a column are sqrt(3) sizes apart, columns 1.5 sizes.
	if c["0102"].Y <= c["0101"].Y || c["0201"].Y <= c["0101"].Y || c["0201"].Y >= c["0102"].Y {
		t.Errorf("centres 0101 %v, 0102 %v, 0201 %v: not a rows-down, even-lower layout", c["0101"], c["0102"], c["0201"])
	}
	if dy, dx := c["0102"].Y-c["0101"].Y, c["0301"].X-c["0101"].X; math.Abs(float64(dy)-sqrt3*hexSize) > 1.5 || math.Abs(float64(dx)-3*hexSize) > 1.5 {
		t.Errorf("row step %d px, two-column step %d px", dy, dx)
	}
	// Open and woods hexes at their fill (beside the centre, clear of the
	// tree marks and ids), the Union counter in 0304 in Union blue.
	if p := c["0405"].Add(image.Pt(6, 4)); !near(img, p, 0xe9e2c0) {
		t.Errorf("open hex 0405 at %v is %v", p, img.At(p.X, p.Y))
	}
	if p := c["0602"].Add(image.Pt(6, 4)); !near(img, p, 0x8fbf7a) {
		t.Errorf("woods hex 0602 at %v is %v", p, img.At(p.X, p.Y))
	}
	if p := c["0304"].Add(image.Pt(-14, 4)); !near(img, p, 0x1f4e9c) {
		t.Errorf("Union counter in 0304 at %v is %v", p, img.At(p.X, p.Y))
	}
	if !bytes.Contains(svg, []byte(">0101<")) || !bytes.Contains(svg, []byte("rail fence")) {
		t.Error("the key does not show the four-digit example id and the style's hexside label")
	}
}

// TestTablePNG paints the inches table and checks it by its pixels: the
// table's size at the renderer's scale, terrain areas in their fill,
// bases turned to their heading, and the scale bar.
func TestTablePNG(t *testing.T) {
	v := tableView()
	svg, err := MapSVG(v)
	if err != nil {
		t.Fatal(err)
	}
	img := decodePNG(t, v, "board-table.png")
	if w, h := svgSize(t, svg); img.Bounds().Dx() != w || img.Bounds().Dy() != h {
		t.Fatalf("PNG %v, SVG %dx%d", img.Bounds(), w, h)
	}
	l, err := newTableLayout(v)
	if err != nil {
		t.Fatal(err)
	}
	if l.px != tablePageW/48 || l.area.x1-l.area.x0 != 900 || l.area.y1-l.area.y0 != 36*l.px {
		t.Fatalf("table drawn at %g px/in over %v", l.px, l.area)
	}
	pt := func(x, y float64) image.Point {
		p := l.at(rules.Point{X: x, Y: y})
		return image.Pt(int(p.X), int(p.Y))
	}
	checks := []struct {
		what string
		at   image.Point
		want rgb
		is   bool
	}{
		{"open table", pt(2, 30), 0xe9e2c0, true},
		{"hill", pt(9, 6), 0xcbb68e, true},
		// 1st Brigade faces 90 (east): its 6-inch front runs north-south,
		// so 2.5 inches north of its centre is on the base and 2.5
		// inches east is not.
		{"1st Brigade's base along its front", pt(12, 26.5), 0x1f4e9c, true},
		{"1st Brigade's base behind its front", pt(14.5, 24), 0x1f4e9c, false},
		// Texas Brigade faces 270 (west), the same way round.
		{"Texas Brigade's base", pt(36, 7.5), 0x8a8f96, true},
		// 2nd Brigade faces 45: its front runs from north-west to
		// south-east.
		{"2nd Brigade's base on the diagonal", pt(10-2, 14+2), 0x1f4e9c, true},
		{"2nd Brigade's base off the diagonal", pt(10+2, 14+2), 0x1f4e9c, false},
	}
	for _, c := range checks {
		if near(img, c.at, c.want) != c.is {
			t.Errorf("%s at %v is %v; want %v to be %06x", c.what, c.at, img.At(c.at.X, c.at.Y), c.is, uint32(c.want))
		}
	}
	// The wood is stippled all over: its fill and its tree marks both
	// within a few pixels of points across it.
	for _, at := range []image.Point{pt(37, 25), pt(32, 27), pt(40, 30)} {
		if !nearAny(img, at, 10, 0x8fbf7a) || !nearAny(img, at, 10, 0x3f6f30) {
			t.Errorf("wood at %v: fill %v, tree mark %v within 10 px", at, nearAny(img, at, 10, 0x8fbf7a), nearAny(img, at, 10, 0x3f6f30))
		}
	}
	// The scale bar's first inch is solid ink, the second white.
	y := int(l.area.y1 + margin + 9)
	if x := int(margin + l.px/2); !near(img, image.Pt(x, y), ink) {
		t.Errorf("scale bar's first inch at %d,%d is %v", x, y, img.At(x, y))
	}
	if x := int(margin + 1.5*l.px); !near(img, image.Pt(x, y), white) {
		t.Errorf("scale bar's second inch at %d,%d is %v", x, y, img.At(x, y))
	}
	if !bytes.Contains(svg, []byte("scale: 12 in = 240 yards")) {
		t.Error("the scale bar's label is missing")
	}
}

func TestTableRejectsBadSizes(t *testing.T) {
	for _, f := range []func(*rules.View){
		func(v *rules.View) { v.Table.Width = 0 },
		func(v *rules.View) { v.Table.Scale.Equals = 0 },
		func(v *rules.View) { v.Table.Units[0].Footprint = nil },
		func(v *rules.View) { v.Table.Terrain[0].Points = v.Table.Terrain[0].Points[:2] },
		func(v *rules.View) { v.Style.Sides[0].Colour = "blue" },
	} {
		v := tableView()
		f(&v)
		if _, err := MapSVG(v); err == nil {
			t.Errorf("a broken table drew without an error")
		}
	}
}
