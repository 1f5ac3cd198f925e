package acwminis

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"galloper/rules/rulestest"
)

var (
	coverageEntry = regexp.MustCompile(`^- (Q\d\d) [^(]+\(seed (L[0-9, L-]+)\): (.*)$`)
	testName      = regexp.MustCompile(`Test[A-Za-z0-9_]+`)
)

// TestCoverageList checks COVERAGE.md: Q01 to Q72 each listed once, in
// order, with seed lines inside the sheet, and every test it names
// defined in this package or in rules/table.
func TestCoverageList(t *testing.T) {
	text, err := os.ReadFile("COVERAGE.md")
	if err != nil {
		t.Fatal(err)
	}
	defined := map[string]bool{}
	for _, pattern := range []string{"*_test.go", "../table/*_test.go"} {
		files, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range regexp.MustCompile(`(?m)^func (Test\w+)\(`).FindAllStringSubmatch(string(b), -1) {
				defined[m[1]] = true
			}
		}
	}
	next := 1
	lineNo := regexp.MustCompile(`\d+`)
	for n, line := range strings.Split(string(text), "\n") {
		if !strings.HasPrefix(line, "- Q") {
			continue
		}
		m := coverageEntry.FindStringSubmatch(line)
		if m == nil {
			t.Errorf("COVERAGE.md:%d: not an entry: %q", n+1, line)
			continue
		}
		if want := fmt.Sprintf("Q%02d", next); m[1] != want {
			t.Errorf("COVERAGE.md:%d: %s, want %s next", n+1, m[1], want)
		}
		next++
		for _, l := range lineNo.FindAllString(m[2], -1) {
			if v := atoi(t, l); v < 1 || v > sheetLines {
				t.Errorf("COVERAGE.md:%d: %s cites line %d, outside the sheet", n+1, m[1], v)
			}
		}
		for _, name := range testName.FindAllString(m[3], -1) {
			if !defined[name] {
				t.Errorf("COVERAGE.md:%d: %s names %s, which no test defines", n+1, m[1], name)
			}
		}
	}
	if next != 73 {
		t.Errorf("COVERAGE.md lists %d items, want Q01 to Q72", next-1)
	}
}

// TestCoverageCases checks the "cases:" part of each COVERAGE.md entry
// against the corpus in testdata: every case listed exists and cites that
// item on its CASE line, every case is listed under each item it cites,
// and an item with cases does not also say "not yet".
func TestCoverageCases(t *testing.T) {
	text, err := os.ReadFile("COVERAGE.md")
	if err != nil {
		t.Fatal(err)
	}
	cases, err := rulestest.ReadCorpus(os.DirFS("."), "testdata")
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]*rulestest.Case{}
	for _, c := range cases {
		byID[c.ID] = c
	}
	listed := map[string]bool{} // "Q11 id"
	for n, line := range strings.Split(string(text), "\n") {
		m := coverageEntry.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		_, after, ok := strings.Cut(m[3], "cases: ")
		if !ok {
			t.Errorf("COVERAGE.md:%d: %s has no cases: part", n+1, m[1])
			continue
		}
		if after == "not yet" {
			continue
		}
		for _, id := range strings.Split(after, ", ") {
			c := byID[id]
			switch {
			case c == nil:
				t.Errorf("COVERAGE.md:%d: %s lists case %q, which no case file defines", n+1, m[1], id)
			case !slices.Contains(c.Rules, m[1]):
				t.Errorf("COVERAGE.md:%d: %s lists case %s, which cites %v", n+1, m[1], id, c.Rules)
			}
			listed[m[1]+" "+id] = true
		}
	}
	for _, c := range cases {
		for _, q := range c.Rules {
			if !listed[q+" "+c.ID] {
				t.Errorf("%s:%d: case %s cites %s but COVERAGE.md does not list it there", c.File, c.N, c.ID, q)
			}
		}
	}
}
