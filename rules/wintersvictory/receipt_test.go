package wintersvictory

import (
	"strings"
	"testing"

	"galloper/rules/rulestest"
)

// TestReceiptNotes: a receipt says what each accepted order will do if
// nothing else happens first, without rolling: an order's delivery and a
// move's end and cost.
func TestReceiptNotes(t *testing.T) {
	sys := New()
	st, _ := sys.NewGame("serpallen", nil)
	s := st.(*State)
	s.Step = stepFrenchCommand
	f, ps := rulestest.ParseOrders(sys, rulestest.Envelope(SideFrench, s.Turn)+
		"ORDER Napoleon TO Desjardins: OBJECTIVE 1410\nORDER Napoleon TO Davout: OBJECTIVE 1407\nORDER Desjardins TO Lefranc: OBJECTIVE 1412\n")
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	notes := strings.Join(sys.ReceiptNotes(s, f), "\n")
	for _, want := range []string{
		"ORDER Napoleon to Desjardins (same hex): received at once",
		"ORDER Napoleon to Davout (4 hexes, within his radius of 10): a roll on the Order Delivery Table",
		"ORDER Desjardins to Lefranc (15 hexes, beyond his radius of 5): Delay 2, no roll",
	} {
		if !strings.Contains(notes, want) {
			t.Errorf("the receipt does not say %q:\n%s", want, notes)
		}
	}
	s.Step = stepFrenchMove
	f, _ = rulestest.ParseOrders(sys, rulestest.Envelope(SideFrench, s.Turn)+"MOVE 1/33 Ligne: 0903 1003\n")
	if notes := sys.ReceiptNotes(s, f); len(notes) != 1 || !strings.Contains(notes[0], "1/33 Ligne moves 0803 to 1003 facing E (2 of 5 MP)") {
		t.Errorf("move notes %q", notes)
	}
	if len(s.Units) != 24 || s.unit("1/33 Ligne").Hex != "0803" {
		t.Error("the dry run changed the state")
	}
}
