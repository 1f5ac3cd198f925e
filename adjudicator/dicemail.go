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
// results mail; the record or openings themselves are attached.
func diceLine(rec dice.Record, events []rules.Event, side rules.Side, full bool) string {
	if full {
		return fmt.Sprintf("Dice: segment %d, %d rolls, Merkle root %x, chain link %x.", rec.Segment, len(rec.Rolls), rec.Root, rec.Link)
	}
	seen := 0
	for _, e := range events {
		if e.Roll != nil && e.VisibleTo(side) {
			seen++
		}
	}
	return fmt.Sprintf("Dice: segment %d, %d rolls committed by Merkle root %x; %d of them opened to you.", rec.Segment, len(rec.Rolls), rec.Root, seen)
}

// eventLine is one event as a report's log prints it: its text and the
// rule it cites, once (a decision's text may name its rule already).
func eventLine(e rules.Event) string {
	if e.Rule != "" && strings.Contains(e.Text, e.Rule) {
		return e.Text
	}
	return e.Text + ruleSuffix(e.Rule)
}
