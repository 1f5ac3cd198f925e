package orders

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// block takes the lines that open STACK and STANDING blocks and the lines
// inside them, and reports whether it took the line. END closes such a
// block, but is optional: a line that starts with any other top-level
// keyword closes it too. A line with an unknown keyword inside a block is
// reported and leaves the block open, so one slip gives one problem.
func (p *parser) block(l line, kw string, kwOff int, val string, valOff int) bool {
	k := asciiUpper(kw)
	at := l.pos(kwOff)
	switch {
	case k == "STACK" || k == "STANDING":
		if p.cur != nil {
			p.unterminated()
		}
		p.closeBlock()
		if k == "STACK" {
			p.openStack(l, at, val, valOff)
		} else {
			p.openStanding(at, val, l.pos(valOff))
		}
		return true
	case p.stack != nil || p.standing != nil:
		switch {
		case k == "END":
			if val != "" {
				p.add(l.pos(valOff), CodeTrailingText, fmt.Sprintf("END takes nothing after it, found '%s'", clip(val)),
					"write END alone on its line")
			}
			p.closeBlock()
			return true
		case slices.Contains(keywords, k):
			p.closeBlock()
			return false
		case p.stack != nil:
			p.stackLine(l, kw, kwOff, val, valOff)
		default:
			p.standingLine(l, kw, kwOff, val, valOff)
		}
		return true
	case p.cur != nil:
		return false
	case slices.Contains(ReactionKinds, k) || k == "OPENING" || k == "MOUNTED":
		p.add(at, CodeOutsideStanding, fmt.Sprintf("%s is a standing reaction, outside a STANDING block", k),
			"put it between a line STANDING and its END")
		return true
	case k == "MOVE" && strings.HasPrefix(asciiUpper(val), "FROM "):
		return false // a written order without its ORDER keyword
	case slices.Contains(StepVerbs, k):
		p.add(at, CodeOutsideStack, fmt.Sprintf("%s is a step of an activity script, outside a STACK block", k),
			"start the script with a line naming the stack, such as "+stackForm)
		return true
	}
	return false
}

// closeBlock closes an open STACK or STANDING block, if any.
func (p *parser) closeBlock() { p.stack, p.standing = nil, nil }

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
// read for the new orders only.
func (p *parser) noise(l line, k string) bool {
	if p.skipping {
		if k == "GAME" {
			p.skipping = false
			return false
		}
		return true
	}
	t := strings.TrimSpace(l.text)
	if mayMark(t) && replyMarker.MatchString(t) {
		p.closeBlock()
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

// writeOther writes the orders that are not written orders.
func writeOther(b *strings.Builder, o Order) {
	switch o := o.(type) {
	case *Stack:
		writeStack(b, o)
	case *Standing:
		writeStanding(b, o)
	}
}

// stripOther returns a copy of an order other than a written order with
// its positions zeroed.
func stripOther(o Order) Order {
	switch o := o.(type) {
	case *Stack:
		return stripStack(o)
	case *Standing:
		return stripStanding(o)
	}
	return o
}
