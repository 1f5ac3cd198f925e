package wintersvictory

import (
	"slices"
	"testing"
)

// TestOrderHints: the hints list the segment's orders, a commander's
// subordinates in the Command Phase, and in the Movement Phase each
// stack's reach, from what the side sees; none for a side not ordering.
func TestOrderHints(t *testing.T) {
	sys := New()
	st, _ := sys.NewGame("serpallen", nil)
	s := st.(*State)
	s.Step = stepFrenchCommand
	h := sys.OrderHints(s, SideFrench)
	if h == nil || !slices.Contains(h.Orders, "ORDER") || len(h.Commands) == 0 {
		t.Fatalf("command hints %+v", h)
	}
	if c := h.Commands[0]; c.Name != "Napoleon" || !slices.Contains(c.To, "Lochet") || !slices.Contains(c.Orders, "ATTACK") {
		t.Errorf("Napoleon's hint %+v", c)
	}
	if sys.OrderHints(s, SideAllied) != nil {
		t.Error("hints for a side that does not order")
	}
	s.Step = stepFrenchMove
	h = sys.OrderHints(s, SideFrench)
	var found bool
	for _, st := range h.Stacks {
		if st.At == "0803" {
			found = true
			if !slices.Contains(st.Reach, "1003") || slices.Contains(st.Reach, "1403") || st.Range != 2 {
				t.Errorf("1/33 Ligne's stack: %+v", st)
			}
		}
	}
	if !found {
		t.Error("no stack at 0803")
	}
}
