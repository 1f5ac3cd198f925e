package store

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"
)

// forEachEngine runs test on a new, empty database of each engine:
// SQLite, and PostgreSQL when a test server is configured (see
// engines_test.go).
func forEachEngine(t *testing.T, test func(t *testing.T, db *DB)) {
	for _, engine := range []string{"sqlite", "postgres"} {
		t.Run(engine, func(t *testing.T) { test(t, openEngine(t, engine)) })
	}
}

func TestInboundDedupe(t *testing.T) {
	forEachEngine(t, func(t *testing.T, db *DB) {
		ctx := context.Background()
		m := Inbound{Mailbox: "INBOX", UIDValidity: 7, UID: 1, MessageID: "<a@x>", Raw: []byte("raw"), ReceivedAt: 1}
		var first, again, sameMail bool
		err := db.WithTx(ctx, func(tx *Tx) error {
			var err error
			if _, first, err = tx.InsertInbound(m); err != nil {
				return err
			}
			if _, again, err = tx.InsertInbound(m); err != nil { // same UID
				return err
			}
			m2 := m
			m2.UID = 2 // redelivered under a new UID: same Message-ID and body
			_, sameMail, err = tx.InsertInbound(m2)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if !first || again || sameMail {
			t.Fatalf("inserted first=%v again=%v redelivered=%v; want true false false", first, again, sameMail)
		}
	})
}

func TestRollbackLeavesNothing(t *testing.T) {
	forEachEngine(t, func(t *testing.T, db *DB) {
		ctx := context.Background()
		boom := errors.New("boom")
		err := db.WithTx(ctx, func(tx *Tx) error {
			if err := tx.Enqueue(Outgoing{MessageID: "<m1@x>", Kind: "receipt", Recipient: "a@x", Raw: []byte("r")}); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatalf("err = %v", err)
		}
		_ = db.WithTx(ctx, func(tx *Tx) error {
			n, err := tx.CountOutbox("")
			if err != nil || n != 0 {
				t.Errorf("outbox has %d rows (%v) after rollback", n, err)
			}
			return nil
		})
	})
}

func TestOutboxRetry(t *testing.T) {
	forEachEngine(t, func(t *testing.T, db *DB) {
		ctx := context.Background()
		err := db.WithTx(ctx, func(tx *Tx) error {
			for _, id := range []string{"<m1@x>", "<m1@x>", "<m2@x>"} {
				if err := tx.Enqueue(Outgoing{MessageID: id, Kind: "receipt", Recipient: "a@x", Raw: []byte(id), CreatedAt: 10}); err != nil {
					return err
				}
			}
			due, err := tx.DueOutgoing(10, 10)
			if err != nil {
				return err
			}
			if len(due) != 2 {
				return fmt.Errorf("due = %d, want 2 (a Message-ID is queued once)", len(due))
			}
			if err := tx.MarkFailed(due[0].ID, "421 try later", false, 100); err != nil {
				return err
			}
			if err := tx.MarkSent(due[1].ID, 11); err != nil {
				return err
			}
			if due, _ = tx.DueOutgoing(50, 10); len(due) != 0 {
				t.Errorf("a mail is due before its retry time: %+v", due)
			}
			if due, _ = tx.DueOutgoing(100, 10); len(due) != 1 || due[0].MessageID != "<m1@x>" || due[0].Attempts != 1 {
				t.Errorf("retry not due as expected: %+v", due)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}

func TestJournalChain(t *testing.T) {
	forEachEngine(t, func(t *testing.T, db *DB) {
		ctx := context.Background()
		err := db.WithTx(ctx, func(tx *Tx) error {
			if err := tx.CreateGame(Game{ID: "g", System: "s", Scenario: "x", State: []byte("s"), ChartPack: []byte("c"),
				DiceSecret: []byte{1}, DiceHead: []byte{2}, DiceLinks: 3, ThreadID: "<t@x>"}, nil); err != nil {
				return err
			}
			if err := tx.AppendEvents("g", 0, []string{"a", "b"}, []string{`{"n":1}`, `{"n":2}`}); err != nil {
				return err
			}
			return tx.AppendEvents("g", 1, []string{"c"}, []string{`{"n":3}`})
		})
		if err != nil {
			t.Fatal(err)
		}
		var j []JournalEntry
		_ = db.WithTx(ctx, func(tx *Tx) error { j, err = tx.Journal("g"); return err })
		if len(j) != 3 {
			t.Fatalf("journal has %d entries", len(j))
		}
		if err := VerifyJournal(j); err != nil {
			t.Fatalf("untouched journal: %v", err)
		}
		j[1].Body = `{"n":20}`
		if err := VerifyJournal(j); err == nil {
			t.Fatal("an edited journal entry was not detected")
		}
	})
}

func TestMigrationsAreIdempotent(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.db")
	for i := 0; i < 2; i++ {
		db, err := Open(context.Background(), path)
		if err != nil {
			t.Fatalf("open #%d: %v", i+1, err)
		}
		db.Close()
	}
}

// The same mail delivered twice with different transport headers (two
// recipients, two Delivered-To lines) is one mail: the body hash covers
// the body only. The same Message-ID with another body is another mail.
func TestDedupeIgnoresTransportHeaders(t *testing.T) {
	forEachEngine(t, func(t *testing.T, db *DB) {
		ctx := context.Background()
		a := Inbound{Mailbox: "INBOX", UIDValidity: 7, UID: 1, MessageID: "<a@x>", ReceivedAt: 1,
			Raw: []byte("Delivered-To: gm+one@x\r\nMessage-ID: <a@x>\r\n\r\nGAME g\r\n")}
		b := a
		b.UID, b.Raw = 2, []byte("Delivered-To: gm+two@x\r\nMessage-ID: <a@x>\r\n\r\nGAME g\r\n")
		c := a
		c.UID, c.Raw = 3, []byte("Delivered-To: gm+one@x\r\nMessage-ID: <a@x>\r\n\r\nGAME h\r\n")
		var got []bool
		err := db.WithTx(ctx, func(tx *Tx) error {
			for _, m := range []Inbound{a, b, c} {
				_, ok, err := tx.InsertInbound(m)
				if err != nil {
					return err
				}
				got = append(got, ok)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != "[true false true]" {
			t.Fatalf("inserted %v, want [true false true]", got)
		}
	})
}

func TestMailboxValidity(t *testing.T) {
	forEachEngine(t, func(t *testing.T, db *DB) {
		ctx := context.Background()
		err := db.WithTx(ctx, func(tx *Tx) error {
			if v, err := tx.MailboxValidity("INBOX"); err != nil || v != 0 {
				return fmt.Errorf("new database: %d, %v; want 0", v, err)
			}
			// A database from before mailboxes were recorded: the newest
			// stored mail's UIDVALIDITY counts.
			if _, _, err := tx.InsertInbound(Inbound{Mailbox: "INBOX", UIDValidity: 9, UID: 1, MessageID: "<a@x>", Raw: []byte("a")}); err != nil {
				return err
			}
			if v, err := tx.MailboxValidity("INBOX"); err != nil || v != 9 {
				return fmt.Errorf("from stored mail: %d, %v; want 9", v, err)
			}
			if err := tx.SetMailboxValidity("INBOX", 12, 5); err != nil {
				return err
			}
			if v, err := tx.MailboxValidity("INBOX"); err != nil || v != 12 {
				return fmt.Errorf("recorded: %d, %v; want 12", v, err)
			}
			if v, err := tx.MailboxValidity("Other"); err != nil || v != 0 {
				return fmt.Errorf("another mailbox: %d, %v; want 0", v, err)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}

func TestUIDTaken(t *testing.T) {
	forEachEngine(t, func(t *testing.T, db *DB) {
		m := Inbound{Mailbox: "gm@x:993/INBOX", UIDValidity: 3, UID: 1, MessageID: "<a@x>", Raw: []byte("H: 1\r\n\r\nbody")}
		err := db.WithTx(context.Background(), func(tx *Tx) error {
			if taken, err := tx.UIDTaken(m); err != nil || taken {
				return fmt.Errorf("empty database: taken=%v, %v", taken, err)
			}
			if _, _, err := tx.InsertInbound(m); err != nil {
				return err
			}
			same := m
			same.Raw = []byte("H: 2\r\n\r\nbody") // the same mail, another header
			other := m
			other.MessageID = "<b@x>"
			for _, c := range []struct {
				m    Inbound
				want bool
			}{{m, false}, {same, false}, {other, true}} {
				if taken, err := tx.UIDTaken(c.m); err != nil || taken != c.want {
					return fmt.Errorf("%s: taken=%v, %v; want %v", c.m.MessageID, taken, err, c.want)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}
