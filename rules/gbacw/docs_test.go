package gbacw

import (
	"os"
	"strings"
	"testing"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/rulestest"
)

// turnOne is Bristoe Ford at its first turn, after the first EM draw.
func turnOne(t *testing.T) *State {
	t.Helper()
	sys := New()
	st, err := sys.NewGame("bristoe-ford", nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := sys.Resolve(rules.Input{State: st, Orders: map[rules.Side]*orders.File{}, Dice: rules.NewSeededDice([]byte("turn one"))})
	if err != nil {
		t.Fatal(err)
	}
	return res.Next.(*State)
}

// Every order file in docs/orders-gbacw.md is valid on turn 1 of Bristoe
// Ford (the doctrine-only example also before it).
func TestOrdersDocExamples(t *testing.T) {
	data, err := os.ReadFile("../../docs/orders-gbacw.md")
	if err != nil {
		t.Fatal(err)
	}
	sys := New()
	st := turnOne(t)
	n := 0
	for _, block := range strings.Split(string(data), "```\n")[1:] {
		if !strings.HasPrefix(block, "GAME ") {
			continue
		}
		side := "USA"
		if strings.Contains(block, "SIDE CSA") {
			side = "CSA"
		}
		f, ps := rulestest.ParseOrders(sys, block)
		if len(ps) > 0 {
			t.Fatalf("does not parse: %+v\n%s", ps, block)
		}
		if ps := sys.Validate(st, rules.Side(side), f); len(ps) > 0 {
			t.Errorf("refused: %+v\n%s", ps, block)
		}
		n++
	}
	if n < 3 {
		t.Fatalf("only %d examples found", n)
	}
}
