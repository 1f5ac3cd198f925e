package wintersvictory

import (
	"testing"

	"galloper/rules"
	"galloper/rules/rulestest"
	"galloper/rules/wintersvictory/wvtext"
)

// TestSamplesLegal: the dialect's example files are written in the
// Serpallen scenario's names, and each but the last (which names units
// out of reach at the start) is legal in some segment of the first turn,
// so the conformance suite's recorded game plays real orders.
func TestSamplesLegal(t *testing.T) {
	sys := New()
	st, err := sys.NewGame("serpallen", nil)
	if err != nil {
		t.Fatal(err)
	}
	legal := make([]bool, len(wvtext.Samples))
	for seg := 0; seg < stepsPerTurn; seg++ {
		for i, text := range wvtext.Samples {
			for _, side := range st.Segment().Sides {
				text := rulestest.Reenvelope(text, side, st.Segment().Turn)
				f, ps := rulestest.ParseOrders(sys, text)
				if len(ps) == 0 && f.Side == string(side) && len(sys.Validate(st, side, f)) == 0 {
					legal[i] = true
				}
			}
		}
		res, err := sys.Resolve(rules.Input{State: st, Dice: rules.NewSeededDice([]byte("samples")), Orders: nil})
		if err != nil || res.Next == nil {
			t.Fatalf("%s: %v %+v", st.Segment().Label, err, res.Pauses)
		}
		st = res.Next
	}
	for i, ok := range legal[:len(legal)-2] {
		if !ok {
			t.Errorf("sample %d is legal in no segment of the first turn", i)
		}
	}
}
