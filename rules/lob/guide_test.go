package lob

import (
	"testing"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/lob/lobtext"
)

// TestOrderExamplesValidate: the example orders mailed in a game's
// player's guide pass validation at the start of their scenario, for
// every scenario and side.
func TestOrderExamplesValidate(t *testing.T) {
	for _, name := range scenarioNames {
		st, err := System{}.NewGame(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, sd := range st.(*State).scn.Sides {
			body, err := System{}.OrderExamples(name, sd.Side)
			if err != nil {
				t.Errorf("%s %s: %v", name, sd.Side, err)
				continue
			}
			text := "GAME g\nSIDE " + string(sd.Side) + "\nTURN 1\nPASSWORD p\n" + body
			f, ps := orders.Parse(text, lobtext.Dialect)
			// At the side's own first player turn.
			at := st.(*State).clone()
			for at.side() != sd.Side {
				at.doc.Segment++
			}
			if len(ps) == 0 {
				ps = System{}.Validate(at, rules.Side(sd.Side), f)
			}
			if len(ps) > 0 {
				t.Errorf("%s %s example:\n%s\nproblems: %+v", name, sd.Side, body, ps)
			}
		}
	}
}
