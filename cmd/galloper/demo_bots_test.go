package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	gomail "github.com/emersion/go-message/mail"

	"galloper/rules"
	"galloper/rules/lob"
	"galloper/rules/systems"
)

// TestDemoBots plays a whole Line of Battle game bot against bot over the
// in-process mail servers: every mail answered from its JSON document
// alone, no order file refused, stacks firing at what they see, decision
// requests answered, and the game played to its end.
func TestDemoBots(t *testing.T) {
	var out bytes.Buffer
	res, err := runDemoBots(context.Background(), &out, t.TempDir(), demoBots{System: "lob.v2", Scenario: "lantern-ridge-battle", Seed: demoSeed})
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	// Each bot orders in each of its 8 Player Turns (LoB 2.1).
	if !res.Over || res.Refused != 0 || res.Receipts != 16 || res.Fired == 0 || res.Decided == 0 || res.Accepted != 16 || res.Orders == 0 {
		t.Fatalf("over %v, %d order files accepted (%d with fire, %d holding %d orders), %d refused, %d decisions answered\n%s",
			res.Over, res.Receipts, res.Fired, res.Accepted, res.Orders, res.Refused, res.Decided, out.String())
	}
	t.Log(out.String())
}

// TestDemoPythonBot plays the same game with the USA side played by the
// Python bot (scripts/galloper_bot.py), which uses only Python's standard
// library: the protocol is the mails and their JSON, whatever the
// language.
func TestDemoPythonBot(t *testing.T) {
	var out bytes.Buffer
	res, err := runDemoBots(context.Background(), &out, t.TempDir(), demoBots{System: "lob.v2", Scenario: "lantern-ridge-battle", Seed: demoSeed,
		Python: "../../scripts/galloper_bot.py"})
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

// TestDemoBotsEverySystem plays `galloper demo --bots --system ID` for
// every registered system, each on its own demo scenario (LoB on the small
// Tanner's Creek; the Lantern Ridge battle is TestDemoBots): the game is
// played to its end with no order file refused, every side orders, every
// mail's JSON document validates against the schema it names, and a
// system that lists no hints is said to be played with empty files.
func TestDemoBotsEverySystem(t *testing.T) {
	schemas := mailSchemas(t)
	for _, sys := range systems.All() {
		t.Run(sys.ID(), func(t *testing.T) {
			var out bytes.Buffer
			o := demoBots{System: sys.ID(), Seed: demoSeed}
			if sys.ID() == "lob.v2" {
				o.Scenario = "tanners-creek"
			}
			res, err := runDemoBots(context.Background(), &out, t.TempDir(), o)
			if err != nil {
				t.Fatalf("%v\n%s", err, out.String())
			}
			if !res.Over || res.Refused != 0 || res.Receipts == 0 {
				t.Fatalf("over %v, %d order files accepted, %d refused\n%s", res.Over, res.Receipts, res.Refused, out.String())
			}
			if !res.Hinted && !strings.Contains(out.String(), "with empty order files") {
				t.Errorf("%s lists no hints, and the demo does not say it plays empty files:\n%s", sys.ID(), out.String())
			}
			// A system the bot writes orders for is played with orders,
			// not empty files; one it has no writer for (botWriters) is
			// played with empty files. Line of Battle's bot only fires,
			// and on Tanner's Creek nothing comes within reach (its fire
			// is TestDemoBots's, on Lantern Ridge).
			_, written := botWriters[sys.ID()]
			if written && res.Hinted && res.Orders == 0 && sys.ID() != "lob.v2" {
				t.Errorf("%s: the bots' %d accepted order files hold no order\n%s", sys.ID(), res.Accepted, out.String())
			}
			if !written && (res.Orders != 0 || !strings.Contains(out.String(), "with empty order files")) {
				t.Errorf("%s: the bot has no writer for it, yet its files hold %d orders or the demo does not say it plays empty files:\n%s",
					sys.ID(), res.Orders, out.String())
			}
			docs := 0
			for i, raw := range res.Sent {
				ds, _ := mailDocs(t, fmt.Sprintf("mail %d", i+1), raw)
				for _, d := range ds {
					var v any
					var md rules.MailDoc
					if err := json.Unmarshal(d, &v); err != nil {
						t.Fatal(err)
					}
					json.Unmarshal(d, &md)
					if s := schemas[md.Schema]; s == nil {
						t.Errorf("mail %d names schema %q, not published", i+1, md.Schema)
					} else if err := s.Validate(v); err != nil {
						t.Errorf("mail %d does not validate against %s:\n%v", i+1, md.Schema, err)
					}
					docs++
				}
			}
			if docs == 0 {
				t.Fatal("no JSON document in the game's mails")
			}
			t.Logf("%s on %s: %d mails, %d receipts (%d with fire), %d files accepted holding %d orders, %d decisions, %d documents validated",
				sys.ID(), res.Scenario, res.Mails, res.Receipts, res.Fired, res.Accepted, res.Orders, res.Decided, docs)
			t.Logf("orders accepted by kind: %v", res.Kinds)
			for _, k := range botKinds[sys.ID()] {
				if res.Kinds[k] == 0 {
					t.Errorf("%s: no %s among the bots' accepted orders %v", sys.ID(), k, res.Kinds)
				}
			}
		})
	}
}

// botKinds are the kinds of order the bots are seen to give in a demo
// game of a system, by the first word of an order: Battle Hymn's moves
// and bombardments on Willoughby Run, Winter's Victory's moves, written
// orders and fire plans at Serpallen, GBACW's activation scripts at
// Bristoe Ford.
var botKinds = map[string][]string{
	"battlehymn.v1":     {"MOVE", "BOMBARD"},
	"wintersvictory.v1": {"MOVE", "ORDER", "FIRE"},
	"gbacw.v1":          {"UNIT"},
}

// TestDemoPythonBotTable plays ACW miniatures with the USA side played by
// the Python bot, which writes its unit lines from the same hints.
func TestDemoPythonBotTable(t *testing.T) {
	var out bytes.Buffer
	res, err := runDemoBots(context.Background(), &out, t.TempDir(), demoBots{System: "acwminis.v1", Seed: demoSeed,
		Python: "../../scripts/galloper_bot.py"})
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if !res.Over || res.Refused != 0 || res.Receipts == 0 || res.Fired == 0 ||
		!strings.Contains(out.String(), "usa@players.galloper.test read") {
		t.Fatalf("over %v, %d order files accepted (%d with fire), %d refused\n%s", res.Over, res.Receipts, res.Fired, res.Refused, out.String())
	}
	t.Log(out.String())
}

// unhinted is Line of Battle without its capabilities: it lists no hints.
type unhinted struct{ rules.System }

func (unhinted) ID() string { return "test.unhinted" }

// TestDemoBotsWithoutHints: a system that lists no hints is still played
// to its end, each side sending the empty order file for every segment it
// is due to order, and the demo says so.
func TestDemoBotsWithoutHints(t *testing.T) {
	var out bytes.Buffer
	sys := unhinted{lob.New()}
	if _, ok := rules.System(sys).(rules.OrderHinter); ok {
		t.Fatal("the wrapper still lists hints")
	}
	res, err := runDemoBots(context.Background(), &out, t.TempDir(), demoBots{System: sys.ID(), Scenario: "tanners-creek", Seed: demoSeed,
		Systems: []rules.System{sys}})
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if !res.Over || res.Refused != 0 || res.Receipts != 16 || res.Fired != 0 || res.Hinted ||
		!strings.Contains(out.String(), "lists no order hints") || strings.Count(out.String(), "with empty order files") != 3 { // the demo's note and each bot's
		t.Fatalf("over %v, %d order files accepted (%d with fire), %d refused\n%s", res.Over, res.Receipts, res.Fired, res.Refused, out.String())
	}
	t.Log(out.String())
}

// TestDemoPythonBotHexes plays Battle Hymn, Winter's Victory and GBACW
// with the last side played by the Python bot, which writes their orders
// from the same hints as the Go bot: the game is played to its end, none
// of its files refused (the script fails if one is), and its accepted
// files hold moves (in GBACW, activation scripts).
func TestDemoPythonBotHexes(t *testing.T) {
	word := map[string]string{"battlehymn.v1": "MOVE ", "wintersvictory.v1": "MOVE ", "gbacw.v1": "UNIT "}
	for _, id := range []string{"battlehymn.v1", "wintersvictory.v1", "gbacw.v1"} {
		t.Run(id, func(t *testing.T) {
			var out bytes.Buffer
			res, err := runDemoBots(context.Background(), &out, t.TempDir(), demoBots{System: id, Seed: demoSeed,
				Python: "../../scripts/galloper_bot.py"})
			if err != nil {
				t.Fatalf("%v\n%s", err, out.String())
			}
			sys, _ := botSystem(systems.All(), id)
			_, sides, err := demoSides(sys, "")
			if err != nil {
				t.Fatal(err)
			}
			py := strings.ToLower(string(sides[len(sides)-1])) + "@players.galloper.test"
			moves := 0
			for _, raw := range res.Sent {
				mr, err := gomail.CreateReader(bytes.NewReader(raw))
				if err != nil {
					t.Fatal(err)
				}
				to, _ := mr.Header.AddressList("To")
				if strings.HasPrefix(subject(raw), "Receipt: ") && len(to) == 1 && to[0].Address == py {
					moves += strings.Count(bodyText(raw), word[id])
				}
			}
			if !res.Over || res.Refused != 0 || moves == 0 {
				t.Fatalf("over %v, %d refused, %d moves in the Python bot's receipts\n%s", res.Over, res.Refused, moves, out.String())
			}
			t.Logf("%s: %d moves in the receipts to the Python bot (%s)", id, moves, py)
		})
	}
}
