package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"galloper/adjudicator/store"
)

// TestGameListShow: `game list` lists every game with its status and
// segment, `game show ID` one game's seats (no password or token), and
// once the game is over both say so, and so does `validate --game`.
func TestGameListShow(t *testing.T) {
	cfg := testConfig(t)
	adj := creekGame(t, cfg)
	run := func(args ...string) (string, error) {
		root := rootCmd()
		var out bytes.Buffer
		root.SetOut(&out)
		root.SetErr(&out)
		root.SetArgs(args)
		err := root.Execute()
		return out.String(), err
	}
	if out, err := run("game", "new", "--config", cfg, "--id", "open", "--player", "CSA:c@p.test:pc", "--invite", "USA"); err != nil {
		t.Fatalf("game new: %v\n%s", err, out)
	}
	out, err := run("game", "list", "--config", cfg)
	if err != nil {
		t.Fatalf("game list: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "GAME") ||
		!strings.Contains(lines[1], "creek") || !strings.Contains(lines[1], "tanners-creek") || !strings.Contains(lines[1], "active") ||
		!strings.Contains(lines[1], "Turn 1") || !strings.Contains(lines[2], "open") || !strings.Contains(lines[2], "lantern-ridge") {
		t.Fatalf("game list:\n%s", out)
	}
	out, err = run("game", "show", "--config", cfg, "open")
	if err != nil {
		t.Fatalf("game show: %v\n%s", err, out)
	}
	for _, want := range []string{"game open", "scenario: lantern-ridge", "status:   active", "segment:  Turn 1", "CSA    c@p.test", "USA    (invited, not yet joined)"} {
		if !strings.Contains(out, want) {
			t.Errorf("game show lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "pc") && strings.Contains(out, "password") {
		t.Errorf("game show prints a password:\n%s", out)
	}
	if _, err := run("game", "show", "--config", cfg, "nope"); err == nil || !strings.Contains(err.Error(), "nope") {
		t.Errorf("game show of an unknown game: %v", err)
	}
	if _, err := run("game", "show", "--config", cfg); err == nil || exitCode(err) != 2 {
		t.Errorf("game show without an id: %v, want exit status 2", err)
	}

	// The game ends.
	ctx := context.Background()
	if err := adj.DB().WithTx(ctx, func(tx *store.Tx) error {
		g, err := tx.Game("creek")
		if err != nil {
			return err
		}
		return tx.AdvanceGame(g.ID, g.SegmentIndex, g.State, true, 0)
	}); err != nil {
		t.Fatal(err)
	}
	out, err = run("game", "list", "--config", cfg)
	if err != nil || !strings.Contains(strings.Split(out, "\n")[1], "over") {
		t.Errorf("game list of a finished game: %v\n%s", err, out)
	}
	out, err = run("game", "show", "--config", cfg, "creek")
	if err != nil || !strings.Contains(out, "status:   over") || !strings.Contains(out, "last:     Turn 1") {
		t.Errorf("game show of a finished game: %v\n%s", err, out)
	}
	orders := filepath.Join(t.TempDir(), "o.txt")
	if err := os.WriteFile(orders, []byte("GAME creek\nSIDE CSA\nTURN 1\nPASSWORD pc\n\nSTACK Ames\n  FACE NE\nEND\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err = run("validate", "--game", "creek", "--config", cfg, "--side", "CSA", orders)
	if err == nil || !strings.Contains(out, "the game is over") {
		t.Errorf("validate against a finished game: %v\n%s", err, out)
	}
}
