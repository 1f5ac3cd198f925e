package docs

import (
	"strings"
	"testing"
)

// TestPlayerGuideHasNoComments checks that the mailed guide leaves out
// the comments above the docs' examples, and keeps the examples.
func TestPlayerGuideHasNoComments(t *testing.T) {
	text, ok := PlayerGuide("lob.v2")
	if !ok {
		t.Fatal("no guide for lob.v2")
	}
	if strings.Contains(text, "<!--") {
		t.Errorf("the guide carries a comment: %q", text[strings.Index(text, "<!--"):][:80])
	}
	if !strings.Contains(text, "ORDER MOVE from Harrow to Whitcomb's Division") {
		t.Error("the guide lost its complete example")
	}
}
