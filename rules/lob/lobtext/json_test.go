package lobtext

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"galloper/orders"
)

// TestJSONOrdersRoundTrip checks that an order file and its JSON form are
// the same orders: for a file built from the dialect's seed orders, with
// any envelope, text to JSON to text reads back as the same file, and
// JSON to text to JSON gives the same JSON.
func TestJSONOrdersRoundTrip(t *testing.T) {
	var pool []orders.Order
	for _, s := range Dialect.Seeds() {
		f, probs := Parse(s)
		if len(probs) == 0 {
			pool = append(pool, f.Orders...)
		}
	}
	if len(pool) < 5 {
		t.Fatalf("only %d orders in the seeds parse cleanly", len(pool))
	}
	word := rapid.StringMatching(`[a-z][a-z0-9-]{0,11}`)
	rapid.Check(t, func(t *rapid.T) {
		f := &orders.File{Game: word.Draw(t, "game"), Side: rapid.SampledFrom([]string{"CSA", "USA"}).Draw(t, "side"),
			Turn:     rapid.StringMatching(`[1-9][0-9]?`).Draw(t, "turn"),
			Password: rapid.StringMatching(`[A-Za-z0-9]{0,10}`).Draw(t, "password"),
			Salt:     rapid.StringMatching(`([0-9a-f]{8})?`).Draw(t, "salt")}
		f.Orders = rapid.SliceOfN(rapid.SampledFrom(pool), 0, 6).Draw(t, "orders")
		text := Format(f)
		parsed, probs := Parse(text)
		if len(probs) > 0 {
			t.Skipf("the drawn file is not one file: %v", probs) // e.g. two STANDING blocks
		}
		j, err := json.Marshal(orders.ToJSON(parsed, Dialect))
		if err != nil {
			t.Fatal(err)
		}
		back, err := orders.FromJSON(j)
		if err != nil {
			t.Fatalf("%v\n%s", err, j)
		}
		g, probs := Parse(back)
		if len(probs) > 0 {
			t.Fatalf("the text form of the JSON has problems %v:\n%s", probs, back)
		}
		if !reflect.DeepEqual(StripPositions(parsed), StripPositions(g)) {
			t.Fatalf("text to JSON to text changes the file:\n%s\nversus\n%s", text, back)
		}
		if Format(g) != Format(parsed) {
			t.Fatalf("canonical forms differ:\n%s\nversus\n%s", Format(parsed), Format(g))
		}
		j2, _ := json.Marshal(orders.ToJSON(g, Dialect))
		if string(j) != string(j2) {
			t.Fatalf("JSON to text to JSON changes it:\n%s\nversus\n%s", j, j2)
		}
	})
}

// TestJSONOrdersRefused checks that JSON that is not an order file in the
// published schema is refused with a reason.
func TestJSONOrdersRefused(t *testing.T) {
	for in, want := range map[string]string{
		`{"schema":"galloper/v1/orders","orders":["STACK A"]`:                         "malformed at byte",
		`{"schema":"galloper/v2/orders","orders":[]}`:                                 `schema is "galloper/v2/orders"`,
		`{"schema":"galloper/v1/orders"}`:                                             `no "orders" field`,
		`{"schema":"galloper/v1/orders","orders":[1]}`:                                `field "orders`,
		`{"schema":"galloper/v1/orders","orders":[],"colour":"red"}`:                  `unknown field "colour"`,
		`{"schema":"galloper/v1/orders","game":"a\nTURN 9","orders":[]}`:              "line break",
		`{"schema":"galloper/v1/orders","orders":[]} {"schema":"galloper/v1/orders"}`: "more than one value",
	} {
		if _, err := orders.FromJSON([]byte(in)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("FromJSON(%s) = %v, want an error saying %q", in, err, want)
		}
	}
}
