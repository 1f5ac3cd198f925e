package docs_test

import (
	"strings"
	"testing"

	"galloper/docs"
	"galloper/rules/systems"
)

// TestEverySystemHasAGuide checks that each registered system has a
// player's guide to mail with its games, and that the guide is about that
// system's orders (it names the system's order keywords' home document).
func TestEverySystemHasAGuide(t *testing.T) {
	for _, s := range systems.All() {
		text, ok := docs.PlayerGuide(s.ID())
		if !ok {
			t.Errorf("%s (%s) has no player's guide to mail", s.ID(), s.Name())
			continue
		}
		if len(text) < 1000 || strings.Contains(text, "<!--") {
			t.Errorf("%s: the guide is %d bytes or carries a comment", s.ID(), len(text))
		}
	}
}
