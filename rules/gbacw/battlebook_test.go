package gbacw

import (
	"os"
	"strings"
	"testing"
)

// TestBattleBookFormationFaults: the Battle Book's artillery commanders
// and Reserve formations (4.33) are checked on load, each fault named.
func TestBattleBookFormationFaults(t *testing.T) {
	data, err := os.ReadFile("testdata/field.yaml")
	if err != nil {
		t.Fatal(err)
	}
	const hunt = `{name: Hunt, side: USA, hex: "0201", range: 8, ams: 1, brigades: [Art Brigade]}`
	good := "battle_book: {artillery_commanders: [" + hunt + "], reserve_formations: [{id: Artillery Reserve, brigades: [Art Brigade], release_turn: 3}]}\n"
	if _, err := LoadScenario("field", append(data, good...)); err != nil {
		t.Fatalf("a good Battle Book refused: %v", err)
	}
	for _, c := range []struct{ book, want string }{
		{`{artillery_commanders: [{name: Hunt, side: USA, hex: "0201", range: 8, ams: 1, brigades: [A Brigade]}]}`, `A Brigade is not an artillery brigade`},
		{`{artillery_commanders: [{name: Hunt, side: USA, hex: "0201", range: 8, ams: 1, brigades: [Nobody]}]}`, `"Nobody" is not a brigade of the scenario`},
		{`{artillery_commanders: [{name: Hunt, side: CSA, hex: "0201", range: 8, ams: 1, brigades: [Art Brigade]}]}`, `Art Brigade is not of the CSA`},
		{`{artillery_commanders: [{name: Hunt, side: USA, hex: "9999", range: 8, ams: 1, brigades: [Art Brigade]}]}`, `hex "9999" is not a hex of the map`},
		{`{artillery_commanders: [{name: Hunt, side: USA, hex: "0201", range: 0, ams: 1, brigades: [Art Brigade]}]}`, `range is 0`},
		{`{artillery_commanders: [{name: Hunt, side: USA, hex: "0201", range: 8, ams: 5, brigades: [Art Brigade]}]}`, `ams is 5`},
		{`{artillery_commanders: [{name: Hunt, side: USA, hex: "0201", range: 8, ams: 1}]}`, `name the artillery brigades`},
		{`{artillery_commanders: [{name: Meredith, side: USA, hex: "0201", range: 8, ams: 1, brigades: [Art Brigade]}]}`, `Meredith is named twice`},
		{`{artillery_commanders: [{name: Hunt, side: Prussia, hex: "0201", range: 8, ams: 1, brigades: [Art Brigade]}]}`, `side "Prussia"`},
		{`{reserve_formations: [{id: Reserve, brigades: [Nobody]}]}`, `"Nobody" is not a brigade of the scenario`},
		{`{reserve_formations: [{id: Reserve, brigades: [D Brigade]}]}`, `D Brigade enters on turn 2`},
		{`{reserve_formations: [{id: Reserve, brigades: [A Brigade]}, {id: Other, brigades: [A Brigade]}]}`, `A Brigade is already in Reserve`},
		{`{reserve_formations: [{id: Reserve, brigades: []}]}`, `name its brigades`},
		{`{reserve_formations: [{brigades: [A Brigade]}]}`, `give the formation's id`},
		{`{reserve_formations: [{id: Reserve, brigades: [A Brigade], release_turn: -1}]}`, `release_turn is -1`},
		{`{reserve_formations: [{id: Reserve, brigades: [A Brigade], until: 3}]}`, `field until not found`},
	} {
		_, err := LoadScenario("field", append(append([]byte{}, data...), "battle_book: "+c.book+"\n"...))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.book, err, c.want)
		}
	}
}

// TestReserveFormationStartsInReserve: the formation's brigades are In
// Reserve as the scenario loads (4.33, 6.32).
func TestReserveFormationStartsInReserve(t *testing.T) {
	data, err := os.ReadFile("testdata/field.yaml")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := LoadScenario("field", append(data, "battle_book: {reserve_formations: [{id: Reserve, brigades: [A Brigade]}]}\n"...))
	if err != nil {
		t.Fatal(err)
	}
	if !sc.start.brigade("A Brigade").Reserve || sc.start.brigade("B Brigade").Reserve {
		t.Errorf("A Brigade In Reserve %v, B Brigade %v; want true, false", sc.start.brigade("A Brigade").Reserve, sc.start.brigade("B Brigade").Reserve)
	}
}
