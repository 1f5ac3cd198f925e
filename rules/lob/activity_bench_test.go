package lob

import (
	"fmt"
	"strings"
	"testing"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/lob/lobtext"
)

// benchScenario is a 30 by 20 map of open ground with a Confederate
// division of 40 regiments in four brigades and a Union brigade of 10
// regiments facing its last ten across two hexes of ground.
func benchScenario() string {
	var b strings.Builder
	b.WriteString("name: bench\ntitle: Activity Phase benchmark\nmap:\n  name: Bench\n  description: open ground\n  letter: B\n  cols: 30\n  rows: 20\n  terrain:\n")
	for i := 0; i < 20; i++ {
		b.WriteString(`    - "` + strings.Repeat(".", 30) + "\"\n")
	}
	b.WriteString("  elevation:\n")
	for i := 0; i < 20; i++ {
		b.WriteString(`    - "` + strings.Repeat("0", 30) + "\"\n")
	}
	b.WriteString(`start: "1863-07-02 15:00"
turn_minutes: 15
turns: 20
first_light: "04:30"
nightfall: "20:00"
visibility: 8
sides:
  - side: CSA
    awareness: Normal
    army: {name: Army of Northern Virginia, leader: {name: Lee, command: 3, morale: 3}, hq: B1.1}
    commands:
      - name: Hood's Division
        level: division
        leader: {name: Hood, command: 2, morale: 3}
        hq: B9.8
        brigades:
`)
	for br := 0; br < 4; br++ {
		fmt.Fprintf(&b, "          - name: Brigade %d\n            hex: B%d.%d\n            regiments:\n", br, 2, 2+br*4)
		for i := 0; i < 10; i++ {
			col, row := 2+i, 2+br*4
			if br == 3 {
				col, row = 16, 2+i
			}
			fmt.Fprintf(&b, "              - {name: Reb %d-%d, sp: 5, morale: B, weapon: R, hex: B%d.%d}\n", br, i, col, row)
		}
	}
	b.WriteString(`  - side: USA
    awareness: Normal
    army: {name: Army of the Potomac, leader: {name: Meade, command: 2, morale: 2}, hq: B30.20}
    commands:
      - name: Birney's Division
        level: division
        leader: {name: Birney, command: 2, morale: 2}
        hq: B30.19
        brigades:
          - name: Ward's Brigade
            hex: B18.2
            regiments:
`)
	for i := 0; i < 10; i++ {
		fmt.Fprintf(&b, "              - {name: Yank %d, sp: 5, morale: B, weapon: R, hex: B18.%d}\n", i, 2+i)
	}
	return b.String()
}

// benchState builds the benchmark position with the field case tables.
func benchState(b *testing.B) *State {
	// Command Radius as a division's might be, reaching the whole division
	// from its HQ in the middle (the case tables' radius of 30 would make
	// every trace cover the map).
	pack := fieldTablesPack(b, func(tables map[string]any) {
		tables["command-radius"] = map[string]any{
			"rule": "LoB 10.2e", "derivation": "benchmark",
			"values": map[string]any{"army": "12", "corps": "12", "division": "12", "brigade": "4", "artillery-battalion": "12"},
		}
	})
	st := stateOn(b, scenarioFrom(b, "bench.yaml", []byte(benchScenario())), pack)
	for i := range st.doc.Pieces {
		p := &st.doc.Pieces[i]
		if p.Unit == nil {
			continue
		}
		p.Unit.Formation = "column"
		if strings.HasPrefix(p.Name, "Reb 3-") || strings.HasPrefix(p.Name, "Yank") {
			p.Unit.Formation = "line"
			p.Unit.Facing = 0 // NE
			if p.Side == "USA" {
				p.Unit.Facing = 2 // NW
			}
		}
	}
	return st
}

// benchOrders are 40 stack activities: 30 regiments march three hexes
// north and 10 fire across two hexes.
func benchOrders() string {
	var b strings.Builder
	b.WriteString("GAME bench\nSIDE CSA\nTURN 1\n")
	for br := 0; br < 3; br++ {
		for i := 0; i < 10; i++ {
			col, row := 2+i, 2+br*4
			fmt.Fprintf(&b, "STACK Reb %d-%d\n  MOVE B%d.%d B%d.%d B%d.%d\nEND\n", br, i, col, row+1, col, row+2, col, row+3)
		}
	}
	for i := 0; i < 10; i++ {
		fmt.Fprintf(&b, "STACK Reb 3-%d\n  FIRE B18.%d\nEND\n", i, 2+i)
	}
	return b.String()
}

// BenchmarkActivityPhase resolves one Activity Phase of 40 stack
// activities (30 moves, 10 fires with Morale Checks) with seeded dice.
func BenchmarkActivityPhase(b *testing.B) {
	measured(b)
	st := benchState(b)
	f, ps := lobtext.Parse(benchOrders())
	if len(ps) > 0 {
		b.Fatalf("orders: %+v", ps)
	}
	if vs := st.validate(st.side(), f); len(vs) > 0 {
		b.Fatalf("orders are illegal: %+v", vs)
	}
	in := rules.Input{State: st, Orders: map[rules.Side]*orders.File{st.side(): f}}
	fires, moves := 0, 0
	for i := 0; b.Loop(); i++ {
		in.Dice = rules.NewSeededDice([]byte(fmt.Sprint("bench", i)))
		res, err := New().Resolve(in)
		if err != nil {
			b.Fatal(err)
		}
		fires, moves = 0, 0
		for _, e := range res.Events {
			if e.Copy {
				continue // the other side's cut copy of an event (R-FOG-4)
			}
			switch e.Kind {
			case "fire":
				fires++
			case "move":
				moves++
			}
		}
	}
	if fires != 10 || moves != 90 {
		b.Fatalf("%d fires and %d moves resolved, want 10 and 90", fires, moves)
	}
}
