package gbacw

import (
	"testing"

	"galloper/rules"
)

// TestPreparedFire checks 10.52's list on one infantry unit of the field:
// within its Prepared range, in Good Order, under Advance Orders, it has
// Prepared Fire; not after moving (phasing), nor after it advanced or
// retreated in the activation, nor Disordered, nor as cavalry or guns.
func TestPreparedFire(t *testing.T) {
	sc := fieldScenario(t)
	s := sc.start.clone()
	s.Units = append(s.Units, UnitSt{Name: "Yanks", Side: "USA", Brigade: "A Brigade", Kind: "infantry", Hex: "0707", SP: 5, Cohesion: 6, Disordered: 4, MA: 6, Weapon: "R"})
	r := &resolver{sys: New(), s: s, log: &rules.Log{}}
	u := &s.Units[len(s.Units)-1]
	check := func(what string, kind fireKind, d int, want bool) {
		t.Helper()
		if got := r.prepared(u, kind, d, 1); got != want {
			t.Errorf("%s: prepared %v, want %v", what, got, want)
		}
	}
	check("in range, Good Order, Advance", phasingFire, 1, true)
	check("beyond the Prepared range (10.51)", phasingFire, 2, false)
	u.Moved = true
	check("phasing after moving", phasingFire, 1, false)
	check("returning fire after moving in its own activation", returnFire, 1, true)
	u.Moved = false
	r.retreat(u, "0807", 1)
	if u.Hex == "0707" {
		t.Fatal("the unit did not retreat")
	}
	check("after a retreat this activation", returnFire, 1, false)
	r.shifted = nil
	u.Status = StDisordered
	check("Disordered", returnFire, 1, false)
	u.Status = StGood
	u.Kind = "cavalry"
	check("mounted cavalry", returnFire, 1, false)
	u.Kind = "artillery"
	check("artillery", phasingFire, 1, false)
	u.Kind = "infantry"
	s.brigade("A Brigade").Orders = March.String()
	check("under March Orders", returnFire, 1, false)
}
