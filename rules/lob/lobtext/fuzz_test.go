package lobtext

import (
	"testing"

	"galloper/orders"
)

// FuzzParse checks that Parse never panics and that its result survives a
// trip through Format: parse, format, parse gives the same orders, the
// canonical text is a fixed point, and a file without problems still has
// none once formatted (orders.RoundTrip).
func FuzzParse(f *testing.F) {
	for _, s := range Dialect.Seeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if err := orders.RoundTrip(text, Dialect); err != nil {
			t.Fatal(err)
		}
	})
}
