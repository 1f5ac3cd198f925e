package orders_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"galloper/orders"
	"galloper/rules/lob/lobtext"
)

// TestNoSystemVocabulary checks that the shared order language holds no
// system's vocabulary: no keyword, step verb or reaction of Line of
// Battle's dialect appears in a word in capitals in the package's source
// (code, strings or comments), test fixtures aside. They belong in
// rules/lob/lobtext; a word every file shares (the envelope, STANDING,
// END) is allowed.
func TestNoSystemVocabulary(t *testing.T) {
	d := lobtext.Dialect
	words := slices.Concat([]string{"ATTACK", "STACK", "VOLLEY", "SKEDADDLE"}, d.Keywords(), d.Starts(),
		lobtext.StepVerbs, d.Reactions().Kinds())
	for _, r := range d.Reactions().Reactions {
		words = append(words, r.Forms...)
		for written := range r.Choices {
			words = append(words, written)
		}
	}
	shared := slices.Concat(orders.HeaderKeywords, []string{"STANDING", "END"})
	words = slices.DeleteFunc(words, func(w string) bool { return slices.Contains(shared, w) })
	slices.Sort(words)
	words = slices.Compact(words)
	// Longest first, so that "OPEN ORDER WITHDRAW" is reported as itself.
	slices.SortStableFunc(words, func(a, b string) int { return len(b) - len(a) })
	for i, w := range words {
		words[i] = regexp.QuoteMeta(w)
	}
	re := regexp.MustCompile(`\b(` + strings.Join(words, "|") + `)\b`)

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
		for i, line := range strings.Split(string(src), "\n") {
			if m := re.FindString(line); m != "" {
				t.Errorf("%s:%d: %q is Line of Battle's vocabulary: %s", name, i+1, m, strings.TrimSpace(line))
			}
		}
	}
}
