package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"galloper/rules"
	"galloper/rules/systems"
)

// TestDemoSystems plays the demo of every registered system that has one
// (rules.Demonstrator), as `galloper demo --system ID` does, and checks
// that no order file was refused, that the journal shows every kind of
// event the system's demo promises, and that both dice verifiers (galloper
// dice verify and scripts/verify_dice.py) pass on its mails.
func TestDemoSystems(t *testing.T) {
	var demos []rules.System
	for _, s := range systems.All() {
		if _, ok := s.(rules.Demonstrator); ok {
			demos = append(demos, s)
		}
	}
	if len(demos) == 0 {
		t.Fatal("no registered system plays a demo (rules.Demonstrator)")
	}
	for _, sys := range demos {
		t.Run(sys.ID(), func(t *testing.T) { checkSystemDemo(t, sys) })
	}
}

func checkSystemDemo(t *testing.T, sys rules.System) {
	out := t.TempDir()
	var story bytes.Buffer
	res, err := runSystemDemo(context.Background(), &story, out, sys.ID(), demoSeed)
	if err != nil {
		t.Fatalf("demo: %v\n%s", err, story.String())
	}
	if len(res.Refused) > 0 {
		t.Errorf("%d order files were refused:\n%s", len(res.Refused), strings.Join(res.Refused, "\n"))
	}
	if res.Segments == 0 {
		t.Fatalf("the demo resolved no segment:\n%s", story.String())
	}
	for _, kind := range sys.(rules.Demonstrator).DemoShows() {
		if res.Kinds[kind] == 0 {
			t.Errorf("the journal has no %q event, which the demo should show", kind)
		}
	}
	if !strings.Contains(story.String(), "Done: ") {
		t.Errorf("the story does not end with its summary:\n%s", story.String())
	}
	mails, _ := filepath.Glob(filepath.Join(out, "mail", "*.eml"))
	if len(mails) != res.Mails {
		t.Fatalf("%d mails written, the demo counted %d", len(mails), res.Mails)
	}
	if n, err := verifyDiceFiles(mails, ""); err != nil || n != res.Segments {
		t.Fatalf("galloper dice verify: %d records, %v; want %d records and no error", n, err, res.Segments)
	}
	if maps, _ := filepath.Glob(filepath.Join(out, "maps", "*.png")); len(maps) == 0 {
		t.Error("no PNG maps written")
	}
	_, sides, _ := sys.(rules.Demonstrator).DemoScenario()
	t.Run("player view", func(t *testing.T) { checkSystemDemoView(t, sys, out, res.Over, sides) })
	if t.Failed() {
		t.Logf("story:\n%s", story.String())
	}

	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed; the independent verifier is not run")
	}
	script := filepath.Join("..", "..", "scripts", "verify_dice.py")
	checked := 0
	for _, f := range mails {
		raw, _ := os.ReadFile(f)
		if !bytes.Contains(raw, []byte("BEGIN GALLOPER DICE RECORD")) && !bytes.Contains(raw, []byte("BEGIN GALLOPER DICE OPENING")) {
			continue
		}
		if out, err := exec.Command(py, script, f).CombinedOutput(); err != nil {
			t.Fatalf("verify_dice.py %s: %v\n%s", filepath.Base(f), err, out)
		}
		checked++
	}
	if checked < res.Segments {
		t.Errorf("verify_dice.py checked %d mails with dice, fewer than the %d segments", checked, res.Segments)
	}
}
