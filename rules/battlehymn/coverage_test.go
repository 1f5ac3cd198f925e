package battlehymn

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"galloper/rules/rulestest"
)

// TestCoverage checks COVERAGE.md against the case corpus: every case
// listed under a subsection it cites, every case listed, and every
// subsection of rules 2-14 that the engine plays listed with cases.
func TestCoverage(t *testing.T) {
	subs := []string{}
	for _, s := range strings.Fields(`2 2.1 2.1.1 2.1.2 2.2 2.2.1 2.2.2 2.2.3 3 3.1 3.2 3.3 3.4 3.5 3.6 3.7 3.8 3.9
		4 5 5.1 5.2 5.3 5.4 5.4.1 5.4.2 5.4.3 5.4.4 5.5 6 6.1 6.1.1 6.1.2 6.1.3 6.1.4 6.1.5 6.1.6 6.1.7 6.1.8
		6.1.9 6.2 6.2.1 6.2.2 6.2.3 6.2.4 6.3 6.3.1 6.3.2 6.4 6.4.1 6.5 6.5.1 6.5.2 6.5.3 6.5.4 7 7.1 7.1.1
		7.1.2 7.2 7.3 7.4 7.5 7.6 7.7 7.8 7.9 8 8.1 8.2 9 9.1 9.2 9.3 10 10.1 10.1.1 10.1.2 10.2 10.2.1
		10.2.2 10.2.3 10.3 10.4 10.4.1 10.4.2 10.4.3 10.4.4 10.4.5 10.5 10.5.1 10.5.2 10.5.3 10.5.4 11 11.1
		11.2 11.3 12 12.1 12.2 12.3 13 14 14.1 14.2`) {
		subs = append(subs, s)
	}
	rulestest.CheckCoverage(t, os.DirFS("."), "COVERAGE.md", "testdata", map[string][]string{"## Rules 1-14": subs})
}

// TestCoverageTests checks that every Go test COVERAGE.md names exists.
func TestCoverageTests(t *testing.T) {
	text, err := os.ReadFile("COVERAGE.md")
	if err != nil {
		t.Fatal(err)
	}
	defined := map[string]bool{}
	files, _ := os.ReadDir(".")
	for _, f := range files {
		if !strings.HasSuffix(f.Name(), "_test.go") {
			continue
		}
		b, _ := os.ReadFile(f.Name())
		for _, m := range regexp.MustCompile(`(?m)^func (Test\w+)\(`).FindAllStringSubmatch(string(b), -1) {
			defined[m[1]] = true
		}
	}
	for _, m := range regexp.MustCompile("`((?:[a-z]+\\.)?Test\\w+)`").FindAllStringSubmatch(string(text), -1) {
		if !strings.Contains(m[1], ".") && !defined[m[1]] {
			t.Errorf("COVERAGE.md names %s, which no test file of the package defines", m[1])
		}
	}
}
