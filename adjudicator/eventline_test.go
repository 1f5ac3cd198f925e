package adjudicator

import (
	"testing"

	"galloper/rules"
)

// TestEventLineCitesOnce: a report line cites its rule once, even when
// the event's text names it already (a decision's question).
func TestEventLineCitesOnce(t *testing.T) {
	for _, c := range []struct {
		e    rules.Event
		want string
	}{
		{rules.Event{Text: "Decision 1, LoB 6.2: which path?: A16.12 (chosen by USA).", Rule: "LoB 6.2"}, "Decision 1, LoB 6.2: which path?: A16.12 (chosen by USA)."},
		{rules.Event{Text: "12 Va loses 1 SP", Rule: "LoB 7.0d"}, "12 Va loses 1 SP (LoB 7.0d)"},
		{rules.Event{Text: "no rule"}, "no rule"},
	} {
		if got := eventLine(c.e); got != c.want {
			t.Errorf("eventLine(%q) = %q, want %q", c.e.Text, got, c.want)
		}
	}
}
