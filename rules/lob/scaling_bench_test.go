package lob

import (
	"fmt"
	"strings"
	"testing"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/lob/lobtext"
)

// The scaling benchmarks run the Activity Phase benchmark's position
// (benchScenario) side by side, up to eight times, on one 120×20 map of
// open ground: each block of 15 columns has a Confederate division of 40
// regiments (30 march three hexes, 10 fire two hexes at a Union brigade)
// and the Union brigade, under its own division. Blocks come in mirrored
// pairs, so that every division keeps its marching regiments behind its
// firing line and no march takes a unit nearer an enemy than the
// Command's forward line (LoB 10.8a). Their size is the number of stacks
// the Activity Phase carries out: 40 a block.

// scaleSizes are the stack counts the scaling benchmarks run at.
var scaleSizes = []int{40, 80, 160, 320}

// scaleBlock is the layout of block d: the first column of its marching
// regiments, its firing line's and the Union brigade's columns, the
// facings of the two, and the columns of the two division HQs.
type scaleBlock struct {
	march, line, yank  int
	lineFace, yankFace int
	rebelHQ, yankeeHQ  int
}

func scaleBlockOf(d int) scaleBlock {
	c := d / 2 * 30
	if d%2 == 0 { // the enemy to the west
		return scaleBlock{march: c + 5, line: c + 3, yank: c + 1, lineFace: 2, yankFace: 0, rebelHQ: c + 9, yankeeHQ: c + 1}
	}
	return scaleBlock{march: c + 16, line: c + 27, yank: c + 29, lineFace: 0, yankFace: 2, rebelHQ: c + 21, yankeeHQ: c + 29}
}

