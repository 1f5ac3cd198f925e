package templates

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"strings"

	"galloper/rules"
)

// MapSVG draws a view's map as SVG. Player-supplied text is escaped.
func MapSVG(v rules.View) ([]byte, error) {
	sc, err := buildScene(v)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="Go, DejaVu Sans, Arial, sans-serif">`+"\n",
		sc.w, sc.h, sc.w, sc.h)
	for _, s := range sc.shapes {
		switch s.kind {
		case "rect":
			fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"%s/>`+"\n",
				s.pts[0].X, s.pts[0].Y, s.pts[1].X-s.pts[0].X, s.pts[1].Y-s.pts[0].Y, s.fill, strokeAttr(s))
		case "poly", "line":
			tag, fill := "polyline", "none"
			if s.closed {
				tag, fill = "polygon", s.fill
			}
			extra := strokeAttr(s)
			if s.alpha > 0 {
				extra += fmt.Sprintf(` fill-opacity="%.2f" class="fog"`, s.alpha)
			}
			if s.dash {
				extra += ` stroke-dasharray="7 4"`
			}
			fmt.Fprintf(&b, `<%s points="%s" fill="%s"%s/>`+"\n", tag, pointsAttr(s.pts), fill, extra)
		case "text":
			anchor := s.anchor
			if anchor == "start" || anchor == "" {
				anchor = "start"
			}
			weight := ""
			if s.bold {
				weight = ` font-weight="bold"`
			}
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" font-size="%.0f" text-anchor="%s" fill="%s"%s>%s</text>`+"\n",
				s.pts[0].X, s.pts[0].Y, s.size, anchor, s.fill, weight, escape(s.text))
		}
	}
	b.WriteString("</svg>\n")
	return b.Bytes(), nil
}

func strokeAttr(s shape) string {
	if s.stroke == "" {
		return ""
	}
	return fmt.Sprintf(` stroke="%s" stroke-width="%.1f"`, s.stroke, s.width)
}

func pointsAttr(pts []point) string {
	parts := make([]string, len(pts))
	for i, p := range pts {
		parts[i] = fmt.Sprintf("%.1f,%.1f", p.X, p.Y)
	}
	return strings.Join(parts, " ")
}

func escape(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}
