package lob

import (
	"strings"
	"testing"

	"galloper/rules"
)

// TestC2ChartPack checks the provisional command tables against their
// documented derivations and the values the rules print (LoB 10.7b: 8
// turns of grace; 10.8e: Artillery Battalion radius 4).
func TestC2ChartPack(t *testing.T) {
	x := newGame(t).charts.c2
	if x.flukeGrace != 8 {
		t.Errorf("Fluke Stoppage grace %d turns, the rules say 8", x.flukeGrace)
	}
	if r := newGame(t).charts.radius; r[LevelArtillery] != 4 || r[LevelCorps] == 0 || r[LevelBrigade] == 0 {
		t.Errorf("Command Radius %v", r)
	}
	for sum := 2; sum <= 12; sum++ {
		if x.flukePasses(sum) != (sum >= 5) {
			t.Errorf("Fluke Base Check %d: %v", sum, !(sum >= 5))
		}
		for cv := 0; cv <= 5; cv++ {
			if x.flukeStops(cv, sum) != (sum+cv <= 8) {
				t.Errorf("Fluke stop cv %d sum %d", cv, sum)
			}
			if x.recovers(cv, sum) != (sum+cv >= 8) {
				t.Errorf("recovery cv %d sum %d", cv, sum)
			}
		}
		for i, sit := range recoverySituations {
			if x.recoveryPossible(sit, sum) != (sum >= []int{5, 7, 8, 9}[i]) {
				t.Errorf("recovery base %s sum %d", sit, sum)
			}
		}
	}
	if x.rollReserve <= 0 || x.flukeReserve <= 0 {
		t.Errorf("reserve modifiers %d, %d should help", x.rollReserve, x.flukeReserve)
	}
}

// TestC2ChartPackErrors: an owner's card with a table, row, column or cell
// missing or malformed is refused with an error that names it.
func TestC2ChartPackErrors(t *testing.T) {
	good := string(ChartPackData())
	for _, c := range []struct{ from, to, want string }{
		{"  fluke-stoppage:", "  fluke-stoppagex:", `missing table "fluke-stoppage"`},
		{"  attack-recovery:", "  attack-recoveryx:", `missing table "attack-recovery"`},
		{"  command-roll-modifiers:", "  command-roll-modifiersx:", `missing table "command-roll-modifiers"`},
		{"      reserve: \"1\"", "      reserve: \"lots\"", `value reserve: "lots" is not a whole number`},
		{"      grace-turns: \"8\"", "      grace: \"8\"", `missing value "grace-turns"`},
		{"      corps: \"6\"", "      corp: \"6\"", `missing value "corps"`},
		{`"2":  [fail, stop`, `"2":  [flop, stop`, `row 2 column base: "flop" is not pass or fail`},
		{`columns: [none, wrecked, destroyed, wrecked-destroyed,`, `columns: [none, wrecked, destroyed, both,`, `missing column "wrecked-destroyed"`},
	} {
		if !strings.Contains(good, c.from) {
			t.Fatalf("the pack has no %q", c.from)
		}
		p, err := rules.ParseChartPack("card.yaml", []byte(strings.Replace(good, c.from, c.to, 1)))
		if err == nil {
			_, err = compileCharts(p, newGame(t).scn)
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s -> %s: error %v, want it to say %s", c.from, c.to, err, c.want)
		}
	}
}
