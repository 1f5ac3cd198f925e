package adjudicator

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"galloper/adjudicator/store"
	"galloper/rules"
)

// Umpire is the side name of a game's umpire: a player who sees
// everything, sends no orders and may PAUSE and RESUME the game.
const Umpire = "UMPIRE"

// deadlineFor is the deadline of a segment opened at from for the sides
// that owe orders: the configured period later, moved past any absence a
// due player has booked and onto an allowed weekday. A deadline that falls
// on a day of absence moves to the same time on the day after the absence
// ends; one on a day the game does not use moves to the next day it does.
func (a *Adjudicator) deadlineFor(tx *store.Tx, game string, from time.Time, due []rules.Side) (int64, error) {
	if a.cfg.Deadline <= 0 {
		return 0, nil
	}
	abs, err := tx.Absences(game)
	if err != nil {
		return 0, err
	}
	return moveDeadline(from.Add(a.cfg.Deadline), abs, due, a.cfg.Days).UnixMilli(), nil
}

// moveDeadline moves a deadline past the absences of the sides that owe
// orders and onto a day the game allows (any day when days is empty),
// whichever comes last.
func moveDeadline(d time.Time, abs []store.Absence, due []rules.Side, days []time.Weekday) time.Time {
	for moved := true; moved; {
		moved = false
		if len(days) > 0 && !slices.Contains(days, d.UTC().Weekday()) {
			d = d.AddDate(0, 0, 1)
			moved = true
			continue
		}
		day := d.UTC().Format(time.DateOnly)
		for _, ab := range abs {
			if !slices.Contains(due, rules.Side(ab.Side)) || day < ab.FirstDay || day > ab.LastDay {
				continue
			}
			last, err := time.Parse(time.DateOnly, ab.LastDay)
			if err != nil {
				continue
			}
			next := last.AddDate(0, 0, 1)
			u := d.UTC()
			d = time.Date(next.Year(), next.Month(), next.Day(), u.Hour(), u.Minute(), u.Second(), 0, time.UTC)
			moved = true
		}
	}
	return d
}

// bookAbsence records a player's absence and, if the current deadline now
// falls in it, moves the deadline.
func (a *Adjudicator) bookAbsence(tx *store.Tx, g store.Game, p store.Player, args string, due []rules.Side) (string, error) {
	f := strings.Fields(args)
	if len(f) == 1 {
		f = append(f, f[0])
	}
	if len(f) != 2 {
		return "", fmt.Errorf("write ABSENCE FIRST-DAY LAST-DAY, e.g. ABSENCE 2026-07-01 2026-07-14")
	}
	first, err1 := time.Parse(time.DateOnly, f[0])
	last, err2 := time.Parse(time.DateOnly, f[1])
	if err1 != nil || err2 != nil || last.Before(first) {
		return "", fmt.Errorf("dates must be YYYY-MM-DD, the first not after the last: %q", args)
	}
	ab := store.Absence{Side: p.Side, FirstDay: f[0], LastDay: f[1]}
	if err := tx.AddAbsence(g.ID, ab); err != nil {
		return "", err
	}
	msg := fmt.Sprintf("Absence booked for %s from %s to %s (UTC, inclusive).", p.Side, f[0], f[1])
	if g.Deadline != 0 {
		abs, err := tx.Absences(g.ID)
		if err != nil {
			return "", err
		}
		if d := moveDeadline(time.UnixMilli(g.Deadline), abs, due, a.cfg.Days).UnixMilli(); d != g.Deadline {
			if err := tx.SetSchedule(g.ID, d, g.PausedAt); err != nil {
				return "", err
			}
			msg += " The current deadline moves to " + timeText(d) + "."
		}
	}
	return msg, nil
}

// pause stops a game's clock; resume restarts it, extending the deadline
// by the time it was paused, and resolves the segment if its orders are
// all in.
func (a *Adjudicator) pause(tx *store.Tx, g store.Game) (string, error) {
	if g.PausedAt != 0 {
		return "The game was already paused at " + timeText(g.PausedAt) + ".", nil
	}
	now := a.now().UnixMilli()
	return "Game paused. No deadline runs and no segment is resolved until RESUME.", tx.SetSchedule(g.ID, g.Deadline, now)
}

func (a *Adjudicator) resume(tx *store.Tx, g store.Game, due []rules.Side) (string, error) {
	if g.PausedAt == 0 {
		return "The game is not paused.", nil
	}
	deadline := g.Deadline
	if deadline != 0 {
		deadline += a.now().UnixMilli() - g.PausedAt
	}
	if err := tx.SetSchedule(g.ID, deadline, 0); err != nil {
		return "", err
	}
	msg := "Game resumed."
	if deadline != 0 {
		msg += " The current deadline is now " + timeText(deadline) + "."
	}
	_, st, err := a.gameState(g)
	if err != nil {
		return "", err
	}
	left, err := a.waiting(tx, g, st.Segment())
	if err != nil {
		return "", err
	}
	if len(left) == 0 && !st.Over() {
		g.Deadline, g.PausedAt = deadline, 0
		msg += " Every order was in; the segment is resolved now."
		return msg, a.resolve(tx, g)
	}
	return msg, nil
}
