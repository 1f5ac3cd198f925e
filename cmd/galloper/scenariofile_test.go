package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"galloper/adjudicator/store"
	"galloper/mail"
	"galloper/rules"
	"galloper/rules/gbacw"
	"galloper/rules/systems"
)

// TestGameNewScenarioFile: `game new --scenario-file` plays an owner's
// own scenario (a Battle Book's battle in the system's format) under the
// file's name; the stored game carries the file, its game-start mail
// gives the file's hash, and `validate --scenario-file` checks orders
// against it. A broken file, or a system that plays only its own
// scenarios, is refused and no game is made.
func TestGameNewScenarioFile(t *testing.T) {
	cfg := testConfig(t)
	shipped, err := gbacw.System{}.ScenarioData("bristoe-ford")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	good := filepath.Join(dir, "brandy-crossing.yaml")
	data := bytes.Replace(shipped, []byte("turns: 6\n"), []byte("turns: 9\n"), 1)
	broken := filepath.Join(dir, "broken.yaml")
	for path, b := range map[string][]byte{good: data, broken: bytes.Replace(shipped, []byte("turns: 6\n"), []byte("turns: 6\nweather: rain\n"), 1)} {
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func(args ...string) (string, error) {
		root := rootCmd()
		var out bytes.Buffer
		root.SetOut(&out)
		root.SetErr(&out)
		root.SetArgs(args)
		err := root.Execute()
		return out.String(), err
	}
	players := []string{"--player", "USA:u@p.test:pu", "--player", "CSA:c@p.test:pc"}
	if _, err := run(append([]string{"game", "new", "--config", cfg, "--id", "brandy", "--system", "gbacw.v1", "--scenario-file", good}, players...)...); err != nil {
		t.Fatal(err)
	}
	if _, err := run(append([]string{"game", "new", "--config", cfg, "--id", "broken", "--system", "gbacw.v1", "--scenario-file", broken}, players...)...); err == nil || !strings.Contains(err.Error(), "weather") {
		t.Errorf("a broken scenario file: %v, want its fault named", err)
	}
	// A GBACW file given to Line of Battle is refused by LoB's own checks.
	if _, err := run("game", "new", "--config", cfg, "--id", "lobfile", "--system", "lob.v2", "--scenario-file", good,
		"--player", "CSA:c@p.test:pc", "--player", "USA:u@p.test:pu"); err == nil || !strings.Contains(err.Error(), "brandy-crossing") {
		t.Errorf("another system's scenario file: %v, want it refused by name", err)
	}

	ctx := context.Background()
	_, adj, err := openAdjudicator(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer adj.DB().Close()
	err = adj.DB().WithTx(ctx, func(tx *store.Tx) error {
		g, err := tx.Game("brandy")
		if err != nil {
			return err
		}
		if g.Scenario != "brandy-crossing" {
			t.Errorf("scenario %q, want the file's name", g.Scenario)
		}
		st, err := gbacw.New().DecodeState(g.State)
		if err != nil {
			return err
		}
		if c, ok := st.(rules.ScenarioCarrier); !ok || !bytes.Equal(c.ScenarioFile(), data) {
			t.Error("the stored game does not carry the scenario file")
		}
		if st.(*gbacw.State).Turns != 9 {
			t.Errorf("turns %d, want the file's 9", st.(*gbacw.State).Turns)
		}
		for _, id := range []string{"broken", "lobfile"} {
			if _, err := tx.Game(id); err == nil {
				t.Errorf("game %s was created", id)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// The game-start mails give the file's hash, so players can check the
	// file the owner shares is the one played.
	sum := sha256.Sum256(data)
	want := hex.EncodeToString(sum[:])
	found := false
	err = adj.DB().WithTx(ctx, func(tx *store.Tx) error {
		out, err := tx.OutboxAfter(0)
		for _, o := range out {
			if o.GameID == "brandy" && o.Kind == "start" {
				found = found || strings.Contains(mail.Read(o.Raw).Text, "scenario hash:   "+want)
			}
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if !found {
		t.Errorf("no game-start mail gives the scenario hash %s", want)
	}

	orders := filepath.Join(dir, "orders.txt")
	if err := os.WriteFile(orders, []byte("GAME brandy\nSIDE USA\nTURN 1\nPASSWORD pu\n\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := run("validate", "--system", "gbacw.v1", "--scenario-file", good, "--side", "USA", orders)
	if err != nil {
		t.Fatalf("validate --scenario-file: %v\n%s", err, out)
	}
}

// Every system plays an owner's scenario file: each one's first shipped
// scenario, copied to a file of another name, makes a game by
// `game new --scenario-file` that carries the file.
func TestEverySystemPlaysScenarioFiles(t *testing.T) {
	cfg := testConfig(t)
	dir := t.TempDir()
	for _, sys := range systems.All() {
		src, ok := sys.(rules.ScenarioSource)
		if _, loads := sys.(rules.ScenarioLoader); !ok || !loads || len(sys.Scenarios()) == 0 {
			t.Errorf("%s does not play scenario files", sys.ID())
			continue
		}
		name := sys.Scenarios()[0]
		data, err := src.ScenarioData(name)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, "own-"+strings.ReplaceAll(sys.ID(), ".", "-")+".yaml")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		st, err := sys.NewGame(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		args := []string{"game", "new", "--config", cfg, "--id", "own-" + strings.ReplaceAll(sys.ID(), ".", "-"), "--system", sys.ID(), "--scenario-file", path}
		for _, side := range sidesOf(sys, st) {
			args = append(args, "--player", fmt.Sprintf("%s:%s@p.test:pw", side, strings.ToLower(side)))
		}
		root := rootCmd()
		var out bytes.Buffer
		root.SetOut(&out)
		root.SetErr(&out)
		root.SetArgs(args)
		if err := root.Execute(); err != nil {
			t.Errorf("%s: %v", sys.ID(), err)
			continue
		}
		ctx := context.Background()
		_, adj, err := openAdjudicator(ctx, cfg)
		if err != nil {
			t.Fatal(err)
		}
		err = adj.DB().WithTx(ctx, func(tx *store.Tx) error {
			g, err := tx.Game("own-" + strings.ReplaceAll(sys.ID(), ".", "-"))
			if err != nil {
				return err
			}
			back, err := sys.DecodeState(g.State)
			if err != nil {
				return err
			}
			if c, ok := back.(rules.ScenarioCarrier); !ok || !bytes.Equal(c.ScenarioFile(), data) {
				t.Errorf("%s: the stored game does not carry the file", sys.ID())
			}
			return nil
		})
		adj.DB().Close()
		if err != nil {
			t.Fatalf("%s: %v", sys.ID(), err)
		}
	}
}

// sidesOf are the sides of a new game: those of its roster and of its
// first segment.
func sidesOf(sys rules.System, st rules.State) []string {
	var out []string
	add := func(s rules.Side) {
		if s != "" && !slices.Contains(out, string(s)) {
			out = append(out, string(s))
		}
	}
	for _, g := range sys.View(st, "").Roster {
		add(g.Side)
	}
	for _, s := range st.Segment().Sides {
		add(s)
	}
	return out
}
