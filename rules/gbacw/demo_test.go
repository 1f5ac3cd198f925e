package gbacw

import (
	"fmt"
	"testing"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/rulestest"
)

// playDemo plays the demo as `galloper demo` does, on seeded dice: each
// side writes its orders from its own view, every decision takes its
// default. It returns every event.
func playDemo(t *testing.T, seed string) []rules.Event {
	t.Helper()
	sys := New()
	name, sides, n := sys.DemoScenario()
	st, err := sys.NewGame(name, nil)
	if err != nil {
		t.Fatal(err)
	}
	var all []rules.Event
	for i := 0; i < n && !st.Over(); i++ {
		files := map[rules.Side]*orders.File{}
		for _, side := range sides {
			body := sys.DemoOrders(sys.View(st, side), side)
			text := rulestest.Envelope(side, st.Segment().Turn) + body
			f, ps := rulestest.ParseOrders(sys, text)
			if len(ps) > 0 {
				t.Fatalf("%s: %s's demo orders do not parse: %+v\n%s", st.Segment().Label, side, ps, text)
			}
			if ps := sys.Validate(st, side, f); len(ps) > 0 {
				t.Fatalf("%s: %s's demo orders are refused: %+v\n%s", st.Segment().Label, side, ps, text)
			}
			files[side] = f
		}
		var decisions []rules.Decision
		for {
			res, err := sys.Resolve(rules.Input{State: st, Orders: files, Decisions: decisions, Dice: rules.NewSeededDice([]byte(fmt.Sprintf("%s %d", seed, i)))})
			if err != nil {
				t.Fatal(err)
			}
			if res.Paused() {
				for _, p := range res.Pauses {
					decisions = append(decisions, rules.Decision{Key: p.Key, Side: p.Side, Choice: p.Default})
				}
				continue
			}
			all = append(all, res.Events...)
			st = res.Next
			break
		}
	}
	return all
}

// The demo's story: every kind of event it promises happens. The dice of
// a demo by email come from the game's commitment, so the story is played
// here on five seeds and each kind must be shown in four of them at least
// (cmd/galloper's TestDemoSystems plays the real demo and needs all).
func TestDemoShows(t *testing.T) {
	shown := map[string]int{}
	for i := range 5 {
		seen := map[string]bool{}
		for _, e := range playDemo(t, fmt.Sprint("demo ", i)) {
			seen[e.Kind] = true
		}
		for k := range seen {
			shown[k]++
		}
	}
	for _, k := range New().DemoShows() {
		if shown[k] < 4 {
			t.Errorf("the demo shows %q in %d of 5 games, want 4 at least", k, shown[k])
		}
	}
	t.Logf("kinds shown, of 5 games: %v", shown)
}
