package dice

import "testing"

// LastRoll is the last roll of Rolls, across the log's chunks.
func TestLastRoll(t *testing.T) {
	s := testSegment(t, testChain(t, 2), 1)
	if _, ok := s.LastRoll(); ok {
		t.Fatal("a segment without rolls has a last roll")
	}
	for i := range 3*logChunk + 5 {
		s.Roll(6+i%3, "LoB 5.0", "test")
		got, ok := s.LastRoll()
		all := s.Rolls()
		if !ok || got != all[len(all)-1] || got.Index != i {
			t.Fatalf("roll %d: LastRoll = %+v, %v; Rolls ends with %+v", i, got, ok, all[len(all)-1])
		}
	}
}
