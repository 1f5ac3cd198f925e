package hex

import (
	"testing"

	"pgregory.net/rapid"
)

func TestLineEndsAndContiguity(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := Axial{rapid.IntRange(-30, 30).Draw(t, "aq"), rapid.IntRange(-30, 30).Draw(t, "ar")}
		b := Axial{rapid.IntRange(-30, 30).Draw(t, "bq"), rapid.IntRange(-30, 30).Draw(t, "br")}
		l, r := Line(a, b)
		for _, line := range [][]Axial{l, r} {
			if len(line) != Distance(a, b)+1 || line[0] != a || line[len(line)-1] != b {
				t.Fatalf("line %v→%v = %v", a, b, line)
			}
			for i := 1; i < len(line); i++ {
				if Distance(line[i-1], line[i]) != 1 {
					t.Fatalf("line %v→%v not contiguous at %d: %v", a, b, i, line)
				}
			}
		}
	})
}

func TestLineAlongHexside(t *testing.T) {
	a := Axial{0, 0}
	// Two steps "up-right then up" in cube terms ends at a hex whose
	// centre line passes exactly between two hexes: (1,0) and (0,1).
	b := Axial{1, 1}
	l, r := Line(a, b)
	if l[1] == r[1] {
		t.Fatalf("line to %v should run along a hexside: %v / %v", b, l, r)
	}
	mid := map[Axial]bool{l[1]: true, r[1]: true}
	if !mid[Axial{1, 0}] || !mid[Axial{0, 1}] {
		t.Fatalf("hexside between (1,0) and (0,1) expected, got %v and %v", l[1], r[1])
	}
	if !OnHexside(a, b) {
		t.Fatal("OnHexside = false")
	}
	if OnHexside(a, Axial{3, 0}) {
		t.Fatal("a line straight through hex centres is not on a hexside")
	}
}
