package lob_test

import (
	"slices"
	"testing"

	"galloper/rules"
	"galloper/rules/hex"
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
	targets, reached := 0, 0
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
			reached += checkReach(t, seg.Label, sys, v, hs.Stacks)
			for _, o := range hs.Objectives {
				if o.Name == "" || o.At == "" {
					t.Errorf("%s: objective %+v", seg.Label, o)
				}
			}
		}
	}
	if targets == 0 || reached == 0 {
		t.Fatalf("%d fire targets and %d reachable hexes in %d states: the check compared nothing", targets, reached, len(states))
	}
	t.Logf("%d states, %d fire targets and %d reachable hexes listed", len(states), targets, reached)
}

// checkReach checks the stacks' reachable hexes against the side's view:
// each is a hex of the map other than the stack's own, held by no enemy
// unit the view shows, listed once, and next to the stack's hex or to
// another of its reachable hexes (a path runs through them); a stack next
// to an enemy unit the view shows reaches none. It returns how many it
// checked.
func checkReach(t *testing.T, label string, sys rules.System, v rules.View, stacks []rules.StackHint) int {
	t.Helper()
	enemy := map[string]bool{}
	for _, u := range v.Map.Units {
		if u.Side != v.Side && (u.Kind == "infantry" || u.Kind == "cavalry" || u.Kind == "artillery") {
			enemy[u.Hex] = true
		}
	}
	hexes := map[string]rules.HexView{}
	for _, h := range v.Map.Hexes {
		hexes[h.ID] = h
	}
	n := 0
	for _, st := range stacks {
		seen := map[string]bool{}
		for _, h := range st.Reach {
			n++
			if _, ok := hexes[h]; !ok || h == st.At || enemy[h] || seen[h] {
				t.Errorf("%s: stack at %s reaches %s: off the map, its own hex, held by a shown enemy or listed twice", label, st.At, h)
			}
			seen[h] = true
		}
		for _, h := range st.Reach {
			if !slices.ContainsFunc(append([]string{st.At}, st.Reach...), func(o string) bool { return hexDistance(v, o, h) == 1 }) {
				t.Errorf("%s: stack at %s reaches %s, next to none of its other hexes", label, st.At, h)
			}
		}
		for h := range enemy {
			if hexDistance(v, st.At, h) == 1 && len(st.Reach) > 0 {
				t.Errorf("%s: stack at %s is next to an enemy unit at %s but reaches %v", label, st.At, h, st.Reach)
			}
		}
	}
	return n
}

// hexDistance is the distance between two hexes of the view's map.
func hexDistance(v rules.View, a, b string) int {
	at := func(id string) hex.Axial {
		for _, h := range v.Map.Hexes {
			if h.ID == id {
				return v.Map.Layout.ToAxial(hex.Offset{Col: h.Col, Row: h.Row})
			}
		}
		return hex.Axial{Q: -1 << 20}
	}
	return hex.Distance(at(a), at(b))
}
