package store

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"
)

// A mail with a password, as a player sends it; its stored copy is
// redacted once processed, so everything but the password is in the
// database.
func passwordMail(password string, withID bool) []byte {
	id := ""
	if withID {
		id = "Message-ID: <orders-1@players.test>\r\n"
	}
	return []byte("From: alice@players.test\r\nTo: gm@galloper.test\r\n" + id +
		"Subject: orders\r\n\r\nGAME creek\r\nSIDE CSA\r\nPASSWORD " + password + "\r\nHOLD\r\n")
}

// plainHashes are the plain SHA-256 hashes, in hex, from which someone
// holding the database and a redacted mail could test guesses at its
// password: of the body, and of the whole mail.
func plainHashes(raw []byte) []string {
	body := raw[bytes.Index(raw, []byte("\r\n\r\n"))+4:]
	b, w := sha256.Sum256(body), sha256.Sum256(raw)
	return []string{hex.EncodeToString(b[:]), hex.EncodeToString(w[:16]), hex.EncodeToString(w[:8]), hex.EncodeToString(w[:4])}
}

// Under a mail key, the stored hashes of a received mail are keyed:
// nothing stored is a plain hash of the mail that held the password, so a
// guess at the password cannot be checked against the database without
// the key; and a mail delivered again is still recognised.
func TestMailHashesKeyed(t *testing.T) {
	key := bytes.Repeat([]byte{0x5a}, 32)
	forEachEngine(t, func(t *testing.T, db *DB) {
		ctx := context.Background()
		db.SetMailKey(key)
		raw := passwordMail("tulip", false)
		m := Inbound{Mailbox: "INBOX", UIDValidity: 1, UID: 1, MessageID: db.StandInMessageID(raw),
			BodyHash: db.BodyHash(raw), Raw: raw, ReceivedAt: 1}
		var id int64
		var again bool
		err := db.WithTx(ctx, func(tx *Tx) (err error) {
			if id, _, err = tx.InsertInbound(m); err != nil {
				return err
			}
			m.UIDValidity, m.UID = 2, 9 // read again under a new UIDVALIDITY
			_, again, err = tx.InsertInbound(m)
			return err
		})
		if err != nil || again {
			t.Fatalf("stored again: %v, %v; want recognised", again, err)
		}
		stored := storedHashes(t, db, id)
		for _, plain := range plainHashes(raw) {
			if strings.Contains(stored, plain) {
				t.Errorf("a plain hash of the mail (%s…) is stored: %s", plain[:12], stored)
			}
		}
		if !strings.HasPrefix(m.BodyHash, "k1:") || !strings.Contains(m.MessageID, ".k1.") {
			t.Errorf("hashes not keyed: %s, %s", m.BodyHash, m.MessageID)
		}
		// Another password gives another hash; without the key, the same
		// password does not give the stored one.
		if BodyHash(key, passwordMail("oak", false)) == m.BodyHash {
			t.Error("two passwords give one body hash")
		}
		if BodyHash(bytes.Repeat([]byte{1}, 32), raw) == m.BodyHash {
			t.Error("another key gives the same body hash")
		}
	})
}

// KeyMailHashes turns the plain hashes of mail stored before hashes were
// keyed into the keyed ones intake would now compute, once, so that every
// such mail delivered again is still recognised, and no plain hash is left.
func TestKeyMailHashes(t *testing.T) {
	key := bytes.Repeat([]byte{0xa5}, 32)
	forEachEngine(t, func(t *testing.T, db *DB) {
		ctx := context.Background()
		withID, without, ingested := passwordMail("tulip", true), passwordMail("oak", false), passwordMail("whistle", false)
		uid, standIn := IngestIdentity(nil, ingested)
		rows := []Inbound{
			{Mailbox: "INBOX", UIDValidity: 1, UID: 1, MessageID: "<orders-1@players.test>", BodyHash: BodyHash(nil, withID), Raw: withID},
			{Mailbox: "INBOX", UIDValidity: 1, UID: 2, MessageID: StandInMessageID(nil, without), BodyHash: BodyHash(nil, without), Raw: without},
			{Mailbox: IngestMailbox, UID: uid, MessageID: standIn, BodyHash: BodyHash(nil, ingested), Raw: ingested},
		}
		var ids []int64
		err := db.WithTx(ctx, func(tx *Tx) error {
			for _, m := range rows {
				id, ok, err := tx.InsertInbound(m)
				if err != nil || !ok {
					t.Fatalf("insert: %v, %v", ok, err)
				}
				ids = append(ids, id)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if n, err := db.KeyMailHashes(ctx); err != nil || n != 0 {
			t.Fatalf("KeyMailHashes without a key: %d, %v; want nothing done", n, err)
		}
		db.SetMailKey(key)
		if n, err := db.KeyMailHashes(ctx); err != nil || n != 3 {
			t.Fatalf("KeyMailHashes: %d, %v; want 3", n, err)
		}
		if n, err := db.KeyMailHashes(ctx); err != nil || n != 0 {
			t.Fatalf("KeyMailHashes again: %d, %v; want 0", n, err)
		}
		for i, raw := range [][]byte{withID, without, ingested} {
			stored := storedHashes(t, db, ids[i])
			for _, plain := range plainHashes(raw) {
				if strings.Contains(stored, plain) {
					t.Errorf("mail %d: a plain hash (%s…) is left: %s", i, plain[:12], stored)
				}
			}
		}
		// Each mail, read again now, is computed the way intake and
		// `mail ingest` compute it, and recognised.
		uid, standIn = db.IngestIdentity(ingested)
		again := []Inbound{
			{Mailbox: "INBOX", UIDValidity: 2, UID: 1, MessageID: "<orders-1@players.test>", BodyHash: db.BodyHash(withID), Raw: withID},
			{Mailbox: "INBOX", UIDValidity: 2, UID: 2, MessageID: db.StandInMessageID(without), BodyHash: db.BodyHash(without), Raw: without},
			{Mailbox: IngestMailbox, UID: uid, MessageID: standIn, BodyHash: db.BodyHash(ingested), Raw: ingested},
		}
		err = db.WithTx(ctx, func(tx *Tx) error {
			for i, m := range again {
				if _, ok, err := tx.InsertInbound(m); err != nil || ok {
					t.Errorf("mail %d read again after the migration: stored %v, %v; want recognised", i, ok, err)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}

// storedHashes is what the database holds of a stored mail's identity:
// its UID, Message-ID and body hash.
func storedHashes(t *testing.T, db *DB, id int64) string {
	t.Helper()
	var m Inbound
	if err := db.WithTx(context.Background(), func(tx *Tx) (err error) { m, err = tx.Inbound(id); return err }); err != nil {
		t.Fatal(err)
	}
	return strings.Join([]string{hex.EncodeToString([]byte{byte(m.UID >> 24), byte(m.UID >> 16), byte(m.UID >> 8), byte(m.UID)}), m.MessageID, m.BodyHash}, " ")
}
