package templates

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"galloper/rules"
	"galloper/rules/lob"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func loadView(t testing.TB, name string) rules.View {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var v rules.View
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if v.System == "lob.v2" && v.Style == nil {
		// The view files hold the board; the style is LoB's own, so that
		// the goldens follow LoB's style file.
		v.Style = lob.Style()
	}
	return v
}

// TestRenderSVGGolden compares each view's SVG with testdata/NAME.golden.svg:
// view-csa is Tanner's Creek as CSA sees it; view-features is a hand-written
// view with every hexside kind, status, facing, leaders, HQs, fog and order
// arrows. Run `go test ./templates -run Golden -update` after a deliberate
// change and read the diff in git.
func TestRenderSVGGolden(t *testing.T) {
	for _, name := range []string{"view-csa", "view-features"} {
		t.Run(name, func(t *testing.T) {
			got, err := MapSVG(loadView(t, name))
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
				t.Errorf("SVG differs from %s (run with -update if the change is deliberate):\n%s",
					golden, lineDiff(string(want), string(got)))
			}
		})
	}
}

// lineDiff shows where two texts differ: the lines between their common
// start and common end, numbered, - for want and + for got, at most 20 of
// each.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	start := 0
	for start < len(w) && start < len(g) && w[start] == g[start] {
		start++
	}
	ew, eg := len(w), len(g)
	for ew > start && eg > start && w[ew-1] == g[eg-1] {
		ew, eg = ew-1, eg-1
	}
	var b strings.Builder
	show := func(sign string, lines []string, from int) {
		for i, l := range lines {
			if i == 20 {
				fmt.Fprintf(&b, "%s ... %d more lines\n", sign, len(lines)-i)
				return
			}
			fmt.Fprintf(&b, "%s %4d  %s\n", sign, from+i+1, l)
		}
	}
	show("-", w[start:ew], start)
	show("+", g[start:eg], start)
	return b.String()
}

func TestLineDiff(t *testing.T) {
	got := lineDiff("a\nb\nc\nd\n", "a\nB\nc\nd\n")
	if want := "-    2  b\n+    2  B\n"; got != want {
		t.Fatalf("lineDiff = %q, want %q", got, want)
	}
}

// TestRenderSVGEscapesPlayerText puts markup into every text a player or
// a scenario supplies and checks that the SVG stays well-formed XML and
// gives the text back unchanged.
func TestRenderSVGEscapesPlayerText(t *testing.T) {
	const evil = `<script>&"'`
	v := loadView(t, "view-features")
	v.Game = "game " + evil
	v.Segment = evil
	v.Map.Name = evil
	v.Map.Units[4].Name = evil
	v.Map.Hexes[0].Label = evil
	v.Map.Arrows[0].Label = evil
	got, err := MapSVG(v)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(got, []byte("<script")) {
		t.Fatal("player text was written into the SVG unescaped")
	}
	texts := svgTexts(t, got)
	for _, want := range []string{"game " + evil, evil[:8] + "."} {
		found := false
		for _, s := range texts {
			found = found || strings.Contains(s, want)
		}
		if !found {
			t.Errorf("no text element reads %q after parsing; texts: %q", want, texts)
		}
	}
}

// svgTexts parses an SVG as XML and returns the content of its text
// elements.
func svgTexts(t *testing.T, svg []byte) []string {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(svg))
	var out []string
	inText := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			inText = tok.Name.Local == "text"
		case xml.CharData:
			if inText {
				out = append(out, string(tok))
			}
		case xml.EndElement:
			inText = false
		}
	}
}

func TestMapShowsFogAndProvisional(t *testing.T) {
	v := loadView(t, "view-csa")
	hidden := 0
	for _, h := range v.Map.Hexes {
		if h.Hidden {
			hidden++
		}
	}
	got, _ := MapSVG(v)
	if n := strings.Count(string(got), `class="fog"`); n != hidden || hidden == 0 {
		t.Fatalf("%d fog overlays for %d hidden hexes", n, hidden)
	}
	if !v.Provisional || !strings.Contains(string(got), "PROVISIONAL CHARTS") {
		t.Fatal("a provisional game's map does not say so")
	}
	v.Provisional = false
	got, _ = MapSVG(v)
	if strings.Contains(string(got), "PROVISIONAL") {
		t.Fatal("a game on a real chart pack is marked provisional")
	}
}

