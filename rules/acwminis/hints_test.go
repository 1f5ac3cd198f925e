package acwminis

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/acwminis/acwtext"
)

// hintOrders writes a side's orders from its hints and view alone, as a
// bot would: a unit charges the nearest enemy a charge may be declared at
// (one charger a target), else shoots at the nearest it may shoot at,
// else rallies when hit and its commander has not rallied another, else
// unlimbers, else goes forward as far as it may unless Shaken.
func hintOrders(h *rules.OrderHints) string {
	var lines []string
	charged, rallied := map[string]bool{}, map[string]bool{}
	for _, u := range h.Units {
		can := func(o string) bool { return slices.Contains(u.Orders, o) }
		switch {
		case can(acwtext.Charge) && slices.ContainsFunc(u.Charges, func(c rules.ReachHint) bool { return !charged[c.Unit] }):
			for _, c := range u.Charges {
				if !charged[c.Unit] {
					charged[c.Unit] = true
					lines = append(lines, fmt.Sprintf("CHARGE %s: %s", u.Unit, c.Unit))
					break
				}
			}
		case can(acwtext.Hold) && len(u.Targets) > 0:
			lines = append(lines, fmt.Sprintf("HOLD %s: FIRE %s", u.Unit, u.Targets[0].Unit))
		case can(acwtext.Rally) && u.State != "Steady" && !rallied[u.Rally]:
			rallied[u.Rally] = true
			lines = append(lines, "RALLY "+u.Unit)
		case can(acwtext.Advance) && slices.Contains(u.Steps, acwtext.Unlimber):
			lines = append(lines, fmt.Sprintf("ADVANCE %s: UNLIMBER", u.Unit))
		case can(acwtext.Advance) && u.State != "Shaken":
			lines = append(lines, fmt.Sprintf("ADVANCE %s: FORWARD MAX", u.Unit))
		}
	}
	return strings.Join(lines, "\n")
}

// TestOrderHints plays Willoughby Run to its end with every file written
// from the hints alone (hintOrders) on seeded dice, and checks at each
// half: only the side to move gets hints; each unit listed is its own and
// in play, and each unit left out is Disordered; every order listed is
// accepted alone in its plain form, and every formation; every charge
// target is accepted alone and every enemy left out refused; every fire
// target is one the Shooting Phase would shoot at, within the unit's
// Range; the objectives are the terrain; and no file written from the
// hints is refused.
func TestOrderHints(t *testing.T) {
	sys := New()
	st, err := sys.NewGame("willoughby-run", nil)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	var fired, charges, rallies, halves int
	for !s.Over() {
		side := sideOf(s)
		if other := s.Sides[1-s.Half]; sys.OrderHints(s, other) != nil {
			t.Fatalf("%s: %s gets hints out of its half", s.Segment().Label, other)
		}
		h := sys.OrderHints(s, side)
		checkHints(t, sys, s, h)
		body := hintOrders(h)
		text := fmt.Sprintf("GAME g\nSIDE %s\nTURN %d\n%s\n", side, s.Turn, body)
		f, ps := orders.Parse(text, acwtext.Dialect)
		if len(ps) == 0 {
			ps = sys.Validate(s, side, f)
		}
		if len(ps) > 0 {
			t.Fatalf("%s: the file written from the hints is refused: %v\n%s", s.Segment().Label, ps, text)
		}
		fired += strings.Count(body, "FIRE ")
		charges += strings.Count(body, "CHARGE ")
		rallies += strings.Count(body, "RALLY ")
		halves++
		var res rules.Result
		var ds []rules.Decision
		for {
			res, err = sys.Resolve(rules.Input{State: s, Orders: map[rules.Side]*orders.File{side: f}, Decisions: ds,
				Dice: rules.NewSeededDice([]byte(s.Segment().Label))})
			if err != nil {
				t.Fatal(err)
			}
			if !res.Paused() {
				break
			}
			for _, q := range res.Pauses {
				ds = append(ds, rules.Decision{Key: q.Key, Side: q.Side, Choice: q.Default})
			}
		}
		s = res.Next.(*State)
	}
	if fired == 0 || charges == 0 {
		t.Fatalf("%d halves with %d fire orders and %d charges: the hints gave too little to check", halves, fired, charges)
	}
	t.Logf("%d halves: %d FIRE, %d CHARGE, %d RALLY written from the hints", halves, fired, charges, rallies)
}

