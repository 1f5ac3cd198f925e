package lob

import (
	"bufio"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// A case file line that opens a case: CASE <id> <rules>.
var caseLine = regexp.MustCompile(`^CASE\s+(\S+)\s+(\S+)`)

// A COVERAGE.md entry: - <subsection> <title>: <id>, <id>, ...
var coverageLine = regexp.MustCompile(`^- (\d+(?:\.\d+)?[a-z]?)\b[^:]*:(.*)$`)

// corpusCase is one case found under testdata.
type corpusCase struct {
	rules []string
	where string // file:line
}

// readCorpus collects every CASE line under dir.
func readCorpus(dir string) (map[string]corpusCase, error) {
	cases := map[string]corpusCase{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".case" {
			return err
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		for n := 1; sc.Scan(); n++ {
			m := caseLine.FindStringSubmatch(sc.Text())
			if m == nil {
				continue
			}
			where := fmt.Sprintf("%s:%d", path, n)
			if prev, ok := cases[m[1]]; ok {
				return fmt.Errorf("%s: case %s already defined at %s", where, m[1], prev.where)
			}
			cases[m[1]] = corpusCase{rules: strings.Split(m[2], ","), where: where}
		}
		return sc.Err()
	})
	return cases, err
}

// within reports whether rule (e.g. "10.6d") lies inside subsection sub
// (e.g. "10.6", "10.6d" or "10").
func within(rule, sub string) bool {
	if !strings.HasPrefix(rule, sub) {
		return false
	}
	rest := rule[len(sub):]
	if rest == "" {
		return true
	}
	last := sub[len(sub)-1]
	switch {
	case last >= 'a' && last <= 'z':
		return false // 10.6d does not contain 10.6dd
	case !strings.Contains(sub, "."):
		return rest[0] == '.' // 10 contains 10.6 but not 105
	default:
		return rest[0] >= 'a' && rest[0] <= 'z' // 10.6 contains 10.6d but not 10.60
	}
}

// checkCoverage checks a COVERAGE.md text against a corpus and returns
// every problem found.
func checkCoverage(text string, cases map[string]corpusCase) []string {
	var problems []string
	listed := map[string]bool{}
	for n, line := range strings.Split(text, "\n") {
		m := coverageLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		sub, ids := m[1], strings.FieldsFunc(m[2], func(r rune) bool { return r == ',' || r == ' ' })
		if len(ids) == 0 {
			problems = append(problems, fmt.Sprintf("COVERAGE.md:%d: %s has no case", n+1, sub))
		}
		for _, id := range ids {
			listed[id] = true
			c, ok := cases[id]
			if !ok {
				problems = append(problems, fmt.Sprintf("COVERAGE.md:%d: %s lists %s, which no case file defines", n+1, sub, id))
				continue
			}
			cites := false
			for _, r := range c.rules {
				cites = cites || within(r, sub)
			}
			if !cites {
				problems = append(problems, fmt.Sprintf("COVERAGE.md:%d: %s lists %s, which cites %s (%s)", n+1, sub, id, strings.Join(c.rules, ","), c.where))
			}
		}
	}
	var unlisted []string
	for id, c := range cases {
		if !listed[id] {
			unlisted = append(unlisted, fmt.Sprintf("%s (%s) is not listed in COVERAGE.md", id, c.where))
		}
	}
	sort.Strings(unlisted)
	return append(problems, unlisted...)
}

// rulebookParts names, for each part of COVERAGE.md (by the start of its
// heading), the rulebook's numbered subsections that part must list: every
// one in the table of contents of Line of Battle v2.0.
var rulebookParts = map[string][]string{
	"## Fire, morale and charges": {
		"4.0", "4.1", "4.2", "4.3",
		"5.1", "5.2", "5.3", "5.4", "5.5", "5.6", "5.7", "5.8",
		"6.1", "6.2", "6.3", "6.4", "6.5",
		"7.1", "7.2", "7.3", "7.4",
	},
	"## The turn, movement, supply": {
		"1.7", "1.8", "2.1", "2.2", "2.3", "2.4",
		"3.1", "3.2", "3.3", "3.4", "3.5", "3.6", "3.7",
		"8.1", "8.2", "8.3", "8.4", "8.5",
		"9.1", "9.2", "9.3", "9.4", "9.5",
	},
	"## Command and control": {
		"10.1", "10.2", "10.3", "10.4", "10.5", "10.6", "10.7", "10.8", "10.9", "10.10",
		"12.1", "12.2", "12.3", "12.4", "12.5",
	},
}

// missingSubsections returns, for each part of text that has entries, the
// rulebook subsections it does not list. A part that says "Not yet listed."
// is reported in notYet instead.
func missingSubsections(text string) (missing, notYet []string) {
	parts := map[string]string{}
	var head string
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "## ") {
			head = ""
			for h := range rulebookParts {
				if strings.HasPrefix(line, h) {
					head = h
				}
			}
			continue
		}
		if head != "" {
			parts[head] += line + "\n"
		}
	}
	heads := make([]string, 0, len(rulebookParts))
	for h := range rulebookParts {
		heads = append(heads, h)
	}
	sort.Strings(heads)
	for _, h := range heads {
		body, ok := parts[h]
		if !ok || strings.Contains(body, "Not yet listed.") {
			notYet = append(notYet, h)
			continue
		}
		have := map[string]bool{}
		for _, line := range strings.Split(body, "\n") {
			if m := coverageLine.FindStringSubmatch(line); m != nil {
				have[m[1]] = true
			}
		}
		for _, sub := range rulebookParts[h] {
			if !have[sub] {
				missing = append(missing, fmt.Sprintf("%s: %s is not listed", h[3:], sub))
			}
		}
	}
	return missing, notYet
}

