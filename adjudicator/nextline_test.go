package adjudicator

import (
	"testing"

	"galloper/rules"
)

// openSegment is a state whose open segment is due from sides.
type openSegment struct{ sides []rules.Side }

func (openSegment) Canonical() []byte { return nil }
func (s openSegment) Segment() rules.Segment {
	return rules.Segment{Turn: 2, Label: "Turn 2", Sides: s.sides}
}
func (openSegment) Over() bool { return false }

// TestNextLineForTheUmpire: the umpire orders no side, so its Next line
// names the sides still due; a player's line speaks to its own side.
func TestNextLineForTheUmpire(t *testing.T) {
	st := openSegment{[]rules.Side{"North", "South", "West"}}
	for _, c := range []struct {
		side rules.Side
		sent []string
		want string
	}{
		{"", nil, "Turn 2: waiting for orders from North, South and West"},
		{Umpire, []string{"South"}, "Turn 2: waiting for orders from North and West"},
		{"", []string{"North", "West"}, "Turn 2: waiting for orders from South"},
		{"", []string{"North", "South", "West"}, "Turn 2: every side's orders are in"},
		{"South", nil, "Turn 2: send your orders with TURN 2"},
		{"East", nil, "Turn 2: waiting for the other side's orders"},
	} {
		if got := nextLine(st, c.side, c.sent...); got != c.want {
			t.Errorf("nextLine(%q, sent %v) = %q, want %q", c.side, c.sent, got, c.want)
		}
	}
}
