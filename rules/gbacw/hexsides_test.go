package gbacw

import (
	"os"
	"strings"
	"testing"

	"galloper/rules"
)

func riverState(t *testing.T) *State {
	t.Helper()
	data, err := os.ReadFile("testdata/river.yaml")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := LoadScenario("river", data)
	if err != nil {
		t.Fatal(err)
	}
	return sc.start.clone()
}

// TestExample944Trail is 9.44's example on a chart where Woods cost
// artillery 5 MPs: along a Trail under Advance Orders it costs 3 (half,
// rounded up); under March Orders 2 (rounded down); a leader pays half his
// Woods cost rounded down, at least 1.
func TestExample944Trail(t *testing.T) {
	data := strings.Replace(string(ProvisionalPackData()), `woods:    ["3", "4", "4", "2",`, `woods:    ["3", "4", "5", "2",`, 1)
	pack, err := rules.ParseChartPack("example.yaml", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	cc, err := compileCombat(pack)
	if err != nil {
		t.Fatal(err)
	}
	if w, _ := cc.Terrain("woods"); w.Artillery != 5 {
		t.Fatalf("the example's chart has Woods at %d MPs for artillery", w.Artillery)
	}
	s := riverState(t)
	gun := &UnitSt{Kind: "artillery"}
	for _, c := range []struct {
		o    Orders
		want int // half MPs
	}{{Advance, 6}, {March, 4}, {Attack, 10}} {
		if got := s.moveCost(cc, gun, c.o, "0506", "0606"); got != c.want {
			t.Errorf("artillery into trail Woods under %v: %d half MPs, want %d", c.o, got, c.want)
		}
	}
	if got := s.leaderCost(cc, "0506", "0606"); got != 1 {
		t.Errorf("a leader along the trail into Woods (2 MPs) pays %d, want 1", got)
	}
	if got := s.leaderCost(cc, "0406", "0506"); got != 1 {
		t.Errorf("a leader along the trail into Woods from the open pays %d, want 1", got)
	}
}

// TestHexsideCosts: what each kind of unit and a leader pay at the
// hexside field's features (provisional hexside rows, ruling GBACW-R50).
func TestHexsideCosts(t *testing.T) {
	cc := mustCombat(t)
	s := riverState(t)
	inf, cav, gun := &UnitSt{Kind: "infantry"}, &UnitSt{Kind: "cavalry"}, &UnitSt{Kind: "artillery"}
	for _, c := range []struct {
		u    *UnitSt
		o    Orders
		a, b string
		want int // half MPs; 0 prohibited
	}{
		{inf, Advance, "0502", "0602", 6}, // stream: 1 + 2
		{gun, Advance, "0502", "0602", 8}, // 1 + 3
		{inf, March, "0503", "0603", 3},   // road ½ + ford 1
		{gun, Advance, "0503", "0603", 6}, // road 1 + ford 2
		{inf, Attack, "0503", "0603", 6},  // no ford under Attack: the stream
		{cav, March, "0504", "0604", 1},   // the bridge
		{cav, Attack, "0504", "0604", 0},  // no bridge under Attack: the river
		{gun, Advance, "0505", "0605", 0}, // river
		{inf, Advance, "0507", "0607", 0}, // impassable
		{cav, Advance, "0508", "0608", 8}, // steep, up: 1 + 3
		{cav, Advance, "0608", "0508", 2}, // down
	} {
		if got := s.moveCost(cc, c.u, c.o, c.a, c.b); got != c.want {
			t.Errorf("%s under %v %s-%s: %d half MPs, want %d", c.u.Kind, c.o, c.a, c.b, got, c.want)
		}
	}
	for _, c := range []struct {
		a, b string
		want int
	}{{"0502", "0602", 2}, {"0503", "0603", 2}, {"0504", "0604", 1}, {"0505", "0605", 0}, {"0508", "0608", 2}} {
		if got := s.leaderCost(cc, c.a, c.b); got != c.want {
			t.Errorf("a leader %s-%s pays %d, want %d", c.a, c.b, got, c.want)
		}
	}
	if !s.uncrossable(cc, "0505", "0605") || !s.uncrossable(cc, "0507", "0607") || s.uncrossable(cc, "0504", "0604") || s.uncrossable(cc, "0502", "0602") {
		t.Error("only the river without a crossing and the impassable hexside are un-crossable")
	}
}

// TestHexsideTableRefused: a hexside table missing a row, with an unknown
// one or a bad cost is refused, naming the entry.
func TestHexsideTableRefused(t *testing.T) {
	for _, c := range []struct{ from, to, want string }{
		{`      river:      ["P", "P", "P", "P", "-", "0", "-"]` + "\n", "", `missing row "river"`},
		{`      river:      ["P",`, `      canal:      ["P", "P", "P", "P", "-", "0", "-"]` + "\n" + `      river:      ["P",`, `unknown row "canal"`},
		{`      ford:       ["1",`, `      ford:       ["x",`, `row ford column infantry`},
		{`      bridge:     ["0", "0", "0", "0", "-", "0", "-"]`, `      bridge:     ["0", "0", "0", "0", "q", "0", "-"]`, `row bridge column disorder`},
		// 10.81: the fire DRMs (rulings GBACW-R126, GBACW-R127).
		{`      stream:     ["2", "2", "3", "1", "d", "0", "-"]`, `      stream:     ["2", "2", "3", "1", "d", "x", "-"]`, `row stream column fire: "x" is not a fire DRM`},
		{`      stream:     ["2", "2", "3", "1", "d", "0", "-"]`, `      stream:     ["2", "2", "3", "1", "d", "0", "1"]`, `row stream column fire-down: "1" must be -`},
		{`      steep:      ["2", "3", "4", "1", "d", "0", "0"]`, `      steep:      ["2", "3", "4", "1", "d", "0", "-"]`, `row steep column fire-down: "-" is not a fire DRM`},
		{`      ford:       ["1", "1", "2", "1", "-", "0", "-"]`, `      ford:       ["1", "1", "2", "1", "-", "12", "-"]`, `row ford column fire: "12"`},
		{`    columns: [infantry, cavalry, artillery, leader, disorder, fire, fire-down]`, `    columns: [infantry, cavalry, artillery, leader, disorder, fire-down, fire]`, `columns are`},
	} {
		data := strings.Replace(string(ProvisionalPackData()), c.from, c.to, 1)
		if data == string(ProvisionalPackData()) {
			t.Fatalf("%q is not in the pack", c.from)
		}
		pack, err := rules.ParseChartPack("broken.yaml", []byte(data))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := compileCombat(pack); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v", c.want, err)
		}
	}
}

