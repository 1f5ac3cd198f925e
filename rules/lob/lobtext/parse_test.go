package lobtext

import (
	"fmt"
	"galloper/orders"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// head is a valid header for tests that are about orders.
const head = "GAME g\nSIDE CSA\nTURN 3\n"

func TestParseSample(t *testing.T) {
	f, probs := Parse(sample)
	if len(probs) != 0 {
		t.Fatalf("problems: %+v", probs)
	}
	want := &orders.File{
		Game: "tanners-1", Side: "CSA", Turn: "3", Password: "tulip-47", Salt: "rebel yell",
		Header: map[string]orders.Pos{"GAME": {Line: 1, Col: 1}, "SIDE": {Line: 2, Col: 1}, "TURN": {Line: 3, Col: 1}, "PASSWORD": {Line: 4, Col: 1}, "SALT": {Line: 5, Col: 1}},
		Orders: []orders.Order{
			&Written{
				At: orders.Pos{Line: 7, Col: 1}, Type: "MOVE", From: "Bragg", FromAt: orders.Pos{Line: 7, Col: 17}, To: "Hardee", ToAt: orders.Pos{Line: 7, Col: 26},
				Objective: &Place{At: orders.Pos{Line: 8, Col: 13}, Hex: "A12.8"},
				Route:     []Place{{At: orders.Pos{Line: 9, Col: 13}, Name: "Mill Road"}, {At: orders.Pos{Line: 9, Col: 24}, Hex: "A10.7"}, {At: orders.Pos{Line: 9, Col: 31}, Hex: "A12.8"}},
				Condition: "First Light", ConditionAt: orders.Pos{Line: 10, Col: 13},
				For:    []Instruction{{At: orders.Pos{Line: 11, Col: 3}, Unit: "Cleburne", Text: "lead the column, guns behind"}},
				Intent: "Seize the ford before the Yankees do.",
			},
			&Written{
				At: orders.Pos{Line: 15, Col: 1}, Type: "ATTACK", From: "Hardee", FromAt: orders.Pos{Line: 15, Col: 19}, To: "Hood's Div", ToAt: orders.Pos{Line: 15, Col: 29},
				Objective: &Place{At: orders.Pos{Line: 16, Col: 13}, Name: "Pitzer's Schoolhouse"},
				Intent:    "Roll up their left.\nThen hold the ridge.",
			},
		},
	}
	if !reflect.DeepEqual(f, want) {
		t.Errorf("got  %s\nwant %s", dump(f), dump(want))
	}
}

// dump shows a file with its orders spelled out, for failure messages.
func dump(f *orders.File) string {
	s := fmt.Sprintf("%+v", *f)
	for _, o := range f.Orders {
		s += fmt.Sprintf("\n  %+v", o)
	}
	return s
}

// TestParseMail checks what a mail client does to an order file: CRLF, a
// byte order mark, tabs, trailing spaces, keywords in any case, smart
// quotes, quoted reply text and a signature.
func TestParseMail(t *testing.T) {
	text := "\uFEFFgame:\ttanners-1  \r\n" +
		"> GAME an-old-game\r\n" +
		"   > TURN 2\r\n" +
		"\r\n" +
		"Side CSA\r\n" +
		"turn 3 CSA \t\r\n" +
		"\r\n" +
		"order attack FROM Bragg To \u201cHood\u2019s Div\u201d\r\n" +
		"\tObjective  a03.08\r\n" +
		"\troute Mill  Road,\"A10.7\" , b2.010\r\n" +
		"\tintent \u201cSeize it, and hold.\u201d  \r\n" +
		"End\r\n" +
		"-- \r\n" +
		"Ed\r\n" +
		"ORDER MOVE from the signature to nobody\r\n"
	f, probs := Parse(text)
	if len(probs) != 0 {
		t.Fatalf("problems: %+v", probs)
	}
	if f.Game != "tanners-1" || f.Side != "CSA" || f.Turn != "3 CSA" {
		t.Errorf("header: %q %q %q", f.Game, f.Side, f.Turn)
	}
	if f.Header["GAME"] != (orders.Pos{Line: 1, Col: 1}) || f.Header["SIDE"] != (orders.Pos{Line: 5, Col: 1}) {
		t.Errorf("header positions: %v", f.Header)
	}
	if len(f.Orders) != 1 {
		t.Fatalf("want 1 order, got %d", len(f.Orders))
	}
	w := f.Orders[0].(*Written)
	want := &Written{
		Type: "ATTACK", From: "Bragg", To: "Hood's Div",
		Objective: &Place{Hex: "A3.8"},
		Route:     []Place{{Name: "Mill Road"}, {Name: "A10.7"}, {Hex: "B2.10"}},
		Intent:    "Seize it, and hold.",
	}
	if got := stripWritten(w); !reflect.DeepEqual(got, want) {
		t.Errorf("got  %#v\nwant %#v", got, want)
	}
	// Columns count characters: the tab is one, the smart quote is one.
	if w.ToAt != (orders.Pos{Line: 8, Col: 28}) || w.Objective.At != (orders.Pos{Line: 9, Col: 13}) || w.Route[2].At != (orders.Pos{Line: 10, Col: 29}) {
		t.Errorf("positions: to %v objective %v route %v", w.ToAt, w.Objective.At, w.Route[2].At)
	}
}

func TestParseLineEndings(t *testing.T) {
	lf, _ := Parse(sample)
	for name, text := range map[string]string{
		"crlf":             sampleCRLF,
		"cr":               strings.ReplaceAll(sample, "\n", "\r"),
		"no final newline": strings.TrimSuffix(sample, "\n"),
	} {
		f, probs := Parse(text)
		if len(probs) != 0 || !reflect.DeepEqual(f, lf) {
			t.Errorf("%s: problems %+v, or file differs from the LF one", name, probs)
		}
	}
}

func TestParseNoOrders(t *testing.T) {
	f, probs := Parse(head)
	if len(probs) != 0 || len(f.Orders) != 0 || f.Game != "g" {
		t.Errorf("a file with no orders: %+v %+v", f, probs)
	}
}

func TestParseSignature(t *testing.T) {
	for _, sep := range []string{"--", "-- ", "--\t"} {
		f, probs := Parse(head + sep + "\nORDER bogus\n")
		if len(probs) != 0 || len(f.Orders) != 0 {
			t.Errorf("%q: text after the signature was read: %+v", sep, probs)
		}
	}
	// "---" and "-- x" are not separators.
	for _, l := range []string{"---", "-- x", " --"} {
		_, probs := Parse(head + l + "\n")
		if len(probs) != 1 || probs[0].Code != orders.CodeUnknownKeyword {
			t.Errorf("%q: want one unknown-keyword problem, got %+v", l, probs)
		}
	}
}

func TestParsePlaces(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Place
	}{
		{"A12.8", Place{Hex: "A12.8"}},
		{"a03.08", Place{Hex: "A3.8"}},
		{"ab0.00", Place{Hex: "AB0.0"}},
		{"C20.23", Place{Hex: "C20.23"}},
		{`"A12.8"`, Place{Name: "A12.8"}},
		{"A12", Place{Name: "A12"}},
		{"12.8", Place{Name: "12.8"}},
		{"A12.8b", Place{Name: "A12.8b"}},
		{"A.8", Place{Name: "A.8"}},
		{"Hood's  Farm", Place{Name: "Hood's Farm"}},
		{`" Mill Road "`, Place{Name: "Mill Road"}},
		{"1st Texas camp", Place{Name: "1st Texas camp"}},
	} {
		f, probs := Parse(head + "ORDER MOVE from a to b\nOBJECTIVE " + tc.in + "\nEND\n")
		if len(probs) != 0 {
			t.Errorf("%s: %+v", tc.in, probs)
			continue
		}
		got := *f.Orders[0].(*Written).Objective
		got.At = orders.Pos{}
		if got != tc.want {
			t.Errorf("%s: got %+v, want %+v", tc.in, got, tc.want)
		}
	}
}

