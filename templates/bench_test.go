package templates

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"galloper/rules"
	"galloper/rules/hex"
	"galloper/rules/lob"
)

// benchView is a generated 60x40 map as CSA sees it: mixed terrain, hills,
// 400 hexside features, roads, creeks, fog over the eastern third, 300
// units and 20 order arrows. It is the same every run.
func benchView() rules.View {
	const cols, rows = 60, 40
	rng := rand.New(rand.NewPCG(1863, 7))
	id := func(c, r int) string { return fmt.Sprintf("A%d.%d", c, r) }
	m := &rules.MapView{Name: "Generated", Layout: hex.LoB("A"), Cols: cols, Rows: rows}
	terrains := []string{"clear", "clear", "clear", "clear", "clear", "woods", "woods", "woods", "orchard", "field", "field", "town", "marsh"}
	for c := 1; c <= cols; c++ {
		for r := 1; r <= rows; r++ {
			hill := 2.2*math.Sin(float64(c)/6.5) + 1.8*math.Cos(float64(r)/5) + 1.2*math.Sin(float64(c+r)/9)
			m.Hexes = append(m.Hexes, rules.HexView{ID: id(c, r), Col: c, Row: r,
				Terrain: terrains[rng.IntN(len(terrains))], Elevation: max(0, int(math.Round(hill+2.5))), Hidden: c > 40})
		}
	}
	kinds := []string{"woods", "creek", "stream", "ford", "bridge", "wall", "slope", "ledge", "dip"}
	for len(m.Hexsides) < 400 {
		c, r := 1+rng.IntN(cols), 1+rng.IntN(rows)
		n := hex.Offset{Col: c, Row: r}.ToAxial().Neighbor(rng.IntN(6)).ToOffset()
		if n.Col < 1 || n.Col > cols || n.Row < 1 || n.Row > rows {
			continue
		}
		m.Hexsides = append(m.Hexsides, rules.HexsideView{A: id(c, r), B: id(n.Col, n.Row), Kind: kinds[rng.IntN(len(kinds))]})
	}
	for _, r := range []int{6, 19, 33} {
		var road []string
		for c := 1; c <= cols; c++ {
			road = append(road, id(c, r))
		}
		m.Roads = append(m.Roads, road)
	}
	for _, c := range []int{14, 45} {
		var road, creek []string
		for r := 1; r <= rows; r++ {
			road = append(road, id(c, r))
			creek = append(creek, id(c+3+r/10, r))
		}
		m.Roads = append(m.Roads, road)
		m.Streams = append(m.Streams, creek)
	}
	unitKinds := []string{"infantry", "infantry", "infantry", "cavalry", "artillery", "leader", "hq", "wagon"}
	statuses := []string{"", "", "", "", "DG", "Sh", "Routed", "Wrecked"}
	formations := []string{"line", "column", ""}
	for i := range 300 {
		side, c := rules.Side("CSA"), 1+rng.IntN(40)
		if i%2 == 1 {
			side, c = "USA", 21+rng.IntN(20)
		}
		kind, at, f := unitKinds[rng.IntN(len(unitKinds))], id(c, 1+rng.IntN(rows)), rng.IntN(7)-1
		u := rules.UnitView{Name: fmt.Sprintf("%s Brigade %d", side, i), Side: side, Kind: kind, Hex: at,
			Formation: formations[rng.IntN(len(formations))], Status: statuses[rng.IntN(len(statuses))]}
		if f >= 0 {
			u.Facing = rules.Facing(m.Layout.Bearing(f))
		}
		m.Units = append(m.Units, u)
	}
	for i := range 20 {
		c, r := 2+rng.IntN(36), 2+rng.IntN(36)
		m.Arrows = append(m.Arrows, rules.ArrowView{Side: "CSA", Label: fmt.Sprintf("CSA-%d MOVE", i+1),
			Hexes: []string{id(c, r), id(c+1, r), id(c+2, r), id(c+3, r+1), id(c+4, r+1), id(c+4, r+2)}})
	}
	return rules.View{Game: "bench", System: "lob.v2", Side: "CSA", Turn: "Turn 5 of 40, 08:00",
		Segment: "Turn 5 (08:00), CSA player turn", Provisional: true, Map: m, Style: lob.Style()}
}

func BenchmarkRenderSVG(b *testing.B) {
	v := benchView()
	for b.Loop() {
		if _, err := MapSVG(v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRenderPNG(b *testing.B) {
	v := benchView()
	for b.Loop() {
		if _, err := MapPNG(v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRsvgConvert rasterises the same map's SVG to a PNG of the same
// size with librsvg's rsvg-convert, the yardstick for BenchmarkRenderPNG.
func BenchmarkRsvgConvert(b *testing.B) {
	bin, err := exec.LookPath("rsvg-convert")
	if err != nil {
		b.Skip("rsvg-convert is not on PATH (Debian: apt-get install librsvg2-bin); nothing to compare with")
	}
	svg, err := MapSVG(benchView())
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	in, out := filepath.Join(dir, "map.svg"), filepath.Join(dir, "map.png")
	if err := os.WriteFile(in, svg, 0o644); err != nil {
		b.Fatal(err)
	}
	w, h := svgSizeOf(b, svg)
	for b.Loop() {
		cmd := exec.Command(bin, "-w", fmt.Sprint(w), "-h", fmt.Sprint(h), "-o", out, in)
		if msg, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("rsvg-convert: %v\n%s", err, msg)
		}
	}
}

func svgSizeOf(b *testing.B, svg []byte) (int, int) {
	var w, h int
	if _, err := fmt.Sscanf(string(svg), `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d"`, &w, &h); err != nil {
		b.Fatalf("SVG size: %v", err)
	}
	return w, h
}

// BenchmarkMapSVG and BenchmarkMapPNG draw Tanner's Creek, the size of a
// mail's map.
func BenchmarkMapSVG(b *testing.B) {
	v := loadView(b, "view-csa")
	for b.Loop() {
		if _, err := MapSVG(v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMapPNG(b *testing.B) {
	v := loadView(b, "view-csa")
	for b.Loop() {
		if _, err := MapPNG(v); err != nil {
			b.Fatal(err)
		}
	}
}
