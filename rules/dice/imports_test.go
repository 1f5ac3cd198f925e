package dice

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestNoIO keeps the package pure: its non-test files import only the
// standard library packages below, never os, net, math/rand or time.
func TestNoIO(t *testing.T) {
	allowed := map[string]bool{
		"bytes": true, "crypto/hmac": true, "crypto/sha256": true, "encoding/binary": true,
		"encoding/hex": true, "errors": true, "fmt": true, "hash": true, "io": true,
		"sort": true, "strconv": true, "strings": true, "galloper/rules": true,
	}
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range af.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if !allowed[p] {
				t.Errorf("%s imports %s", f, p)
			}
		}
	}
}
