package rules

import (
	"slices"
	"strconv"
	"testing"
)

// TestApproach on a row of hexes 0-9: the path ends as near the goal as
// steps allow, skips ends the check refuses, and is nil when nothing
// nearer is accepted; Approaches sorts nearest objective first.
func TestApproach(t *testing.T) {
	id := func(i int) string { return strconv.Itoa(i) }
	num := func(s string) int { n, _ := strconv.Atoi(s); return n }
	next := func(h string) []string {
		var out []string
		for _, n := range []int{num(h) - 1, num(h) + 1} {
			if n >= 0 && n <= 9 {
				out = append(out, id(n))
			}
		}
		return out
	}
	dist := func(a, b string) int { return max(num(a)-num(b), num(b)-num(a)) }
	all := func([]string) bool { return true }
	if p := Approach("2", "8", 3, next, dist, all); !slices.Equal(p, []string{"3", "4", "5"}) {
		t.Errorf("toward 8 in 3 steps: %v", p)
	}
	notFive := func(p []string) bool { return p[len(p)-1] != "5" }
	if p := Approach("2", "8", 3, next, dist, notFive); !slices.Equal(p, []string{"3", "4"}) {
		t.Errorf("toward 8, 5 refused: %v", p)
	}
	if p := Approach("2", "2", 3, next, dist, all); p != nil {
		t.Errorf("on the goal: %v", p)
	}
	if p := Approach("2", "8", 3, next, dist, func([]string) bool { return false }); p != nil {
		t.Errorf("every path refused: %v", p)
	}
	as := Approaches("5", []PlaceHint{{"far", "0"}, {"here", "5"}, {"near", "7"}}, 1, next, dist, all)
	if len(as) != 2 || as[0].Objective != "near" || as[0].Left != 1 || as[1].Objective != "far" || as[1].Distance != 5 {
		t.Errorf("approaches %+v", as)
	}
}
