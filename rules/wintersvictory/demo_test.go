package wintersvictory

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/rulestest"
)

// playDemo plays the demo as `galloper demo` does, each side's orders
// written from its own view, every decision request answered with its
// default, on dice seeded by seed. It returns the event kinds seen and
// fails the test on a refused order.
func playDemo(t *testing.T, seed string) (map[string]int, rules.State) {
	t.Helper()
	sys := New()
	name, sides, segments := sys.DemoScenario()
	st, err := sys.NewGame(name, nil)
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for i := 0; i < segments && !st.Over(); i++ {
		files := map[rules.Side]*orders.File{}
		for _, side := range st.Segment().Sides {
			if !slices.Contains(sides, side) {
				t.Fatalf("segment for %s, not a demo side", side)
			}
			body := sys.DemoOrders(sys.View(st, side), side)
			f, ps := rulestest.ParseOrders(sys, rulestest.Envelope(side, st.Segment().Turn)+body)
			if len(ps) == 0 {
				ps = sys.Validate(st, side, f)
			}
			if len(ps) > 0 {
				t.Fatalf("%s, %s: the demo's orders are refused: %+v\n%s", st.Segment().Label, side, ps, body)
			}
			files[side] = f
		}
		var decisions []rules.Decision
		for round := 0; ; round++ {
			res, err := sys.Resolve(rules.Input{State: st, Orders: files, Decisions: decisions,
				Dice: rules.NewSeededDice(fmt.Appendf(nil, "%s %d", seed, i))})
			if err != nil {
				t.Fatal(err)
			}
			if res.Paused() {
				for _, p := range res.Pauses {
					decisions = append(decisions, rules.Decision{Key: p.Key, Side: p.Side, Choice: p.Default})
					kinds["decision-request"]++
				}
				if round > 20 {
					t.Fatal("endless decisions")
				}
				continue
			}
			for _, e := range res.Events {
				if os.Getenv("WV_DEMO_DEBUG") != "" && strings.Contains(e.Text, os.Getenv("WV_DEMO_DEBUG")) {
					t.Logf("%s: %s: %s", st.Segment().Label, e.Kind, e.Text)
				}
				kinds[e.Kind]++
				switch {
				case e.Kind == "charge" && strings.Contains(e.Text, "(square)"):
					kinds["charge-square"]++
				case e.Kind == "order-delayed" && strings.Contains(e.Text, "no roll: one level down"):
					kinds["delay-countdown"]++
				case e.Kind == "order-delayed" && strings.Contains(e.Text, "beyond a radius"):
					kinds["delayed-by-distance"]++
				case e.Kind == "order-received" && strings.Contains(e.Text, "same hex, no roll"):
					kinds["received-at-once"]++
				case e.Kind == "order-ignored" && strings.Contains(e.Text, "on the Order Delivery Table"):
					kinds["ignored-on-roll"]++
				}
			}
			st = res.Next
			break
		}
	}
	return kinds, st
}

// TestDemoPlays: the demo plays through with every order accepted, and
// shows what DemoShows lists on most dice.
func TestDemoPlays(t *testing.T) {
	shown := map[string]int{}
	const runs = 6
	for i := range runs {
		kinds, _ := playDemo(t, fmt.Sprintf("demo %d", i))
		for _, k := range append(New().DemoShows(), "charge-square", "delay-countdown", "delayed-by-distance", "received-at-once", "ignored-on-roll") {
			if kinds[k] > 0 {
				shown[k]++
			} else {
				t.Logf("run %d: no %s", i, k)
			}
		}
		t.Logf("run %d: %v", i, kinds)
	}
	for _, k := range append(New().DemoShows(), "charge-square", "delay-countdown", "delayed-by-distance", "received-at-once", "ignored-on-roll") {
		if shown[k] < runs-1 {
			t.Errorf("%s shown in %d of %d runs", k, shown[k], runs)
		}
	}
}
