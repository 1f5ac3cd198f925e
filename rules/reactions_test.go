package rules

import (
	"reflect"
	"testing"

	"galloper/orders"
)

func TestStandingChoice(t *testing.T) {
	table := &orders.ReactionTable{Reactions: []orders.ReactionSpec{{Kind: "PATH", Default: "SHORTEST"}}}
	look := func(side Side, kind string) ([]string, bool) {
		if side == "USA" && kind == "PATH" {
			return []string{"WOODS", "HILLS"}, true
		}
		return nil, false
	}
	if got := StandingChoice(look, table, "USA", "PATH"); got != "WOODS" {
		t.Errorf("standing: %q", got)
	}
	if got := StandingChoice(look, table, "CSA", "PATH"); got != "SHORTEST" {
		t.Errorf("default: %q", got)
	}
}

func TestDecide(t *testing.T) {
	asked := map[string]int{}
	if k1, k2 := DecisionKey(asked, "retreat 4 Ala "), DecisionKey(asked, "retreat 4 Ala "); k1 != "retreat 4 Ala #1" || k2 != "retreat 4 Ala #2" {
		t.Errorf("keys %q, %q", k1, k2)
	}
	c := Choice{Key: "path", Side: "CSA", Rule: "LoB 6.3", Question: "which path?", Options: []string{"a", "b"}, Default: "a"}
	one := c
	one.Options = []string{"a"}
	standing := c
	standing.Standing = "b"
	for _, tc := range []struct {
		name      string
		c         Choice
		decisions []Decision
		want      Answer
	}{
		{"single option", one, nil, Answer{Choice: "a"}},
		{"standing", standing, nil, Answer{Choice: "b", Note: "which path?: b (standing reaction)"}},
		{"decided", c, []Decision{{Key: "path #1", Side: "USA", Choice: "a"}, {Key: "path #1", Side: "CSA", Choice: "b"}},
			Answer{Choice: "b", Note: "which path?: b (decided by CSA)"}},
		{"not an option", c, []Decision{{Key: "path #1", Side: "CSA", Choice: "c"}},
			Answer{Choice: "a", Note: `which path?: "c" is not an option; the default a applies`}},
		{"asked", c, []Decision{{Key: "path #2", Side: "CSA", Choice: "b"}},
			Answer{Pause: &DecisionRequest{Key: "path #1", Side: "CSA", Rule: "LoB 6.3", Question: "which path?", Options: []string{"a", "b"}, Default: "a"}}},
	} {
		if got := Decide(tc.c, "path #1", tc.decisions); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: got %+v, want %+v", tc.name, got, tc.want)
		}
	}
}
