package templates

import (
	"math"
	"strings"
)

// Terrain on an open table. A system's style may name its terrain kinds;
// the kinds a tabletop commonly has are drawn in a house style when it
// does not, each told apart by its pattern as well as its colour, so that
// a map printed in grey still reads: woods stippled with trees, water with
// waves, walls and buildings dark, roads tan cased in brown, hills ringed
// by a contour.

// tableOpen is the table's open ground when the style names none.
const tableOpen rgb = 0xeef0e0

// tableTerrains are the house styles of the common table terrains.
var tableTerrains = []namedTerrain{
	{"wood", terrainStyle{0xb7d69c, 0x2d6a2d, "trees"}},
	{"building", terrainStyle{0x5a4a40, 0xcfc3b3, "roofs"}},
	{"road", terrainStyle{roadFill, roadCasing, ""}},
	{"stream", terrainStyle{0x8cc2ec, 0x1d5c9c, "waves"}},
	{"wall", terrainStyle{0x2e2a26, 0x2e2a26, "wall"}},
	{"hill", terrainStyle{0xead9ae, contourLine, "contour"}},
	{"field", terrainStyle{0xf1e7a6, 0x8f7d2e, "tufts"}},
	{"marsh", terrainStyle{0xc6dcd0, 0x386b55, "tufts"}},
}

// tableAliases map other names of a kind to its house style.
var tableAliases = map[string]string{
	"woods": "wood", "forest": "wood", "orchard": "wood", "trees": "wood",
	"town": "building", "farm": "building", "house": "building", "buildings": "building",
	"creek": "stream", "river": "stream", "brook": "stream", "run": "stream",
	"fence": "wall", "hedge": "wall", "stone wall": "wall",
	"ridge": "hill", "hills": "hill", "crest": "hill",
	"crops": "field", "wheatfield": "field",
	"swamp": "marsh", "bog": "marsh",
}

// tableTerrainFor is the style of a table terrain kind: the system's
// own, else the house style (house true), else the unknown grey (known
// false).
func (lk *look) tableTerrainFor(kind string) (st terrainStyle, house, known bool) {
	if st, ok := lk.terrainFor(kind); ok {
		return st, false, true
	}
	name := strings.ToLower(kind)
	if a, ok := tableAliases[name]; ok {
		name = a
	}
	for _, t := range tableTerrains {
		if t.name == name {
			return t.terrainStyle, true, true
		}
	}
	return unknownTerrain, false, false
}

// tableFill is the table's open ground: the style's first terrain, or the
// house colour.
func (lk *look) tableFill() rgb {
	if len(lk.terrains) == 0 {
		return tableOpen
	}
	return lk.terrains[0].fill
}

// houseTerrain is a kind drawn in a house style, for the key: whether it
// was drawn as a line.
type houseTerrain struct {
	name string
	st   terrainStyle
	line bool
}

// tableTerrain records a kind drawn in the house style, once, in the
// order first drawn.
func (k *key) tableTerrain(name string, st terrainStyle, line bool) {
	for _, h := range k.house {
		if h.name == name {
			return
		}
	}
	k.house = append(k.house, houseTerrain{name, st, line})
}

// houseIcon is the key's icon for a house-styled kind: a line for a
// line feature, else a patch of it.
func houseIcon(h houseTerrain) func(*scene, rect) {
	if !h.line {
		return tableTerrainIcon(h.st)
	}
	return func(sc *scene, r rect) {
		y := (r.y0 + r.y1) / 2
		sc.line([]point{{r.x0, y}, {r.x1, y}}, lineCasing(h.st), 6)
		sc.line([]point{{r.x0, y}, {r.x1, y}}, h.st.fill, 3.4)
	}
}

// tableTerrainIcon is a patch of an area terrain, its pattern included.
func tableTerrainIcon(st terrainStyle) func(*scene, rect) {
	return func(sc *scene, r rect) {
		switch st.marks {
		case "wall":
			sc.poly(rectPts(r.x0, r.y0, r.x1, r.y1), tableOpen, gridLine, 0.8)
			y := (r.y0 + r.y1) / 2
			sc.poly(rectPts(r.x0+2, y-2.5, r.x1-2, y+2.5), st.fill, none, 0)
			return
		case "contour":
			sc.poly(rectPts(r.x0, r.y0, r.x1, r.y1), st.fill, gridLine, 0.8)
			sc.add(shape{kind: polygon, pts: rectPts(r.x0+3, r.y0+3, r.x1-3, r.y1-3), fill: none, stroke: st.mark, width: 2})
			return
		}
		sc.poly(rectPts(r.x0, r.y0, r.x1, r.y1), st.fill, gridLine, 0.8)
		pts := rectPts(r.x0, r.y0, r.x1, r.y1)
		tableMarks(sc, pts, st, 9)
	}
}

