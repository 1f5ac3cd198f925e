package lob

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/lob/lobtext"
)

const activityHead = "GAME g\nSIDE CSA\nTURN 1\n"

// activityProblems parses text and validates it for CSA on turn 1 of
// Tanner's Creek, returning "line:col code" for each problem.
func activityProblems(t *testing.T, text string) ([]string, []orders.Problem) {
	t.Helper()
	f, probs := lobtext.Parse(activityHead + text)
	if len(probs) != 0 {
		t.Fatalf("parse problems: %+v", probs)
	}
	ps := newGame(t).validate("CSA", f)
	var got []string
	for _, p := range ps {
		got = append(got, fmt.Sprintf("%02d:%02d %s", p.At.Line, p.At.Col, p.Code))
	}
	return got, ps
}

func TestValidateActivityClean(t *testing.T) {
	text := "STACK Whitcomb, Whitcomb's Division HQ\n  FACE NE\n  FORMATION column\nEND\n" +
		"STACK Ames'\n  FIRE A5.4 CANISTER\n  IF CLOSING FAILS FIRE A5.4\nEND\n" +
		"STACK Pryor\n  MOVE A3.3\n  JOIN Barton, Barton's Division HQ\n  CHARGE A4.3\n  IF CLOSING FAILS FIRE A4.3\nEND\n" +
		"STANDING\n  VOLLEY PREFER Ames, Pryor\n  LOSSES TOP\nEND\n"
	if got, ps := activityProblems(t, text); len(got) != 0 {
		t.Errorf("problems: %+v", ps)
	}
}

func TestValidateActivityProblems(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string
		msg        string
	}{
		{"unknown unit", "STACK Amse Brigade\n", []string{"04:07 lob-unknown-unit"}, "did you mean 'Ames' Brigade'?"},
		{"misspelt abbreviation", "STACK Amse\n", []string{"04:07 lob-unknown-unit"}, "did you mean 'Ames' Brigade'?"},
		{"nothing near", "STACK Zebulon\n", []string{"04:07 lob-unknown-unit"}, "no unit called"},
		{"ambiguous", "STACK L\n", []string{"04:07 lob-unknown-unit"}, "'Lytle's Brigade' or 'Lathrop's Brigade'"},
		{"enemy", "STACK Coyle's Brigade\n", []string{"04:07 lob-2.2-enemy-unit"}, "USA unit"},
		{"two hexes", "STACK Ames, Pryor\n", []string{"04:13 lob-3.0d-not-one-stack"}, "share one hex"},
		{"off map", "STACK Ames\n MOVE A40.3\n", []string{"05:07 lob-1.4a-off-map"}, "not a hex of this map"},
		{"gap", "STACK Ames\n MOVE A7.3\n", []string{"05:07 lob-3.0-path-gap"}, "not next to A4.3"},
		{"facing east", "STACK Ames\n FACE E\n", []string{"05:07 lob-3.3-facing"}, "no side to the E"},
		{"formation", "STACK Ames\n FORMATION colum\n", []string{"05:12 lob-3.1-formation"}, "not a formation"},
		{"split stranger", "STACK Barton, Barton's Division HQ\n SPLIT Ames\n", []string{"05:08 lob-3.0d-split-not-in-stack"}, "not in this stack"},
		{"split all", "STACK Ames\n SPLIT Ames\n", []string{"05:02 lob-3.0d-split-all"}, "no unit"},
		{"short retreat", "STACK Ames\n RETREAT A5.4\n", []string{"05:02 lob-3.0e-retreat-length"}, "must be 10 hexes"},
		{"fire off map", "STACK Ames\n FIRE Z1.1\n", []string{"05:07 lob-1.4a-off-map"}, "target Z1.1"},
		{"fire then move", "STACK Ames\n FIRE A5.4\n MOVE A5.4\n", []string{"06:02 lob-2.2-move-after-fire"}, "fire and then move"},
		{"fire twice", "STACK Ames\n FIRE A5.4\n FIRE A5.5\n", []string{"06:02 lob-2.2-one-fire"}, "fires once"},
		{"charge and fire", "STACK Ames\n CHARGE A5.4\n FIRE A5.4\n", []string{"06:02 lob-2.2-fire-and-charge"}, "IF CLOSING FAILS"},
		{"fire and charge", "STACK Ames\n FIRE A5.4\n CHARGE A5.4\n", []string{"06:02 lob-2.2-fire-and-charge"}, "cannot charge"},
		{"charge from afar", "STACK Ames\n CHARGE A7.3\n", []string{"05:09 lob-7.0b-charge-adjacent"}, "adjacent to its target"},
		{"move on from the charged hex", "STACK Ames\n CHARGE A5.4\n MOVE A7.3\n", []string{"06:07 lob-3.0-path-gap"}, "not next to A5.4"},
		{"twice", "STACK Ames\n FACE N\nSTACK Ames' Brigade\n FACE S\n", []string{"06:07 lob-3.0d-activated-twice"}, "line 4"},
		{"join member", "STACK Barton, Barton's Division HQ\n JOIN Barton\n", []string{"05:07 lob-3.0d-join-member"}, "already in this stack"},
		{"join elsewhere", "STACK Barton\n JOIN Ames\n", []string{"05:07 lob-3.0d-join-elsewhere"}, "is in A4.3, but the stack is in A3.3"},
		{"join twice", "STACK Ames\n FACE N\nSTACK Barton\n MOVE A4.3\n JOIN Ames\n", []string{"08:07 lob-3.0d-activated-twice"}, "line 4"},
		{"volley stranger", "STANDING\n VOLLEY PREFER Vance\n", []string{"05:16 lob-2.2-enemy-unit"}, "USA unit"},
	} {
		got, ps := activityProblems(t, tc.text)
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: got %v, want %v (%+v)", tc.name, got, tc.want, ps)
			continue
		}
		if text := ps[0].Message + " " + ps[0].Suggestion; !strings.Contains(text, tc.msg) || ps[0].Rule == "" || ps[0].Kind != orders.Illegal {
			t.Errorf("%s: %+v lacks %q", tc.name, ps[0], tc.msg)
		}
	}
}

