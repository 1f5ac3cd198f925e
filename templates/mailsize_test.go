package templates

import (
	"archive/zip"
	"bytes"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"testing"

	"galloper/rules"
)

// edgyPNG is an RGBA picture with a few flat colours and thousands of
// blends between them, as an anti-aliased map has.
func edgyPNG(t testing.TB) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 400, 300))
	for y := range 300 {
		for x := range 400 {
			c := color.RGBA{230, 225, 200, 255}
			if (x/40+y/40)%2 == 0 {
				c = color.RGBA{60, 90, 160, 255}
			}
			if x%40 < 3 { // a blended edge
				k := uint8(x%40*60 + y%7)
				c = color.RGBA{c.R/2 + k/2, c.G/2 + k/3, c.B/2 + k/4, 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestCompactPNG(t *testing.T) {
	in := edgyPNG(t)
	out, err := CompactPNG(in)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	p, ok := img.(*image.Paletted)
	if !ok || len(p.Palette) > paletteSize || p.Rect != image.Rect(0, 0, 400, 300) {
		t.Fatalf("compacted: %T, %v; want a paletted 400x300 image of at most %d colours", img, img.Bounds(), paletteSize)
	}
	if len(out) >= len(in) {
		t.Fatalf("compacted PNG %d bytes, not smaller than %d", len(out), len(in))
	}
	// The flat colours survive exactly.
	if got := color.RGBAModel.Convert(p.At(10, 10)).(color.RGBA); got != (color.RGBA{60, 90, 160, 255}) {
		t.Fatalf("a flat colour became %v", got)
	}
	again, _ := CompactPNG(in)
	if !bytes.Equal(again, out) {
		t.Fatal("CompactPNG is not deterministic")
	}
}

func TestZipSVG(t *testing.T) {
	svg := bytes.Repeat([]byte(`<path d="M 1 2 L 3 4" stroke="#123456"/>`), 1000)
	z, err := ZipSVG("map.svg", svg)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(z), int64(len(z)))
	if err != nil || len(zr.File) != 1 || zr.File[0].Name != "map.svg" {
		t.Fatalf("zip: %v, %v", zr, err)
	}
	f, _ := zr.File[0].Open()
	got, _ := io.ReadAll(f)
	if !bytes.Equal(got, svg) || len(z) > len(svg)/5 {
		t.Fatalf("the archive holds %d bytes (want the SVG) in %d bytes", len(got), len(z))
	}
}

func BenchmarkCompactPNG(b *testing.B) {
	in := edgyPNG(b)
	for b.Loop() {
		if _, err := CompactPNG(in); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMailPNG paints BenchmarkRenderPNG's generated 60x40 map as a
// mail's PNG; compare it with BenchmarkRenderPNG for the cost of the
// smaller file.
func BenchmarkMailPNG(b *testing.B) {
	v := benchView()
	var out []byte
	var err error
	for b.Loop() {
		if out, err = MailPNG(v, MapOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(out)), "bytes")
}

// TestMailPNGWidth: a map wider than a mail reader shows is scaled down
// towards mailPNGWidth, never so far that a 9.5 px label falls under
// minLabelPx; one that fits keeps its size.
func TestMailPNGWidth(t *testing.T) {
	width := func(data []byte) int {
		t.Helper()
		cfg, err := png.DecodeConfig(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		return cfg.Width
	}
	for _, tc := range []struct {
		name string
		v    rules.View
		o    MapOptions
	}{
		{"Tanner's Creek", loadView(t, "view-csa"), MapOptions{}},
		{"features", loadView(t, "view-features"), MapOptions{}},
		{"digits", digitsView(), MapOptions{}},
	} {
		full, err := RenderPNG(tc.v, tc.o)
		if err != nil {
			t.Fatal(err)
		}
		mailed, err := MailPNG(tc.v, tc.o)
		if err != nil {
			t.Fatal(err)
		}
		w, got := width(full), width(mailed)
		f := float64(got) / float64(w)
		switch {
		case w <= mailPNGWidth && got != w:
			t.Errorf("%s: %d px painted, %d px mailed; want it unscaled", tc.name, w, got)
		case w > mailPNGWidth && (got >= w || f*fontUnit < minLabelPx-0.1):
			t.Errorf("%s: %d px painted, %d px mailed: labels at %.1f px", tc.name, w, got, f*fontUnit)
		case w > mailPNGWidth && got > mailPNGWidth && math.Abs(f*fontUnit-minLabelPx) > 0.1:
			t.Errorf("%s: %d px painted, %d px mailed: wider than %d px with labels at %.1f px, above the %.0f px floor",
				tc.name, w, got, mailPNGWidth, f*fontUnit, minLabelPx)
		}
		unscaled, err := CompactPNG(full)
		if err != nil {
			t.Fatal(err)
		}
		if got < w && len(mailed) >= len(unscaled) {
			t.Errorf("%s: the scaled map weighs %d bytes, the full-size one %d", tc.name, len(mailed), len(unscaled))
		}
		t.Logf("%s: %d px painted, %d px mailed, %d bytes (%d at full size)", tc.name, w, got, len(mailed), len(unscaled))
	}
	// A window as wide as Lantern Ridge's (1187 px) stops at the label
	// floor: 875 px, labels at 7 px.
	if got := math.Round(1187 * mailScale(1187)); got != 875 {
		t.Errorf("a 1187 px map is mailed %v px wide, want 875", got)
	}
}
