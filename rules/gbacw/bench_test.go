package gbacw

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/rulestest"
)

// benchTurn is the benchmark's position, turn 1 of testdata/bench.yaml
// (80 units a side, five hexes apart), and each side's order file: every
// unit advances on the enemy across from it, fires and shocks; the
// doctrine puts every reaction point in play (R1-R13) without a decision.
func benchTurn(tb testing.TB) (*State, map[rules.Side]*orders.File) {
	data, err := os.ReadFile("testdata/bench.yaml")
	if err != nil {
		tb.Fatal(err)
	}
	sc, err := LoadScenario("bench", data)
	if err != nil {
		tb.Fatal(err)
	}
	s := sc.start.clone()
	s.Phase = PhaseOrders
	for i := range s.Sides {
		s.Sides[i].EMs = map[string]int{}
		for _, c := range s.Corps {
			if c.Side == s.Sides[i].Side {
				s.Sides[i].EMs[c.ID] = 3
			}
		}
	}
	sys := New()
	files := map[rules.Side]*orders.File{}
	for _, ss := range s.Sides {
		var b strings.Builder
		b.WriteString(rulestest.Envelope(ss.Side, 1))
		for i := range s.Units {
			u := &s.Units[i]
			if u.Side != ss.Side {
				continue
			}
			if u.Kind == "artillery" {
				fmt.Fprintf(&b, "UNIT %s: FIRE\n", u.Name)
				continue
			}
			o := s.m.ToOffset(s.axial(u.Hex))
			col := 31 - o.Col
			fmt.Fprintf(&b, "UNIT %s: IF DISORDERED AND NOT ADJACENT RALLY; IF ADJACENT FIRE THEN SHOCK; TOWARD %02d%02d THEN FIRE THEN CHARGE\n", u.Name, col, o.Row)
		}
		b.WriteString("STANDING\nREACTION FACING FACE\nREACTION MOVE RETIRE\nRETURN FIRE FULL\nWITHDRAWAL FIRE ALWAYS\nAPPROACH FIRE ALWAYS\n" +
			"RETREAT BEFORE SHOCK IF OUTNUMBERED\nCOUNTERCHARGE ALWAYS\nPRE-SHOCK FIRE ALWAYS\nRETREAT PATH TOWARD FRIENDS\n" +
			"CONTINUED SHOCK ALWAYS\nADVANCE AFTER SHOCK ALWAYS\nADVANCE AFTER FIRE NEVER\nEND\n")
		f, ps := rulestest.ParseOrders(sys, b.String())
		if len(ps) > 0 {
			tb.Fatalf("%s: %+v", ss.Side, ps)
		}
		if ps := sys.Validate(s, ss.Side, f); len(ps) > 0 {
			tb.Fatalf("%s: %+v", ss.Side, ps)
		}
		files[ss.Side] = f
	}
	return s, files
}

// BenchmarkTurn resolves a whole Game-Turn of 80 units a side: Efficiency,
// the AM Pool drawn empty, every brigade's activations with fire, shock
// and the enemy's reactions, and the end of the turn.
func BenchmarkTurn(b *testing.B) {
	s, files := benchTurn(b)
	sys := New()
	events := 0
	b.ReportAllocs()
	for b.Loop() {
		res, err := sys.Resolve(rules.Input{State: s, Orders: files, Dice: rules.NewSeededDice([]byte("bench"))})
		if err != nil || res.Paused() {
			b.Fatalf("%v %+v", err, res.Pauses)
		}
		events = len(res.Events)
	}
	b.ReportMetric(float64(events), "events/turn")
}

// The benchmark's turn is a real battle: fire, shock and reactions.
func TestBenchTurnFights(t *testing.T) {
	s, files := benchTurn(t)
	res, err := New().Resolve(rules.Input{State: s, Orders: files, Dice: rules.NewSeededDice([]byte("bench"))})
	if err != nil || res.Paused() {
		t.Fatalf("%v %+v", err, res.Pauses)
	}
	kinds := map[string]int{}
	for _, e := range res.Events {
		kinds[e.Kind]++
	}
	for _, k := range []string{"am-drawn", "move", "fire", "shock-result", "reaction", "retreat"} {
		if kinds[k] == 0 {
			t.Errorf("no %s event in the benchmark's turn: %v", k, kinds)
		}
	}
	t.Logf("%d events: %v", len(res.Events), kinds)
}
