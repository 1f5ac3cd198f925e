package templates

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"galloper/rules"
)

// drawArrows draws each order's route as a dashed line and its objective
// as a ring with the order's id.
func drawArrows(sc *scene, l *layout, k *key) error {
	for _, a := range l.m.Arrows {
		pts, err := l.chain(a.Hexes)
		if err != nil {
			return fmt.Errorf("order arrow %q: %w", a.Label, err)
		}
		if len(pts) == 0 || !l.touches(a.Hexes) {
			continue
		}
		k.see("arrow")
		end := pts[len(pts)-1]
		ring := hexSize * 0.62
		if len(pts) >= 2 {
			prev := pts[len(pts)-2]
			tip := end.sub(end.sub(prev).unit().mul(ring))
			route := append(append([]point(nil), pts[:len(pts)-1]...), tip)
			sc.add(shape{kind: polyline, pts: route, stroke: white, width: 6, fill: none, class: "order"})
			sc.add(shape{kind: polyline, pts: route, stroke: arrowRed, width: 3.2, dash: [2]float64{9, 5}, fill: none})
			sc.poly(arrowHead(prev, tip), arrowRed, white, 0.8)
		}
		sc.disc(end, ring, none, white, 5)
		sc.disc(end, ring, none, arrowRed, 2.6)
		sc.plate(point{end.X, end.Y - ring - 3}, arrowLabel(a.Label), fontUnit, true, arrowRed, arrowRed)
	}
	return nil
}

// arrowLabel keeps an order's id and type, e.g. "CSA-1 MOVE": the report
// has the rest.
func arrowLabel(s string) string {
	if f := strings.Fields(s); len(f) > 2 {
		return f[0] + " " + f[1]
	}
	return s
}

func arrowHead(from, to point) []point {
	d := to.sub(from).unit()
	back := to.sub(d.mul(13))
	return []point{to, back.add(d.perp().mul(6)), back.sub(d.perp().mul(6))}
}

// drawUnits draws the counters hex by hex, in the order the view lists
// them: combat units as a stack in the middle, leaders and HQs above it.
func drawUnits(sc *scene, l *layout, k *key) error {
	byHex := map[string][]rules.UnitView{}
	var order []string
	for _, u := range l.m.Units {
		h, ok := l.byID[u.Hex]
		if !ok {
			return fmt.Errorf("unit %q: map: unknown hex %q", u.Name, u.Hex)
		}
		if !l.inWindow(h) {
			continue
		}
		if _, ok := byHex[u.Hex]; !ok {
			order = append(order, u.Hex)
		}
		byHex[u.Hex] = append(byHex[u.Hex], u)
	}
	for _, id := range order {
		c, _ := l.center(id)
		stack(sc, k, l.colours, c, byHex[id])
	}
	return nil
}

// sideColourMap gives every side on the map its counter colour: the
// style's, or a fallback.
func (lk *look) sideColourMap(units []rules.UnitView) map[rules.Side]rgb {
	var others []string
	out := map[rules.Side]rgb{}
	for _, u := range units {
		if _, ok := out[u.Side]; ok {
			continue
		}
		if c, ok := lk.sides[u.Side]; ok {
			out[u.Side] = c
		} else {
			out[u.Side] = none
			others = append(others, string(u.Side))
		}
	}
	sort.Strings(others)
	for i, s := range others {
		out[rules.Side(s)] = fallbackSides[i%len(fallbackSides)]
	}
	return out
}

