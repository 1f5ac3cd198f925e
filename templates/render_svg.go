package templates

import (
	"bytes"
	"encoding/xml"
	"math"
	"strconv"

	"galloper/rules"
)

// RenderSVG draws a view's map as SVG. Every piece of player or scenario
// text (game, unit and place names, order labels) is escaped.
func RenderSVG(v rules.View, o MapOptions) ([]byte, error) {
	sc, err := buildScene(v, o)
	if err != nil {
		return nil, err
	}
	w := &svgWriter{}
	w.b.Grow(110 * len(sc.shapes))
	w.scene(sc)
	return w.b.Bytes(), nil
}

type svgWriter struct {
	b bytes.Buffer
}

func (w *svgWriter) scene(sc *scene) {
	b := &w.b
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="`)
	w.num(math.Ceil(sc.w))
	b.WriteString(`" height="`)
	w.num(math.Ceil(sc.h))
	b.WriteString(`" viewBox="0 0 `)
	w.num(math.Ceil(sc.w))
	b.WriteByte(' ')
	w.num(math.Ceil(sc.h))
	b.WriteString(`" font-family="Go, 'DejaVu Sans', Arial, sans-serif">` + "\n")
	b.WriteString(`<defs><clipPath id="map"><rect`)
	w.attr("x", sc.clip.x0)
	w.attr("y", sc.clip.y0)
	w.attr("width", sc.clip.x1-sc.clip.x0)
	w.attr("height", sc.clip.y1-sc.clip.y0)
	b.WriteString("/></clipPath>")
	// The fog's hatching, as a pattern: lighter than a line per hex.
	b.WriteString(`<pattern id="hatch" width="`)
	w.num(fogHatch)
	b.WriteString(`" height="`)
	w.num(fogHatch)
	b.WriteString(`" patternUnits="userSpaceOnUse"><path d="M`)
	w.num(fogHatch / 2)
	b.WriteString(` 0V`)
	w.num(fogHatch)
	b.WriteByte('"')
	w.colour("stroke", fogLine)
	b.WriteString(` stroke-width="1"/></pattern></defs>` + "\n")
	inClip := false
	for i := range sc.shapes {
		s := &sc.shapes[i]
		if s.clipped != inClip {
			if inClip {
				b.WriteString("</g>\n")
			} else {
				b.WriteString(`<g clip-path="url(#map)">` + "\n")
			}
			inClip = s.clipped
		}
		w.shape(s)
	}
	if inClip {
		b.WriteString("</g>\n")
	}
	b.WriteString("</svg>\n")
}

func (w *svgWriter) shape(s *shape) {
	b := &w.b
	if s.class == "fog-hatch" && s.kind == segments {
		return // drawn by the pattern over each fog hex instead
	}
	switch s.kind {
	case polygon, polyline:
		tag := "polygon"
		if s.kind == polyline {
			tag = "polyline"
		}
		b.WriteString("<" + tag + ` points="`)
		for i, p := range s.pts {
			if i > 0 {
				b.WriteByte(' ')
			}
			w.num(p.X)
			b.WriteByte(',')
			w.num(p.Y)
		}
		b.WriteByte('"')
	case segments:
		b.WriteString(`<path d="`)
		for i, p := range s.pts {
			if i%2 == 0 {
				b.WriteByte('M')
			} else {
				b.WriteByte('L')
			}
			w.num(p.X)
			b.WriteByte(' ')
			w.num(p.Y)
		}
		b.WriteByte('"')
	case circle:
		b.WriteString("<circle")
		w.attr("cx", s.pts[0].X)
		w.attr("cy", s.pts[0].Y)
		w.attr("r", s.r)
	case text:
		w.text(s)
		return
	}
	w.paint(s)
	w.str("class", s.class)
	w.str("data-hex", s.hex)
	b.WriteString("/>\n")
	if s.class == "fog" && s.kind == polygon {
		// The fog hex again, filled with the hatching pattern.
		b.WriteString(`<polygon points="`)
		for i, p := range s.pts {
			if i > 0 {
				b.WriteByte(' ')
			}
			w.num(p.X)
			b.WriteByte(',')
			w.num(p.Y)
		}
		b.WriteString(`" fill="url(#hatch)" class="fog-hatch"/>` + "\n")
	}
}

// paint writes a shape's fill and stroke attributes.
func (w *svgWriter) paint(s *shape) {
	fill := s.fill
	if s.kind == polyline || s.kind == segments {
		fill = none
	}
	w.colour("fill", fill)
	if fill != none && s.alpha > 0 {
		w.attr("fill-opacity", s.alpha)
	}
	if s.stroke == none || s.width == 0 {
		return
	}
	w.colour("stroke", s.stroke)
	w.attr("stroke-width", s.width)
	if s.dash != [2]float64{} {
		w.b.WriteString(` stroke-dasharray="`)
		w.num(s.dash[0])
		w.b.WriteByte(' ')
		w.num(s.dash[1])
		w.b.WriteByte('"')
	} else if s.kind != polygon {
		w.b.WriteString(` stroke-linecap="round" stroke-linejoin="round"`)
	}
}

func (w *svgWriter) text(s *shape) {
	b := &w.b
	b.WriteString("<text")
	w.attr("x", s.pts[0].X)
	w.attr("y", s.pts[0].Y)
	w.attr("font-size", s.size)
	switch s.anchor {
	case anchorMiddle:
		b.WriteString(` text-anchor="middle"`)
	case anchorEnd:
		b.WriteString(` text-anchor="end"`)
	}
	if s.bold {
		b.WriteString(` font-weight="bold"`)
	}
	w.colour("fill", s.fill)
	w.str("class", s.class)
	b.WriteByte('>')
	_ = xml.EscapeText(b, []byte(s.text))
	b.WriteString("</text>\n")
}

func (w *svgWriter) colour(name string, c rgb) {
	if c == none {
		w.b.WriteString(" " + name + `="none"`)
		return
	}
	w.b.WriteString(" " + name + `="` + c.String() + `"`)
}

func (w *svgWriter) attr(name string, f float64) {
	w.b.WriteString(" " + name + `="`)
	w.num(f)
	w.b.WriteByte('"')
}

// str writes an attribute whose value may come from a player or a
// scenario, escaped; an empty value is left out.
func (w *svgWriter) str(name, v string) {
	if v == "" {
		return
	}
	w.b.WriteString(" " + name + `="`)
	_ = xml.EscapeText(&w.b, []byte(v))
	w.b.WriteByte('"')
}

// num writes a coordinate to a tenth of a pixel, without trailing zeros.
func (w *svgWriter) num(f float64) {
	f = math.Round(f*10) / 10
	if f == 0 {
		f = 0 // no "-0"
	}
	var tmp [24]byte
	w.b.Write(strconv.AppendFloat(tmp[:0], f, 'f', -1, 64))
}
