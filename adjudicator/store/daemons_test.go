package store

import (
	"context"
	"testing"
)

// On a shared database a sender's claim on a mail stands while its daemon
// lives, whoever else starts; once the daemon is gone (its connection, and
// with it its daemon lock), the next flush of another daemon releases the
// claim and the mail is due again at once.
func TestDeadDaemonsClaimsReleased(t *testing.T) {
	ctx := context.Background()
	dsn := testSchema(t)
	a, err := OpenPostgres(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := OpenPostgres(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	var claimed bool
	err = a.WithTx(ctx, func(tx *Tx) (err error) {
		if err := tx.Enqueue(Outgoing{MessageID: "<m1@x>", Kind: "receipt", Recipient: "a@x", Raw: []byte("r"), CreatedAt: 10}); err != nil {
			return err
		}
		claimed, err = tx.ClaimOutgoing(1, 10, 10+300_000)
		return err
	})
	if err != nil || !claimed {
		t.Fatalf("claim: %v, %v", claimed, err)
	}
	release := func(db *DB) int {
		var n int
		if err := db.WithTx(ctx, func(tx *Tx) (err error) { n, err = tx.ReleaseClaims(20); return err }); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := release(b); n != 0 {
		t.Fatalf("another daemon released %d claims of a live one", n)
	}
	a.Close()
	if n := release(b); n != 1 {
		t.Fatalf("released %d claims of a stopped daemon, want 1", n)
	}
	var due []Outgoing
	if err := b.WithTx(ctx, func(tx *Tx) (err error) { due, err = tx.DueOutgoing(20, 10); return err }); err != nil || len(due) != 1 {
		t.Fatalf("due after release: %d (%v), want 1", len(due), err)
	}
}
