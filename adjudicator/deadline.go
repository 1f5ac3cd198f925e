package adjudicator

import (
	"context"
	"fmt"
	"slices"
	"time"

	"galloper/adjudicator/store"
	"galloper/templates"
)

// ResolveDue does the deadline work of every active game: it reminds the
// players whose orders are missing before the deadline, sends a notice each
// day of the grace period after it, and once the grace period is over
// resolves the segment with the system's default orders for the sides that
// sent none. Every mail's Message-ID names its segment (and day), so
// running this often never sends one twice. It returns the number of
// segments resolved.
//
// Only the games whose deadline work may be due are read (store.Tx.DueGames),
// each in a transaction of its own that claims the game's row: on
// PostgreSQL a game another daemon holds (resolving a mail of it, or
// doing its deadline work) is passed over rather than waited for, and is
// looked at again at the next check, by this daemon or the one holding it.
func (a *Adjudicator) ResolveDue(ctx context.Context) (int, error) {
	var ids []string
	ahead := a.cfg.RemindBefore.Milliseconds()
	err := a.db.WithTx(ctx, func(tx *store.Tx) (err error) {
		ids, err = tx.DueGames(a.now().UnixMilli(), ahead)
		return err
	})
	if err != nil {
		return 0, err
	}
	resolved := 0
	for _, id := range ids {
		err := a.db.WithTx(ctx, func(tx *store.Tx) error {
			g, ok, err := tx.ClaimGame(id)
			if err != nil || !ok || g.Status != "active" || g.Deadline == 0 || g.PausedAt != 0 {
				return err // another daemon's, or resolved, finished or paused meanwhile
			}
			did, err := a.deadlineWork(tx, g)
			if did {
				resolved++
			}
			return err
		})
		if err != nil {
			return resolved, fmt.Errorf("game %s deadline: %w", id, err)
		}
	}
	return resolved, nil
}

func (a *Adjudicator) deadlineWork(tx *store.Tx, g store.Game) (resolved bool, err error) {
	if pending, did, err := a.decideByDeadline(tx, g); pending || err != nil {
		return did, err
	}
	now := a.now()
	deadline := time.UnixMilli(g.Deadline)
	switch {
	case now.Before(deadline.Add(-a.cfg.RemindBefore)) || (a.cfg.RemindBefore == 0 && now.Before(deadline)):
		return false, nil
	case now.Before(deadline):
		return false, a.remind(tx, g, deadline, "reminder", "")
	case now.Before(deadline.Add(a.cfg.Grace)) || g.NMRPolicy == "wait":
		// Under the "wait" policy the game waits for the player however
		// long it takes, with a notice each day; an umpire can EXTEND,
		// or the player RESIGN.
		day := int(now.Sub(deadline)/(24*time.Hour)) + 1
		return false, a.remind(tx, g, deadline, "overdue", fmt.Sprintf(".day%d", day))
	}
	return true, a.resolve(tx, g)
}

// remind mails each side whose orders for the current segment are missing.
func (a *Adjudicator) remind(tx *store.Tx, g store.Game, deadline time.Time, kind, suffix string) error {
	_, st, err := a.gameState(g)
	if err != nil {
		return err
	}
	seg := st.Segment()
	left, err := a.waiting(tx, g, seg)
	if err != nil {
		return err
	}
	players, err := tx.Players(g.ID)
	if err != nil {
		return err
	}
	for _, p := range players {
		if !slices.Contains(left, p.Side) || p.Email == "" {
			continue
		}
		text, err := templates.Reminder(templates.ReminderData{Game: g.ID, Side: p.Side, Segment: seg.Label, Turn: seg.Turn,
			Overdue: kind == "overdue", Deadline: timeText(deadline.UnixMilli()),
			Final: timeText(deadline.Add(a.cfg.Grace).UnixMilli()), Wait: g.NMRPolicy == "wait"})
		if err != nil {
			return err
		}
		subject := fmt.Sprintf("Reminder: %s, %s: orders due", g.ID, seg.Label)
		if kind == "overdue" {
			subject = fmt.Sprintf("Overdue: %s, %s: orders missing", g.ID, seg.Label)
		}
		if err := a.queue(tx, g, kind, fmt.Sprintf("%d%s", seg.Index, suffix), p.Email, subject, text, Incoming{}, nil); err != nil {
			return err
		}
	}
	return nil
}
