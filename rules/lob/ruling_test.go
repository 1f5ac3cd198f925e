package lob

import (
	"errors"
	"strings"
	"testing"

	"galloper/rules"
)

func TestRule(t *testing.T) {
	st := newGame(t)
	st, _ = step(t, st, file("CSA", written(5, "ATTACK", "Harrow", "Whitcomb", "A8.10", "A6.10")), forced(3, 3))
	st = until(t, st, 4, "CSA")
	st, _ = step(t, st, nil, forced(4, 4)) // Whitcomb accepts CSA-1
	if o := findOrder(st, "CSA-1"); o.Status != Accepted {
		t.Skipf("CSA-1 is %s; the ruling needs it accepted", o.Status)
	}
	next, ev, err := New().(System).Rule(st, "CSA-1 futile the ford is held in strength")
	if err != nil {
		t.Fatal(err)
	}
	ns := next.(*State)
	if o := findOrder(ns, "CSA-1"); o.Status != Ended || !strings.Contains(o.Why, "the ford is held") {
		t.Errorf("CSA-1 after the ruling: %+v", o)
	}
	if !ns.cmdStatus("Whitcomb's Division").Recovering || ev.Kind != "ruling" || len(ev.Visible) != 1 {
		t.Errorf("status %+v, event %+v", ns.cmdStatus("Whitcomb's Division"), ev)
	}
	if o := findOrder(st, "CSA-1"); o.Status != Accepted {
		t.Error("the ruling changed the state it was given")
	}
	for bad, free := range map[string]bool{"CSA-9 fulfilled": false, "CSA-1": true, "CSA-1 maybe": true} {
		if _, _, err := New().(System).Rule(st, bad); err == nil || errors.Is(err, rules.ErrNotRuling) != free {
			t.Errorf("%q: %v, want free text %v", bad, err, free)
		}
	}
	next, _, err = New().(System).Rule(st, "CSA-1 note the flank march is within intent")
	if err != nil || findOrder(next.(*State), "CSA-1").Ruling != "the flank march is within intent" {
		t.Errorf("note: %v", err)
	}
}

func forced(results ...int) *rules.ForcedDice { return &rules.ForcedDice{Results: results} }
