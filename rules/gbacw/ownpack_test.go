package gbacw

import (
	"os"
	"slices"
	"strings"
	"testing"

	"galloper/rules"
)

// TestOwnersChartPack: a game made with its owner's chart pack (the real
// cards) plays with it, keeps it through its canonical form, and no
// longer says it is provisional; a pack that lacks a table is refused and
// no game is made.
func TestOwnersChartPack(t *testing.T) {
	sys := New()
	data := strings.Replace(string(ProvisionalPackData()), "name: GBACW provisional\n", "name: Bristoe cards\n", 1)
	data = strings.Replace(data, "provisional: true\n", "provisional: false\n", 1)
	pack, err := rules.ParseChartPack("owner.yaml", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	st, err := sys.NewGame("bristoe-ford", pack)
	if err != nil {
		t.Fatal(err)
	}
	again, err := sys.DecodeState(st.Canonical())
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []rules.State{st, again} {
		v := sys.View(s, "")
		if v.Provisional || v.ChartPack != "Bristoe cards" {
			t.Errorf("view of a game on its owner's pack: provisional %v, pack %q", v.Provisional, v.ChartPack)
		}
		if g := sys.forGame(s); g.combat.Pack.Name != "Bristoe cards" || g.combat.Provisional {
			t.Errorf("the game plays on %q (provisional %v)", g.combat.Pack.Name, g.combat.Provisional)
		}
	}
	plain, err := sys.NewGame("bristoe-ford", nil)
	if err != nil {
		t.Fatal(err)
	}
	if v := sys.View(plain, ""); !v.Provisional {
		t.Error("a game on the shipped pack does not say it is provisional")
	}

	broken := strings.Replace(data, "  artillery-fire:\n", "  artillery-fire-misnamed:\n", 1)
	bp, err := rules.ParseChartPack("broken.yaml", []byte(broken))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sys.NewGame("bristoe-ford", bp); err == nil || !strings.Contains(err.Error(), "artillery-fire") {
		t.Errorf("a pack without its Artillery Fire Table: %v", err)
	}
}

// TestOptionalRulesOnOff: a game's optional rules add to its scenario's,
// "ID=off" takes one out (Bristoe Ford played open, without its fog of
// war), and a value other than on or off is refused.
func TestOptionalRulesOnOff(t *testing.T) {
	sys := New()
	st, err := sys.NewGame("bristoe-ford", nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := sys.OptionalRulesInPlay(st); !slices.Contains(got, optFog) {
		t.Fatalf("Bristoe Ford's own rules: %v, want fog-of-war", got)
	}
	open, err := sys.WithOptionalRules(st, []string{"fog-of-war=off", "17"})
	if err != nil {
		t.Fatal(err)
	}
	if got := sys.OptionalRulesInPlay(open); slices.Contains(got, optFog) || !slices.Contains(got, "17") {
		t.Errorf("after fog-of-war=off and 17: %v", got)
	}
	if got := sys.OptionalRulesInPlay(st); !slices.Contains(got, optFog) {
		t.Errorf("the scenario's start was changed: %v", got)
	}
	if _, err := sys.WithOptionalRules(st, []string{"fog-of-war=maybe"}); err == nil {
		t.Error("fog-of-war=maybe was taken")
	}
}

// TestOwnersBattleBook: a Battle Book's data enters as a scenario file
// (testdata/battlebook.yaml: its map, order of battle, hours and
// battle_book section), and the file's own battle_book section is what
// plays: 45-minute turns on a 12-hour clock (2.43), its partial hexes
// opened (9.13 Note), its stacking limits (8.12). See GBACW 1.0.
func TestOwnersBattleBook(t *testing.T) {
	data, err := os.ReadFile("testdata/battlebook.yaml")
	if err != nil {
		t.Fatal(err)
	}
	book := "battle_book:\n  turn_minutes: 45\n  twelve_hour_clock: true\n  partial_hexes_open: true\n" +
		"  stacking: {march_infantry: 6, march_cavalry: 3, infantry: 12, cavalry: 6, batteries: 2, guns: 10, with_batteries: 1, with_guns: 4}\n"
	owned := strings.Replace(string(data), "battle_book:\n  artillery_approach: 1\n", book, 1)
	if owned == string(data) {
		t.Fatal("testdata/battlebook.yaml has no battle_book section to replace")
	}
	for _, c := range []struct {
		file                   string
		clock2                 string
		partialOpen            bool
		infantryLimit, withGun int
	}{
		{string(data), "1800", false, 15, 6},
		{owned, "5:45 PM", true, 12, 4},
	} {
		sc, err := LoadScenario("battlebook", []byte(c.file))
		if err != nil {
			t.Fatal(err)
		}
		s := sc.start.clone()
		s.Turn = 2
		if got := s.Clock(); got != c.clock2 {
			t.Errorf("turn 2's clock is %q, want %q", got, c.clock2)
		}
		if got := !s.closedPartial("0610"); got != c.partialOpen {
			t.Errorf("partial hex 0610 open: %v, want %v", got, c.partialOpen)
		}
		if lim := s.book.stacking(); lim.Infantry != c.infantryLimit || lim.WithGuns != c.withGun {
			t.Errorf("stacking limits: infantry %d, guns with infantry %d; want %d and %d", lim.Infantry, lim.WithGuns, c.infantryLimit, c.withGun)
		}
	}
}

// TestBattleBookUnitFaults: a Battle Book's counters written wrong are
// refused with the unit named: a kind the series has not (2.21), and a
// dismounted counter on a horse battery, which only cavalry has (14.21).
func TestBattleBookUnitFaults(t *testing.T) {
	data, err := os.ReadFile("testdata/battlebook.yaml")
	if err != nil {
		t.Fatal(err)
	}
	const calef = "kind: horse-artillery, hex: \"0203\""
	for _, c := range []struct{ to, want string }{
		{"kind: horse artillery, hex: \"0203\"", `unit Calef: kind "horse artillery" (infantry, cavalry, artillery or horse-artillery)`},
		{calef + ", dismounted: {ma: 6, cohesion: 6, disordered: 4, weapon: M}", `unit Calef: only cavalry has a dismounted counter`},
	} {
		text := strings.Replace(string(data), calef, c.to, 1)
		if text == string(data) {
			t.Fatalf("testdata/battlebook.yaml has no %s", calef)
		}
		if _, err := LoadScenario("battlebook", []byte(text)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v", c.want, err)
		}
	}
}
