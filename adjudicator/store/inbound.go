package store

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Inbound is one received mail, stored raw before anything else happens.
type Inbound struct {
	ID          int64
	Mailbox     string
	UIDValidity uint32
	UID         uint32
	MessageID   string
	BodyHash    string
	Raw         []byte
	ReceivedAt  int64
	Status      string // "new", "processed" or "failed" (set aside; see NoteInboundFailure)
	Result      string // what processing made of it, for operators
	GameID      string
	// AuthResults holds the Authentication-Results headers (DKIM, SPF,
	// DMARC) the receiving server added, kept as evidence of the sender.
	AuthResults string
}

// Received mail is recognised again by hashes: its body's (BodyHash,
// with the Message-ID), and for a mail without a Message-ID a stand-in
// made from the hash of the whole mail (StandInMessageID). A processed
// mail's stored text is redacted of its PASSWORD lines, so a plain hash
// kept beside it would let anyone holding the database test guesses at
// the password offline. Under a mail key (DB.SetMailKey: Galloper's token
// key) the hashes are keyed: HMAC-SHA-256(key, "galloper." ‖ purpose ‖ 0
// ‖ the plain hash as it was stored without a key), marked k1. Keying the
// plain hash rather than the mail lets DB.KeyMailHashes turn hashes
// stored before into keyed ones without the mails' text.
const keyedMark = "k1"

// keyed is the keyed form of a plain hash for purpose.
func keyed(key []byte, purpose string, plain []byte) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("galloper." + purpose + "\x00"))
	m.Write(plain)
	return m.Sum(nil)
}

// plainBodyHash is the SHA-256 of a raw message's body: everything after
// the blank line that ends its header (the whole message when there is
// none).
func plainBodyHash(raw []byte) [sha256.Size]byte {
	body := raw
	if i := bytes.Index(raw, []byte("\r\n\r\n")); i >= 0 {
		body = raw[i+4:]
	} else if i := bytes.Index(raw, []byte("\n\n")); i >= 0 {
		body = raw[i+2:]
	}
	return sha256.Sum256(body)
}

// BodyHash is the hash of a raw message's body under key, or without a
// key its plain hex SHA-256. With the Message-ID it recognises a mail
// delivered twice, even when the copies' transport headers (Received,
// Delivered-To) differ.
func BodyHash(key, raw []byte) string {
	s := plainBodyHash(raw)
	if len(key) == 0 {
		return hex.EncodeToString(s[:])
	}
	return keyBodyHash(key, s[:])
}

func keyBodyHash(key, plain []byte) string {
	return keyedMark + ":" + hex.EncodeToString(keyed(key, "body-hash", plain))
}

// StandInMessageID is the Message-ID intake gives a mail that has none,
// made from the hash of the whole mail, so that it stays the same if the
// mail is read again (under a new UIDVALIDITY, say).
func StandInMessageID(key, raw []byte) string {
	sum := sha256.Sum256(raw)
	if len(key) == 0 {
		return fmt.Sprintf("<no-message-id.%x@galloper>", sum[:16])
	}
	return keyStandIn(key, sum[:16])
}

func keyStandIn(key, plain []byte) string {
	return fmt.Sprintf("<no-message-id.%s.%x@galloper>", keyedMark, keyed(key, "no-message-id", plain)[:16])
}

// IngestIdentity is the UID and stand-in Message-ID under which `galloper
// mail ingest` stores a mail, both made from the hash of the whole mail.
func IngestIdentity(key, raw []byte) (uid uint32, standIn string) {
	sum := sha256.Sum256(raw)
	if len(key) == 0 {
		return binary.BigEndian.Uint32(sum[:4]), fmt.Sprintf("<ingest.%x@galloper>", sum[:8])
	}
	return keyIngestUID(key, sum[:4]), keyIngestID(key, sum[:8])
}

func keyIngestUID(key, plain []byte) uint32 {
	return binary.BigEndian.Uint32(keyed(key, "ingest-uid", plain))
}

func keyIngestID(key, plain []byte) string {
	return fmt.Sprintf("<ingest.%s.%x@galloper>", keyedMark, keyed(key, "ingest-id", plain)[:8])
}

// SetMailKey makes db hash received mail under key (see BodyHash); call it
// before any mail is stored. Galloper uses its token key.
func (db *DB) SetMailKey(key []byte) { db.mailKey = slices.Clone(key) }

// BodyHash is BodyHash under db's mail key.
func (db *DB) BodyHash(raw []byte) string { return BodyHash(db.mailKey, raw) }

// StandInMessageID is StandInMessageID under db's mail key.
func (db *DB) StandInMessageID(raw []byte) string { return StandInMessageID(db.mailKey, raw) }

// IngestIdentity is IngestIdentity under db's mail key.
func (db *DB) IngestIdentity(raw []byte) (uint32, string) { return IngestIdentity(db.mailKey, raw) }

