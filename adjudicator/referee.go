package adjudicator

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"galloper/adjudicator/store"
	"galloper/rules"
	"galloper/rules/dice"
)

// The referee's commands: PREVIEW, RELEASE, EXTEND, ROLLBACK and RULE (PAUSE
// and RESUME are in schedule.go). Only a game's umpire may send them. See
// docs/commands.md.

// preview turns holding results for review on ("PREVIEW" or "PREVIEW ON")
// or off ("PREVIEW OFF"). While it is on, every side's results mail waits
// in the outbox until RELEASE; the umpire's own copy goes at once.
func (a *Adjudicator) preview(tx *store.Tx, g store.Game, arg string) (string, error) {
	on := true
	switch strings.ToUpper(strings.TrimSpace(arg)) {
	case "", "ON":
	case "OFF":
		on = false
	default:
		return "", &refusal{code: "bad-preview", msg: fmt.Sprintf("PREVIEW takes ON or OFF, not %q", arg), fix: "PREVIEW ON"}
	}
	if err := tx.SetPreview(g.ID, on); err != nil {
		return "", err
	}
	if on {
		return "Preview is on: each segment's results come to you first and go to the players when you send RELEASE.", nil
	}
	return "Preview is off: results go to the players as soon as a segment is resolved. Results already held still wait for RELEASE.", nil
}

// release sends the results mails and decision requests held for
// review, and restarts the clock the hold stopped (preview.go).
func (a *Adjudicator) release(tx *store.Tx, g store.Game) (string, error) {
	pending, err := tx.PendingDecisions(g.ID)
	if err != nil {
		return "", err
	}
	if len(pending) == 0 { // the umpire answered them meanwhile
		if _, err := tx.DiscardHeldKind(g.ID, "decision"); err != nil {
			return "", err
		}
	} else if g.PausedAt != 0 {
		if err := tx.ShiftDecisionDeadlines(g.ID, a.now().UnixMilli()-g.PausedAt); err != nil {
			return "", err
		}
	}
	n, err := tx.ReleaseHeld(g.ID, a.now().UnixMilli())
	if err != nil {
		return "", err
	}
	if n == 0 {
		return "No results were held; nothing to release.", nil
	}
	msg := fmt.Sprintf("Released %d held mail(s) to the players.", n)
	if g.PausedAt == 0 {
		return msg, nil
	}
	// The hold stopped the clock (preview.go); the release restarts it.
	_, st, err := a.gameState(g)
	if err != nil {
		return "", err
	}
	note, err := a.resume(tx, g, st.Segment().Sides)
	return msg + " " + note, err
}

// extend moves the current deadline later by a duration: "EXTEND 24h",
// "EXTEND 2d", "EXTEND 90m".
func (a *Adjudicator) extend(tx *store.Tx, g store.Game, arg string) (string, error) {
	d, err := parseSpan(arg)
	if err != nil {
		return "", &refusal{code: "bad-extend", msg: err.Error(), fix: "EXTEND 24h, EXTEND 2d or EXTEND 90m"}
	}
	if g.Status != "active" {
		return "", refuse("game-over", errGameOver.Error())
	}
	base := g.Deadline
	if base == 0 {
		base = a.now().UnixMilli()
	}
	deadline := base + d.Milliseconds()
	if err := tx.SetSchedule(g.ID, deadline, g.PausedAt); err != nil {
		return "", err
	}
	return fmt.Sprintf("The current deadline is now %s.", timeText(deadline)), nil
}

