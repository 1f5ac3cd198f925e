package orders

import (
	"slices"
	"testing"
)

// TestClauses: each clause between semicolons, trimmed, with the offset
// of its first character in the line; an empty clause between two
// semicolons is kept, one after the last semicolon is not.
func TestClauses(t *testing.T) {
	for _, c := range []struct {
		in   string
		off  int
		want []Word
	}{
		{"FORWARD 6; WHEEL 45 ;FIRE X", 10, []Word{{"FORWARD 6", 10}, {"WHEEL 45", 21}, {"FIRE X", 31}}},
		{"  HOLD  ", 3, []Word{{"HOLD", 5}}},
		{"FIRE;", 0, []Word{{"FIRE", 0}}},
		{"A;;B", 0, []Word{{"A", 0}, {"", 2}, {"B", 3}}},
		{"", 7, nil},
	} {
		if got := Clauses(c.in, c.off); !slices.Equal(got, c.want) {
			t.Errorf("Clauses(%q, %d) = %v, want %v", c.in, c.off, got, c.want)
		}
	}
}
