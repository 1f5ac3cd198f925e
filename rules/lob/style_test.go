package lob

import (
	"strings"
	"testing"
)

// TestStyleLoads checks the embedded style and that the view carries it.
func TestStyleLoads(t *testing.T) {
	s, err := parseStyle(styleFile)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Sides) != 2 || len(s.Kinds) != 6 || len(s.Hexsides) != len(hexsideKinds) {
		t.Errorf("style: %d sides, %d kinds, %d hexside kinds", len(s.Sides), len(s.Kinds), len(s.Hexsides))
	}
	for _, h := range s.Hexsides {
		if _, ok := hexsideKinds[h.Kind]; !ok {
			t.Errorf("style draws hexside kind %q, which maps cannot hold", h.Kind)
		}
	}
	if !strings.HasPrefix(s.OrderForm, "ORDER MOVE") {
		t.Errorf("order form %q", s.OrderForm)
	}
	if v := newGame(t).view("CSA"); v.Style != Style() {
		t.Error("the view does not carry LoB's style")
	}
}

func TestStyleRejectsBadData(t *testing.T) {
	for _, c := range []struct{ from, to, want string }{
		{`colour: "#6f7a86"`, `colour: "grey"`, `side CSA: colour "grey" is not #rrggbb`},
		{"symbol: cross", "symbol: crossed", `kind "infantry": shape "" or symbol "crossed" is unknown`},
		{"side: USA", "side: CSA", `side "CSA" is empty or listed twice`},
		{"counter: {width", "counters: {width", "field counters not found"},
	} {
		_, err := parseStyle([]byte(strings.Replace(string(styleFile), c.from, c.to, 1)))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s -> %s: error %v, want %q", c.from, c.to, err, c.want)
		}
	}
}
