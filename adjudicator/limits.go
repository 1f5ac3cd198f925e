package adjudicator

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"galloper/orders"
	"galloper/templates"
)

// Limits bound what one mail can make Galloper do. A mail over a limit is
// refused with a reply that names the limit; nothing of it is stored as
// orders, and the mail itself stays in the inbound table. A zero field
// takes its default (DefaultLimits).
type Limits struct {
	// MIMEDepth is how deeply nested MIME entities (multipart levels and
	// forwarded message/rfc822 mails) are read.
	MIMEDepth int
	// MIMEParts is how many MIME parts of one mail are read, nested ones
	// included.
	MIMEParts int
	// DecodedBytes is how many decoded bytes of all of a mail's parts,
	// nested ones included, are read.
	DecodedBytes int64
	// OrderBytes, OrderLines and OrderBlocks bound an order file: its size,
	// its lines and its blocks (ORDER, STACK, STANDING, ...).
	OrderBytes  int
	OrderLines  int
	OrderBlocks int
	// BlockLines bounds the lines of one block (its steps).
	BlockLines int
	// Problems is how many problems a reply lists; it counts the rest.
	Problems int
	// ReplyBytes bounds the text of a reply listing problems: beyond it the
	// order file is not repeated.
	ReplyBytes int
	// Attempts is how many times a stored mail is taken up for processing
	// (attempts that fail with an error, panic or never finish because the
	// process died) before it is set aside for the operator.
	Attempts int
	// RateWindow, OrderFiles and Commands are the per-address rate
	// limits: Galloper reads at most OrderFiles order files and Commands
	// command mails from one sender address in any RateWindow. A mail
	// over them is kept and answered, not read (rates.go).
	RateWindow time.Duration
	OrderFiles int
	Commands   int
}

// DefaultLimits are safe for a daemon open to the Internet and roomy for
// the largest battles: an order file of a thousand stacks is well inside
// them.
func DefaultLimits() Limits {
	return Limits{MIMEDepth: 8, MIMEParts: 100, DecodedBytes: 4 << 20,
		OrderBytes: 512 << 10, OrderLines: 10000, OrderBlocks: 1000, BlockLines: 200,
		Problems: 50, ReplyBytes: 256 << 10, Attempts: 5,
		RateWindow: time.Hour, OrderFiles: 120, Commands: 240}
}

// WithDefaults returns l with each zero field set to its default.
func (l Limits) WithDefaults() Limits {
	d := DefaultLimits()
	set := func(v *int, def int) {
		if *v <= 0 {
			*v = def
		}
	}
	set(&l.MIMEDepth, d.MIMEDepth)
	set(&l.MIMEParts, d.MIMEParts)
	if l.DecodedBytes <= 0 {
		l.DecodedBytes = d.DecodedBytes
	}
	set(&l.OrderBytes, d.OrderBytes)
	set(&l.OrderLines, d.OrderLines)
	set(&l.OrderBlocks, d.OrderBlocks)
	set(&l.BlockLines, d.BlockLines)
	set(&l.Problems, d.Problems)
	set(&l.ReplyBytes, d.ReplyBytes)
	set(&l.Attempts, d.Attempts)
	set(&l.OrderFiles, d.OrderFiles)
	set(&l.Commands, d.Commands)
	if l.RateWindow <= 0 {
		l.RateWindow = d.RateWindow
	}
	return l
}

// Limits returns the limits the adjudicator applies.
func (a *Adjudicator) Limits() Limits { return a.cfg.Limits.WithDefaults() }

// textProblem reports an order text too large to parse: checked before
// anything reads it.
func (l Limits) textProblem(text string) *orders.Problem {
	switch {
	case len(text) > l.OrderBytes:
		return &orders.Problem{Kind: orders.Invalid, Code: "too-large",
			Message:    fmt.Sprintf("the order text is %d bytes; Galloper reads at most %d", len(text), l.OrderBytes),
			Suggestion: "send only your order file, without quoted mails or long notes"}
	case strings.Count(text, "\n") >= l.OrderLines:
		return &orders.Problem{Kind: orders.Invalid, Code: "too-many-lines",
			Message:    fmt.Sprintf("the order text has %d lines or more; Galloper reads at most %d", l.OrderLines, l.OrderLines),
			Suggestion: "send only your order file, without quoted mails or long notes"}
	}
	return nil
}

// blocksProblem reports a parsed order file of text with more blocks, or a
// longer block, than Galloper checks; the file is then not validated.
func (l Limits) blocksProblem(f *orders.File, text string) *orders.Problem {
	if f == nil {
		return nil
	}
	if n := len(f.Orders); n > l.OrderBlocks {
		return &orders.Problem{At: f.Orders[l.OrderBlocks].Position(), Kind: orders.Invalid, Code: "too-many-blocks",
			Message: fmt.Sprintf("the file has %d order blocks; Galloper takes at most %d in one file", n, l.OrderBlocks),
			Suggestion: "give each unit one STACK block, and each order one ORDER block; " +
				"write to the umpire if a battle truly needs more"}
	}
	for i, o := range f.Orders {
		start, end := o.Position().Line, strings.Count(text, "\n")+2
		if i+1 < len(f.Orders) {
			end = f.Orders[i+1].Position().Line
		}
		if end-start > l.BlockLines {
			return &orders.Problem{At: o.Position(), Kind: orders.Invalid, Code: "block-too-long",
				Message:    fmt.Sprintf("this block runs for %d lines; Galloper takes at most %d lines in one block", end-start, l.BlockLines),
				Suggestion: "split it into several blocks"}
		}
	}
	return nil
}

// boundedReply renders a problems reply of at most max bytes: without the
// repeated order file when that is too long, and cut short (saying so) if
// even the problems are.
func boundedReply(d templates.ProblemsData, max int) (string, error) {
	text, err := templates.Problems(d)
	if err != nil || len(text) <= max {
		return text, err
	}
	d.SourceOmitted, d.Source = len(d.Source), nil
	if text, err = templates.Problems(d); err != nil || len(text) <= max {
		return text, err
	}
	const cut = "\n[The rest of this reply is left out: it would exceed Galloper's reply limit.]\n"
	end := max - len(cut)
	for end > 0 && !utf8.RuneStart(text[end]) {
		end--
	}
	return text[:end] + cut, nil
}
