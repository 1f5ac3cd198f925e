package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"galloper/adjudicator"
	"galloper/adjudicator/store"
	"galloper/adjudicator/store/storetest"
	"galloper/rules/systems"
)

// `galloper store migrate` moves the demo's SQLite games to PostgreSQL:
// there they replay to the same states and dice records, and export bit
// for bit as they do from SQLite. A second copy into the same database
// is refused.
func TestStoreMigrateDemo(t *testing.T) {
	dsn := storetest.Schema(t)
	ctx := context.Background()
	path := playDemo(t, 4)
	counts, err := migrateStore(ctx, path, dsn)
	if err != nil {
		t.Fatal(err)
	}
	if counts["games"] != 1 || counts["segments"] != 8 || counts["inbound"] == 0 || counts["events"] == 0 {
		t.Fatalf("copied %v", counts)
	}
	lite, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer lite.Close()
	pg, err := store.OpenPostgres(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close()
	var want, got bytes.Buffer
	if err := exportGame(ctx, lite, demoGame, &want); err != nil {
		t.Fatal(err)
	}
	if err := exportGame(ctx, pg, demoGame, &got); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Fatalf("the export from PostgreSQL (%d bytes) differs from SQLite's (%d bytes)", got.Len(), want.Len())
	}
	res, err := adjudicator.New(pg, adjudicator.Config{Systems: systems.All()}, time.Now, nil, nil).Replay(ctx, demoGame)
	if err != nil {
		t.Fatalf("replay on PostgreSQL: %v", err)
	}
	if res.Segments != 8 || res.Rolls == 0 {
		t.Fatalf("replayed %+v, want 8 segments with rolls", res)
	}
	// New rows get new ids past the copied ones.
	err = pg.WithTx(ctx, func(tx *store.Tx) error {
		last, err := tx.LastOutboxID()
		if err != nil {
			return err
		}
		if err := tx.Enqueue(store.Outgoing{MessageID: "<after-copy@x>", Kind: "receipt", Recipient: "a@x", Raw: []byte("r")}); err != nil {
			return err
		}
		next, err := tx.LastOutboxID()
		if err == nil && next != last+1 {
			t.Errorf("outbox id after the copy: %d, want %d", next, last+1)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := migrateStore(ctx, path, dsn); err == nil || !strings.Contains(err.Error(), "copy only into a new database") {
		t.Fatalf("second copy: %v", err)
	}
}