func TestParseOrderLine(t *testing.T) {
	for _, tc := range []struct{ in, from, to string }{
		{"ORDER MOVE from Bragg to Hardee", "Bragg", "Hardee"},
		{"order Move FROM 1st  Texas TO Hood's Div", "1st Texas", "Hood's Div"},
		{`ORDER ATTACK from "Lee" to "Longstreet"`, "Lee", "Longstreet"},
		{"ORDER MOVE from A to B to C", "A", "B to C"},
		{`ORDER MOVE from "to" to to`, "to", "to"},
		{`ORDER MOVE from "Stand to" to Hardee`, "Stand to", "Hardee"},
	} {
		f, probs := Parse(head + tc.in + "\nEND\n")
		if len(probs) != 0 {
			t.Errorf("%s: %+v", tc.in, probs)
			continue
		}
		w := f.Orders[0].(*Written)
		if w.From != tc.from || w.To != tc.to {
			t.Errorf("%s: from %q to %q, want %q %q", tc.in, w.From, w.To, tc.from, tc.to)
		}
	}
}

func TestParseRouteLines(t *testing.T) {
	f, probs := Parse(head + "ORDER MOVE from a to b\nROUTE A1.1, Mill Road\nROUTE A2.2\nEND\n")
	if len(probs) != 0 {
		t.Fatal(probs)
	}
	var got []string
	for _, p := range f.Orders[0].(*Written).Route {
		got = append(got, p.String())
	}
	if strings.Join(got, "|") != "A1.1|Mill Road|A2.2" {
		t.Errorf("route %v", got)
	}
}