// parseSpan reads "24h", "90m" or "2d" (days of 24 hours).
func parseSpan(s string) (time.Duration, error) {
	s = strings.ToLower(strings.ReplaceAll(strings.TrimSpace(s), " ", ""))
	if n, ok := strings.CutSuffix(s, "d"); ok {
		days, err := strconv.Atoi(n)
		if err != nil || days <= 0 || days > 60 {
			return 0, fmt.Errorf("EXTEND %q: give 1d to 60d, or hours such as 36h", s)
		}
		return time.Duration(days) * 24 * time.Hour, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 || d > 60*24*time.Hour {
		return 0, fmt.Errorf("EXTEND %q: give a positive time up to 60 days, such as 24h, 2d or 90m", s)
	}
	return d, nil
}

// rollback undoes the game's last resolved segment. The state goes back to
// what it was before; the orders in hand (including default orders filled
// in at the deadline) stand, and players may replace theirs. The game is
// paused so that nothing resolves before the umpire sends RESUME. The undone
// record revealed its chain link, so the segment is resolved again with the
// next link, which nobody has seen (diceLink): no one can choose a SALT or
// orders that steer the new dice. The journal keeps the undone segment's
// events and record and records the rollback after them.
func (a *Adjudicator) rollback(tx *store.Tx, g store.Game) (string, error) {
	segs, err := tx.Segments(g.ID)
	if err != nil {
		return "", err
	}
	if len(segs) == 0 {
		return "", refuse("nothing-to-roll-back", "no segment of game "+g.ID+" has been resolved yet")
	}
	if err := a.notDeciding(tx, g, "DECIDE for the side first, then ROLLBACK"); err != nil {
		return "", err
	}
	last := segs[len(segs)-1]
	sys, err := a.system(g.System)
	if err != nil {
		return "", err
	}
	st, err := sys.DecodeState(last.StateBefore)
	if err != nil {
		return "", fmt.Errorf("game %s: state before %s: %w", g.ID, last.Label, err)
	}
	held, err := tx.DiscardHeld(g.ID, last.SegmentIndex)
	if err != nil {
		return "", err
	}
	undone, err := dice.ParseRecord(last.DiceRecord)
	if err != nil {
		return "", fmt.Errorf("game %s: dice record of %s: %w", g.ID, last.Label, err)
	}
	used, err := tx.DiceLinkUsed(g.ID)
	if err != nil {
		return "", err
	}
	// The journal names the link the undone record revealed and the one
	// the segment will be resolved with again (diceLink).
	body, err := json.Marshal(map[string]any{"segment": last.Label, "dice_record": last.DiceRecord, "discarded_mails": held,
		"dice_link": undone.Segment, "rerun_dice_link": max(last.SegmentIndex+1, used+1)})
	if err != nil {
		return "", err
	}
	if err := tx.DeleteSegment(g.ID, last.SegmentIndex); err != nil {
		return "", err
	}
	if err := tx.AppendEvents(g.ID, last.SegmentIndex, []string{"rollback"}, []string{string(body)}); err != nil {
		return "", err
	}
	now := a.now()
	deadline, err := a.deadlineFor(tx, g.ID, now, st.Segment().Sides)
	if err != nil {
		return "", err
	}
	if err := tx.ReopenGame(g.ID, last.SegmentIndex, last.StateBefore, deadline); err != nil {
		return "", err
	}
	if err := tx.SetSchedule(g.ID, deadline, now.UnixMilli()); err != nil {
		return "", err
	}
	g.Status, g.SegmentIndex, g.State = "active", last.SegmentIndex, last.StateBefore
	if held == 0 {
		text := fmt.Sprintf("The umpire of game %s has rolled back %s: its results no longer stand.\n\n"+
			"The orders Galloper holds for it stand unless you send new ones. The game is paused\n"+
			"until the umpire resumes it; the segment is then resolved again, with dice from the\n"+
			"next link of the dice chain, which no record has revealed.\n", g.ID, last.Label)
		if err := a.tellPlayers(tx, g, "rollback", fmt.Sprintf("%d.%d", last.SegmentIndex, len(segs)),
			fmt.Sprintf("Rolled back: %s, %s", g.ID, last.Label), text); err != nil {
			return "", err
		}
	}
	return fmt.Sprintf("Rolled back %s (%d held mail(s) discarded). The game is paused: send RESUME to resolve it again.",
		last.Label, held), nil
}

// rule records an umpire's ruling in the journal and mails it. A ruling
// in the form the game system understands (rules.Ruler) is applied to the
// game's state first, and mailed only to the sides that may see it; any
// other text is recorded as it is and mailed to every player.
func (a *Adjudicator) rule(tx *store.Tx, g store.Game, st rules.State, in Incoming, text string) (string, error) {
	if text == "" {
		return "", &refusal{code: "empty-ruling", msg: "RULE needs the ruling's text after it", fix: "RULE CSA-2's route may use the Mill Road"}
	}
	sys, err := a.system(g.System)
	if err != nil {
		return "", err
	}
	if ruler, ok := sys.(rules.Ruler); ok && g.Status == "active" && !st.Over() {
		next, ev, err := ruler.Rule(st, text)
		switch {
		case err == nil:
			return a.applyRuling(tx, g, st, next, ev, in, text)
		case !errors.Is(err, rules.ErrNotRuling):
			return "", &refusal{code: "bad-ruling", msg: "the ruling cannot be applied: " + err.Error(),
				fix: "name an order the engine holds, e.g. RULE CSA-1 fulfilled, or rephrase the ruling as free text"}
		}
	}
	seg := st.Segment()
	body, err := json.Marshal(map[string]any{"segment": seg.Label, "text": text})
	if err != nil {
		return "", err
	}
	if err := tx.AppendEvents(g.ID, seg.Index, []string{"ruling"}, []string{string(body)}); err != nil {
		return "", err
	}
	mail := fmt.Sprintf("The umpire of game %s rules, at %s:\n\n%s\n\nThe ruling is recorded in the game's journal.\n", g.ID, seg.Label, text)
	if err := a.tellPlayers(tx, g, "ruling", in.InboundID, "Ruling: "+g.ID, mail); err != nil {
		return "", err
	}
	return "Your ruling is recorded in the journal and was mailed to every player.", nil
}

// appliedRuling is the journal body of a ruling the engine applied. Replay
// applies it again and checks the state it gives.
type appliedRuling struct {
	Segment string       `json:"segment"`
	Text    string       `json:"text"`
	Applied bool         `json:"applied"`
	Event   string       `json:"event"`
	Rule    string       `json:"rule"`
	Visible []rules.Side `json:"visible"`
	// State is the hex SHA-256 of the canonical state after the ruling.
	State string `json:"state"`
}

// applyRuling stores the state a ruling gave, journals the ruling and mails
// it to the sides that may see it, all in the umpire's transaction.
func (a *Adjudicator) applyRuling(tx *store.Tx, g store.Game, st, next rules.State, ev rules.Event, in Incoming, text string) (string, error) {
	if err := a.notDeciding(tx, g, "DECIDE for the side first, then RULE"); err != nil {
		return "", err
	}
	seg := st.Segment()
	canon := next.Canonical()
	body, err := json.Marshal(appliedRuling{Segment: seg.Label, Text: text, Applied: true, Event: ev.Text, Rule: ev.Rule,
		Visible: ev.Visible, State: hashHex(canon)})
	if err != nil {
		return "", err
	}
	if err := tx.AppendEvents(g.ID, seg.Index, []string{"ruling"}, []string{string(body)}); err != nil {
		return "", err
	}
	if err := tx.SetState(g.ID, seg.Index, canon); err != nil {
		return "", err
	}
	mail := fmt.Sprintf("The umpire of game %s rules, at %s:\n\n%s%s\n\n"+
		"Galloper has applied the ruling to the game; your next report shows the\n"+
		"position after it. The ruling is recorded in the game's journal.\n", g.ID, seg.Label, ev.Text, ruleSuffix(ev.Rule))
	var told []string
	err = a.tellSome(tx, g, "ruling", in.InboundID, "Ruling: "+g.ID, mail, func(p store.Player) bool {
		if ev.VisibleTo(rules.Side(p.Side)) {
			told = append(told, p.Side)
			return true
		}
		return false
	})
	if err != nil {
		return "", err
	}
	who := "no player"
	if len(told) > 0 {
		who = strings.Join(told, " and ")
	}
	return fmt.Sprintf("Galloper applied your ruling: %s%s. It is recorded in the journal and was mailed to %s "+
		"(the sides that may see it).", ev.Text, ruleSuffix(ev.Rule), who), nil
}

// tellPlayers mails a notice to every player but the umpire.
func (a *Adjudicator) tellPlayers(tx *store.Tx, g store.Game, kind string, key any, subject, text string) error {
	return a.tellSome(tx, g, kind, key, subject, text, func(store.Player) bool { return true })
}

// tellSome mails a notice to the players but the umpire for whom want is
// true.
func (a *Adjudicator) tellSome(tx *store.Tx, g store.Game, kind string, key any, subject, text string, want func(store.Player) bool) error {
	players, err := tx.Players(g.ID)
	if err != nil {
		return err
	}
	for _, p := range players {
		if p.Side == Umpire || p.Email == "" || !want(p) {
			continue
		}
		if err := a.queue(tx, g, kind, key, p.Email, subject, text, Incoming{}, nil); err != nil {
			return err
		}
	}
	return nil
}
