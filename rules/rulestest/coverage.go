package rulestest

import (
	"fmt"
	"io/fs"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// A COVERAGE.md entry: - <subsection> <title>: <id>, <id>, ...
var coverageLine = regexp.MustCompile(`^- (\d+(?:\.\d+)*[a-z]?)\b[^:]*:(.*)$`)

// Within reports whether rule (e.g. "10.6d") lies inside subsection sub
// (e.g. "10.6", "10.6d" or "10"). Rulebooks that number in three parts
// (Battle Hymn's 6.1.4) nest the same way: 6.1 contains 6.1.4.
func Within(rule, sub string) bool {
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
		// 10.6 contains 10.6d and 10.6.1, but not 10.60
		return rest[0] >= 'a' && rest[0] <= 'z' || len(rest) > 1 && rest[0] == '.' && rest[1] >= '0' && rest[1] <= '9'
	}
}

// CoverageProblems checks a COVERAGE.md text against a corpus and returns
// every problem found: an entry with no case, a case no file defines, a
// case listed under a subsection it does not cite, a case not listed.
func CoverageProblems(text string, cases []*Case) []string {
	byID := map[string]*Case{}
	for _, c := range cases {
		byID[c.ID] = c
	}
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
			c, ok := byID[id]
			if !ok {
				problems = append(problems, fmt.Sprintf("COVERAGE.md:%d: %s lists %s, which no case file defines", n+1, sub, id))
				continue
			}
			cites := false
			for _, r := range c.Rules {
				cites = cites || Within(r, sub)
			}
			if !cites {
				problems = append(problems, fmt.Sprintf("COVERAGE.md:%d: %s lists %s, which cites %s (%s:%d)", n+1, sub, id, strings.Join(c.Rules, ","), c.File, c.N))
			}
		}
	}
	var unlisted []string
	for _, c := range cases {
		if !listed[c.ID] {
			unlisted = append(unlisted, fmt.Sprintf("%s (%s:%d) is not listed in COVERAGE.md", c.ID, c.File, c.N))
		}
	}
	sort.Strings(unlisted)
	return append(problems, unlisted...)
}

// MissingSubsections returns, for each part of a COVERAGE.md text named in
// parts (by the start of its "## " heading) that has entries, the
// subsections of parts it does not list. A part that says "Not yet
// listed." is reported in notYet instead.
func MissingSubsections(text string, parts map[string][]string) (missing, notYet []string) {
	bodies := map[string]string{}
	var head string
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "## ") {
			head = ""
			for h := range parts {
				if strings.HasPrefix(line, h) {
					head = h
				}
			}
			continue
		}
		if head != "" {
			bodies[head] += line + "\n"
		}
	}
	heads := make([]string, 0, len(parts))
	for h := range parts {
		heads = append(heads, h)
	}
	sort.Strings(heads)
	for _, h := range heads {
		body, ok := bodies[h]
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
		for _, sub := range parts[h] {
			if !have[sub] {
				missing = append(missing, fmt.Sprintf("%s: %s is not listed", strings.TrimPrefix(h, "## "), sub))
			}
		}
	}
	return missing, notYet
}

// CheckCoverage checks a system's COVERAGE.md (the file coverage of fsys)
// against its corpus under dir: every case listed under a subsection it
// cites, every entry with a case, and every subsection of parts listed.
func CheckCoverage(t *testing.T, fsys fs.FS, coverage, dir string, parts map[string][]string) {
	t.Helper()
	cases, err := ReadCorpus(fsys, dir)
	if err != nil {
		t.Fatal(err)
	}
	text, err := fs.ReadFile(fsys, coverage)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range CoverageProblems(string(text), cases) {
		t.Error(p)
	}
	missing, notYet := MissingSubsections(string(text), parts)
	for _, m := range missing {
		t.Error(m)
	}
	for _, h := range notYet {
		t.Logf("%s: not yet listed", strings.TrimPrefix(h, "## "))
	}
	t.Logf("%d cases in the corpus", len(cases))
}