// scaleScenario is the 120×20 map with blocks divisions a side.
func scaleScenario(blocks int) string {
	var b strings.Builder
	b.WriteString("name: scale\ntitle: Activity Phase scaling benchmark\nmap:\n  name: Scale\n  description: open ground\n  letter: B\n  cols: 120\n  rows: 20\n  terrain:\n")
	for i := 0; i < 20; i++ {
		b.WriteString(`    - "` + strings.Repeat(".", 120) + "\"\n")
	}
	b.WriteString("  elevation:\n")
	for i := 0; i < 20; i++ {
		b.WriteString(`    - "` + strings.Repeat("0", 120) + "\"\n")
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
    army: {name: Army of Northern Virginia, leader: {name: Lee, command: 3, morale: 3}, hq: B60.20}
    commands:
`)
	for d := 0; d < blocks; d++ {
		k := scaleBlockOf(d)
		fmt.Fprintf(&b, "      - name: Division %d\n        level: division\n        leader: {name: General %d, command: 2, morale: 3}\n        hq: B%d.16\n        brigades:\n", d, d, k.rebelHQ)
		for br := 0; br < 4; br++ {
			fmt.Fprintf(&b, "          - name: Brigade %d-%d\n            hex: B%d.%d\n            regiments:\n", d, br, k.march, 5+br*4)
			for i := 0; i < 10; i++ {
				col, row := k.march+i, 5+br*4
				if br == 3 {
					col, row = k.line, 2+i
				}
				fmt.Fprintf(&b, "              - {name: Reb %d-%d-%d, sp: 5, morale: B, weapon: R, hex: B%d.%d}\n", d, br, i, col, row)
			}
		}
	}
	b.WriteString(`  - side: USA
    awareness: Normal
    army: {name: Army of the Potomac, leader: {name: Meade, command: 2, morale: 2}, hq: B120.20}
    commands:
`)
	for d := 0; d < blocks; d++ {
		k := scaleBlockOf(d)
		fmt.Fprintf(&b, "      - name: Union Division %d\n        level: division\n        leader: {name: Union General %d, command: 2, morale: 2}\n        hq: B%d.18\n        brigades:\n", d, d, k.yankeeHQ)
		fmt.Fprintf(&b, "          - name: Union Brigade %d\n            hex: B%d.2\n            regiments:\n", d, k.yank)
		for i := 0; i < 10; i++ {
			fmt.Fprintf(&b, "              - {name: Yank %d-%d, sp: 5, morale: B, weapon: R, hex: B%d.%d}\n", d, i, k.yank, 2+i)
		}
	}
	return b.String()
}

// scaleState builds the scaling position for a number of stacks (a
// multiple of 40) with the field case tables, formations as in
// benchState and a Command Radius reaching a whole block from its HQ.
func scaleState(tb testing.TB, stacks int) *State {
	pack := fieldTablesPack(tb, func(tables map[string]any) {
		tables["command-radius"] = map[string]any{
			"rule": "LoB 10.2e", "derivation": "benchmark",
			"values": map[string]any{"army": "20", "corps": "20", "division": "20", "brigade": "4", "artillery-battalion": "12"},
		}
	})
	st := stateOn(tb, scenarioFrom(tb, "scale.yaml", []byte(scaleScenario(stacks/40))), pack)
	for i := range st.doc.Pieces {
		p := &st.doc.Pieces[i]
		if p.Unit == nil {
			continue
		}
		p.Unit.Formation = "column"
		var d, br, n int
		switch {
		case strings.HasPrefix(p.Name, "Yank"):
			fmt.Sscanf(p.Name, "Yank %d-%d", &d, &n)
			p.Unit.Formation, p.Unit.Facing = "line", scaleBlockOf(d).yankFace
		case strings.HasPrefix(p.Name, "Reb"):
			if fmt.Sscanf(p.Name, "Reb %d-%d-%d", &d, &br, &n); br == 3 {
				p.Unit.Formation, p.Unit.Facing = "line", scaleBlockOf(d).lineFace
			}
		}
	}
	return st
}

// scaleOrders are the stacks' activities: in each block 30 regiments
// march three hexes north and 10 fire two hexes.
func scaleOrders(stacks int) string {
	var b strings.Builder
	b.WriteString("GAME scale\nSIDE CSA\nTURN 1\n")
	for d := 0; d < stacks/40; d++ {
		k := scaleBlockOf(d)
		for br := 0; br < 3; br++ {
			for i := 0; i < 10; i++ {
				col, row := k.march+i, 5+br*4
				fmt.Fprintf(&b, "STACK Reb %d-%d-%d\n  MOVE B%d.%d B%d.%d B%d.%d\nEND\n", d, br, i, col, row-1, col, row-2, col, row-3)
			}
		}
		for i := 0; i < 10; i++ {
			fmt.Fprintf(&b, "STACK Reb %d-3-%d\n  FIRE B%d.%d\nEND\n", d, i, k.yank, 2+i)
		}
	}
	return b.String()
}

// scaleInput parses and checks the orders of a size.
func scaleInput(b *testing.B, stacks int) (*State, *orders.File) {
	st := scaleState(b, stacks)
	f, ps := lobtext.Parse(scaleOrders(stacks))
	if len(ps) > 0 {
		b.Fatalf("orders: %+v", ps)
	}
	if vs := st.validate(st.side(), f); len(vs) > 0 {
		b.Fatalf("orders are illegal: %+v", vs)
	}
	return st, f
}

// BenchmarkValidateStacks checks an order file of 40 to 320 STACK blocks
// against the position, as intake does for every order mail.
func BenchmarkValidateStacks(b *testing.B) {
	measured(b)
	for _, n := range scaleSizes {
		b.Run(fmt.Sprintf("stacks=%d", n), func(b *testing.B) {
			st, f := scaleInput(b, n)
			for b.Loop() {
				if vs := st.validate(st.side(), f); len(vs) > 0 {
					b.Fatalf("orders are illegal: %+v", vs)
				}
			}
		})
	}
}

// BenchmarkActivityPhaseStacks resolves one Activity Phase of 40 to 320
// stack activities (three moves to each fire) with seeded dice.
func BenchmarkActivityPhaseStacks(b *testing.B) {
	measured(b)
	for _, n := range scaleSizes {
		b.Run(fmt.Sprintf("stacks=%d", n), func(b *testing.B) {
			st, f := scaleInput(b, n)
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
			if fires != n/4 || moves != 9*n/4 {
				b.Fatalf("%d fires and %d moves resolved, want %d and %d", fires, moves, n/4, 9*n/4)
			}
		})
	}
}
