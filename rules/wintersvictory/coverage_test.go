package wintersvictory

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// COVERAGE.md names only tests that exist in this package.
func TestCoverageNamesRealTests(t *testing.T) {
	cov, err := os.ReadFile("COVERAGE.md")
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	defined := map[string]bool{}
	decl := regexp.MustCompile(`(?m)^func (Test\w+)\(t \*testing\.T\)`)
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range decl.FindAllStringSubmatch(string(src), -1) {
			defined[m[1]] = true
		}
	}
	named := regexp.MustCompile(`Test\w+`).FindAllString(string(cov), -1)
	if len(named) == 0 {
		t.Fatal("COVERAGE.md names no test")
	}
	for _, n := range named {
		if !defined[n] {
			t.Errorf("COVERAGE.md names %s, which no test file defines", n)
		}
	}
}
