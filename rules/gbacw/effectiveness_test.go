package gbacw

import "testing"

func TestBrigadeIneffective(t *testing.T) {
	for _, tc := range []struct {
		name string
		r    []UnitState
		want bool
	}{
		{"all shaken", []UnitState{Disordered, Disordered, Collapsed}, true},
		{"one in good order", []UnitState{Disordered, GoodOrder, Routed}, false},
		{"more than half lost", []UnitState{Gone, Routed, GoodOrder}, true},
		{"exactly half lost", []UnitState{Gone, Routed, GoodOrder, GoodOrder}, false},
		{"reinforcements do not count", []UnitState{Disordered, NotYetEntered}, true},
		{"none entered", []UnitState{NotYetEntered}, false},
	} {
		if got := BrigadeIneffective(tc.r); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestDivisionIneffective(t *testing.T) {
	for _, tc := range []struct {
		was          bool
		brigades, ci int
		want         bool
	}{
		{false, 4, 2, false}, {false, 4, 3, true}, {false, 3, 2, true},
		{true, 4, 2, true}, // half not CI is no majority (13.33)
		{true, 4, 1, false}, {true, 3, 1, false},
	} {
		if got := DivisionIneffective(tc.was, tc.brigades, tc.ci); got != tc.want {
			t.Errorf("was CI %v, %d of %d brigades CI: %v, want %v", tc.was, tc.ci, tc.brigades, got, tc.want)
		}
	}
}