func TestParseIntentQuotes(t *testing.T) {
	f, probs := Parse(head + "ORDER MOVE from a to b\n" +
		"INTENT \"Take the ridge,\"\n" +
		"INTENT   then say \"well done\".\n" +
		"INTENT \"  keep these spaces \"\n" +
		"END\n")
	if len(probs) != 0 {
		t.Fatal(probs)
	}
	want := "Take the ridge,\nthen say \"well done\".\n  keep these spaces "
	if got := f.Orders[0].(*Written).Intent; got != want {
		t.Errorf("intent %q, want %q", got, want)
	}
}

type wantProblem struct {
	code string
	line int
	col  int
}

func TestParseProblems(t *testing.T) {
	for _, tc := range []struct {
		name string
		text string
		want []wantProblem
	}{
		{"three distinct errors", head + "ORDER MOVE from Bragg to Hardee\n  OBJETIVE A12.8\nEND\nEND\nROUTE A1.1\n",
			[]wantProblem{{orders.CodeUnknownKeyword, 5, 3}, {CodeEndWithoutOrder, 7, 1}, {CodeOutsideOrder, 8, 1}}},
		{"missing header", "ORDER MOVE from a to b\nEND\n",
			[]wantProblem{{orders.CodeMissingHeader, 0, 0}, {orders.CodeMissingHeader, 0, 0}, {orders.CodeMissingHeader, 0, 0}}},
		{"missing turn only", "GAME g\nSIDE s\n", []wantProblem{{orders.CodeMissingHeader, 0, 0}}},
		{"duplicate header", head + "side USA\n", []wantProblem{{orders.CodeDuplicateHeader, 4, 1}}},
		{"empty values", "GAME\nSIDE  \nTURN 3\nPASSWORD\nSALT \"\"\n",
			[]wantProblem{{orders.CodeEmptyValue, 1, 5}, {orders.CodeEmptyValue, 2, 7}, {orders.CodeEmptyValue, 4, 9}}},
		{"chatter before GAME", "Hi Ed, here they are.\n" + head, []wantProblem{{orders.CodeUnknownKeyword, 1, 1}}},
		{"quoted chatter before GAME", "> Hi Ed, here they are.\n" + head, nil},
		{"bad order type", head + "ORDER HOLD from a to b\n  OBJECTIVE A1.1\nEND\n", []wantProblem{{CodeBadOrderType, 4, 7}}},
		{"no order type", head + "ORDER\nEND\n", []wantProblem{{CodeBadOrderType, 4, 1}}},
		{"missing from", head + "ORDER MOVE Bragg to Hardee\nEND\n", []wantProblem{{CodeMissingFrom, 4, 12}}},
		{"empty from", head + "ORDER MOVE from to Hardee\nEND\n", []wantProblem{{CodeMissingFrom, 4, 12}}},
		{"missing to", head + "ORDER MOVE from Bragg\nEND\n", []wantProblem{{CodeMissingTo, 4, 22}}},
		{"empty to", head + "ORDER MOVE from Bragg to\nEND\n", []wantProblem{{CodeMissingTo, 4, 23}}},
		{"unterminated at end", head + "ORDER MOVE from a to b\n  INTENT go\n", []wantProblem{{CodeUnterminated, 4, 1}}},
		{"unterminated by ORDER", head + "ORDER MOVE from a to b\nORDER MOVE from c to d\nEND\n",
			[]wantProblem{{CodeUnterminated, 4, 1}}},
		{"unterminated by header", "GAME g\nSIDE s\nORDER MOVE from a to b\nTURN 3\n", []wantProblem{{CodeUnterminated, 3, 1}}},
		{"unterminated by signature", head + "ORDER MOVE from a to b\n--\nEND\n", []wantProblem{{CodeUnterminated, 4, 1}}},
		{"end with text", head + "ORDER MOVE from a to b\nEND ORDER\n", []wantProblem{{orders.CodeTrailingText, 5, 5}}},
		{"duplicate objective and when", head + "ORDER MOVE from a to b\nOBJECTIVE A1.1\nOBJECTIVE A1.2\nWHEN x\nWHEN y\nEND\n",
			[]wantProblem{{orders.CodeDuplicateField, 6, 1}, {orders.CodeDuplicateField, 8, 1}}},
		{"empty route places", head + "ORDER MOVE from a to b\nROUTE A1.1,, A1.2,\nEND\n",
			[]wantProblem{{CodeEmptyPlace, 5, 12}, {CodeEmptyPlace, 5, 19}}},
		{"empty body values", head + "ORDER MOVE from a to b\nOBJECTIVE\nROUTE\nWHEN\nINTENT\nINTENT \"\"\nOBJECTIVE \"\"\nEND\n",
			[]wantProblem{{orders.CodeEmptyValue, 5, 10}, {orders.CodeEmptyValue, 6, 6}, {orders.CodeEmptyValue, 7, 5}, {orders.CodeEmptyValue, 8, 7},
				{orders.CodeEmptyValue, 9, 8}, {orders.CodeEmptyValue, 10, 11}}},
		{"bad FOR lines", head + "ORDER MOVE from a to b\nFOR Cleburne lead on\nFOR : lead on\nFOR Cleburne:\nEND\n",
			[]wantProblem{{CodeBadFor, 5, 5}, {CodeBadFor, 6, 5}, {CodeBadFor, 7, 14}}},
		{"body line outside order", head + "INTENT hold\nFOR x: y\n",
			[]wantProblem{{CodeOutsideOrder, 4, 1}, {CodeOutsideOrder, 5, 1}}},
		{"problems inside a bad order are still reported", head + "ORDER MOVE from a\nOBJETIVE A1.1\nEND\n",
			[]wantProblem{{CodeMissingTo, 4, 18}, {orders.CodeUnknownKeyword, 5, 1}}},
		{"wrapped intent line", head + "ORDER MOVE from a to b\nINTENT Seize the ford\nbefore the Yankees do.\nEND\n",
			[]wantProblem{{orders.CodeUnknownKeyword, 6, 1}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, probs := Parse(tc.text)
			var got []wantProblem
			for _, p := range probs {
				got = append(got, wantProblem{p.Code, p.At.Line, p.At.Col})
				if p.Kind != orders.Invalid || p.Message == "" || p.Suggestion == "" {
					t.Errorf("incomplete problem %+v", p)
				}
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got  %v\nwant %v\n%+v", got, tc.want, probs)
			}
		})
	}
}

