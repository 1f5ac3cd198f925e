package templates

import (
	"fmt"
	"math"
	"strconv"

	"galloper/rules"
)

// drawTerrain fills each hex with its terrain, darker the higher it lies,
// marks the terrain (trees, dots, blocks) and draws the hex grid.
func drawTerrain(sc *scene, l *layout, k *key) error {
	for _, h := range l.shown {
		c := l.at(h)
		st, known := terrainFor(h.Terrain)
		k.see("terrain:" + h.Terrain)
		if !known {
			k.unknown("terrain", h.Terrain)
		}
		k.level(h.Elevation)
		f := elevationFactor(h.Elevation, l.lowest)
		sc.add(shape{kind: polygon, pts: corners(c), fill: st.fill.scale(f), stroke: none, class: "hex", hex: h.ID})
		terrainMarks(sc, c, st.marks, st.mark.scale(f))
	}
	var grid []point
	for _, h := range l.shown {
		c := l.at(h)
		for d := range 6 {
			// Each hexside once: the upper three always, the lower three
			// where no drawn hex lies beyond.
			if n := l.neighbour(h, d); d >= 3 && n != nil && l.inWindow(n) {
				continue
			}
			a, b := edge(c, d)
			grid = append(grid, a, b)
		}
	}
	sc.add(shape{kind: segments, pts: grid, stroke: gridLine, width: 0.8, fill: none, class: "grid"})
	return nil
}

// terrainMarks draws the small symbols that tell terrains apart without
// colour: trees for woods, dots for orchards and fields, blocks for towns.
func terrainMarks(sc *scene, c point, marks string, col rgb) {
	switch marks {
	case "trees":
		for _, o := range []point{{-20, -6}, {18, -8}, {-9, 15}, {13, 15}, {0, -15}} {
			sc.disc(c.add(o), 4.4, col, none, 0)
		}
	case "dots":
		for _, o := range []point{{-16, -12}, {0, -14}, {16, -12}, {-22, 2}, {22, 2}, {-12, 16}, {12, 16}} {
			sc.disc(c.add(o), 2.1, col, none, 0)
		}
	case "blocks":
		for _, o := range []point{{-19, -10}, {11, -13}, {-14, 11}, {10, 12}} {
			p := c.add(o)
			sc.poly(rectPts(p.X, p.Y, p.X+8, p.Y+6), col, none, 0)
		}
	case "tufts":
		for _, o := range []point{{-18, -8}, {14, -10}, {-8, 14}, {16, 12}} {
			p := c.add(o)
			sc.line([]point{{p.X - 4, p.Y - 5}, {p.X, p.Y}, {p.X + 4, p.Y - 5}}, col, 1.2)
		}
	case "waves":
		for _, dy := range []float64{-8, 8} {
			var pts []point
			for i := range 9 {
				x := -20 + 5*float64(i)
				pts = append(pts, c.add(point{x, dy + 2*math.Sin(float64(i)*math.Pi/2)}))
			}
			sc.line(pts, col, 1.2)
		}
	}
}

// drawContours draws a contour line along every hexside between hexes of
// different elevation, heavier where the ground changes by two levels or
// more.
func drawContours(sc *scene, l *layout, k *key) error {
	var thin, thick []point
	for _, h := range l.shown {
		c := l.at(h)
		for d := range 6 {
			n := l.neighbour(h, d)
			if n == nil || n.Elevation == h.Elevation || (l.inWindow(n) && d >= 3) {
				continue
			}
			a, b := edge(c, d)
			if diff := n.Elevation - h.Elevation; diff >= 2 || diff <= -2 {
				thick = append(thick, a, b)
			} else {
				thin = append(thin, a, b)
			}
		}
	}
	if len(thin)+len(thick) > 0 {
		k.see("contour")
	}
	if len(thin) > 0 {
		sc.add(shape{kind: segments, pts: thin, stroke: contourLine, width: 2, fill: none, class: "contour"})
	}
	if len(thick) > 0 {
		sc.add(shape{kind: segments, pts: thick, stroke: contourLine, width: 3.6, fill: none, class: "contour"})
	}
	return nil
}

// drawStreams draws creeks that run through hexes, centre to centre.
func drawStreams(sc *scene, l *layout, k *key) error {
	for _, s := range l.m.Streams {
		pts, err := l.chain(s)
		if err != nil {
			return fmt.Errorf("stream: %w", err)
		}
		if l.touches(s) {
			k.see("stream")
		}
		sc.add(shape{kind: polyline, pts: pts, stroke: streamBlue, width: 3.4, fill: none, class: "stream"})
	}
	return nil
}

// drawRoads draws every road's dark casing, then every road's fill, so
// that crossings join cleanly.
func drawRoads(sc *scene, l *layout, k *key) error {
	var roads [][]point
	for _, r := range l.m.Roads {
		pts, err := l.chain(r)
		if err != nil {
			return fmt.Errorf("road: %w", err)
		}
		if l.touches(r) {
			k.see("road")
		}
		roads = append(roads, pts)
	}
	for _, pts := range roads {
		sc.add(shape{kind: polyline, pts: pts, stroke: roadCasing, width: 5.4, fill: none, class: "road"})
	}
	for _, pts := range roads {
		sc.line(pts, roadFill, 3)
	}
	return nil
}