// checkHints checks one half's hints against Validate and the Shooting
// Phase.
func checkHints(t *testing.T, sys System, s *State, h *rules.OrderHints) {
	t.Helper()
	label := s.Segment().Label
	side := sideOf(s)
	if h == nil || len(h.Objectives) != len(s.Terrain) {
		t.Fatalf("%s: hints %+v", label, h)
	}
	listed := map[string]rules.UnitHint{}
	for _, uh := range h.Units {
		listed[uh.Unit] = uh
	}
	for _, c := range s.Commanders {
		ch, ok := listed[c.Name]
		if ok != (c.Side == side) {
			t.Errorf("%s: commander %s (%s) listed %v", label, c.Name, c.Side, ok)
			continue
		}
		if !ok {
			continue
		}
		if !slices.Equal(ch.Orders, []string{acwtext.Command}) || len(ch.Moves) != 1 || ch.Moves[0].Inches != 24 {
			t.Errorf("%s: commander %s's hint %+v", label, c.Name, ch)
		}
		for _, u := range s.Units {
			if u.Side == side && u.inPlay() && strings.EqualFold(u.Commander, c.Name) {
				if line := fmt.Sprintf("COMMANDER %s: TOWARD %s", c.Name, u.Name); !sys.acceptsAlone(s, line) {
					t.Errorf("%s: %q is refused", label, line)
				}
				break
			}
		}
	}
	sc := s.screen()
	r := &resolver{sys: sys, s: s}
	for i := range s.Units {
		u := &s.Units[i]
		uh, ok := listed[u.Name]
		if u.Side != side || !u.inPlay() {
			if ok {
				t.Errorf("%s: %s is listed but is not %s's in play", label, u.Name, side)
			}
			continue
		}
		if !ok {
			if sys.acceptsAlone(s, "HOLD "+u.Name) {
				t.Errorf("%s: %s is left out but may take an order", label, u.Name)
			}
			continue
		}
		for _, o := range uh.Orders {
			line := o + " " + u.Name
			switch o {
			case acwtext.Advance, acwtext.Run:
				if !sys.acceptsAlone(s, line+": FORWARD MAX") && !sys.acceptsAlone(s, line+": RETIRE MAX") {
					t.Errorf("%s: %s is open to %s but neither way is accepted", label, u.Name, o)
				}
				continue
			case acwtext.Charge:
				line += ": " + uh.Charges[0].Unit
			}
			if !sys.acceptsAlone(s, line) {
				t.Errorf("%s: %q is listed but refused", label, line)
			}
		}
		for _, f := range uh.Formations {
			if !sys.acceptsAlone(s, fmt.Sprintf("HOLD %s: REFORM %s", u.Name, f)) {
				t.Errorf("%s: %s may reform to %s, but that is refused", label, u.Name, f)
			}
		}
		for j := range s.Units {
			e := &s.Units[j]
			if e.Side == side || !e.inPlay() {
				continue
			}
			listedCharge := slices.ContainsFunc(uh.Charges, func(c rules.ReachHint) bool { return c.Unit == e.Name })
			if accepted := sys.acceptsAlone(s, fmt.Sprintf("CHARGE %s: %s", u.Name, e.Name)); accepted != listedCharge {
				t.Errorf("%s: CHARGE %s: %s accepted %v, listed %v", label, u.Name, e.Name, accepted, listedCharge)
			}
		}
		for _, tg := range uh.Targets {
			e := s.unit(tg.Unit)
			if _, ok := r.measure(u, e, sc); !ok || tg.Inches > uh.Range {
				t.Errorf("%s: %s's target %s at %.3f\" (range %.0f\") is not one it may shoot at", label, u.Name, tg.Unit, tg.Inches, uh.Range)
			}
		}
	}
}

// TestChargeHints sets 7th Tennessee (infantry in line, Run 9") facing
// 6th Wisconsin at gaps about its Run rate, and the 1st Tennessee with
// two disorder markers: a charge target is listed exactly when a CHARGE
// at it alone is accepted, near ones are and far ones are not, and the
// unit still Disordered after the Command Phase is left out (ruling A5).
func TestChargeHints(t *testing.T) {
	sys := New()
	listed := map[bool]int{}
	for _, gap := range []float64{0.5, 2, 5, 8.5, 9.5, 12, 20} {
		st, err := sys.NewGame("willoughby-run", nil)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		u, e := s.unit("7th Tennessee"), s.unit("6th Wisconsin")
		u.X, u.Y = e.X, e.Y+int64(gap*1000)
		s.unit("1st Tennessee").Markers = 2
		h := sys.OrderHints(s, "CSA")
		checkHints(t, sys, s, h)
		var uh *rules.UnitHint
		for i := range h.Units {
			if h.Units[i].Unit == "1st Tennessee" {
				t.Errorf("gap %.1f\": the Disordered 1st Tennessee is listed", gap)
			}
			if h.Units[i].Unit == u.Name {
				uh = &h.Units[i]
			}
		}
		if uh == nil {
			t.Fatalf("gap %.1f\": 7th Tennessee is not listed", gap)
		}
		ok := slices.ContainsFunc(uh.Charges, func(c rules.ReachHint) bool { return c.Unit == e.Name })
		listed[ok]++
		if ok != slices.Contains(uh.Orders, acwtext.Charge) && len(uh.Charges) == 1 {
			t.Errorf("gap %.1f\": CHARGE listed %v with charges %v", gap, slices.Contains(uh.Orders, acwtext.Charge), uh.Charges)
		}
	}
	if listed[true] == 0 || listed[false] == 0 {
		t.Fatalf("charge listed at %d gaps and not at %d: the check compared nothing", listed[true], listed[false])
	}
	t.Logf("6th Wisconsin listed as a charge target at %d gaps, not at %d", listed[true], listed[false])
}
