package lob

import (
	"strings"
	"testing"

	"galloper/rules"
	"galloper/rules/rulestest"
)

// Line of Battle has the capabilities the conformance suite looks for.
var (
	_ rulestest.Examples = System{}
	_ rulestest.Hider    = System{}
)

// TestExamplesParse checks the example order files the conformance suite
// fuzzes and plays: each parses without a problem.
func TestExamplesParse(t *testing.T) {
	ex := System{}.Examples()
	if len(ex) < 3 {
		t.Fatalf("%d example files", len(ex))
	}
	for _, text := range ex {
		if _, ps := rulestest.ParseOrders(New(), text); len(ps) > 0 {
			t.Errorf("example does not parse: %+v\n%s", ps, text)
		}
	}
}

// TestRecordedGamePlaysExamples checks that the conformance suite's
// recorded game is a real one: both sides' written orders are sent, dice
// are rolled and the orders are on hand afterwards.
func TestRecordedGamePlaysExamples(t *testing.T) {
	rec, err := rulestest.Record(New(), rulestest.Segments)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Segments) != rulestest.Segments {
		t.Fatalf("%d segments recorded", len(rec.Segments))
	}
	for i, side := range []rules.Side{"CSA", "USA"} {
		if text := rec.Segments[i].Orders[side]; !strings.Contains(text, "ORDER") {
			t.Errorf("%s sent no written order in its first turn:\n%s", side, text)
		}
	}
	rolls := 0
	for _, p := range rec.Segments {
		rolls += strings.Count(string(p.Events), `"Kind":"roll"`)
	}
	if rolls == 0 {
		t.Error("the recorded game rolled no die")
	}
	st, err := decodeState(rec.Segments[len(rec.Segments)-1].After)
	if err != nil || len(st.doc.Orders) == 0 {
		t.Errorf("no order on hand after the recorded game (err %v)", err)
	}
}
