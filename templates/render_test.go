package templates

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"image/png"
	"os"
	"strings"
	"testing"

	"galloper/rules"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func loadView(t testing.TB) rules.View {
	t.Helper()
	b, err := os.ReadFile("testdata/view-csa.json")
	if err != nil {
		t.Fatal(err)
	}
	var v rules.View
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestMapSVGGolden compares the SVG with testdata/view-csa.golden.svg.
// Run `go test ./templates -run Golden -update` after a deliberate change
// and read the diff in git.
func TestMapSVGGolden(t *testing.T) {
	got, err := MapSVG(loadView(t))
	if err != nil {
		t.Fatal(err)
	}
	const golden = "testdata/view-csa.golden.svg"
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
}

// lineDiff shows the first lines that differ, with their numbers.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	shown := 0
	for i := 0; i < max(len(w), len(g)) && shown < 10; i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			fmt.Fprintf(&b, "line %d:\n- %s\n+ %s\n", i+1, wl, gl)
			shown++
		}
	}
	return b.String()
}

func TestMapSVGEscapesPlayerText(t *testing.T) {
	got, _ := MapSVG(loadView(t))
	s := string(got)
	if strings.Contains(s, "<script>") {
		t.Fatal("a unit name was written into the SVG unescaped")
	}
	if !strings.Contains(s, "&lt;script&gt;") {
		t.Fatal("the escaped unit name is missing")
	}
}

func TestMapShowsFogAndProvisional(t *testing.T) {
	v := loadView(t)
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

func TestMapUnknownHex(t *testing.T) {
	v := loadView(t)
	v.Map.Units = append(v.Map.Units, rules.UnitView{Name: "Lost", Hex: "Z9.9"})
	if _, err := MapSVG(v); err == nil || !strings.Contains(err.Error(), "Z9.9") {
		t.Fatalf("err = %v, want one naming Z9.9", err)
	}
	if _, err := MapPNG(rules.View{}); err == nil {
		t.Fatal("a view without a map rendered")
	}
}

func TestMapPNG(t *testing.T) {
	b, err := MapPNG(loadView(t))
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	r := img.Bounds()
	if r.Dx() < 600 || r.Dx() > 1400 {
		t.Fatalf("PNG is %d px wide; a 16x12 map should suit a mail client (600-1400)", r.Dx())
	}
	colours := map[uint32]bool{}
	for y := r.Min.Y; y < r.Max.Y; y += 7 {
		for x := r.Min.X; x < r.Max.X; x += 7 {
			c1, c2, c3, _ := img.At(x, y).RGBA()
			colours[c1>>8<<16|c2>>8<<8|c3>>8] = true
		}
	}
	if len(colours) < 20 {
		t.Fatalf("PNG has only %d colours: it looks blank", len(colours))
	}
}

func BenchmarkMapSVG(b *testing.B) {
	v := loadView(b)
	for b.Loop() {
		if _, err := MapSVG(v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMapPNG(b *testing.B) {
	v := loadView(b)
	for b.Loop() {
		if _, err := MapPNG(v); err != nil {
			b.Fatal(err)
		}
	}
}
