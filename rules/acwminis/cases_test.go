package acwminis

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"galloper/rules"
	"galloper/rules/acwminis/acwtext"
	"galloper/rules/rulestest"
)

// TestCases runs the rule case corpus in testdata/*.case through the
// shared runner (docs/systems.md, "The case format").
//
// ACW's own section is SCENARIO <file> (a scenario of testdata or an
// embedded one, default testdata/open.yaml). STATE lines:
//
//	add <name> key=value ...   a unit: side, list, type, size, formation,
//	                           at=x,y, facing, commander, hits, markers
//	set <name> key=value ...   change a unit (same keys) or a commander (at)
//	turn <n> <side>            whose half of which turn it is
//	standing <side> <KIND> <choice> [units=a,b]   a standing reaction
//
// EXPECT-STATE lines: commander <name> at=x,y (the centre of his base);
// unit <name> key=value ... (at, facing, formation,
// hits, markers, order, state; at is exact to the thousandth) and
// turn <n> <side>.
//
// ADVANCE is a section keyword of the runner, so order lines in case
// files write it "Advance" (the dialect reads keywords in any case).
func TestCases(t *testing.T) {
	rulestest.RunCorpus(t, harness{}, os.DirFS("."), "testdata")
}

type harness struct{}

func (harness) System() rules.System { return New() }
func (harness) Keywords() []string   { return []string{"SCENARIO"} }
func (harness) NewCase(run *rulestest.Run) rulestest.CaseHooks {
	return &caseRun{Run: run, scenario: "testdata/open.yaml"}
}

type caseRun struct {
	*rulestest.Run
	scenario string
}

func (r *caseRun) Section(s rulestest.Section) {
	if s.Head[0] == "SCENARIO" && len(s.Head) == 2 {
		r.scenario = s.Head[1]
		return
	}
	r.T.Fatalf("%s: bad section %v", r.Where(s.Line), s.Head)
}

func (r *caseRun) Build() rules.State {
	sys := New()
	if !strings.HasPrefix(r.scenario, "testdata/") {
		st, err := sys.NewGame(r.scenario, nil)
		if err != nil {
			r.T.Fatal(err)
		}
		return st
	}
	data, err := os.ReadFile(r.scenario)
	if err != nil {
		r.T.Fatal(err)
	}
	st, err := LoadScenario(r.scenario, data, sys.sheet)
	if err != nil {
		r.T.Fatal(err)
	}
	return st
}

func (r *caseRun) state() *State { return r.State().(*State) }

// caseFields splits "name key=value key="two words"" into the name (words
// before the first key) and the pairs.
func caseFields(text string) (string, map[string]string, error) {
	var name []string
	kv := map[string]string{}
	rest := strings.TrimSpace(text)
	for rest != "" {
		word, tail, _ := strings.Cut(rest, " ")
		k, v, ok := strings.Cut(word, "=")
		if !ok {
			name = append(name, word)
			rest = strings.TrimSpace(tail)
			continue
		}
		if strings.HasPrefix(v, `"`) {
			full := strings.TrimPrefix(rest[len(k)+1:], `"`)
			end := strings.Index(full, `"`)
			if end < 0 {
				return "", nil, fmt.Errorf("unclosed quote in %q", text)
			}
			v, tail = full[:end], full[end+1:]
		}
		kv[k] = v
		rest = strings.TrimSpace(tail)
	}
	return strings.Join(name, " "), kv, nil
}

// inchesArg reads inches to thousandths.
func inchesArg(s string) (int64, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, err
	}
	return thou(f)
}

func pointArg(s string) (int64, int64, error) {
	a, b, ok := strings.Cut(s, ",")
	if !ok {
		return 0, 0, fmt.Errorf("point %q is not x,y", s)
	}
	x, err := inchesArg(a)
	if err != nil {
		return 0, 0, err
	}
	y, err := inchesArg(b)
	return x, y, err
}

func degArg(s string) (int64, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, err
	}
	return int64(f*10 + 0.5), nil
}

