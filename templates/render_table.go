package templates

import (
	"fmt"
	"math"

	"galloper/rules"
)

// An open table (rules.TableView) is drawn at a fixed number of pixels to
// the inch: terrain areas and lines, unit footprints turned to their
// facing, order routes, a scale bar, the title and the key.

// tablePageW is about how wide a table's drawing is, in pixels.
const tablePageW = 900.0

// tableLayout places a table on the page.
type tableLayout struct {
	t       *rules.TableView
	px      float64 // pixels to the inch
	area    rect
	look    *look
	colours map[rules.Side]rgb
	// labels are the units' names and markers, drawn last (drawTableLabels).
	labels []tableLabel
}

// tableLabel is a unit's footprint box on the page, for its labels.
type tableLabel struct {
	u   rules.UnitView
	box rect
}

func newTableLayout(v rules.View) (*tableLayout, error) {
	t := v.Table
	if t.Width <= 0 || t.Depth <= 0 || t.Width > 1000 || t.Depth > 1000 {
		return nil, fmt.Errorf("table %q: size %gx%g inches is not a table (0 to 1000 inches a side)", t.Name, t.Width, t.Depth)
	}
	if t.Scale.Inches <= 0 || t.Scale.Equals <= 0 {
		return nil, fmt.Errorf("table %q: scale %g inches = %g %s: both must be positive", t.Name, t.Scale.Inches, t.Scale.Equals, t.Scale.Unit)
	}
	lk, err := newLook(v.Style)
	if err != nil {
		return nil, err
	}
	px := math.Max(4, math.Min(40, tablePageW/t.Width))
	w := t.Width * px
	left := math.Max(margin, (minPageW-w)/2)
	top := titleH + margin
	return &tableLayout{t: t, px: px, area: rect{left, top, left + w, top + t.Depth*px},
		look: lk, colours: lk.sideColourMap(t.Units)}, nil
}

// at is a table point on the page: x to the right, y up the table.
func (l *tableLayout) at(p rules.Point) point {
	return point{l.area.x0 + p.X*l.px, l.area.y1 - p.Y*l.px}
}

func (l *tableLayout) path(ps []rules.Point) []point {
	out := make([]point, len(ps))
	for i, p := range ps {
		out[i] = l.at(p)
	}
	return out
}

// buildTableScene lays out a view's table.
func buildTableScene(v rules.View) (*scene, error) {
	l, err := newTableLayout(v)
	if err != nil {
		return nil, err
	}
	k := &key{look: l.look, fogSide: string(v.Side)}
	if v.Side == "" {
		k.fogSide = "the umpire"
	}
	sc := &scene{clip: l.area}
	sc.onMap = true
	sc.add(shape{kind: polygon, pts: rectPts(l.area.x0, l.area.y0, l.area.x1, l.area.y1), fill: l.look.tableFill(), stroke: none, class: "table"})
	for _, draw := range []func(*scene, *tableLayout, *key) error{drawTableTerrain, drawTableArrows, drawTableUnits, drawTableTraces, drawTableLabels} {
		if err := draw(sc, l, k); err != nil {
			return nil, err
		}
	}
	sc.onMap = false
	sc.add(shape{kind: polygon, pts: rectPts(l.area.x0, l.area.y0, l.area.x1, l.area.y1), fill: none, stroke: ink, width: 1.2})
	sc.w = math.Max(minPageW, l.area.x1+margin)
	barH := drawScaleBar(sc, l, l.area.y1+margin)
	keyTop := l.area.y1 + margin + barH
	keyH := drawKey(sc, k, keyTop, l.colours)
	sc.h = keyTop + keyH + margin
	where := fmt.Sprintf("%s, %g x %g in", l.t.Name, l.t.Width, l.t.Depth)
	drawTitle(sc, v, l.t.Name, where)
	sc.shapes = append([]shape{{kind: polygon, pts: rectPts(0, 0, sc.w, sc.h), fill: paper, stroke: none}}, sc.shapes...)
	return sc, nil
}

// drawTableTerrain fills the terrain areas in their style's colour with
// its marks in the middle, then draws the lines (roads, streams, fences)
// cased in the mark colour. Features the side cannot see are shaded.
func drawTableTerrain(sc *scene, l *tableLayout, k *key) error {
	for i, f := range l.t.Terrain {
		if len(f.Points) < 2 || (!f.Line && len(f.Points) < 3) {
			return fmt.Errorf("table terrain %d (%s %q): too few points", i, f.Kind, f.Name)
		}
		st, house, known := l.look.tableTerrainFor(f.Kind)
		k.see("terrain:" + f.Kind)
		switch {
		case !known:
			k.unknown("terrain", f.Kind)
		case house:
			k.tableTerrain(f.Kind, st, f.Line)
		}
		pts := l.path(f.Points)
		if f.Line {
			sc.add(shape{kind: polyline, pts: pts, stroke: lineCasing(st), width: 6, fill: none, class: "terrain-" + f.Kind})
			sc.line(pts, st.fill, 3.4)
			continue
		}
		drawTableArea(sc, pts, st, "terrain-"+f.Kind)
		if f.Hidden {
			k.see("fog")
			sc.add(shape{kind: polygon, pts: pts, fill: fogColour, alpha: fogAlpha, stroke: none, class: "fog"})
		}
	}
	return nil
}

