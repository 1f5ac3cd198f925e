// Package orderstest holds the checks every order dialect's tests share:
// the parse, print and parse round trip under the fuzzer, and the sample
// files that a system's guide and conformance suite write from.
package orderstest

import (
	"testing"

	"galloper/orders"
)

// Fuzz runs the round trip (orders.RoundTrip) over the dialect's seeds
// and whatever the fuzzer makes of them.
func Fuzz(f *testing.F, d orders.Dialect) {
	for _, s := range d.Seeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if err := orders.RoundTrip(text, d); err != nil {
			t.Fatal(err)
		}
	})
}

// Samples checks that each sample file parses with no problem, holds at
// least min orders, and survives the round trip.
func Samples(t *testing.T, d orders.Dialect, samples []string, min int) {
	t.Helper()
	if len(samples) == 0 {
		t.Fatal("no samples")
	}
	for i, s := range samples {
		f, ps := orders.Parse(s, d)
		if len(ps) != 0 {
			t.Fatalf("sample %d: problems: %+v", i+1, ps)
		}
		if len(f.Orders) < min {
			t.Fatalf("sample %d: only %d orders, want at least %d", i+1, len(f.Orders), min)
		}
		if err := orders.RoundTrip(s, d); err != nil {
			t.Fatalf("sample %d: %v", i+1, err)
		}
	}
}
