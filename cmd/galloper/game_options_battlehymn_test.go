package main

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"galloper/adjudicator/store"
	"galloper/rules/battlehymn"
)

// TestGameNewOptionsBattleHymn: `game new --optional KEY=VALUE` sets a
// Battle Hymn game's switchable rulings by the names of its config's
// options: map, as for every system; a bad value is refused and no game
// is created.
func TestGameNewOptionsBattleHymn(t *testing.T) {
	cfg := testConfig(t)
	run := func(args ...string) error {
		root := rootCmd()
		var out bytes.Buffer
		root.SetOut(&out)
		root.SetErr(&out)
		root.SetArgs(append([]string{"game", "new", "--config", cfg, "--system", "battlehymn.v1", "--scenario", "willoughby-run",
			"--player", "CSA:c@p.test:pc", "--player", "USA:u@p.test:pu"}, args...))
		return root.Execute()
	}
	if err := run("--id", "bh", "--optional", "shatter-loss=twice,horse-artillery-rbc=may"); err != nil {
		t.Fatal(err)
	}
	if err := run("--id", "bad", "--optional", "shatter-loss=thrice"); err == nil || !strings.Contains(err.Error(), "once, twice") {
		t.Fatalf("--optional shatter-loss=thrice: %v", err)
	}
	ctx := context.Background()
	_, adj, err := openAdjudicator(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer adj.DB().Close()
	err = adj.DB().WithTx(ctx, func(tx *store.Tx) error {
		g, err := tx.Game("bh")
		if err != nil {
			return err
		}
		sys := battlehymn.New()
		st, err := sys.DecodeState(g.State)
		if err != nil {
			return err
		}
		if got := sys.OptionalRulesInPlay(st); !slices.Equal(got, []string{"horse-artillery-rbc=may", "shatter-loss=twice"}) {
			t.Errorf("options in play: %v", got)
		}
		if _, err := tx.Game("bad"); err == nil {
			t.Error("a game with a bad option was created")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
