package lob

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"galloper/rules"
	"galloper/rules/rulestest"

	"go.yaml.in/yaml/v3"
)

// TestCases runs the rule case corpus in testdata/*.case through the
// shared runner, one subtest per case. The format is described in
// testdata/README.md and docs/systems.md.
func TestCases(t *testing.T) {
	rulestest.RunCorpus(t, harness{}, os.DirFS("."), "testdata")
}

// harness runs Line of Battle cases: SCENARIO and CHARTS build the
// position, FIELD and CALL run one rule, and the STATE and EXPECT-STATE
// lines below and in cases_*_test.go read and write LoB's state.
type harness struct{}

func (harness) System() rules.System { return New() }

func (harness) Keywords() []string { return []string{"SCENARIO", "CHARTS", "FIELD", "CALL"} }

func (harness) NewCase(run *rulestest.Run) rulestest.CaseHooks {
	return &caseRun{Run: run, t: run.T, scenario: "c2.yaml", charts: map[string]any{}}
}

// newCaseRun starts a case run outside the corpus, on a scenario of
// testdata, for tests that build a position as the cases do.
func newCaseRun(t *testing.T, id, scenario string) *caseRun {
	r := rulestest.NewRun(t, harness{}, &rulestest.Case{ID: id, File: id}).Hooks().(*caseRun)
	r.scenario = scenario
	return r
}

// caseRun is a Line of Battle case being run: the shared run and what
// builds its position.
type caseRun struct {
	*rulestest.Run
	t        testing.TB
	scenario string
	charts   map[string]any
	result   string // what the last FIELD step returned
}

var (
	_ rulestest.CaseHooks    = (*caseRun)(nil)
	_ rulestest.EventChecker = (*caseRun)(nil)
)

// where names a line of the case file in failures.
func (r *caseRun) where(l rulestest.Line) string { return r.Where(l) }

// Section runs LoB's own sections.
func (r *caseRun) Section(s rulestest.Section) {
	l, head, body := s.Line, s.Head, s.Body
	switch head[0] {
	case "SCENARIO":
		r.scenario = head[1]
	case "CHARTS":
		var over map[string]any
		if err := yaml.Unmarshal([]byte(rulestest.Text(body)), &over); err != nil {
			r.t.Fatalf("%s: CHARTS: %v", r.where(l), err)
		}
		if len(head) > 1 {
			over = r.tablesFile(l, head[1], over)
		}
		for k, v := range over {
			r.charts[k] = v
		}
	case "FIELD":
		r.fieldStep(l, head[1:])
	case "CALL":
		r.call(l, head[1:])
	default:
		r.t.Fatalf("%s: unknown section %q", r.where(l), head[0])
	}
}

// SetState applies one STATE line.
func (r *caseRun) SetState(l rulestest.Line) { r.setState(l) }

// ExpectState checks one EXPECT-STATE line.
func (r *caseRun) ExpectState(l rulestest.Line) { r.expectState(l) }

// CheckEvents applies the house rule of ruleTwice.
func (r *caseRun) CheckEvents(events []rules.Event) error {
	if e, ok := ruleTwice(events); ok {
		return fmt.Errorf("event %q cites a rule in parentheses in its text, and its rule %s again after it", e.Text, e.Rule)
	}
	return nil
}

// state is the position the case runs on.
func (r *caseRun) state() *State { return r.State().(*State) }

// Build builds the starting position.
func (r *caseRun) Build() rules.State {
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
	st := stateOn(r.t, scn, packFrom(r.t, "case tables", merged))
	if !strings.HasPrefix(r.scenario, "c2") {
		freeOfAreas(st) // see testdata/README.md: the field-rule scenarios
	}
	return st
}

// eventList prints events one a line for failure messages.
func eventList(evs []rules.Event) string { return rulestest.EventList(evs) }

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
func (r *caseRun) tablesFile(l rulestest.Line, file string, over map[string]any) map[string]any {
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
