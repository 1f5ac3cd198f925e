package hex

import "testing"

func TestOffsetAxialRoundTrip(t *testing.T) {
	for c := 1; c <= 12; c++ {
		for r := 1; r <= 10; r++ {
			o := Offset{c, r}
			if got := o.ToAxial().ToOffset(); got != o {
				t.Fatalf("%v -> %v -> %v", o, o.ToAxial(), got)
			}
		}
	}
}

// Neighbours in offset terms: an odd column's side neighbours are at its own
// row and the row below; an even column's at its own row and the row above.
func TestNeighboursOnMap(t *testing.T) {
	cases := []struct {
		o    Offset
		want []Offset
	}{
		{Offset{3, 5}, []Offset{{3, 6}, {3, 4}, {2, 5}, {2, 4}, {4, 5}, {4, 4}}},
		{Offset{4, 5}, []Offset{{4, 6}, {4, 4}, {3, 5}, {3, 6}, {5, 5}, {5, 6}}},
	}
	for _, c := range cases {
		got := map[Offset]bool{}
		for d := 0; d < 6; d++ {
			got[c.o.ToAxial().Neighbor(d).ToOffset()] = true
		}
		for _, w := range c.want {
			if !got[w] {
				t.Errorf("%v: %v is not a neighbour; got %v", c.o, w, got)
			}
			if Distance(c.o.ToAxial(), w.ToAxial()) != 1 {
				t.Errorf("distance %v-%v != 1", c.o, w)
			}
		}
	}
}

func TestDistance(t *testing.T) {
	if d := Distance(Offset{1, 1}.ToAxial(), Offset{5, 1}.ToAxial()); d != 4 {
		t.Fatalf("got %d, want 4", d)
	}
	if d := Distance(Offset{2, 2}.ToAxial(), Offset{2, 9}.ToAxial()); d != 7 {
		t.Fatalf("got %d, want 7", d)
	}
}
