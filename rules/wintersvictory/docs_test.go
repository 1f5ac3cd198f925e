package wintersvictory

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"galloper/rules/rulestest"
)

// docNote marks an example of docs/orders-wintersvictory.md that this
// test checks at a segment of Serpallen.
var docNote = regexp.MustCompile(`TestDocExamples checks them at the (.+?) (?:segment )?of serpallen`)

// TestDocExamples validates the order examples of the player's guide at
// the segment each names: the command line's validator checks examples
// only at a scenario's first segment (the Interphase).
func TestDocExamples(t *testing.T) {
	raw, err := os.ReadFile("../../docs/orders-wintersvictory.md")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(raw), "\n")
	checked := 0
	for i, l := range lines {
		m := docNote.FindStringSubmatch(l)
		if m == nil || i+1 >= len(lines) || !strings.HasPrefix(lines[i+1], "```") {
			continue
		}
		var block []string
		for j := i + 2; j < len(lines) && !strings.HasPrefix(lines[j], "```"); j++ {
			block = append(block, lines[j])
		}
		sys := New()
		st, _ := sys.NewGame("serpallen", nil)
		s := st.(*State)
		s.Step = slices.Index(stepNames[:], m[1])
		if s.Step < 0 {
			t.Fatalf("line %d: no segment %q", i+1, m[1])
		}
		if strings.Contains(l, "d'Hautpoul Mobilized") {
			s.leader("d'Hautpoul").State = Mobilized
		}
		text := strings.Join(block, "\n") + "\n"
		f, ps := rulestest.ParseOrders(sys, text)
		if len(ps) == 0 {
			text = rulestest.Reenvelope(text, SideFrench, s.Turn)
			f, ps = rulestest.ParseOrders(sys, text)
		}
		if len(ps) == 0 {
			ps = sys.Validate(s, SideFrench, f)
		}
		if len(ps) > 0 {
			t.Errorf("line %d: the example is refused at %s: %+v", i+1, m[1], ps)
		}
		checked++
	}
	if checked < 3 {
		t.Fatalf("only %d examples checked", checked)
	}
}
