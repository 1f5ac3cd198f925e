package templates

import (
	"fmt"
	"math"
)

// victoryGold is the colour of a victory location's star; its dark
// outline keeps it legible in greyscale.
const victoryGold rgb = 0xe0b000

// drawVictory marks each victory location of the view (rules.View.Victory)
// with a star and its points in the hex's upper left, and who holds it
// when the viewing side knows.
func drawVictory(sc *scene, l *layout, k *key) error {
	if l.victory == nil {
		return nil
	}
	for _, vl := range l.victory.Locations {
		h, ok := l.byID[vl.Hex]
		if !ok || !l.inWindow(h) {
			continue
		}
		k.see("victory")
		c := l.at(h).add(point{-hexSize * 0.5, -hexSize * 0.3})
		sc.add(shape{kind: polygon, pts: starPts(c, 8, 3.4), fill: victoryGold, stroke: ink, width: 1, class: "victory", hex: h.ID})
		label := fmt.Sprintf("%d VP", vl.Points)
		if vl.Known && vl.Holder != "" {
			label += " " + string(vl.Holder)
		}
		sc.text(point{c.X + 10, c.Y + 3.5}, label, fontSmall, true, anchorStart, ink)
	}
	return nil
}

// starPts are the corners of a five-pointed star centred at c.
func starPts(c point, outer, inner float64) []point {
	pts := make([]point, 10)
	for i := range pts {
		r := outer
		if i%2 == 1 {
			r = inner
		}
		a := -math.Pi/2 + math.Pi/5*float64(i)
		pts[i] = c.add(polar(r, a))
	}
	return pts
}

func victoryIcon(sc *scene, r rect) {
	c := point{(r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2}
	sc.poly(starPts(c, 8, 3.4), victoryGold, ink, 1)
}

// fogHatch is the spacing of the hatching over hexes out of sight, in
// pixels: hatching tells fog from high ground in greyscale print, where a
// darker shade alone does not.
const fogHatch = 8.0

// hatch returns the segments of upright lines, spacing apart, that lie
// inside the convex polygon pts. Upright lines keep a mail's PNG small:
// its rows repeat, which PNG's filters compress well.
func hatch(pts []point, spacing float64) []point {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range pts {
		lo, hi = math.Min(lo, p.X), math.Max(hi, p.X)
	}
	var out []point
	for x := math.Floor(lo/spacing)*spacing + spacing/2; x < hi; x += spacing {
		// The line crosses the polygon's edges at two points: the
		// segment between the highest and lowest crossing.
		y0, y1 := math.Inf(1), math.Inf(-1)
		for i, a := range pts {
			d := pts[(i+1)%len(pts)].sub(a)
			if d.X == 0 {
				continue // the edge runs along the line
			}
			if s := (x - a.X) / d.X; s >= 0 && s <= 1 {
				y := a.Y + s*d.Y
				y0, y1 = math.Min(y0, y), math.Max(y1, y)
			}
		}
		if y1 > y0 {
			out = append(out, point{x, y0}, point{x, y1})
		}
	}
	return out
}
