package lobtext

import (
	"fmt"
	"galloper/orders"
	"reflect"
	"strings"
	"testing"
)

func TestParseActivity(t *testing.T) {
	f, probs := Parse(activitySample)
	if len(probs) != 0 {
		t.Fatalf("problems: %+v", probs)
	}
	if len(f.Orders) != 5 {
		t.Fatalf("want 5 blocks, got %d", len(f.Orders))
	}
	s := f.Orders[0].(*Stack)
	want := &Stack{
		At:    orders.Pos{Line: 5, Col: 1},
		Units: []orders.Name{{At: orders.Pos{Line: 5, Col: 7}, Text: "1st Texas"}, {At: orders.Pos{Line: 5, Col: 18}, Text: "4th Texas"}},
		Steps: []Step{
			{At: orders.Pos{Line: 6, Col: 3}, Verb: "MOVE", Hexes: []HexRef{{orders.Pos{Line: 6, Col: 8}, "C12.8"}, {orders.Pos{Line: 6, Col: 14}, "C12.9"}, {orders.Pos{Line: 6, Col: 20}, "C13.9"}}},
			{At: orders.Pos{Line: 7, Col: 3}, Verb: "FACE", Word: "NE", WordAt: orders.Pos{Line: 7, Col: 8}},
			{At: orders.Pos{Line: 8, Col: 3}, Verb: "FORMATION", Word: "LINE", WordAt: orders.Pos{Line: 8, Col: 13}},
			{At: orders.Pos{Line: 9, Col: 3}, Verb: "FIRE", Hexes: []HexRef{{orders.Pos{Line: 9, Col: 8}, "C14.10"}}},
			{At: orders.Pos{Line: 10, Col: 3}, Verb: "FIRE", Hexes: []HexRef{{orders.Pos{Line: 10, Col: 25}, "C14.10"}}, IfClosingFails: true},
		},
	}
	if !reflect.DeepEqual(s, want) {
		t.Errorf("got  %+v\nwant %+v", s, want)
	}
	if st := f.Orders[1].(*Stack).Steps[2]; !st.Canister || st.Hexes[0].Hex != "C16.11" {
		t.Errorf("canister fire: %+v", st)
	}
	if st := f.Orders[2].(*Stack).Steps[0]; st.Verb != "SPLIT" || len(st.Units) != 1 || st.Units[0].Text != "3rd Arkansas" {
		t.Errorf("split: %+v", st)
	}
	if st := f.Orders[2].(*Stack).Steps[2]; st.Verb != "JOIN" || len(st.Units) != 2 || st.Units[1].Text != "Law" {
		t.Errorf("join: %+v", st)
	}
	if st := f.Orders[3].(*Stack).Steps[0]; st.Verb != "RETREAT" || len(st.Hexes) != 10 {
		t.Errorf("retreat: %+v", st)
	}
	std := f.Orders[4].(*orders.Standing)
	if len(std.Reactions) != 12 || std.Reactions[0].Units[1].Text != "1st Texas" ||
		len(std.Reactions[1].Choices) != 3 || std.Reactions[3].Choices[0].Text != "DISPLACE LEFT" ||
		std.Reactions[6].Kind != "ARTILLERY" || std.Reactions[11].Kind != "HQ" || std.Reactions[11].Choices[0].Text != "SAFEST" {
		t.Errorf("standing: %+v", std)
	}
	if got := Format(f); got != activitySample {
		t.Errorf("Format gave\n%s\nwant\n%s", got, activitySample)
	}
}

// TestParseActivityMessy checks the forgiving forms: chained steps on one
// line, commas in paths, lower case, long direction names, aliases of
// reactions, colons, no END, and the canonical form they come to.
func TestParseActivityMessy(t *testing.T) {
	in := head + "stack 1st Texas ,4th Texas\n" +
		"  move c12.08,c12.09  C13.9 face northeast formation open order\n" +
		"  if closing fails then fire c14.10 canister\n" +
		"Stack: Reilly\n\tunlimber face SE\n\tFire C16.11\n" +
		"standing\n  Opening Volley: best column\n  retreat: towards HQ , prefer roads\n" +
		"  Mounted Cavalry stand fast\n  open order withdrawal avoid EZOCs\n  friends pass\n" +
		"  artillery: extend to 12\n  facing toward enemy\n  endpoint clear LOS\n  leader towards HQ\n" +
		"  repl first unit\n  hq farthest from enemy\n"
	want := "GAME     g\nSIDE     CSA\nTURN     3\n\n" +
		"STACK 1st Texas, 4th Texas\n  MOVE C12.8 C12.9 C13.9\n  FACE NE\n  FORMATION OPEN ORDER\n" +
		"  IF CLOSING FAILS FIRE C14.10 CANISTER\nEND\n\n" +
		"STACK Reilly\n  UNLIMBER\n  FACE SE\n  FIRE C16.11\nEND\n\n" +
		"STANDING\n  VOLLEY    BEST\n  RETREAT   TOWARD HQ, ROADS\n  CAVALRY   STAND\n  WITHDRAW  AVOID EZOC\n  FRIENDS   PASS THROUGH\n" +
		"  ARTILLERY EXTEND\n  FACING    ENEMY\n  ENDPOINT  CLEAR\n  LEADERS   HQ\n  REPL      FIRST\n  HQ        SAFEST\nEND\n"
	f, probs := Parse(in)
	if len(probs) != 0 {
		t.Fatalf("problems: %+v", probs)
	}
	if got := Format(f); got != want {
		t.Errorf("Format gave\n%s\nwant\n%s", got, want)
	}
}

