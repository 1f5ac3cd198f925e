package battlehymn

import (
	"fmt"
	"strings"
	"testing"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/battlehymn/bhtext"
)

// benchScenario is a 30 by 20 map with 30 units a side in five Formations
// of six: the USA in column 10, the CSA in column 13, rows 2 to 19 with
// gaps, every CSA unit scripted one column west each Hour so that the
// lines close and fight.
func benchScenario(tb testing.TB) (*State, map[rules.Side]*orders.File) {
	var b strings.Builder
	b.WriteString("name: bench\nsides: [USA, CSA]\nfirst: 1\nlast: 4\ninitiative:\n  - {hour: 1, side: CSA}\nmap:\n  name: bench\n")
	b.WriteString("  layout: {top: flat, shifted: even, rows: down, ids: {form: digits}}\n  cols: 30\n  rows: 20\n  terrain:\n")
	for r := 0; r < 20; r++ {
		row := strings.Repeat(".", 30)
		if r%5 == 2 {
			row = row[:5] + "ww" + row[7:20] + "ww" + row[22:]
		}
		fmt.Fprintf(&b, "    - %q\n", row)
	}
	b.WriteString("  elevation:\n")
	for r := 0; r < 20; r++ {
		fmt.Fprintf(&b, "    - %q\n", strings.Repeat("0", 30))
	}
	b.WriteString("formations:\n")
	csa := &strings.Builder{}
	for side, col := range map[string]int{"USA": 10, "CSA": 13} {
		for f := 0; f < 5; f++ {
			fmt.Fprintf(&b, "  - name: %s Division %d\n    side: %s\n    units:\n", side, f+1, side)
			for u := 0; u < 6; u++ {
				n := f*6 + u
				c, r := col+n%2*2, 1+n/2
				if side == "CSA" {
					c = col + n%2*2
				}
				typ := "infantry"
				if u == 5 {
					typ = "artillery"
				}
				fmt.Fprintf(&b, "      - {name: %s %d, type: %s, sp: %d, mr: %d, ma: 6, at: \"%02d%02d\"}\n", side, n+1, typ, 3+n%4, n%3-1, c, r)
				if side == "CSA" && typ == "infantry" {
					fmt.Fprintf(csa, "MOVE CSA %d: %02d%02d\n", n+1, c-1, r)
				}
			}
		}
	}
	st, err := LoadScenario("bench", []byte(b.String()))
	if err != nil {
		tb.Fatal(err)
	}
	files := map[rules.Side]*orders.File{}
	for side, body := range map[rules.Side]string{
		"USA": "STANDING\nADVANCE AFTER COMBAT ALWAYS\nEND\n",
		"CSA": csa.String() + "COMBAT WHEN 4 LEFT\nSTANDING\nADVANCE AFTER COMBAT ALWAYS\nEND\n",
	} {
		f, ps := bhtext.Parse(fmt.Sprintf("GAME bench\nSIDE %s\nTURN 1\n%s", side, body))
		if len(ps) > 0 {
			tb.Fatal(ps)
		}
		if ps := New().Validate(st, side, f); len(ps) > 0 {
			tb.Fatal(ps)
		}
		files[side] = f
	}
	return st, files
}

// resolveHour resolves an Hour as the adjudicator does: each pause
// answered with its default, the Hour run again on the same dice.
func resolveHour(tb testing.TB, st *State, files map[rules.Side]*orders.File, seed string) rules.Result {
	in := rules.Input{State: st, Orders: files}
	for {
		in.Dice = rules.NewSeededDice([]byte(seed))
		res, err := New().Resolve(in)
		if err != nil {
			tb.Fatal(err)
		}
		if !res.Paused() {
			return res
		}
		for _, p := range res.Pauses {
			in.Decisions = append(in.Decisions, rules.Decision{Key: p.Key, Side: p.Side, Choice: p.Default})
		}
	}
}

// TestBenchScenarioFights checks that the benchmark's Hour is a real one:
// the lines close and fight.
func TestBenchScenarioFights(t *testing.T) {
	st, files := benchScenario(t)
	res := resolveHour(t, st, files, "bench")
	kinds := map[string]int{}
	for _, e := range res.Events {
		kinds[e.Kind]++
	}
	if kinds["engagement"] < 2 || kinds["fire"] < 20 || kinds["draw"] != 11 {
		t.Fatalf("the benchmark Hour is too quiet: %v", kinds)
	}
	t.Logf("%d events: %d draws, %d engagements, %d fires, %d retreats, %d bombardments", len(res.Events), kinds["draw"], kinds["engagement"], kinds["fire"], kinds["retreat"], kinds["bombard"])
}

// BenchmarkHour resolves a whole Hour with 30 units a side: eleven picks,
// ten Movement Turns, two Combat Turns with their Engagements.
func BenchmarkHour(b *testing.B) {
	st, files := benchScenario(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		resolveHour(b, st, files, "bench")
	}
}

// BenchmarkValidate validates one side's 25 scripts.
func BenchmarkValidate(b *testing.B) {
	st, files := benchScenario(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		New().Validate(st, "CSA", files["CSA"])
	}
}
