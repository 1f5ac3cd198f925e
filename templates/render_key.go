package templates

import (
	"fmt"
	"sort"
	"strings"

	"galloper/rules"
)

// key records what a map shows, so that its key lists only that, plus the
// fixed items.
type key struct {
	look *look
	// hexID is the example hex id shown in the key; empty on a table.
	hexID    string
	seen     map[string]bool
	unknowns map[string][]string // group -> names without a style, sorted
	lo, hi   int
	levels   bool
	fogSide  string
	// stacks lists each stack drawn: its hex and its counters, top first.
	stacks []string
	// house are the table terrains drawn in the house style, in the
	// order first drawn.
	house []houseTerrain
}

func (k *key) see(item string) {
	if k.seen == nil {
		k.seen = map[string]bool{}
	}
	k.seen[item] = true
}

func (k *key) level(n int) {
	if !k.levels || n < k.lo {
		k.lo = n
	}
	if !k.levels || n > k.hi {
		k.hi = n
	}
	k.levels = true
}

// kind records a kind of unit shown, and whether it has its own symbol.
func (k *key) kind(name string) {
	k.see("kind:" + name)
	if _, ok := k.look.kindOf[name]; name != "" && !ok {
		k.unknown("kind", name)
	}
}

func (k *key) unknown(group, name string) {
	if k.unknowns == nil {
		k.unknowns = map[string][]string{}
	}
	list := k.unknowns[group]
	i := sort.SearchStrings(list, name)
	if i < len(list) && list[i] == name {
		return
	}
	k.unknowns[group] = append(list[:i], append([]string{name}, list[i:]...)...)
}

// keyItem is one entry of the key: an icon drawn in a box and a label.
type keyItem struct {
	label string
	icon  func(sc *scene, r rect)
	// w is the icon's width when it is wider than keyIconW, as a long
	// status marker ("Steady 0h") is.
	w float64
}

// items lists the key's entries in their fixed order: terrain, features,
// units, markers, then the fixed hex id entry.
func (k *key) items(colours map[rules.Side]rgb) []keyItem {
	out := k.terrainItems(nil)
	out = k.featureItems(out)
	out = k.unitItems(out, colours)
	out = k.markerItems(out)
	out = k.traceItems(out, k.firstColour(colours))
	if k.hexID == "" {
		return out
	}
	return append(out, keyItem{label: "hex id, elevation", icon: hexIDIcon(k.hexID)})
}

// addIf adds an entry when the map shows item.
func (k *key) addIf(out []keyItem, item, label string, icon func(*scene, rect)) []keyItem {
	if k.seen[item] {
		out = append(out, keyItem{label: label, icon: icon})
	}
	return out
}