// centre is the mean of a polygon's corners.
func centre(pts []point) point {
	var c point
	for _, p := range pts {
		c = c.add(p)
	}
	return c.mul(1 / float64(len(pts)))
}

// drawTableUnits draws each unit's footprint turned to its facing, its
// front edge heavy, and its arm-of-service mark. A footprint is drawn at
// least minFootprint pixels thick, on a white halo, so that a thin
// skirmish line or a commander's base still shows. Its labels come last
// (drawTableLabels).
func drawTableUnits(sc *scene, l *tableLayout, k *key) error {
	for _, u := range l.t.Units {
		f := u.Footprint
		if f == nil || f.Width <= 0 || f.Depth <= 0 {
			return fmt.Errorf("unit %q: table: no footprint, or one of no size", u.Name)
		}
		k.see("side:" + string(u.Side))
		k.kind(u.Kind)
		heading := 0.0
		if u.Facing != nil {
			k.see("facing")
			heading = *u.Facing
		}
		g := *f
		g.Width, g.Depth = max(g.Width, minFootprint/l.px), max(g.Depth, minFootprint/l.px)
		corners, front := footprint(g, heading)
		pts := l.path(corners[:])
		sc.add(shape{kind: polygon, pts: pts, fill: none, stroke: white, width: 4, class: "halo"})
		sc.add(shape{kind: polygon, pts: pts, fill: l.colours[u.Side], stroke: black, width: 1.1, class: "unit"})
		if u.Facing != nil {
			sc.add(shape{kind: polyline, pts: l.path(front[:]), stroke: white, width: 2.4, fill: none, class: "front"})
		}
		c := l.at(rules.Point{X: f.X, Y: f.Y})
		if min(f.Width, f.Depth)*l.px >= 14 {
			// The arm-of-service mark, upright, where the base is big
			// enough to hold it.
			armSymbol(sc, k.look.symbol(u.Kind), u.Kind, rect{c.X - 7.5, c.Y - 4.5, c.X + 7.5, c.Y + 4.5})
		}
		l.labels = append(l.labels, tableLabel{u, bounds(pts)})
	}
	return nil
}

// drawTableLabels draws each unit's name below its footprint and its
// status marker above it, over the routes and traces, nudged apart so
// that none hides another or a unit (labeler).
func drawTableLabels(sc *scene, l *tableLayout, k *key) error {
	lb := &labeler{clip: l.area}
	for _, d := range l.labels {
		lb.take(d.box)
	}
	for _, d := range l.labels {
		u := d.u
		name := shortName(u.Name)
		size := fontSmall + 0.5
		w, h := textWidth(name, size, true)+6, size+4
		sc.plate(lb.place(w, h, below(d.box, w, h)), name, size, true, ink, none)
		if u.Status == "" {
			continue
		}
		st := k.look.statusFor(u.Status)
		sw := textWidth(st.short, fontSmall, true) + 7
		p := lb.place(sw, 12, above(d.box, sw, 12))
		statusMarker(sc, k, u.Status, point{p.X + sw/2, p.Y})
	}
	return nil
}

// minFootprint is the least thickness a footprint is drawn, in pixels.
const minFootprint = 5.0

// below lists the places for a name w by h, centre points, best first:
// under the box, then over it, to its sides, then further down and up,
// and each of those moved aside.
func below(b rect, w, h float64) []point {
	cx, cy := (b.x0+b.x1)/2, (b.y0+b.y1)/2
	out := []point{{cx, b.y1 + h/2 + 2}, {cx, b.y0 - h/2 - 2}, {b.x1 + w/2 + 3, cy}, {b.x0 - w/2 - 3, cy}}
	for n := 1.0; n <= 3; n++ {
		out = append(out, point{cx, b.y1 + h/2 + 2 + n*(h+1)}, point{cx, b.y0 - h/2 - 2 - n*(h+1)})
	}
	return aside(out, w)
}

// above lists the places for a status marker: over the box's right end,
// its left end, to its sides, under it, then further up, and each of
// those moved aside.
func above(b rect, w, h float64) []point {
	cy := (b.y0 + b.y1) / 2
	out := []point{{b.x1 - w/2, b.y0 - h/2 - 2}, {b.x0 + w/2, b.y0 - h/2 - 2}, {b.x1 + w/2 + 3, cy}, {b.x0 - w/2 - 3, cy},
		{b.x1 - w/2, b.y1 + h/2 + 2}}
	for n := 1.0; n <= 3; n++ {
		out = append(out, point{b.x1 - w/2, b.y0 - h/2 - 2 - n*(h+1)})
	}
	return aside(out, w)
}

