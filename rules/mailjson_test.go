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
