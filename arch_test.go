package galloper_test

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// forbidden are the packages whose import would let the rules engine or
// the order language touch the outside world or a global random source.
var forbidden = map[string]bool{
	"os": true, "os/exec": true, "net": true, "net/http": true, "net/smtp": true, "database/sql": true,
	"syscall": true, "math/rand": true, "math/rand/v2": true, "io/ioutil": true, "crypto/rand": true,
}

// clockCalls are the time functions that read or wait on the wall clock.
var clockCalls = map[string]bool{"Now": true, "Since": true, "Until": true, "Sleep": true, "After": true,
	"AfterFunc": true, "Tick": true, "NewTimer": true, "NewTicker": true}

type pkg struct {
	ImportPath string
	Dir        string
	Standard   bool
	Imports    []string
	GoFiles    []string
}

// testKit is the test support package under rules: it reads case files
// and runs property tests, so it is left out of the pure core, and only
// tests may import it.
const testKit = "galloper/rules/rulestest"

// TestPureCore proves that rules and orders do no I/O: no package they
// depend on outside the standard library (ours or a third party's)
// imports os, net, database/sql, a global random source or the like, and
// none of our own files there calls the wall clock. The test kit
// (rules/rulestest) is not part of the core; were a core package to
// import it, its imports would be checked here and fail.
func TestPureCore(t *testing.T) {
	list, err := exec.Command("go", "list", "./rules/...", "./orders/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var roots []string
	for _, p := range strings.Fields(string(list)) {
		if p != testKit {
			roots = append(roots, p)
		}
	}
	out, err := exec.Command("go", append([]string{"list", "-deps", "-json"}, roots...)...).Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	checked := 0
	for dec.More() {
		var p pkg
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		if p.Standard {
			continue
		}
		checked++
		for _, imp := range p.Imports {
			if forbidden[imp] {
				t.Errorf("%s imports %s", p.ImportPath, imp)
			}
		}
		if !strings.HasPrefix(p.ImportPath, "galloper/") {
			continue
		}
		for _, f := range p.GoFiles {
			checkClock(t, filepath.Join(p.Dir, f))
		}
	}
	if checked < 4 {
		t.Fatalf("only %d non-standard packages were checked; go list output looks wrong", checked)
	}
}

func checkClock(t *testing.T, path string) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	timeName := ""
	for _, imp := range f.Imports {
		if strings.Trim(imp.Path.Value, `"`) == "time" {
			timeName = "time"
			if imp.Name != nil {
				timeName = imp.Name.Name
			}
		}
	}
	if timeName == "" {
		return
	}
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if id, ok := sel.X.(*ast.Ident); ok && id.Name == timeName && clockCalls[sel.Sel.Name] {
			t.Errorf("%s: uses time.%s", fset.Position(sel.Pos()), sel.Sel.Name)
		}
		return true
	})
}

// TestTestKitOnlyInTests keeps the test kit out of the binary: no package
// the galloper command is built from imports rules/rulestest.
func TestTestKitOnlyInTests(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "./cmd/galloper").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 10 {
		t.Fatalf("only %d packages listed; go list output looks wrong", len(deps))
	}
	for _, p := range deps {
		if p == testKit {
			t.Errorf("the galloper command links %s", testKit)
		}
	}
}

// TestAdjudicatorTakesSystems checks that the adjudicator is handed its
// game systems (cmd/galloper wires rules/systems into its Config) and
// depends on no system itself: adding a system changes no code there.
func TestAdjudicatorTakesSystems(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "./adjudicator/...", "./orders/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 10 {
		t.Fatalf("only %d dependencies listed; go list output looks wrong", len(deps))
	}
	for _, d := range deps {
		if d == "galloper/rules/systems" || strings.HasPrefix(d, "galloper/rules/lob") {
			t.Errorf("the adjudicator or orders depends on %s", d)
		}
	}
}
