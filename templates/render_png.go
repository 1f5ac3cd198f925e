package templates

import (
	"bytes"
	"cmp"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"slices"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"galloper/rules"
)

// RenderPNG paints a view's map as PNG with the Go fonts.
func RenderPNG(v rules.View, o MapOptions) ([]byte, error) {
	img, err := paintMap(v, o)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&b, img); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// paintMap paints a view's map into an image.
func paintMap(v rules.View, o MapOptions) (*image.RGBA, error) {
	sc, err := buildScene(v, o)
	if err != nil {
		return nil, err
	}
	return paintScene(sc), nil
}

// paintScene paints a scene into an image of its size.
func paintScene(sc *scene) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, int(math.Ceil(sc.w)), int(math.Ceil(sc.h))))
	p := painters.Get().(*painter)
	defer painters.Put(p)
	p.img = img
	defer func() { p.img = nil }()
	p.mapClip = image.Rect(int(sc.clip.x0), int(sc.clip.y0), int(math.Ceil(sc.clip.x1)), int(math.Ceil(sc.clip.y1)))
	p.paint(sc)
	return img
}

// painter paints a scene with an anti-aliasing rasteriser. Each fill is
// rasterised only over its bounding box; runs of polygons of one colour are
// filled together, a tile at a time.
type painter struct {
	img     *image.RGBA
	z       vector.Rasterizer
	faces   faces
	mapClip image.Rectangle
	clip    image.Rectangle
	src     image.Uniform
	polys   [][]point // scratch: the polygons of the current fill
	pool    []point   // scratch: their points
}

// painters keeps painters, with their rasteriser's buffers and their font
// faces, from one map to the next.
var painters = sync.Pool{New: func() any { return &painter{faces: faces{}} }}

// tile is the side of the squares a large fill is split into, so that the
// rasteriser never works over the whole image for a thin grid.
const tile = 192

func (p *painter) paint(sc *scene) {
	for i := 0; i < len(sc.shapes); i++ {
		s := &sc.shapes[i]
		p.clip = p.img.Rect
		if s.clipped {
			p.clip = p.mapClip
		}
		switch s.kind {
		case polygon:
			if p.block(s) {
				break
			}
			if s.fill != none {
				p.begin()
				p.addPoly(s.pts, false)
				// Gather the following polygons of the same fill.
				for i+1 < len(sc.shapes) && sameFill(s, &sc.shapes[i+1]) && s.stroke == none {
					i++
					p.addPoly(sc.shapes[i].pts, false)
				}
				p.fill(s.fill, fillOpacity(*s))
			}
			p.stroke(s, true)
		case circle:
			if s.fill != none {
				p.begin()
				p.addPoly(circlePts(s.pts[0], s.r), false)
				p.fill(s.fill, 1)
			}
			if s.stroke != none {
				p.begin()
				p.addPoly(circlePts(s.pts[0], s.r+s.width/2), false)
				p.addPoly(circlePts(s.pts[0], s.r-s.width/2), true)
				p.fill(s.stroke, 1)
			}
		case polyline, segments:
			p.stroke(s, false)
		case text:
			p.text(s)
		}
	}
}

// block paints a large opaque unstroked rectangle, such as the paper, by
// copying its colour into the pixels: there is no edge worth smoothing.
func (p *painter) block(s *shape) bool {
	if len(s.pts) != 4 || s.fill == none || s.alpha != 0 || s.stroke != none {
		return false
	}
	a, b, c, d := s.pts[0], s.pts[1], s.pts[2], s.pts[3]
	if a.Y != b.Y || b.X != c.X || c.Y != d.Y || d.X != a.X || math.Abs((c.X-a.X)*(c.Y-a.Y)) < 4096 {
		return false
	}
	r := image.Rect(int(math.Round(a.X)), int(math.Round(a.Y)), int(math.Round(c.X)), int(math.Round(c.Y))).Canon().Intersect(p.clip)
	p.src.C = color.NRGBA{uint8(s.fill >> 16), uint8(s.fill >> 8), uint8(s.fill), 0xff}
	draw.Draw(p.img, r, &p.src, image.Point{}, draw.Src)
	return true
}

func sameFill(a, b *shape) bool {
	return b.kind == polygon && b.fill == a.fill && b.alpha == a.alpha && b.stroke == none && b.clipped == a.clipped
}

func (p *painter) begin() {
	p.polys = p.polys[:0]
	p.pool = p.pool[:0]
}

// addPoly adds a polygon to the current fill, wound so that overlapping
// polygons add up rather than cancel; reverse winds it the other way, to
// cut a hole.
func (p *painter) addPoly(pts []point, reverse bool) {
	start := len(p.pool)
	p.pool = append(p.pool, pts...)
	poly := p.pool[start:len(p.pool):len(p.pool)]
	if (area(poly) > 0) != reverse {
		for i, j := 0, len(poly)-1; i < j; i, j = i+1, j-1 {
			poly[i], poly[j] = poly[j], poly[i]
		}
	}
	p.polys = append(p.polys, poly)
}

func area(pts []point) float64 {
	a := 0.0
	for i := range pts {
		q := pts[(i+1)%len(pts)]
		a += pts[i].X*q.Y - q.X*pts[i].Y
	}
	return a
}

