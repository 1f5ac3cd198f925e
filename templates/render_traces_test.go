package templates

import (
	"image"
	"strings"
	"testing"

	"galloper/rules"
)

// TestTracesDrawn: each trace of view-features (a move, a retreat, fire
// of each side, a charge) is drawn over the counters in its kind's colour
// from its first hex towards its last, and the key explains each kind; a
// map without traces has no such entries.
func TestTracesDrawn(t *testing.T) {
	v := loadView(t, "view-features")
	if len(v.Map.Traces) < 5 {
		t.Fatalf("view-features has %d traces, want one of each kind and fire of each side", len(v.Map.Traces))
	}
	img := decodePNG(t, v, "traces.png")
	l, err := newLayout(v, MapOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tr := range v.Map.Traces {
		pts, err := l.chain(tr.Hexes)
		if err != nil {
			t.Fatal(err)
		}
		st := traceStyles[tr.Kind]
		want := st.colour
		if st.own {
			want = l.look.traceColour(l.colours, tr.Side)
		}
		// Somewhere on the middle third of its last leg the line shows
		// in its colour (a dashed line between its dashes).
		a, b := pts[len(pts)-2], pts[len(pts)-1]
		found := false
		for i := 33; i <= 66 && !found; i++ {
			p := lerp(a, b, float64(i)/100)
			found = near(img, image.Pt(int(p.X+0.5), int(p.Y+0.5)), want)
		}
		if !found {
			t.Errorf("%s trace of %s from %s to %s: no %06x on its last leg", tr.Kind, tr.Label, tr.Hexes[len(tr.Hexes)-2], tr.Hexes[len(tr.Hexes)-1], uint32(want))
		}
	}
	svg, err := MapSVG(v)
	if err != nil {
		t.Fatal(err)
	}
	texts := strings.Join(svgTexts(t, svg), "|")
	for _, kind := range traceKinds {
		if n := strings.Count(string(svg), `class="trace-`+kind+`"`); n == 0 {
			t.Errorf("no %s trace in the SVG", kind)
		}
		if !strings.Contains(texts, traceStyles[kind].label) {
			t.Errorf("the key lacks %q", traceStyles[kind].label)
		}
	}
	v.Map.Traces = nil
	svg, _ = MapSVG(v)
	if texts := strings.Join(svgTexts(t, svg), "|"); strings.Contains(texts, traceStyles[rules.TraceFire].label) || strings.Contains(string(svg), "trace-") {
		t.Error("a map without traces draws or explains some")
	}
}

// TestTraceErrors: a trace through a hex the map lacks, or of a kind the
// renderer does not know, is an error that names it.
func TestTraceErrors(t *testing.T) {
	for _, c := range []struct {
		tr   rules.Trace
		want string
	}{
		{rules.Trace{Kind: rules.TraceMove, Side: "CSA", Hexes: []string{"B2.3", "Z9.9"}}, "Z9.9"},
		{rules.Trace{Kind: "teleport", Side: "CSA", Hexes: []string{"B2.3", "B2.4"}}, "teleport"},
	} {
		v := loadView(t, "view-features")
		v.Map.Traces = []rules.Trace{c.tr}
		if _, err := MapSVG(v); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("trace %+v: err = %v, want one naming %s", c.tr, err, c.want)
		}
	}
}

// TestTableTraces: a table's traces are drawn through their points.
func TestTableTraces(t *testing.T) {
	v := tableView()
	v.Table.Traces = []rules.Trace{{Kind: rules.TraceFire, Side: "USA", Points: []rules.Point{{X: 12, Y: 26}, {X: 36, Y: 8}}}}
	svg, err := MapSVG(v)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(svg), `class="trace-fire"`) {
		t.Error("the table's fire trace is not drawn")
	}
}

// TestPlaceNamesOverStacks: a place name in a hex with counters is
// written after them, below their names, so the stack does not hide it
// (Tanner's Mill under Keene's Brigade in view-features); the name of an
// empty place stays where it was, under everything drawn later.
func TestPlaceNamesOverStacks(t *testing.T) {
	svg, err := MapSVG(loadView(t, "view-features"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(svg)
	mill, keene, cobb := strings.Index(s, ">Tanner&#39;s Mill<"), strings.LastIndex(s, ">Keene<"), strings.Index(s, ">Cobb Hill<")
	if mill < 0 || keene < 0 || cobb < 0 {
		t.Fatalf("Tanner's Mill at %d, Keene at %d, Cobb Hill at %d in the SVG", mill, keene, cobb)
	}
	if mill < keene {
		t.Error("Tanner's Mill is written before Keene's counter, which hides it")
	}
	if cobb > keene {
		t.Error("Cobb Hill, an empty place, is written over the counters")
	}
}

// TestKeyIconsClearTheirLabels: a status marker wider than the key's
// icon box ("Steady 0h", as the miniatures rules mark a unit) pushes its
// label along instead of running into it.
func TestKeyIconsClearTheirLabels(t *testing.T) {
	lk, err := newLook(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, status := range []string{"DG", "Steady 0h", "Commander"} {
		k := &key{look: lk}
		k.see("status:" + status)
		k.unknown("status", status)
		sc := &scene{w: 800}
		drawKey(sc, k, 0, nil)
		labelX, iconX := -1.0, 0.0
		for _, s := range sc.shapes {
			switch {
			case s.kind == text && s.text == status && s.fill == ink:
				labelX = s.pts[0].X
			case s.kind == polygon:
				for _, p := range s.pts {
					iconX = max(iconX, p.X)
				}
			}
		}
		if labelX < 0 || iconX > labelX {
			t.Errorf("status %q: its marker reaches x=%.1f, its label starts at x=%.1f", status, iconX, labelX)
		}
	}
}