func TestParseActivityProblems(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		want       []string // "line:col code" of each problem
		text       string   // a piece of the first message
	}{
		{"bad hex", "STACK a\n MOVE C1.1 Cemetery C1.2\n", []string{"5:12 bad-hex"}, "'Cemetery' is not a hex id"},
		{"bad facing", "STACK a\n FACE up\n", []string{"5:7 bad-facing"}, "'up' is not a direction"},
		{"two facings", "STACK a\n FACE N NE\n", []string{"5:9 bad-step"}, "FACE takes one direction"},
		{"fire two hexes", "STACK a\n FIRE C1.1 C1.2\n", []string{"5:12 bad-step"}, "one target hex"},
		{"charge canister", "STACK a\n CHARGE C1.1 canister\n", []string{"5:14 bad-step"}, "one target hex"},
		{"empty move", "STACK a\n MOVE\n", []string{"5:2 empty-value"}, "MOVE names no hexes"},
		{"bad if", "STACK a\n IF CLOSING WORKS FIRE C1.1\n", []string{"5:2 bad-condition"}, "CLOSING FAILS"},
		{"if charge", "STACK a\n IF CLOSING FAILS CHARGE C1.1\n", []string{"5:2 bad-condition"}, "FIRE step"},
		{"misspelt step", "STACK a\n FIER C1.1\n MOVE C1.2\n", []string{"5:2 unknown-step"}, "did you mean 'FIRE'?"},
		{"unlimber args", "STACK a\n UNLIMBER now\n", []string{"5:11 bad-step"}, "UNLIMBER takes nothing"},
		{"empty unit", "STACK a,,b\n", []string{"4:9 empty-unit"}, "empty unit name"},
		{"twice", "STACK a, A\n", []string{"4:10 duplicate-unit"}, "named twice"},
		{"no units", "STACK\n", []string{"4:1 empty-value"}, "STACK names no units"},
		{"step outside", "FIRE C1.1\n", []string{"4:1 outside-stack"}, "outside a STACK block"},
		{"reaction outside", "LOSSES TOP\n", []string{"4:1 outside-standing"}, "outside a STANDING block"},
		{"bad choice", "STANDING\n LOSSES strongst\n", []string{"5:9 bad-choice"}, "did you mean 'STRONGEST'?"},
		{"two choices", "STANDING\n CAVALRY stand, withdraw\n", []string{"5:17 too-many-choices"}, "takes one choice"},
		{"reaction twice", "STANDING\n LOSSES TOP\n LOSSES SPREAD\n", []string{"6:2 duplicate-field"}, "already set on line 5"},
		{"misspelt reaction", "STANDING\n LOSES TOP\n", []string{"5:2 unknown-reaction"}, "did you mean 'LOSSES'?"},
		{"bad facing choice", "STANDING\n FACING rear\n", []string{"5:9 bad-choice"}, "FACING has no choice 'rear'"},
		{"two endpoints", "STANDING\n ENDPOINT clear, blocked\n", []string{"5:18 too-many-choices"}, "ENDPOINT takes one choice"},
		{"hq outside", "HQ SAFEST\n", []string{"4:1 outside-standing"}, "outside a STANDING block"},
		{"misspelt artillery", "STANDING\n ARTILERY EXTEND\n", []string{"5:2 unknown-reaction"}, "did you mean 'ARTILLERY'?"},
		{"two blocks", "STANDING\nEND\nSTANDING\nEND\n", []string{"6:1 duplicate-standing"}, "already a STANDING block"},
		{"standing text", "STANDING now\n", []string{"4:10 trailing-text"}, "STANDING takes nothing"},
		{"order open", "ORDER MOVE from a to b\nSTACK c\n", []string{"4:1 unterminated-order"}, "has no END"},
		{"attack without order", "ATTACK from a to b\n", []string{"4:1 unknown-keyword"}, "an order starts with ORDER"},
		{"move without order", "MOVE from a to b\n", []string{"4:1 unknown-keyword"}, "unknown keyword 'MOVE'"},
		{"receipt line number", "   12  STACK a\n", []string{"4:4 unknown-keyword"}, "unknown keyword '12'"},
	} {
		f, probs := Parse(head + tc.body)
		var got []string
		for _, p := range probs {
			got = append(got, posCode(p))
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: problems %v, want %v (%+v)", tc.name, got, tc.want, probs)
			continue
		}
		if !strings.Contains(probs[0].Message, tc.text) || probs[0].Suggestion == "" {
			t.Errorf("%s: message %q, suggestion %q", tc.name, probs[0].Message, probs[0].Suggestion)
		}
		if f == nil {
			t.Errorf("%s: nil file", tc.name)
		}
	}
}

