package gbacw

import (
	"maps"
	"strings"
	"testing"

	"galloper/rules"
)

func division(id string, ar int, inRange bool) DivisionCommand {
	return DivisionCommand{ID: id, ActivationRating: ar, LeaderOnMap: true, InCorpsRange: inRange}
}

// The example of GBACW 5.23: II Corps draws 3; its commander is +1; 1/II
// is out of range (2 AMs), 2/II gets the commander's +1 (4 AMs), 3/II's
// leader has Activation Rating +1 (4 AMs).
func TestExample523(t *testing.T) {
	ii := CorpsCommand{ID: "II", Rating: 1, OnMap: true, InOCRange: true, Divisions: []DivisionCommand{
		division("1/II", 0, false), division("2/II", 0, true), division("3/II", 1, true),
	}}
	e, err := ComputeEfficiency(OC{}, []CorpsCommand{ii}, map[string]int{"II": 3},
		Allocation{CorpsBonus: map[string][]string{"II": {"2/II"}}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"1/II": 2, "2/II": 4, "3/II": 4}
	if !maps.Equal(e.AMs, want) {
		t.Errorf("AMs %v, want %v", e.AMs, want)
	}
}

// The example of GBACW 5.4: XV Corps' Efficiency is 2, every division
// leader is in range and 2/XV's is +1: 2, 3 and 2 AMs. The player lowers
// 1/XV and 3/XV by one each and raises 2/XV: 1, 4 and 1.
func TestExample54(t *testing.T) {
	xv := CorpsCommand{ID: "XV", OnMap: true, InOCRange: true, Divisions: []DivisionCommand{
		division("1/XV", 0, true), division("2/XV", 1, true), division("3/XV", 0, true),
	}}
	e, err := ComputeEfficiency(OC{}, []CorpsCommand{xv}, map[string]int{"XV": 2},
		Allocation{Transfer: &Transfer{To: "2/XV", From: [2]string{"1/XV", "3/XV"}}})
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]int{"1/XV": 2, "2/XV": 3, "3/XV": 2}; !maps.Equal(e.Before, want) {
		t.Errorf("before the Transfer %v, want %v", e.Before, want)
	}
	if want := map[string]int{"1/XV": 1, "2/XV": 4, "3/XV": 1}; !maps.Equal(e.AMs, want) {
		t.Errorf("after the Transfer %v, want %v", e.AMs, want)
	}
}

// The OC's +1 (5.22), clamped to 4, and the corps commander's +2 given as
// +2 to one division or +1 to two (5.23 #1a).
func TestEfficiencyBonuses(t *testing.T) {
	corps := []CorpsCommand{
		{ID: "I", Rating: 2, OnMap: true, InOCRange: true, Divisions: []DivisionCommand{division("1/I", 0, true), division("2/I", 0, true)}},
		{ID: "II", Rating: 2, OnMap: true, InOCRange: true, Divisions: []DivisionCommand{division("1/II", 0, true), division("2/II", 0, true)}},
		{ID: "III", OnMap: true, InOCRange: true, Divisions: []DivisionCommand{division("1/III", 0, true)}},
	}
	e, err := ComputeEfficiency(OC{InitiativeRating: 2}, corps, map[string]int{"I": 1, "II": 2, "III": 4},
		Allocation{OCBonus: []string{"I", "III"}, CorpsBonus: map[string][]string{"I": {"1/I", "1/I"}, "II": {"1/II", "2/II"}}})
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]int{"I": 2, "II": 2, "III": 4}; !maps.Equal(e.Corps, want) {
		t.Errorf("corps Efficiency %v, want %v (III's 4+1 stays 4, 5.22)", e.Corps, want)
	}
	if want := map[string]int{"1/I": 4, "2/I": 2, "1/II": 3, "2/II": 3, "1/III": 4}; !maps.Equal(e.AMs, want) {
		t.Errorf("AMs %v, want %v", e.AMs, want)
	}
}

