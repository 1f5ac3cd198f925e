package dice

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"hash"
)

// roller draws rolls from one seed. It keeps one keyed HMAC and resets it
// between draws, which costs far less than keying a new one per roll.
type roller struct {
	mac hash.Hash
	msg [rollMsgSize]byte
	sum [sha256.Size]byte
}

func newRoller(seed []byte) *roller {
	r := &roller{mac: hmac.New(sha256.New, seed)}
	rollMessage(&r.msg, 0, 0, 0)
	return r
}

// word returns the first 8 bytes, big-endian, of
// HMAC-SHA256(seed, rollMessage(i, n, ctr)).
func (r *roller) word(i, n, ctr uint64) uint64 {
	o := len(tagRoll) + 1 // the tag and version stay in place
	binary.BigEndian.PutUint64(r.msg[o:], i)
	binary.BigEndian.PutUint64(r.msg[o+8:], n)
	binary.BigEndian.PutUint64(r.msg[o+16:], ctr)
	r.mac.Reset()
	r.mac.Write(r.msg[:])
	r.mac.Sum(r.sum[:0])
	return binary.BigEndian.Uint64(r.sum[:8])
}

// draw returns roll i of an n-sided die, 1..n.
func (r *roller) draw(i, n uint64) uint64 {
	return uniform(n, func(ctr uint64) uint64 { return r.word(i, n, ctr) })
}

// uniform maps 64-bit words to 1..n without modulo bias: word ctr = 0, 1, ...
// is accepted when it is below 2^64 - (2^64 mod n), the largest multiple of
// n that fits, and the result is 1 + word mod n.
func uniform(n uint64, word func(ctr uint64) uint64) uint64 {
	rem := -n % n // 2^64 mod n
	for ctr := uint64(0); ; ctr++ {
		x := word(ctr)
		if rem == 0 || x < -rem { // -rem = 2^64 - rem when rem > 0
			return 1 + x%n
		}
	}
}