func (r *caseRun) SetState(l rulestest.Line) {
	fail := func(err error) { r.T.Fatalf("%s: %v", r.Where(l), err) }
	verb, rest, _ := strings.Cut(l.Text, " ")
	s := r.state()
	switch verb {
	case "turn":
		n, side, _ := strings.Cut(rest, " ")
		t, err := strconv.Atoi(n)
		if err != nil {
			fail(err)
		}
		s.Turn, s.Half = t, 0
		if rules.Side(side) == s.Sides[1] {
			s.Half = 1
		}
		return
	case "standing":
		// standing <side> <KIND> <choice> [units=a,b]
		head, kv, err := caseFields(rest)
		if err != nil {
			fail(err)
		}
		ws := strings.Fields(head)
		if len(ws) < 3 {
			fail(fmt.Errorf("standing <side> <kind> <choice>"))
		}
		if s.Standing == nil {
			s.Standing = map[rules.Side]map[string]Standing{}
		}
		if s.Standing[rules.Side(ws[0])] == nil {
			s.Standing[rules.Side(ws[0])] = map[string]Standing{}
		}
		v := Standing{Choices: []string{strings.Join(ws[2:], " ")}}
		if kv["units"] != "" {
			v.Units = strings.Split(kv["units"], ",")
		}
		s.Standing[rules.Side(ws[0])][ws[1]] = v
		return
	case "option":
		// option <key>=<value>: a switchable ruling, as a game's
		// configuration sets it (options.go).
		next, err := New().WithOptionalRules(s, strings.Fields(rest))
		if err != nil {
			fail(err)
		}
		r.Run.SetState(next)
		return
	case "add", "set":
	default:
		fail(fmt.Errorf("unknown STATE line"))
	}
	name, kv, err := caseFields(rest)
	if err != nil {
		fail(err)
	}
	if c := s.commander(name); c != nil && verb == "set" {
		x, y, err := pointArg(kv["at"])
		if err != nil {
			fail(err)
		}
		c.At = [2]int64{x, y}
		return
	}
	var u *Unit
	if verb == "add" {
		def := map[string]string{"side": "USA", "type": "Infantry", "size": "standard", "formation": "Line", "facing": "0"}
		for k, v := range def {
			if kv[k] == "" {
				kv[k] = v
			}
		}
		if kv["list"] == "" {
			kv["list"] = map[string]string{"Infantry": "Regular Infantry Regiment", "Cavalry": "Cavalry Regiment",
				"Skirmishers": "Pickett Line", "Artillery": "Field Artillery Battery"}[kv["type"]]
		}
		if kv["commander"] == "" {
			kv["commander"] = map[string]string{"USA": "Meredith", "CSA": "Archer"}[kv["side"]]
		}
		row, err := armyRow(New().sheet, kv["side"] == "USA", kv["list"], kv["type"])
		if err != nil {
			fail(err)
		}
		nu := Unit{Name: name, Side: rules.Side(kv["side"]), List: kv["list"], Type: kv["type"], Size: kv["size"], Commander: kv["commander"]}
		nu.Specials = append(nu.Specials, row.Special...)
		if extra := map[string]string{"large": "Large Unit", "small": "Small Unit"}[nu.Size]; extra != "" {
			nu.Specials = append(nu.Specials, extra)
		}
		for _, sr := range New().sheet.Sizes {
			if sr.Type == nu.Type && sr.Size == nu.Size {
				nu.Bases, nu.Worn, nu.Shaken, nu.BrokenAt = sr.Bases, sr.Worn, sr.Shaken, sr.Broken
			}
		}
		nu.BaseW, nu.BaseD = 1500, 1000
		if nu.Type == "Cavalry" || nu.Type == "Artillery" {
			nu.BaseD = 2000
		}
		s.Units = append(s.Units, nu)
		u = &s.Units[len(s.Units)-1]
	} else if u = s.unit(name); u == nil {
		fail(fmt.Errorf("no unit %q", name))
	}
	for k, v := range kv {
		switch k {
		case "side", "list", "type", "size", "commander":
		case "at":
			if u.X, u.Y, err = pointArg(v); err != nil {
				fail(err)
			}
		case "facing":
			if u.Heading, err = degArg(v); err != nil {
				fail(err)
			}
		case "formation":
			u.Formation = v
		case "hits":
			u.Hits, err = strconv.Atoi(v)
		case "markers":
			u.Markers, err = strconv.Atoi(v)
		case "specials":
			u.Specials = strings.Split(v, ",")
		default:
			fail(fmt.Errorf("unknown key %q", k))
		}
		if err != nil {
			fail(err)
		}
	}
	if err := s.checkPlacement(); err != nil {
		fail(err)
	}
}

