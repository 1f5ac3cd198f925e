package templates

import (
	"os"
	"strings"
	"testing"

	"galloper/rules"
	"galloper/rules/lob"
)

// TestStartMailTeachesTheSystemsOrderForm: the game-start mail shows the
// order form the system's style gives, not one the templates know.
func TestStartMailTeachesTheSystemsOrderForm(t *testing.T) {
	for _, c := range []struct {
		style     *rules.Style
		want, not string
	}{
		{lob.Style(), "    ORDER MOVE from <leader> to <command>\n      OBJECTIVE <hex or place>", "HOLD"},
		{&rules.Style{OrderForm: "HOLD <unit>\n"}, "    HOLD <unit>\n", "ORDER MOVE"},
		{nil, "Your player's guide", "ORDER MOVE"},
	} {
		text, err := Start(StartData{Game: "g", Side: "CSA", View: rules.View{Style: c.style}})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(text, c.want) || strings.Contains(text, c.not) || strings.Contains(text, "docs/") {
			t.Errorf("start mail with %v: want %q and no %q:\n%s", c.style, c.want, c.not, text)
		}
	}
}

// TestHelpShowsTheSystemsExample: with LoB's example the HELP reply reads
// as it always has; with two systems each example is named.
func TestHelpShowsTheSystemsExample(t *testing.T) {
	old, err := os.ReadFile("testdata/help-lob.txt")
	if err != nil {
		t.Fatal(err)
	}
	got, err := Help(HelpData{Address: "orders@example.org", Commands: []string{"HELP"},
		Examples: []OrderExample{{System: "Line of Battle", Text: lob.Style().OrderExample}}})
	if err != nil {
		t.Fatal(err)
	}
	if got != string(old) {
		t.Errorf("HELP changed:\n%s", lineDiff(string(old), got))
	}
	if strings.Contains(got, "docs/") || !strings.Contains(got, "guide-<system>.txt") {
		t.Errorf("HELP sends players to a file they do not have, or does not name the attached guide:\n%s", got)
	}
	two, err := Help(HelpData{Examples: []OrderExample{{System: "Line of Battle", Text: "ORDER MOVE\n"}, {System: "Minis", Text: "ADVANCE 1st\n"}}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(two, "  (Line of Battle)\n  ORDER MOVE\n\n  (Minis)\n  ADVANCE 1st\n") {
		t.Errorf("two systems' examples:\n%s", two)
	}
}
