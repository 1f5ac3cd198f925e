package gbacw

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"galloper/rules"
)

// hintOf finds a unit's hint.
func hintOf(t *testing.T, h *rules.OrderHints, unit string) rules.StackHint {
	t.Helper()
	for _, sh := range h.Stacks {
		if slices.Contains(sh.Units, unit) {
			return sh
		}
	}
	t.Fatalf("no hint for %s in %+v", unit, h.Stacks)
	return rules.StackHint{}
}

// Before the first turn only the doctrine is taken (GBACW 3.0); at the
// end nothing.
func TestHintsBeforeFirstTurn(t *testing.T) {
	sys := New()
	st, err := sys.NewGame("bristoe-ford", nil)
	if err != nil {
		t.Fatal(err)
	}
	h := sys.OrderHints(st, "USA")
	if h == nil || !slices.Equal(h.Orders, []string{"STANDING"}) || len(h.Stacks) > 0 {
		t.Fatalf("hints before turn 1: %+v", h)
	}
	if sys.OrderHints(st, "Prussia") != nil {
		t.Fatal("a side not in the game is hinted")
	}
}

// Every once-a-turn choice hinted is accepted when written alone, and the
// ones that are not open are not hinted: FIRST only for the side with the
// Initiative (5.13), RELEASE only for a brigade In Reserve (6.34).
func TestHintsChoicesAreAccepted(t *testing.T) {
	sys := New()
	s := turnOne(t)
	for _, side := range []rules.Side{"USA", "CSA"} {
		h := sys.OrderHints(s, side)
		if h == nil || len(h.Commands) == 0 {
			t.Fatalf("%s: no command hints: %+v", side, h)
		}
		for _, ch := range h.Commands {
			for _, o := range ch.Orders {
				line := choiceLine(ch.Name, o)
				if o == "FIRST MARCH" {
					line = o
				}
				if o == "LEADER TOWARD" {
					line = "LEADER " + ch.Name + ": TOWARD " + ch.At
				}
				if o == "TRANSFER" {
					line = "TRANSFER " + ch.Name + " FROM " + ch.To[0]
				}
				if !sys.acceptsAlone(s, side, line) {
					t.Errorf("%s: hinted %q for %s, but %q is refused", side, o, ch.Name, line)
				}
				if strings.HasPrefix(o, "RELEASE") {
					t.Errorf("%s: RELEASE hinted for %s, which is not In Reserve", side, ch.Name)
				}
				if o == "FIRST" && !s.side(side).Initiative {
					t.Errorf("%s: FIRST hinted without the Initiative", side)
				}
			}
		}
	}
	usa := sys.OrderHints(s, "USA")
	var first bool
	for _, ch := range usa.Commands {
		first = first || slices.Contains(ch.Orders, "FIRST")
	}
	if !first {
		t.Error("USA holds the Initiative in Bristoe Ford but FIRST is not hinted")
	}
}

// choiceLine writes a hinted choice back as its order line.
func choiceLine(name, o string) string {
	verb, rest, _ := strings.Cut(o, " ")
	switch verb {
	case "BRIGADE":
		return "BRIGADE " + name + ": " + rest
	case "HOLD":
		return "HOLD BACK " + name + " " + strings.TrimPrefix(rest, "BACK ")
	}
	return strings.TrimSpace(verb + " " + name + " " + rest)
}

// enemyInFront is turn 1 of Bristoe Ford with 1st Tennessee moved into
// a Front hex of 2nd Wisconsin, and that hex.
func enemyInFront(t *testing.T) (*State, string) {
	t.Helper()
	s := turnOne(t).clone()
	u := s.unit("2nd Wisconsin")
	for _, n := range s.neighbours(u.Hex) {
		if s.unitArc(u, s.axial(n)) == FrontArc && len(s.unitsAt(n)) == 0 {
			s.unit("1st Tennessee").Hex = n
			return s, n
		}
	}
	t.Fatal("no empty Front hex next to 2nd Wisconsin")
	return nil, ""
}

