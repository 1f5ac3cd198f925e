package mail

import (
	"regexp"
	"strings"
)

// forwardMarker matches the line mail clients put above a forwarded
// message's header block: Gmail's "---------- Forwarded message ---------",
// Thunderbird's "-------- Forwarded Message --------", Outlook's
// "-----Original Message-----" and Apple Mail's "Begin forwarded message:".
var forwardMarker = regexp.MustCompile(`(?i)^\s*(-{2,}\s*(forwarded message|original message)\s*-{2,}|begin forwarded message:)\s*$`)

// forwardHeader matches a line of the forwarded header block.
var forwardHeader = regexp.MustCompile(`(?i)^\s*(from|date|sent|subject|to|cc|reply-to):`)

// unforward returns the forwarded message's text when text is an inline
// forward whose forwarded part holds an order file (a GAME line): the part
// after the marker and its header block. The forwarder's own note above
// the marker is dropped. Other text is returned as it is.
func unforward(text string) string {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	for i, l := range lines {
		if !forwardMarker.MatchString(l) {
			continue
		}
		j := i + 1
		for j < len(lines) && (forwardHeader.MatchString(lines[j]) || strings.TrimSpace(lines[j]) == "" && j == i+1) {
			j++
		}
		rest := strings.Join(lines[j:], "\n")
		if hasGameLine(rest) {
			return strings.TrimLeft(rest, "\n")
		}
		return text
	}
	return text
}

// hasGameLine reports whether text has a line starting with GAME.
func hasGameLine(text string) bool {
	for _, l := range strings.Split(text, "\n") {
		if f := strings.Fields(l); len(f) > 0 && strings.EqualFold(strings.TrimSuffix(f[0], ":"), "GAME") {
			return true
		}
	}
	return false
}
