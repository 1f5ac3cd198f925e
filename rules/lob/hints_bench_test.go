package lob_test

import (
	"testing"

	"galloper/rules"
	"galloper/rules/lob"
)

// BenchmarkOrderHints measures the hints of the side to move at the start
// of the Lantern Ridge battle, reachable hexes included: they are built
// for every mail that asks the side for orders.
func BenchmarkOrderHints(b *testing.B) {
	sys := lob.New()
	s, err := sys.NewGame("lantern-ridge-battle", nil)
	if err != nil {
		b.Fatal(err)
	}
	h := sys.(rules.OrderHinter)
	side := s.Segment().Sides[0]
	for b.Loop() {
		if h.OrderHints(s, side) == nil {
			b.Fatal("no hints")
		}
	}
}
