package gbacw

import (
	"strings"
	"testing"
)

// The Division Orders Phase: a complete chain of command (6.12), no March
// near the enemy (6.14), for dismounted cavalry (8.12) or at Fatigue 4
// (17.32), no Attack for artillery (6.18) or at Fatigue 4.
func TestCheckDivisionOrder(t *testing.T) {
	ok := DivisionOrder{Brigade: "1/1/I", From: Advance, To: March, DivisionInRange: true, BrigadierInRange: true}
	if err := CheckDivisionOrder(ok); err != nil {
		t.Fatalf("a good order refused: %v", err)
	}
	for _, tc := range []struct {
		name string
		edit func(*DivisionOrder)
		want []string
	}{
		{"division out of range", func(o *DivisionOrder) { o.DivisionInRange = false }, []string{"(GBACW 6.12, 5.36)"}},
		{"brigadier out of range", func(o *DivisionOrder) { o.BrigadierInRange = false }, []string{"only by an Orders Change roll"}},
		{"March near the enemy", func(o *DivisionOrder) { o.NearEnemy = true }, []string{"(GBACW 6.14)"}},
		{"March dismounted", func(o *DivisionOrder) { o.DismountedCavalry = true }, []string{"(GBACW 8.12)"}},
		{"March at Fatigue 4", func(o *DivisionOrder) { o.Fatigue = Fatigue4 }, []string{"may not be given March Orders (GBACW 17.32)"}},
		{"Attack for artillery", func(o *DivisionOrder) { o.To, o.Artillery = Attack, true }, []string{"(GBACW 6.18)"}},
		{"Attack at Fatigue 4", func(o *DivisionOrder) { o.To, o.Fatigue = Attack, Fatigue4 }, []string{"may not be given Attack Orders (GBACW 17.32)"}},
		{"all at once", func(o *DivisionOrder) { o.DivisionInRange, o.NearEnemy, o.DismountedCavalry = false, true, true },
			[]string{"GBACW 6.12", "GBACW 6.14", "GBACW 8.12"}},
	} {
		o := ok
		tc.edit(&o)
		err := CheckDivisionOrder(o)
		for _, w := range tc.want {
			if err == nil || !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %v lacks %q", tc.name, err, w)
			}
		}
	}
	// Advance needs only the chain of command.
	if err := CheckDivisionOrder(DivisionOrder{Brigade: "b", From: Attack, To: Advance, DivisionInRange: true, BrigadierInRange: true, NearEnemy: true, Fatigue: Fatigue4}); err != nil {
		t.Errorf("Advance refused: %v", err)
	}
}

// 6.31: in range; Advance or Attack; out of enemy LOS and 5 hexes away, or
// 10 hexes away; at night 5 hexes (ruling GBACW-R16).
func TestCheckReserve(t *testing.T) {
	for _, tc := range []struct {
		name string
		c    ReserveCommand
		want string // "" qualifies
	}{
		{"hidden at 5", ReserveCommand{AllInRange: true, Orders: []Orders{Advance}, NearestEnemy: 5}, ""},
		{"seen at 10", ReserveCommand{AllInRange: true, Orders: []Orders{Attack}, NearestEnemy: 10, InEnemyLOS: true}, ""},
		{"seen at 9", ReserveCommand{AllInRange: true, Orders: []Orders{Advance}, NearestEnemy: 9, InEnemyLOS: true}, "out of enemy LOS, or at least 10 hexes away"},
		{"hidden at 4", ReserveCommand{AllInRange: true, Orders: []Orders{Advance}, NearestEnemy: 4}, "at least 5 away and out of enemy LOS, or at least 10 away"},
		{"night, seen at 5", ReserveCommand{AllInRange: true, Orders: []Orders{Advance}, NearestEnemy: 5, InEnemyLOS: true, Night: true}, ""},
		{"night at 4", ReserveCommand{AllInRange: true, Orders: []Orders{Advance}, NearestEnemy: 4, Night: true}, "at night a command In Reserve must be at least 5 away"},
		{"March", ReserveCommand{AllInRange: true, Orders: []Orders{Advance, March}, NearestEnemy: 12}, "only Advance or Attack may go In Reserve"},
		{"out of range", ReserveCommand{Orders: []Orders{Advance}, NearestEnemy: 12}, "immediate superior's Command Range"},
	} {
		tc.c.ID = "1/I"
		err := CheckReserve(tc.c)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: refused: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

// An Orders Change needs the brigadier on the map (6.21); at Fatigue 4 no
// Attack (17.32).
func TestOrdersChangeRefusedOffMapOrFatigued(t *testing.T) {
	c := mustCharts(t)
	if _, err := c.ChangeOrders(reads(), Brigade{ID: "b", LeaderOffMap: true}, Attack); err == nil || !strings.Contains(err.Error(), "GBACW 6.21") {
		t.Errorf("off map: %v", err)
	}
	if _, err := c.ChangeOrders(reads(), Brigade{ID: "b", Fatigue: Fatigue4}, Attack); err == nil || !strings.Contains(err.Error(), "GBACW 17.32") {
		t.Errorf("Fatigue 4: %v", err)
	}
}
