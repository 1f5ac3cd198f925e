package gbacw

import (
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
