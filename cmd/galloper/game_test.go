package main

import (
	"bytes"
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"

	"galloper/adjudicator/store"
	"galloper/rules/lob"
)

// TestGameNewInvite: `game new --invite` prints a one-time JOIN code for
// the open side, and bad flags get clear errors.
func TestGameNewInvite(t *testing.T) {
	cfg := testConfig(t)
	run := func(args ...string) (string, error) {
		root := rootCmd()
		var out bytes.Buffer
		root.SetOut(&out)
		root.SetErr(&out)
		root.SetArgs(args)
		err := root.Execute()
		return out.String(), err
	}
	out, err := run("game", "new", "--config", cfg, "--id", "open", "--player", "CSA:c@p.test:pc", "--invite", "USA", "--nmr", "wait")
	if err != nil {
		t.Fatalf("game new: %v\n%s", err, out)
	}
	if !regexp.MustCompile(`invite for USA: JOIN [A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}`).MatchString(out) {
		t.Fatalf("no invite code printed:\n%s", out)
	}
	// A serve may be running already: the message must not say the mails
	// wait for the next one.
	if !strings.Contains(out, "a running `galloper serve` sends them at its next poll") {
		t.Fatalf("game new does not say when its mails go:\n%s", out)
	}
	if _, err := run("game", "new", "--config", cfg, "--id", "x", "--player", "CSA:c@p.test:pc", "--nmr", "sometimes"); err == nil ||
		!strings.Contains(err.Error(), "use defaults or wait") {
		t.Fatalf("bad --nmr: %v", err)
	}
	if _, err := run("game", "new", "--config", cfg, "--id", "y", "--player", "CSA:c@p.test:pc", "--pgp-key", "USA="+cfg); err == nil ||
		!strings.Contains(err.Error(), "want SIDE=FILE for a side given with --player") {
		t.Fatalf("--pgp-key for an unknown side: %v", err)
	}
	if _, err := run("game", "new", "--config", cfg, "--id", "z", "--player", "CSA:c@p.test:pc", "--player", "USA:u@p.test:pu", "--pgp-key", "CSA="+cfg); err == nil ||
		!strings.Contains(err.Error(), "not an armored public key") {
		t.Fatalf("--pgp-key with a file that is not a key: %v", err)
	}
}

// TestGameNewOptional: `game new --optional` stores the optional rules in
// the game's first state; an unknown rule number is refused.
func TestGameNewOptional(t *testing.T) {
	cfg := testConfig(t)
	run := func(args ...string) error {
		root := rootCmd()
		var out bytes.Buffer
		root.SetOut(&out)
		root.SetErr(&out)
		root.SetArgs(append([]string{"game", "new", "--config", cfg, "--player", "CSA:c@p.test:pc", "--player", "USA:u@p.test:pu"}, args...))
		return root.Execute()
	}
	if err := run("--id", "opt", "--optional", "12.2,12.4"); err != nil {
		t.Fatal(err)
	}
	if err := run("--id", "bad", "--optional", "12.2,13.1"); err == nil || !strings.Contains(err.Error(), `"13.1" is not an optional rule`) {
		t.Fatalf("--optional 13.1: %v", err)
	}
	ctx := context.Background()
	_, adj, err := openAdjudicator(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer adj.DB().Close()
	err = adj.DB().WithTx(ctx, func(tx *store.Tx) error {
		g, err := tx.Game("opt")
		if err != nil {
			return err
		}
		st, err := lob.New().DecodeState(g.State)
		if err != nil {
			return err
		}
		if got := (lob.System{}).OptionalRulesInPlay(st); !slices.Equal(got, []string{"12.2", "12.4"}) {
			t.Errorf("optional rules in play: %v", got)
		}
		if _, err := tx.Game("bad"); err == nil {
			t.Error("a game with an unknown optional rule was created")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