// IngestMailbox is the mailbox name under which `galloper mail ingest`
// stores mail.
const IngestMailbox = "(ingest)"

// KeyMailHashes turns the hashes of stored mail kept without a key (body
// hashes, stand-in Message-IDs, the UIDs of ingested mail) into their
// keyed forms under db's mail key: the migration for mail stored before
// the hashes were keyed. A mail delivered again afterwards is still
// recognised. It returns how many mails it changed, and does nothing
// without a key.
func (db *DB) KeyMailHashes(ctx context.Context) (int, error) {
	key := db.mailKey
	if len(key) == 0 {
		return 0, nil
	}
	n := 0
	err := db.WithTx(ctx, func(t *Tx) error {
		rows, err := t.query(`SELECT id, mailbox, uid, message_id, body_hash FROM inbound
			WHERE body_hash NOT LIKE 'k1:%' OR message_id LIKE '<no-message-id.%' OR message_id LIKE '<ingest.%'`)
		if err != nil {
			return err
		}
		type row struct {
			id       int64
			mailbox  string
			uid      uint32
			msgID    string
			bodyHash string
		}
		var todo []row
		for rows.Next() {
			var r row
			if err := rows.Scan(&r.id, &r.mailbox, &r.uid, &r.msgID, &r.bodyHash); err != nil {
				rows.Close()
				return err
			}
			todo = append(todo, r)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, r := range todo {
			old := r
			if b, err := hex.DecodeString(r.bodyHash); err == nil && len(b) == sha256.Size {
				r.bodyHash = keyBodyHash(key, b)
			}
			if h, ok := strings.CutPrefix(r.msgID, "<no-message-id."); ok {
				if b, err := hex.DecodeString(strings.TrimSuffix(h, "@galloper>")); err == nil && len(b) == 16 {
					r.msgID = keyStandIn(key, b)
				}
			}
			if h, ok := strings.CutPrefix(r.msgID, "<ingest."); ok && r.mailbox == IngestMailbox {
				if b, err := hex.DecodeString(strings.TrimSuffix(h, "@galloper>")); err == nil && len(b) == 8 {
					r.msgID = keyIngestID(key, b)
					r.uid = keyIngestUID(key, binary.BigEndian.AppendUint32(nil, r.uid))
				}
			}
			if r == old {
				continue
			}
			if _, err := t.exec(`UPDATE inbound SET message_id = ?, body_hash = ?, uid = ? WHERE id = ?`,
				r.msgID, r.bodyHash, r.uid, r.id); err != nil {
				return fmt.Errorf("key the hashes of stored mail %d: %w", r.id, err)
			}
			n++
		}
		return nil
	})
	return n, err
}

// InsertInbound stores a received mail. It reports false, and stores
// nothing, when the same mail (by mailbox UID, or by Message-ID and body
// hash) is already stored.
func (t *Tx) InsertInbound(m Inbound) (id int64, inserted bool, err error) {
	if m.BodyHash == "" {
		m.BodyHash = BodyHash(t.mailKey, m.Raw)
	}
	st, err := t.prepared(`INSERT INTO inbound(mailbox, uid_validity, uid, message_id, body_hash, raw, received_at, auth_results)
		VALUES (?,?,?,?,?,?,?,?) ON CONFLICT DO NOTHING RETURNING id`)
	if err != nil {
		return 0, false, err
	}
	err = st.QueryRowContext(t.ctx, m.Mailbox, m.UIDValidity, m.UID, m.MessageID, m.BodyHash, m.Raw, m.ReceivedAt, m.AuthResults).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) { // ON CONFLICT DO NOTHING: stored already
		return 0, false, nil
	}
	return id, err == nil, err
}

// UIDTaken reports whether a different mail (by Message-ID or body) is
// stored under m's mailbox, UIDVALIDITY and UID.
func (t *Tx) UIDTaken(m Inbound) (bool, error) {
	var id, hash string
	err := t.queryRow(`SELECT message_id, body_hash FROM inbound WHERE mailbox = ? AND uid_validity = ? AND uid = ?`,
		m.Mailbox, m.UIDValidity, m.UID).Scan(&id, &hash)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if m.BodyHash == "" {
		m.BodyHash = BodyHash(t.mailKey, m.Raw)
	}
	return err == nil && (id != m.MessageID || hash != m.BodyHash), err
}

