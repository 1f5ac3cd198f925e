package orders

import (
	"regexp"
	"strings"
)

// replyMarker matches the first line of text a mail client or Galloper
// puts above a repeated earlier mail: the opening line of Galloper's
// receipts, problem replies and reports, "On ... wrote:", Outlook's
// "-----Original Message-----" and the "From:" line that starts the
// header block Outlook puts below its line of underscores.
var replyMarker = regexp.MustCompile(`^(Galloper (received your orders|could not accept your orders|results for game)\b.*` +
	`|On\b.*\bwrote:|-{2,}\s*Original Message\s*-{2,}|From:\s.*)$`)

// rule matches a line of underscores, which Outlook puts above the mail
// replied to and some players use to set parts of a mail apart. It is
// skipped, but does not start a repeated mail: only the From: line below
// it does.
var rule = regexp.MustCompile(`^_{4,}$`)

// noise reports whether l is part of a repeated earlier mail and should be
// skipped. Everything from a reply marker on is skipped, up to the next
// GAME line, which starts a new order file: so a reply that repeats
// Galloper's receipt, quoted or not, above or below the new orders, is
// read for the new orders only. A marker closes any open block.
func (p *Parser) noise(l Line, k string) bool {
	if p.skipping {
		if k == "GAME" {
			p.skipping = false
			return false
		}
		return true
	}
	t := strings.TrimSpace(l.Text)
	if mayMark(t) && replyMarker.MatchString(t) {
		p.body.Close()
		p.standing = nil
		p.skipping = true
		return true
	}
	return strings.HasPrefix(t, "__") && rule.MatchString(t)
}

// mayMark reports whether t starts as a reply marker can, so that most
// lines skip the regular expression.
func mayMark(t string) bool {
	return strings.HasPrefix(t, "Galloper ") || strings.HasPrefix(t, "On") || strings.HasPrefix(t, "--") || strings.HasPrefix(t, "From:")
}
