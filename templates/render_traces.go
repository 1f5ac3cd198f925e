package templates

import (
	"fmt"

	"galloper/rules"
)

// Traces (rules.Trace) mark a results map with what the segment just
// resolved did, as players draw it by hand on a shared board: a move as a
// solid line in the side's colour, a retreat as a dotted one, fire as a
// dashed orange line from the firers to the target, a charge as a heavy
// dark red line with a double head; and on a decision request's map each
// choice that is a place as a purple dashed line numbered at its end, as
// the mail numbers it. Each ends in an arrowhead that stops
// short of the counter it points at; the kinds differ in their strokes as
// well as their colours, so they read in greyscale print too.

const (
	fireOrange   rgb = 0xe65100
	chargeRed    rgb = 0x7f0000
	choicePurple rgb = 0x6a1b9a
	traceCasing      = 2.6 // the white casing's width beyond the line's
)

// traceStyle is how one kind of trace is drawn.
type traceStyle struct {
	width  float64
	dash   [2]float64
	colour rgb  // when own is false
	own    bool // drawn in the side's colour
	double bool
	// back is how far the line stops short of its last hex's centre, and
	// start how far from its first, in hex sizes.
	back, start float64
	label       string
	// numbered traces show their label in a plate at their end.
	numbered bool
}

var traceStyles = map[string]traceStyle{
	rules.TraceMove:    {width: 2.8, own: true, back: 0.5, label: "move: path and where it ended"},
	rules.TraceRetreat: {width: 2.8, own: true, dash: [2]float64{2.5, 4}, back: 0.5, label: "retreat"},
	rules.TraceFire:    {width: 2.4, dash: [2]float64{8, 4}, colour: fireOrange, back: 0.45, start: 0.35, label: "fire: from the firers to their target"},
	rules.TraceCharge:  {width: 4.4, colour: chargeRed, double: true, back: 0.5, start: 0.2, label: "charge"},
	rules.TraceChoice:  {width: 2.6, colour: choicePurple, dash: [2]float64{12, 4}, back: 0.55, numbered: true, label: "a choice you are asked to make: its number in the mail"},
}

// traceKinds is the order of the traces in the key.
var traceKinds = []string{rules.TraceMove, rules.TraceRetreat, rules.TraceFire, rules.TraceCharge, rules.TraceChoice}

// drawTraces draws the view's traces on a hex map.
func drawTraces(sc *scene, l *layout, k *key) error {
	for _, tr := range l.m.Traces {
		pts, err := l.chain(tr.Hexes)
		if err != nil {
			return fmt.Errorf("%s trace %q: %w", tr.Kind, tr.Label, err)
		}
		if len(pts) < 2 || !l.touches(tr.Hexes) {
			continue
		}
		if err := trace(sc, k, tr, pts, l.look.traceColour(l.colours, tr.Side), hexSize); err != nil {
			return err
		}
	}
	return nil
}

// drawTableTraces draws the view's traces on a table.
func drawTableTraces(sc *scene, l *tableLayout, k *key) error {
	for _, tr := range l.t.Traces {
		if len(tr.Points) < 2 {
			continue
		}
		if err := trace(sc, k, tr, l.path(tr.Points), l.look.traceColour(l.colours, tr.Side), 2*l.px); err != nil {
			return err
		}
	}
	return nil
}

// traceColour is a side's colour for its traces: its counters', else its
// style's, else grey (a side with no counter left on the map).
func (lk *look) traceColour(colours map[rules.Side]rgb, side rules.Side) rgb {
	if c, ok := colours[side]; ok {
		return c
	}
	if c, ok := lk.sides[side]; ok {
		return c
	}
	return 0x777777
}

// trace draws one trace along pts; unit is the size its ends are cut
// back by (a hex's size, or two inches of table).
func trace(sc *scene, k *key, tr rules.Trace, pts []point, side rgb, unit float64) error {
	st, ok := traceStyles[tr.Kind]
	if !ok {
		return fmt.Errorf("trace %q: unknown kind %q", tr.Label, tr.Kind)
	}
	pts = dedupe(pts)
	if len(pts) < 2 {
		return nil // a path that goes nowhere
	}
	k.see("trace:" + tr.Kind)
	st.stroke(sc, trimEnds(pts, st.start*unit, st.back*unit), side, "trace-"+tr.Kind)
	if st.numbered && tr.Label != "" {
		end := pts[len(pts)-1]
		sc.plate(point{end.X, end.Y - unit*0.55}, tr.Label, fontUnit, true, st.colour, st.colour)
	}
	return nil
}

// stroke draws a trace's line along pts and its head at the last point.
func (st traceStyle) stroke(sc *scene, pts []point, side rgb, class string) {
	col := st.colour
	if st.own {
		col = side
	}
	last, prev := pts[len(pts)-1], pts[len(pts)-2]
	sc.add(shape{kind: polyline, pts: pts, stroke: white, width: st.width + traceCasing, fill: none, class: class})
	sc.add(shape{kind: polyline, pts: pts, stroke: col, width: st.width, dash: st.dash, fill: none})
	sc.poly(traceHead(prev, last, st.width), col, white, 1)
	if st.double {
		d := last.sub(prev).unit().mul(9)
		sc.poly(traceHead(prev.sub(d), last.sub(d), st.width), col, white, 1)
	}
}

// dedupe drops points that repeat the one before them.
func dedupe(pts []point) []point {
	out := pts[:1:1]
	for _, p := range pts[1:] {
		if p.sub(out[len(out)-1]).len() > 0.01 {
			out = append(out, p)
		}
	}
	return out
}

// trimEnds cuts a path back by start at its first point and by back at
// its last, never past the middle of its first or last leg.
func trimEnds(pts []point, start, back float64) []point {
	out := append([]point(nil), pts...)
	n := len(out)
	if d := out[1].sub(out[0]); start > 0 {
		out[0] = out[0].add(d.unit().mul(min(start, d.len()/2)))
	}
	if d := out[n-1].sub(out[n-2]); back > 0 {
		out[n-1] = out[n-1].sub(d.unit().mul(min(back, d.len()/2)))
	}
	return out
}

// traceHead is an arrowhead at to, sized for a line of width w.
func traceHead(from, to point, w float64) []point {
	d := to.sub(from).unit()
	l, h := 9+2*w, 4+1.2*w
	tip := to.add(d.mul(l * 0.6))
	back := tip.sub(d.mul(l))
	return []point{tip, back.add(d.perp().mul(h)), back.sub(d.perp().mul(h))}
}

// traceItems are the key's entries for the traces drawn, the moves in
// the first side's colour.
func (k *key) traceItems(out []keyItem, side rgb) []keyItem {
	for _, kind := range traceKinds {
		st := traceStyles[kind]
		out = k.addIf(out, "trace:"+kind, st.label, traceIcon(kind, side))
	}
	return out
}

func traceIcon(kind string, side rgb) func(*scene, rect) {
	return func(sc *scene, r rect) {
		y := (r.y0 + r.y1) / 2
		traceStyles[kind].stroke(sc, []point{{r.x0, y}, {r.x1 - 8, y}}, side, "")
	}
}
