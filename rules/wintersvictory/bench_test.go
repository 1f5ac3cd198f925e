package wintersvictory

import (
	"fmt"
	"strings"
	"testing"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/rulestest"
)

// bigBattle is Serpallen with 60 units a side: ten brigades of six, each
// brigade a column of hexes (rows 2-7) with its leader in the middle and
// an unlimbered battery in its fourth hex; the French in columns from
// frenchCol eastward facing E, the Allies in columns from alliedCol
// facing W.
func bigBattle(t testing.TB, frenchCol, alliedCol int) *State {
	st, err := New().NewGame("serpallen", nil)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	var leaders []Leader
	for _, l := range s.Leaders {
		if l.Level != Brigade {
			leaders = append(leaders, l)
		}
	}
	s.Leaders, s.Units = leaders, nil
	for _, side := range sides {
		col0, facing, div := frenchCol, "E", "Friant"
		if side == SideAllied {
			col0, facing, div = alliedCol, "W", "Essen"
		}
		f, _ := facingIndex(facing)
		for b := range 10 {
			col := col0 + b
			name := fmt.Sprintf("%s Brigade %d", side, b+1)
			s.Leaders = append(s.Leaders, Leader{Name: name, Side: side, Level: Brigade, Superior: div,
				Hex: fmt.Sprintf("%02d04", col), Radius: []int{3}, MA: []int{8}})
			for row := 2; row <= 7; row++ {
				u := Unit{Name: fmt.Sprintf("%s %d-%d", side, b+1, row), Side: side, Nation: "French", Type: "infantry",
					Brigade: name, Hex: fmt.Sprintf("%02d%02d", col, row), Facing: f, Formation: "line",
					Strength: 9, Printed: 9, ER: 5, EM: 1, FireClass: 2, MA: 5}
				if side == SideAllied {
					u.Nation = "Russian"
				}
				if row == 4 {
					u.Type, u.Formation, u.Strength, u.Printed, u.Crew, u.Ammo, u.FireClass = "artillery", "unlimbered", 8, 8, 3, 8, 2
				}
				s.Units = append(s.Units, u)
			}
		}
	}
	s.Standing = map[rules.Side]map[string]string{SideFrench: {"RETREAT": "AWAY", "REACTION": "TOWARD"}, SideAllied: {"RETREAT": "AWAY", "REACTION": "TOWARD"}}
	return s
}

func parseBench(t testing.TB, side rules.Side, turn int, body string) *orders.File {
	f, ps := rulestest.ParseOrders(New(), rulestest.Envelope(side, turn)+body)
	if len(ps) > 0 {
		t.Fatalf("orders do not parse: %+v", ps)
	}
	return f
}

// movementOrders moves every French infantry battalion two hexes east,
// the front brigade first.
func movementOrders(s *State) string {
	var b strings.Builder
	for i := len(s.Units) - 1; i >= 0; i-- {
		u := &s.Units[i]
		if u.Side != SideFrench || u.Type != "infantry" {
			continue
		}
		o, _ := layout.ParseID(u.Hex)
		a := layout.ToAxial(o)
		p1 := layout.ID(layout.ToOffset(a.Neighbor(0)))
		p2 := layout.ID(layout.ToOffset(a.Neighbor(0).Neighbor(5)))
		fmt.Fprintf(&b, "MOVE %s: %s %s\n", u.Name, p1, p2)
	}
	return b.String()
}

// fireOrders gives every unit of a side a plan at its three nearest
// enemy units.
func fireOrders(s *State, side rules.Side) string {
	var b strings.Builder
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != side {
			continue
		}
		type cand struct {
			n string
			d int
		}
		var cs []cand
		for j := range s.Units {
			if e := &s.Units[j]; e.Side != side && s.observes(u.Hex, e.Hex) {
				cs = append(cs, cand{e.Name, s.dist(u.Hex, e.Hex)})
			}
		}
		if len(cs) < 3 {
			continue // fewer than three enemy units in its line of sight (10.4)
		}
		for k := 0; k < 3; k++ { // a partial selection sort: the three nearest
			for j := k + 1; j < len(cs); j++ {
				if cs[j].d < cs[k].d {
					cs[k], cs[j] = cs[j], cs[k]
				}
			}
		}
		reach := 2
		if u.Type == "artillery" {
			reach = 8
		}
		if cs[0].d > reach {
			continue
		}
		fmt.Fprintf(&b, "FIRE %s: %s, %s, %s\n", u.Name, cs[0].n, cs[1].n, cs[2].n)
	}
	return b.String()
}

// TestBigBattleOrdersLegal: the benchmarks' orders are legal, so they
// measure real work.
func TestBigBattleOrdersLegal(t *testing.T) {
	sys := New()
	s := bigBattle(t, 3, 16)
	s.Step = stepFrenchMove
	f := parseBench(t, SideFrench, s.Turn, movementOrders(s))
	if ps := sys.Validate(s, SideFrench, f); len(ps) > 0 {
		t.Fatalf("movement orders refused: %+v", ps[0])
	}
	if n := len(f.Orders); n != 50 {
		t.Fatalf("%d moves, want 50", n)
	}
	s = bigBattle(t, 3, 14)
	s.Step = stepFire
	for _, side := range sides {
		f := parseBench(t, side, s.Turn, fireOrders(s, side))
		if ps := sys.Validate(s, side, f); len(ps) > 0 {
			t.Fatalf("%s fire plans refused: %+v", side, ps[0])
		}
		if len(f.Orders) < 5 { // the rear ranks see past no one (10.4)
			t.Fatalf("%s: only %d fire plans", side, len(f.Orders))
		}
	}
}

// BenchmarkMovementPhase60 validates and resolves a French Movement
// Phase with 60 units a side: 50 battalions each move two hexes.
func BenchmarkMovementPhase60(b *testing.B) {
	sys := New()
	s := bigBattle(b, 3, 16)
	s.Step = stepFrenchMove
	f := parseBench(b, SideFrench, s.Turn, movementOrders(s))
	for b.Loop() {
		if ps := sys.Validate(s, SideFrench, f); len(ps) > 0 {
			b.Fatal(ps[0])
		}
		res, err := sys.Resolve(rules.Input{State: s, Orders: map[rules.Side]*orders.File{SideFrench: f}, Dice: rules.NewSeededDice([]byte("bench"))})
		if err != nil || res.Next == nil {
			b.Fatal(err, res.Pauses)
		}
	}
}

// BenchmarkReciprocalFire60 validates both sides' fire plans and resolves
// a Reciprocal Fire Phase with 60 units a side, the lines 2 hexes apart:
// every front-line battalion and every battery fires.
func BenchmarkReciprocalFire60(b *testing.B) {
	sys := New()
	s := bigBattle(b, 3, 14)
	s.Step = stepFire
	files := map[rules.Side]*orders.File{}
	for _, side := range sides {
		files[side] = parseBench(b, side, s.Turn, fireOrders(s, side))
	}
	for b.Loop() {
		for _, side := range sides {
			if ps := sys.Validate(s, side, files[side]); len(ps) > 0 {
				b.Fatal(ps[0])
			}
		}
		res, err := sys.Resolve(rules.Input{State: s, Orders: files, Dice: rules.NewSeededDice([]byte("bench"))})
		if err != nil || res.Next == nil {
			b.Fatal(err, res.Pauses)
		}
	}
}
