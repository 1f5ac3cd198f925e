package acwminis

import (
	"bytes"
	"fmt"
	"testing"

	"galloper/templates"
)

// TestViewDrawsTable checks the view of the sample scenario: an open table
// of 72" x 48" with its terrain, each unit's footprint centred where its
// pose puts it, its facing, formation and state, and that the renderer
// draws it. The scenario plays with fog of war, in which USA cannot see
// Pegram's Battery behind the Confederate line; with fog-of-war=off it
// sees the whole table.
func TestViewDrawsTable(t *testing.T) {
	sys := New()
	st, err := sys.NewGame("willoughby-run", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range sys.View(st, "USA").Table.Units {
		if u.Name == "Pegram's Battery" {
			t.Error("with fog of war USA sees Pegram's Battery behind the Confederate line")
		}
	}
	if st, err = sys.WithOptionalRules(st, []string{"fog-of-war=off"}); err != nil {
		t.Fatal(err)
	}
	v := sys.View(st, "USA")
	if v.Table == nil || v.Map != nil || v.Table.Width != 72 || v.Table.Depth != 48 {
		t.Fatalf("table %+v", v.Table)
	}
	if len(v.Table.Terrain) != 5 {
		t.Errorf("%d terrain features, want 5", len(v.Table.Terrain))
	}
	var found bool
	for _, u := range v.Table.Units {
		if u.Name != "24th Michigan" {
			continue
		}
		found = true
		// 7 bases of 1.5" x 1" in Supported Line: 4 files, 2 ranks, front
		// centre at (36, 6) facing 0, so 6" x 2" centred at (36, 5).
		f := u.Footprint
		if f.X != 36 || f.Y != 5 || f.Width != 6 || f.Depth != 2 || *u.Facing != 0 || u.Formation != "supported line" || u.Status != "Steady 0h" {
			t.Errorf("24th Michigan drawn as %+v facing %v, %s, %s", *f, *u.Facing, u.Formation, u.Status)
		}
	}
	if !found {
		t.Error("24th Michigan is not drawn")
	}
	svg, err := templates.RenderSVG(v, templates.MapOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"24th Mic.", "Pegram", "terrain-wood", "terrain-road", "<svg"} {
		if !bytes.Contains(svg, []byte(want)) {
			t.Errorf("the map does not show %q", want)
		}
	}
}

// TestViewTurnWhenOver checks that the view of a finished game names its
// last turn, not the one past it the state counts to.
func TestViewTurnWhenOver(t *testing.T) {
	sys := New()
	st, err := sys.NewGame("willoughby-run", nil)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State).clone()
	s.Turn = s.Turns + 1
	v := sys.View(s, "USA")
	if want := fmt.Sprintf("Turn %d of %d", s.Turns, s.Turns); v.Turn != want || v.Segment != "game over" {
		t.Fatalf("over: %q, %q; want %q, game over", v.Turn, v.Segment, want)
	}
}
