package adjudicator

import (
	"encoding/json"
	"fmt"
	"sort"

	"galloper/adjudicator/store"
	"galloper/rules/dice"
)

// gameRecords returns every dice record a game has produced, in chain
// order: the records of its resolved segments and those of segments since
// rolled back, which the journal keeps. A segment resolved again after a
// ROLLBACK used a fresh link, so together they cover the chain without a
// gap and both verifiers check them in one run.
func gameRecords(tx *store.Tx, gameID string) ([]string, error) {
	segs, err := tx.Segments(gameID)
	if err != nil {
		return nil, err
	}
	texts := make([]string, 0, len(segs))
	for _, s := range segs {
		texts = append(texts, s.DiceRecord)
	}
	journal, err := tx.Journal(gameID)
	if err != nil {
		return nil, err
	}
	for _, e := range journal {
		if e.Kind != "rollback" {
			continue
		}
		var body struct {
			Record string `json:"dice_record"`
		}
		if err := json.Unmarshal([]byte(e.Body), &body); err != nil {
			return nil, fmt.Errorf("game %s: journal entry %d: %w", gameID, e.Seq, err)
		}
		texts = append(texts, body.Record)
	}
	type rec struct {
		link int
		text string
	}
	recs := make([]rec, 0, len(texts))
	seen := map[int]bool{}
	for _, t := range texts {
		r, err := dice.ParseRecord(t)
		if err != nil {
			return nil, fmt.Errorf("game %s: stored dice record: %w", gameID, err)
		}
		// Games resolved before re-runs took a fresh link re-used the
		// undone segment's link; its record then appears once.
		if !seen[r.Segment] {
			seen[r.Segment] = true
			recs = append(recs, rec{r.Segment, t})
		}
	}
	sort.Slice(recs, func(i, j int) bool { return recs[i].link < recs[j].link })
	out := make([]string, len(recs))
	for i, r := range recs {
		out[i] = r.text
	}
	return out, nil
}
