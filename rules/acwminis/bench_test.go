package acwminis

import (
	"fmt"
	"strings"
	"testing"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/rulestest"
)

// bigBattle stands 40 regiments a side in two lines 24" apart on a table
// 400" wide, each 7.5" wide with 2" between neighbours, and an order file
// that advances every USA regiment 3" and lets it shoot.
func bigBattle(b *testing.B) (*State, *orders.File) {
	r := rulestest.NewRun(b, harness{}, &rulestest.Case{ID: "bench", File: "bench"}).Hooks().(*caseRun)
	s := r.state()
	s.Table.Width = 400_000
	var lines []string
	for i := range 40 {
		x := 5 + float64(i)*9.5
		r.SetState(rulestest.Line{Text: fmt.Sprintf("add U%d at=%g,10", i, x)})
		r.SetState(rulestest.Line{Text: fmt.Sprintf("add C%d side=CSA at=%g,34 facing=180", i, x)})
		lines = append(lines, fmt.Sprintf("ADVANCE U%d: FORWARD 3", i))
	}
	sys := New()
	f, ps := rulestest.ParseOrders(sys, rulestest.Envelope("USA", 1)+strings.Join(lines, "\n")+"\n")
	if len(ps) > 0 {
		b.Fatal(ps)
	}
	if ps := sys.Validate(s, "USA", f); len(ps) > 0 {
		b.Fatal(ps)
	}
	return s, f
}

// BenchmarkHalfTurn resolves one side's half of a turn with 40 regiments
// a side: the Command Phase with 40 moves, then 40 shots with their saves
// and morale tests.
func BenchmarkHalfTurn(b *testing.B) {
	s, f := bigBattle(b)
	sys := New()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		res, err := sys.Resolve(rules.Input{State: s, Orders: map[rules.Side]*orders.File{"USA": f},
			Dice: rules.NewSeededDice(fmt.Appendf(nil, "bench %d", i))})
		if err != nil || res.Next == nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkValidate checks and dry-runs the 40 moves of the same file.
func BenchmarkValidate(b *testing.B) {
	s, f := bigBattle(b)
	sys := New()
	b.ResetTimer()
	for b.Loop() {
		if ps := sys.Validate(s, "USA", f); len(ps) > 0 {
			b.Fatal(ps)
		}
	}
}