// TestRenderKeyListsWhatIsShown checks that the key names what a map
// shows and leaves out what it does not.
func TestRenderKeyListsWhatIsShown(t *testing.T) {
	all, err := MapSVG(loadView(t, "view-features"))
	if err != nil {
		t.Fatal(err)
	}
	csa, err := MapSVG(loadView(t, "view-csa"))
	if err != nil {
		t.Fatal(err)
	}
	keyOf := func(svg []byte) string { return strings.Join(svgTexts(t, svg), "|") }
	for _, want := range []string{"woods hexside", "creek hexside", "stream hexside", "ford", "bridge", "stone wall",
		"slope", "rock ledge", "sudden dip", "disordered (DG)", "shaken (Sh)", "routed", "wrecked", "leader", "HQ",
		"facing", "L = line", "C = column", "not visible to CSA", "order route and objective", "vineyard", "hex id, elevation", "retreat", "charge"} {
		if !strings.Contains(keyOf(all), want) {
			t.Errorf("the key of view-features lacks %q", want)
		}
	}
	for _, absent := range []string{"stone wall", "routed", "vineyard", "|field|", "retreat", "charge"} {
		if strings.Contains(keyOf(csa), absent) {
			t.Errorf("the key of view-csa lists %q, which its map does not show", absent)
		}
	}
}

func TestMapUnknownHex(t *testing.T) {
	v := loadView(t, "view-csa")
	v.Map.Units = append(v.Map.Units, rules.UnitView{Name: "Lost", Hex: "Z9.9"})
	if _, err := MapSVG(v); err == nil || !strings.Contains(err.Error(), "Z9.9") {
		t.Fatalf("err = %v, want one naming Z9.9", err)
	}
	if _, err := MapPNG(rules.View{}); err == nil {
		t.Fatal("a view without a map rendered")
	}
	v = loadView(t, "view-features")
	v.Map.Hexsides = append(v.Map.Hexsides, rules.HexsideView{A: "B1.1", B: "B5.5", Kind: "wall"})
	if _, err := MapSVG(v); err == nil || !strings.Contains(err.Error(), "not adjacent") {
		t.Fatalf("err = %v, want one saying the hexes are not adjacent", err)
	}
}

var dataHex = regexp.MustCompile(`<polygon points="([^"]*)"[^>]*class="hex" data-hex="([^"]*)"`)

// TestRenderWindow checks that a window holds exactly the hexes within N
// of the units in the view (the side's own and the enemy units it sees:
// a side's view holds no others), the side's order arrows and the
// traces it may see, clipped to the map.
func TestRenderWindow(t *testing.T) {
	for _, tc := range []struct {
		view string
		side rules.Side
		n    int
	}{{"view-csa", "CSA", 1}, {"view-features", "CSA", 1}, {"view-features", "USA", 2}, {"view-features", "", 0}} {
		v := loadView(t, tc.view)
		v.Side = tc.side
		c0, c1, r0, r1 := 1<<30, -1, 1<<30, -1
		include := func(id string) {
			for _, h := range v.Map.Hexes {
				if h.ID == id {
					c0, c1, r0, r1 = min(c0, h.Col), max(c1, h.Col), min(r0, h.Row), max(r1, h.Row)
				}
			}
		}
		for _, u := range v.Map.Units {
			include(u.Hex)
		}
		for _, a := range v.Map.Arrows {
			if tc.side == "" || a.Side == tc.side {
				for _, id := range a.Hexes {
					include(id)
				}
			}
		}
		for _, tr := range v.Map.Traces {
			for _, id := range tr.Hexes {
				include(id)
			}
		}
		c0, c1 = max(1, c0-tc.n), min(v.Map.Cols, c1+tc.n)
		r0, r1 = max(1, r0-tc.n), min(v.Map.Rows, r1+tc.n)
		if tc.n == 0 {
			c0, c1, r0, r1 = 1, v.Map.Cols, 1, v.Map.Rows
		}
		got, err := RenderSVG(v, MapOptions{Window: tc.n})
		if err != nil {
			t.Fatal(err)
		}
		hexes := dataHex.FindAllSubmatch(got, -1)
		if want := (c1 - c0 + 1) * (r1 - r0 + 1); len(hexes) != want {
			t.Errorf("%s window %d for %q: %d hexes drawn, want %d (columns %d-%d, rows %d-%d)",
				tc.view, tc.n, tc.side, len(hexes), want, c0, c1, r0, r1)
		}
		for _, m := range hexes {
			col, row := hexColRow(t, v, string(m[2]))
			if col < c0 || col > c1 || row < r0 || row > r1 {
				t.Errorf("%s window %d for %q: hex %s drawn outside columns %d-%d, rows %d-%d",
					tc.view, tc.n, tc.side, m[2], c0, c1, r0, r1)
			}
		}
		for _, u := range v.Map.Units {
			if col, row := hexColRow(t, v, u.Hex); (col < c0 || col > c1 || row < r0 || row > r1) &&
				bytes.Contains(got, []byte(">"+shortName(u.Name)+"<")) {
				t.Errorf("%s window %d: unit %s outside the window is drawn", tc.view, tc.n, u.Name)
			}
		}
	}
}

