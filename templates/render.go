package templates

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"galloper/rules"
	"galloper/rules/hex"
)

// The map is drawn once as a scene of shapes and text, then written out as
// SVG or painted as PNG, so both show the same thing.

const (
	hexSize   = 34.0 // centre to corner, pixels
	margin    = 16.0
	titleH    = 64.0
	legendH   = 40.0
	counterW  = 46.0
	counterH  = 22.0
	fontSmall = 9.0
	fontUnit  = 9.0
	fontTitle = 16.0
)

var terrainFill = map[string]string{
	"clear": "#e9e4c9", "woods": "#8fb27a", "orchard": "#c3d89a", "town": "#c9b8a6", "water": "#9cc3e0",
}

var sideFill = map[rules.Side]string{"CSA": "#8c8c8c", "USA": "#3f67b0"}

type point struct{ X, Y float64 }

type shape struct {
	kind   string // "poly", "line", "text", "rect", "circle"
	pts    []point
	fill   string
	stroke string
	width  float64
	dash   bool
	closed bool
	alpha  float64
	text   string
	size   float64
	bold   bool
	anchor string // "middle" or "start"
	r      float64
}

type scene struct {
	w, h   float64
	shapes []shape
}

func (s *scene) add(sh shape) { s.shapes = append(s.shapes, sh) }

// buildScene lays out a view's map.
func buildScene(v rules.View) (*scene, error) {
	m := v.Map
	if m == nil {
		return nil, fmt.Errorf("no map to render")
	}
	mapH := (float64(m.Rows) + 0.5) * math.Sqrt(3) * hexSize
	sc := &scene{w: (float64(m.Cols)-1)*1.5*hexSize + 2*hexSize + 2*margin, h: titleH + mapH + legendH + 2*margin}
	index := map[string]rules.HexView{}
	for _, h := range m.Hexes {
		index[h.ID] = h
	}
	center := func(id string) (point, error) {
		h, ok := index[id]
		if !ok {
			return point{}, fmt.Errorf("map: unknown hex %q", id)
		}
		x, y := hex.Offset{Col: h.Col, Row: h.Row}.Center(hexSize)
		return point{margin + hexSize + x, titleH + margin + mapH - y - math.Sqrt(3)/2*hexSize}, nil
	}
	sc.add(shape{kind: "rect", pts: []point{{0, 0}, {sc.w, sc.h}}, fill: "#ffffff"})
	hexes := append([]rules.HexView(nil), m.Hexes...)
	sort.Slice(hexes, func(i, j int) bool {
		if hexes[i].Col != hexes[j].Col {
			return hexes[i].Col < hexes[j].Col
		}
		return hexes[i].Row < hexes[j].Row
	})
	for _, h := range hexes {
		c, _ := center(h.ID)
		fill, ok := terrainFill[h.Terrain]
		if !ok {
			fill = "#dddddd"
		}
		sc.add(shape{kind: "poly", pts: corners(c), fill: shade(fill, h.Elevation), stroke: "#9a957f", width: 0.8, closed: true})
		sc.add(shape{kind: "text", pts: []point{{c.X, c.Y - hexSize*0.55}}, text: h.ID, size: fontSmall, anchor: "middle", fill: "#4a463a"})
		if h.Label != "" {
			sc.add(shape{kind: "text", pts: []point{{c.X, c.Y + hexSize*0.5}}, text: h.Label, size: fontSmall, bold: true, anchor: "middle", fill: "#5b2b0b"})
		}
		if h.Elevation > 0 {
			sc.add(shape{kind: "text", pts: []point{{c.X + hexSize*0.62, c.Y + 3}}, text: fmt.Sprintf("%d", h.Elevation), size: fontSmall - 1, anchor: "middle", fill: "#7a7560"})
		}
	}
	for _, stream := range m.Streams {
		var pts []point
		for _, id := range stream {
			c, err := center(id)
			if err != nil {
				return nil, fmt.Errorf("stream: %w", err)
			}
			pts = append(pts, c)
		}
		sc.add(shape{kind: "line", pts: pts, stroke: "#3f86c6", width: 4})
	}
	for _, road := range m.Roads {
		var pts []point
		for _, id := range road {
			c, err := center(id)
			if err != nil {
				return nil, fmt.Errorf("road: %w", err)
			}
			pts = append(pts, c)
		}
		sc.add(shape{kind: "line", pts: pts, stroke: "#8a5a2b", width: 3})
	}
	for _, h := range hexes {
		if h.Hidden {
			c, _ := center(h.ID)
			sc.add(shape{kind: "poly", pts: corners(c), fill: "#505a66", alpha: 0.55, closed: true})
		}
	}
	for _, a := range m.Arrows {
		var pts []point
		for _, id := range a.Hexes {
			c, err := center(id)
			if err != nil {
				return nil, fmt.Errorf("order arrow %q: %w", a.Label, err)
			}
			pts = append(pts, c)
		}
		if len(pts) < 2 {
			continue
		}
		col := "#b0202a"
		sc.add(shape{kind: "line", pts: pts, stroke: col, width: 2.5, dash: true})
		sc.add(shape{kind: "poly", pts: arrowHead(pts[len(pts)-2], pts[len(pts)-1]), fill: col, closed: true})
		end := pts[len(pts)-1]
		label := a.Label
		if f := strings.Fields(label); len(f) > 2 {
			label = f[0] + " " + f[1] // e.g. "CSA-1 MOVE": the report has the rest
		}
		sc.add(shape{kind: "rect", pts: []point{{end.X - 3.2*float64(len(label)), end.Y - hexSize*0.42}, {end.X + 3.2*float64(len(label)), end.Y - hexSize*0.42 + 13}}, fill: "#ffffff", stroke: col, width: 0.8})
		sc.add(shape{kind: "text", pts: []point{{end.X, end.Y - hexSize*0.42 + 10}}, text: label, size: fontUnit, bold: true, anchor: "middle", fill: col})
	}
	stacks := map[string]int{}
	for _, u := range m.Units {
		c, err := center(u.Hex)
		if err != nil {
			return nil, fmt.Errorf("unit %q: %w", u.Name, err)
		}
		k := stacks[u.Hex]
		stacks[u.Hex]++
		counter(sc, u, point{c.X + float64(k)*5 - 4, c.Y + float64(k)*5 - 6})
	}
	title(sc, v)
	legend(sc)
	return sc, nil
}

