package wintersvictory

import (
	"reflect"
	"testing"
)

// 17.63 (lines 2602-2610): -# Command Bonus; +1 per Division Leader
// outside a Corps Commander's radius; +1 per Brigade Leader outside a
// Division Leader's radius and +2 per one beyond twice it; +2 Evening; -1
// Division within its Corps Commander's radius; -2 superior with a CP or
// Mobilized; -2 French LC Division Leader; -2 under an Attack Order.
func TestContinuationModifier(t *testing.T) {
	tb := PrintedTables()
	for _, c := range []struct {
		name string
		f    ContinuationFacts
		opt  Options
		want int
	}{
		{"bonus", ContinuationFacts{Level: Corps, Bonus: 2}, Options{}, -2},
		{"corps, 2 divisions out", ContinuationFacts{Level: Corps, DivisionsOutside: 2}, Options{}, 2},
		{"division counts no divisions", ContinuationFacts{Level: Division, DivisionsOutside: 2}, Options{}, 0},
		{"division, 2 brigades out, 1 beyond double", ContinuationFacts{Level: Division, BrigadesOutside: 2, BrigadesBeyondDouble: 1}, Options{}, 4},
		{"the same, beyond double replacing", ContinuationFacts{Level: Division, BrigadesOutside: 2, BrigadesBeyondDouble: 1}, Options{ContinuationDoubleReplaces: true}, 3},
		{"evening", ContinuationFacts{Level: Corps, Evening: true}, Options{}, 2},
		{"within superior", ContinuationFacts{Level: Division, WithinSuperior: true}, Options{}, -1},
		{"superior with CP", ContinuationFacts{Level: Division, SuperiorCPOrMobilized: true}, Options{}, -2},
		{"French LC", ContinuationFacts{Level: Division, FrenchLightCavalry: true}, Options{}, -2},
		{"attack order", ContinuationFacts{Level: Corps, AttackOrder: true}, Options{}, -2},
	} {
		if got := tb.ContinuationModifier(c.f, c.opt); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}

// 17.63: "If the result is greater than the command unit's current
// Command Rating, the Command unit immediately goes to Standing."
func TestStaysMobilized(t *testing.T) {
	for _, c := range []struct {
		die, mod, rating int
		want             bool
	}{{4, 0, 4, true}, {5, 0, 4, false}, {7, -3, 4, true}, {2, 3, 4, false}} {
		got, err := StaysMobilized(c.die, c.mod, c.rating)
		if err != nil || got != c.want {
			t.Errorf("%+v: %v %v", c, got, err)
		}
	}
	if _, err := StaysMobilized(-1, 0, 3); err == nil {
		t.Error("die -1 accepted")
	}
	// 17.64: who may be exempted with a CP.
	if !ExemptionEligible(Corps, false) || !ExemptionEligible(Division, true) || ExemptionEligible(Division, false) || ExemptionEligible(Brigade, true) {
		t.Error("17.64 eligibility misread")
	}
}

// 17.75, and its worked example (line 2694): "Two battalions in the same
// brigade under an Attack Order are routed. At the end of the Friendly
// Rally Phase, the Attack Order Violation Marker is advanced just one
// space".
func TestAttackOrderViolations(t *testing.T) {
	if got := RoutViolations([]string{"1/1", "1/1"}); got != 1 {
		t.Errorf("two routed battalions of one brigade: %d violations, want 1", got)
	}
	if got := RoutViolations([]string{"1/1", "2/1", "1/1"}); got != 2 {
		t.Errorf("routed battalions of two brigades: %d, want 2", got)
	}
	moves := []BattalionAdvance{
		{"a", true, false}, {"a", false, true}, // brigade a: all adjacent or closer
		{"b", false, false}, {"b", false, false}, // brigade b: two laggards, one violation
		{"c", true, true}, {"c", false, false},
	}
	if got := MovementViolations(moves); got != 2 {
		t.Errorf("movement violations %d, want 2 (brigades b and c)", got)
	}
}

// 17.76 A.2: "If the die roll number is equal to or less than the number
// of violations ... the attack must end. The Command Bonus of the highest
// command unit ... is added to the die roll."
func TestAttackOrderEnds(t *testing.T) {
	for _, c := range []struct {
		die, bonus, violations int
		want                   bool
	}{{2, 0, 2, true}, {3, 0, 2, false}, {1, 1, 2, true}, {2, 1, 2, false}, {0, 0, 0, false}, {0, 0, 1, true}} {
		got, err := AttackOrderEnds(c.die, c.bonus, c.violations)
		if err != nil || got != c.want {
			t.Errorf("%+v: %v %v", c, got, err)
		}
	}
}

// 17.76 B: "French brigades: 2 Fatigue Points Russian brigades: 1 Fatigue
// Point"; 15.22: "must add 2". Ruling R7.
func TestAttackOrderFatigue(t *testing.T) {
	for _, c := range []struct {
		n    Nationality
		opt  Options
		want int
	}{
		{FrenchNation, Options{}, 2}, {Russian, Options{}, 1}, {Prussian, Options{}, 2},
		{Russian, Options{AOFatigueTwoForAll: true}, 2},
	} {
		got, err := AttackOrderFatigue(c.n, c.opt)
		if err != nil || got != c.want {
			t.Errorf("%d %+v: %d %v, want %d", c.n, c.opt, got, err, c.want)
		}
	}
}

// 17.71: "Immediately place a Brigade Attack Order marker on all Brigade
// Leaders within the radius"; one "beyond the Command Radius ... may not
// receive the Attack Order until it is within"; those "still on the BC/FD
// are automatically sent an Order ... as if one of the Brigade Leader's
// combat units is ... within the Command Radius".
func TestDivisionAttackOrder(t *testing.T) {
	bs := []BrigadeUnderDivision{
		{OnMap: true, Distance: 2}, {OnMap: true, Distance: 5}, {}, {OnMap: true, Distance: 1, Marked: true},
		{OnMap: true, Distance: Unreachable},
	}
	mark, send := DivisionAttackOrder(3, bs)
	if !reflect.DeepEqual(mark, []int{0}) || !reflect.DeepEqual(send, []int{2}) {
		t.Errorf("mark %v send %v, want [0] and [2]", mark, send)
	}
	// The order sent to the display is rolled for, never placed by distance.
	if pl, _ := PlaceOrder(3, 3); !pl.Roll {
		t.Errorf("an order as if within the radius: %+v", pl)
	}
}
