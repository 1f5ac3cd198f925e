package dice

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"math"
	"strings"
	"testing"
)

// testSecret is a fixed secret; tests never use a random one.
func testSecret() []byte {
	s := sha256.Sum256([]byte("galloper test secret"))
	return s[:]
}

func testChain(t testing.TB, n int) *Chain {
	t.Helper()
	c, err := NewChain(testSecret(), n)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// testInput is segment k of a game keyed by testChain.
func testInput(t testing.TB, c *Chain, k int) SegmentInput {
	t.Helper()
	link, err := c.Link(k)
	if err != nil {
		t.Fatal(err)
	}
	prev, _ := c.Link(k - 1)
	return SegmentInput{
		GameID: "lob-gettysburg-7",
		Index:  k,
		Engine: "galloper 0.1.0 (test)",
		Head:   c.Head(),
		Link:   link,
		Prev:   prev,
		State:  HashBytes([]byte(fmt.Sprintf("state before segment %d", k))),
		Orders: [][]byte{HashBytes([]byte("CSA orders")), HashBytes([]byte("USA orders"))},
		Salts:  [][]byte{[]byte("lee-salt-1863"), []byte("meade")},
	}
}

func testSegment(t testing.TB, c *Chain, k int) *Segment {
	t.Helper()
	s, err := NewSegment(testInput(t, c, k))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestNewSecret(t *testing.T) {
	s, err := NewSecret(bytes.NewReader(bytes.Repeat([]byte{7}, 40)))
	if err != nil || !bytes.Equal(s, bytes.Repeat([]byte{7}, 32)) {
		t.Fatalf("NewSecret = %x, %v", s, err)
	}
	if _, err := NewSecret(bytes.NewReader(make([]byte, 31))); err == nil {
		t.Fatal("NewSecret accepted a short reader")
	}
}

func TestChainLinksHashBackToHead(t *testing.T) {
	c := testChain(t, 10)
	if got := sha256.Sum256(testSecret()); c.Len() != 10 || bytes.Equal(c.Head(), got[:]) {
		t.Fatalf("chain of 10 links has head = H(secret)")
	}
	for k := 1; k <= c.Len(); k++ {
		link, _ := c.Link(k)
		prev, _ := c.Link(k - 1)
		if err := CheckLink(link, prev, 1); err != nil {
			t.Fatalf("link %d: %v", k, err)
		}
		if err := CheckLink(link, c.Head(), k); err != nil {
			t.Fatalf("link %d does not reach the head in %d steps: %v", k, k, err)
		}
	}
	last, _ := c.Link(10)
	if !bytes.Equal(last, testSecret()) {
		t.Fatal("the last link is not the secret")
	}
	if _, err := c.Link(11); err == nil {
		t.Fatal("Link(11) of a 10-link chain succeeded")
	}
	if _, err := NewChain(testSecret()[:16], 10); err == nil {
		t.Fatal("NewChain accepted a 16-byte secret")
	}
}

func TestNewSegmentRejectsBadInput(t *testing.T) {
	c := testChain(t, 5)
	cases := map[string]func(*SegmentInput){
		"no game":        func(in *SegmentInput) { in.GameID = "" },
		"index 0":        func(in *SegmentInput) { in.Index = 0 },
		"wrong link":     func(in *SegmentInput) { in.Link, _ = c.Link(3) },
		"short state":    func(in *SegmentInput) { in.State = in.State[:20] },
		"short order":    func(in *SegmentInput) { in.Orders[0] = in.Orders[0][:4] },
		"long salt":      func(in *SegmentInput) { in.Salts[0] = make([]byte, MaxSaltSize+1) },
		"prev not head":  func(in *SegmentInput) { in.Head = in.Link },
		"head too short": func(in *SegmentInput) { in.Head = nil },
		"other head":     func(in *SegmentInput) { in.Index, in.Head = 2, in.Link },
	}
	for name, spoil := range cases {
		in := testInput(t, c, 1)
		spoil(&in)
		if _, err := NewSegment(in); err == nil {
			t.Errorf("%s: NewSegment succeeded", name)
		}
	}
}

func TestSeedIgnoresInputOrderButNotContent(t *testing.T) {
	c := testChain(t, 5)
	in := testInput(t, c, 2)
	a, _ := NewSegment(in)
	in.Orders[0], in.Orders[1] = in.Orders[1], in.Orders[0]
	in.Salts[0], in.Salts[1] = in.Salts[1], in.Salts[0]
	b, _ := NewSegment(in)
	if !bytes.Equal(a.Seed(), b.Seed()) {
		t.Fatal("seed depends on the order in which sides are listed")
	}
	spoil := map[string]func(*SegmentInput){
		"game":   func(in *SegmentInput) { in.GameID += "x" },
		"engine": func(in *SegmentInput) { in.Engine += "x" },
		"state":  func(in *SegmentInput) { in.State = HashBytes(nil) },
		"order":  func(in *SegmentInput) { in.Orders = in.Orders[:1] },
		"salt":   func(in *SegmentInput) { in.Salts[0] = []byte("lee-salt-1864") },
		// Moving a byte between two salts keeps their concatenation: the
		// length prefixes must still tell them apart.
		"salt boundary": func(in *SegmentInput) { in.Salts = [][]byte{[]byte("lee-salt-1863m"), []byte("eade")} },
	}
	for name, f := range spoil {
		in := testInput(t, c, 2)
		f(&in)
		s, err := NewSegment(in)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Equal(s.Seed(), a.Seed()) {
			t.Errorf("changing the %s keeps the seed", name)
		}
	}
}

func TestRollsDeterministicAndInRange(t *testing.T) {
	c := testChain(t, 5)
	a, b := testSegment(t, c, 3), testSegment(t, c, 3)
	other := testSegment(t, c, 4)
	same := 0
	for i := 0; i < 2000; i++ {
		n := 1 + i%23
		x, y := a.Roll(n, "T 1", "a"), b.Roll(n, "T 2", "different purpose")
		if x != y {
			t.Fatalf("roll #%d: %d then %d from the same inputs", i, x, y)
		}
		if x < 1 || x > n {
			t.Fatalf("roll #%d: d%d gave %d", i, n, x)
		}
		if other.Roll(n, "T 1", "a") == x {
			same++
		}
	}
	if same > 600 { // about 2000 * mean(1/n) ~ 300 expected
		t.Fatalf("segment 4 matches segment 3 on %d of 2000 rolls", same)
	}
	rs := a.Rolls()
	if len(rs) != 2000 || rs[7].Index != 7 || rs[7].Sides != 8 || rs[7].Rule != "T 1" {
		t.Fatalf("roll log wrong: %d rolls, #7 = %+v", len(rs), rs[7])
	}
}

func TestRollPanicsOnNoSides(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("Roll(0) did not panic")
		}
	}()
	testSegment(t, testChain(t, 2), 1).Roll(0, "r", "p")
}

