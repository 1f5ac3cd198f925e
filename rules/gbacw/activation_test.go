package gbacw

import (
	"slices"
	"strings"
	"testing"

	"galloper/rules"
)

// The example of GBACW 5.34: Smith has Coordination Rating 2 and rolls a
// 6: he may coordinate two brigades.
func TestExampleSmith534(t *testing.T) {
	c := mustCharts(t)
	roll, adj, res, err := c.Coordinate(reads(6), "Smith", 2, false)
	if err != nil {
		t.Fatal(err)
	}
	if roll != 6 || adj != 8 || res != Coordinate2 {
		t.Errorf("roll %d adjusted %d result %s, want 6, 8, %s", roll, adj, res, Coordinate2)
	}
}

// A CI division may not try Coordination (13.32); ratings are +0 to +3 (5.34).
func TestCoordinateRefused(t *testing.T) {
	c := mustCharts(t)
	if _, _, _, err := c.Coordinate(reads(), "Smith", 1, true); err == nil || !strings.Contains(err.Error(), "GBACW 13.32") {
		t.Errorf("CI division: %v", err)
	}
	if _, _, _, err := c.Coordinate(reads(), "Smith", 4, false); err == nil || !strings.Contains(err.Error(), "Coordination Rating +4 is outside +0 to +3") {
		t.Errorf("rating 4: %v", err)
	}
}

// Initiative: +1 for last turn's holder, + the OC's rating when eligible;
// the higher total wins and a tie gives nobody the Initiative (5.11-5.12).
func TestInitiative(t *testing.T) {
	u := InitiativeSide{Side: Union, HadLast: true, OCRating: 1, OCEligible: true}
	c := InitiativeSide{Side: Confederate, OCRating: 2}
	for _, tc := range []struct {
		dice   []int
		winner Side
		ta, tb int
	}{
		{[]int{3, 5}, NoSide, 5, 5},
		{[]int{3, 6}, Confederate, 5, 6},
		{[]int{0, 1}, Union, 2, 1},
	} {
		w, ta, tb := Initiative(reads(tc.dice...), u, c)
		if w != tc.winner || ta != tc.ta || tb != tc.tb {
			t.Errorf("rolls %v: %s %d-%d, want %s %d-%d", tc.dice, w, ta, tb, tc.winner, tc.ta, tc.tb)
		}
	}
}

// The example of GBACW 5.26: 1/I gets 3 AMs, 1/1/I is out of range and
// skips one: 2 activations. A brigade always activates once (5.27); a CI
// brigade at most twice (13.23).
func TestBrigadeActivations(t *testing.T) {
	for _, tc := range []struct {
		ams  int
		s    BrigadeStatus
		want int
	}{
		{3, BrigadeStatus{StartedOutOfRange: true}, 2},
		{3, BrigadeStatus{}, 3},
		{1, BrigadeStatus{StartedOutOfRange: true}, 1},
		{4, BrigadeStatus{Ineffective: true}, 2},
		{4, BrigadeStatus{Ineffective: true, StartedOutOfRange: true}, 2},
		{2, BrigadeStatus{Ineffective: true, StartedOutOfRange: true}, 1},
	} {
		if got := BrigadeActivations(tc.ams, tc.s); got != tc.want {
			t.Errorf("%d AMs, %+v: %d, want %d", tc.ams, tc.s, got, tc.want)
		}
	}
}

// March: up to four equivalents (5.35); a command marched this turn at
// most its division's AMs, at least one (5.28); the examples of 5.28 and
// 9.74: a reinforcement with one AM moves one equivalent.
func TestMarchEquivalents(t *testing.T) {
	for _, tc := range []struct {
		newly         bool
		ams, specific int
		want          int
	}{
		{false, 2, 0, 4},
		{true, 2, 0, 2},
		{true, 0, 0, 1},
		{false, 3, 1, 1},
		{true, 3, 2, 2},
	} {
		if got := MarchEquivalents(tc.newly, tc.ams, tc.specific); got != tc.want {
			t.Errorf("%+v: %d, want %d", tc, got, tc.want)
		}
	}
}

