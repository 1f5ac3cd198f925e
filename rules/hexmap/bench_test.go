package hexmap

import (
	"fmt"
	"testing"

	"galloper/rules/hex"
)

// BenchmarkAxial reads every id of a 30x22 LoB map (660 hexes) to its axial
// coordinate, as rules code does in its inner loops.
func BenchmarkAxial(b *testing.B) {
	m := &Map{Letter: "A", Layout: hex.LoB("A"), Cols: 30, Rows: 22, plain: true}
	var ids []string
	for c := 1; c <= m.Cols; c++ {
		for r := 1; r <= m.Rows; r++ {
			ids = append(ids, m.ID(hex.Offset{Col: c, Row: r}))
		}
	}
	n := 0
	for b.Loop() {
		for _, id := range ids {
			n += m.Axial(id).Q
		}
	}
	if n == 0 {
		b.Fatal("no hexes read")
	}
}

// BenchmarkAxialDigits is the same on a four-digit, rows-down map.
func BenchmarkAxialDigits(b *testing.B) {
	m := &Map{Layout: hex.Layout{Rows: hex.RowsDown, IDs: hex.IDScheme{Form: hex.Digits}}, Cols: 30, Rows: 22}
	var ids []string
	for c := 1; c <= m.Cols; c++ {
		for r := 1; r <= m.Rows; r++ {
			ids = append(ids, fmt.Sprintf("%02d%02d", c, r))
		}
	}
	n := 0
	for b.Loop() {
		for _, id := range ids {
			n += m.Axial(id).Q
		}
	}
	if n == 0 {
		b.Fatal("no hexes read")
	}
}