// PendingInbound lists stored mails not yet processed, oldest first.
func (t *Tx) PendingInbound(limit int) ([]Inbound, error) {
	rows, err := t.query(`SELECT id, mailbox, uid_validity, uid, message_id, body_hash, raw, received_at, status, result, game_id, auth_results
		FROM inbound WHERE status = 'new' ORDER BY id LIMIT ?`, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Inbound
	for rows.Next() {
		var m Inbound
		if err := rows.Scan(&m.ID, &m.Mailbox, &m.UIDValidity, &m.UID, &m.MessageID, &m.BodyHash, &m.Raw,
			&m.ReceivedAt, &m.Status, &m.Result, &m.GameID, &m.AuthResults); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// ErrProcessed is returned when a mail being processed turns out to have
// been processed meanwhile, by another daemon on the same database: the
// transaction must be rolled back, leaving the other's effects alone.
var ErrProcessed = errors.New("mail already processed")

// MarkProcessed records what processing made of a stored mail. It
// returns ErrProcessed when the mail is no longer new.
func (t *Tx) MarkProcessed(id int64, gameID, result string) error {
	res, err := t.exec(`UPDATE inbound SET status = 'processed', game_id = ?, result = ? WHERE id = ? AND status = 'new'`, gameID, result, id)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 1 {
		return err
	}
	var status string
	err = t.queryRow(`SELECT status FROM inbound WHERE id = ?`, id).Scan(&status)
	if errors.Is(err, sql.ErrNoRows) {
		return nil // not a stored mail: nothing to mark
	}
	if err == nil {
		err = fmt.Errorf("inbound mail %d is %s: %w", id, status, ErrProcessed)
	}
	return err
}

// RedactInbound replaces a stored mail's raw text with its redacted copy
// (its passwords removed). Its body hash, of the mail as it came, stays,
// so the same mail delivered again is still recognised.
func (t *Tx) RedactInbound(id int64, raw []byte) error {
	_, err := t.exec(`UPDATE inbound SET raw = ? WHERE id = ?`, raw, id)
	return err
}

// NoteInboundFailure records a failed attempt to process a stored mail,
// with the error, and sets the mail aside as failed once it has failed
// maxAttempts times. It reports whether it did.
func (t *Tx) NoteInboundFailure(id int64, reason string, maxAttempts int) (failed bool, err error) {
	var status string
	err = t.queryRow(`UPDATE inbound SET attempts = attempts + 1, result = ?,
		status = CASE WHEN attempts + 1 >= ? THEN 'failed' ELSE status END
		WHERE id = ? RETURNING status`, "error: "+reason, maxAttempts, id).Scan(&status)
	if err != nil {
		return false, notFound(err, fmt.Sprintf("inbound mail %d", id))
	}
	return status == "failed", nil
}

// CountInbound counts stored mails, by status when status is not empty.
func (t *Tx) CountInbound(status string) (int, error) {
	var n int
	err := t.queryRow(`SELECT count(*) FROM inbound WHERE ? = '' OR status = ?`, status, status).Scan(&n)
	return n, err
}

// Inbound reads one stored mail.
func (t *Tx) Inbound(id int64) (Inbound, error) {
	var m Inbound
	err := t.queryRow(`SELECT id, mailbox, uid_validity, uid, message_id, body_hash, raw, received_at, status, result, game_id, auth_results
		FROM inbound WHERE id = ?`, id).Scan(&m.ID, &m.Mailbox, &m.UIDValidity, &m.UID, &m.MessageID, &m.BodyHash, &m.Raw,
		&m.ReceivedAt, &m.Status, &m.Result, &m.GameID, &m.AuthResults)
	return m, notFound(err, fmt.Sprintf("inbound mail %d", id))
}

// MailboxValidity is the UIDVALIDITY last recorded for a mailbox. A
// mailbox never recorded takes the UIDVALIDITY of the newest mail stored
// from it (as databases from before mailboxes were recorded have it), or
// 0 when nothing was ever stored from it.
func (t *Tx) MailboxValidity(name string) (uint32, error) {
	var v uint32
	err := t.queryRow(`SELECT uid_validity FROM mailboxes WHERE name = ?`, name).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		err = t.queryRow(`SELECT uid_validity FROM inbound WHERE mailbox = ? ORDER BY id DESC LIMIT 1`, name).Scan(&v)
		if errors.Is(err, sql.ErrNoRows) {
			return 0, nil
		}
	}
	return v, err
}

// SetMailboxValidity records a mailbox's UIDVALIDITY, at now (Unix ms).
func (t *Tx) SetMailboxValidity(name string, v uint32, now int64) error {
	_, err := t.exec(`INSERT INTO mailboxes(name, uid_validity, changed_at) VALUES (?,?,?)
		ON CONFLICT(name) DO UPDATE SET uid_validity = excluded.uid_validity, changed_at = excluded.changed_at
		WHERE mailboxes.uid_validity != excluded.uid_validity`, name, v, now)
	return err
}

// LastInboundUID is the highest UID stored from a mailbox under one
// UIDVALIDITY, 0 when there is none: intake reads the mail above it.
func (t *Tx) LastInboundUID(mailbox string, uidValidity uint32) (uint32, error) {
	var uid uint32
	err := t.queryRow(`SELECT COALESCE(max(uid), 0) FROM inbound WHERE mailbox = ? AND uid_validity = ?`, mailbox, uidValidity).Scan(&uid)
	return uid, err
}
