package gbacw

import (
	"strings"
	"testing"

	"galloper/rules"
)

// reads returns forced dice whose d10 readings (0-9, GBACW 2.5) are
// readings: dice.D10Zero reads a logged 1..10 as 0..9.
func reads(readings ...int) *rules.ForcedDice {
	d := &rules.ForcedDice{}
	for _, r := range readings {
		d.Results = append(d.Results, r+1)
	}
	return d
}

// The example of GBACW 6.23: Hackenbush (Orders Rating -1) wants Attack
// instead of Advance; he rolls a 4, which his rating lowers to 3: Retain.
func TestExampleHackenbush(t *testing.T) {
	c := mustCharts(t)
	oc, err := c.ChangeOrders(reads(4), Brigade{ID: "1/2", Orders: Advance, OrdersRating: -1, Profile: Aggressive}, Attack)
	if err != nil {
		t.Fatal(err)
	}
	if oc.Roll != 4 || oc.Adjusted != 3 || oc.Result != Retain || oc.Orders != Advance || oc.Stand {
		t.Errorf("got %+v, want roll 4, adjusted 3, Retain, still Advance", oc)
	}
}

// Both stacked-leader DRMs apply: +1 division leader, +2 corps and/or OC
// (GBACW 6.22).
func TestOrdersChangeDRM(t *testing.T) {
	for _, tc := range []struct {
		rating   int
		div, sen bool
		want     int
	}{{0, false, false, 0}, {-1, true, false, 0}, {0, false, true, 2}, {1, true, true, 4}, {-2, true, true, 1}} {
		if got := OrdersChangeDRM(tc.rating, tc.div, tc.sen); got != tc.want {
			t.Errorf("rating %+d, division %v, corps/OC %v: DRM %+d, want %+d", tc.rating, tc.div, tc.sen, got, tc.want)
		}
	}
	c := mustCharts(t)
	// A 2 with +1 and +2 is a 5: Change and Stand.
	oc, err := c.ChangeOrders(reads(2), Brigade{ID: "b", Orders: Advance, WithDivision: true, WithCorpsOrOC: true}, Attack)
	if err != nil {
		t.Fatal(err)
	}
	if oc.Adjusted != 5 || oc.Result != ChangeAndStand || oc.Orders != Attack || !oc.Stand {
		t.Errorf("got %+v, want adjusted 5, Change and Stand to Attack", oc)
	}
}

// Every result of the table and every Loose Cannon profile (GBACW
// 6.23-6.25).
func TestOrdersChangeOutcomes(t *testing.T) {
	c := mustCharts(t)
	type want struct {
		result                          string
		acts                            ActionProfile
		orders                          Orders
		stand, charge, toEnemy, retreat bool
	}
	cases := []struct {
		name string
		dice []int
		b    Brigade
		goal Orders
		want want
	}{
		{"retain and stand", []int{1}, Brigade{Orders: Advance}, Attack, want{result: RetainAndStand, orders: Advance, stand: true}},
		{"change", []int{7}, Brigade{Orders: Attack}, Advance, want{result: Change, orders: Advance}},
		{"change from March", []int{6}, Brigade{Orders: March}, Attack, want{result: Change, orders: Attack}},
		{"aggressive near the enemy", []int{4}, Brigade{Orders: Advance, Profile: Aggressive, NearEnemy: true}, Attack,
			want{result: LooseCannon, acts: Aggressive, orders: Attack, charge: true, toEnemy: true}},
		{"aggressive far from the enemy", []int{4}, Brigade{Orders: Attack, Profile: Aggressive}, Advance,
			want{result: LooseCannon, acts: Aggressive, orders: Advance, toEnemy: true}},
		{"aggressive on March is a Retain", []int{4}, Brigade{Orders: March, Profile: Aggressive, NearEnemy: true}, Advance,
			want{result: LooseCannon, acts: Aggressive, orders: March}},
		{"normal", []int{3}, Brigade{Orders: Advance, OrdersRating: 1, Profile: Normal}, Attack, want{result: LooseCannon, acts: Normal, orders: Advance}},
		{"cautious", []int{4}, Brigade{Orders: Attack, Profile: Cautious}, Advance, want{result: LooseCannon, acts: Cautious, orders: Advance, retreat: true}},
		{"no profile", []int{4}, Brigade{Orders: Attack}, Advance, want{result: LooseCannon, orders: Attack}},
		{"unreliable rolls 2: aggressive", []int{4, 2}, Brigade{Orders: Advance, Profile: Unreliable, NearEnemy: true}, Attack,
			want{result: LooseCannon, acts: Aggressive, orders: Attack, charge: true, toEnemy: true}},
		{"unreliable rolls 6: normal", []int{4, 6}, Brigade{Orders: Advance, Profile: Unreliable}, Attack, want{result: LooseCannon, acts: Normal, orders: Advance}},
		{"unreliable rolls 7: cautious", []int{4, 7}, Brigade{Orders: Advance, Profile: Unreliable}, Attack,
			want{result: LooseCannon, acts: Cautious, orders: Advance, retreat: true}},
		{"unreliable aggressive on March", []int{4, 0}, Brigade{Orders: March, Profile: Unreliable}, Attack, want{result: LooseCannon, acts: Aggressive, orders: March}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tc.b.ID = "b"
			d := reads(tc.dice...)
			oc, err := c.ChangeOrders(d, tc.b, tc.goal)
			if err != nil {
				t.Fatal(err)
			}
			got := want{oc.Result, oc.ActsAs, oc.Orders, oc.Stand, oc.Charge, oc.MoveToEnemy, oc.Retreat}
			if got != tc.want {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
			if n := len(d.Rolls()); n != len(tc.dice) {
				t.Errorf("%d rolls, want %d", n, len(tc.dice))
			}
			if tc.b.Profile == Unreliable && oc.UnreliableRoll != tc.dice[1] {
				t.Errorf("Unreliable roll %d, want %d", oc.UnreliableRoll, tc.dice[1])
			}
		})
	}
}

// An Orders Change may ask only for Attack or Advance (6.23), never Attack
// for artillery (6.18), and only for other Orders.
func TestOrdersChangeRefused(t *testing.T) {
	c := mustCharts(t)
	for _, tc := range []struct {
		b    Brigade
		goal Orders
		want string
	}{
		{Brigade{ID: "b", Orders: Advance}, March, "only Attack or Advance Orders, not March (GBACW 6.23"},
		{Brigade{ID: "art", Orders: Advance, Artillery: true}, Attack, "brigade art: artillery is never under Attack Orders (GBACW 6.18)"},
		{Brigade{ID: "b", Orders: Attack}, Attack, "is already under Attack Orders"},
	} {
		d := reads()
		_, err := c.ChangeOrders(d, tc.b, tc.goal)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("got %v, want %q", err, tc.want)
		}
		if len(d.Rolls()) != 0 {
			t.Errorf("a refused attempt rolled")
		}
	}
}

func TestParseOrders(t *testing.T) {
	for s, want := range map[string]Orders{"March": March, "advance": Advance, "ATTACK": Attack} {
		if got, err := ParseOrders(s); err != nil || got != want {
			t.Errorf("%q: %v %v", s, got, err)
		}
	}
	if _, err := ParseOrders("reserve"); err == nil || !strings.Contains(err.Error(), "write March, Advance or Attack") {
		t.Errorf("reserve: %v", err)
	}
}