// stack lays out the units in one hex centred at c.
func stack(sc *scene, k *key, colours map[rules.Side]rgb, c point, units []rules.UnitView) {
	var combat, commanders []rules.UnitView
	for _, u := range units {
		k.see("side:" + string(u.Side))
		if k.look.isCommander(u) {
			commanders = append(commanders, u)
		} else {
			combat = append(combat, u)
		}
	}
	if len(combat) == 0 {
		// Alone, leaders and HQs sit in the middle over one name: the
		// leader's, or the HQ's when no leader is there.
		name := shortName(commanders[0].Name)
		for _, u := range commanders {
			if k.look.shape(u.Kind) == rules.ShapeDisc {
				name = shortName(u.Name)
				break
			}
		}
		x := c.X - 13*float64(len(commanders)-1)
		for _, u := range commanders {
			commander(sc, k, colours[u.Side], u, point{x, c.Y + 2})
			x += 26
		}
		sc.plate(point{c.X, c.Y + 20}, name, fontSmall+0.5, true, ink, none)
		return
	}
	nl, nh := 0, 0
	for _, u := range commanders {
		p := point{c.X - 21 - 5*float64(nl), c.Y - 14 + 2*float64(nl)}
		if k.look.shape(u.Kind) == rules.ShapeFlag {
			p = point{c.X + 19 + 5*float64(nh), c.Y - 13 + 2*float64(nh)}
			nh++
		} else {
			nl++
		}
		commander(sc, k, colours[u.Side], u, p)
	}
	// The first unit listed is on top; the others show beneath it.
	for i := len(combat) - 1; i >= 0; i-- {
		off := 4 * float64(i)
		counter(sc, k, colours[combat[i].Side], combat[i], point{c.X + off, c.Y + 6 - off})
	}
	if len(combat) > 1 {
		// A stack shows how many counters it holds; the key lists them.
		w, h := k.look.counterW, k.look.counterH
		p := point{c.X - w/2 - 1, c.Y + 6 + h/2}
		label := fmt.Sprint(len(combat))
		sc.disc(p, 7, white, black, 1)
		sc.text(point{p.X, p.Y + 3.5}, label, fontSmall+1, true, anchorMiddle, black)
		var names []string
		for _, u := range combat {
			names = append(names, u.Name)
		}
		k.stacks = append(k.stacks, combat[0].Hex+": "+strings.Join(names, ", "))
	}
}

// counter draws a combat unit's counter centred at c: its arm of service
// (NATO symbol), formation letter, name, facing pointer and status marker.
func counter(sc *scene, k *key, fill rgb, u rules.UnitView, c point) {
	w, h := k.look.counterW, k.look.counterH
	x0, y0 := c.X-w/2, c.Y-h/2
	x1 := x0 + w
	if u.Facing != nil {
		k.see("facing")
		facingPointer(sc, c, *u.Facing, w, h)
	}
	sc.add(shape{kind: polygon, pts: rectPts(x0, y0, x1, y0+h), fill: fill, stroke: black, width: 1.1, class: "unit"})
	k.kind(u.Kind)
	armSymbol(sc, k.look.symbol(u.Kind), u.Kind, rect{x0 + 4, y0 + 3, x0 + 19, y0 + 12})
	if u.Formation != "" {
		k.see("formation:" + u.Formation)
		sc.text(point{x0 + 23, y0 + 11.5}, k.look.formationLetter(u.Formation), fontUnit, true, anchorStart, white)
	}
	sc.text(point{c.X, y0 + h - 3.5}, shortName(u.Name), fontUnit, true, anchorMiddle, white)
	if u.Strength != "" {
		k.see("strength")
		sc.text(point{x1 - 3, y0 + 11.5}, u.Strength, fontUnit, true, anchorEnd, white)
	}
	statusMarker(sc, k, u.Status, point{x1 + 2, y0 - 1})
}

// pageAngle turns a compass bearing (degrees clockwise from the top of the
// board) into an angle on the page, whose y axis points down.
func pageAngle(bearing float64) float64 { return (bearing - 90) * math.Pi / 180 }

// facingPointer draws a triangle from the edge of a w by h counter centred
// at c towards the bearing it faces.
func facingPointer(sc *scene, c point, bearing, w, h float64) {
	d := polar(1, pageAngle(bearing))
	t := math.Min(w/2/math.Max(math.Abs(d.X), 1e-9), h/2/math.Max(math.Abs(d.Y), 1e-9))
	base := c.add(d.mul(t - 1))
	tip := c.add(d.mul(t + 10))
	sc.poly([]point{tip, base.add(d.perp().mul(6)), base.sub(d.perp().mul(6))}, black, white, 1)
}

