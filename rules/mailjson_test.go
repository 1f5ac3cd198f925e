package rules

import (
	"reflect"
	"testing"
)

// TestEventDocsNumberASidesRolls: a player's mail JSON numbers its rolls
// by their place among the rolls its side may see, as its dice openings
// do, so the numbers do not tell how many rolls were made for the other
// side; the umpire's keep the segment's index.
func TestEventDocsNumberASidesRolls(t *testing.T) {
	roll := func(i int, vis ...Side) Event {
		return Event{Kind: "roll", Rule: "LoB 10.6", Text: "roll", Visible: vis, Roll: &Roll{Index: i, Sides: 6, Result: 1 + i%6}}
	}
	events := []Event{roll(0, "USA"), roll(1, "USA"), roll(2), {Kind: "fire", Text: "fire"}, roll(3, "USA"), roll(4, "CSA"), roll(5)}
	indices := func(side Side) []int {
		var out []int
		for _, d := range EventDocs(events, side) {
			if d.Roll != nil {
				out = append(out, d.Roll.Index)
			}
		}
		return out
	}
	if got, want := indices("CSA"), []int{0, 1, 2}; !reflect.DeepEqual(got, want) {
		t.Errorf("CSA's rolls numbered %v, want %v", got, want)
	}
	if got, want := indices("USA"), []int{0, 1, 2, 3, 4}; !reflect.DeepEqual(got, want) {
		t.Errorf("USA's rolls numbered %v, want %v", got, want)
	}
	if got, want := indices(""), []int{0, 1, 2, 3, 4, 5}; !reflect.DeepEqual(got, want) {
		t.Errorf("the umpire's rolls numbered %v, want %v", got, want)
	}
	docs := EventDocs(events, "CSA")
	if docs[0].Roll.Result != 3 || docs[2].Roll.Result != 5 || docs[3].Roll.Result != 6 {
		t.Errorf("renumbering changed the rolls: %+v", docs)
	}
}

// TestEventDocsRenumberARollsText: a roll event's own text, which starts
// with its index ("#4 d6=5 ..."), is numbered by the roll's place too:
// with a roll made for the other side before it, or not, the side's mail
// reads the same.
func TestEventDocsRenumberARollsText(t *testing.T) {
	roll := func(i int, purpose string, vis ...Side) Event {
		r := Roll{Index: i, Purpose: purpose, Rule: "GBACW 12.54", Sides: 10, Result: 7}
		return Event{Kind: "roll", Rule: r.Rule, Text: r.String(), Visible: vis, Roll: &r}
	}
	with := []Event{roll(0, "a"), roll(1, "hidden", "USA"), roll(2, "b"), {Kind: "note", Text: "#9 is no roll"}}
	without := []Event{roll(0, "a"), roll(1, "b"), {Kind: "note", Text: "#9 is no roll"}}
	a, b := EventDocs(with, "CSA"), EventDocs(without, "CSA")
	if !reflect.DeepEqual(a, b) {
		t.Errorf("CSA's mail differs by a USA roll:\n%+v\n%+v", a, b)
	}
	if got := a[1].Text; got != "#1 d10=7 b (GBACW 12.54)" {
		t.Errorf("the second roll reads %q", got)
	}
	if got := EventDocs(with, "")[2].Text; got != "#2 d10=7 b (GBACW 12.54)" {
		t.Errorf("the umpire's roll reads %q, want the segment's index", got)
	}
}
