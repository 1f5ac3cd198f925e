package wintersvictory

import (
	"reflect"
	"testing"
)

// 17.11: within the Brigade Leader's radius, or stacked with a leader, or
// adjacent to an In Command unit of the brigade, itself In Command; 17.1,
// 17.14: exempt units always In Command; an uncommitted brigade's formed
// units never.
func TestBrigadeInCommand(t *testing.T) {
	// Five battalions in a row, each adjacent to the next; only battalion
	// 0 is within the radius: command passes down the chain to the end.
	line := func(i, j int) bool { return i-j == 1 || j-i == 1 }
	chain := []UnitC2{{WithinRadius: true}, {}, {}, {}, {}}
	if got := BrigadeInCommand(true, chain, line); !reflect.DeepEqual(got, []bool{true, true, true, true, true}) {
		t.Errorf("chain: %v", got)
	}
	// A gap: battalion 2 stands apart (adjacent to no one).
	gap := func(i, j int) bool {
		return (i == 0 && j == 1) || (i == 1 && j == 0) || (i == 3 && j == 4) || (i == 4 && j == 3)
	}
	units := []UnitC2{{WithinRadius: true}, {}, {}, {}, {WithLeader: true}}
	if got := BrigadeInCommand(true, units, gap); !reflect.DeepEqual(got, []bool{true, true, false, true, true}) {
		t.Errorf("gap: %v", got)
	}
	// An exempt unit (a skirmisher) is In Command but carries no command
	// on to its neighbours.
	skirm := []UnitC2{{Exempt: true}, {}}
	if got := BrigadeInCommand(true, skirm, line); !reflect.DeepEqual(got, []bool{true, false}) {
		t.Errorf("skirmisher: %v", got)
	}
	if got := BrigadeInCommand(false, []UnitC2{{WithinRadius: true}, {Exempt: true}}, line); !reflect.DeepEqual(got, []bool{false, true}) {
		t.Errorf("uncommitted: %v", got)
	}
}

// 17.11: artillery In Command if (a) limbered, (b) within radius of its
// command unit, (c) stacked with a leader, (d) its superior Mobilized.
func TestBatteryInCommand(t *testing.T) {
	if BatteryInCommand(BatteryC2{}) {
		t.Error("unlimbered battery alone is In Command")
	}
	for _, b := range []BatteryC2{{Limbered: true}, {WithinAssignedRadius: true}, {WithLeader: true}, {SuperiorMobilized: true}} {
		if !BatteryInCommand(b) {
			t.Errorf("%+v: Out of Command", b)
		}
	}
}

// 17.11 leaders; 17.73: under an Attack Order they are In Command.
func TestLeaderInCommand(t *testing.T) {
	for _, c := range []struct {
		name string
		l    LeaderC2
		want bool
	}{
		{"division within corps radius", LeaderC2{Level: Division, Distance: 4, SuperiorRadius: 4}, true},
		{"division beyond", LeaderC2{Level: Division, Distance: 5, SuperiorRadius: 4}, false},
		{"division Mobilized", LeaderC2{Level: Division, Distance: 9, SuperiorRadius: 4, Mobilized: true}, true},
		{"brigade beyond, superior Mobilized", LeaderC2{Level: Brigade, Distance: 9, SuperiorRadius: 3, SuperiorMobilized: true}, true},
		{"brigade beyond", LeaderC2{Level: Brigade, Distance: 4, SuperiorRadius: 3}, false},
		{"LC brigade within twice", LeaderC2{Level: Brigade, Distance: 6, SuperiorRadius: 3, LightCavalry: true}, true},
		{"LC brigade beyond twice", LeaderC2{Level: Brigade, Distance: 7, SuperiorRadius: 3, LightCavalry: true}, false},
		{"no path", LeaderC2{Level: Brigade, Distance: Unreachable, SuperiorRadius: 3}, false},
		{"Attack Order", LeaderC2{Level: Brigade, Distance: Unreachable, SuperiorRadius: 3, AttackOrder: true}, true},
	} {
		if got := LeaderInCommand(c.l); got != c.want {
			t.Errorf("%s: %v", c.name, got)
		}
	}
}

// 17.61-17.62.
func TestStateChange(t *testing.T) {
	corps := Sender{Level: Corps, Active: true, State: Standing}
	withOR := corps
	withOR.HoldsOrder = true
	mob := Sender{Level: Division, Active: true, State: Mobilized}
	for _, c := range []struct {
		name string
		s    Sender
		to   CommandState
		seg  Segment
		uses bool
		code string
	}{
		{"to Mobilized with an Order Received uses it", withOR, Mobilized, ActivitySegment, true, ""},
		{"to Mobilized without one", corps, Mobilized, ActivitySegment, false, "wv-17.61-order"},
		{"to Mobilized in the Movement Phase", withOR, Mobilized, CommandStatusSegment, false, "wv-17.61-segment"},
		{"Army Commander needs no order", Sender{Level: Army, State: Standing}, Mobilized, ActivitySegment, false, ""},
		{"to Standing in the Activity Segment", mob, Standing, ActivitySegment, false, ""},
		{"to Standing in the Command Status Segment", mob, Standing, CommandStatusSegment, false, ""},
		{"already Standing", corps, Standing, ActivitySegment, false, "wv-17.6-same-state"},
		{"Brigade Leader", Sender{Level: Brigade, Active: true}, Mobilized, ActivitySegment, false, "wv-16.15-brigade-state"},
		{"inactive corps", Sender{Level: Corps, State: Standing, HoldsOrder: true}, Mobilized, ActivitySegment, false, "wv-16.14-inactive"},
	} {
		uses, p := StateChange(c.s, c.to, c.seg)
		code := ""
		if p != nil {
			code = p.Code
		}
		if uses != c.uses || code != c.code {
			t.Errorf("%s: uses %v, problem %q; want %v, %q", c.name, uses, code, c.uses, c.code)
		}
	}
}