func hexColRow(t *testing.T, v rules.View, id string) (int, int) {
	for _, h := range v.Map.Hexes {
		if h.ID == id {
			return h.Col, h.Row
		}
	}
	t.Fatalf("no hex %s", id)
	return 0, 0
}

// TestRenderPNG paints view-features, writes it to a temporary directory
// (or to $GALLOPER_MAP_OUT, to look at), and checks its size against the
// SVG's and that every fogged hex is darker than the same hex unfogged.
func TestRenderPNG(t *testing.T) {
	v := loadView(t, "view-features")
	fogged := decodePNG(t, v, "view-features.png")
	svg, err := MapSVG(v)
	if err != nil {
		t.Fatal(err)
	}
	w, h := svgSize(t, svg)
	if b := fogged.Bounds(); b.Dx() != w || b.Dy() != h {
		t.Fatalf("PNG is %dx%d, SVG %dx%d", b.Dx(), b.Dy(), w, h)
	}
	if w < 600 || w > 1000 {
		t.Errorf("PNG is %d px wide; a 10-column map should suit a mail client (600-1000)", w)
	}
	clearView := loadView(t, "view-features")
	for i := range clearView.Map.Hexes {
		clearView.Map.Hexes[i].Hidden = false
	}
	clear := decodePNG(t, clearView, "view-features-unfogged.png")
	hidden := 0
	for _, m := range dataHex.FindAllSubmatch(svg, -1) {
		id := string(m[2])
		c := centroid(t, string(m[1]))
		var hv rules.HexView
		for _, x := range v.Map.Hexes {
			if x.ID == id {
				hv = x
			}
		}
		for _, off := range []image.Point{{-18, 0}, {0, -8}, {14, 10}} {
			p := c.Add(off)
			lf, lc := luma(fogged, p), luma(clear, p)
			if hv.Hidden && lf >= lc*0.8 {
				t.Errorf("fogged hex %s at %v: luma %.0f, unfogged %.0f: not darker", id, p, lf, lc)
			}
			if !hv.Hidden && lf != lc {
				t.Errorf("visible hex %s at %v changed with fog elsewhere: %.0f vs %.0f", id, p, lf, lc)
			}
		}
		if hv.Hidden {
			hidden++
		}
	}
	if hidden == 0 {
		t.Fatal("view-features has no fogged hexes")
	}
}

func decodePNG(t *testing.T, v rules.View, name string) image.Image {
	t.Helper()
	b, err := MapPNG(v)
	if err != nil {
		t.Fatal(err)
	}
	dir := os.Getenv("GALLOPER_MAP_OUT")
	if dir == "" {
		dir = t.TempDir()
	}
	if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

var svgSizeRE = regexp.MustCompile(`<svg [^>]*width="(\d+)" height="(\d+)"`)

func svgSize(t *testing.T, svg []byte) (int, int) {
	m := svgSizeRE.FindSubmatch(svg)
	if m == nil {
		t.Fatal("the SVG has no width and height")
	}
	w, _ := strconv.Atoi(string(m[1]))
	h, _ := strconv.Atoi(string(m[2]))
	return w, h
}

func centroid(t *testing.T, points string) image.Point {
	var sx, sy float64
	f := strings.Fields(points)
	for _, p := range f {
		var x, y float64
		if _, err := fmt.Sscanf(p, "%g,%g", &x, &y); err != nil {
			t.Fatalf("points %q: %v", points, err)
		}
		sx, sy = sx+x, sy+y
	}
	return image.Pt(int(sx/float64(len(f))), int(sy/float64(len(f))))
}

func luma(img image.Image, p image.Point) float64 {
	r, g, b, _ := img.At(p.X, p.Y).RGBA()
	return (0.299*float64(r) + 0.587*float64(g) + 0.114*float64(b)) / 257
}

// TestRenderPNGConcurrent paints one map from several goroutines: the
// pooled painters and font faces are not shared, and every copy comes out
// byte for byte the same.
func TestRenderPNGConcurrent(t *testing.T) {
	v := loadView(t, "view-csa")
	want, err := MapPNG(v)
	if err != nil {
		t.Fatal(err)
	}
	got := make([][]byte, 4)
	errs := make([]error, 4)
	var wg sync.WaitGroup
	for i := range got {
		wg.Go(func() { got[i], errs[i] = MapPNG(v) })
	}
	wg.Wait()
	for i := range got {
		if errs[i] != nil || !bytes.Equal(got[i], want) {
			t.Fatalf("painting %d: err %v, same bytes %v", i, errs[i], bytes.Equal(got[i], want))
		}
	}
}