func (r *caseRun) ExpectState(l rulestest.Line) {
	s := r.state()
	verb, rest, _ := strings.Cut(l.Text, " ")
	if verb == "turn" {
		if got := fmt.Sprintf("%d %s", s.Turn, sideOf(s)); got != rest {
			r.T.Errorf("%s: turn is %s, want %s", r.Where(l), got, rest)
		}
		return
	}
	if verb == "sees" || verb == "hides" || verb == "untold" || verb == "told" {
		r.expectFog(l, verb, rest)
		return
	}
	name, kv, err := caseFields(rest)
	if c := s.commander(name); err == nil && verb == "commander" && c != nil {
		for k, want := range kv {
			if k != "at" {
				r.T.Fatalf("%s: unknown key %q", r.Where(l), k)
			}
			if x, y, err := pointArg(want); err == nil {
				want = acwtext.Inches(x) + "," + acwtext.Inches(y)
			}
			if got := acwtext.Inches(c.At[0]) + "," + acwtext.Inches(c.At[1]); got != want {
				r.T.Errorf("%s: %s at is %s, want %s", r.Where(l), name, got, want)
			}
		}
		return
	}
	if err != nil || verb != "unit" {
		r.T.Fatalf("%s: bad EXPECT-STATE line", r.Where(l))
	}
	u := s.unit(name)
	if u == nil {
		r.T.Fatalf("%s: no unit %q", r.Where(l), name)
	}
	for k, want := range kv {
		var got string
		switch k {
		case "at":
			got = acwtext.Inches(u.X) + "," + acwtext.Inches(u.Y)
			if x, y, err := pointArg(want); err == nil {
				want = acwtext.Inches(x) + "," + acwtext.Inches(y)
			}
		case "facing":
			got = acwtext.Degrees(u.Heading)
		case "formation":
			got = u.Formation
		case "hits":
			got = strconv.Itoa(u.Hits)
		case "markers":
			got = strconv.Itoa(u.Markers)
		case "order":
			got = u.Order
		case "state":
			got = u.State()
		default:
			r.T.Fatalf("%s: unknown key %q", r.Where(l), k)
		}
		if got != want {
			r.T.Errorf("%s: %s %s is %s, want %s", r.Where(l), name, k, got, want)
		}
	}
}

// expectFog checks what a side is shown (fog of war, ruling A42):
// "sees <side> <name>" and "hides <side> <name>" look for the unit or
// commander on the side's table, among its roster's units and leaders
// and in its situation lines (a roster may name an enemy commander as
// the head of the units of his it sees: the order of battle is no
// secret); "untold <side> <name>" checks that no event of the last
// resolution the side may see names it, "told <side> <name>" that one
// does.
func (r *caseRun) expectFog(l rulestest.Line, verb, rest string) {
	side, name, _ := strings.Cut(rest, " ")
	if verb == "untold" || verb == "told" {
		r.ExpectTold(l, rules.Side(side), name, verb == "told")
		return
	}
	v := New().View(r.State(), rules.Side(side))
	var where []string
	for _, u := range v.Table.Units {
		if u.Name == name {
			where = append(where, "table")
		}
	}
	for _, g := range v.Roster {
		for _, u := range g.Units {
			if u.Name == name {
				where = append(where, "roster")
			}
		}
		if names(g.Leader, name) {
			where = append(where, "roster leader")
		}
	}
	for _, line := range v.Lines {
		if names(line, name) {
			where = append(where, "lines")
		}
	}
	if verb == "sees" && !slices.Contains(where, "table") || verb == "hides" && len(where) > 0 {
		r.T.Errorf("%s: %s's view shows %s in %v, want it %s", r.Where(l), side, name, where, map[string]string{"sees": "on its table", "hides": "nowhere"}[verb])
	}
}