// TestUniformCraftedRejection feeds uniform words by hand: for n = 3,
// 2^64 mod 3 = 1, so exactly one word, 2^64-1, must be rejected.
func TestUniformCraftedRejection(t *testing.T) {
	words := []uint64{math.MaxUint64, math.MaxUint64, 5}
	calls := 0
	got := uniform(3, func(ctr uint64) uint64 {
		if ctr != uint64(calls) {
			t.Fatalf("counter %d on call %d", ctr, calls)
		}
		calls++
		return words[ctr]
	})
	if got != 5%3+1 || calls != 3 {
		t.Fatalf("uniform(3) = %d after %d words, want %d after 3", got, calls, 5%3+1)
	}
	if got := uniform(3, func(uint64) uint64 { return math.MaxUint64 - 1 }); got != (math.MaxUint64-1)%3+1 {
		t.Fatalf("largest accepted word for d3 gave %d", got)
	}
	// A power of two divides 2^64: nothing is rejected.
	if got := uniform(8, func(uint64) uint64 { return math.MaxUint64 }); got != 8 {
		t.Fatalf("uniform(8, 2^64-1) = %d, want 8", got)
	}
	if got := uniform(1, func(uint64) uint64 { return 12345 }); got != 1 {
		t.Fatalf("d1 gave %d", got)
	}
}

