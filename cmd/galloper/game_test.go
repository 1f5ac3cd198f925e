package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
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
	if _, err := run("game", "new", "--config", cfg, "--id", "x", "--player", "CSA:c@p.test:pc", "--nmr", "sometimes"); err == nil ||
		!strings.Contains(err.Error(), "use defaults or wait") {
		t.Fatalf("bad --nmr: %v", err)
	}
	if _, err := run("game", "new", "--config", cfg, "--id", "y", "--player", "CSA:c@p.test:pc", "--pgp-key", "USA="+cfg); err == nil ||
		!strings.Contains(err.Error(), "want SIDE=FILE for a side given with --player") {
		t.Fatalf("--pgp-key for an unknown side: %v", err)
	}
	if _, err := run("game", "new", "--config", cfg, "--id", "z", "--player", "CSA:c@p.test:pc", "--pgp-key", "CSA="+cfg); err == nil ||
		!strings.Contains(err.Error(), "not an armored public key") {
		t.Fatalf("--pgp-key with a file that is not a key: %v", err)
	}
}
