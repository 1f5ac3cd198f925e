package gbacw

import (
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
