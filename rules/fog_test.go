package rules

import "testing"

// TestFogEvents checks who is told what under fog of war: an event about
// an enemy piece known at both ends in full, one known at one end only by
// a single cut copy, one known at neither end not at all, and one naming
// the side's own piece in full.
func TestFogEvents(t *testing.T) {
	sides := []Side{"Blue", "Red"}
	pieces := []FogPiece{
		{Name: "1st Blue", Side: "Blue", Known: map[Side][2]bool{"Red": {true, true}}},
		{Name: "2nd Blue", Side: "Blue", Known: map[Side][2]bool{"Red": {true, false}}},
		{Name: "3rd Blue", Side: "Blue", Known: map[Side][2]bool{"Red": {false, false}}},
		{Name: "1st Red", Side: "Red", Known: map[Side][2]bool{"Blue": {true, true}}},
	}
	events := []Event{
		{Kind: "move", Text: "1st Blue moves from 0101 to 0102"},
		{Kind: "move", Text: "2nd Blue moves from 0201 to 0909"},
		{Kind: "rally", Text: "2nd Blue's colonel rallies it"},
		{Kind: "move", Text: "3rd Blue moves from 0301 to 0302"},
		{Kind: "fire", Text: "3rd Blue fires at 1st Red"},
		{Kind: "game-over", Text: "3rd Blue holds the bridge: Blue wins"},
	}
	rolls := []Roll{{Rule: "R 1", Purpose: "3rd Blue fire", Sides: 6, Result: 4}}
	got := FogEvents(sides, pieces, events, rolls, "ruling X", "game-over")
	told := func(side Side) []string {
		var out []string
		for _, e := range got {
			if e.VisibleTo(side) {
				out = append(out, e.Text)
			}
		}
		return out
	}
	want := []string{
		"1st Blue moves from 0101 to 0102",
		"2nd Blue moved into or out of sight",
		"3rd Blue fires at 1st Red",
		"3rd Blue holds the bridge: Blue wins",
	}
	if r := told("Red"); !equalStrings(r, want) {
		t.Errorf("Red is told %q, want %q", r, want)
	}
	if b := told("Blue"); len(b) != len(events)+len(rolls) {
		t.Errorf("Blue is told %d events, want all %d: %q", len(b), len(events)+len(rolls), b)
	}
	if u := told(""); len(u) != len(events)+len(rolls) {
		t.Errorf("the umpire is told %d events, want the %d that are not copies", len(u), len(events)+len(rolls))
	}
	for _, c := range []struct {
		text, name string
		want       bool
	}{{"17th Tennessee fires", "7th Tennessee", false}, {"Fry's script", "Fry", true}, {"Fryer moves", "Fry", false}, {"at Fry.", "Fry", true}} {
		if NamedIn(c.text, c.name) != c.want {
			t.Errorf("NamedIn(%q, %q) = %v", c.text, c.name, !c.want)
		}
	}
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
