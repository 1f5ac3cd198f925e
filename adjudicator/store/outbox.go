package store

import (
	"database/sql"
	"fmt"
)

// Outgoing is a mail waiting in (or sent from) the outbox. Its Message-ID
// is fixed when it is created, so a retried send is recognisably the same
// mail.
type Outgoing struct {
	ID          int64
	MessageID   string
	GameID      string
	Kind        string // "receipt", "problems", "report", "game-start", ...
	Recipient   string
	Raw         []byte
	Status      string
	Attempts    int
	NextAttempt int64
	LastError   string
	CreatedAt   int64
	SentAt      int64
	// Held mails wait for an umpire's RELEASE (see PREVIEW).
	Held bool
	// Segment is the segment a results mail reports; -1 for other mails.
	Segment int
}

// Enqueue adds a mail to the outbox in the caller's transaction. A mail
// whose Message-ID is already queued is not queued again.
func (t *Tx) Enqueue(m Outgoing) error {
	status := "pending"
	if m.Held {
		status = "held"
	}
	_, err := t.exec(`INSERT INTO outbox(message_id, game_id, kind, recipient, raw, created_at, next_attempt, status, segment_index)
		VALUES (?,?,?,?,?,?,?,?,?) ON CONFLICT(message_id) DO NOTHING`,
		m.MessageID, m.GameID, m.Kind, m.Recipient, m.Raw, m.CreatedAt, m.CreatedAt, status, m.Segment)
	return err
}

// DueOutgoing lists pending mails whose next attempt is due at now (Unix ms).
func (t *Tx) DueOutgoing(now int64, limit int) ([]Outgoing, error) {
	return t.outgoing(t.eng.queueIndex()+` WHERE status = 'pending' AND next_attempt <= ? ORDER BY id LIMIT ?`, now, limit)
}

// MarkSent records a delivered mail.
func (t *Tx) MarkSent(id int64, now int64) error {
	_, err := t.exec(`UPDATE outbox SET status = 'sent', attempts = attempts + 1, sent_at = ?, last_error = '' WHERE id = ?`, now, id)
	return err
}

// CompactOutgoing replaces the stored copy of a sent mail with a lighter
// one (the mail without its map attachments); the mail itself is gone
// already, so only the record shrinks.
func (t *Tx) CompactOutgoing(id int64, raw []byte) error {
	_, err := t.exec(`UPDATE outbox SET raw = ? WHERE id = ? AND status = 'sent'`, raw, id)
	return err
}

// MarkFailed records a failed attempt. A permanent failure stops retries;
// otherwise the next attempt is at next (Unix ms).
func (t *Tx) MarkFailed(id int64, reason string, permanent bool, next int64) error {
	status := "pending"
	if permanent {
		status = "failed"
	}
	_, err := t.exec(`UPDATE outbox SET status = ?, attempts = attempts + 1, last_error = ?, next_attempt = ? WHERE id = ?`,
		status, reason, next, id)
	return err
}

// CountOutbox counts outbox rows, by status when status is not empty.
func (t *Tx) CountOutbox(status string) (int, error) {
	var n int
	err := t.queryRow(`SELECT count(*) FROM outbox WHERE ? = '' OR status = ?`, status, status).Scan(&n)
	return n, err
}

// LastOutboxID is the id of the newest outbox row, 0 when there is none.
func (t *Tx) LastOutboxID() (int64, error) {
	var id int64
	err := t.queryRow(`SELECT COALESCE(max(id), 0) FROM outbox`).Scan(&id)
	return id, err
}

// OutboxAfter lists the outbox rows newer than id, oldest first.
func (t *Tx) OutboxAfter(id int64) ([]Outgoing, error) {
	return t.outgoing(`WHERE id > ? ORDER BY id`, id)
}