// named lists, sorted, the names seen with a prefix such as "side:".
func (k *key) named(prefix string) []string {
	var out []string
	for item := range k.seen {
		if name, ok := strings.CutPrefix(item, prefix); ok {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

func (k *key) terrainItems(out []keyItem) []keyItem {
	for _, t := range k.look.terrains {
		out = k.addIf(out, "terrain:"+t.name, t.name, terrainIcon(t.terrainStyle))
	}
	for _, h := range k.house {
		out = append(out, keyItem{label: h.name, icon: houseIcon(h)})
	}
	for _, name := range k.unknowns["terrain"] {
		out = append(out, keyItem{label: name, icon: terrainIcon(unknownTerrain)})
	}
	if !k.levels {
		return out
	}
	return append(out, k.elevationItem())
}

func (k *key) featureItems(out []keyItem) []keyItem {
	out = k.addIf(out, "contour", "contour (heavy: 2+ levels)", lineIcon(contourLine, 2, [2]float64{}))
	out = k.addIf(out, "stream", "creek", lineIcon(streamBlue, 3.4, [2]float64{}))
	out = k.addIf(out, "road", "road", roadIcon)
	for _, hs := range k.look.hexsides {
		out = k.addIf(out, "hexside:"+hs.Kind, hs.Label, k.hexsideIcon(hs.Kind))
	}
	for _, name := range k.unknowns["hexside"] {
		out = append(out, keyItem{label: name, icon: k.hexsideIcon(name)})
	}
	return out
}

// unitItems lists the sides, kinds of unit and formations shown. Unit icons
// take the first side's colour.
func (k *key) unitItems(out []keyItem, colours map[rules.Side]rgb) []keyItem {
	unitColour := k.firstColour(colours)
	for _, s := range k.named("side:") {
		out = append(out, keyItem{label: s, icon: swatchIcon(colours[rules.Side(s)])})
	}
	for _, ks := range k.look.kinds {
		label := ks.Label
		if label == "" {
			label = ks.Kind
		}
		out = k.addIf(out, "kind:"+ks.Kind, label, k.unitIcon(ks.Kind, unitColour))
	}
	for _, kind := range k.unknowns["kind"] {
		out = append(out, keyItem{label: kind, icon: k.unitIcon(kind, unitColour)})
	}
	for _, f := range k.named("formation:") {
		out = append(out, keyItem{label: k.look.formationLetter(f) + " = " + f, icon: formationIcon(k.look.formationLetter(f), unitColour)})
	}
	return k.addIf(out, "facing", "facing", facingIcon(unitColour))
}

// firstColour is the colour of the first side the map shows, by name,
// for the key's unit icons; grey when it shows none.
func (k *key) firstColour(colours map[rules.Side]rgb) rgb {
	if s := k.named("side:"); len(s) > 0 {
		return colours[rules.Side(s[0])]
	}
	return 0x777777
}

func (k *key) markerItems(out []keyItem) []keyItem {
	for _, st := range k.look.statuses {
		if k.seen["status:"+st.name] {
			out = append(out, keyItem{label: st.label, icon: statusIcon(st.statusStyle), w: statusW(st.statusStyle)})
		}
	}
	for _, name := range k.unknowns["status"] {
		st := k.look.statusFor(name)
		out = append(out, keyItem{label: name, icon: statusIcon(st), w: statusW(st)})
	}
	out = k.addIf(out, "strength", "5 = strength (your own units)", strengthIcon)
	out = k.addIf(out, "victory", "victory location: points, holder when known", victoryIcon)
	out = k.addIf(out, "fog", "not visible to "+k.fogSide, k.fogIcon)
	return k.addIf(out, "arrow", "order route and objective", arrowIcon)
}

// elevationItem is the fixed elevation entry: the shading of the levels
// shown.
func (k *key) elevationItem() keyItem {
	label := fmt.Sprintf("elevation %d", k.lo)
	if k.hi > k.lo {
		label = fmt.Sprintf("elevation %d-%d (darker is higher)", k.lo, k.hi)
	}
	lo, hi, plain := k.lo, k.hi, k.look.plainFill()
	return keyItem{label: label, icon: func(sc *scene, r rect) {
		n := min(hi-lo+1, 4)
		w := (r.x1 - r.x0) / float64(n)
		for i := range n {
			lv := lo + (hi-lo)*i/max(n-1, 1)
			sc.poly(rectPts(r.x0+w*float64(i), r.y0, r.x0+w*float64(i+1), r.y1), plain.scale(elevationFactor(lv, lo)), none, 0)
		}
		sc.poly(rectPts(r.x0, r.y0, r.x1, r.y1), none, gridLine, 0.8)
	}}
}

// drawKey lays the key out in rows below the map, starting at top, and
// returns its height.
func drawKey(sc *scene, k *key, top float64, colours map[rules.Side]rgb) float64 {
	x, y := margin, top
	sc.text(point{x, y + 15}, "Key", fontKey+1, true, anchorStart, ink)
	x += textWidth("Key", fontKey+1, true) + 12
	for _, it := range k.items(colours) {
		iw := max(keyIconW, it.w)
		w := iw + 6 + textWidth(it.label, fontKey, false) + 18
		if x+w > sc.w-margin && x > margin {
			x, y = margin, y+keyRowH
		}
		it.icon(sc, rect{x, y + 3, x + iw, y + 19})
		sc.text(point{x + iw + 6, y + 15}, it.label, fontKey, false, anchorStart, ink)
		x += w
	}
	if len(k.stacks) > 0 {
		// Stacks, by hex: what lies under each top counter.
		y += keyRowH
		sc.text(point{margin, y + 15}, "Stacks (numbered disc: counters in the hex; top first):", fontKey, true, anchorStart, ink)
		for _, s := range k.stacks {
			y += keyRowH * 0.8
			sc.text(point{margin + 12, y + 15}, s, fontKey, false, anchorStart, ink)
		}
	}
	return y + keyRowH - top
}

func strengthIcon(sc *scene, r rect) {
	sc.poly(rectPts(r.x0+3, r.y0, r.x1-3, r.y1), 0x555555, black, 1)
	sc.text(point{r.x1 - 6, r.y1 - 4}, "5", fontUnit, true, anchorEnd, white)
}

func terrainIcon(st terrainStyle) func(*scene, rect) {
	return func(sc *scene, r rect) {
		sc.poly(rectPts(r.x0, r.y0, r.x1, r.y1), st.fill, gridLine, 0.8)
		c := point{(r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2}
		switch st.marks {
		case "trees":
			sc.disc(c.add(point{-7, 0}), 3.5, st.mark, none, 0)
			sc.disc(c.add(point{5, 1}), 3.5, st.mark, none, 0)
		case "dots":
			for _, dx := range []float64{-9, 0, 9} {
				sc.disc(c.add(point{dx, 0}), 1.8, st.mark, none, 0)
			}
		case "blocks":
			sc.poly(rectPts(c.X-9, c.Y-3, c.X-2, c.Y+3), st.mark, none, 0)
			sc.poly(rectPts(c.X+2, c.Y-4, c.X+9, c.Y+2), st.mark, none, 0)
		case "tufts", "waves":
			sc.line([]point{{c.X - 9, c.Y + 2}, {c.X - 4, c.Y - 2}, {c.X + 1, c.Y + 2}, {c.X + 6, c.Y - 2}, {c.X + 11, c.Y + 2}}, st.mark, 1.2)
		}
	}
}

func lineIcon(col rgb, w float64, dash [2]float64) func(*scene, rect) {
	return func(sc *scene, r rect) {
		y := (r.y0 + r.y1) / 2
		sc.add(shape{kind: polyline, pts: []point{{r.x0, y}, {r.x1, y}}, stroke: col, width: w, dash: dash, fill: none})
	}
}

func roadIcon(sc *scene, r rect) {
	y := (r.y0 + r.y1) / 2
	sc.line([]point{{r.x0, y}, {r.x1, y}}, roadCasing, 5.4)
	sc.line([]point{{r.x0, y}, {r.x1, y}}, roadFill, 3)
}

// hexsideIcon draws a hexside feature across the key's box: the edge
// between two imaginary hexes above and below it.
func (k *key) hexsideIcon(kind string) func(*scene, rect) {
	return func(sc *scene, r rect) {
		c := point{(r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2}
		// The edge lies horizontally when the hexes are above and below.
		d := sqrt3 * hexSize / 2
		sc.poly(rectPts(r.x0, r.y0, r.x1, r.y1), k.look.plainFill(), none, 0)
		sc.add(shape{kind: polygon, pts: rectPts(r.x0, r.y0, r.x1, r.y1), fill: none, stroke: gridLine, width: 0.8})
		sub := &scene{}
		hexside(sub, k.look.hexsideOf[kind], kind, point{c.X, c.Y - d}, point{c.X, c.Y + d})
		// Scale the feature's length to the box; keep line widths.
		for _, s := range sub.shapes {
			for i, p := range s.pts {
				s.pts[i] = point{c.X + (p.X-c.X)*keyIconW/hexSize, c.Y + (p.Y-c.Y)*0.55}
			}
			sc.add(s)
		}
	}
}

func swatchIcon(col rgb) func(*scene, rect) {
	return func(sc *scene, r rect) {
		sc.poly(rectPts(r.x0+3, r.y0, r.x1-3, r.y1), col, black, 1)
	}
}

func (k *key) unitIcon(kind string, col rgb) func(*scene, rect) {
	shape, symbol := k.look.shape(kind), k.look.symbol(kind)
	return func(sc *scene, r rect) {
		c := point{(r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2}
		switch shape {
		case rules.ShapeDisc:
			sc.disc(c, 7.5, col, black, 1)
			sc.poly(star(c, 5.4), white, none, 0)
		case rules.ShapeFlag:
			sc.poly(rectPts(c.X-10, c.Y-7.5, c.X+10, c.Y+7.5), col, black, 1)
			hqFlag(sc, point{c.X - 4, c.Y - 5}, 10, white)
		default:
			sc.poly(rectPts(r.x0, r.y0, r.x1, r.y1), col, black, 1)
			armSymbol(sc, symbol, kind, rect{c.X - 7.5, c.Y - 4.5, c.X + 7.5, c.Y + 4.5})
		}
	}
}

func formationIcon(letter string, col rgb) func(*scene, rect) {
	return func(sc *scene, r rect) {
		sc.poly(rectPts(r.x0, r.y0, r.x1, r.y1), col, black, 1)
		sc.text(point{(r.x0 + r.x1) / 2, r.y1 - 4}, letter, fontUnit, true, anchorMiddle, white)
	}
}

func facingIcon(col rgb) func(*scene, rect) {
	return func(sc *scene, r rect) {
		sc.poly(rectPts(r.x0, r.y0+2, r.x1-8, r.y1), col, black, 1)
		y := (r.y0 + r.y1 + 2) / 2
		sc.poly([]point{{r.x1, y}, {r.x1 - 9, y - 5}, {r.x1 - 9, y + 5}}, black, white, 1)
	}
}

// statusW is the width of a status marker's key icon.
func statusW(st statusStyle) float64 { return textWidth(st.short, fontSmall, true) + 7 }

func statusIcon(st statusStyle) func(*scene, rect) {
	return func(sc *scene, r rect) {
		w := textWidth(st.short, fontSmall, true) + 7
		c := point{(r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2}
		sc.poly(rectPts(c.X-w/2, c.Y-6, c.X+w/2, c.Y+6), st.fill, black, 0.6)
		sc.text(point{c.X, c.Y + 3}, st.short, fontSmall, true, anchorMiddle, st.text)
	}
}

func (k *key) fogIcon(sc *scene, r rect) {
	sc.poly(rectPts(r.x0, r.y0, r.x1, r.y1), k.look.plainFill(), none, 0)
	pts := rectPts(r.x0, r.y0, r.x1, r.y1)
	sc.add(shape{kind: polygon, pts: pts, fill: fogColour, alpha: fogAlpha, stroke: gridLine, width: 0.8})
	sc.add(shape{kind: segments, pts: hatch(pts, fogHatch), stroke: fogLine, width: 1, fill: none})
}

func arrowIcon(sc *scene, r rect) {
	y := (r.y0 + r.y1) / 2
	sc.add(shape{kind: polyline, pts: []point{{r.x0, y}, {r.x1 - 14, y}}, stroke: arrowRed, width: 2.6, dash: [2]float64{5, 3}, fill: none})
	sc.poly(arrowHead(point{r.x0, y}, point{r.x1 - 9, y}), arrowRed, none, 0)
	sc.disc(point{r.x1 - 5, y}, 5, none, arrowRed, 1.8)
}

// hexIDIcon shows an example hex id, the map's first hex written in its
// layout's id scheme, and an elevation.
func hexIDIcon(id string) func(*scene, rect) {
	return func(sc *scene, r rect) {
		sc.text(point{r.x0, r.y1 - 4}, id, fontHexID, false, anchorStart, hexIDInk)
		sc.text(point{r.x1 - 2, r.y1 - 4}, "2", fontSmall, false, anchorMiddle, hexIDInk)
	}
}

// drawTitle writes the title band: game, turn, segment and side on the
// left; the map, the window and PROVISIONAL CHARTS on the right.
func drawTitle(sc *scene, v rules.View, name, where string) {
	sc.poly(rectPts(0, 0, sc.w, titleH), titleBand, none, 0)
	side := string(v.Side)
	if side == "" {
		side = "the umpire"
	}
	right := sc.w - margin
	var rightTop string
	if v.Provisional {
		rightTop = "PROVISIONAL CHARTS"
		w := textWidth(rightTop, fontSub, true) + 14
		sc.poly(rectPts(right-w, 9, right, 29), arrowRed, white, 1)
		sc.text(point{right - w/2, 23.5}, rightTop, fontSub, true, anchorMiddle, white)
		right -= w + 12
	}
	game := v.Game
	if game == "" {
		game = name
	}
	sc.text(point{margin, 26}, fitText(game, fontTitle, true, right-margin), fontTitle, true, anchorStart, white)
	whereW := textWidth(where, fontSub, false)
	sub := fmt.Sprintf("%s  ·  %s  ·  map for %s", v.Turn, v.Segment, side)
	sc.text(point{margin, 47}, fitText(sub, fontSub, false, sc.w-3*margin-whereW), fontSub, false, anchorStart, 0xe8e4d8)
	sc.text(point{sc.w - margin, 47}, where, fontSub, false, anchorEnd, 0xc8c2b0)
}

// fitText shortens s with "..." until it is at most w pixels wide.
func fitText(s string, size float64, bold bool, w float64) string {
	if textWidth(s, size, bold) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && textWidth(string(r)+"...", size, bold) > w {
		r = r[:len(r)-1]
	}
	return string(r) + "..."
}
