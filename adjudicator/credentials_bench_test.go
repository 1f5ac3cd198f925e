package adjudicator

import (
	"crypto/rand"
	"testing"
)

// BenchmarkPasswordCheck is the cost of checking one PASSWORD line, for
// an argon2id hash and for a legacy SHA-256 one.
func BenchmarkPasswordCheck(b *testing.B) {
	argon, err := hashPassword(rand.Reader, "tulip")
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct{ name, stored string }{
		{"argon2id", argon},
		{"legacy-sha256", legacyPasswordHash("creek", "CSA", "tulip")},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if ok, _ := checkPassword(c.stored, "creek", "CSA", "tulip"); !ok {
					b.Fatal("the password does not verify")
				}
			}
		})
	}
}
