package acwminis

import (
	"fmt"
	"strings"
	"testing"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/acwminis/acwtext"
)

// TestTracesInTheDemo plays the demo scenario with the demo players'
// orders, the defaults taken for every decision: moves, retreats, fire
// and charges leave traces from where they began to where they ended on
// the table (rules.Trace), each naming the unit its event names, and the
// results map draws them.
func TestTracesInTheDemo(t *testing.T) {
	sys := New()
	name, _, segments := sys.DemoScenario()
	st, err := sys.NewGame(name, nil)
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for seg := 0; seg < segments && !st.Over(); seg++ {
		in := rules.Input{State: st, Orders: map[rules.Side]*orders.File{}}
		for _, side := range st.Segment().Sides {
			body := sys.DemoOrders(sys.View(st, side), side)
			f, probs := acwtext.Parse(fmt.Sprintf("GAME g\nSIDE %s\nTURN %d\n%s\n", side, st.Segment().Turn, body))
			if len(probs) > 0 {
				t.Fatalf("%s's orders: %v", side, probs)
			}
			in.Orders[side] = f
		}
		var res rules.Result
		for {
			in.Dice = rules.NewSeededDice([]byte(fmt.Sprint("traces", seg)))
			if res, err = sys.Resolve(in); err != nil {
				t.Fatal(err)
			}
			if !res.Paused() {
				break
			}
			for _, q := range res.Pauses {
				in.Decisions = append(in.Decisions, rules.Decision{Key: q.Key, Side: q.Side, Choice: q.Default})
			}
		}
		traced := 0
		for _, e := range res.Events {
			if e.Trace == nil {
				continue
			}
			tr := e.Trace
			kinds[tr.Kind]++
			traced++
			if len(tr.Points) != 2 || tr.Points[0] == tr.Points[1] || tr.Side == "" || !strings.Contains(e.Text, tr.Label) {
				t.Errorf("%s trace %+v on the event %q", tr.Kind, tr, e.Text)
			}
		}
		v := sys.View(res.Next, "")
		v.AddTraces(res.Events)
		if traced > 0 && len(v.Table.Traces) == 0 {
			t.Errorf("segment %d: the umpire's results table has no traces", seg)
		}
		st = res.Next
	}
	t.Logf("traces by kind: %v", kinds)
	for _, k := range []string{rules.TraceMove, rules.TraceFire} {
		if kinds[k] == 0 {
			t.Errorf("the demo left no %s trace (%v)", k, kinds)
		}
	}
}
