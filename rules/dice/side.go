package dice

import (
	"bytes"
	"crypto/hmac"
	"fmt"
	"sort"

	"galloper/rules"
)

// SideKey keys one side's roll tree in segment k:
// HMAC-SHA256(link_k, str(tagSideKey) u8(Version) str(side)). link_k is
// committed by the chain head at game start and revealed with the records
// at game end, so it is the per-segment secret that keeps a side's
// commitment apart from everything the side may not see (docs/dice.md,
// section 2.5).
func SideKey(link []byte, side string) []byte {
	var e encoder
	e.str(tagSideKey)
	e.u8(Version)
	e.str(side)
	return macOf(link, e.b)
}

// SideRolls returns the listed rolls of rec, in the order listed,
// renumbered by their place in the list: the log of the rolls one side may
// see, which says nothing of the rolls between them.
func SideRolls(rec Record, indices []int) ([]rules.Roll, error) {
	out := make([]rules.Roll, 0, len(indices))
	for j, i := range indices {
		if i < 0 || i >= len(rec.Rolls) {
			return nil, fmt.Errorf("dice: segment %d has no roll #%d", rec.Segment, i)
		}
		if j > 0 && i <= indices[j-1] {
			return nil, fmt.Errorf("dice: segment %d: roll #%d listed out of order", rec.Segment, i)
		}
		r := rec.Rolls[i]
		r.Index = j
		out = append(out, r)
	}
	return out, nil
}

// SideOpenings builds what side receives during play for the rolls of rec
// it may see (indices, ascending): an opening of each under a Merkle tree
// over those rolls alone, keyed by SideKey. The root, the tree's width, each
// roll's place and every leaf key depend only on link_k, the side and the
// rolls it sees, never on the state, the orders, the salts, the seed or the
// rolls made for what the side cannot see.
func SideOpenings(rec Record, side string, indices []int) ([]Opening, error) {
	if side == "" {
		return nil, fmt.Errorf("dice: side openings need a side")
	}
	rolls, err := SideRolls(rec, indices)
	if err != nil {
		return nil, err
	}
	key := SideKey(rec.Link, side)
	lv := levels(key, rolls)
	root := lv[len(lv)-1][0]
	out := make([]Opening, 0, len(rolls))
	for j, r := range rolls {
		p := RollProof{Roll: r, Key: LeafKey(key, j), Width: len(lv[0])}
		for i, pos := 0, j; i < len(lv)-1; i, pos = i+1, pos/2 {
			p.Path = append(p.Path, lv[i][pos^1])
		}
		out = append(out, Opening{GameID: rec.GameID, Segment: rec.Segment, Side: side, Root: root, Proof: p})
	}
	return out, nil
}

// CheckSideOpenings checks openings mailed to one side during play against
// the segment's record opened at game end: each proof leads to the root
// mailed, every leaf key is the one SideKey derives from the record's link,
// and the opened rolls are rolls of the record, in the order opened (each
// matched by die, result, rule and purpose to a later roll than the one
// before). So a value a side was shown during play is the value the seed
// gives.
func CheckSideOpenings(rec Record, ops []Opening) error {
	if len(ops) == 0 {
		return nil
	}
	ops = append([]Opening(nil), ops...)
	sort.SliceStable(ops, func(a, b int) bool { return ops[a].Proof.Roll.Index < ops[b].Proof.Roll.Index })
	side := ops[0].Side
	key := SideKey(rec.Link, side)
	next := 0
	for n, o := range ops {
		j := o.Proof.Roll.Index
		if n > 0 && ops[n-1].Proof.Roll.Index == j {
			if FormatOpening(ops[n-1]) != FormatOpening(o) {
				return fmt.Errorf("segment %d: two different openings of %s's roll #%d", rec.Segment, side, j)
			}
			continue // the same opening from two mails
		}
		switch {
		case o.GameID != rec.GameID || o.Segment != rec.Segment:
			return fmt.Errorf("segment %d: an opening of game %s segment %d checked against the wrong record", rec.Segment, o.GameID, o.Segment)
		case o.Side != side:
			return fmt.Errorf("segment %d: openings of sides %q and %q checked together", rec.Segment, side, o.Side)
		case !bytes.Equal(o.Root, ops[0].Root):
			return fmt.Errorf("segment %d: %s's openings carry two roots", rec.Segment, side)
		}
		if err := o.Verify(); err != nil {
			return err
		}
		if !hmac.Equal(o.Proof.Key, LeafKey(key, j)) {
			return fmt.Errorf("segment %d: %s's roll #%d: leaf key is not the one the record's link gives", rec.Segment, side, j)
		}
		i := next
		for i < len(rec.Rolls) && !sameRoll(rec.Rolls[i], o.Proof.Roll) {
			i++
		}
		if i == len(rec.Rolls) {
			r := o.Proof.Roll
			return fmt.Errorf("segment %d: %s's roll #%d (%s, %s): d%d = %d opened during play is not in the record",
				rec.Segment, side, j, r.Purpose, r.Rule, r.Sides, r.Result)
		}
		next = i + 1
	}
	return nil
}

// sameRoll says whether two log entries are the same roll, whatever their
// indices.
func sameRoll(a, b rules.Roll) bool {
	return a.Sides == b.Sides && a.Result == b.Result && a.Rule == b.Rule && a.Purpose == b.Purpose
}
