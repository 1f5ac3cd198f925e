package templates

import (
	"fmt"
	"math"

	"galloper/rules"
	"galloper/rules/hex"
)

// The map is drawn once as a scene of shapes and text, then written out as
// SVG or painted as PNG, so both show the same thing.

// MapOptions choose what part of a map is drawn.
type MapOptions struct {
	// Window, when positive, draws only the hexes within Window hexes of
	// the bounding box of the units in the view (the side's own and the
	// enemy units it can see) and the side's order arrows (every unit and
	// arrow for the umpire), clipped to the map. Zero draws the whole map,
	// as does a view with no unit on it.
	Window int
}

// mailWidth is the widest map, in pixels, that a mail shows whole.
const mailWidth = 1100

// MailOptions are the options for the map shown inside a mail: the whole
// map when it fits a mail client, else a window two hexes around the
// units in the view, the side's own and the enemy in sight.
func MailOptions(v rules.View) MapOptions {
	l, err := newLayout(v, MapOptions{})
	if err != nil || l.area.x1+margin <= mailWidth {
		return MapOptions{}
	}
	return MapOptions{Window: 2}
}

// CropNote says which part of the map a view drawn with o shows, for the
// line under a mail's map: "" when it is the whole map.
func CropNote(v rules.View, o MapOptions) string {
	if v.Map == nil || o.Window <= 0 {
		return ""
	}
	l, err := newLayout(v, o)
	if err != nil || !l.windowed() {
		return ""
	}
	return fmt.Sprintf("The map above shows columns %d-%d, rows %d-%d of %s: every unit in the view and %d hexes around them.",
		l.win.c0, l.win.c1, l.win.r0, l.win.r1, l.m.Name, o.Window)
}

// MapSVG draws a view's whole map as SVG.
func MapSVG(v rules.View) ([]byte, error) { return RenderSVG(v, MapOptions{}) }

// MapPNG paints a view's whole map as PNG.
func MapPNG(v rules.View) ([]byte, error) { return RenderPNG(v, MapOptions{}) }

type point struct{ X, Y float64 }

func (p point) add(q point) point            { return point{p.X + q.X, p.Y + q.Y} }
func (p point) sub(q point) point            { return point{p.X - q.X, p.Y - q.Y} }
func (p point) mul(f float64) point          { return point{p.X * f, p.Y * f} }
func (p point) len() float64                 { return math.Hypot(p.X, p.Y) }
func (p point) unit() point                  { return p.mul(1 / p.len()) }
func (p point) perp() point                  { return point{-p.Y, p.X} }
func polar(r, angle float64) point           { return point{r * math.Cos(angle), r * math.Sin(angle)} }
func mid(a, b point) point                   { return a.add(b).mul(0.5) }
func lerp(a, b point, t float64) point       { return a.add(b.sub(a).mul(t)) }
func rectPts(x0, y0, x1, y1 float64) []point { return []point{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}} }

type shapeKind uint8

const (
	polygon  shapeKind = iota // closed, filled and/or stroked
	polyline                  // open, stroked
	segments                  // pairs of points, each pair a stroked line
	circle                    // centre pts[0], radius r
	text                      // baseline at pts[0]
)

type anchor uint8

const (
	anchorStart anchor = iota
	anchorMiddle
	anchorEnd
)

// shape is one thing drawn. Colours set to none are not painted.
type shape struct {
	kind   shapeKind
	pts    []point
	fill   rgb
	alpha  float64 // fill opacity; 0 means opaque
	stroke rgb
	width  float64
	dash   [2]float64 // on, off; zero means solid
	r      float64
	text   string
	size   float64
	bold   bool
	anchor anchor
	// class and hex are written to the SVG (class and data-hex) so that
	// tests and stylesheets can find things.
	class, hex string
	// clipped shapes lie on the map and are cut to the map's rectangle.
	clipped bool
}

func fillOpacity(s shape) float64 {
	if s.alpha == 0 {
		return 1
	}
	return s.alpha
}

type rect struct{ x0, y0, x1, y1 float64 }

type scene struct {
	w, h   float64
	clip   rect // the map's rectangle
	shapes []shape
	onMap  bool // shapes added now are clipped to the map
}

func (s *scene) add(sh shape) {
	sh.clipped = s.onMap
	s.shapes = append(s.shapes, sh)
}