// TestActivityWithWrittenOrder checks that activity blocks before a
// written order neither count as a second order (LoB 2.1b) nor stop the
// segment from being resolved.
func TestActivityWithWrittenOrder(t *testing.T) {
	text := activityHead + "STANDING\n LOSSES TOP\nEND\nSTACK Ames\n FACE N\nEND\n" +
		"ORDER MOVE from Harrow to Barton\n OBJECTIVE A5.5\n ROUTE A4.4, A5.5\nEND\n"
	f, probs := lobtext.Parse(text)
	if len(probs) != 0 {
		t.Fatal(probs)
	}
	st := newGame(t)
	if ps := st.validate("CSA", f); len(ps) != 0 {
		t.Fatalf("problems: %+v", ps)
	}
	_, evs := step(t, st, f, &rules.ForcedDice{Results: []int{6, 6}})
	if !strings.Contains(kinds(evs), "command-roll") {
		t.Errorf("the written order was not issued: %s", kinds(evs))
	}
	g, _ := lobtext.Parse(activityHead + "STACK Ames\n FACE N\nEND\n")
	if _, evs := step(t, newGame(t), g, &rules.ForcedDice{}); strings.Contains(kinds(evs), "command-roll") {
		t.Errorf("a file with only a script issued an order: %s", kinds(evs))
	}
}

func TestReceiptNotes(t *testing.T) {
	f, _ := lobtext.Parse(activityHead + "STACK ames, Barton\n SPLIT ames' brigade\nEND\nSTANDING\n VOLLEY PREFER Dab, Ames\nEND\n")
	got := System{}.ReceiptNotes(newGame(t), f)
	want := []string{ActivityNote, "Names read as: ames = Ames' Brigade; Dab = Dabney's Brigade; Ames = Ames' Brigade."}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	g, _ := lobtext.Parse(activityHead)
	if notes := (System{}).ReceiptNotes(newGame(t), g); notes != nil {
		t.Errorf("a file without scripts got notes %q", notes)
	}
}
