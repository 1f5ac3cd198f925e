package acwminis

import (
	"strings"
	"testing"

	"galloper/rules"
	"galloper/rules/acwminis/acwtext"
)

// TestDemoOrdersValid checks that the demo players' first orders, written
// from each side's view, parse and are legal when it is that side's half,
// and that the roster the players read their commanders from lists both
// sides with the viewing side first.
func TestDemoOrdersValid(t *testing.T) {
	sys := New()
	name, sides, segments := sys.DemoScenario()
	if len(sides) != 2 || segments < 2 {
		t.Fatalf("demo scenario %s, sides %v, %d segments", name, sides, segments)
	}
	st, err := sys.NewGame(name, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, side := range sides {
		s := st.(*State).clone()
		if sideOf(s) != side {
			s.Half = 1 - s.Half
		}
		v := sys.View(s, side)
		if len(v.Roster) == 0 || v.Roster[0].Side != side || v.Roster[len(v.Roster)-1].Side == side {
			t.Errorf("%s's roster does not list its own units first, then the enemy's: %+v", side, v.Roster)
		}
		body := sys.DemoOrders(v, side)
		if strings.Count(body, "\n") < 3 {
			t.Errorf("%s's demo orders give fewer than 4 units an order:\n%s", side, body)
		}
		f, probs := acwtext.Parse("GAME g\nSIDE " + string(side) + "\nTURN 1\n" + body + "\n")
		if len(probs) > 0 {
			t.Fatalf("%s's demo orders do not parse: %v\n%s", side, probs, body)
		}
		if probs := sys.Validate(s, side, f); len(probs) > 0 {
			t.Errorf("%s's demo orders are refused: %v\n%s", side, probs, body)
		}
	}
	if got := sys.DemoOrders(rules.View{}, "CSA"); got != "" {
		t.Errorf("orders without a table: %q", got)
	}
}
