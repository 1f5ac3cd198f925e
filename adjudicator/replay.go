package adjudicator

import (
	"context"
	"fmt"

	"galloper/adjudicator/store"
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
		var after []byte
		for _, s := range segs {
			if after != nil && string(after) != string(s.StateBefore) {
				return fmt.Errorf("game %s: %s does not start from the state the segment before it ended in", g.ID, s.Label)
			}
			st, err := sys.DecodeState(s.StateBefore)
			if err != nil {
				return fmt.Errorf("game %s: %s: stored state: %w", g.ID, s.Label, err)
			}
			in, d, _, err := a.segmentInput(tx, g, st)
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
			if res.Pause != nil {
				return fmt.Errorf("game %s: %s asks again for decision %q, which the store does not hold", g.ID, s.Label, res.Pause.Key)
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
		if after != nil && g.Status == "active" && string(after) != string(g.State) {
			return fmt.Errorf("game %s: its current state is not the state its last segment ended in", g.ID)
		}
		return nil
	})
	return out, err
}
