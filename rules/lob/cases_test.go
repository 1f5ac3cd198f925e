package lob

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/lob/lobtext"

	"go.yaml.in/yaml/v3"
)

// TestCases runs the rule case corpus in testdata/*.case, one subtest per
// case. The format is described in testdata/README.md.
func TestCases(t *testing.T) {
	files, err := filepath.Glob("testdata/*.case")
	if err != nil || len(files) == 0 {
		t.Fatalf("no case files: %v", err)
	}
	for _, file := range files {
		for _, c := range readCases(t, file) {
			t.Run(c.id, func(t *testing.T) { c.run(t) })
		}
	}
}

// caseLineText is one line of a case with its place in the file.
type caseLineText struct {
	n    int
	text string
}

// ruleCase is one case: its id and its lines after the CASE line.
type ruleCase struct {
	id, file string
	lines    []caseLineText
}

// readCases splits a case file at its CASE lines.
func readCases(t *testing.T, file string) []*ruleCase {
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []*ruleCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if m := caseLine.FindStringSubmatch(line); m != nil {
			out = append(out, &ruleCase{id: m[1], file: file})
			continue
		}
		if len(out) > 0 && strings.TrimSpace(line) != "" && !strings.HasPrefix(strings.TrimSpace(line), "#") {
			out[len(out)-1].lines = append(out[len(out)-1].lines, caseLineText{n, line})
		}
	}
	return out
}

// sections are the keywords that start a section or step of a case.
var sections = []string{"SCENARIO", "CHARTS", "STATE", "ORDERS", "DICE", "RESOLVE", "ADVANCE", "CALL",
	"EXPECT-EVENTS", "EXPECT-NO-EVENT", "EXPECT-STATE", "EXPECT-PROBLEMS"}

// caseRun is a case being run.
type caseRun struct {
	t        *testing.T
	c        *ruleCase
	scenario string
	charts   map[string]any
	st       *State
	orders   []string
	dice     []int
	events   []rules.Event
	// decisions answer decision requests (DECIDE); pause is the last
	// resolution's request, if it stopped for one.
	decisions []rules.Decision
	pause     *rules.DecisionRequest
	result    string // what the last FIELD step returned
	// validated is set once EXPECT-PROBLEMS has checked the orders: a
	// RESOLVE then carries out those same orders, and a new ORDERS section
	// replaces them.
	validated bool
}

func (c *ruleCase) run(t *testing.T) {
	r := &caseRun{t: t, c: c, scenario: "c2.yaml", charts: map[string]any{}}
	for i := 0; i < len(c.lines); {
		head := strings.Fields(c.lines[i].text)
		if !slices.Contains(sections, head[0]) {
			t.Fatalf("%s:%d: %q is not a section keyword", c.file, c.lines[i].n, head[0])
		}
		j := i + 1
		for j < len(c.lines) && !slices.Contains(sections, strings.Fields(c.lines[j].text)[0]) {
			j++
		}
		r.section(c.lines[i], head, c.lines[i+1:j])
		i = j
	}
}

// where names a line of the case file in failures.
func (r *caseRun) where(l caseLineText) string { return fmt.Sprintf("%s:%d", r.c.file, l.n) }

func (r *caseRun) section(l caseLineText, head []string, body []caseLineText) {
	switch head[0] {
	case "SCENARIO":
		r.scenario = head[1]
	case "CHARTS":
		var over map[string]any
		if err := yaml.Unmarshal([]byte(joinLines(body)), &over); err != nil {
			r.t.Fatalf("%s: CHARTS: %v", r.where(l), err)
		}
		if len(head) > 1 {
			over = r.tablesFile(l, head[1], over)
		}
		for k, v := range over {
			r.charts[k] = v
		}
	case "STATE":
		for _, b := range body {
			r.setState(b)
		}
	case "ORDERS":
		if r.validated {
			r.orders, r.validated = nil, false // new orders after EXPECT-PROBLEMS
		}
		for _, b := range body {
			r.orders = append(r.orders, strings.TrimSpace(b.text))
		}
	case "DICE":
		for _, f := range head[1:] {
			n, err := strconv.Atoi(f)
			if err != nil {
				r.t.Fatalf("%s: DICE: %q is not a number", r.where(l), f)
			}
			r.dice = append(r.dice, n)
		}
	case "RESOLVE":
		r.resolve(l)
	case "ADVANCE":
		r.advance(l, head[1:])
	case "CALL":
		r.call(l, head[1:])
	case "EXPECT-EVENTS":
		r.expectEvents(l, body)
	case "EXPECT-NO-EVENT":
		for _, e := range r.events {
			if e.Kind == head[1] {
				r.t.Errorf("%s: unexpected event %s: %s", r.where(l), e.Kind, e.Text)
			}
		}
	case "EXPECT-STATE":
		for _, b := range body {
			r.expectState(b)
		}
	case "EXPECT-PROBLEMS":
		r.expectProblems(l, body)
	default:
		r.retreatSection(l, head, body)
	}
}

