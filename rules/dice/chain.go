package dice

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
)

// SecretSize is the size in bytes of a chain secret and of every link.
const SecretSize = 32

// NewSecret reads a fresh chain secret from r, which should be crypto/rand's
// Reader in production.
func NewSecret(r io.Reader) ([]byte, error) {
	s := make([]byte, SecretSize)
	if _, err := io.ReadFull(r, s); err != nil {
		return nil, fmt.Errorf("dice: reading secret: %w", err)
	}
	return s, nil
}

// Chain is a game's hash chain: h_0 = secret, h_{i+1} = SHA-256(h_i), for
// i < N. The head h_N is published at game creation; segment k (1..N) is keyed
// by Link(k) = h_{N-k}, so each revealed link hashes to the one before it and
// Link(0) is the head.
type Chain struct {
	h [][SecretSize]byte // h[i] = h_i
}

// NewChain builds a chain of n links from a 32-byte secret.
func NewChain(secret []byte, n int) (*Chain, error) {
	if len(secret) != SecretSize {
		return nil, fmt.Errorf("dice: chain secret is %d bytes, want %d", len(secret), SecretSize)
	}
	if n < 1 {
		return nil, fmt.Errorf("dice: chain of %d links", n)
	}
	c := &Chain{h: make([][SecretSize]byte, n+1)}
	copy(c.h[0][:], secret)
	for i := 1; i <= n; i++ {
		c.h[i] = sha256.Sum256(c.h[i-1][:])
	}
	return c, nil
}

// Len is the number of segments the chain can key.
func (c *Chain) Len() int { return len(c.h) - 1 }

// Head is the public commitment h_N.
func (c *Chain) Head() []byte { return c.link(0) }

// Link returns the key of segment k: h_{N-k}. Link(0) is the head.
func (c *Chain) Link(k int) ([]byte, error) {
	if k < 0 || k > c.Len() {
		return nil, fmt.Errorf("dice: link %d outside chain of %d", k, c.Len())
	}
	return c.link(k), nil
}

func (c *Chain) link(k int) []byte {
	l := c.h[c.Len()-k]
	return l[:]
}

// ErrLink reports a link that does not hash to the link before it.
var ErrLink = errors.New("link does not hash to the previous link")

// CheckLink reports whether hashing link steps times gives prev. One step
// checks adjacent segments; more steps bridge segments whose records are
// absent.
func CheckLink(link, prev []byte, steps int) error {
	if len(link) != SecretSize {
		return fmt.Errorf("link is %d bytes, want %d", len(link), SecretSize)
	}
	h := append([]byte(nil), link...)
	for i := 0; i < steps; i++ {
		s := sha256.Sum256(h)
		h = s[:]
	}
	if !bytes.Equal(h, prev) {
		return ErrLink
	}
	return nil
}
