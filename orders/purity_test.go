package orders

import (
	goparser "go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestNoIO checks that the package's own source imports nothing that does
// I/O or reads the clock: parsing must be a pure function of the text.
func TestNoIO(t *testing.T) {
	banned := []string{"os", "net", "database/sql", "math/rand", "math/rand/v2", "time", "io/fs", "os/exec", "syscall"}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := goparser.ParseFile(token.NewFileSet(), name, src, goparser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if slices.Contains(banned, path) || strings.HasPrefix(path, "net/") || strings.HasPrefix(path, "galloper/") {
				t.Errorf("%s imports %s", name, path)
			}
		}
	}
}