// drawFog shades the hexes the viewing side cannot see.
func drawFog(sc *scene, l *layout, k *key) error {
	for _, h := range l.shown {
		if h.Hidden {
			k.see("fog")
			sc.add(shape{kind: polygon, pts: corners(l.at(h)), fill: fogColour, alpha: fogAlpha, stroke: none, class: "fog", hex: h.ID})
		}
	}
	return nil
}

// drawHexText writes each hex's id, its elevation level and its place
// name. Ids stay readable on fogged hexes.
func drawHexText(sc *scene, l *layout, _ *key) error {
	for _, h := range l.shown {
		c := l.at(h)
		col := hexIDInk
		if h.Hidden {
			col = hexIDFogged
		}
		sc.text(point{c.X, c.Y - hexSize*0.62}, h.ID, fontHexID, false, anchorMiddle, col)
		sc.text(point{c.X + hexSize*0.78, c.Y + 4}, strconv.Itoa(h.Elevation), fontSmall, false, anchorMiddle, col)
		if h.Label != "" {
			sc.plate(point{c.X, c.Y + hexSize*0.47}, h.Label, fontLabel, true, labelBrown, none)
		}
	}
	return nil
}

// drawHexsides draws each hexside feature on the edge between its two
// hexes.
func drawHexsides(sc *scene, l *layout, k *key) error {
	for _, hs := range l.m.Hexsides {
		a, okA := l.byID[hs.A]
		b, okB := l.byID[hs.B]
		if !okA || !okB {
			return fmt.Errorf("%s hexside %s-%s: map: unknown hex", hs.Kind, hs.A, hs.B)
		}
		if !l.inWindow(a) && !l.inWindow(b) {
			continue
		}
		ca, cb := l.at(a), l.at(b)
		if d := cb.sub(ca).len(); math.Abs(d-sqrt3*hexSize) > hexEdgeTol*hexSize {
			return fmt.Errorf("%s hexside %s-%s: the hexes are not adjacent", hs.Kind, hs.A, hs.B)
		}
		k.see("hexside:" + hs.Kind)
		hexside(sc, hs.Kind, ca, cb)
	}
	return nil
}

// hexside draws one feature on the edge between hexes centred at a and b.
// Directional features (ledge, dip) tick towards b, the lower side.
func hexside(sc *scene, kind string, a, b point) {
	m := mid(a, b)
	along := b.sub(a).unit().perp()
	toB := b.sub(a).unit()
	e0, e1 := m.sub(along.mul(hexSize/2)), m.add(along.mul(hexSize/2))
	span := func(inset float64) []point { return []point{lerp(e0, e1, inset), lerp(e0, e1, 1-inset)} }
	across := func(at point, half float64) []point { return []point{at.sub(toB.mul(half)), at.add(toB.mul(half))} }
	add := func(pts []point, col rgb, w float64, dash [2]float64) {
		sc.add(shape{kind: polyline, pts: pts, stroke: col, width: w, dash: dash, fill: none, class: "hexside-" + kind})
	}
	switch kind {
	case "woods":
		add(span(0.12), 0x2f6b28, 5.5, [2]float64{})
	case "creek":
		add(span(0.02), creekBlue, 4.5, [2]float64{})
	case "stream":
		add(span(0.02), streamBlue, 2.6, [2]float64{})
	case "ford":
		add(span(0.02), creekBlue, 4.5, [2]float64{})
		add(across(m, 7), 0xe8cf8f, 6, [2]float64{})
		add(across(m, 7), creekBlue, 1.4, [2]float64{2.5, 2})
	case "bridge":
		add(span(0.02), creekBlue, 4.5, [2]float64{})
		add(across(m, 8), 0x2b2b2b, 9, [2]float64{})
		add(across(m, 9), roadFill, 4.4, [2]float64{})
	case "wall":
		add(span(0.06), 0x5c5c5c, 3.6, [2]float64{4, 2})
	case "slope":
		add(span(0.04), 0x7a4a1e, 6, [2]float64{})
	case "ledge":
		// Ticks near the ends keep clear of the hex id below the edge.
		add(span(0.04), 0x3f3a45, 3.4, [2]float64{})
		for _, t := range []float64{0.16, 0.84} {
			p := lerp(e0, e1, t)
			add([]point{p, p.add(toB.mul(hexSize * 0.24))}, 0x3f3a45, 2.6, [2]float64{})
		}
	case "dip":
		add(span(0.04), 0xa0461c, 3.4, [2]float64{})
		for _, t := range []float64{0.16, 0.84} {
			p := lerp(e0, e1, t)
			tip := p.add(toB.mul(hexSize * 0.26))
			sc.add(shape{kind: polygon, pts: []point{tip, p.add(along.mul(4)), p.sub(along.mul(4))}, fill: 0xa0461c, stroke: none,
				class: "hexside-" + kind})
		}
	default:
		add(span(0.04), 0xb0209a, 3, [2]float64{3, 3})
	}
}

// isCommander reports whether a unit is drawn as a leader or an HQ.
func isCommander(u rules.UnitView) bool { return u.Kind == "leader" || u.Kind == "hq" }
