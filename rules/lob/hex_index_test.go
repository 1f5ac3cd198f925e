package lob

import "testing"

// Every test of the package checks the hex index against the counters at
// each look-up (hex_index.go).
func init() { checkHexIndex = true }

// measured turns the check off for a benchmark, which measures the index
// itself, not the search that checks it.
func measured(b *testing.B) {
	checkHexIndex = false
	b.Cleanup(func() { checkHexIndex = true })
}
