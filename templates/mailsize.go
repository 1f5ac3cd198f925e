package templates

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"slices"
	"time"

	"galloper/rules"
)

// A mail's map must stay light: a month-long campaign runs on a real
// mailbox quota. The renderer's anti-aliased PNG has some ten thousand
// colours, nearly all of them blends along edges; MailPNG and CompactPNG
// keep the paletteSize most used and map every other to the nearest of
// them, which a reader does not see at mail size and which makes the
// file three times smaller. ZipSVG packs the whole-map SVG, whose text compresses about
// seven times.

// MailPNG paints a view's map for a mail: as RenderPNG, no wider than
// mailScale allows, in at most paletteSize colours.
func MailPNG(v rules.View, o MapOptions) ([]byte, error) {
	sc, err := buildScene(v, o)
	if err != nil {
		return nil, err
	}
	if f := mailScale(int(math.Ceil(sc.w))); f < 1 {
		sc = sc.scaled(f)
	}
	return compact(paintScene(sc))
}

// A mail reader shows a picture at about 800 px across; a wider one is
// shrunk by the reader or scrolled sideways. A map is painted smaller, to
// mailPNGWidth, but never by more than the smallest label allows: the hex
// numbers and unit names (9.5 px at full size) stay at least minLabelPx
// tall, so a wide window comes out somewhat wider than mailPNGWidth
// rather than unreadable. The scene is scaled before it is painted, not
// the picture after: a resampled picture has many more blended colours
// and makes a larger file than the full-size one.
const (
	mailPNGWidth = 800
	minLabelPx   = 7.0
)

// mailScale is the factor a map w pixels wide is painted at for a mail: 1
// when it fits.
func mailScale(w int) float64 {
	if w <= mailPNGWidth {
		return 1
	}
	return math.Max(float64(mailPNGWidth)/float64(w), minLabelPx/math.Min(fontHexID, fontUnit))
}

// scaled is a copy of the scene with every length multiplied by f.
func (s *scene) scaled(f float64) *scene {
	out := &scene{w: s.w * f, h: s.h * f, clip: rect{s.clip.x0 * f, s.clip.y0 * f, s.clip.x1 * f, s.clip.y1 * f},
		shapes: make([]shape, len(s.shapes))}
	for i, sh := range s.shapes {
		pts := make([]point, len(sh.pts))
		for k, p := range sh.pts {
			pts[k] = p.mul(f)
		}
		sh.pts = pts
		sh.width *= f
		sh.dash = [2]float64{sh.dash[0] * f, sh.dash[1] * f}
		sh.r *= f
		sh.size *= f
		out.shapes[i] = sh
	}
	return out
}

// CompactPNG re-encodes a PNG in at most paletteSize colours.
func CompactPNG(data []byte) ([]byte, error) {
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("compact map: %w", err)
	}
	if _, ok := img.(*image.Paletted); ok {
		return data, nil
	}
	rgba, ok := img.(*image.RGBA)
	if !ok {
		rgba = image.NewRGBA(img.Bounds())
		draw.Draw(rgba, rgba.Rect, img, img.Bounds().Min, draw.Src)
	}
	return compact(rgba)
}

// compact encodes rgba as a paletted PNG of its most used colours.
func compact(rgba *image.RGBA) ([]byte, error) {
	counts := map[uint32]int{}
	for i := 0; i < len(rgba.Pix); i += 4 {
		counts[pixel(rgba.Pix[i:i+4])]++
	}
	colours := make([]uint32, 0, len(counts))
	for c := range counts {
		colours = append(colours, c)
	}
	// Most used first; ties by value, so the result does not depend on
	// map order.
	slices.SortFunc(colours, func(a, b uint32) int {
		if counts[a] != counts[b] {
			return counts[b] - counts[a]
		}
		return int(int64(a) - int64(b))
	})
	pal := make(color.Palette, 0, paletteSize)
	for _, c := range colours[:min(paletteSize, len(colours))] {
		pal = append(pal, color.RGBA{uint8(c >> 24), uint8(c >> 16), uint8(c >> 8), uint8(c)})
	}
	out := image.NewPaletted(rgba.Rect, pal)
	index := make(map[uint32]uint8, len(colours))
	for i, j := 0, 0; i < len(rgba.Pix); i, j = i+4, j+1 {
		c := pixel(rgba.Pix[i : i+4])
		k, ok := index[c]
		if !ok {
			k = uint8(pal.Index(color.RGBA{rgba.Pix[i], rgba.Pix[i+1], rgba.Pix[i+2], rgba.Pix[i+3]}))
			index[c] = k
		}
		out.Pix[j] = k
	}
	var b bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.DefaultCompression}).Encode(&b, out); err != nil {
		return nil, fmt.Errorf("compact map: %w", err)
	}
	return b.Bytes(), nil
}

func pixel(p []byte) uint32 {
	return uint32(p[0])<<24 | uint32(p[1])<<16 | uint32(p[2])<<8 | uint32(p[3])
}

// ZipSVG packs an SVG file into a zip archive holding it under name, which
// every system opens; the archive is the same for the same SVG.
func ZipSVG(name string, svg []byte) ([]byte, error) {
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(w, flate.BestCompression)
	})
	f, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		return nil, err
	}
	if _, err := f.Write(svg); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// paletteSize is how many colours CompactPNG keeps.
const paletteSize = 128
