package lob

import (
	"os"
	"testing"

	"galloper/rules/rulestest"
)

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

// TestCoverage checks rules/lob/COVERAGE.md against the case corpus.
func TestCoverage(t *testing.T) {
	rulestest.CheckCoverage(t, os.DirFS("."), "COVERAGE.md", "testdata", rulebookParts)
}
