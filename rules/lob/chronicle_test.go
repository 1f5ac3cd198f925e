package lob

import (
	"testing"

	"galloper/rules"
)

// TestChronicleLoB: Line of Battle's events count in a report's summary
// as LoB 2.1's phases and the rules they cite say.
func TestChronicleLoB(t *testing.T) {
	for _, c := range []struct {
		e    rules.Event
		want rules.EventNote
	}{
		{rules.Event{Kind: "loss", Text: "12 Va loses 1 SP to the Opening Volley, 5 left"}, rules.EventNote{Tally: rules.TallyLosses, Subject: "12 Va", Count: 1}},
		{rules.Event{Kind: "loss", Text: "3 Miss SS loses its last SP to the Combat Table and is eliminated"}, rules.EventNote{Tally: rules.TallyLosses, Subject: "3 Miss SS", Count: 1}},
		{rules.Event{Kind: "morale-state", Text: "A12.12 goes from Normal to R"}, rules.EventNote{Tally: "stacks routed", Subject: "A12.12"}},
		{rules.Event{Kind: "morale-state", Text: "A12.12 goes from Normal to DG"}, rules.EventNote{}},
		{rules.Event{Kind: "rally", Text: "12 Va in A11.12: DG becomes Sh"}, rules.EventNote{Phase: rallyPhase, Tally: "stacks rallied or steadied", Subject: "12 Va"}},
		{rules.Event{Kind: "eliminated", Text: "7 Wis is eliminated"}, rules.EventNote{Tally: "units eliminated", Subject: "7 Wis"}},
		{rules.Event{Kind: "order-arrived", Text: "CSA-1 (ATTACK) reaches Lyle's Corps at 15:45"}, rules.EventNote{Phase: commandPhase, Tally: "orders delivered", Subject: "CSA-1"}},
		{rules.Event{Kind: "order-accepted", Text: "Lyle's Corps accepts CSA-1 (ATTACK): rolled yes"}, rules.EventNote{Phase: commandPhase, Tally: "orders accepted", Subject: "Lyle's Corps"}},
		{rules.Event{Kind: "fluke-stoppage", Text: "Barton's Division suffers Fluke Stoppage (x)"}, rules.EventNote{Phase: commandPhase, Tally: "Commands stopped", Subject: "Barton's Division"}},
		{rules.Event{Kind: "order-fulfilled", Text: "Army of the Blue Ridge has reached its objective A7.11: CSA-2 is fulfilled"}, rules.EventNote{Tally: "objectives reached", Subject: "Army of the Blue Ridge"}},
		{rules.Event{Kind: "fire", Text: "2 Miss fire"}, rules.EventNote{Phase: activityPhase}},
	} {
		if got := (System{}).Chronicle(c.e); got != c.want {
			t.Errorf("%s %q: %+v, want %+v", c.e.Kind, c.e.Text, got, c.want)
		}
	}
}
