package rulestest_test

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/lob/lobtext"
	"galloper/rules/rulestest"
)

// toy is a test-only system small enough to see whole: two sides, RED and
// BLUE, take turns; each order rolls a d6 added to a running total
// ("Toy 2"); at most one order a turn ("Toy 1"); once the total reaches
// 10 both sides decide at once, in secret, whether to keep it ("Toy 3").
type toy struct{}

type toyState struct{ seg, total int }

func (s toyState) Canonical() []byte { return fmt.Appendf(nil, "seg %d total %d\n", s.seg, s.total) }
func (s toyState) Over() bool        { return s.seg >= 8 }
func (s toyState) Segment() rules.Segment {
	side := []rules.Side{"RED", "BLUE"}[s.seg%2]
	return rules.Segment{Turn: s.seg/2 + 1, Index: s.seg, Name: string(side), Label: fmt.Sprintf("segment %d", s.seg), Sides: []rules.Side{side}}
}

func (toy) ID() string          { return "toy.v1" }
func (toy) Name() string        { return "Toy" }
func (toy) Scenarios() []string { return []string{"only"} }

// Dialect borrows Line of Battle's order language: the toy counts orders,
// whatever they say.
func (toy) Dialect() orders.Dialect { return lobtext.Dialect }
func (toy) NewGame(string, *rules.ChartPack) (rules.State, error) {
	return toyState{}, nil
}
func (toy) DecodeState(c []byte) (rules.State, error) {
	var s toyState
	_, err := fmt.Sscanf(string(c), "seg %d total %d\n", &s.seg, &s.total)
	return s, err
}
func (toy) Validate(s rules.State, side rules.Side, f *orders.File) []orders.Problem {
	if len(f.Orders) > 1 {
		return []orders.Problem{{Kind: orders.Illegal, Code: "toy-one-order", Rule: "Toy 1", Message: "one order a turn"}}
	}
	return nil
}
func (toy) Default(_ rules.State, side rules.Side) *orders.File {
	return &orders.File{Side: string(side)}
}
func (toy) View(s rules.State, side rules.Side) rules.View {
	return rules.View{System: "toy.v1", Side: side, Lines: []string{fmt.Sprintf("total %d", s.(toyState).total)}}
}
func (toy) Resolve(in rules.Input) (rules.Result, error) {
	s := in.State.(toyState)
	var evs []rules.Event
	for _, f := range in.Orders {
		for range f.Orders {
			n := in.Dice.Roll(6, "Toy 2", "add")
			s.total += n
			evs = append(evs, rules.Event{Kind: "add", Rule: "Toy 2", Text: fmt.Sprintf("adds %d", n)})
		}
	}
	if s.total >= 10 {
		answers := map[string]string{}
		for _, d := range in.Decisions {
			answers[d.Key] = d.Choice
		}
		var ask []rules.DecisionRequest
		for _, side := range []rules.Side{"RED", "BLUE"} {
			key := strings.ToLower(string(side)) + ":keep"
			if answers[key] == "" {
				ask = append(ask, rules.DecisionRequest{Key: key, Side: side, Rule: "Toy 3", Question: "Keep the total?", Options: []string{"yes", "no"}, Default: "yes"})
			}
		}
		if len(ask) > 0 {
			return rules.Result{Events: evs, Pauses: ask}, nil
		}
		evs = append(evs, rules.Event{Kind: "decided", Rule: "Toy 3", Text: "RED " + answers["red:keep"] + ", BLUE " + answers["blue:keep"]})
	}
	s.seg++
	return rules.Result{Next: s, Events: evs}, nil
}

// toyHarness runs toy cases: STATE and EXPECT-STATE know "total <n>".
type toyHarness struct{}

func (toyHarness) System() rules.System { return toy{} }
func (toyHarness) Keywords() []string   { return nil }
func (toyHarness) NewCase(r *rulestest.Run) rulestest.CaseHooks {
	return &toyCase{r}
}

type toyCase struct{ r *rulestest.Run }

func (c *toyCase) Build() rules.State { return toyState{} }
func (c *toyCase) SetState(l rulestest.Line) {
	n, _ := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(l.Text), "total "))
	s := c.r.State().(toyState)
	s.total = n
	c.r.SetState(s)
}
func (c *toyCase) ExpectState(l rulestest.Line) {
	want := strings.TrimSpace(l.Text)
	if got := fmt.Sprintf("total %d", c.r.State().(toyState).total); got != want {
		c.r.T.Errorf("%s: got %q, want %q", c.r.Where(l), got, want)
	}
}
func (c *toyCase) Section(s rulestest.Section) {
	c.r.T.Fatalf("%s: no section %s", c.r.Where(s.Line), s.Head[0])
}

// catcher is a testing.TB that records failures instead of failing.
type catcher struct {
	testing.TB
	failed bool
	msgs   []string
}

func (c *catcher) Helper() {}
func (c *catcher) Errorf(f string, a ...any) {
	c.failed = true
	c.msgs = append(c.msgs, fmt.Sprintf(f, a...))
}
func (c *catcher) Error(a ...any)            { c.Errorf("%s", fmt.Sprint(a...)) }
func (c *catcher) Fatalf(f string, a ...any) { c.Errorf(f, a...); runtime.Goexit() }
func (c *catcher) Fatal(a ...any)            { c.Error(a...); runtime.Goexit() }
func (c *catcher) FailNow()                  { c.failed = true; runtime.Goexit() }

