package adjudicator

import "galloper/orders"

// jsonOrders returns the text form of an order file sent as JSON
// (orders.FromJSON), which is then read as any order file is; text that
// is not JSON comes back as it is. JSON that is not an order file in the
// published schema is a problem; the text then comes back with its
// password left out, since the reply repeats it.
func jsonOrders(text string) (string, *orders.Problem) {
	if !orders.LooksJSON(text) {
		return text, nil
	}
	t, err := orders.FromJSON([]byte(text))
	if err != nil {
		return orders.JSONPassword.ReplaceAllString(text, `${1}"(not repeated by mail)"`), &orders.Problem{Kind: orders.Invalid,
			Code: "bad-json", Message: "the order file is JSON, but not one Galloper can read: " + err.Error(),
			Suggestion: "follow docs/schema/v1/orders.json, or send the order file as text"}
	}
	return t, nil
}
