package templates

import (
	"bytes"
	"fmt"
	"sync"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"

	"galloper/rules"
)

var (
	fontsOnce          sync.Once
	regularTTF, boldTT *truetype.Font
	faces              sync.Map // key: "size/bold" -> font.Face
)

func face(size float64, bold bool) font.Face {
	fontsOnce.Do(func() {
		regularTTF, _ = truetype.Parse(goregular.TTF)
		boldTT, _ = truetype.Parse(gobold.TTF)
	})
	key := fmt.Sprintf("%.1f/%v", size, bold)
	if f, ok := faces.Load(key); ok {
		return f.(font.Face)
	}
	ttf := regularTTF
	if bold {
		ttf = boldTT
	}
	f := truetype.NewFace(ttf, &truetype.Options{Size: size, DPI: 72, Hinting: font.HintingFull})
	faces.Store(key, f)
	return f
}

// MapPNG paints a view's map as PNG with the Go fonts.
func MapPNG(v rules.View) ([]byte, error) {
	sc, err := buildScene(v)
	if err != nil {
		return nil, err
	}
	dc := gg.NewContext(int(sc.w), int(sc.h))
	for _, s := range sc.shapes {
		switch s.kind {
		case "rect":
			dc.DrawRectangle(s.pts[0].X, s.pts[0].Y, s.pts[1].X-s.pts[0].X, s.pts[1].Y-s.pts[0].Y)
			fillStroke(dc, s)
		case "poly", "line":
			dc.NewSubPath()
			for i, p := range s.pts {
				if i == 0 {
					dc.MoveTo(p.X, p.Y)
				} else {
					dc.LineTo(p.X, p.Y)
				}
			}
			if s.closed {
				dc.ClosePath()
			}
			if s.dash {
				dc.SetDash(7, 4)
			}
			fillStroke(dc, s)
			dc.SetDash()
		case "text":
			dc.SetFontFace(face(s.size*1.0, s.bold))
			setColour(dc, s.fill, 1)
			ax := 0.0
			switch s.anchor {
			case "middle":
				ax = 0.5
			case "end":
				ax = 1
			}
			dc.DrawStringAnchored(s.text, s.pts[0].X, s.pts[0].Y, ax, 0)
		}
	}
	var b bytes.Buffer
	if err := dc.EncodePNG(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func fillStroke(dc *gg.Context, s shape) {
	if s.closed || s.kind == "rect" {
		if s.fill != "" {
			a := 1.0
			if s.alpha > 0 {
				a = s.alpha
			}
			setColour(dc, s.fill, a)
			if s.stroke != "" {
				dc.FillPreserve()
			} else {
				dc.Fill()
			}
		}
	}
	if s.stroke != "" {
		setColour(dc, s.stroke, 1)
		dc.SetLineWidth(s.width)
		dc.Stroke()
	} else {
		dc.ClearPath()
	}
}

func setColour(dc *gg.Context, hex string, alpha float64) {
	var r, g, b int
	fmt.Sscanf(hex, "#%02x%02x%02x", &r, &g, &b)
	dc.SetRGBA(float64(r)/255, float64(g)/255, float64(b)/255, alpha)
}