func posCode(p orders.Problem) string { return fmt.Sprintf("%d:%d %s", p.At.Line, p.At.Col, p.Code) }

// TestParseRepeatedReceipt checks that a reply repeating Galloper's
// receipt, unquoted, above or below the new orders, is read for the new
// orders only.
func TestParseRepeatedReceipt(t *testing.T) {
	receipt := "Galloper received your orders for game g, side CSA, turn 2 (CSA).\n\n" +
		"Your orders, as Galloper understood them:\n\n   1  ORDER MOVE from Bragg to Polk\n   2    OBJECTIVE A1.1\n   3  END\n\n" +
		"Orders hash (SHA-256, part of this segment's dice seed): 00ff\n\nWaiting for: USA.\n"
	orders := head + "STACK a\n  FIRE C1.1\nEND\n"
	for name, text := range map[string]string{
		"above":       receipt + "\n" + orders,
		"below":       orders + "\nOn Tue, 3 Mar 2026 at 10:00, Galloper <g@example.org> wrote:\n" + receipt,
		"outlook":     orders + "\n________________________________\nFrom: Galloper\nSent: Tuesday\n" + receipt,
		"underscores": head + "STACK a\n  FIRE C1.1\n__________\nEND\n",
		"problems":    "Galloper could not accept your orders for game g, side CSA.\n1 problem found:\n\nline 4:1: x\n   4  GAME g\n" + orders,
	} {
		f, probs := Parse(text)
		if len(probs) != 0 || len(f.Orders) != 1 || f.Game != "g" {
			t.Errorf("%s: %d orders, problems %+v", name, len(f.Orders), probs)
		}
	}
}

// bigActivityFile returns an Activity Phase file of n stack scripts and a
// STANDING block, written as players do: mixed case, tabs, CRLF, smart
// quotes, chained steps, quoted reply text.
func bigActivityFile(n int) string {
	var b strings.Builder
	b.WriteString("> Galloper received your orders\r\n\r\ngame tanners-1\r\nSIDE CSA\r\nTURN 3\r\n\r\n")
	for i := range n {
		fmt.Fprintf(&b, "stack %dth Texas, Hood\u2019s Div %d\r\n", i, i)
		fmt.Fprintf(&b, "\tmove c%d.%02d, C%d.%d c%d.%d  face NE  formation line\r\n", i%40, i%30, i%40, i%30+1, i%40+1, i%30+1)
		fmt.Fprintf(&b, "\tIF closing fails fire C%d.%d canister\r\n", i%40+2, i%30+1)
		b.WriteString("\tSPLIT 3rd Arkansas\r\nEND\r\n")
	}
	b.WriteString("STANDING\r\n  Opening Volley: best column\r\n  retreat avoid EZOC, toward HQ, roads\r\n  LOSSES spread\r\nEND\r\n-- \r\nEd\r\n")
	return b.String()
}

func TestBigActivityFile(t *testing.T) {
	f, probs := Parse(bigActivityFile(50))
	if len(probs) != 0 || len(f.Orders) != 51 {
		t.Fatalf("%d blocks, problems %+v", len(f.Orders), probs)
	}
}

func BenchmarkParseActivity(b *testing.B) {
	text := bigActivityFile(4000)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		Parse(text)
	}
}

// A messy Activity Phase mail and the canonical form its receipt echoes.
func ExampleFormat_activity() {
	f, probs := Parse("game tanners-1\r\nside CSA\r\nturn 3\r\n" +
		"stack 1st Texas ,4th Texas\r\n\tmove c12.08,c12.09 face northeast formation line\r\n" +
		"\tif closing fails then fire c14.10\r\n" +
		"> Galloper received your orders for game tanners-1\r\n" +
		"standing\r\n  Opening Volley: best column\r\n  retreat: towards HQ, prefer roads\r\n")
	fmt.Println(len(probs), "problems")
	fmt.Print(Format(f))
	// Output:
	// 0 problems
	// GAME     tanners-1
	// SIDE     CSA
	// TURN     3
	//
	// STACK 1st Texas, 4th Texas
	//   MOVE C12.8 C12.9
	//   FACE NE
	//   FORMATION LINE
	//   IF CLOSING FAILS FIRE C14.10
	// END
	//
	// STANDING
	//   VOLLEY    BEST
	//   RETREAT   TOWARD HQ, ROADS
	// END
}