// A -1 corps commander lowers every In Command division (5.23 #1c) but
// not one out of range, which takes its own -1 (#2); the result is never
// below 1 (5.24); an out-of-range division never has more than 3 (5.25);
// a CI division never more than 2 (13.32); an off-map leader's Activation
// Rating does not apply (#3) but an entering one's does (9.71).
func TestEfficiencyClamps(t *testing.T) {
	corps := []CorpsCommand{
		{ID: "I", Rating: -1, OnMap: true, InOCRange: true, Divisions: []DivisionCommand{
			division("in", 0, true),
			division("out", 0, false),
			division("low", -2, true),
		}},
		{ID: "II", Rating: 0, OnMap: true, Divisions: []DivisionCommand{
			division("out-high", 2, false),
			{ID: "ci", ActivationRating: 1, LeaderOnMap: true, InCorpsRange: true, Ineffective: true},
			{ID: "offmap", ActivationRating: 1},
			{ID: "entering", ActivationRating: 1, Entering: true},
		}},
	}
	e, err := ComputeEfficiency(OC{}, corps, map[string]int{"I": 2, "II": 3}, Allocation{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"in": 1, "out": 1, "low": 1, "out-high": 3, "ci": 2, "offmap": 2, "entering": 4}
	if !maps.Equal(e.AMs, want) {
		t.Errorf("AMs %v, want %v", e.AMs, want)
	}
}

// Every fault of an allocation is reported at once, each with its rule.
func TestEfficiencyRefusesBadAllocations(t *testing.T) {
	corps := []CorpsCommand{
		{ID: "I", Rating: 1, OnMap: true, InOCRange: true, Divisions: []DivisionCommand{division("1/I", 0, true), division("2/I", 0, false), division("3/I", 0, true)}},
		{ID: "II", Rating: 0, OnMap: true, InOCRange: false, Divisions: []DivisionCommand{division("1/II", 0, true)}},
	}
	ems := map[string]int{"I": 2, "II": 1}
	cases := []struct {
		name string
		oc   OC
		a    Allocation
		want []string
	}{
		{"too many OC bonuses", OC{InitiativeRating: 1}, Allocation{OCBonus: []string{"I", "II"}},
			[]string{"may raise at most 1 corps, not 2 (GBACW 5.22)", "corps II's commander is not on the map within the OC's Command Range (GBACW 5.22)"}},
		{"OC moved", OC{InitiativeRating: 1, MovedOver10: true}, Allocation{OCBonus: []string{"I"}},
			[]string{"(GBACW 9.32)"}},
		{"+1 commander gives two", OC{}, Allocation{CorpsBonus: map[string][]string{"I": {"1/I", "3/I"}}},
			[]string{"Efficiency Rating +1 and may give 1, not 2 (GBACW 5.23 #1)"}},
		{"bonus out of range", OC{}, Allocation{CorpsBonus: map[string][]string{"I": {"2/I"}}},
			[]string{"division 2/I's leader is not within corps I's commander's Command Range (GBACW 5.23 #1)"}},
		{"0 commander gives", OC{}, Allocation{CorpsBonus: map[string][]string{"II": {"1/II"}}},
			[]string{"Efficiency Rating +0 and may give 0, not 1"}},
		{"transfer to zero", OC{}, Allocation{Transfer: &Transfer{To: "1/I", From: [2]string{"3/I", "3/I"}}},
			[]string{"division 3/I would drop from 2 to 0 AMs; a Transfer may not reduce a division to 0 (GBACW 5.43)"}},
		{"transfer without chain", OC{}, Allocation{Transfer: &Transfer{To: "1/II", From: [2]string{"2/I", "3/I"}}},
			[]string{"division 1/II (receiving) has no chain of command to the OC (GBACW 5.42)", "division 2/I (paying) has no chain of command to the OC (GBACW 5.42)"}},
		{"transfer to itself", OC{}, Allocation{Transfer: &Transfer{To: "1/I", From: [2]string{"1/I", "3/I"}}},
			[]string{"division 1/I cannot pay for its own extra AM (GBACW 5.43)"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ComputeEfficiency(tc.oc, corps, ems, tc.a)
			if err == nil {
				t.Fatal("accepted")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
		})
	}
}

// A Transfer may not raise a division above 4 (5.43).
func TestTransferAboveFour(t *testing.T) {
	corps := []CorpsCommand{{ID: "I", OnMap: true, InOCRange: true, Divisions: []DivisionCommand{
		division("1/I", 1, true), division("2/I", 0, true)}}}
	_, err := ComputeEfficiency(OC{}, corps, map[string]int{"I": 3},
		Allocation{Transfer: &Transfer{To: "1/I", From: [2]string{"2/I", "2/I"}}})
	if err == nil || !strings.Contains(err.Error(), "division 1/I would rise from 4 to 5 AMs; a Transfer may not raise a division above 4 (GBACW 5.43)") {
		t.Fatalf("got %v", err)
	}
}

// EMs are drawn without replacement, one roll of a die the size of the
// cup per corps, from the cup sorted: 1 1 2 2 2 3 3 4 here.
func TestDrawEMs(t *testing.T) {
	pool := []int{3, 2, 1, 4, 2, 3, 2, 1}
	d := &rules.ForcedDice{Results: []int{8, 1, 6}}
	got, err := DrawEMs(d, pool, []string{"I", "II", "III"})
	if err != nil {
		t.Fatal(err)
	}
	// Position 8 of 8 is the 4; position 1 of 7 a 1; position 6 of 6 (1 2 2 2 3 3) a 3.
	if want := map[string]int{"I": 4, "II": 1, "III": 3}; !maps.Equal(got, want) {
		t.Errorf("EMs %v, want %v", got, want)
	}
	rolls := d.Rolls()
	if len(rolls) != 3 || rolls[0].Sides != 8 || rolls[1].Sides != 7 || rolls[2].Sides != 6 ||
		rolls[0].Rule != "GBACW 5.21" || !strings.HasPrefix(rolls[2].Purpose, "Efficiency Marker: corps III: pick 3 of 1..6 = EM 1 #2, EM 2 #1") {
		t.Errorf("rolls %v", rolls)
	}
	if _, err := DrawEMs(d, []int{1, 5}, []string{"I"}); err == nil || !strings.Contains(err.Error(), "the EM pool holds a 5") {
		t.Errorf("a 5 in the pool: %v", err)
	}
	if _, err := DrawEMs(d, []int{1}, []string{"I", "II"}); err == nil || !strings.Contains(err.Error(), "2 corps need an Efficiency Marker but the EM pool holds 1") {
		t.Errorf("too few EMs: %v", err)
	}
}

// The same seed draws the same EMs, and the draw can be recomputed from
// the roll log alone.
func TestDrawEMsSeeded(t *testing.T) {
	pool := []int{1, 2, 2, 3, 3, 3, 4}
	corps := []string{"I", "II", "III", "IV"}
	a, err := DrawEMs(rules.NewSeededDice([]byte("turn 3")), pool, corps)
	if err != nil {
		t.Fatal(err)
	}
	d := rules.NewSeededDice([]byte("turn 3"))
	b, _ := DrawEMs(d, pool, corps)
	if !maps.Equal(a, b) {
		t.Fatalf("same seed, different draws: %v and %v", a, b)
	}
	replay := &rules.ForcedDice{}
	for _, r := range d.Rolls() {
		replay.Results = append(replay.Results, r.Result)
	}
	c, _ := DrawEMs(replay, pool, corps)
	if !maps.Equal(a, c) {
		t.Fatalf("replayed from the roll log: %v, want %v", c, a)
	}
}

// A corps commander's Efficiency Rating is -1 to +2 (4.12); a corps with
// no EM is a fault (5.21).
func TestEfficiencyRefusesBadCorps(t *testing.T) {
	corps := []CorpsCommand{{ID: "I", Rating: 3, OnMap: true, Divisions: []DivisionCommand{division("1/I", 0, true)}},
		{ID: "II", OnMap: true, Divisions: []DivisionCommand{division("1/II", 0, true)}}}
	_, err := ComputeEfficiency(OC{}, corps, map[string]int{"I": 2}, Allocation{})
	for _, w := range []string{"corps I: Efficiency Rating +3 is outside -1 to +2 (GBACW 4.12)", "corps II has no Efficiency Marker (GBACW 5.21)"} {
		if err == nil || !strings.Contains(err.Error(), w) {
			t.Errorf("error %v lacks %q", err, w)
		}
	}
}
