package main

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"galloper/adjudicator/store"
	"galloper/rules/acwminis"
)

// TestGameNewOptions: `game new --optional KEY=VALUE` sets the switchable
// rulings of an ACW miniatures game over its scenario's defaults; a bad
// value is refused and no game is created.
func TestGameNewOptions(t *testing.T) {
	cfg := testConfig(t)
	run := func(args ...string) error {
		root := rootCmd()
		var out bytes.Buffer
		root.SetOut(&out)
		root.SetErr(&out)
		root.SetArgs(append([]string{"game", "new", "--config", cfg, "--system", "acwminis.v1", "--scenario", "willoughby-run",
			"--player", "CSA:c@p.test:pc", "--player", "USA:u@p.test:pu"}, args...))
		return root.Execute()
	}
	if err := run("--id", "acw", "--optional", "band-edge=upper,fog-of-war=off"); err != nil {
		t.Fatal(err)
	}
	if err := run("--id", "bad", "--optional", "band-edge=middle"); err == nil || !strings.Contains(err.Error(), "one of lower, upper") {
		t.Fatalf("--optional band-edge=middle: %v", err)
	}
	ctx := context.Background()
	_, adj, err := openAdjudicator(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer adj.DB().Close()
	err = adj.DB().WithTx(ctx, func(tx *store.Tx) error {
		g, err := tx.Game("acw")
		if err != nil {
			return err
		}
		sys := acwminis.New()
		st, err := sys.DecodeState(g.State)
		if err != nil {
			return err
		}
		if got := sys.OptionalRulesInPlay(st); !slices.Equal(got, []string{"band-edge=upper", "fog-of-war=off"}) {
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
