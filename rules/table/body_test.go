package table

import "testing"

// TestLayoutSizes: footprints from base count, base size and formation.
// The sheet's formation diagrams are missing (seed L461-464), so the
// layouts are configuration; these are the shapes the rules notes
// assume: a line abreast, a supported line in two ranks, a column in
// single file, skirmishers abreast with gaps.
func TestLayoutSizes(t *testing.T) {
	for _, tc := range []struct {
		name string
		l    Layout
		w, d Length
	}{
		{"line of 5", Layout{Bases: 5, Files: 5, BaseW: 1500, BaseD: 1000}, 7500, 1000},
		{"supported line of 5", Layout{Bases: 5, Files: 3, BaseW: 1500, BaseD: 1000}, 4500, 2000},
		{"march column of 5", Layout{Bases: 5, Files: 1, BaseW: 1500, BaseD: 1000}, 1500, 5000},
		{"skirmish line of 3", Layout{Bases: 3, Files: 3, BaseW: 1500, BaseD: 1000, Gap: 2000}, 8500, 1000},
		{"more files than bases", Layout{Bases: 2, Files: 4, BaseW: 1000, BaseD: 1000}, 2000, 1000},
	} {
		w, d, err := tc.l.Size()
		if err != nil || w != tc.w || d != tc.d {
			t.Errorf("%s: %v × %v (%v), want %v × %v", tc.name, w, d, err, tc.w, tc.d)
		}
	}
	for _, bad := range []Layout{{}, {Bases: 3, Files: 0, BaseW: 1, BaseD: 1}, {Bases: 3, Files: 3, BaseW: 0, BaseD: 1}, {Bases: 3, Files: 3, BaseW: 1, BaseD: 1, Gap: -1}} {
		if _, _, err := bad.Size(); err == nil {
			t.Errorf("layout %+v was accepted", bad)
		}
	}
}

func TestNewBody(t *testing.T) {
	b, err := NewBody("1ME", Pose{Front: Point{10 * Inch, 5 * Inch}, Heading: -900}, Layout{Bases: 4, Files: 4, BaseW: Inch, BaseD: Inch})
	if err != nil {
		t.Fatal(err)
	}
	if b.Pose.Heading != 2700 || b.Width != 4*Inch || b.Depth != Inch {
		t.Fatalf("body %+v", b)
	}
	// Facing 270° (along -X), its left is -Y: the front-left corner is 2"
	// towards -Y, and the centre 0.5" behind the front, towards +X.
	c := b.Corners()
	if c[0] != (Point{10 * Inch, 3 * Inch}) || c[1] != (Point{10 * Inch, 7 * Inch}) || b.Centre() != (Point{10500, 5 * Inch}) {
		t.Fatalf("corners %v, centre %v", c, b.Centre())
	}
	if _, err := NewBody("x", Pose{Front: Point{MaxCoord + 1, 0}}, Layout{Bases: 1, Files: 1, BaseW: 1, BaseD: 1}); err == nil {
		t.Fatal("a unit off the table's limits was accepted")
	}
}
