package hex

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestAppendLineIsLine holds AppendLine to Line: every line from the hexes
// of a patch to every hex of a 60×40 map around it, and long random ones.
func TestAppendLineIsLine(t *testing.T) {
	check := func(a, b Axial) {
		wl, wr := Line(a, b)
		gl, gr := AppendLine(nil, nil, a, b)
		if !slices.Equal(gl, wl) || !slices.Equal(gr, wr) {
			t.Fatalf("%v to %v: AppendLine gives %v | %v, Line %v | %v", a, b, gl, gr, wl, wr)
		}
	}
	differ := 0
	for oc := 1; oc <= 6; oc++ {
		for or := 1; or <= 6; or++ {
			a := Offset{Col: oc, Row: or}.ToAxial()
			for c := -10; c <= 60; c++ {
				for r := -5; r <= 40; r++ {
					b := Offset{Col: c, Row: r}.ToAxial()
					check(a, b)
					if l, rt := Line(a, b); !slices.Equal(l, rt) {
						differ++
					}
				}
			}
		}
	}
	if differ < 1000 {
		t.Fatalf("only %d lines whose two traces differ: the ties are barely tested", differ)
	}
	rng := rand.New(rand.NewPCG(4, 0))
	for range 20000 {
		a := Axial{Q: rng.IntN(2001) - 1000, R: rng.IntN(2001) - 1000}
		b := a.Add(Axial{Q: rng.IntN(401) - 200, R: rng.IntN(401) - 200})
		check(a, b)
	}
	// Exactly along hexsides and through hexside midpoints, at length.
	for k := 1; k <= 300; k++ {
		for d := range Directions {
			check(Axial{3, -7}, Axial{3, -7}.Add(Directions[d].Add(Directions[(d+1)%6]).Scale(k)))
			check(Axial{}, Axial{4 * k, -k})
		}
	}
	// Reusing buffers keeps what they hold before.
	l, r := AppendLine([]Axial{{9, 9}}, nil, Axial{}, Axial{2, 0})
	if len(l) != 4 || l[0] != (Axial{9, 9}) || len(r) != 3 {
		t.Fatalf("AppendLine onto a buffer gives %v and %v", l, r)
	}
}

func BenchmarkLine(b *testing.B) {
	a, z := Axial{3, 4}, Axial{33, -2}
	for b.Loop() {
		Line(a, z)
	}
}

func BenchmarkAppendLine(b *testing.B) {
	a, z := Axial{3, 4}, Axial{33, -2}
	var lb, rb [64]Axial
	for b.Loop() {
		AppendLine(lb[:0], rb[:0], a, z)
	}
}