func TestParseMessages(t *testing.T) {
	_, probs := Parse(head + "ORDER MOVE from a to b\n  OBJETIVE A12.8\nEND\nTRUN 4\nORDER ATACK from a to b\nEND\n")
	want := []orders.Problem{
		{At: orders.Pos{Line: 5, Col: 3}, Kind: orders.Invalid, Code: orders.CodeUnknownKeyword,
			Message: "unknown keyword 'OBJETIVE': did you mean 'OBJECTIVE'?", Suggestion: "write OBJECTIVE A12.8"},
		{At: orders.Pos{Line: 7, Col: 1}, Kind: orders.Invalid, Code: orders.CodeUnknownKeyword,
			Message: "unknown keyword 'TRUN': did you mean 'TURN'?", Suggestion: "write TURN 4"},
		{At: orders.Pos{Line: 8, Col: 7}, Kind: orders.Invalid, Code: CodeBadOrderType,
			Message:    "unknown order type 'ATACK': did you mean 'ATTACK'? An order is ATTACK or MOVE.",
			Suggestion: "write ORDER MOVE from Bragg to Hardee"},
	}
	if !reflect.DeepEqual(probs, want) {
		t.Errorf("got  %+v\nwant %+v", probs, want)
	}
}

func TestParseLongLine(t *testing.T) {
	long := strings.Repeat("x", 500)
	_, probs := Parse(head + "TRUN " + long + "\n" + long + "\n")
	if len(probs) != 2 {
		t.Fatalf("%+v", probs)
	}
	for _, p := range probs {
		if len(p.Message) > 120 || len(p.Suggestion) > 120 {
			t.Errorf("problem text not shortened: %+v", p)
		}
	}
}

