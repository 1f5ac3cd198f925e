package lob_test

import (
	"slices"
	"testing"

	"galloper/rules"
	"galloper/rules/lob"
	"galloper/rules/rulestest"
)

// TestOrderHints checks Line of Battle's hints over every state of a
// recorded game and the start of every scenario: only the side whose Player Turn it is gets them; its
// Commands are its own and an order goes only to a Command of the side;
// every stack is the side's own; every fire target is an enemy unit the
// side's view shows, within the stack's reach; and the objectives are the
// map's places.
func TestOrderHints(t *testing.T) {
	sys := lob.New()
	rec, err := rulestest.Record(sys, 12)
	if err != nil {
		t.Fatal(err)
	}
	states, err := rec.States(sys)
	if err != nil {
		t.Fatal(err)
	}
	// The start of every scenario too: in some the armies already face
	// each other.
	for _, name := range sys.Scenarios() {
		s, err := sys.NewGame(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		states = append(states, s)
	}
	h := sys.(rules.OrderHinter)
	targets := 0
	for _, s := range states {
		if s.Over() {
			continue
		}
		seg := s.Segment()
		for _, side := range []rules.Side{"CSA", "USA"} {
			hs := h.OrderHints(s, side)
			if !slices.Contains(seg.Sides, side) {
				if hs != nil {
					t.Errorf("%s: %s gets hints out of its turn", seg.Label, side)
				}
				continue
			}
			if hs == nil || len(hs.Commands) == 0 || len(hs.Stacks) == 0 || len(hs.Objectives) == 0 {
				t.Fatalf("%s: %s's hints are missing parts: %+v", seg.Label, side, hs)
			}
			v := sys.View(s, side)
			units := map[string]rules.UnitView{}
			for _, u := range v.Map.Units {
				units[u.Name] = u
			}
			names := map[string]bool{}
			for _, c := range hs.Commands {
				names[c.Name] = true
			}
			for _, c := range hs.Commands {
				for _, to := range c.To {
					if !names[to] {
						t.Errorf("%s: %s's order may go to %q, not a Command of %s", seg.Label, c.Name, to, side)
					}
				}
			}
			for _, st := range hs.Stacks {
				for _, n := range st.Units {
					if u, ok := units[n]; !ok || u.Side != side || u.Hex != st.At {
						t.Errorf("%s: stack at %s lists %q, which %s's view does not show there as its own", seg.Label, st.At, n, side)
					}
				}
				for _, tg := range st.Targets {
					targets++
					if u, ok := units[tg.Unit]; !ok || u.Side == side || u.Hex != tg.At {
						t.Errorf("%s: %s's target %q at %s is not an enemy unit its view shows there", seg.Label, side, tg.Unit, tg.At)
					}
					if tg.Distance > st.Range {
						t.Errorf("%s: target %q at %d hexes, beyond the stack's reach of %d", seg.Label, tg.Unit, tg.Distance, st.Range)
					}
				}
			}
			for _, o := range hs.Objectives {
				if o.Name == "" || o.At == "" {
					t.Errorf("%s: objective %+v", seg.Label, o)
				}
			}
		}
	}
	if targets == 0 {
		t.Fatalf("no fire target in %d states: the check compared nothing", len(states))
	}
	t.Logf("%d states, %d fire targets listed", len(states), targets)
}
