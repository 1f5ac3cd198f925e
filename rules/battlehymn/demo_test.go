package battlehymn

import (
	"fmt"
	"testing"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/battlehymn/bhtext"
)

// playDemo plays the demo as `galloper demo` does, without mail: each
// side's orders from its view, seeded dice, every decision its default.
// It returns the events by kind and the refusals.
func playDemo(t testing.TB, seed int) (map[string]int, []string, []rules.Event) {
	sys := New()
	scen, sides, segs := sys.DemoScenario()
	st, err := sys.NewGame(scen, nil)
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	var refused []string
	var all []rules.Event
	for i := 0; i < segs && !st.Over(); i++ {
		files := map[rules.Side]*orders.File{}
		for _, side := range sides {
			body := sys.DemoOrders(sys.View(st, side), side)
			f, ps := bhtext.Parse(fmt.Sprintf("GAME demo\nSIDE %s\nTURN %d\n%s", side, st.Segment().Turn, body))
			ps = append(ps, sys.Validate(st, side, f)...)
			for _, p := range ps {
				refused = append(refused, fmt.Sprintf("%s hour %d: %s %s", side, st.Segment().Turn, p.Code, p.Message))
			}
			files[side] = f
		}
		in := rules.Input{State: st, Orders: files}
		var res rules.Result
		for {
			in.Dice = rules.NewSeededDice([]byte(fmt.Sprintf("demo %d %d", seed, i)))
			if res, err = sys.Resolve(in); err != nil {
				t.Fatal(err)
			}
			if !res.Paused() {
				break
			}
			for _, p := range res.Pauses {
				kinds["pause"]++
				in.Decisions = append(in.Decisions, rules.Decision{Key: p.Key, Side: p.Side, Choice: p.Default})
			}
		}
		for _, e := range res.Events {
			kinds[e.Kind]++
		}
		all = append(all, res.Events...)
		st = res.Next
	}
	return kinds, refused, all
}

// TestDemo checks that the demo's orders are never refused and that, on
// the dice of most seeds, it shows everything DemoShows promises.
func TestDemo(t *testing.T) {
	const seeds = 20
	full := 0
	missing := map[string]int{}
	for seed := 1; seed <= seeds; seed++ {
		kinds, refused, _ := playDemo(t, seed)
		if len(refused) > 0 {
			t.Fatalf("seed %d: refused: %v", seed, refused)
		}
		ok := true
		for _, k := range New().DemoShows() {
			if kinds[k] == 0 {
				missing[k]++
				ok = false
			}
		}
		if ok {
			full++
		}
	}
	t.Logf("%d of %d seeds show everything; missing: %v", full, seeds, missing)
	if full < seeds*3/4 {
		t.Errorf("only %d of %d seeds show everything DemoShows lists (missing %v)", full, seeds, missing)
	}
}

// TestTraces checks that moves, fire and retreats leave their traces on
// the results map: each from the unit's hex, of two hexes or more.
func TestTraces(t *testing.T) {
	_, _, evs := playDemo(t, 1)
	kinds := map[string]int{}
	for _, e := range evs {
		if e.Trace == nil {
			continue
		}
		if len(e.Trace.Hexes) < 2 || e.Trace.Label == "" {
			t.Errorf("%s: trace %+v", e.Text, *e.Trace)
		}
		kinds[e.Trace.Kind]++
	}
	for _, k := range []string{"move", "fire", "retreat"} {
		if kinds[k] == 0 {
			t.Errorf("no %s trace in the demo (%v)", k, kinds)
		}
	}
}
