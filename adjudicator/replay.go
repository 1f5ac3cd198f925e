package adjudicator

import (
	"context"
	"encoding/json"
	"fmt"

	"galloper/adjudicator/store"
	"galloper/rules"
	"galloper/rules/dice"
)

// ReplayResult counts what a replay re-resolved.
type ReplayResult struct {
	Segments int // segments resolved again
	Rolls    int // dice rolled in them
	Events   int // events the system reported
}

// Replay resolves every recorded segment of a game again from its stored
// state before, stored orders, answered decisions and dice chain, and
// checks that each gives the recorded state after and the recorded dice
// record, and that each segment starts where the one before it ended. It
// changes nothing. A mismatch is an error naming the segment: either the
// database was altered or this Galloper's rules differ from the ones that
// resolved the game.
func (a *Adjudicator) Replay(ctx context.Context, gameID string) (ReplayResult, error) {
	var out ReplayResult
	err := a.db.WithTx(ctx, func(tx *store.Tx) error {
		g, err := tx.Game(gameID)
		if err != nil {
			return err
		}
		sys, err := a.system(g.System)
		if err != nil {
			return err
		}
		segs, err := tx.Segments(gameID)
		if err != nil {
			return err
		}
		applied, err := appliedRulings(tx, g.ID)
		if err != nil {
			return err
		}
		var after []byte
		link := 0
		for _, s := range segs {
			if after, err = replayRulings(sys, g.ID, after, applied[s.SegmentIndex]); err != nil {
				return err
			}
			if after != nil && string(after) != string(s.StateBefore) {
				return fmt.Errorf("game %s: %s does not start from the state the segment before it ended in", g.ID, s.Label)
			}
			st, err := sys.DecodeState(s.StateBefore)
			if err != nil {
				return fmt.Errorf("game %s: %s: stored state: %w", g.ID, s.Label, err)
			}
			rec, err := dice.ParseRecord(s.DiceRecord)
			if err != nil {
				return fmt.Errorf("game %s: %s: stored dice record: %w", g.ID, s.Label, err)
			}
			// A segment resolved again after a ROLLBACK used a later link
			// than Index+1; links only ever go up.
			if rec.Segment < s.SegmentIndex+1 || rec.Segment <= link {
				return fmt.Errorf("game %s: %s: dice record uses chain link %d, after link %d", g.ID, s.Label, rec.Segment, link)
			}
			link = rec.Segment
			in, d, _, err := a.segmentInput(tx, g, sys, st, link)
			if err != nil {
				return err
			}
			if in.State == nil {
				return fmt.Errorf("game %s: %s is recorded as resolved but has an unanswered decision request", g.ID, s.Label)
			}
			res, err := sys.Resolve(in)
			if err != nil {
				return fmt.Errorf("game %s: %s: %w", g.ID, s.Label, err)
			}
			if res.Paused() {
				return fmt.Errorf("game %s: %s asks again for decision %q, which the store does not hold", g.ID, s.Label, res.Pauses[0].Key)
			}
			if got := dice.FormatRecord(d.Record()); got != s.DiceRecord {
				return fmt.Errorf("game %s: %s: the dice record replayed differs from the one recorded", g.ID, s.Label)
			}
			if got := res.Next.Canonical(); string(got) != string(s.StateAfter) {
				return fmt.Errorf("game %s: %s: the state replayed differs from the one recorded", g.ID, s.Label)
			}
			after = s.StateAfter
			out.Segments++
			out.Rolls += len(d.Record().Rolls)
			out.Events += len(res.Events)
		}
		if g.Status == "active" {
			if after, err = replayRulings(sys, g.ID, after, applied[g.SegmentIndex]); err != nil {
				return err
			}
		}
		if after != nil && g.Status == "active" && string(after) != string(g.State) {
			return fmt.Errorf("game %s: its current state is not the state its last segment ended in", g.ID)
		}
		return nil
	})
	return out, err
}

// appliedRulings returns the rulings the engine applied to a game's state,
// by the segment they were made before. A ROLLBACK of a segment drops the
// rulings made after it, on the position it had produced.
func appliedRulings(tx *store.Tx, gameID string) (map[int][]appliedRuling, error) {
	journal, err := tx.Journal(gameID)
	if err != nil {
		return nil, err
	}
	out := map[int][]appliedRuling{}
	for _, e := range journal {
		switch e.Kind {
		case "rollback":
			for i := range out {
				if i > e.SegmentIndex {
					delete(out, i)
				}
			}
		case "ruling":
			var r appliedRuling
			if err := json.Unmarshal([]byte(e.Body), &r); err != nil {
				return nil, fmt.Errorf("game %s: journal entry %d: %w", gameID, e.Seq, err)
			}
			if r.Applied {
				out[e.SegmentIndex] = append(out[e.SegmentIndex], r)
			}
		}
	}
	return out, nil
}

// replayRulings applies rulings again to a canonical state and checks each
// gives the state recorded. A nil state (before the first segment, whose
// starting state is not recorded) is returned as it is.
func replayRulings(sys rules.System, gameID string, state []byte, rs []appliedRuling) ([]byte, error) {
	if state == nil || len(rs) == 0 {
		return state, nil
	}
	ruler, ok := sys.(rules.Ruler)
	if !ok {
		return nil, fmt.Errorf("game %s: the journal holds rulings applied by the engine, but %s takes none", gameID, sys.Name())
	}
	st, err := sys.DecodeState(state)
	if err != nil {
		return nil, err
	}
	for _, r := range rs {
		if st, _, err = ruler.Rule(st, r.Text); err != nil {
			return nil, fmt.Errorf("game %s: ruling %q at %s: %w", gameID, r.Text, r.Segment, err)
		}
		if hashHex(st.Canonical()) != r.State {
			return nil, fmt.Errorf("game %s: ruling %q at %s: the state replayed differs from the one recorded", gameID, r.Text, r.Segment)
		}
	}
	return st.Canonical(), nil
}