// fill paints the current polygons, tile by tile.
func (p *painter) fill(col rgb, alpha float64) {
	p.src.C = color.NRGBA{uint8(col >> 16), uint8(col >> 8), uint8(col), uint8(math.Round(alpha * 255))}
	if len(p.polys) == 1 {
		p.raster(p.polys)
		return
	}
	// Order the polygons by tile, keeping their order within a tile.
	type tiled struct {
		key  int
		poly []point
	}
	byTile := make([]tiled, len(p.polys))
	for i, poly := range p.polys {
		b := bounds(poly)
		key := int(b.y0)/tile*100000 + int(b.x0)/tile
		if b.x1-b.x0 > tile || b.y1-b.y0 > tile {
			key = -1 - i // a large polygon goes alone
		}
		byTile[i] = tiled{key, poly}
	}
	slices.SortStableFunc(byTile, func(a, b tiled) int { return cmp.Compare(a.key, b.key) })
	group := make([][]point, 0, 16)
	for i, t := range byTile {
		group = append(group, t.poly)
		if i+1 == len(byTile) || byTile[i+1].key != t.key {
			p.raster(group)
			group = group[:0]
		}
	}
}

// raster fills polygons over their bounding box, cut to the clip.
func (p *painter) raster(polys [][]point) {
	b := rect{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, poly := range polys {
		pb := bounds(poly)
		b = rect{math.Min(b.x0, pb.x0), math.Min(b.y0, pb.y0), math.Max(b.x1, pb.x1), math.Max(b.y1, pb.y1)}
	}
	r := image.Rect(int(math.Floor(b.x0)), int(math.Floor(b.y0)), int(math.Ceil(b.x1)), int(math.Ceil(b.y1))).Intersect(p.clip)
	if r.Empty() {
		return
	}
	p.z.Reset(r.Dx(), r.Dy())
	ox, oy := float64(r.Min.X), float64(r.Min.Y)
	for _, poly := range polys {
		p.z.MoveTo(float32(poly[0].X-ox), float32(poly[0].Y-oy))
		for _, q := range poly[1:] {
			p.z.LineTo(float32(q.X-ox), float32(q.Y-oy))
		}
		p.z.ClosePath()
	}
	p.z.Draw(p.img, r, &p.src, image.Point{})
}

func bounds(pts []point) rect {
	b := rect{pts[0].X, pts[0].Y, pts[0].X, pts[0].Y}
	for _, q := range pts[1:] {
		b.x0, b.x1 = math.Min(b.x0, q.X), math.Max(b.x1, q.X)
		b.y0, b.y1 = math.Min(b.y0, q.Y), math.Max(b.y1, q.Y)
	}
	return b
}

// stroke paints a shape's outline: each segment a quadrilateral, with
// round joins and caps on solid lines wide enough to show them.
func (p *painter) stroke(s *shape, closed bool) {
	if s.stroke == none || s.width == 0 {
		return
	}
	p.begin()
	hw := s.width / 2
	round := s.dash == [2]float64{} && s.width >= 1.5 && s.kind != polygon
	seg := func(a, b point) {
		if d := b.sub(a); d.len() > 1e-9 {
			n := d.unit().perp().mul(hw)
			p.addPoly([]point{a.add(n), b.add(n), b.sub(n), a.sub(n)}, false)
		}
	}
	join := func(c point) {
		if round {
			p.addPoly(circlePts(c, hw), false)
		}
	}
	switch {
	case s.kind == segments:
		for i := 0; i+1 < len(s.pts); i += 2 {
			seg(s.pts[i], s.pts[i+1])
			join(s.pts[i])
			join(s.pts[i+1])
		}
	case s.dash != [2]float64{}:
		dashes(s.pts, closed, s.dash, seg)
	default:
		pts := s.pts
		if closed {
			pts = append(pts[:len(pts):len(pts)], pts[0])
			round = true // a polygon's corners are filled
		}
		for i := 0; i+1 < len(pts); i++ {
			seg(pts[i], pts[i+1])
		}
		for _, q := range pts {
			join(q)
		}
	}
	if len(p.polys) > 0 {
		p.fill(s.stroke, 1)
	}
}

// dashes calls seg for each dash along a polyline.
func dashes(pts []point, closed bool, pattern [2]float64, seg func(a, b point)) {
	if closed {
		pts = append(pts[:len(pts):len(pts)], pts[0])
	}
	on, left := true, pattern[0]
	for i := 0; i+1 < len(pts); i++ {
		a, b := pts[i], pts[i+1]
		l := b.sub(a).len()
		for pos := 0.0; pos < l; {
			step := math.Min(left, l-pos)
			if on {
				seg(lerp(a, b, pos/l), lerp(a, b, (pos+step)/l))
			}
			pos += step
			left -= step
			if left <= 1e-9 {
				on = !on
				left = pattern[0]
				if !on {
					left = pattern[1]
				}
			}
		}
	}
}

// circlePts approximates a circle closely enough at map sizes.
func circlePts(c point, r float64) []point {
	n := int(math.Max(8, math.Min(40, r*2.2)))
	pts := make([]point, n)
	for i := range pts {
		pts[i] = c.add(polar(r, 2*math.Pi*float64(i)/float64(n)))
	}
	return pts
}

func (p *painter) text(s *shape) {
	face := p.faces.get(s.size, s.bold)
	x := s.pts[0].X
	switch s.anchor {
	case anchorMiddle:
		x -= float64(font.MeasureString(face, s.text)) / 64 / 2
	case anchorEnd:
		x -= float64(font.MeasureString(face, s.text)) / 64
	}
	p.src.C = color.NRGBA{uint8(s.fill >> 16), uint8(s.fill >> 8), uint8(s.fill), 0xff}
	d := font.Drawer{Dst: p.img.SubImage(p.clip).(*image.RGBA), Src: &p.src, Face: face,
		Dot: fixed.Point26_6{X: fixed.Int26_6(math.Round(x * 64)), Y: fixed.Int26_6(math.Round(s.pts[0].Y * 64))}}
	d.DrawString(s.text)
}
