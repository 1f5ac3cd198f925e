package main

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"galloper/adjudicator/store"
	"galloper/rules"
	"galloper/rules/acwminis"
	"galloper/rules/battlehymn"
)

// TestGameNewOptions: `game new --optional KEY=VALUE` sets a game's
// switchable rulings over its scenario's defaults, by the same names for
// every system that has them; a bad value is refused and no game is
// created.
func TestGameNewOptions(t *testing.T) {
	type optionSystem interface {
		rules.System
		OptionalRulesInPlay(rules.State) []string
	}
	for _, c := range []struct {
		sys      optionSystem
		set, bad string
		problem  string
		inPlay   []string
	}{
		{acwminis.New(), "band-edge=upper,fog-of-war=off", "band-edge=middle", "one of lower, upper",
			[]string{"band-edge=upper", "fog-of-war=off"}},
		{battlehymn.New(), "shatter-loss=twice,horse-artillery-rbc=may", "shatter-loss=thrice", "once, twice",
			[]string{"horse-artillery-rbc=may", "shatter-loss=twice"}},
	} {
		t.Run(c.sys.ID(), func(t *testing.T) {
			cfg := testConfig(t)
			run := func(args ...string) error {
				root := rootCmd()
				var out bytes.Buffer
				root.SetOut(&out)
				root.SetErr(&out)
				root.SetArgs(append([]string{"game", "new", "--config", cfg, "--system", c.sys.ID(), "--scenario", "willoughby-run",
					"--player", "CSA:c@p.test:pc", "--player", "USA:u@p.test:pu"}, args...))
				return root.Execute()
			}
			if err := run("--id", "good", "--optional", c.set); err != nil {
				t.Fatal(err)
			}
			if err := run("--id", "bad", "--optional", c.bad); err == nil || !strings.Contains(err.Error(), c.problem) {
				t.Fatalf("--optional %s: %v", c.bad, err)
			}
			ctx := context.Background()
			_, adj, err := openAdjudicator(ctx, cfg)
			if err != nil {
				t.Fatal(err)
			}
			defer adj.DB().Close()
			err = adj.DB().WithTx(ctx, func(tx *store.Tx) error {
				g, err := tx.Game("good")
				if err != nil {
					return err
				}
				st, err := c.sys.DecodeState(g.State)
				if err != nil {
					return err
				}
				if got := c.sys.OptionalRulesInPlay(st); !slices.Equal(got, c.inPlay) {
					t.Errorf("options in play: %v, want %v", got, c.inPlay)
				}
				if _, err := tx.Game("bad"); err == nil {
					t.Error("a game with a bad option was created")
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}
