package dice

import (
	"crypto/hmac"
	"crypto/sha256"
	"fmt"

	"galloper/rules"
)

// MinLeaves is the smallest Merkle tree width. The tree is padded to
// max(MinLeaves, next power of two >= rolls) leaves, so its shape tells
// little about how many hidden rolls a segment made.
const MinLeaves = 64

// LeafKey is the key of leaf j in segment k's tree:
// HMAC-SHA256(link_k, str(tagLeafKey) u8(Version) u64(j)). A side receives
// the keys of its visible leaves only; without link_k nobody can compute
// another leaf's key, so the sibling hashes in a proof cannot be tested
// against guessed rolls.
func LeafKey(link []byte, j int) []byte {
	var e encoder
	e.str(tagLeafKey)
	e.u8(Version)
	e.u64(uint64(j))
	m := hmac.New(sha256.New, link)
	m.Write(e.b)
	return m.Sum(nil)
}

// Leaf is HMAC-SHA256(key, str(tagLeaf) u8(Version) u64(index) u64(sides)
// u64(result) str(rule) str(purpose)).
func Leaf(key []byte, r rules.Roll) []byte {
	var e encoder
	e.str(tagLeaf)
	e.u8(Version)
	e.u64(uint64(r.Index))
	e.u64(uint64(r.Sides))
	e.u64(uint64(r.Result))
	e.str(r.Rule)
	e.str(r.Purpose)
	return macOf(key, e.b)
}

// padLeaf is HMAC-SHA256(key, str(tagPad) u8(Version) u64(j)).
func padLeaf(key []byte, j int) []byte {
	var e encoder
	e.str(tagPad)
	e.u8(Version)
	e.u64(uint64(j))
	return macOf(key, e.b)
}

func macOf(key, msg []byte) []byte {
	m := hmac.New(sha256.New, key)
	m.Write(msg)
	return m.Sum(nil)
}

// node is SHA-256(0x01 || left || right).
func node(l, r []byte) []byte {
	h := sha256.New()
	h.Write([]byte{1})
	h.Write(l)
	h.Write(r)
	return h.Sum(nil)
}

// TreeWidth is the number of leaves of a tree over n rolls.
func TreeWidth(n int) int {
	w := MinLeaves
	for w < n {
		w *= 2
	}
	return w
}

// levels returns every level of the tree over rolls, leaves first.
func levels(link []byte, rolls []rules.Roll) [][][]byte {
	w := TreeWidth(len(rolls))
	leaves := make([][]byte, w)
	for j := range leaves {
		k := LeafKey(link, j)
		if j < len(rolls) {
			leaves[j] = Leaf(k, rolls[j])
		} else {
			leaves[j] = padLeaf(k, j)
		}
	}
	lv := [][][]byte{leaves}
	for cur := leaves; len(cur) > 1; {
		next := make([][]byte, len(cur)/2)
		for i := range next {
			next[i] = node(cur[2*i], cur[2*i+1])
		}
		lv = append(lv, next)
		cur = next
	}
	return lv
}

// MerkleRoot is the root of segment k's roll tree, keyed by link_k. Roll j
// must sit at position j (its Index).
func MerkleRoot(link []byte, rolls []rules.Roll) []byte {
	lv := levels(link, rolls)
	return lv[len(lv)-1][0]
}

// RollProof shows that one roll is in a committed roll log.
type RollProof struct {
	Roll  rules.Roll
	Key   []byte   // LeafKey(link_k, Roll.Index)
	Width int      // leaves in the tree
	Path  [][]byte // sibling hashes, leaf level first
}

// Proof builds the inclusion proof of roll j.
func Proof(link []byte, rolls []rules.Roll, j int) (RollProof, error) {
	if j < 0 || j >= len(rolls) {
		return RollProof{}, fmt.Errorf("dice: no roll #%d among %d", j, len(rolls))
	}
	lv := levels(link, rolls)
	p := RollProof{Roll: rolls[j], Key: LeafKey(link, j), Width: len(lv[0])}
	for i, pos := 0, j; i < len(lv)-1; i, pos = i+1, pos/2 {
		p.Path = append(p.Path, lv[i][pos^1])
	}
	return p, nil
}

// VerifyProof checks p against a published root.
func VerifyProof(root []byte, p RollProof) error {
	j := p.Roll.Index
	if p.Width < MinLeaves || p.Width&(p.Width-1) != 0 || j < 0 || j >= p.Width {
		return fmt.Errorf("dice: roll #%d: malformed proof for a tree of %d leaves", j, p.Width)
	}
	if 1<<len(p.Path) != p.Width {
		return fmt.Errorf("dice: roll #%d: proof has %d levels for %d leaves", j, len(p.Path), p.Width)
	}
	h := Leaf(p.Key, p.Roll)
	for i, pos := 0, j; i < len(p.Path); i, pos = i+1, pos/2 {
		if pos&1 == 0 {
			h = node(h, p.Path[i])
		} else {
			h = node(p.Path[i], h)
		}
	}
	if !hmac.Equal(h, root) {
		return fmt.Errorf("dice: roll #%d (%s, %s): proof does not lead to the root", j, p.Roll.Purpose, p.Roll.Rule)
	}
	return nil
}
