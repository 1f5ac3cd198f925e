package main

import (
	"bytes"
	"context"
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
	defer func() {
		if t.Failed() {
			t.Logf("story:\n%s", story.String())
		}
	}()
	if len(res.Refused) > 0 {
		t.Errorf("%d order files were refused:\n%s", len(res.Refused), strings.Join(res.Refused, "\n"))
	}
	if res.Segments == 0 {
		t.Fatal("the demo resolved no segment")
	}
	for _, kind := range sys.(rules.Demonstrator).DemoShows() {
		if res.Kinds[kind] == 0 {
			t.Errorf("the journal has no %q event, which the demo should show (the dice follow every byte of the states and orders: "+
				"a change to the rules or the scenario can take the story elsewhere; adjust the system's demo players, see its story below)", kind)
		}
	}
	if !strings.Contains(story.String(), "Done: ") {
		t.Error("the story does not end with its summary")
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

	// The independent verifier, over the whole game as TestDemo runs it:
	// every record, and each side's openings against them.
	sideOpeningsVerify(t, mails, res.Segments)
}