// aside adds, after the places, each moved most of a label's width to
// the right and to the left.
func aside(ps []point, w float64) []point {
	out := ps
	for _, dx := range []float64{0.8 * w, -0.8 * w, 1.6 * w, -1.6 * w} {
		for _, p := range ps {
			out = append(out, point{p.X + dx, p.Y})
		}
	}
	return out
}

// labeler places labels where they hide no other label or unit: each
// label takes the first of its places that is free, else the one that
// overlaps least.
type labeler struct {
	clip  rect
	taken []rect
}

func (lb *labeler) take(r rect) { lb.taken = append(lb.taken, r) }

// place picks a centre for a label w by h from the places, best first,
// and takes its box.
func (lb *labeler) place(w, h float64, places []point) point {
	best, least := point{}, math.Inf(1)
	for _, p := range places {
		p = point{within(p.X, w/2, lb.clip.x0, lb.clip.x1), within(p.Y, h/2, lb.clip.y0, lb.clip.y1)}
		r := rect{p.X - w/2, p.Y - h/2, p.X + w/2, p.Y + h/2}
		over := 0.0
		for _, t := range lb.taken {
			over += max(0, min(r.x1, t.x1)-max(r.x0, t.x0)) * max(0, min(r.y1, t.y1)-max(r.y0, t.y0))
		}
		if over < least {
			best, least = p, over
		}
		if over == 0 {
			break
		}
	}
	lb.take(rect{best.X - w/2, best.Y - h/2, best.X + w/2, best.Y + h/2})
	return best
}

// footprint is a base's four corners, front left first and clockwise, and
// its front edge, for a heading in degrees clockwise from up the table.
func footprint(f rules.Footprint, heading float64) (corners [4]rules.Point, front [2]rules.Point) {
	s, c := math.Sincos(heading * math.Pi / 180)
	fwd := rules.Point{X: s * f.Depth / 2, Y: c * f.Depth / 2}    // centre to front edge
	right := rules.Point{X: c * f.Width / 2, Y: -s * f.Width / 2} // centre to right end
	at := func(a, b float64) rules.Point {
		return rules.Point{X: f.X + a*fwd.X + b*right.X, Y: f.Y + a*fwd.Y + b*right.Y}
	}
	corners = [4]rules.Point{at(1, -1), at(1, 1), at(-1, 1), at(-1, -1)}
	return corners, [2]rules.Point{corners[0], corners[1]}
}

// drawTableArrows draws each order's route through its points.
func drawTableArrows(sc *scene, l *tableLayout, k *key) error {
	for _, a := range l.t.Arrows {
		if len(a.Points) < 2 {
			continue
		}
		k.see("arrow")
		pts := l.path(a.Points)
		end, prev := pts[len(pts)-1], pts[len(pts)-2]
		sc.add(shape{kind: polyline, pts: pts, stroke: white, width: 6, fill: none, class: "order"})
		sc.add(shape{kind: polyline, pts: pts, stroke: arrowRed, width: 3.2, dash: [2]float64{9, 5}, fill: none})
		sc.poly(arrowHead(prev, end), arrowRed, white, 0.8)
		sc.plate(point{end.X, end.Y - 14}, arrowLabel(a.Label), fontUnit, true, arrowRed, arrowRed)
	}
	return nil
}

// drawScaleBar draws a bar of whole inches below the table, labelled with
// what it stands for, and returns the height it takes.
func drawScaleBar(sc *scene, l *tableLayout, top float64) float64 {
	inches := scaleInches(l.t.Width)
	x0, y := margin, top+6
	x1 := x0 + inches*l.px
	for i := range int(inches) {
		col := ink
		if i%2 == 1 {
			col = white
		}
		x := x0 + float64(i)*l.px
		sc.add(shape{kind: polygon, pts: rectPts(x, y, x+l.px, y+6), fill: col, stroke: ink, width: 0.8, class: "scale"})
	}
	sc.text(point{x0, y + 19}, "0", fontSmall, false, anchorMiddle, ink)
	sc.text(point{x1, y + 19}, fmt.Sprintf("%g in", inches), fontSmall, false, anchorMiddle, ink)
	s := l.t.Scale
	label := fmt.Sprintf("scale: %g in = %g %s", inches, inches*s.Equals/s.Inches, s.Unit)
	sc.text(point{x1 + 22, y + 8}, label, fontKey, false, anchorStart, ink)
	return 28
}

// scaleInches is the length of the scale bar: a round number of inches
// near a sixth of the table's width.
func scaleInches(width float64) float64 {
	for _, n := range []float64{24, 12, 6, 4, 2} {
		if n <= width/4 {
			return n
		}
	}
	return 1
}