// armSymbol draws the NATO arm-of-service box within r: crossed (infantry),
// slashed (cavalry), dotted (artillery), on wheels (wagons), or the kind's
// initial.
func armSymbol(sc *scene, symbol, kind string, r rect) {
	sc.poly(rectPts(r.x0, r.y0, r.x1, r.y1), none, white, 1.2)
	bl, tr := point{r.x0, r.y1}, point{r.x1, r.y0}
	switch symbol {
	case "cross":
		sc.line([]point{{r.x0, r.y0}, {r.x1, r.y1}}, white, 1.1)
		sc.line([]point{bl, tr}, white, 1.1)
	case "slash":
		sc.line([]point{bl, tr}, white, 1.1)
	case "dot":
		sc.disc(mid(bl, tr), 2.3, white, none, 0)
	case "wheels":
		sc.disc(point{r.x0 + 4, r.y1 - 2.5}, 1.6, white, none, 0)
		sc.disc(point{r.x1 - 4, r.y1 - 2.5}, 1.6, white, none, 0)
	default:
		if kind != "" {
			r0, _ := utf8.DecodeRuneInString(kind)
			sc.text(point{(r.x0 + r.x1) / 2, r.y1 - 1.5}, string(unicode.ToUpper(r0)), fontSmall-1, true, anchorMiddle, white)
		}
	}
}

// symbol is the arm-of-service mark of a kind of unit.
func (lk *look) symbol(kind string) string { return lk.kindOf[kind].Symbol }

// formationLetter is what a counter shows for its formation: the style's
// letters (LoB: L for line, C for column); the first two letters of a
// formation the style does not list.
func (lk *look) formationLetter(f string) string {
	if l, ok := lk.formations[f]; ok {
		return l
	}
	r := []rune(f)
	if len(r) > 2 {
		r = r[:2]
	}
	if len(r) > 0 {
		r[0] = unicode.ToUpper(r[0])
	}
	return string(r)
}

// statusMarker draws a coloured marker at a counter's top-right corner
// (p), e.g. yellow DG or red Rout.
func statusMarker(sc *scene, k *key, status string, p point) {
	if status == "" {
		return
	}
	k.see("status:" + status)
	st := k.look.statusFor(status)
	if _, known := k.look.knownStatus(status); !known {
		k.unknown("status", status)
	}
	w := textWidth(st.short, fontSmall, true) + 7
	sc.add(shape{kind: polygon, pts: rectPts(p.X-w, p.Y-6, p.X, p.Y+6), fill: st.fill, stroke: white, width: 1, class: "status"})
	sc.text(point{p.X - w/2, p.Y + 3}, st.short, fontSmall, true, anchorMiddle, st.text)
}

// commander draws a leader (round counter with a star) or an HQ (flag)
// centred at c.
func commander(sc *scene, k *key, fill rgb, u rules.UnitView, c point) {
	k.kind(u.Kind)
	if k.look.shape(u.Kind) == rules.ShapeFlag {
		x0, y0 := c.X-hqW/2, c.Y-hqH/2
		sc.add(shape{kind: polygon, pts: rectPts(x0, y0, x0+hqW, y0+hqH), fill: fill, stroke: black, width: 1.1, class: "unit"})
		hqFlag(sc, point{x0 + 7, y0 + 3}, hqH-6, white)
	} else {
		sc.add(shape{kind: circle, pts: []point{c}, r: leaderR, fill: fill, stroke: black, width: 1.1, class: "unit"})
		sc.poly(star(c, leaderR*0.72), white, none, 0)
	}
	statusMarker(sc, k, u.Status, point{c.X + 13, c.Y - 7})
}

// hqFlag draws an HQ flag: a pole of height h from top, with a pennant.
func hqFlag(sc *scene, top point, h float64, col rgb) {
	sc.line([]point{top, {top.X, top.Y + h}}, col, 1.5)
	sc.poly([]point{top, {top.X + 11, top.Y + 3}, {top.X, top.Y + 6.5}}, col, none, 0)
}

// star is a five-pointed star of outer radius r.
func star(c point, r float64) []point {
	pts := make([]point, 10)
	for i := range pts {
		rad := r
		if i%2 == 1 {
			rad = r * 0.42
		}
		pts[i] = c.add(polar(rad, -math.Pi/2+math.Pi/5*float64(i)))
	}
	return pts
}

// shortName fits a unit's name on its counter: "Ames' Brigade" and
// "Reilly's Battery" become Ames and Reilly; other long names are cut.
func shortName(s string) string {
	s = strings.TrimSuffix(s, " HQ")
	for _, poss := range []string{"'s ", "' "} {
		if i := strings.Index(s, poss); i > 0 {
			s = s[:i]
			break
		}
	}
	r := []rune(s)
	if len(r) > 9 {
		return strings.TrimRight(string(r[:8]), " .") + "."
	}
	return s
}