func TestParseOrderTypeMessage(t *testing.T) {
	_, probs := Parse(head + "ORDER HOLD from a to b\nEND\n")
	if len(probs) != 1 || probs[0].Message != "unknown order type 'HOLD'. An order is ATTACK or MOVE." {
		t.Errorf("%+v", probs)
	}
}

// TestParseLongRoute checks that a very long line costs time in proportion
// to its length: columns are not recounted from the start of the line for
// every place.
func TestParseLongRoute(t *testing.T) {
	for _, place := range []string{"a", "é"} {
		route := strings.Repeat(place+",", 50000) + place
		f, probs := Parse(head + "ORDER MOVE from a to b\nROUTE " + route + "\nEND\n")
		if len(probs) != 0 {
			t.Fatalf("%d problems", len(probs))
		}
		r := f.Orders[0].(*Written).Route
		if len(r) != 50001 || r[50000].At != (orders.Pos{Line: 5, Col: 7 + 2*50000}) {
			t.Errorf("%s: %d places, last at %v", place, len(r), r[len(r)-1].At)
		}
	}
}

func TestParseLongIntent(t *testing.T) {
	text := head + "ORDER MOVE from a to b\n" + strings.Repeat("INTENT go on\n", 20000) + "END\n"
	f, probs := Parse(text)
	if len(probs) != 0 {
		t.Fatalf("%d problems", len(probs))
	}
	if got := f.Orders[0].(*Written).Intent; got != strings.TrimSuffix(strings.Repeat("go on\n", 20000), "\n") {
		t.Errorf("intent of %d bytes", len(got))
	}
}

func TestNearest(t *testing.T) {
	for word, want := range map[string]string{
		"OBJETIVE": "OBJECTIVE", "OBJECTIV": "OBJECTIVE", "ROUT": "ROUTE", "ORDR": "ORDER",
		"TRUN": "TURN", "SIED": "SIDE", "PASWORD": "PASSWORD", "INTNET": "INTENT",
		"HI": "", "DEAR": "", "ORDERS": "ORDER", "GO": "", "ATTACK": "STACK", "STAND": "STACK", "STANDNG": "STANDING",
	} {
		all := slices.Concat(orders.HeaderKeywords, keywords, []string{"STANDING"}) // as Parse suggests them
		if got := orders.Nearest(word, all); got != want {
			t.Errorf("orders.Nearest(%q) = %q, want %q", word, got, want)
		}
	}
}

// TestParseNeverGivesUp feeds awkward text and checks Parse still answers.
func TestParseOddInput(t *testing.T) {
	for _, s := range []string{"", "\uFEFF", "\r\n\r\n", ":", "::: x", "\x00\xff", "ORDER", "END", ">", "--", strings.Repeat("A", 100000)} {
		f, _ := Parse(s)
		if f == nil || f.Header == nil {
			t.Errorf("%q: nil file", s)
		}
	}
}
