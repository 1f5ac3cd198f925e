package store

import (
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

// Decision is a decision request and, once answered, its answer.
type Decision struct {
	ID           int64
	GameID       string
	SegmentIndex int
	Seq          int // 1, 2, ... within the segment, in the order asked
	Key          string
	Side         string
	Rule         string
	Question     string
	Options      []string
	Default      string
	RequestedAt  int64
	Deadline     int64
	Choice       string // empty while pending
	DecidedBy    string // player | umpire | deadline
	DecidedAt    int64
}

// Pending reports whether the request still awaits an answer.
func (d Decision) Pending() bool { return d.Choice == "" }

const decisionCols = `id, game_id, segment_index, seq, key, side, rule, question, options, default_choice,
	requested_at, deadline, choice, decided_by, decided_at`

func scanDecision(row interface{ Scan(...any) error }) (Decision, error) {
	var d Decision
	var opts string
	err := row.Scan(&d.ID, &d.GameID, &d.SegmentIndex, &d.Seq, &d.Key, &d.Side, &d.Rule, &d.Question, &opts, &d.Default,
		&d.RequestedAt, &d.Deadline, &d.Choice, &d.DecidedBy, &d.DecidedAt)
	d.Options = strings.Split(opts, "\n")
	return d, err
}

// RequestDecision stores a new request as the next of its segment and
// returns it with its ID and Seq set.
func (t *Tx) RequestDecision(d Decision) (Decision, error) {
	err := t.queryRow(`SELECT COALESCE(max(seq), 0) + 1 FROM decisions WHERE game_id = ? AND segment_index = ?`,
		d.GameID, d.SegmentIndex).Scan(&d.Seq)
	if err != nil {
		return d, err
	}
	err = t.queryRow(`INSERT INTO decisions(game_id, segment_index, seq, key, side, rule, question, options, default_choice,
		requested_at, deadline) VALUES (?,?,?,?,?,?,?,?,?,?,?) RETURNING id`, d.GameID, d.SegmentIndex, d.Seq, d.Key, d.Side, d.Rule,
		d.Question, strings.Join(d.Options, "\n"), d.Default, d.RequestedAt, d.Deadline).Scan(&d.ID)
	return d, err
}

// ShiftDecisionDeadlines moves the deadlines of a game's pending requests
// later by ms milliseconds, as a paused clock restarts.
func (t *Tx) ShiftDecisionDeadlines(gameID string, ms int64) error {
	_, err := t.exec(`UPDATE decisions SET deadline = deadline + ? WHERE game_id = ? AND choice = ''`, ms, gameID)
	return err
}

// Decisions returns a segment's requests in the order they were asked.
func (t *Tx) Decisions(gameID string, segment int) ([]Decision, error) {
	rows, err := t.query(`SELECT `+decisionCols+` FROM decisions WHERE game_id = ? AND segment_index = ? ORDER BY seq`, gameID, segment)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Decision
	for rows.Next() {
		d, err := scanDecision(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// PendingDecision returns the first of the game's unanswered requests, if
// any.
func (t *Tx) PendingDecision(gameID string) (Decision, bool, error) {
	d, err := scanDecision(t.queryRow(`SELECT `+decisionCols+` FROM decisions WHERE game_id = ? AND choice = ''
		ORDER BY segment_index DESC, seq LIMIT 1`, gameID))
	if errors.Is(err, sql.ErrNoRows) {
		return d, false, nil
	}
	return d, err == nil, err
}

// PendingDecisions returns the game's unanswered requests, in the order
// they were asked. A segment may wait on several at once, from one side
// or both.
func (t *Tx) PendingDecisions(gameID string) ([]Decision, error) {
	rows, err := t.query(`SELECT `+decisionCols+` FROM decisions WHERE game_id = ? AND choice = ''
		ORDER BY segment_index, seq`, gameID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Decision
	for rows.Next() {
		d, err := scanDecision(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// Decide records the answer to a pending request.
func (t *Tx) Decide(id int64, choice, by string, at int64) error {
	res, err := t.exec(`UPDATE decisions SET choice = ?, decided_by = ?, decided_at = ? WHERE id = ? AND choice = ''`, choice, by, at, id)
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err == nil && n != 1 {
		err = fmt.Errorf("pending decision %d: %w", id, ErrNotFound)
	}
	return err
}
