package store

import (
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
)

// Order is one side's accepted orders for a segment. The latest row for a
// (game, segment, side) is the one that counts.
type Order struct {
	ID           int64
	GameID       string
	SegmentIndex int
	Side         string
	InboundID    int64 // 0 for default orders
	Canonical    string
	Hash         string
	Salt         string
	CreatedAt    int64
}

// SaveOrders stores a side's orders for a segment.
func (t *Tx) SaveOrders(o Order) error {
	var inbound any
	if o.InboundID != 0 {
		inbound = o.InboundID
	}
	_, err := t.exec(`INSERT INTO orders(game_id, segment_index, side, inbound_id, canonical, hash, salt, created_at)
		VALUES (?,?,?,?,?,?,?,?)`, o.GameID, o.SegmentIndex, o.Side, inbound, o.Canonical, o.Hash, o.Salt, o.CreatedAt)
	return err
}

// WithdrawOrders records that a side withdrew its orders for a segment:
// a row with no orders, which LatestOrders then skips.
func (t *Tx) WithdrawOrders(gameID string, segment int, side string, inboundID, at int64) error {
	return t.SaveOrders(Order{GameID: gameID, SegmentIndex: segment, Side: side, InboundID: inboundID, CreatedAt: at})
}

// LatestOrders returns the orders that count for each side of a segment,
// sorted by side.
func (t *Tx) LatestOrders(gameID string, segment int) ([]Order, error) {
	rows, err := t.query(`SELECT id, game_id, segment_index, side, COALESCE(inbound_id, 0), canonical, hash, salt, created_at
		FROM orders o WHERE game_id = ? AND segment_index = ?
		AND id = (SELECT max(id) FROM orders WHERE game_id = o.game_id AND segment_index = o.segment_index AND side = o.side)
		ORDER BY side`, gameID, segment)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Order
	for rows.Next() {
		var o Order
		if err := rows.Scan(&o.ID, &o.GameID, &o.SegmentIndex, &o.Side, &o.InboundID, &o.Canonical, &o.Hash, &o.Salt, &o.CreatedAt); err != nil {
			return nil, err
		}
		if o.Canonical == "" {
			continue // withdrawn: see WithdrawOrders
		}
		out = append(out, o)
	}
	return out, rows.Err()
}

// Segment is a resolved segment.
type Segment struct {
	GameID       string
	SegmentIndex int
	Label        string
	StateBefore  []byte
	StateAfter   []byte
	DiceRecord   string
	ResolvedAt   int64
}

// SaveSegment records a resolved segment. Resolving the same segment twice
// is an error: the primary key refuses it.
func (t *Tx) SaveSegment(s Segment) error {
	_, err := t.exec(`INSERT INTO segments(game_id, segment_index, label, state_before, state_after, dice_record, resolved_at)
		VALUES (?,?,?,?,?,?,?)`, s.GameID, s.SegmentIndex, s.Label, s.StateBefore, s.StateAfter, s.DiceRecord, s.ResolvedAt)
	if err != nil {
		return fmt.Errorf("save segment %d of %s: %w", s.SegmentIndex, s.GameID, err)
	}
	return nil
}

// DeleteSegment removes the record of a resolved segment, which an umpire
// rolled back. The journal keeps its events, followed by the rollback.
func (t *Tx) DeleteSegment(gameID string, segment int) error {
	res, err := t.exec(`DELETE FROM segments WHERE game_id = ? AND segment_index = ?`, gameID, segment)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return fmt.Errorf("segment %d of %s is not resolved (%v)", segment, gameID, err)
	}
	return nil
}

// Segments lists a game's resolved segments in order.
func (t *Tx) Segments(gameID string) ([]Segment, error) {
	rows, err := t.query(`SELECT game_id, segment_index, label, state_before, state_after, dice_record, resolved_at
		FROM segments WHERE game_id = ? ORDER BY segment_index`, gameID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Segment
	for rows.Next() {
		var s Segment
		if err := rows.Scan(&s.GameID, &s.SegmentIndex, &s.Label, &s.StateBefore, &s.StateAfter, &s.DiceRecord, &s.ResolvedAt); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// JournalEntry is one event in a game's hash-linked journal.
type JournalEntry struct {
	GameID       string
	Seq          int
	SegmentIndex int
	Kind         string
	Body         string // JSON
	PrevHash     string
	Hash         string
}

// AppendEvents adds events to a game's journal, each hash covering the one
// before it.
func (t *Tx) AppendEvents(gameID string, segment int, kinds, bodies []string) error {
	var seq int
	var prev string
	err := t.queryRow(`SELECT seq, hash FROM events WHERE game_id = ? ORDER BY seq DESC LIMIT 1`, gameID).Scan(&seq, &prev)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	for i := range bodies {
		seq++
		h := journalHash(prev, gameID, seq, segment, kinds[i], bodies[i])
		if _, err := t.exec(`INSERT INTO events(game_id, seq, segment_index, kind, body, prev_hash, hash) VALUES (?,?,?,?,?,?,?)`,
			gameID, seq, segment, kinds[i], bodies[i], prev, h); err != nil {
			return err
		}
		prev = h
	}
	return nil
}

// Journal returns a game's journal in order.
func (t *Tx) Journal(gameID string) ([]JournalEntry, error) {
	rows, err := t.query(`SELECT game_id, seq, segment_index, kind, body, prev_hash, hash FROM events WHERE game_id = ? ORDER BY seq`, gameID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []JournalEntry
	for rows.Next() {
		var e JournalEntry
		if err := rows.Scan(&e.GameID, &e.Seq, &e.SegmentIndex, &e.Kind, &e.Body, &e.PrevHash, &e.Hash); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// VerifyJournal checks the hash links of a journal and names the first
// entry that does not match.
func VerifyJournal(entries []JournalEntry) error {
	prev := ""
	for _, e := range entries {
		if e.PrevHash != prev {
			return fmt.Errorf("journal entry %d: previous hash %s, want %s", e.Seq, e.PrevHash, prev)
		}
		if h := journalHash(prev, e.GameID, e.Seq, e.SegmentIndex, e.Kind, e.Body); h != e.Hash {
			return fmt.Errorf("journal entry %d: hash %s, recomputed %s", e.Seq, e.Hash, h)
		}
		prev = e.Hash
	}
	return nil
}

func journalHash(prev, gameID string, seq, segment int, kind, body string) string {
	s := sha256.Sum256(fmt.Appendf(nil, "%s\x00%s\x00%d\x00%d\x00%s\x00%s", prev, gameID, seq, segment, kind, body))
	return hex.EncodeToString(s[:])
}

// CountEvents counts a game's journal events of one kind for a segment.
func (t *Tx) CountEvents(gameID, kind string, segment int) (int, error) {
	var n int
	err := t.queryRow(`SELECT count(*) FROM events WHERE game_id = ? AND kind = ? AND segment_index = ?`,
		gameID, kind, segment).Scan(&n)
	return n, err
}
