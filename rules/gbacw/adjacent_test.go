package gbacw

import (
	"slices"
	"testing"

	"galloper/rules"
)

// adjacentEnemies reads the units once for the six hexes round a hex; it
// must give what asking enemiesAt of each hex in turn gives, an enemy
// Extended Line reaching next to the hex included. Checked on every hex
// and side of the benchmark's 160 units before and after a turn, with
// some units given Extended Lines and Columns.
func TestAdjacentEnemiesAsEnemiesAt(t *testing.T) {
	s, files := benchTurn(t)
	res, err := New().Resolve(rules.Input{State: s, Orders: files, Dice: rules.NewSeededDice([]byte("adjacent"))})
	if err != nil || res.Paused() {
		t.Fatalf("%v %+v", err, res.Pauses)
	}
	after := res.Next.(*State)
	extended := s.clone()
	n := 0
	for i := range extended.Units {
		u := &extended.Units[i]
		if !u.onMap() || i%7 != 0 {
			continue
		}
		right, left := extended.flankDirs(u.Facing)
		at := extended.axial(u.Hex)
		if i%2 == 0 {
			u.ExtLeft = extended.hexID(at.Neighbor(left))
		} else {
			u.ColA, u.ColB = extended.hexID(at.Neighbor(right)), extended.hexID(at.Neighbor(right).Neighbor(right))
		}
		n++
	}
	if n == 0 {
		t.Fatal("no unit was extended")
	}
	checked := 0
	for _, st := range []*State{s, after, extended} {
		for id := range st.g.axial {
			for _, side := range []rules.Side{"USA", "CSA"} {
				var want []*UnitSt
				a := st.axial(id)
				for dir := range 6 {
					if nid := st.hexID(a.Neighbor(dir)); nid != "" {
						for _, e := range st.enemiesAt(nid, side) {
							if e.combat() {
								want = append(want, e)
							}
						}
					}
				}
				got := st.adjacentEnemies(id, side)
				if !slices.Equal(got, want) {
					t.Fatalf("next to %s, %s's enemies are %s, want %s", id, side, unitNames(got), unitNames(want))
				}
				if len(want) > 0 {
					checked++
				}
			}
		}
	}
	if checked < 100 {
		t.Fatalf("only %d hexes had enemies next to them", checked)
	}
}