func joinLines(ls []caseLineText) string {
	var b strings.Builder
	for _, l := range ls {
		b.WriteString(l.text + "\n")
	}
	return b.String()
}

// state builds the starting position on first use.
func (r *caseRun) state() *State {
	if r.st != nil {
		return r.st
	}
	scn := testdataScenario(r.t, r.scenario)
	base, err := os.ReadFile("testdata/c2-charts.yaml")
	if err != nil {
		r.t.Fatal(err)
	}
	var doc map[string]any
	if err := yaml.Unmarshal(base, &doc); err != nil {
		r.t.Fatal(err)
	}
	tables := doc["tables"].(map[string]any)
	r.addFieldTables(tables)
	for k, v := range r.charts {
		tables[k] = v
	}
	merged, err := yaml.Marshal(doc)
	if err != nil {
		r.t.Fatal(err)
	}
	r.st = stateOn(r.t, scn, packFrom(r.t, "case tables", merged))
	if !strings.HasPrefix(r.scenario, "c2") {
		freeOfAreas(r.st) // see testdata/README.md: the field-rule scenarios
	}
	return r.st
}

// file parses the collected ORDERS for the side whose turn it is.
func (r *caseRun) file(l caseLineText) *orders.File {
	st := r.state()
	text := fmt.Sprintf("GAME case\nSIDE %s\nTURN %d\n%s\n", st.side(), st.turn(), strings.Join(r.orders, "\n"))
	f, ps := lobtext.Parse(text)
	if len(ps) > 0 {
		r.t.Fatalf("%s: orders do not parse: %+v", r.where(l), ps)
	}
	return f
}

// resolve validates and resolves the current segment with the collected
// orders and dice; every forced die must be used.
func (r *caseRun) resolve(l caseLineText) {
	st := r.state()
	f := r.file(l)
	if ps := st.validate(st.side(), f); len(ps) > 0 {
		r.t.Fatalf("%s: orders are illegal: %+v", r.where(l), ps)
	}
	dice := &rules.ForcedDice{Results: r.dice}
	var (
		res rules.Result
		err error
	)
	func() {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("%v", p)
			}
		}()
		res, err = New().Resolve(rules.Input{State: st, Dice: dice, Orders: map[rules.Side]*orders.File{st.side(): f}, Decisions: r.decisions})
	}()
	if err != nil {
		r.t.Fatalf("%s: resolve: %v\nevents so far:\n%s", r.where(l), err, eventList(res.Events))
	}
	if e, ok := ruleTwice(res.Events); ok {
		r.t.Errorf("%s: event %q cites a rule in parentheses in its text, and its rule %s again after it", r.where(l), e.Text, e.Rule)
	}
	if r.events, r.pause = res.Events, res.Pause; res.Pause != nil {
		return // the orders and dice stay for the run that resumes it
	}
	if used := len(dice.Rolls()); used != len(r.dice) {
		r.t.Fatalf("%s: %d forced dice given, %d used\nevents:\n%s", r.where(l), len(r.dice), used, eventList(res.Events))
	}
	r.st, r.events, r.orders, r.dice, r.decisions, r.validated = res.Next.(*State), res.Events, nil, nil, nil, false
}