func (s *scene) text(p point, str string, size float64, bold bool, a anchor, fill rgb) {
	s.add(shape{kind: text, pts: []point{p}, text: str, size: size, bold: bold, anchor: a, fill: fill})
}

func (s *scene) line(pts []point, col rgb, width float64) {
	s.add(shape{kind: polyline, pts: pts, stroke: col, width: width, fill: none})
}

func (s *scene) poly(pts []point, fill, stroke rgb, width float64) {
	s.add(shape{kind: polygon, pts: pts, fill: fill, stroke: stroke, width: width})
}

func (s *scene) disc(c point, r float64, fill, stroke rgb, width float64) {
	s.add(shape{kind: circle, pts: []point{c}, r: r, fill: fill, stroke: stroke, width: width})
}

// plate draws text on a light plate so that it reads over any terrain.
func (s *scene) plate(c point, str string, size float64, bold bool, fill, border rgb) {
	w := textWidth(str, size, bold) + 6
	h := size + 4
	if s.onMap {
		// A label near the map's edge moves inward rather than be cut
		// ("lloway Crossroads").
		c.X = within(c.X, w/2, s.clip.x0, s.clip.x1)
		c.Y = within(c.Y, h/2, s.clip.y0, s.clip.y1)
	}
	s.add(shape{kind: polygon, pts: rectPts(c.X-w/2, c.Y-h/2, c.X+w/2, c.Y+h/2), fill: white, alpha: 0.85, stroke: border, width: 0.8})
	s.text(point{c.X, c.Y + size*0.36}, str, size, bold, anchorMiddle, fill)
}

// within moves a centre v so that v-half..v+half lies in lo..hi, when
// it fits.
func within(v, half, lo, hi float64) float64 {
	if hi-lo < 2*half {
		return v
	}
	return max(lo+half, min(v, hi-half))
}

// layout places a map's hexes on the page.
type layout struct {
	m     *rules.MapView
	byID  map[string]*rules.HexView
	byPos map[hex.Offset]*rules.HexView
	win   struct{ c0, c1, r0, r1 int }
	shown []*rules.HexView // the hexes in the window, column by column
	geo   hex.Layout       // the map's layout
	// lob is set for LoB's layout, whose positions hex.Offset gives
	// directly; corner and edge hold a hex's corners and the ends of its
	// hexside in each direction, from its centre.
	lob    bool
	corner [6]point
	edges  [6][2]point
	origin point // where the layout's (0,0) lands
	maxY   float64
	lowest int // the lowest elevation shown
	area   rect
	// colours are the counter colours of the sides on the map.
	colours map[rules.Side]rgb
	look    *look
	// victory is the view's victory conditions, drawn on their hexes.
	victory *rules.Victory
	// occupied marks the hexes with a counter in them.
	occupied map[string]bool
}

func newLayout(v rules.View, o MapOptions) (*layout, error) {
	m := v.Map
	if m == nil {
		return nil, fmt.Errorf("no map to render")
	}
	if err := m.Layout.Check(); err != nil {
		return nil, fmt.Errorf("map %q: %w", m.Name, err)
	}
	lk, err := newLook(v.Style)
	if err != nil {
		return nil, err
	}
	l := &layout{m: m, byID: map[string]*rules.HexView{}, byPos: map[hex.Offset]*rules.HexView{},
		geo: m.Layout, colours: lk.sideColourMap(m.Units), look: lk, victory: v.Victory}
	l.shape()
	l.occupied = map[string]bool{}
	for _, u := range m.Units {
		l.occupied[u.Hex] = true
	}
	for i := range m.Hexes {
		h := &m.Hexes[i]
		l.byID[h.ID] = h
		l.byPos[hex.Offset{Col: h.Col, Row: h.Row}] = h
	}
	if err := l.window(v, o.Window); err != nil {
		return nil, err
	}
	for c := l.win.c0; c <= l.win.c1; c++ {
		for r := l.win.r0; r <= l.win.r1; r++ {
			if h, ok := l.byPos[hex.Offset{Col: c, Row: r}]; ok {
				l.shown = append(l.shown, h)
			}
		}
	}
	if len(l.shown) == 0 {
		return nil, fmt.Errorf("map %q has no hexes to draw", m.Name)
	}
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	l.lowest = math.MaxInt
	for _, h := range l.shown {
		x, y := l.centre(h)
		minX, maxX = math.Min(minX, x), math.Max(maxX, x)
		minY, maxY = math.Min(minY, y), math.Max(maxY, y)
		l.lowest = min(l.lowest, h.Elevation)
	}
	// Half a hex's width and height: flat-top hexes are wider than high.
	halfW, halfH := hexSize, sqrt3/2*hexSize
	if l.geo.Top == hex.PointyTop {
		halfW, halfH = halfH, halfW
	}
	top := titleH + margin
	w := maxX - minX + 2*halfW
	left := math.Max(margin, (minPageW-w)/2) // a narrow window sits in the middle
	l.area = rect{left, top, left + w, top + maxY - minY + 2*halfH}
	l.origin = point{left + halfW - minX, top + halfH}
	l.maxY = maxY
	return l, nil
}

