package hex

import (
	"fmt"
	"testing"

	"pgregory.net/rapid"
)

func unitCost(_, _ Axial) int { return 1 }

func TestReachOnAnOpenBoardIsRange(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := drawAxial(t, "c")
		limit := rapid.IntRange(0, 9).Draw(t, "limit")
		got := Reach(c, limit, unitCost)
		want := Range(c, limit)
		if len(got) != len(want) {
			t.Fatalf("Reach %d from %v has %d hexes, Range %d", limit, c, len(got), len(want))
		}
		for _, h := range want {
			if d, ok := got[h]; !ok || d != Distance(c, h) {
				t.Fatalf("Reach to %v = %d, %v; want distance %d", h, d, ok, Distance(c, h))
			}
		}
	})
}

func TestReachStopsAtARingWall(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := drawAxial(t, "c")
		wall := rapid.IntRange(1, 6).Draw(t, "wall")
		limit := rapid.IntRange(wall, wall+8).Draw(t, "limit")
		got := Reach(c, limit, func(_, to Axial) int {
			if Distance(c, to) == wall {
				return -1
			}
			return 1
		})
		if len(got) != len(Range(c, wall-1)) {
			t.Fatalf("reached %d hexes, want the %d inside the wall", len(got), len(Range(c, wall-1)))
		}
		for h := range got {
			if Distance(c, h) >= wall {
				t.Fatalf("reached %v through the wall at %d", h, wall)
			}
		}
	})
}

// Reach gives every hex the cost Path finds to it, as long as that is
// within limit.
func TestReachCostsWhatPathCosts(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		board := drawBoard(t, 1)
		a := board.draw(t, "a")
		limit := rapid.IntRange(0, 20).Draw(t, "limit")
		got := Reach(a, limit, board.step)
		for col := 1; col <= board.cols; col++ {
			for row := 1; row <= board.rows; row++ {
				h := Offset{col, row}.ToAxial()
				_, want, ok := Path(a, h, board.step)
				d, in := got[h]
				if in != (ok && want <= limit) || (in && d != want) {
					t.Fatalf("Reach %d to %v = %d %v; Path = %d %v", limit, h, d, in, want, ok)
				}
			}
		}
		if len(got) > board.cols*board.rows {
			t.Fatalf("reached %d hexes on a %d×%d board", len(got), board.cols, board.rows)
		}
	})
}

func TestReachLimits(t *testing.T) {
	if got := Reach(Axial{2, 3}, -1, unitCost); len(got) != 0 {
		t.Fatalf("negative limit reached %v", got)
	}
	if got := Reach(Axial{2, 3}, 0, unitCost); len(got) != 1 || got[Axial{2, 3}] != 0 {
		t.Fatalf("limit 0 reached %v", got)
	}
}

// A command radius of 2 from an HQ, which cannot be traced through a hex
// held by an enemy unit (LoB 10.2e).
func ExampleReach() {
	hq := Offset{5, 5}.ToAxial()
	enemy := map[Axial]bool{Offset{5, 6}.ToAxial(): true, Offset{6, 6}.ToAxial(): true, Offset{4, 6}.ToAxial(): true}
	trace := func(_, to Axial) int {
		if enemy[to] {
			return -1
		}
		return 1
	}
	radius := Reach(hq, 2, trace)
	for _, o := range []Offset{{5, 7}, {5, 3}, {6, 4}, {5, 6}, {7, 6}} {
		_, in := radius[o.ToAxial()]
		fmt.Printf("%v in radius: %v\n", o, in)
	}
	// Output:
	// {5 7} in radius: false
	// {5 3} in radius: true
	// {6 4} in radius: true
	// {5 6} in radius: false
	// {7 6} in radius: true
}
