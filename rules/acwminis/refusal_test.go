package acwminis

import (
	"strings"
	"testing"

	"galloper/rules"
	"galloper/rules/rulestest"
)

// caseState builds a position as the cases do, from STATE lines.
func caseState(t *testing.T, lines ...string) *State {
	t.Helper()
	r := rulestest.NewRun(t, harness{}, &rulestest.Case{ID: t.Name(), File: t.Name()}).Hooks().(*caseRun)
	for _, l := range lines {
		r.SetState(rulestest.Line{Text: l})
	}
	return r.state()
}

// validate parses and validates a USA order body.
func validate(t *testing.T, s *State, body string) ([]string, []string) {
	t.Helper()
	sys := New()
	f, ps := rulestest.ParseOrders(sys, rulestest.Envelope(rules.Side("USA"), s.Turn)+body+"\n")
	if len(ps) != 0 {
		t.Fatalf("parse: %+v", ps)
	}
	var got []string
	for _, p := range sys.Validate(s, "USA", f) {
		got = append(got, p.Message+" | "+p.Suggestion)
	}
	return got, sys.ReceiptNotes(s, f)
}

// TestRefusalsGiveReasonAndLargestLegal checks that every refused move
// names its reason with the numbers that decided it, and the largest
// legal alternative.
func TestRefusalsGiveReasonAndLargestLegal(t *testing.T) {
	for _, c := range []struct {
		state []string
		order string
		want  string
	}{
		{[]string{"add A at=36,10"}, "ADVANCE A: FORWARD 6.001",
			`A: FORWARD 6.001: 6.001" is more than the 6" left of its 6" | largest legal: FORWARD 6`},
		{[]string{"add A at=36,10"}, "ADVANCE A: WHEEL RIGHT 46",
			`A: WHEEL RIGHT 46: the swinging corner travels 6.022", more than the 6" left of its 6" | largest legal: WHEEL RIGHT 45.8`},
		{[]string{"add A at=36,13.001", "add R side=CSA at=36,20 facing=180"}, "ADVANCE A: FORWARD 6",
			`A: FORWARD 6: it stops after 5.999": it would come within 1" of R (gap 1.000") | largest legal: FORWARD 5.999`},
		{[]string{"add A at=62,25"}, "ADVANCE A: FORWARD 6",
			`A: FORWARD 6: it stops after 5": it would pass into Farm | largest legal: FORWARD 5`},
		{[]string{"add A at=36,10"}, "ADVANCE A: TO 40,12",
			`A: TO 40,12: the way there, bearing 63.4°, is 63.4° off its front (heading 0.0°); the most is 45° | largest legal: WHEEL RIGHT 63.4 first`},
		{[]string{`add A at=36,10 formation="March Column"`, "add C at=36,4"}, "ADVANCE C: FORWARD 6",
			`C: FORWARD 6: it stops after 1": it would run into A | largest legal: FORWARD 1`},
		{[]string{"add A at=36,10 hits=16", "add R side=CSA at=36,30 facing=180"}, "ADVANCE A: FORWARD 2",
			`A is Shaken and may not move towards the enemy: FORWARD 2 would close from 20" to 18" | `},
	} {
		got, _ := validate(t, caseState(t, c.state...), c.order)
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.order, got, c.want)
		}
	}
}

// TestDryRunInReceipt checks the receipt's dry run: where each unit will
// end if nothing else happens, and the allowance used.
func TestDryRunInReceipt(t *testing.T) {
	s := caseState(t, "add A at=36,10", "add B at=46,10 hits=8")
	got, notes := validate(t, s, "ADVANCE A: WHEEL RIGHT 45; FORWARD 0.109\nRUN B: FORWARD MAX")
	if len(got) != 0 {
		t.Fatal(got)
	}
	want := []string{
		`ADVANCE A: WHEEL RIGHT 45 (5.891"), FORWARD 0.109 (0.109"); ends at (37.175", 12.729") facing 45.0° in line, 6" of 6" used`,
		`RUN B: FORWARD MAX (9"); ends at (46.000", 19.000") facing 0.0° in line, 9" of 9" used (if it passes its RUN order test)`,
	}
	if strings.Join(notes, "\n") != strings.Join(want, "\n") {
		t.Errorf("notes:\n%s\nwant:\n%s", strings.Join(notes, "\n"), strings.Join(want, "\n"))
	}
	// The dry run changes nothing.
	if s.unit("A").X != 36000 || s.unit("B").Y != 10000 {
		t.Error("the dry run moved a unit")
	}
}

// TestChargeDryRun checks the receipt's note for a charge: the face, the
// frontage that decided it, the path against the Run rate and the pose
// in contact.
func TestChargeDryRun(t *testing.T) {
	s := caseState(t, "add A at=36,10", "add R side=CSA at=36,16 facing=180")
	got, notes := validate(t, s, "CHARGE A: R")
	if len(got) != 0 {
		t.Fatal(got)
	}
	want := `CHARGE A at R: contact R's front (11/11 of its frontage in that quarter), path 6" of its 9" Run rate, from 6" away; ends at (36.000", 16.000") facing 0.0° (if its charge test gives Charge!)`
	if len(notes) != 1 || notes[0] != want {
		t.Errorf("notes %q\nwant %q", notes, want)
	}
}
