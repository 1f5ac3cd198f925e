package wintersvictory

import (
	"flag"
	"os"
	"regexp"
	"strings"
	"testing"

	"galloper/rules/rulestest"
)

var update = flag.Bool("update", false, "rewrite the Cases column of COVERAGE.md from the case corpus")

// coverageRow is a row of COVERAGE.md's table: | <subsection> <title> |
// <tests> | <cases> |.
var coverageRow = regexp.MustCompile(`^\| (\d+(?:\.\d+)*)(\S*) ([^|]*)\| ([^|]*)\| ([^|]*)\|$`)

// casesColumn rewrites the Cases column of COVERAGE.md: each subsection
// lists the cases citing a rule within it (rulestest.Within), or "not
// yet". It also returns the cases no subsection lists.
func casesColumn(text string, cases []*rulestest.Case) (string, []string) {
	listed := map[string]bool{}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		m := coverageRow.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		var ids []string
		for _, c := range cases {
			for _, r := range c.Rules {
				if rulestest.Within(r, m[1]) {
					ids = append(ids, c.ID)
					listed[c.ID] = true
					break
				}
			}
		}
		col := "not yet"
		if len(ids) > 0 {
			col = strings.Join(ids, ", ")
		}
		lines[i] = "| " + m[1] + m[2] + " " + m[3] + "| " + m[4] + "| " + col + " |"
	}
	var unlisted []string
	for _, c := range cases {
		if !listed[c.ID] {
			unlisted = append(unlisted, c.ID)
		}
	}
	return strings.Join(lines, "\n"), unlisted
}

// TestCoverageCases: COVERAGE.md's Cases column is the corpus's, every
// case cites a subsection of the checklist, and `-update` rewrites it.
func TestCoverageCases(t *testing.T) {
	cases, err := rulestest.ReadCorpus(os.DirFS("."), "testdata")
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile("COVERAGE.md")
	if err != nil {
		t.Fatal(err)
	}
	out, unlisted := casesColumn(string(raw), cases)
	if len(unlisted) > 0 {
		t.Errorf("cases citing no subsection of COVERAGE.md: %v", unlisted)
	}
	if *update {
		if err := os.WriteFile("COVERAGE.md", []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if out != string(raw) {
		t.Error("COVERAGE.md's Cases column is not the corpus's: go test ./rules/wintersvictory -run TestCoverageCases -update")
	}
}