func pool(t *testing.T, first *AM) []AM {
	t.Helper()
	p, err := BuildPool([]PoolSide{
		{Side: Union, DivisionAMs: map[string]int{"2/I": 1, "1/I": 2}, HoldBack: map[string]int{"2/I": 1}, HasMarch: true},
		{Side: Confederate, DivisionAMs: map[string]int{"Hood": 2}, BattleAMs: []string{"Alexander"}},
	}, true, first)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The Pool holds each side's division AMs less those held back, the March
// AM of a side with units on March, battle AMs and the Random Event
// marker, less the Initiative player's first AM (5.13, 5.31).
func TestBuildPool(t *testing.T) {
	got := pool(t, &AM{Kind: DivisionAM, Side: Confederate, Command: "Hood"})
	want := []AM{
		{DivisionAM, Union, "1/I"}, {DivisionAM, Union, "1/I"}, {MarchAM, Union, ""},
		{DivisionAM, Confederate, "Hood"}, {BattleAM, Confederate, "Alexander"}, {RandomEventAM, NoSide, ""},
	}
	if !slices.Equal(got, want) {
		t.Errorf("pool %v, want %v", got, want)
	}
	for _, tc := range []struct {
		first AM
		want  string
	}{
		{AM{Kind: DivisionAM, Side: Union, Command: "2/I"}, "the first AM, the Union 2/I division AM, is not among that side's AMs"},
		{AM{Kind: RandomEventAM}, "must be one of the Initiative player's division AMs or his March AM"},
	} {
		_, err := BuildPool([]PoolSide{{Side: Union, DivisionAMs: map[string]int{"2/I": 1}, HoldBack: map[string]int{"2/I": 1}}}, true, &tc.first)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("first %v: %v", tc.first, err)
		}
	}
	_, err := BuildPool([]PoolSide{{Side: Union, DivisionAMs: map[string]int{"2/I": 1}, HoldBack: map[string]int{"2/I": 2}}}, false, nil)
	if err == nil || !strings.Contains(err.Error(), "cannot hold back 2 of its 1 AMs") {
		t.Errorf("hold back 2 of 1: %v", err)
	}
}

// Drawing the Pool empty takes one roll per marker but the last, a die
// the size of what is left; the same seed draws the same order, and the
// order can be recomputed from the roll log (5.31, 5.5; ruling GBACW-R8).
func TestDrawAMs(t *testing.T) {
	draw := func(d rules.Dice) []AM {
		var order []AM
		for p := pool(t, nil); len(p) > 0; {
			var m AM
			m, p = DrawAM(d, p)
			order = append(order, m)
		}
		return order
	}
	forced := &rules.ForcedDice{Results: []int{7, 1, 1, 4, 1, 2}}
	got := draw(forced)
	if n := len(forced.Rolls()); n != 6 {
		t.Errorf("%d rolls for 7 markers, want 6: the last is taken without one", n)
	}
	want := []AM{
		// The cup's sorted order: Confederate Alexander AM 1, Confederate
		// Hood division AM 1 and 2, Random Event marker 1, Union 1/I
		// division AM 1 and 2, Union March AM 1; a 7 of 7 is the March AM.
		{MarchAM, Union, ""}, {BattleAM, Confederate, "Alexander"}, {DivisionAM, Confederate, "Hood"},
		{DivisionAM, Union, "1/I"}, {DivisionAM, Confederate, "Hood"}, {DivisionAM, Union, "1/I"}, {RandomEventAM, NoSide, ""},
	}
	if !slices.Equal(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
	for i, r := range forced.Rolls() {
		if r.Sides != 7-i || r.Rule != "GBACW 5.31" {
			t.Errorf("roll %d: %v", i, r)
		}
	}
	seeded := rules.NewSeededDice([]byte("game 7 turn 2"))
	a := draw(seeded)
	if b := draw(rules.NewSeededDice([]byte("game 7 turn 2"))); !slices.Equal(a, b) {
		t.Errorf("same seed, different orders")
	}
	replay := &rules.ForcedDice{}
	for _, r := range seeded.Rolls() {
		replay.Results = append(replay.Results, r.Result)
	}
	if c := draw(replay); !slices.Equal(a, c) {
		t.Errorf("replayed order %v, want %v", c, a)
	}
}
