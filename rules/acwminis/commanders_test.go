package acwminis

import (
	"slices"
	"strings"
	"testing"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/rulestest"
)

// TestCommanderRefusals checks that a refused COMMANDER order names the
// reason with the numbers that decided it and the farthest point he may
// reach (ruling A22).
func TestCommanderRefusals(t *testing.T) {
	for _, c := range []struct {
		state []string
		order string
		want  string
	}{
		{[]string{"add A at=50,10"}, "COMMANDER Meredith: TO 1,25.001",
			`Meredith: TO 1,25.001: the point is 24.001" away, more than a commander's 24" | largest legal: TO 1,25`},
		{[]string{"add B side=CSA at=20,20 facing=180", "set Meredith at=20,10"}, "COMMANDER Meredith: TO 20,19",
			`Meredith: TO 20,19: he stops after 8.5": it would come within 1" of B (gap 1.000") | largest legal: TO 20,18.5`},
		{[]string{"add A at=50,10", "set Meredith at=62,20"}, "COMMANDER Meredith: TO 62,32",
			`Meredith: TO 62,32: he stops after 9.5": it would pass into Farm | largest legal: TO 62,29.5`},
		{[]string{"add A at=20,20", "set Meredith at=20,15"}, "COMMANDER Meredith: TO 20,19.5",
			`Meredith: TO 20,19.5: he would end on A: a move through a friend must clear it | largest legal: TO 20,18.5`},
		{[]string{"add A at=50,10"}, "COMMANDER Meredith: TOWARD Nowhere",
			`Meredith: TOWARD Nowhere: there is no unit or feature called Nowhere on the table | `},
		{[]string{"add A at=50,10"}, "COMMANDER Archer: TO 60,40",
			`USA has no commander called Archer | `},
	} {
		got, notes := validate(t, caseState(t, c.state...), c.order)
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.order, got, c.want)
		}
		if len(notes) != 0 {
			t.Errorf("%s: a refused order has a dry run: %q", c.order, notes)
		}
	}
}

// TestCommanderDryRun checks the receipt's dry run of a commander's move:
// where he ends, what stopped him, listed before the units' moves of step
// 1d, whose own moves see where he stands.
func TestCommanderDryRun(t *testing.T) {
	s := caseState(t, "add A at=20,20", "add C at=30,10", "set Meredith at=20,5")
	got, notes := validate(t, s, "ADVANCE C: FORWARD 1\nCOMMANDER Meredith: TOWARD A")
	if len(got) != 0 {
		t.Fatalf("refused: %q", got)
	}
	want := `COMMANDER Meredith: TOWARD A; from (20.000", 5.000") to (20.000", 18.500"), 13.5" of 24", stopped 0" from A`
	if len(notes) != 2 || notes[0] != want || !strings.HasPrefix(notes[1], "ADVANCE C: FORWARD 1") {
		t.Fatalf("dry run %q, want %q first", notes, want)
	}
	if c := s.commander("Meredith"); c.At != [2]int64{20000, 5000} {
		t.Fatalf("the dry run moved the real commander to %v", c.At)
	}
}

// TestCommanderCutShortAtResolution resolves a TO that Validate would
// refuse (an enemy having come within reach): he goes as far as he
// legally may, and the event names no unit.
func TestCommanderCutShortAtResolution(t *testing.T) {
	s := caseState(t, "add B side=CSA at=20,20 facing=180", "set Meredith at=20,10")
	sys := New()
	f, ps := rulestest.ParseOrders(sys, rulestest.Envelope("USA", s.Turn)+"COMMANDER Meredith: TO 20,19\n")
	if len(ps) != 0 {
		t.Fatal(ps)
	}
	res, err := sys.Resolve(rules.Input{State: s, Orders: map[rules.Side]*orders.File{"USA": f}, Dice: &rules.ForcedDice{}})
	if err != nil {
		t.Fatal(err)
	}
	if c := res.Next.(*State).commander("Meredith"); c.At != [2]int64{20000, 18500} {
		t.Fatalf("Meredith ends at %v, want 20,18.5", c.At)
	}
	i := slices.IndexFunc(res.Events, func(e rules.Event) bool { return e.Kind == "commander-moved" })
	if i < 0 || strings.Contains(res.Events[i].Text, "B") {
		t.Fatalf("events %v", res.Events)
	}
}
