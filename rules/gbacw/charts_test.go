package gbacw

import (
	"strings"
	"testing"

	"galloper/rules"
)

func mustCharts(t *testing.T) *Charts {
	t.Helper()
	c, err := LoadSeriesCharts()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// The Orders Comparison Chart, lines 530-542 (GBACW 6.11).
func TestOrdersComparisonChart(t *testing.T) {
	c := mustCharts(t)
	want := map[Orders]OrdersProfile{
		March:   {Orders: March, RoadRateHalves: 1, MoveAdjacent: "No (keep 5 hexes away)", MarchAM: true, InfantryStacking: 7, CavalryStacking: 4},
		Advance: {Orders: Advance, RoadRateHalves: 2, MoveAdjacent: "No (except enemy artillery)", InfantryStacking: 15, CavalryStacking: 7, Construction: true, MayFire: true, MayShock: true},
		Attack:  {Orders: Attack, RoadRateHalves: 0, MoveAdjacent: "Yes", InfantryStacking: 15, CavalryStacking: 7, MayFire: true, MayMoveAndFire: true, MayShock: true},
	}
	for o, w := range want {
		if got := c.Profile(o); got != w {
			t.Errorf("%s: got %+v, want %+v", o, got, w)
		}
	}
}

// The Orders Change Table, lines 617-622 (GBACW 6.23): 1 or less
// Retain and Stand, 2 or 3 Retain, 4 Loose Cannon, 5 Change and Stand, 6
// or more Change.
func TestOrdersChangeTable(t *testing.T) {
	c := mustCharts(t)
	for roll := -5; roll <= 15; roll++ {
		want := Change
		switch {
		case roll <= 1:
			want = RetainAndStand
		case roll <= 3:
			want = Retain
		case roll == 4:
			want = LooseCannon
		case roll == 5:
			want = ChangeAndStand
		}
		if got := c.OrdersChangeResult(roll); got != want {
			t.Errorf("adjusted roll %d: got %s, want %s", roll, got, want)
		}
	}
}

// The Unreliable table, lines 652-655 (GBACW 6.24): 0-2 Aggressive,
// 3-6 Normal, 7-9 Cautious.
func TestUnreliableTable(t *testing.T) {
	c := mustCharts(t)
	want := []ActionProfile{Aggressive, Aggressive, Aggressive, Normal, Normal, Normal, Normal, Cautious, Cautious, Cautious}
	for roll, w := range want {
		if got := c.UnreliableAs(roll); got != w {
			t.Errorf("roll %d: got %q, want %q", roll, got, w)
		}
	}
}

// The Brigade Coordination Table, lines 472-480 (GBACW 5.34): 0-2
// Confusion, 3-6 Fail, 7-9 two brigades, 10-11 three, 12 All.
func TestBrigadeCoordinationTable(t *testing.T) {
	c := mustCharts(t)
	want := []string{Confusion, Confusion, Confusion, Fail, Fail, Fail, Fail,
		Coordinate2, Coordinate2, Coordinate2, Coordinate3, Coordinate3, CoordinateAll}
	for roll, w := range want {
		if got := c.CoordinationResult(roll); got != w {
			t.Errorf("adjusted roll %d: got %s, want %s", roll, got, w)
		}
	}
}

// The loader refuses a broken pack with an error naming the table and the
// entry at fault.
func TestSeriesChartsRefuseBrokenPack(t *testing.T) {
	good := string(SeriesPackData())
	cases := []struct{ name, from, to, want string }{
		{"gap", `"2..3": [retain]`, `"2..2": [retain]`, `table orders-change: no row for rolls 3..3`},
		{"overlap", `"3..6":   [fail]`, `"2..6":   [fail]`, `table brigade-coordination: rows "..2" and "2..6" overlap`},
		{"unknown result", `"4":    [loose-cannon]`, `"4":    [loose]`, `table orders-change: row "4": result "loose" is not one of`},
		{"closed end", `"6..":  [change]`, `"6..9":  [change]`, `table orders-change: the last row ends at 9; the table must end at no upper end`},
		{"short d10", `"7..9": [cautious]`, `"7..8": [cautious]`, `table loose-cannon-unreliable: the last row ends at 8; the table must end at 9`},
		{"bad key", `"10..11": [coordinate-3]`, `"ten": [coordinate-3]`, `table brigade-coordination: row "ten": not a roll`},
		{"missing table", "  loose-cannon-unreliable:", "  loose-cannon-unreliables:", `missing table "loose-cannon-unreliable"`},
		{"wrong system", "system: gbacw", "system: lob.v2", `system is "lob.v2", want gbacw`},
		{"bad stacking", `["7 SPs", "15 SPs", "15 SPs"]`, `["7 SPs", "many", "15 SPs"]`, `table orders-comparison: row infantry-stacking column Advance: "many" is not a stacking limit`},
		{"bad yes", `may-shock:           ["No", "Yes", "Yes"]`, `may-shock:           ["No", "Yes", "Si"]`, `row may-shock column Attack: "Si" is not Yes or No`},
		{"missing row", "      may-fire:", "      may-fires:", `missing row "may-fire"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			data := strings.Replace(good, tc.from, tc.to, 1)
			if data == good {
				t.Fatalf("the edit %q did not apply", tc.from)
			}
			p, err := rules.ParseChartPack("broken.yaml", []byte(data))
			if err == nil {
				_, err = CompileSeriesCharts(p)
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
}