// window sets the columns and rows drawn.
func (l *layout) window(v rules.View, n int) error {
	l.win.c0, l.win.c1, l.win.r0, l.win.r1 = 1, l.m.Cols, 1, l.m.Rows
	if n <= 0 {
		return nil
	}
	c0, c1, r0, r1 := math.MaxInt, math.MinInt, math.MaxInt, math.MinInt
	// Every unit the view holds: the side's own and the enemy units it
	// can see, which a side's view alone shows.
	for _, u := range l.m.Units {
		h, ok := l.byID[u.Hex]
		if !ok {
			return fmt.Errorf("unit %q: map: unknown hex %q", u.Name, u.Hex)
		}
		c0, c1, r0, r1 = min(c0, h.Col), max(c1, h.Col), min(r0, h.Row), max(r1, h.Row)
	}
	for _, a := range l.m.Arrows {
		if v.Side != "" && a.Side != v.Side {
			continue
		}
		for _, id := range a.Hexes {
			if h, ok := l.byID[id]; ok {
				c0, c1, r0, r1 = min(c0, h.Col), max(c1, h.Col), min(r0, h.Row), max(r1, h.Row)
			}
		}
	}
	// The traces the side may see, where its units and the enemy's it
	// saw went.
	for _, tr := range l.m.Traces {
		for _, id := range tr.Hexes {
			if h, ok := l.byID[id]; ok {
				c0, c1, r0, r1 = min(c0, h.Col), max(c1, h.Col), min(r0, h.Row), max(r1, h.Row)
			}
		}
	}
	if c0 > c1 {
		return nil
	}
	l.win.c0, l.win.c1 = max(1, c0-n), min(l.m.Cols, c1+n)
	l.win.r0, l.win.r1 = max(1, r0-n), min(l.m.Rows, r1+n)
	return nil
}

func (l *layout) windowed() bool {
	return l.win.c0 > 1 || l.win.r0 > 1 || l.win.c1 < l.m.Cols || l.win.r1 < l.m.Rows
}

func (l *layout) inWindow(h *rules.HexView) bool {
	return h.Col >= l.win.c0 && h.Col <= l.win.c1 && h.Row >= l.win.r0 && h.Row <= l.win.r1
}

// touches reports whether any of a chain's hexes is drawn.
func (l *layout) touches(ids []string) bool {
	for _, id := range ids {
		if h, ok := l.byID[id]; ok && l.inWindow(h) {
			return true
		}
	}
	return false
}

// at is the centre of a hex on the page.
func (l *layout) at(h *rules.HexView) point {
	x, y := l.centre(h)
	return point{l.origin.X + x, l.origin.Y + l.maxY - y}
}

// centre is a hex's centre in the layout's y-up plane.
func (l *layout) centre(h *rules.HexView) (x, y float64) {
	o := hex.Offset{Col: h.Col, Row: h.Row}
	if l.lob {
		return o.Center(hexSize)
	}
	return l.geo.Center(o, hexSize)
}

// center is the centre of the hex with the given id.
func (l *layout) center(id string) (point, error) {
	h, ok := l.byID[id]
	if !ok {
		return point{}, fmt.Errorf("map: unknown hex %q", id)
	}
	return l.at(h), nil
}

// chain is the centres of a chain of hex ids.
func (l *layout) chain(ids []string) ([]point, error) {
	pts := make([]point, 0, len(ids))
	for _, id := range ids {
		c, err := l.center(id)
		if err != nil {
			return nil, err
		}
		pts = append(pts, c)
	}
	return pts, nil
}

