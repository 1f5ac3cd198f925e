package rulestest

import (
	"strings"
	"testing"
)

// TestCoverageCheck shows that the coverage check finds each kind of gap.
func TestCoverageCheck(t *testing.T) {
	cases := []*Case{
		{ID: "c2-001", Rules: []string{"10.6d"}, File: "a.case", N: 1},
		{ID: "c2-002", Rules: []string{"10.7b", "10.8c"}, File: "a.case", N: 9},
		{ID: "f-001", Rules: []string{"5.4"}, File: "b.case", N: 1},
	}
	text := strings.Join([]string{
		"- 10.6 The Command Roll: c2-001",
		"- 10.8 Special situations: c2-002",
		"- 10.9 Skedaddle:",
		"- 5.1 Fire: f-001",
		"- 6.2 Retreats: f-009",
	}, "\n")
	got := CoverageProblems(text, cases)
	want := []string{
		"COVERAGE.md:3: 10.9 has no case",
		"COVERAGE.md:4: 5.1 lists f-001, which cites 5.4 (b.case:1)",
		"COVERAGE.md:5: 6.2 lists f-009, which no case file defines",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if p := CoverageProblems("- 10.6 The Command Roll: c2-001", cases); len(p) != 2 {
		t.Errorf("unlisted cases: got %q, want c2-002 and f-001 reported", p)
	}
	parts := map[string][]string{
		"## Command and control":      {"10.1", "10.2", "10.3", "12.5"},
		"## Fire, morale and charges": {"5.1"},
	}
	missing, notYet := MissingSubsections("## Command and control\n- 10.1 Commands: c2-001\n- 12.5 Sound of the Guns: c2-002\n## Fire, morale and charges\nNot yet listed.\n", parts)
	if strings.Join(missing, "|") != "Command and control: 10.2 is not listed|Command and control: 10.3 is not listed" || len(notYet) != 1 {
		t.Errorf("missing subsections: got %q, not yet %q", missing, notYet)
	}
	for _, c := range []struct {
		rule, sub string
		in        bool
	}{
		{"10.6d", "10.6", true}, {"10.6", "10.6", true}, {"10.6d", "10", true},
		{"10.60", "10.6", false}, {"6.1.4", "6.1", true}, {"6.1.4", "6", true}, {"6.1.4", "6.1.4", true},
		{"6.1.40", "6.1.4", false}, {"6.14", "6.1", false}, {"6.1.", "6.1", false}, {"105", "10", false}, {"10.6dd", "10.6d", false}, {"10.7a", "10.6", false},
	} {
		if Within(c.rule, c.sub) != c.in {
			t.Errorf("Within(%q, %q) = %v, want %v", c.rule, c.sub, !c.in, c.in)
		}
	}
}
