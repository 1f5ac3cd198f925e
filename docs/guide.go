// Package docs carries the player's guides that Galloper mails: the
// order language of each system, as written in this folder.
package docs

import (
	"embed"
	"strings"
)

//go:embed orders.md activity-lob.md orders-*.md
var files embed.FS

// guides lists each system's guide files, in the order they are mailed.
var guides = map[string][]string{
	"lob.v2":            {"orders.md", "activity-lob.md"},
	"acwminis.v1":       {"orders-acwminis.md"},
	"battlehymn.v1":     {"orders-battlehymn.md"},
	"wintersvictory.v1": {"orders-wintersvictory.md"},
	"gbacw.v1":          {"orders-gbacw.md"},
}

// PlayerGuide returns the player's guide of a system (by its rules.System
// ID), or false when it has none.
func PlayerGuide(system string) (string, bool) {
	names, ok := guides[system]
	if !ok {
		return "", false
	}
	var b strings.Builder
	for i, n := range names {
		text, err := files.ReadFile(n)
		if err != nil {
			return "", false
		}
		if i > 0 {
			b.WriteString("\n\n")
		}
		b.WriteString(withoutComments(string(text)))
	}
	return b.String(), true
}

// withoutComments drops the lines that are a whole HTML comment, such as
// the notes above examples that say which scenario a test checks them
// against: a player reading the mailed text has no use for them.
func withoutComments(text string) string {
	lines := strings.SplitAfter(text, "\n")
	kept := lines[:0]
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "<!--") && strings.HasSuffix(t, "-->") {
			continue
		}
		kept = append(kept, l)
	}
	return strings.Join(kept, "")
}
