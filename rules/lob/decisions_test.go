package lob

import (
	"reflect"
	"testing"

	"galloper/orders"
	"galloper/rules"
)

// TestPauseResumeDeterministic resolves a CSA player turn whose Rally
// Phase needs a retreat path no standing reaction covers: the run pauses;
// run again with the same seed it asks the same question with the same
// events; with the answer it resolves, and its events begin with those of
// the paused run (same dice, same story up to the pause). See LoB 6.4.
func TestPauseResumeDeterministic(t *testing.T) {
	r := newCaseRun(t, "pause", "retreat.yaml")
	st := r.state()
	for _, at := range [][2]string{{"Hood's Division HQ", "A8.6"}, {"Hood", "A8.6"}, {"4 Ala", "A10.6"}, {"20 Ind", "A13.6"}} {
		st.setHex(st.piece(at[0]), at[1])
	}
	st.setMorale("A10.6", MoraleRouted)
	in := func(ds ...rules.Decision) rules.Input {
		return rules.Input{State: st, Orders: map[rules.Side]*orders.File{}, Decisions: ds,
			Dice: rules.NewSeededDice([]byte("pause and resume"))}
	}
	first, err := New().Resolve(in())
	if err != nil || len(first.Pauses) != 1 || first.Next != nil {
		t.Fatalf("want one pause and no next state, got pauses %v, next %v, err %v", first.Pauses, first.Next, err)
	}
	again, err := New().Resolve(in())
	if err != nil || !reflect.DeepEqual(again, first) {
		t.Fatalf("a second run differs: %+v, err %v\nfirst: %+v", again, err, first)
	}
	p := first.Pauses[0]
	if p.Side != "CSA" || p.Key != "retreat 4 Ala #1" || p.Default != p.Options[0] || len(p.Options) < 2 {
		t.Fatalf("request %+v", p)
	}
	last := p.Options[len(p.Options)-1]
	done, err := New().Resolve(in(rules.Decision{Key: p.Key, Side: p.Side, Choice: last}))
	if err != nil || done.Paused() || done.Next == nil {
		t.Fatalf("resume: pauses %v, err %v", done.Pauses, err)
	}
	n := len(first.Events)
	if len(done.Events) < n || !reflect.DeepEqual(done.Events[:n], first.Events) {
		t.Fatalf("the resumed run does not repeat the paused run's events:\n%s\nthen:\n%s", eventList(first.Events), eventList(done.Events))
	}
	if e := done.Events[n]; e.Kind != "decision" || e.Text != p.Question+": "+last+" (decided by CSA)" {
		t.Errorf("first new event %+v, want the decision", e)
	}
	end := lastWord(last)
	if got := done.Next.(*State).piece("4 Ala").Hex; got != end {
		t.Errorf("4 Ala ends in %s, want %s (%s)", got, end, last)
	}
}

// lastWord is the last hex of a path option "to X via ... X".
func lastWord(s string) string {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == ' ' {
			return s[i+1:]
		}
	}
	return s
}
