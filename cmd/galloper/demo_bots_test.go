package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestDemoBots plays a whole Line of Battle game bot against bot over the
// in-process mail servers: every mail answered from its JSON document
// alone, no order file refused, stacks firing at what they see, decision
// requests answered, and the game played to its end.
func TestDemoBots(t *testing.T) {
	var out bytes.Buffer
	res, err := runDemoBots(context.Background(), &out, t.TempDir(), "lantern-ridge-battle", demoSeed, "")
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	// Each bot orders in each of its 8 Player Turns (LoB 2.1).
	if !res.Over || res.Refused != 0 || res.Receipts != 16 || res.Fired == 0 || res.Decided == 0 {
		t.Fatalf("over %v, %d order files accepted (%d with fire), %d refused, %d decisions answered\n%s",
			res.Over, res.Receipts, res.Fired, res.Refused, res.Decided, out.String())
	}
	t.Log(out.String())
}

// TestDemoPythonBot plays the same game with the USA side played by the
// Python bot (scripts/galloper_bot.py), which uses only Python's standard
// library: the protocol is the mails and their JSON, whatever the
// language.
func TestDemoPythonBot(t *testing.T) {
	var out bytes.Buffer
	res, err := runDemoBots(context.Background(), &out, t.TempDir(), "lantern-ridge-battle", demoSeed, "../../scripts/galloper_bot.py")
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if !res.Over || res.Refused != 0 || res.Receipts != 16 || res.Fired == 0 || res.Decided == 0 ||
		!strings.Contains(out.String(), "usa@players.galloper.test read") {
		t.Fatalf("over %v, %d order files accepted (%d with fire), %d refused, %d decisions answered\n%s",
			res.Over, res.Receipts, res.Fired, res.Refused, res.Decided, out.String())
	}
	t.Log(out.String())
}