// lineCasing is the casing of a line feature: its mark colour, or its
// fill darkened.
func lineCasing(st terrainStyle) rgb {
	if st.mark == none {
		return st.fill.scale(0.6)
	}
	return st.mark
}

// drawTableArea fills an area of terrain with its pattern: a hill ringed
// by its contour, a wall or building outlined dark so a thin one still
// shows.
func drawTableArea(sc *scene, pts []point, st terrainStyle, class string) {
	stroke, width := st.fill.scale(0.7), 1.2
	switch st.marks {
	case "contour":
		stroke, width = st.mark, 2.4
	case "wall", "roofs":
		stroke, width = st.fill, 2
	}
	sc.add(shape{kind: polygon, pts: pts, fill: st.fill, stroke: stroke, width: width, class: class})
	tableMarks(sc, pts, st, 18)
}

// tableMarks stipples the inside of a polygon with its terrain's marks on
// a staggered grid step pixels apart; a polygon too thin for the grid gets
// one mark at its middle.
func tableMarks(sc *scene, pts []point, st terrainStyle, step float64) {
	if st.mark == none || st.marks == "" || st.marks == "wall" || st.marks == "contour" {
		return
	}
	b := bounds(pts)
	n := 0
	for row, y := 0, b.y0+step/2; y < b.y1; row, y = row+1, y+step {
		x0 := b.x0 + step/2
		if row%2 == 1 {
			x0 += step / 2
		}
		for x := x0; x < b.x1; x += step {
			if p := (point{x, y}); insidePts(pts, p) && edgeGap(pts, p) >= step/4 {
				tableMark(sc, p, st, step)
				n++
			}
		}
	}
	if n == 0 {
		tableMark(sc, centre(pts), st, step)
	}
}

// tableMark draws one mark of a pattern at p.
func tableMark(sc *scene, p point, st terrainStyle, step float64) {
	s := step / 18
	switch st.marks {
	case "trees":
		sc.disc(p, 3.6*s, st.mark, none, 0)
		sc.disc(p.add(point{2.2 * s, -2.2 * s}), 1.6*s, st.fill.scale(1.12), none, 0)
	case "waves":
		var w []point
		for i := range 5 {
			w = append(w, p.add(point{(-6 + 3*float64(i)) * s, 1.6 * s * math.Sin(float64(i)*math.Pi/2)}))
		}
		sc.line(w, st.mark, 1.2)
	case "roofs":
		sc.poly(rectPts(p.X-3*s, p.Y-2*s, p.X+3*s, p.Y+2*s), st.mark, none, 0)
	case "blocks":
		sc.poly(rectPts(p.X-3*s, p.Y-2*s, p.X+3*s, p.Y+2*s), st.mark, none, 0)
	case "dots":
		sc.disc(p, 1.6*s, st.mark, none, 0)
	case "tufts":
		sc.line([]point{{p.X - 3*s, p.Y - 3*s}, {p.X, p.Y + 1*s}, {p.X + 3*s, p.Y - 3*s}}, st.mark, 1.1)
	}
}

// insidePts reports whether p lies inside the polygon (even-odd rule).
func insidePts(pts []point, p point) bool {
	in := false
	for i, j := 0, len(pts)-1; i < len(pts); j, i = i, i+1 {
		a, b := pts[i], pts[j]
		if (a.Y > p.Y) != (b.Y > p.Y) && p.X < (b.X-a.X)*(p.Y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}

// edgeGap is the distance from p to the polygon's nearest edge.
func edgeGap(pts []point, p point) float64 {
	d := math.Inf(1)
	for i, j := 0, len(pts)-1; i < len(pts); j, i = i, i+1 {
		a, b := pts[j], pts[i]
		ab := b.sub(a)
		t := 0.0
		if l := ab.X*ab.X + ab.Y*ab.Y; l > 0 {
			t = max(0, min(1, ((p.X-a.X)*ab.X+(p.Y-a.Y)*ab.Y)/l))
		}
		d = min(d, p.sub(lerp(a, b, t)).len())
	}
	return d
}
