package battlehymn

import (
	"fmt"
	"strings"
	"testing"

	"galloper/rules"
	"galloper/rules/battlehymn/bhtext"
)

// TestOrderHintApproaches: on the sample scenario's first Hour each unit's
// approaches come nearer their Objectives, nearest first, enter no hex an
// enemy unit stands in, and the MOVE script of each is accepted (BH
// 5.1-5.4); a unit on an Objective has no approach to it.
func TestOrderHintApproaches(t *testing.T) {
	sys := New()
	st, err := sys.NewGame("willoughby-run", nil)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	for _, side := range []rules.Side{"CSA", "USA"} {
		enemy := map[string]bool{}
		for i := range s.Units {
			if u := &s.Units[i]; u.Side != side && u.onMap() {
				enemy[u.Hex] = true
			}
		}
		var lines []string
		for _, sh := range sys.OrderHints(st, side).Stacks {
			for i, a := range sh.Approaches {
				if a.At == sh.At || a.Left >= a.Distance || s.board.Distance(a.Path[len(a.Path)-1], a.At) != a.Left {
					t.Errorf("%s's approach %+v comes no nearer", sh.Units[0], a)
				}
				if i > 0 && a.Distance < sh.Approaches[i-1].Distance {
					t.Errorf("%s's approaches are not nearest first", sh.Units[0])
				}
				for _, x := range a.Path {
					if enemy[x] {
						t.Errorf("%s's approach enters %s, where an enemy unit stands", sh.Units[0], x)
					}
				}
				lines = append(lines, fmt.Sprintf("MOVE %s: %s", sh.Units[0], strings.Join(a.Path, " ")))
			}
		}
		if len(lines) == 0 {
			t.Fatalf("%s: no unit has an approach", side)
		}
		f, ps := bhtext.Parse(fmt.Sprintf("GAME hints\nSIDE %s\nTURN 1\n%s\n", side, strings.Join(lines, "\n")))
		if len(ps) > 0 {
			t.Fatal(ps)
		}
		if ps := sys.Validate(st, side, f); len(ps) > 0 {
			t.Errorf("%s: the approaches' scripts are refused: %+v", side, ps)
		}
		t.Logf("%s: %d approaches", side, len(lines))
	}
}

// BenchmarkOrderHints: the CSA's hints at the start of the sample
// scenario, each unit's approaches to every Objective included.
func BenchmarkOrderHints(b *testing.B) {
	sys := New()
	st, err := sys.NewGame("willoughby-run", nil)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		sys.OrderHints(st, "CSA")
	}
}
