package rulestest

import (
	"fmt"

	"galloper/orders"
	"galloper/rules"
)

// ParseOrders parses the text of one side's order file for a system. It is
// the one place the kit turns order text into an orders.File, for the case
// runner and the conformance suite alike.
func ParseOrders(sys rules.System, text string) (*orders.File, []orders.Problem) {
	return orders.Parse(text, sys.Dialect())
}

// Envelope is the head of an order file for a side and turn, as the case
// runner writes it before a case's ORDERS.
func Envelope(side rules.Side, turn int) string {
	return fmt.Sprintf("GAME case\nSIDE %s\nTURN %d\n", side, turn)
}
