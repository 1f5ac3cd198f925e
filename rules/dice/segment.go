package dice

import (
	"bytes"
	"crypto/sha256"
	"fmt"

	"galloper/rules"
)

// SegmentInput is everything a segment seed depends on, plus the chain
// values a record carries so that it can be checked on its own.
type SegmentInput struct {
	GameID string
	// Index is k, 1-based: the segment whose rules.Segment.Index is i uses
	// k = i + 1.
	Index  int
	Engine string // engine version, e.g. the git commit of the build
	Head   []byte // the chain head published at game start
	Link   []byte // link_k, the segment key
	Prev   []byte // link_{k-1}; the head when k is 1
	// State is SHA-256 of the canonical state at segment start.
	State []byte
	// Orders holds SHA-256 of each ordering side's canonical orders, in any
	// order; the seed sorts them.
	Orders [][]byte
	// Salts holds the players' salts (at most MaxSaltSize bytes each), in any
	// order; the seed sorts them.
	Salts [][]byte
}

// Segment is the verifiable dice of one segment. It implements rules.Dice.
// A Segment is not safe for concurrent use.
type Segment struct {
	in   SegmentInput
	seed []byte
	r    *roller
	// log holds the rolls in chunks of logChunk, so a long segment never
	// copies its log to grow it.
	log [][]rules.Roll
	n   int
}

const logChunk = 256

var (
	_ rules.Dice       = (*Segment)(nil)
	_ rules.LastRoller = (*Segment)(nil)
)

// NewSegment checks the inputs and derives the segment seed.
func NewSegment(in SegmentInput) (*Segment, error) {
	if err := in.check(); err != nil {
		return nil, err
	}
	in = in.clone()
	seed := Seed(in.Link, in.GameID, in.Index, in.Engine, in.State, in.Orders, in.Salts)
	return &Segment{in: in, seed: seed, r: newRoller(seed)}, nil
}

func (in SegmentInput) check() error {
	switch {
	case in.GameID == "":
		return fmt.Errorf("dice: empty game id")
	case in.Index < 1:
		return fmt.Errorf("dice: segment index %d, want 1 or more", in.Index)
	case len(in.Head) != SecretSize, len(in.Link) != SecretSize, len(in.Prev) != SecretSize:
		return fmt.Errorf("dice: head, link and previous link must be %d bytes", SecretSize)
	case in.Index == 1 && !bytes.Equal(in.Prev, in.Head):
		return fmt.Errorf("dice: segment 1: previous link is not the head")
	case len(in.State) != HashSize:
		return fmt.Errorf("dice: state hash is %d bytes, want %d", len(in.State), HashSize)
	}
	if err := CheckLink(in.Link, in.Prev, 1); err != nil {
		return fmt.Errorf("dice: segment %d: %w", in.Index, err)
	}
	if err := CheckLink(in.Prev, in.Head, in.Index-1); err != nil {
		return fmt.Errorf("dice: segment %d: previous link does not lead back to the head", in.Index)
	}
	for _, o := range in.Orders {
		if len(o) != HashSize {
			return fmt.Errorf("dice: order hash is %d bytes, want %d", len(o), HashSize)
		}
	}
	for _, s := range in.Salts {
		if len(s) > MaxSaltSize {
			return fmt.Errorf("dice: salt is %d bytes, at most %d allowed", len(s), MaxSaltSize)
		}
	}
	return nil
}

func (in SegmentInput) clone() SegmentInput {
	cp := func(p []byte) []byte { return append([]byte(nil), p...) }
	in.Head, in.Link, in.Prev, in.State = cp(in.Head), cp(in.Link), cp(in.Prev), cp(in.State)
	in.Orders, in.Salts = sortedCopy(in.Orders), sortedCopy(in.Salts)
	return in
}

// HashBytes is SHA-256 of b, the hash used for canonical states and orders.
func HashBytes(b []byte) []byte {
	h := sha256.Sum256(b)
	return h[:]
}

// Seed returns a copy of the segment seed.
func (s *Segment) Seed() []byte { return append([]byte(nil), s.seed...) }

// Roll implements rules.Dice: roll i of the segment, an n-sided die, 1..n.
// It panics when sides is below 1, as a die with no faces is a program bug.
func (s *Segment) Roll(sides int, rule, purpose string) int {
	if sides < 1 {
		panic(fmt.Sprintf("dice: die with %d sides", sides))
	}
	i := s.n
	v := int(s.r.draw(uint64(i), uint64(sides)))
	if i%logChunk == 0 {
		s.log = append(s.log, make([]rules.Roll, 0, logChunk))
	}
	last := &s.log[len(s.log)-1]
	*last = append(*last, rules.Roll{Index: i, Purpose: purpose, Rule: rule, Sides: sides, Result: v})
	s.n++
	return v
}

// LastRoll implements rules.LastRoller.
func (s *Segment) LastRoll() (rules.Roll, bool) {
	if s.n == 0 {
		return rules.Roll{}, false
	}
	c := s.log[len(s.log)-1]
	return c[len(c)-1], true
}

// Rolls implements rules.Dice.
func (s *Segment) Rolls() []rules.Roll {
	if s.n == 0 {
		return nil
	}
	out := make([]rules.Roll, 0, s.n)
	for _, c := range s.log {
		out = append(out, c...)
	}
	return out
}

// Record is the segment's record for the results mail and the journal,
// with the Merkle root over the rolls made so far.
func (s *Segment) Record() Record {
	in := s.in.clone()
	rec := Record{
		Version: Version,
		GameID:  in.GameID,
		Segment: in.Index,
		Engine:  in.Engine,
		Head:    in.Head,
		Link:    in.Link,
		Prev:    in.Prev,
		State:   in.State,
		Orders:  in.Orders,
		Salts:   in.Salts,
		Seed:    s.Seed(),
		Rolls:   s.Rolls(),
	}
	rec.Root = MerkleRoot(rec.Link, rec.Rolls)
	return rec
}
