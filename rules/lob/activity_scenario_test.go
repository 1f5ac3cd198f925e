package lob

import (
	"strings"
	"testing"

	"galloper/orders"
	"galloper/rules"
)

// TestActivityOnLanternRidge carries out an activity script on the default
// scenario with the provisional chart pack: its consolidated brigades
// change formation and move, and a FIRE out of sight is refused with its
// reason (LoB 4.3).
func TestActivityOnLanternRidge(t *testing.T) {
	g, err := New().NewGame(DefaultScenario, nil)
	if err != nil {
		t.Fatal(err)
	}
	st := g.(*State)
	text := "GAME lr\nSIDE CSA\nTURN 1\nSTACK Ames' Brigade\n  FORMATION LINE\n  FACE NE\nEND\nSTACK Pryor's Brigade\n  MOVE A4.4\nEND\nSTACK Lytle's Brigade\n  FIRE A17.11\nEND\n"
	f := validOrders(t, st, text)
	res, err := New().Resolve(rules.Input{State: st, Orders: map[rules.Side]*orders.File{st.side(): f}, Dice: rules.NewSeededDice([]byte("lr"))})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"formation: Ames' Brigade changes from column to line",
		"face: Ames' Brigade faces NE",
		"move: Pryor's Brigade moves A4.5 to A4.4",
		"fire-refused: Lytle's Brigade cannot fire at A17.11: range 14 is beyond the visibility of 6 hexes",
	}
	var got []string
	for _, e := range res.Events {
		got = append(got, e.Kind+": "+e.Text)
	}
	all := strings.Join(got, "\n")
	for _, w := range want {
		if !strings.Contains(all, w) {
			t.Errorf("no event %q in:\n%s", w, all)
		}
	}
	next := res.Next.(*State)
	if p := next.piece("Pryor's Brigade"); p.Hex != "A4.4" {
		t.Errorf("Pryor's Brigade is in %s, want A4.4", p.Hex)
	}
	if u := next.piece("Ames' Brigade").Unit; u.Formation != "line" || u.Facing != facingIndex("NE") {
		t.Errorf("Ames' Brigade is in %s facing %s, want line facing NE", u.Formation, facingNames[u.Facing])
	}
}

// TestNoWeaponCode shows that a unit without a weapon code cannot fire and
// says why (LoB 5.0).
func TestNoWeaponCode(t *testing.T) {
	g, err := New().NewGame(DefaultScenario, nil)
	if err != nil {
		t.Fatal(err)
	}
	st := g.(*State)
	p := st.piece("Lytle's Brigade")
	p.Unit.Formation = "line"
	r := &resolver{s: st, side: st.side(), log: &rules.Log{}}
	if _, _, why := r.weaponRange(p); why != "the scenario gives it no weapon code" {
		t.Errorf("weaponRange: %q", why)
	}
}
