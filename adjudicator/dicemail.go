package adjudicator

import (
	"fmt"
	"strings"

	"galloper/rules"
	"galloper/rules/dice"
)

// diceFile is the name of the attachment that carries a segment's dice
// record or a side's openings of it.
func diceFile(game string, rec dice.Record) string {
	return fmt.Sprintf("dice-%s-%d.txt", game, rec.Segment)
}

// diceLine is the one-line summary of a segment's dice in the body of a
// results mail; the record or openings themselves are attached. A player's
// line counts only the rolls its side may see (ops), under the root of its
// own roll tree (diceFor).
func diceLine(rec dice.Record, ops []dice.Opening, full bool) string {
	switch {
	case full:
		return fmt.Sprintf("Dice: segment %d, %d rolls, Merkle root %x, chain link %x.", rec.Segment, len(rec.Rolls), rec.Root, rec.Link)
	case len(ops) == 0:
		return fmt.Sprintf("Dice: segment %d, no roll you may see.", rec.Segment)
	}
	return fmt.Sprintf("Dice: segment %d, %d rolls you may see, committed by Merkle root %x.", rec.Segment, len(ops), ops[0].Root)
}

// eventLine is one event as a report's log prints it: its text and the
// rule it cites, once (a decision's text may name its rule already).
func eventLine(e rules.Event) string {
	if e.Rule != "" && strings.Contains(e.Text, e.Rule) {
		return e.Text
	}
	return e.Text + ruleSuffix(e.Rule)
}
