package orders

import "strings"

// Dialect is one game system's order language inside the shared envelope:
// the orders its players write between the GAME, SIDE and TURN lines and
// the STANDING block. A system hands its dialect to the adjudicator
// through rules.System; Parse reads a file's body with it once the game,
// and so the system, is known.
type Dialect interface {
	// Starts lists the keywords that open an order of each of the
	// dialect's kinds, as help text names them.
	Starts() []string
	// Keywords lists every keyword that may start a line of the body
	// outside STANDING, in the order a suggestion for a misspelt word
	// prefers them. A line that starts with one of them closes an open
	// STANDING block.
	Keywords() []string
	// Place reads a place in the dialect's notation (a hex id such as
	// "A10.10" or "0614") and returns its canonical form, or false.
	Place(s string) (string, bool)
	// Reactions is the dialect's table for STANDING blocks.
	Reactions() *ReactionTable
	// NewBody returns a reader for the body of one file, which reports
	// its orders and problems to p.
	NewBody(p *Parser) Body
	// WriteOrder writes o, one of the dialect's own order kinds, in
	// canonical form: Parse must read it back as o, apart from positions.
	WriteOrder(b *strings.Builder, o Order)
	// StripOrder returns a deep copy of o, one of the dialect's own
	// order kinds, with every position zeroed.
	StripOrder(o Order) Order
	// Seeds are order files that exercise the dialect, the seed corpus of
	// its parse, print and parse round trip fuzz test.
	Seeds() []string
}

// Body reads the lines of one file's body for a Dialect. Parse hands it
// every content line that is not mail noise, an envelope line or part of
// the STANDING block.
type Body interface {
	// Line reads one line.
	Line(l Line)
	// Close closes whatever block is open, reporting one left
	// unterminated: an envelope line, a STANDING line, a repeated earlier
	// mail or the end of the file has come.
	Close()
}
