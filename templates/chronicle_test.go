package templates

import (
	"strings"
	"testing"

	"galloper/rules"
)

// testChronicler is a system's event data: two phases, losses, routs.
type testChronicler struct{}

func (testChronicler) Phases() []string { return []string{"Orders", "Combat"} }
func (testChronicler) Chronicle(e rules.Event) rules.EventNote {
	switch e.Kind {
	case "order":
		return rules.EventNote{Phase: "Orders", Tally: "orders accepted", Subject: e.Text}
	case "fire":
		return rules.EventNote{Phase: "Combat"}
	case "loss":
		return rules.EventNote{Tally: rules.TallyLosses, Subject: strings.Fields(e.Text)[0], Count: 2}
	case "rout":
		return rules.EventNote{Tally: "units routed", Subject: e.Text}
	}
	return rules.EventNote{}
}

// TestChronicle: the summary sums losses per side by the roster and
// counts the other tallies naming their subjects; the log is grouped by
// phase, decisions first, and an event of an earlier phase after a later
// one stays in the later one.
func TestChronicle(t *testing.T) {
	v := rules.View{Side: "Blue", Roster: []rules.RosterGroup{{Side: "Blue", Units: []rules.RosterUnit{{Name: "Foot"}}},
		{Side: "Red", Enemy: true, Units: []rules.RosterUnit{{Name: "Horse"}}}}}
	events := []rules.Event{{Kind: "decision", Text: "Decision 1"}, {Kind: "order", Text: "B-1"}, {Kind: "fire", Text: "Foot fires"},
		{Kind: "loss", Text: "Horse loses"}, {Kind: "loss", Text: "Foot loses"}, {Kind: "loss", Text: "Horse loses"},
		{Kind: "rout", Text: "Horse"}, {Kind: "order", Text: "B-2"}}
	summary, phases := Chronicle(testChronicler{}, events, v, func(e rules.Event) string { return e.Text })
	want := []string{"Losses (Strength Points): Blue 2, Red 4", "Orders accepted: 2 (B-1; B-2)", "Units routed: 1 (Horse)"}
	if strings.Join(summary, "|") != strings.Join(want, "|") {
		t.Errorf("summary %q, want %q", summary, want)
	}
	var got []string
	for _, p := range phases {
		got = append(got, p.Phase+": "+strings.Join(p.Events, ", "))
	}
	wantPhases := []string{"Decisions taken: Decision 1", "Orders: B-1", "Combat: Foot fires, Horse loses, Foot loses, Horse loses, Horse, B-2"}
	if strings.Join(got, "|") != strings.Join(wantPhases, "|") {
		t.Errorf("phases\n%q\nwant\n%q", got, wantPhases)
	}
	text, err := Report(ReportData{View: v, Resolved: "Turn 1", Summary: summary, Phases: phases})
	if err != nil {
		t.Fatal(err)
	}
	if i, j := strings.Index(text, "== Summary =="), strings.Index(text, "== What happened =="); i < 0 || j < i ||
		!strings.Contains(text, "Combat:\n- Foot fires\n") {
		t.Errorf("the report does not lead with the summary and group its log by phase:\n%s", text)
	}
}
