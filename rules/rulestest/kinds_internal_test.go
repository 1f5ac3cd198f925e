package rulestest

import (
	"strings"
	"testing"
)

// TestForbiddenKindNoCaseProduces shows the corpus check on EXPECT-NO-EVENT:
// a kind some case produced passes, a kind none produced (a misspelling,
// or "kind:" read as the kind) is named with where it was written.
func TestForbiddenKindNoCaseProduces(t *testing.T) {
	k := &eventKinds{seen: map[string]bool{"fire": true, "retreat": true},
		forbidden: []forbiddenKind{{"a.case:3", "fire"}, {"a.case:9", "retreat-pending"}, {"b.case:4", "retreat"}}}
	got := k.problems()
	if len(got) != 1 || !strings.HasPrefix(got[0], "a.case:9: EXPECT-NO-EVENT retreat-pending: no case of the corpus has an event of that kind") {
		t.Errorf("problems: %q", got)
	}
}