// TestScenarioMapFaults: partial hexes off the map or off its edge, a
// ford without a waterway and an incomplete Battle Book stacking table
// are refused with the field named.
func TestScenarioMapFaults(t *testing.T) {
	data, err := os.ReadFile("testdata/river.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ from, to, want string }{
		{`partial_hexes: ["0610", "0710"]`, `partial_hexes: ["0610", "9999"]`, `partial_hexes[1]: "9999" is not a hex`},
		{`partial_hexes: ["0610", "0710"]`, `partial_hexes: ["0505"]`, `partial_hexes[0]: 0505 is not on the map's edge`},
		{`{kind: ford, at: ["0503-0603"]}`, `{kind: ford, at: ["0403-0503"]}`, `a ford needs a stream or river`},
		{`partial_hexes: ["0610", "0710"]`, "partial_hexes: [\"0610\"]\nbattle_book: {stacking: {infantry: 12}}", `march_infantry is 0`},
		{`partial_hexes: ["0610", "0710"]`, "battle_book: {stacking_limits: 3}", `stacking_limits`},
		{`partial_hexes: ["0610", "0710"]`, "battle_book: {turn_minutes: 5}", `turn_minutes is 5`},
		{`partial_hexes: ["0610", "0710"]`, "battle_book: {artillery_approach: 3}", `artillery_approach is 3`},
		{`partial_hexes: ["0610", "0710"]`, "battle_book: {entry_ams: {Archer: 5}}", `entry_ams: Archer: 5`},
	} {
		text := strings.Replace(string(data), c.from, c.to, 1)
		if _, err := LoadScenario("river", []byte(text)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v", c.want, err)
		}
	}
}

// TestClock: the military clock, an hour a turn, midnight 2400 (2.43);
// a Battle Book's 45-minute turns (Twin Peaks) and 12-hour clock (Into The
// Woods).
func TestClock(t *testing.T) {
	s := riverState(t) // starts at 0900
	for _, c := range []struct {
		book BattleBook
		turn int
		want string
	}{
		{BattleBook{}, 1, "0900"},
		{BattleBook{}, 8, "1600"},
		{BattleBook{}, 16, "2400"},
		{BattleBook{}, 17, "0100"},
		{BattleBook{TurnMinutes: 45}, 2, "0945"},
		{BattleBook{TurnMinutes: 45}, 3, "1030"},
		{BattleBook{TwelveHourClock: true}, 4, "12:00 PM"},
		{BattleBook{TwelveHourClock: true}, 5, "1:00 PM"},
		{BattleBook{TwelveHourClock: true}, 16, "12:00 AM"},
	} {
		s.book, s.Turn = &c.book, c.turn
		if got := s.Clock(); got != c.want {
			t.Errorf("turn %d with %+v: %s, want %s", c.turn, c.book, got, c.want)
		}
	}
}
