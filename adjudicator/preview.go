package adjudicator

import (
	"galloper/adjudicator/store"
	"galloper/orders"
	"galloper/rules"
)

// Preview holds a segment's results for the umpire's RELEASE, and with
// them everything a player could learn them from. From the resolution of
// a segment in a previewed game to the RELEASE of its results:
//
//   - the game's clock stops, as under PAUSE: no reminder, no deadline and
//     no resolution of the next segment; RELEASE restarts it, extending
//     the deadline by the time held (resume);
//   - a player's MAP, STATUS, ORDERS, VERIFY and DECIDE replies show the
//     game as it stood before the held segment, and VERIFY leaves out its
//     dice;
//   - a player's order file is refused with the same words whatever the
//     held results are ("results-held");
//   - a decision request comes to the umpire first; the players' copies
//     are held with the results (queueDecision), and RELEASE moves their
//     deadlines on by the time held, or drops the copies when the umpire
//     has answered every request meanwhile.
//
// The umpire sees the game as it is.

// heldSegment is the earliest segment whose results are held from the
// player, and whether there is one; the umpire has nothing held from him.
func (a *Adjudicator) heldSegment(tx *store.Tx, g store.Game, p store.Player) (store.Segment, bool, error) {
	if p.Side == Umpire {
		return store.Segment{}, false, nil
	}
	k, held, err := tx.HeldSegment(g.ID)
	if err != nil || !held {
		return store.Segment{}, false, err
	}
	segs, err := tx.Segments(g.ID)
	if err != nil {
		return store.Segment{}, false, err
	}
	for _, s := range segs {
		if s.SegmentIndex == k {
			return s, true, nil
		}
	}
	return store.Segment{}, false, nil // rolled back meanwhile
}

// shownState is the state a player's replies show: before the held
// segment while its results are held, else the game's state.
func (a *Adjudicator) shownState(tx *store.Tx, g store.Game, p store.Player, sys rules.System, st rules.State) (rules.State, bool, error) {
	seg, held, err := a.heldSegment(tx, g, p)
	if err != nil || !held {
		return st, false, err
	}
	before, err := sys.DecodeState(seg.StateBefore)
	return before, true, err
}

// holdProblem is the refusal of a player's order file while results are
// held: it reads the same whatever they are.
var holdProblem = orders.Problem{Kind: orders.Illegal, Code: "results-held",
	Message:    "the umpire is reviewing the latest results before they go out; orders are taken again once they reach you",
	Suggestion: "send your orders after the results mail arrives"}

// holdClock stops the game's clock after a previewed segment is resolved
// and its results are held, until RELEASE.
func (a *Adjudicator) holdClock(tx *store.Tx, g store.Game, deadline int64) error {
	return tx.SetSchedule(g.ID, deadline, a.now().UnixMilli())
}
