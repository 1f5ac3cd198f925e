package templates

import (
	"sync"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"
)

// The map's text is set in the Go fonts. Layout measures with their
// unhinted advances, so SVG and PNG place things alike.

var goFonts = sync.OnceValues(func() (regular, bold *truetype.Font) {
	var err error
	if regular, err = truetype.Parse(goregular.TTF); err != nil {
		panic("templates: the embedded Go font does not parse: " + err.Error())
	}
	if bold, err = truetype.Parse(gobold.TTF); err != nil {
		panic("templates: the embedded Go bold font does not parse: " + err.Error())
	}
	return regular, bold
})

func goFont(bold bool) *truetype.Font {
	regular, b := goFonts()
	if bold {
		return b
	}
	return regular
}

// textWidth is the advance width of s set at size pixels.
func textWidth(s string, size float64, bold bool) float64 {
	f := goFont(bold)
	scale := fixed.Int26_6(size * 64)
	var w fixed.Int26_6
	prev, first := truetype.Index(0), true
	for _, r := range s {
		i := f.Index(r)
		if !first {
			w += f.Kern(scale, prev, i)
		}
		w += f.HMetric(scale, i).AdvanceWidth
		prev, first = i, false
	}
	return float64(w) / 64
}

// faceKey names one face: size in 1/64 px and weight.
type faceKey struct {
	size fixed.Int26_6
	bold bool
}

// faces caches font faces for a painter. A truetype face keeps a glyph
// cache and is not safe for concurrent use, so each painter has its own.
type faces map[faceKey]font.Face

func (fs faces) get(size float64, bold bool) font.Face {
	k := faceKey{fixed.Int26_6(size * 64), bold}
	f, ok := fs[k]
	if !ok {
		f = truetype.NewFace(goFont(bold), &truetype.Options{Size: size, DPI: 72, Hinting: font.HintingNone})
		fs[k] = f
	}
	return f
}