// TestCoverage checks rules/lob/COVERAGE.md against the case corpus.
func TestCoverage(t *testing.T) {
	cases, err := readCorpus("testdata")
	if err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile("COVERAGE.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range checkCoverage(string(text), cases) {
		t.Error(p)
	}
	missing, notYet := missingSubsections(string(text))
	for _, m := range missing {
		t.Error(m)
	}
	for _, h := range notYet {
		t.Logf("%s: not yet listed", h[3:])
	}
	t.Logf("%d cases in the corpus", len(cases))
}

// TestCoverageCheck shows that the coverage check finds each kind of gap.
func TestCoverageCheck(t *testing.T) {
	cases := map[string]corpusCase{
		"c2-001": {rules: []string{"10.6d"}, where: "a.case:1"},
		"c2-002": {rules: []string{"10.7b", "10.8c"}, where: "a.case:9"},
		"f-001":  {rules: []string{"5.4"}, where: "b.case:1"},
	}
	text := strings.Join([]string{
		"- 10.6 The Command Roll: c2-001",
		"- 10.8 Special situations: c2-002",
		"- 10.9 Skedaddle:",
		"- 5.1 Fire: f-001",
		"- 6.2 Retreats: f-009",
	}, "\n")
	got := checkCoverage(text, cases)
	want := []string{
		"COVERAGE.md:3: 10.9 has no case",
		"COVERAGE.md:4: 5.1 lists f-001, which cites 5.4 (b.case:1)",
		"COVERAGE.md:5: 6.2 lists f-009, which no case file defines",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if p := checkCoverage("- 10.6 The Command Roll: c2-001", cases); len(p) != 2 {
		t.Errorf("unlisted cases: got %q, want c2-002 and f-001 reported", p)
	}
	missing, notYet := missingSubsections("## Command and control\n- 10.1 Commands: c2-001\n- 12.5 Sound of the Guns: c2-002\n## Fire, morale and charges\nNot yet listed.\n")
	if len(missing) != 13 || missing[0] != "Command and control: 10.2 is not listed" || len(notYet) != 2 {
		t.Errorf("missing subsections: got %q, not yet %q", missing, notYet)
	}
	for _, c := range []struct {
		rule, sub string
		in        bool
	}{
		{"10.6d", "10.6", true}, {"10.6", "10.6", true}, {"10.6d", "10", true},
		{"10.60", "10.6", false}, {"105", "10", false}, {"10.6dd", "10.6d", false}, {"10.7a", "10.6", false},
	} {
		if within(c.rule, c.sub) != c.in {
			t.Errorf("within(%q, %q) = %v, want %v", c.rule, c.sub, !c.in, c.in)
		}
	}
}
