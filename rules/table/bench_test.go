package table

import (
	"fmt"
	"testing"
)

// battleLine is n units a side in two facing lines 24" apart, 4" wide
// regiments 8" apart, with a small reserve behind each to give the lines
// of sight something to pass or hit.
func battleLine(n int) []Body {
	var out []Body
	for i := range n {
		x := Length(i) * 8 * Inch
		out = append(out, rect(fmt.Sprintf("a%d", i), x, 0, 4*Inch, Inch))
		out = append(out, facing(fmt.Sprintf("b%d", i), x, 24*Inch, 4*Inch, Inch))
		if i%3 == 0 {
			out = append(out, rect(fmt.Sprintf("ra%d", i), x+2*Inch, 12*Inch, 4*Inch, Inch))
		}
	}
	return out
}

// BenchmarkSight is one line-of-sight check between a pair of units, 40
// units a side on the table (the screen is built once, as for a phase).
func BenchmarkSight(b *testing.B) {
	bodies := battleLine(40)
	s, err := NewScreen(bodies, nil, 0)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		k := i % 40
		if _, err := s.Sight(fmt.Sprintf("a%d", k), fmt.Sprintf("b%d", (k+1)%40)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkScreen builds the screen for 40 units a side: footprints and
// the gap hull of every pair closer than 6".
func BenchmarkScreen(b *testing.B) {
	bodies := battleLine(40)
	for b.Loop() {
		if _, err := NewScreen(bodies, nil, 0); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDistance is one edge-to-edge distance between two rotated unit
// footprints.
func BenchmarkDistance(b *testing.B) {
	p := Body{ID: "a", Pose: Pose{Front: Point{1234, 5678}, Heading: 373}, Width: 6 * Inch, Depth: 2 * Inch}.Footprint()
	q := Body{ID: "b", Pose: Pose{Front: Point{15234, 25678}, Heading: 2011}, Width: 4 * Inch, Depth: 3 * Inch}.Footprint()
	for b.Loop() {
		Between(p, q)
	}
}

// BenchmarkStraight is a 12" move that stops 1" short of an enemy line.
func BenchmarkStraight(b *testing.B) {
	bodies := battleLine(40)
	var obs []Obstacle
	for _, o := range bodies[1:] {
		obs = append(obs, Obstacle{ID: o.ID, Shape: o.Footprint(), Clearance: Inch})
	}
	for b.Loop() {
		if _, err := Straight(bodies[0], 0, 30*Inch, obs); err != nil {
			b.Fatal(err)
		}
	}
}
