package dice

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"sort"
)

// Version is the spec version byte carried in every message and record.
const Version = 1

// Domain-separation tags. Each message starts with its tag, so no message of
// one kind can be read as another.
const (
	tagSeed    = "galloper.dice.seed"     // segment seed message
	tagRoll    = "galloper.dice.roll"     // roll message, fixed 18 bytes
	tagLeafKey = "galloper.dice.leaf-key" // per-leaf Merkle key
	tagLeaf    = "galloper.dice.leaf"     // Merkle leaf body
	tagPad     = "galloper.dice.pad"      // Merkle padding leaf body
	tagSideKey = "galloper.dice.side-key" // key of one side's roll tree
)

// Limits on seed inputs, which keep every record line short.
const (
	HashSize    = sha256.Size // state and order hashes
	MaxSaltSize = 64          // bytes in one player salt
)

// encoder builds the length-prefixed messages of the spec: integers are
// big-endian, byte strings carry a 4-byte big-endian length.
type encoder struct{ b []byte }

func (e *encoder) u8(v byte)      { e.b = append(e.b, v) }
func (e *encoder) u32(v uint32)   { e.b = binary.BigEndian.AppendUint32(e.b, v) }
func (e *encoder) u64(v uint64)   { e.b = binary.BigEndian.AppendUint64(e.b, v) }
func (e *encoder) raw(p []byte)   { e.b = append(e.b, p...) }
func (e *encoder) bytes(p []byte) { e.u32(uint32(len(p))); e.raw(p) }
func (e *encoder) str(s string)   { e.u32(uint32(len(s))); e.b = append(e.b, s...) }

// list writes a count followed by each element, length-prefixed, in
// ascending byte order.
func (e *encoder) list(items [][]byte) {
	e.u32(uint32(len(items)))
	for _, p := range sortedCopy(items) {
		e.bytes(p)
	}
}

// sortedCopy copies items and sorts them bytewise; empty items and an
// empty list come back nil, as a parsed record has them.
func sortedCopy(items [][]byte) [][]byte {
	if len(items) == 0 {
		return nil
	}
	s := make([][]byte, len(items))
	for i, p := range items {
		if len(p) > 0 {
			s[i] = append([]byte(nil), p...)
		}
	}
	sort.Slice(s, func(i, j int) bool { return bytes.Compare(s[i], s[j]) < 0 })
	return s
}

// SeedMessage is the message HMAC-keyed by link_k to give the segment seed:
//
//	str(tagSeed) u8(Version) str(game) u64(k) str(engine) bytes(state)
//	u32(#orders) bytes(order)... u32(#salts) bytes(salt)...
//
// with order hashes and salts each sorted bytewise ascending.
func SeedMessage(game string, k int, engine string, state []byte, orders, salts [][]byte) []byte {
	var e encoder
	e.str(tagSeed)
	e.u8(Version)
	e.str(game)
	e.u64(uint64(k))
	e.str(engine)
	e.bytes(state)
	e.list(orders)
	e.list(salts)
	return e.b
}

// Seed is HMAC-SHA256(key = link, SeedMessage(...)).
func Seed(link []byte, game string, k int, engine string, state []byte, orders, salts [][]byte) []byte {
	m := hmac.New(sha256.New, link)
	m.Write(SeedMessage(game, k, engine, state, orders, salts))
	return m.Sum(nil)
}

// rollMsgSize is the size of a roll message: tag, version, i, n, counter.
const rollMsgSize = len(tagRoll) + 1 + 8 + 8 + 8

// rollMessage writes tagRoll u8(Version) u64(i) u64(n) u64(ctr) into m.
func rollMessage(m *[rollMsgSize]byte, i, n, ctr uint64) {
	copy(m[:], tagRoll)
	o := len(tagRoll)
	m[o] = Version
	binary.BigEndian.PutUint64(m[o+1:], i)
	binary.BigEndian.PutUint64(m[o+9:], n)
	binary.BigEndian.PutUint64(m[o+17:], ctr)
}