// TestRejectionPathThroughHMAC uses a die of 2^62+1 sides, for which about a
// quarter of all words are rejected, and checks that a rejected roll takes
// the first acceptable counter.
func TestRejectionPathThroughHMAC(t *testing.T) {
	const n = 1<<62 + 1
	big := uint64(n)
	limit := -(-big % big) // 2^64 - (2^64 mod n)
	s := testSegment(t, testChain(t, 2), 1)
	r := newRoller(s.Seed())
	found := false
	for i := 0; i < 64 && !found; i++ {
		got := uint64(s.Roll(n, "T", "big die"))
		w0 := r.word(uint64(i), n, 0)
		if w0 < limit {
			if got != 1+w0%n {
				t.Fatalf("roll #%d: accepted word gives %d, roll gave %d", i, 1+w0%n, got)
			}
			continue
		}
		found = true
		ctr := uint64(1)
		for r.word(uint64(i), n, ctr) >= limit {
			ctr++
		}
		if want := 1 + r.word(uint64(i), n, ctr)%n; got != want {
			t.Fatalf("roll #%d: rejected at counter 0, want %d from counter %d, got %d", i, want, ctr, got)
		}
	}
	if !found {
		t.Fatal("no rejection in 64 rolls of a die that rejects a quarter of words")
	}
}

// chiSquare rolls count dice of n sides and returns the statistic.
func chiSquare(s *Segment, n, count int) float64 {
	hist := make([]int, n+1)
	for i := 0; i < count; i++ {
		hist[s.r.draw(uint64(i), uint64(n))]++
	}
	want := float64(count) / float64(n)
	x := 0.0
	for _, h := range hist[1:] {
		d := float64(h) - want
		x += d * d / want
	}
	return x
}

// TestChiSquare checks a million d6 and a million d10 from a fixed seed
// against the 0.999 critical values (20.515 for 5, 27.877 for 9 degrees of
// freedom).
func TestChiSquare(t *testing.T) {
	if testing.Short() {
		t.Skip("two million rolls")
	}
	s := testSegment(t, testChain(t, 2), 1)
	for _, c := range []struct {
		sides    int
		critical float64
	}{{6, 20.515}, {10, 27.877}} {
		x := chiSquare(s, c.sides, 1_000_000)
		t.Logf("d%d: chi-square %.3f over 10^6 rolls (0.999 critical %.3f)", c.sides, x, c.critical)
		if x >= c.critical {
			t.Errorf("d%d: chi-square %.3f >= %.3f", c.sides, x, c.critical)
		}
	}
}

func TestHelpers(t *testing.T) {
	c := testChain(t, 2)
	s := testSegment(t, c, 1)
	p := Shuffle(s, 52, "T", "deck")
	seen := make([]bool, 52)
	for _, v := range p {
		if v < 0 || v >= 52 || seen[v] {
			t.Fatalf("Shuffle gave %v, not a permutation", p)
		}
		seen[v] = true
	}
	rs := s.Rolls()
	if len(rs) != 51 || rs[0].Sides != 52 || rs[50].Sides != 2 {
		t.Fatalf("Shuffle of 52 made %d rolls, first d%d, last d%d", len(rs), rs[0].Sides, rs[len(rs)-1].Sides)
	}
	// Replaying the same rolls by hand gives the same permutation.
	want := make([]int, 52)
	for i := range want {
		want[i] = i
	}
	for k, i := 0, 51; i > 0; k, i = k+1, i-1 {
		j := rs[k].Result - 1
		want[i], want[j] = want[j], want[i]
	}
	if fmt.Sprint(want) != fmt.Sprint(p) {
		t.Fatal("Shuffle does not follow its rolls")
	}
	pool := Pool(s, 5, 6, "ACW 3", "fire pool")
	z := D10Zero(s, "GBACW 6.2", "efficiency")
	rs = s.Rolls()
	if len(pool) != 5 || len(rs) != 57 || rs[56].Sides != 10 || z != rs[56].Result-1 {
		t.Fatalf("Pool/D10Zero: pool %v, d10 read %d, log %v", pool, z, rs[51:])
	}
	if !strings.Contains(rs[51].Purpose, "fire pool") {
		t.Fatalf("pool roll purpose %q", rs[51].Purpose)
	}
}