// advance resolves empty segments, which must need no dice, until the
// given turn and side: ADVANCE <turn> <side>.
func (r *caseRun) advance(l caseLineText, args []string) {
	turn, err := strconv.Atoi(args[0])
	if err != nil || len(args) != 2 {
		r.t.Fatalf("%s: ADVANCE <turn> <side>", r.where(l))
	}
	for st := r.state(); st.turn() < turn || st.side() != rules.Side(args[1]); st = r.state() {
		r.resolve(l)
	}
}

func eventList(evs []rules.Event) string {
	var b strings.Builder
	for _, e := range evs {
		fmt.Fprintf(&b, "  %s: %s\n", e.Kind, e.Text)
	}
	return b.String()
}

// expectEvents checks that each line, "kind" or "kind: text", matches an
// event of the last resolution, in order (other events may come between).
func (r *caseRun) expectEvents(l caseLineText, body []caseLineText) {
	i := 0
	for _, b := range body {
		kind, text, _ := strings.Cut(strings.TrimSpace(b.text), ":")
		text = strings.TrimSpace(text)
		for i < len(r.events) && !(r.events[i].Kind == kind && strings.Contains(r.events[i].Text, text)) {
			i++
		}
		if i == len(r.events) {
			r.t.Errorf("%s: no event %q after the ones matched before it\nevents:\n%s", r.where(b), strings.TrimSpace(b.text), eventList(r.events))
			return
		}
		i++
	}
}

// expectProblems validates the collected orders and compares the problem
// codes (and rules, when given) with the expected lines, "code [rule]".
func (r *caseRun) expectProblems(l caseLineText, body []caseLineText) {
	st := r.state()
	ps := st.validate(st.side(), r.file(l))
	var got, want []string
	for _, p := range ps {
		got = append(got, p.Code+" "+p.Rule)
	}
	for _, b := range body {
		want = append(want, strings.TrimSpace(b.text))
	}
	if len(got) != len(want) {
		r.t.Errorf("%s: problems:\n  %s\nwant:\n  %s", r.where(l), strings.Join(got, "\n  "), strings.Join(want, "\n  "))
		return
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			r.t.Errorf("%s: problem %d is %q, want %q (all: %+v)", r.where(l), i+1, got[i], want[i], ps)
		}
	}
	r.validated = true
}

// addFieldTables adds the explicit field tables of testdata/field-pack.yaml
// (combat, morale, movement...) that the command tables do not hold.
func (r *caseRun) addFieldTables(tables map[string]any) {
	data, err := os.ReadFile("testdata/field-pack.yaml")
	if err != nil {
		r.t.Fatal(err)
	}
	var doc map[string]any
	if err := yaml.Unmarshal(data, &doc); err != nil {
		r.t.Fatal(err)
	}
	for k, v := range doc["tables"].(map[string]any) {
		if _, ok := tables[k]; !ok {
			tables[k] = v
		}
	}
}

// tablesFile reads the tables of a file in testdata ("CHARTS <file>"),
// under any tables the section itself writes.
func (r *caseRun) tablesFile(l caseLineText, file string, over map[string]any) map[string]any {
	data, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		r.t.Fatalf("%s: CHARTS: %v", r.where(l), err)
	}
	var doc map[string]any
	if err := yaml.Unmarshal(data, &doc); err != nil {
		r.t.Fatalf("%s: CHARTS %s: %v", r.where(l), file, err)
	}
	tables, _ := doc["tables"].(map[string]any)
	for k, v := range over {
		tables[k] = v
	}
	return tables
}

// ruleTwice finds an event whose text cites a rule in parentheses. The
// reports print the event's own rule in parentheses after the text, so
// such a text reads "... (LoB 5.2) (LoB 5.2)" or runs two citations
// together; a second rule that matters is said in words instead. Rolls
// are left out: their text is the dice record, which names its rule once
// and is printed as it is.
func ruleTwice(events []rules.Event) (rules.Event, bool) {
	for _, e := range events {
		if e.Kind != "roll" && strings.Contains(e.Text, "(LoB ") {
			return e, true
		}
	}
	return rules.Event{}, false
}
