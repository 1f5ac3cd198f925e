package dice

import (
	"crypto/hmac"
	"crypto/sha256"
	"testing"
)

// BenchmarkRoll measures Segment.Roll for a d6, log included; a fresh
// segment every 4096 rolls keeps the log's memory bounded.
func BenchmarkRoll(b *testing.B) {
	c := testChain(b, 2)
	in := testInput(b, c, 1)
	s, _ := NewSegment(in)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if i&4095 == 4095 {
			s, _ = NewSegment(in)
		}
		s.Roll(6, "LoB 10.6", "Command Roll")
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "rolls/s")
}

// BenchmarkHMACSHA256 is the raw cost of one HMAC-SHA256 over a message the
// size of a roll message, with a keyed hash that is reset between uses: the
// floor under BenchmarkRoll.
func BenchmarkHMACSHA256(b *testing.B) {
	m := hmac.New(sha256.New, testSecret())
	msg := make([]byte, rollMsgSize)
	var sum [sha256.Size]byte
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		msg[0] = byte(i)
		m.Reset()
		m.Write(msg)
		m.Sum(sum[:0])
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "ops/s")
}

// BenchmarkHMACNew is HMAC-SHA256 keyed afresh for every message, the cost
// a roll would pay without a kept keyed hash.
func BenchmarkHMACNew(b *testing.B) {
	key := testSecret()
	msg := make([]byte, rollMsgSize)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		msg[0] = byte(i)
		m := hmac.New(sha256.New, key)
		m.Write(msg)
		m.Sum(nil)
	}
}

// BenchmarkNewChain builds a chain of 65536 links, enough for any game.
func BenchmarkNewChain(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := NewChain(testSecret(), 1<<16); err != nil {
			b.Fatal(err)
		}
	}
}