// playToy runs one toy case and returns what it reported.
func playToy(t *testing.T, text string) (bool, string) {
	cases, err := rulestest.ParseCases("toy.case", "CASE t-1 1\n"+text)
	if err != nil || len(cases) != 1 {
		t.Fatalf("%d cases, %v", len(cases), err)
	}
	c := &catcher{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		rulestest.NewRun(c, toyHarness{}, cases[0]).Play()
	}()
	<-done
	return c.failed, strings.Join(c.msgs, "\n")
}

const oneOrder = "ORDERS\nORDER MOVE from Ames to Bell\n  OBJECTIVE A1.1\nEND\n"

// TestRunnerChecks shows the shared runner passing a case that holds and
// failing each kind of expectation that does not: events, state, problems,
// unused dice, a pause that did not happen, and ADVANCE through dice. Two
// sides asked at once are answered with DECIDE and resolved together.
func TestRunnerChecks(t *testing.T) {
	for _, c := range []struct {
		name, text, fails string // fails is "" when the case must pass
	}{
		{"holds", "STATE\ntotal 3\n" + oneOrder + "DICE 4\nRESOLVE\nEXPECT-EVENTS\nadd: adds 4\nEXPECT-NO-EVENT decided\nEXPECT-STATE\ntotal 7\n", ""},
		{"event", oneOrder + "DICE 4\nRESOLVE\nEXPECT-EVENTS\nadd: adds 5\n", `no event "add: adds 5"`},
		{"no-event", "STATE\ntotal 9\n" + oneOrder + "DICE 4\nRESOLVE\nDECIDE RED red:keep = yes\nDECIDE BLUE blue:keep = yes\nRESOLVE\nEXPECT-NO-EVENT add\n", "unexpected event add"},
		{"no-event-text", oneOrder + "DICE 4\nRESOLVE\nEXPECT-NO-EVENT add: adds 5\n", ""},
		{"no-event-text-fails", oneOrder + "DICE 4\nRESOLVE\nEXPECT-NO-EVENT add: adds 4\n", "unexpected event add: adds 4"},
		{"no-pause-holds", oneOrder + "DICE 4\nRESOLVE\nEXPECT-NO-PAUSE\n", ""},
		{"no-pause-fails", "STATE\ntotal 8\n" + oneOrder + "DICE 3\nRESOLVE\nEXPECT-NO-PAUSE\n", "unexpected pause: RED red:keep"},
		{"state", oneOrder + "DICE 4\nRESOLVE\nEXPECT-STATE\ntotal 5\n", `got "total 4", want "total 5"`},
		{"dice", oneOrder + "DICE 4 2\nRESOLVE\n", "2 forced dice given, 1 used"},
		{"problems", oneOrder + "ORDER MOVE from Ames to Bell\n  OBJECTIVE A1.2\nEND\nEXPECT-PROBLEMS\ntoy-one-order Toy 1\n", ""},
		{"problems-wrong", oneOrder + "EXPECT-PROBLEMS\ntoy-one-order\n", "problems:"},
		{"advance", "ADVANCE 2 BLUE\nEXPECT-STATE\ntotal 0\n", ""},
		{"no-pause", oneOrder + "DICE 4\nRESOLVE\nEXPECT-PAUSE RED red:keep\n", "no pause"},
		{"both-sides", "STATE\ntotal 8\n" + oneOrder + "DICE 3\nRESOLVE\nEXPECT-PAUSE RED red:keep\n  options 2\n  default yes\nEXPECT-PAUSE BLUE blue:keep\n" +
			"DECIDE RED red:keep = yes\nDECIDE BLUE blue:keep = no\nRESOLVE\nEXPECT-EVENTS\nadd: adds 3\ndecided: RED yes, BLUE no\nEXPECT-STATE\ntotal 11\n", ""},
		{"pause-other", "STATE\ntotal 8\n" + oneOrder + "DICE 3\nRESOLVE\nEXPECT-PAUSE RED blue:keep\n", `paused for "RED red:keep", "BLUE blue:keep", want "RED blue:keep"`},
		{"keyword", "TOTAL 3\n", `"TOTAL" is not a section keyword`},
	} {
		failed, msg := playToy(t, c.text)
		switch {
		case c.fails == "" && failed:
			t.Errorf("%s: the case fails: %s", c.name, msg)
		case c.fails != "" && !strings.Contains(msg, c.fails):
			t.Errorf("%s: reported %q, want %q", c.name, msg, c.fails)
		}
	}
}

// TestRunCorpus runs a corpus from an fs.FS, one subtest per case, and
// refuses a case id defined twice.
func TestRunCorpus(t *testing.T) {
	fsys := fstest.MapFS{
		"cases/a.case": {Data: []byte("# header\nCASE t-1 1\n" + oneOrder + "DICE 2\nRESOLVE\nEXPECT-STATE\ntotal 2\n")},
		"cases/b.case": {Data: []byte("CASE t-2 2\nADVANCE 1 BLUE\n")},
	}
	rulestest.RunCorpus(t, toyHarness{}, fsys, "cases")
	fsys["cases/c.case"] = &fstest.MapFile{Data: []byte("CASE t-1 1\n")}
	if _, err := rulestest.ReadCorpus(fsys, "cases"); err == nil || !strings.Contains(err.Error(), "case t-1 already defined at cases/a.case:2") {
		t.Errorf("a duplicate id: %v", err)
	}
}
