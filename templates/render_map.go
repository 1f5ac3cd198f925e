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
		st, known := l.look.terrainFor(h.Terrain)
		k.see("terrain:" + h.Terrain)
		if !known {
			k.unknown("terrain", h.Terrain)
		}
		k.level(h.Elevation)
		f := elevationFactor(h.Elevation, l.lowest)
		sc.add(shape{kind: polygon, pts: l.corners(c), fill: st.fill.scale(f), stroke: none, class: "hex", hex: h.ID})
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
			a, b := l.edge(c, d)
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
			a, b := l.edge(c, d)
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

// drawFog shades and hatches the hexes the viewing side cannot see: the
// hatching tells them from high ground in greyscale print too.
func drawFog(sc *scene, l *layout, k *key) error {
	var hatched []point
	for _, h := range l.shown {
		if h.Hidden {
			k.see("fog")
			pts := l.corners(l.at(h))
			sc.add(shape{kind: polygon, pts: pts, fill: fogColour, alpha: fogAlpha, stroke: none, class: "fog", hex: h.ID})
			hatched = append(hatched, hatch(pts, fogHatch)...)
		}
	}
	if len(hatched) > 0 {
		sc.add(shape{kind: segments, pts: hatched, stroke: fogLine, width: 1, fill: none, class: "fog-hatch"})
	}
	return nil
}

// drawHexText writes each hex's id, its elevation level and, when no
// counter stands in it, its place name (drawPlaceLabels writes the
// others). Ids stay readable on fogged hexes.
func drawHexText(sc *scene, l *layout, _ *key) error {
	for _, h := range l.shown {
		c := l.at(h)
		col := hexIDInk
		if h.Hidden {
			col = hexIDFogged
		}
		sc.text(point{c.X, c.Y - hexSize*0.62}, h.ID, fontHexID, false, anchorMiddle, col)
		sc.text(point{c.X + hexSize*0.78, c.Y + 4}, strconv.Itoa(h.Elevation), fontSmall, false, anchorMiddle, col)
		if h.Label != "" && !l.occupied[h.ID] {
			sc.plate(point{c.X, c.Y + hexSize*0.47}, h.Label, fontLabel, true, labelBrown, none)
		}
	}
	return nil
}

// drawPlaceLabels writes the place names of hexes with counters in them
// over the counters, low in the hex, below the counters' names and
// strengths: a stack no longer hides the name of the place it holds.
func drawPlaceLabels(sc *scene, l *layout, _ *key) error {
	for _, h := range l.shown {
		if h.Label != "" && l.occupied[h.ID] {
			c := l.at(h)
			sc.plate(point{c.X, c.Y + hexSize*0.8}, h.Label, fontLabel, true, labelBrown, none)
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
		if _, ok := l.look.hexsideOf[hs.Kind]; !ok {
			k.unknown("hexside", hs.Kind)
		}
		hexside(sc, l.look.hexsideOf[hs.Kind], hs.Kind, ca, cb)
	}
	return nil
}

// hexside draws one feature on the edge between hexes centred at a and b,
// as its style says: strokes along the edge, strokes across its middle,
// then ticks towards b (for directional kinds, b is the lower side). A
// kind without a style is drawn as a dashed magenta line.
func hexside(sc *scene, st *rules.HexsideStyle, kind string, a, b point) {
	m := mid(a, b)
	along := b.sub(a).unit().perp()
	toB := b.sub(a).unit()
	e0, e1 := m.sub(along.mul(hexSize/2)), m.add(along.mul(hexSize/2))
	span := func(inset float64) []point { return []point{lerp(e0, e1, inset), lerp(e0, e1, 1-inset)} }
	across := func(at point, half float64) []point { return []point{at.sub(toB.mul(half)), at.add(toB.mul(half))} }
	add := func(pts []point, col rgb, w float64, dash [2]float64) {
		sc.add(shape{kind: polyline, pts: pts, stroke: col, width: w, dash: dash, fill: none, class: "hexside-" + kind})
	}
	if st == nil {
		add(span(0.04), 0xb0209a, 3, [2]float64{3, 3})
		return
	}
	for _, s := range st.Along {
		add(span(s.Inset), colour(s.Colour), s.Width, s.Dash)
	}
	for _, s := range st.Across {
		add(across(m, s.Half), colour(s.Colour), s.Width, s.Dash)
	}
	// Ticks near the ends keep clear of the hex id below the edge.
	for _, t := range []float64{0.16, 0.84} {
		p := lerp(e0, e1, t)
		switch st.Ticks {
		case "lines":
			add([]point{p, p.add(toB.mul(hexSize * 0.24))}, colour(st.TickColour), st.TickWidth, [2]float64{})
		case "points":
			tip := p.add(toB.mul(hexSize * 0.26))
			sc.add(shape{kind: polygon, pts: []point{tip, p.add(along.mul(4)), p.sub(along.mul(4))}, fill: colour(st.TickColour), stroke: none,
				class: "hexside-" + kind})
		}
	}
}
