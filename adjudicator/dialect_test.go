package adjudicator

import (
	"strings"
	"testing"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/lob"
)

// drillDialect is Line of Battle's dialect with one more line, "DRILL",
// which it reads and drops: a stand-in for another system's language.
type drillDialect struct{ orders.Dialect }

func (d drillDialect) Keywords() []string { return append([]string{"DRILL"}, d.Dialect.Keywords()...) }

func (d drillDialect) NewBody(p *orders.Parser) orders.Body {
	return drillBody{d.Dialect.NewBody(p)}
}

type drillBody struct{ orders.Body }

func (b drillBody) Line(l orders.Line) {
	if l.Key != "DRILL" {
		b.Body.Line(l)
	}
}

// drilled is Line of Battle speaking drillDialect.
type drilled struct{ rules.System }

func (s drilled) Dialect() orders.Dialect { return drillDialect{s.System.Dialect()} }

// TestCheckOrdersReadsTheGameDialect checks that the body of an order
// file is read in the dialect of the game's system, and that the problems
// of the envelope and of the body come back together, with their lines.
func TestCheckOrdersReadsTheGameDialect(t *testing.T) {
	st, err := lob.New().NewGame("tanners-creek", nil)
	if err != nil {
		t.Fatal(err)
	}
	text := "GAME g\nSIDE CSA\nTURN 1\nDRILL by companies\n"
	if reply, ok, err := CheckOrders(drilled{lob.New()}, st, "g", "CSA", text, nil); err != nil || !ok {
		t.Fatalf("in the drill dialect: ok %v, err %v\n%s", ok, err, reply)
	}
	reply, ok, err := CheckOrders(lob.New(), st, "g", "CSA", text, nil)
	if err != nil || ok || !strings.Contains(reply, "unknown keyword 'DRILL'") {
		t.Errorf("in Line of Battle's dialect: ok %v, err %v\n%s", ok, err, reply)
	}
	reply, ok, err = CheckOrders(drilled{lob.New()}, st, "g", "CSA", "GAME g\nGAME h\nSIDE CSA\nTURN 1\nDRILL\nSTACK\n", nil)
	if err != nil || ok {
		t.Fatalf("ok %v, err %v", ok, err)
	}
	for _, want := range []string{"line 2:1: GAME appears twice", "line 6:1: STACK names no units"} {
		if !strings.Contains(reply, want) {
			t.Errorf("reply lacks %q:\n%s", want, reply)
		}
	}
}