func corners(c point) []point {
	pts := make([]point, 6)
	for i := range pts {
		a := math.Pi / 3 * float64(i)
		pts[i] = point{c.X + hexSize*math.Cos(a), c.Y + hexSize*math.Sin(a)}
	}
	return pts
}

func arrowHead(from, to point) []point {
	a := math.Atan2(to.Y-from.Y, to.X-from.X)
	l := 11.0
	return []point{to, {to.X - l*math.Cos(a-0.4), to.Y - l*math.Sin(a-0.4)}, {to.X - l*math.Cos(a+0.4), to.Y - l*math.Sin(a+0.4)}}
}

// counter draws a unit counter centred at c.
func counter(sc *scene, u rules.UnitView, c point) {
	fill, ok := sideFill[u.Side]
	if !ok {
		fill = "#a0785a"
	}
	x0, y0 := c.X-counterW/2, c.Y-counterH/2
	sc.add(shape{kind: "rect", pts: []point{{x0, y0}, {x0 + counterW, y0 + counterH}}, fill: fill, stroke: "#1e1e1e", width: 1})
	sym := map[string]string{"infantry": "X", "cavalry": "/", "artillery": "•", "leader": "★", "hq": "HQ", "wagon": "W"}[u.Kind]
	sc.add(shape{kind: "text", pts: []point{{x0 + 3, y0 + 9}}, text: sym, size: fontUnit - 1, bold: true, anchor: "start", fill: "#ffffff"})
	sc.add(shape{kind: "text", pts: []point{{c.X, y0 + counterH - 4}}, text: shortName(u.Name), size: fontUnit, bold: true, anchor: "middle", fill: "#ffffff"})
	if u.Status != "" {
		sc.add(shape{kind: "text", pts: []point{{x0 + counterW - 2, y0 + 9}}, text: u.Status, size: fontUnit - 1, bold: true, anchor: "end", fill: "#ffd84a"})
	}
	if u.Facing >= 0 && u.Facing < 6 {
		a := -math.Pi/6 - math.Pi/3*float64(u.Facing)
		sc.add(shape{kind: "line", pts: []point{{c.X + counterW/2*math.Cos(a), c.Y + counterH/2*math.Sin(a)},
			{c.X + (counterW/2+7)*math.Cos(a), c.Y + (counterH/2+7)*math.Sin(a)}}, stroke: "#111111", width: 2.5})
	}
}

// shortName fits a unit's name on its counter.
func shortName(s string) string {
	s = strings.TrimSuffix(strings.TrimSuffix(s, "'s Brigade"), "' Brigade")
	s = strings.TrimSuffix(s, "'s Division")
	r := []rune(s)
	if len(r) > 9 {
		return string(r[:8]) + "."
	}
	return s
}

func title(sc *scene, v rules.View) {
	side := string(v.Side)
	if side == "" {
		side = "Umpire"
	}
	head := fmt.Sprintf("%s — %s", v.Game, v.System)
	sub := fmt.Sprintf("%s · %s · map for %s", v.Turn, v.Segment, side)
	sc.add(shape{kind: "text", pts: []point{{margin, margin + 16}}, text: head, size: fontTitle, bold: true, anchor: "start", fill: "#222222"})
	sc.add(shape{kind: "text", pts: []point{{margin, margin + 36}}, text: sub, size: 11, anchor: "start", fill: "#333333"})
	if v.Provisional {
		sc.add(shape{kind: "text", pts: []point{{sc.w - margin, margin + 16}}, text: "PROVISIONAL CHARTS", size: 13, bold: true, anchor: "end", fill: "#b0202a"})
	}
}

func legend(sc *scene) {
	y := sc.h - margin - 14
	x := margin
	items := []struct{ fill, label string }{
		{terrainFill["clear"], "clear"}, {terrainFill["woods"], "woods"}, {terrainFill["orchard"], "orchard"},
		{terrainFill["town"], "town"}, {"#8a5a2b", "road"}, {"#3f86c6", "creek"}, {"#7d848c", "not visible"}, {"#b0202a", "order route"},
	}
	for _, it := range items {
		sc.add(shape{kind: "rect", pts: []point{{x, y}, {x + 14, y + 14}}, fill: it.fill, stroke: "#555555", width: 0.6})
		sc.add(shape{kind: "text", pts: []point{{x + 18, y + 11}}, text: it.label, size: 10, anchor: "start", fill: "#333333"})
		x += 18 + 7*float64(len(it.label)) + 16
	}
	sc.add(shape{kind: "text", pts: []point{{x + 6, y + 11}}, text: "numbers: elevation level", size: 10, anchor: "start", fill: "#333333"})
}

// shade darkens a colour by elevation level.
func shade(hexColour string, level int) string {
	var r, g, b int
	fmt.Sscanf(hexColour, "#%02x%02x%02x", &r, &g, &b)
	f := 1 - 0.045*float64(max(0, min(level, 8)))
	return fmt.Sprintf("#%02x%02x%02x", int(float64(r)*f), int(float64(g)*f), int(float64(b)*f))
}