// A unit's hint lists the enemy in its Front hex as a fire and a shock
// target, and the script actions that go with them; its reach never
// holds an enemy's hex nor goes past its MA. See GBACW 9.53, 10.16,
// 11.12.
func TestHintsTargetsAndReach(t *testing.T) {
	sys := New()
	s, front := enemyInFront(t)
	u, e := s.unit("2nd Wisconsin"), s.unit("1st Tennessee")
	h := sys.OrderHints(s, "USA")
	sh := hintOf(t, h, "2nd Wisconsin")
	if !slices.ContainsFunc(sh.Targets, func(x rules.TargetHint) bool { return x.Unit == e.Name && x.Distance == 1 }) {
		t.Errorf("1st Tennessee in a Front hex is not a fire target: %+v", sh.Targets)
	}
	if !slices.ContainsFunc(sh.Charges, func(x rules.TargetHint) bool { return x.Unit == e.Name && x.At == front }) {
		t.Errorf("1st Tennessee in a Front hex is not a shock target: %+v", sh.Charges)
	}
	for _, st := range []string{"FIRE", "SHOCK", "RETIRE"} {
		if !slices.Contains(sh.Steps, st) {
			t.Errorf("steps %v lack %s", sh.Steps, st)
		}
	}
	if slices.Contains(sh.Steps, "REFUSE") {
		t.Errorf("REFUSE hinted next to an enemy (7.32): %v", sh.Steps)
	}
	if slices.Contains(sh.Steps, "CHARGE") {
		t.Errorf("CHARGE hinted for infantry under Advance Orders (11.21): %v", sh.Steps)
	}
	// The same unit with the enemy gone: no targets adjacent, a reach.
	s = turnOne(t)
	far := hintOf(t, sys.OrderHints(s, "USA"), "2nd Wisconsin")
	if len(far.Charges) > 0 || slices.Contains(far.Steps, "SHOCK") {
		t.Errorf("a shock hinted with no enemy adjacent: %+v", far)
	}
	if len(far.Reach) == 0 || !slices.Contains(far.Steps, "TOWARD") {
		t.Fatalf("no reach for 2nd Wisconsin: %+v", far)
	}
	for _, x := range far.Reach {
		if d := s.m.Distance(u.Hex, x); d > u.MA || d < 1 {
			t.Errorf("reach %s is %d hexes away with MA %d", x, d, u.MA)
		}
		if len(s.enemiesAt(x, "USA")) > 0 {
			t.Errorf("reach %s holds an enemy", x)
		}
	}
	// Under Attack Orders the MA is halved (6.16): 3 of its 6 MP.
	s.brigade("Iron Brigade").Orders = Attack.String()
	att := hintOf(t, sys.OrderHints(s, "USA"), "2nd Wisconsin")
	most := 0
	for _, x := range att.Reach {
		most = max(most, s.m.Distance(u.Hex, x))
	}
	if most != 3 {
		t.Errorf("under Attack Orders the reach goes %d hexes, want 3 (6.16): %v", most, att.Reach)
	}
	// A battery fires but never shocks (11.11).
	if b := hintOf(t, h, "Hall's Battery"); len(b.Charges) > 0 || slices.Contains(b.Steps, "SHOCK") || b.Range == 0 {
		t.Errorf("battery hint: %+v", b)
	}
}

// What a side is hinted does not depend on the enemy's face-down
// Efficiency Markers (5.21), and the hints never name them.
func TestHintsKeepEnemyEMsHidden(t *testing.T) {
	sys := New()
	s := turnOne(t)
	base, _ := json.Marshal(sys.OrderHints(s, "USA"))
	for em := 0; em <= 5; em++ {
		c := s.clone()
		cs := c.side("CSA")
		cs.EMs = map[string]int{"Third Corps": em}
		got, _ := json.Marshal(sys.OrderHints(c, "USA"))
		if string(got) != string(base) {
			t.Fatalf("USA's hints change with CSA's EM %d", em)
		}
	}
	// The side's own markers do shape its own choices: with an EM of 0
	// there is less to hold back than with 5.
	a, b := s.clone(), s.clone()
	a.side("USA").EMs = map[string]int{"I Corps": 0}
	b.side("USA").EMs = map[string]int{"I Corps": 5}
	ja, _ := json.Marshal(sys.OrderHints(a, "USA"))
	jb, _ := json.Marshal(sys.OrderHints(b, "USA"))
	if string(ja) == string(jb) {
		t.Error(fmt.Sprint("USA's hints are the same with its own EM 0 and 5: ", string(ja)))
	}
}

// The mail's JSON document with the hints keeps to the published schema
// (docs/schema/v1, additionalProperties false), for both sides.
func TestHintsKeepToSchema(t *testing.T) {
	c := jsonschema.NewCompiler()
	const dir, base = "../../docs/schema/v1", "https://galloper.invalid/schema/v1/"
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) == 0 {
		t.Fatal("no schema files")
	}
	for _, f := range files {
		raw, _ := os.ReadFile(f)
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		c.AddResource(base+filepath.Base(f), doc)
	}
	sys := New()
	s, _ := enemyInFront(t) // so that Charges are filled in
	for _, side := range []rules.Side{"USA", "CSA"} {
		d := rules.NewMailDoc(sys, s, sys.View(s, side), "start")
		d.Game = "bristoe" // the adjudicator fills it in
		if d.Hints == nil || len(d.Hints.Stacks) == 0 {
			t.Fatalf("%s: no hints in the mail document", side)
		}
		b, _ := json.Marshal(d)
		sc, err := c.Compile(base + strings.TrimPrefix(d.Schema, "galloper/v1/") + ".json")
		if err != nil {
			t.Fatalf("schema %q: %v", d.Schema, err)
		}
		v, _ := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err := sc.Validate(v); err != nil {
			t.Errorf("%s: %v", side, err)
		}
	}
}