func (t *Tx) outgoing(where string, args ...any) ([]Outgoing, error) {
	rows, err := t.query(`SELECT id, message_id, game_id, kind, recipient, raw, status, attempts, next_attempt, last_error,
		created_at, sent_at, segment_index FROM outbox `+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Outgoing
	for rows.Next() {
		var m Outgoing
		if err := rows.Scan(&m.ID, &m.MessageID, &m.GameID, &m.Kind, &m.Recipient, &m.Raw, &m.Status, &m.Attempts,
			&m.NextAttempt, &m.LastError, &m.CreatedAt, &m.SentAt, &m.Segment); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// ReleaseHeld lets a game's held mails go out now and returns how many.
func (t *Tx) ReleaseHeld(gameID string, now int64) (int, error) {
	res, err := t.exec(`UPDATE outbox SET status = 'pending', next_attempt = ? WHERE game_id = ? AND status = 'held'`, now, gameID)
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// HeldSegment is the earliest segment of a game whose mails are held for
// the umpire's RELEASE, and whether there is one.
func (t *Tx) HeldSegment(gameID string) (int, bool, error) {
	var k sql.NullInt64
	if err := t.queryRow(`SELECT MIN(segment_index) FROM outbox WHERE game_id = ? AND status = 'held'`, gameID).Scan(&k); err != nil {
		return 0, false, err
	}
	return int(k.Int64), k.Valid, nil
}

// DiscardHeldKind drops a game's held mails of one kind, as
// DiscardHeld does.
func (t *Tx) DiscardHeldKind(gameID, kind string) (int, error) {
	res, err := t.exec(`UPDATE outbox SET status = 'discarded' WHERE game_id = ? AND kind = ? AND status = 'held'`, gameID, kind)
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// DiscardHeld drops the held mails of a game's segment, which an umpire
// rolled back before they were released. They stay in the table, marked
// discarded, for the record.
func (t *Tx) DiscardHeld(gameID string, segment int) (int, error) {
	res, err := t.exec(`UPDATE outbox SET status = 'discarded' WHERE game_id = ? AND segment_index = ? AND status = 'held'`,
		gameID, segment)
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// ClaimOutgoing takes a due pending mail for one sending attempt: its next
// attempt moves to until (Unix ms), so that no other attempt sends it
// meanwhile, and its last error says it is being sent. It reports false
// when the mail is no longer pending and due at now. The sender commits
// the claim before the mail leaves.
func (t *Tx) ClaimOutgoing(id, now, until int64) (bool, error) {
	res, err := t.exec(`UPDATE outbox SET next_attempt = ?, last_error = ? WHERE id = ? AND status = 'pending' AND next_attempt <= ?`,
		until, t.claimNote, id, now)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// claimedNote marks a mail claimed for sending and not yet recorded.
const claimedNote = "claimed for sending"

// ReleaseClaims makes the mails a stopped sender had claimed but not
// recorded due again at now, and returns how many: at start-up, when no
// other sender can hold them. Such a mail may have left before the stop;
// it goes again under the same Message-ID.
//
// On PostgreSQL, where other daemons' senders hold claims too, only the
// claims of daemons that stopped (see DB.Open's daemon lock), and claims
// whose lease has run out, are released; the sender calls it at every
// flush there.
func (t *Tx) ReleaseClaims(now int64) (int, error) {
	q := `UPDATE outbox SET next_attempt = ?, last_error = 'sending interrupted by a stop; sent again'
		WHERE status = 'pending' AND last_error LIKE '` + claimedNote + `%' AND last_error = ?`
	args := []any{now, claimedNote}
	if t.eng.name() == "postgres" {
		// The claims are read through the outbox_claims index, whose
		// condition the literal LIKE repeats.
		q = `UPDATE outbox SET next_attempt = ?, last_error = 'sending interrupted by a stop; sent again'
			WHERE status = 'pending' AND last_error LIKE '` + claimedNote + `%' AND (next_attempt <= ? OR NOT ` + daemonAlive(`substr(last_error, length(?::text) + 1)`) + `)`
		args = []any{now, now, claimedNote + claimedBy}
	}
	res, err := t.exec(q, args...)
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// OutboxByStatus lists outbox rows with the given status ("" for all),
// newest first, at most limit of them.
func (t *Tx) OutboxByStatus(status string, limit int) ([]Outgoing, error) {
	return t.outgoing(`WHERE ? = '' OR status = ? ORDER BY id DESC LIMIT ?`, status, status, limit)
}

// RetryOutgoing puts a failed or bounced mail (or a pending one waiting out its
// backoff) back in the queue, due at now, and reports whether it did: an
// operator's `galloper outbox retry` after fixing what made the server
// refuse it. Sent, held and discarded mails are left alone.
func (t *Tx) RetryOutgoing(id, now int64) (bool, error) {
	res, err := t.exec(`UPDATE outbox SET status = 'pending', next_attempt = ? WHERE id = ? AND status IN ('failed', 'bounced', 'pending')`, now, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// OutgoingByMessageID finds an outbox row by its Message-ID.
func (t *Tx) OutgoingByMessageID(msgID string) (Outgoing, error) {
	rows, err := t.outgoing(`WHERE message_id = ?`, msgID)
	if err == nil && len(rows) == 0 {
		err = ErrNotFound
	}
	if err != nil {
		return Outgoing{}, fmt.Errorf("outgoing mail %s: %w", msgID, err)
	}
	return rows[0], nil
}

// LastSentTo finds the newest mail sent to an address (in any case).
func (t *Tx) LastSentTo(addr string) (Outgoing, error) {
	rows, err := t.outgoing(`WHERE lower(recipient) = lower(?) AND status = 'sent' ORDER BY id DESC LIMIT 1`, addr)
	if err == nil && len(rows) == 0 {
		err = ErrNotFound
	}
	if err != nil {
		return Outgoing{}, fmt.Errorf("mail sent to %s: %w", addr, err)
	}
	return rows[0], nil
}

// MarkBounced records that a sent mail came back undelivered (a delivery
// status notification said so); reason is the server's status and words.
func (t *Tx) MarkBounced(id int64, reason string) error {
	_, err := t.exec(`UPDATE outbox SET status = 'bounced', last_error = ? WHERE id = ?`, reason, id)
	return err
}