// neighbour is the hex beside h in direction d (hex.Directions), or nil.
func (l *layout) neighbour(h *rules.HexView, d int) *rules.HexView {
	o := hex.Offset{Col: h.Col, Row: h.Row}
	if l.lob {
		return l.byPos[o.ToAxial().Neighbor(d).ToOffset()]
	}
	return l.byPos[l.geo.ToOffset(l.geo.ToAxial(o).Neighbor(d))]
}

// shape works out, once a map, where a hex's corners and the ends of its
// hexsides lie from its centre. Corner i is at 60i degrees clockwise from
// the right-hand corner of a flat-top hex, or from the corner 30 degrees
// below it on a pointy-top one (the page's y axis points down). The
// hexside in direction d (hex.Directions) has its ends 30 degrees either
// side of the direction's bearing; on LoB's grid that is 0 up-right,
// counter-clockwise to 5 down-right.
func (l *layout) shape() {
	l.lob = l.geo == hex.LoB(l.geo.IDs.Letter) || l.geo == hex.Layout{IDs: hex.IDScheme{Letter: l.geo.IDs.Letter}}
	start := 0.0
	if l.geo.Top == hex.PointyTop {
		start = math.Pi / 6
	}
	for i := range l.corner {
		l.corner[i] = polar(hexSize, start+math.Pi/3*float64(i))
	}
	for d := range l.edges {
		if l.lob {
			l.edges[d] = [2]point{polar(hexSize, -math.Pi/3*float64(d)), polar(hexSize, -math.Pi/3*float64(d+1))}
			continue
		}
		b := l.geo.Bearing(d)
		l.edges[d] = [2]point{polar(hexSize, pageAngle(b+30)), polar(hexSize, pageAngle(b-30))}
	}
}

// corners are the corners of the hex centred at c.
func (l *layout) corners(c point) []point {
	pts := make([]point, 6)
	for i, v := range l.corner {
		pts[i] = c.add(v)
	}
	return pts
}

// edge is the hexside of the hex centred at c in direction d.
func (l *layout) edge(c point, d int) (point, point) {
	e := l.edges[d]
	return c.add(e[0]), c.add(e[1])
}

// buildScene lays out a view's board: a table (render_table.go), or a hex
// map's terrain, then features, fog, orders, units, and around them the
// title and the key; the segment's traces go over the counters.
func buildScene(v rules.View, o MapOptions) (*scene, error) {
	if v.Table != nil && v.Map == nil {
		return buildTableScene(v)
	}
	l, err := newLayout(v, o)
	if err != nil {
		return nil, err
	}
	k := &key{look: l.look, hexID: l.geo.ID(hex.Offset{Col: 1, Row: 1}), fogSide: string(v.Side)}
	if v.Side == "" {
		k.fogSide = "the umpire"
	}
	// About eight shapes a hex and ten a unit: room for them up front.
	sc := &scene{clip: l.area, shapes: make([]shape, 0, 8*len(l.shown)+10*len(v.Map.Units)+200)}
	sc.onMap = true
	sc.add(shape{kind: polygon, pts: rectPts(l.area.x0, l.area.y0, l.area.x1, l.area.y1), fill: paper.scale(0.93), stroke: none})
	for _, draw := range []func(*scene, *layout, *key) error{
		drawTerrain, drawContours, drawStreams, drawHexsides, drawRoads, drawFog, drawHexText, drawVictory, drawArrows, drawUnits, drawPlaceLabels, drawTraces,
	} {
		if err := draw(sc, l, k); err != nil {
			return nil, err
		}
	}
	sc.onMap = false
	sc.add(shape{kind: polygon, pts: rectPts(l.area.x0, l.area.y0, l.area.x1, l.area.y1), fill: none, stroke: ink, width: 1.2})
	sc.w = math.Max(minPageW, l.area.x1+margin)
	keyH := drawKey(sc, k, l.area.y1+margin, l.colours)
	sc.h = l.area.y1 + margin + keyH + margin
	where := l.m.Name
	if l.windowed() {
		where = fmt.Sprintf("%s, columns %d-%d, rows %d-%d", l.m.Name, l.win.c0, l.win.c1, l.win.r0, l.win.r1)
	}
	drawTitle(sc, v, l.m.Name, where)
	// The paper goes under everything drawn so far.
	sc.shapes = append([]shape{{kind: polygon, pts: rectPts(0, 0, sc.w, sc.h), fill: paper, stroke: none}}, sc.shapes...)
	return sc, nil
}
