package adjudicator

import (
	"strings"
	"testing"

	"galloper/rules/lob"
)

// TestWrongTurnHidesNothing checks that a wrong TURN line comes back with
// every other problem of the file, the envelope's and the body's, in one
// reply.
func TestWrongTurnHidesNothing(t *testing.T) {
	st, err := lob.New().NewGame("tanners-creek", nil)
	if err != nil {
		t.Fatal(err)
	}
	body := "STACK Ames\n  MOVE A40.40\nEND\nSTACK Nobody\n  FACE NE\nEND\nSTANDNG\n"
	for _, c := range []struct{ turn, want string }{
		{"TURN x", "TURN \"x\" is not a turn number"},
		{"TURN 7", "these orders are for turn 7"},
	} {
		text := "GAME g\nGAME h\nSIDE CSA\n" + c.turn + "\n\n" + body
		reply, ok, err := CheckOrders(lob.New(), st, "g", "CSA", text, nil)
		if err != nil || ok {
			t.Fatalf("%s: ok %v, err %v", c.turn, ok, err)
		}
		if strings.Contains(reply, "lob-wrong-turn") {
			t.Errorf("%s: the turn is reported twice:\n%s", c.turn, reply)
		}
		for _, want := range []string{c.want, "GAME appears twice", "unknown keyword 'STANDNG'", "A40.40 is not a hex of this map", "no unit called \"Nobody\""} {
			if !strings.Contains(reply, want) {
				t.Errorf("%s: reply lacks %q:\n%s", c.turn, want, reply)
			}
		}
	}
}
