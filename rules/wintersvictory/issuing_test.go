package wintersvictory

import (
	"reflect"
	"testing"
)

// codes lists the problem codes of an Issue, in order.
func codes(is Issue) []string {
	var out []string
	for _, p := range is.Problems {
		out = append(out, p.Code)
	}
	return out
}

func toCorps(dist int) Dispatch {
	return Dispatch{To: Corps, Direct: true, Subordinate: true, Distance: dist}
}
func toDivision(dist int) Dispatch {
	return Dispatch{To: Division, Direct: true, Subordinate: true, Distance: dist}
}
func toBrigade(dist int) Dispatch {
	return Dispatch{To: Brigade, Direct: true, Subordinate: true, Distance: dist}
}

func TestCheckOrders(t *testing.T) {
	napoleonAtHQ := Sender{Level: Army, Active: true, State: Standing, Radius: 6, AtHQ: true, CP: 6}
	attack := func(d Dispatch) Dispatch { d.Attack = true; return d }
	urgent := func(d Dispatch) Dispatch { d.Urgent = true; return d }
	distribute := func(d Dispatch) Dispatch { d.Distribution = true; d.Attack = true; return d }
	corpsOR := Sender{Level: Corps, Active: true, State: Standing, Radius: 5, HoldsOrder: true}
	corps := Sender{Level: Corps, Active: true, State: Standing, Radius: 5}
	divOR := Sender{Level: Division, Active: true, State: Standing, Radius: 4, HoldsOrder: true}
	div := Sender{Level: Division, Active: true, State: Standing, Radius: 4}
	divMob := Sender{Level: Division, Active: true, State: Mobilized, Radius: 2}

	for _, c := range []struct {
		name   string
		rule   string
		sender Sender
		opt    Options
		orders []Dispatch
		cp     int
		want   []string
	}{
		{"army at HQ: 1 CP an order", "17.32", napoleonAtHQ, Options{},
			[]Dispatch{toCorps(20), toDivision(3), toBrigade(12)}, 3, nil},
		{"army at HQ: Attack Order 2 CPs, urgent 1 more", "17.71, 17.35", napoleonAtHQ, Options{},
			[]Dispatch{attack(toCorps(20)), urgent(attack(toDivision(8)))}, 5, nil},
		{"army Standing: at most 3 orders", "17.33", napoleonAtHQ, Options{},
			[]Dispatch{toCorps(1), toCorps(2), toCorps(3), toCorps(4)}, 4, []string{"wv-17.33-standing-limit"}},
		{"army at HQ without CPs: one order within radius", "17.32", Sender{Level: Army, Active: true, State: Standing, Radius: 6, AtHQ: true}, Options{},
			[]Dispatch{toCorps(6), toDivision(3)}, 0, []string{"wv-17.32-army-free-limit"}},
		{"army away from HQ: receiver beyond radius", "17.32", Sender{Level: Army, Active: true, State: Standing, Radius: 6, CP: 5}, Options{},
			[]Dispatch{toCorps(7)}, 0, []string{"wv-17.32-army-radius"}},
		{"army away from HQ: CPs are not spent", "17.22", Sender{Level: Army, Active: true, State: Standing, Radius: 6, CP: 5}, Options{},
			[]Dispatch{toBrigade(4)}, 0, nil},
		{"army without CPs: Attack Order only in the same hex", "17.71", Sender{Level: Army, Active: true, State: Standing, Radius: 6}, Options{},
			[]Dispatch{attack(toDivision(1))}, 0, []string{"wv-17.71-attack-same-hex"}},
		{"army without CPs: Attack Order in the same hex", "17.71", Sender{Level: Army, Active: true, State: Standing, Radius: 6}, Options{},
			[]Dispatch{attack(toDivision(0))}, 0, nil},
		{"army: CPs run out, the next order is issued as if away", "17.32", Sender{Level: Army, Active: true, State: Standing, Radius: 6, AtHQ: true, CP: 1}, Options{},
			[]Dispatch{toCorps(20), toDivision(5), toDivision(5)}, 1, []string{"wv-17.32-army-free-limit"}},
		{"army: urgent needs a CP", "17.35", Sender{Level: Army, Active: true, State: Standing, Radius: 6, AtHQ: true, CP: 1}, Options{},
			[]Dispatch{urgent(toCorps(3))}, 0, []string{"wv-17.35-urgent-cp"}},
		{"army Mobilized: one order, within radius", "17.33", Sender{Level: Army, Active: true, State: Mobilized, Radius: 3, AtHQ: true, CP: 5}, Options{},
			[]Dispatch{toCorps(4), toCorps(2)}, 2, []string{"wv-17.33-mobilized-radius", "wv-17.33-mobilized-limit"}},
		{"army Mobilized away from HQ beyond radius: one problem", "17.33", Sender{Level: Army, Active: true, State: Mobilized, Radius: 3}, Options{},
			[]Dispatch{toCorps(5)}, 0, []string{"wv-17.33-mobilized-radius"}},
		{"no Attack Order to a brigade", "17.71", napoleonAtHQ, Options{},
			[]Dispatch{attack(toBrigade(2))}, 2, []string{"wv-17.71-attack-brigade"}},

		{"corps with OR: several divisions", "17.41", corpsOR, Options{},
			[]Dispatch{toDivision(2), toDivision(9), toDivision(4)}, 0, nil},
		{"corps with OR: one brigade", "17.41", corpsOR, Options{},
			[]Dispatch{{To: Brigade, Subordinate: true, Distance: 3}}, 0, nil},
		{"corps with OR: not divisions and a brigade", "17.41", corpsOR, Options{},
			[]Dispatch{toDivision(2), {To: Brigade, Subordinate: true, Distance: 3}}, 0, []string{"wv-17.41-corps-brigade"}},
		{"corps with OR: two brigades", "17.41", corpsOR, Options{},
			[]Dispatch{{To: Brigade, Subordinate: true}, {To: Brigade, Subordinate: true}}, 0, []string{"wv-17.41-corps-brigade"}},
		{"corps without OR: one division", "17.41", corps, Options{},
			[]Dispatch{toDivision(7)}, 0, nil},
		{"corps without OR: two orders", "17.41", corps, Options{},
			[]Dispatch{toDivision(7), toDivision(2)}, 0, []string{"wv-17.41-corps-free-limit"}},
		{"corps without OR: not to a brigade", "17.41", corps, Options{},
			[]Dispatch{{To: Brigade, Subordinate: true}}, 0, []string{"wv-17.41-corps-free-brigade"}},
		{"corps without OR: to a brigade under the SoP reading", "4.1 2D", corps, Options{CorpsFreeOrderToBrigade: true},
			[]Dispatch{{To: Brigade, Subordinate: true}}, 0, nil},
		{"corps: attached division is not direct", "16.31", corpsOR, Options{},
			[]Dispatch{{To: Division, Subordinate: true}}, 0, []string{"wv-17.41-not-direct"}},
		{"corps: no Attack Order of its own", "17.71", corpsOR, Options{},
			[]Dispatch{attack(toDivision(2))}, 0, []string{"wv-17.71-attack-sender"}},
		{"corps: not urgent", "17.35", corpsOR, Options{},
			[]Dispatch{urgent(toDivision(2))}, 0, []string{"wv-17.35-urgent"}},
		{"corps implementing a Corps Attack Order: every division, beyond limits", "17.71",
			Sender{Level: Corps, Active: true, State: Mobilized, Radius: 2, HoldsAttackOrder: true}, Options{},
			[]Dispatch{distribute(toDivision(9)), distribute(toDivision(12)), distribute(toDivision(3)), distribute(toDivision(1))}, 0, nil},
		{"passing on an Attack Order needs one", "17.71", corpsOR, Options{},
			[]Dispatch{distribute(toDivision(2))}, 0, []string{"wv-17.71-no-attack-order"}},
		{"inactive corps", "16.14", Sender{Level: Corps, State: Standing, Radius: 5, HoldsOrder: true}, Options{},
			[]Dispatch{toDivision(1)}, 0, []string{"wv-16.14-inactive"}},

		{"division with OR: several brigades", "17.41", divOR, Options{},
			[]Dispatch{toBrigade(1), toBrigade(6), toBrigade(2)}, 0, nil},
		{"division with OR, Standing: not 4", "17.33", divOR, Options{},
			[]Dispatch{toBrigade(1), toBrigade(6), toBrigade(2), toBrigade(3)}, 0, []string{"wv-17.33-standing-limit"}},
		{"division without OR, Standing: none", "17.41", div, Options{},
			[]Dispatch{toBrigade(1)}, 0, []string{"wv-17.41-division-standing"}},
		{"division without OR, Mobilized: one within radius", "17.41", divMob, Options{},
			[]Dispatch{toBrigade(2)}, 0, nil},
		{"division without OR, Mobilized: beyond radius", "17.33", divMob, Options{},
			[]Dispatch{toBrigade(3)}, 0, []string{"wv-17.33-mobilized-radius"}},
		{"division: another division's brigade", "16.31", divOR, Options{},
			[]Dispatch{{To: Brigade, Subordinate: true}}, 0, []string{"wv-17.41-not-direct"}},
		{"division: not to its superior", "17.32", divOR, Options{},
			[]Dispatch{{To: Corps, Subordinate: true}}, 0, []string{"wv-17.32-not-subordinate"}},
		{"brigade never sends", "16.2", Sender{Level: Brigade, Active: true}, Options{},
			[]Dispatch{toBrigade(1)}, 0, []string{"wv-16.2-brigade-sends"}},
	} {
		is := CheckOrders(c.sender, c.orders, c.opt)
		if got := codes(is); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s (WV %s): problems %v, want %v", c.name, c.rule, got, c.want)
		}
		if is.CP != c.cp {
			t.Errorf("%s (WV %s): %d CP spent, want %d", c.name, c.rule, is.CP, c.cp)
		}
		for _, p := range is.Problems {
			if p.Rule == "" || p.Message == "" {
				t.Errorf("%s: problem %+v lacks a rule or a message", c.name, p)
			}
		}
	}
}
