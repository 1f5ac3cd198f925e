package lobtext

import (
	"galloper/orders"
	"strings"
	"testing"
)

func TestCommandOrders(t *testing.T) {
	f, ps := Parse(commandSample)
	if len(ps) != 0 {
		t.Fatalf("problems: %+v", ps)
	}
	w := f.Orders[0].(*Written)
	c := w.Command
	if len(c.Reserves) != 1 || c.Reserves[0].Name != "Kemper's Brigade" {
		t.Errorf("reserves %+v", c.Reserves)
	}
	if len(c.Artillery) != 2 || c.Artillery[0].Hex != "" || c.Artillery[1] != (ArtilleryLine{At: c.Artillery[1].At, Battalion: "Eshleman's Battalion", Hex: "A9.7"}) {
		t.Errorf("artillery %+v", c.Artillery)
	}
	if c.Axis != "Pike" || !strings.HasPrefix(c.Defend, "facing east") {
		t.Errorf("axis %q defend %q", c.Axis, c.Defend)
	}
	want := []Directive{
		{Keyword: "INITIATIVE", Type: "RELEASE", Who: "Hood"},
		{Keyword: "INITIATIVE", Type: "MODIFY", Who: "Hood", Target: "A10.7"},
		{Keyword: "FUTILE", Who: "Hood's Division"},
		{Keyword: "POST", Who: "Reilly's Battery", Target: "A10.8"},
		{Keyword: "WAGON", Who: "Corps Train", Target: "A3.3"},
		{Keyword: "SKEDADDLE", Who: "Hood's Division", Target: "A2.7"},
		{Keyword: "SURRENDER", Who: "4 Ala"},
	}
	if len(f.Orders) != 1+len(want) {
		t.Fatalf("%d orders, want %d", len(f.Orders), 1+len(want))
	}
	for i, d := range want {
		got := *stripDirective(f.Orders[i+1].(*Directive))
		if got != d {
			t.Errorf("directive %d: %+v, want %+v", i, got, d)
		}
	}
	if g, _ := Parse(Format(f)); Format(g) != Format(f) {
		t.Errorf("round trip:\n%s\n%s", Format(f), Format(g))
	}
}

func TestCommandOrderProblems(t *testing.T) {
	for _, c := range []struct{ text, code string }{
		{"INITIATIVE Hood\n", CodeBadDirective},
		{"POST Reilly's Battery\n", CodeBadDirective},
		{"FUTILE\n", CodeBadDirective},
		{"FUTILE Hood to A1.1\n", CodeBadDirective},
		{"ORDER MOVE from a to b\nDESTINATION Alexander A9.7\nEND\n", CodeBadDirective},
		{"ORDER MOVE from a to b\nAXIS Pike\nAXIS Road\nEND\n", orders.CodeDuplicateField},
		{"RESERVE Hood\n", CodeOutsideOrder},
	} {
		_, ps := Parse("GAME g\nSIDE s\nTURN 1\n" + c.text)
		found := false
		for _, p := range ps {
			found = found || p.Code == c.code
		}
		if !found {
			t.Errorf("%q: problems %+v, want %s", c.text, ps, c.code)
		}
	}
}
