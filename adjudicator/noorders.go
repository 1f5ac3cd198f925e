package adjudicator

import (
	"strings"
	"unicode"

	"galloper/orders"
)

// noOrders is the problem of a mail with nothing in it to read as orders.
// It names no game: the sender may not be in one.
var noOrders = orders.Problem{Kind: orders.Invalid, Code: "no-orders",
	Message: "no orders were found in this mail",
	Suggestion: "write your orders as plain text in the mail, or attach them as a .txt file, starting with " +
		"the GAME, SIDE, TURN and PASSWORD lines from your game-start mail, then one block per order " +
		"(ORDER ... END, STACK ... END, STANDING ... END)"}

// UnreadableMail is the problem of a mail that could not be read (see
// Incoming.ReadErr).
func UnreadableMail(err error) orders.Problem {
	return orders.Problem{Kind: orders.Invalid, Code: "unreadable-mail",
		Message:    "Galloper could not read this mail: " + err.Error(),
		Suggestion: "send the orders as plain text in the body, or as a .txt attachment"}
}

// hasOrderText reports whether text has a line its sender wrote: one that
// is not blank, not quoted ('>') and not below a signature separator
// ("-- ").
func hasOrderText(text string) bool {
	for _, l := range strings.Split(text, "\n") {
		t := strings.TrimFunc(l, func(r rune) bool { return unicode.IsSpace(r) || r == '\ufeff' })
		switch {
		case t == "--":
			return false
		case t != "" && !strings.HasPrefix(t, ">"):
			return true
		}
	}
	return false
}
