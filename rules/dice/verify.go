package dice

import (
	"bytes"
	"fmt"
)

// Verify rechecks one record against the previous link (the head for
// segment 1): that the record's link hashes to prev and prev back to the
// record's head in k-1 steps, that the seed follows
// from its inputs, that every roll follows from the seed, and that the root
// covers the rolls. The error names the first link or roll that fails.
func Verify(rec Record, prev []byte) error {
	k := rec.Segment
	if rec.Version != Version {
		return fmt.Errorf("segment %d: spec version %d, want %d", k, rec.Version, Version)
	}
	if k < 1 {
		return fmt.Errorf("segment %d: index must be 1 or more", k)
	}
	if !bytes.Equal(rec.Prev, prev) {
		return fmt.Errorf("segment %d: previous link recorded %x, expected %x", k, rec.Prev, prev)
	}
	if err := CheckLink(rec.Link, prev, 1); err != nil {
		return fmt.Errorf("segment %d: link %x: %w", k, rec.Link, err)
	}
	if err := CheckLink(prev, rec.Head, k-1); err != nil {
		return fmt.Errorf("segment %d: previous link %x does not lead back to the head %x in %d steps", k, prev, rec.Head, k-1)
	}
	seed := Seed(rec.Link, rec.GameID, k, rec.Engine, rec.State, rec.Orders, rec.Salts)
	if !bytes.Equal(seed, rec.Seed) {
		return fmt.Errorf("segment %d: seed recorded %x, recomputed %x", k, rec.Seed, seed)
	}
	r := newRoller(seed)
	for i, roll := range rec.Rolls {
		if roll.Index != i {
			return fmt.Errorf("segment %d: roll #%d recorded with index %d", k, i, roll.Index)
		}
		if roll.Sides < 1 {
			return fmt.Errorf("segment %d: roll #%d (%s, %s): a d%d", k, i, roll.Purpose, roll.Rule, roll.Sides)
		}
		if got := int(r.draw(uint64(i), uint64(roll.Sides))); got != roll.Result {
			return fmt.Errorf("segment %d: roll #%d (%s, %s): recorded %d, recomputed %d",
				k, i, roll.Purpose, roll.Rule, roll.Result, got)
		}
	}
	if root := MerkleRoot(rec.Link, rec.Rolls); !bytes.Equal(root, rec.Root) {
		return fmt.Errorf("segment %d: Merkle root recorded %x, recomputed %x", k, rec.Root, root)
	}
	return nil
}

// VerifyRecords checks a whole game's records from segment 1 on: each must
// verify against the link of the record before it (the head for the first)
// and no segment may be missing.
func VerifyRecords(head []byte, recs []Record) error {
	return VerifyRecordsGaps(head, recs, nil)
}

// VerifyRecordsGaps is VerifyRecords for a sequence that lacks the records
// of the segments listed in missing (such as segments not yet declassified
// in a fog-of-war game). A missing segment's link is bridged by hashing: the
// next record's previous link must hash, once per missing segment, to the
// last link seen. A gap that is not listed, or a listed segment that is
// present, is an error.
func VerifyRecordsGaps(head []byte, recs []Record, missing []int) error {
	skip := map[int]bool{}
	for _, k := range missing {
		skip[k] = true
	}
	last, lastK := head, 0
	for _, rec := range recs {
		k := rec.Segment
		if skip[k] {
			return fmt.Errorf("segment %d: listed as missing but present", k)
		}
		if k <= lastK {
			return fmt.Errorf("segment %d: out of order after segment %d", k, lastK)
		}
		for g := lastK + 1; g < k; g++ {
			if !skip[g] {
				return fmt.Errorf("segment %d: record missing", g)
			}
		}
		if err := CheckLink(rec.Prev, last, k-1-lastK); err != nil {
			return fmt.Errorf("segment %d: previous link %x does not hash to segment %d's link: %w", k, rec.Prev, lastK, err)
		}
		if !bytes.Equal(rec.Head, head) {
			return fmt.Errorf("segment %d: head %x is not the game's head %x", k, rec.Head, head)
		}
		if err := Verify(rec, rec.Prev); err != nil {
			return err
		}
		last, lastK = rec.Link, k
	}
	return nil
}
