package mail

import (
	"os"
	"testing"
)

// BenchmarkReadRedact measures what redaction adds to processing a stored
// mail: Read alone, as before, and Read with Redact, as now, on an iPhone
// reply (multipart/alternative, quoted-printable, password in both parts).
func BenchmarkReadRedact(b *testing.B) {
	raw, err := os.ReadFile("../cmd/galloper/testdata/mails/58-iphone-reply-quoted-html.eml")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("read", func(b *testing.B) {
		for b.Loop() {
			Read(raw)
		}
	})
	b.Run("read+redact", func(b *testing.B) {
		for b.Loop() {
			Read(raw)
			if _, ok := Redact(raw); !ok {
				b.Fatal("nothing redacted")
			}
		}
	})
}
