package mail_test

import (
	"bytes"
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"galloper/adjudicator"
	"galloper/adjudicator/store"
	"galloper/adjudicator/store/storetest"
	"galloper/mail"
	"galloper/mail/mailtest"
	"galloper/rules/systems"
)

// Two daemons on one mailbox and one PostgreSQL database: both read the
// mailbox and both process the stored mail at the same time, yet every
// mail is stored once and processed once (the processing counts of the two
// add up to the number of mails), and every mail gets its reply.
func TestTwoDaemonsOnePostgres(t *testing.T) {
	dsn := storetest.Schema(t)
	ctx := context.Background()
	srv, err := mailtest.Start(gm, "gm", "pw")
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	now := func() time.Time { return time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC) }
	type daemon struct {
		db  *store.DB
		adj *adjudicator.Adjudicator
		in  *mail.Intake
		pr  *mail.Processor
	}
	var ds []daemon
	for i := range 2 {
		db, err := store.OpenPostgres(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		adj := adjudicator.New(db, adjudicator.Config{Systems: systems.All(), Address: gm, Domain: "galloper.test", Deadline: 72 * time.Hour},
			now, bytes.NewReader(bytes.Repeat([]byte{byte(7 + i)}, 1<<12)), nil)
		ds = append(ds, daemon{db, adj, mail.NewIntake(mail.IMAPConfig{Addr: srv.IMAPAddr, Username: "gm", Password: "pw"}, db, now, nil),
			mail.NewProcessor(adj, nil)})
	}
	for _, id := range []string{"creek", "ford"} {
		err = ds[0].adj.CreateGame(ctx, adjudicator.GameSpec{ID: id, System: "lob.v2", Scenario: "tanners-creek",
			Players: []adjudicator.PlayerSpec{{Side: "CSA", Email: csaAddr, Password: "tulip"}, {Side: "USA", Email: usaAddr, Password: "oak"},
				{Side: "UMPIRE", Email: umpAddr, Password: "whistle"}}})
		if err != nil {
			t.Fatal(err)
		}
	}
	const n = 40
	for i := range n {
		game := []string{"creek", "ford"}[i%2]
		raw := fmt.Sprintf("From: %s\r\nTo: %s\r\nSubject: orders %d\r\nMessage-ID: <m%d@players.test>\r\n\r\nGAME %s\r\nSIDE CSA\r\nTURN 1\r\nPASSWORD tulip\r\nFOO %d\r\n",
			csaAddr, gm, i, i, game, i)
		if err := srv.Deliver([]byte(raw)); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	stored := make([]int, 2)
	processed := make([]int, 2)
	errs := make([]error, 2)
	for i, d := range ds { // both read the mailbox at once
		wg.Go(func() { stored[i], errs[i] = d.in.PollOnce(ctx) })
	}
	wg.Wait()
	for i, d := range ds { // and both process the stored mail at once
		wg.Go(func() {
			if errs[i] != nil {
				return
			}
			// Each works, as a daemon's loop does, until no mail is new:
			// a mail whose game the other holds waits for the next round.
			for {
				k, err := d.pr.RunOnce(ctx)
				if err != nil {
					errs[i] = err
					return
				}
				processed[i] += k
				var left int
				if errs[i] = d.db.WithTx(ctx, func(tx *store.Tx) (err error) {
					left, err = tx.CountInbound("new")
					return err
				}); errs[i] != nil || left == 0 {
					return
				}
			}
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("daemon %d: %v", i, err)
		}
	}
	var all, left, replies int
	err = ds[1].db.WithTx(ctx, func(tx *store.Tx) (err error) {
		if all, err = tx.CountInbound(""); err != nil {
			return err
		}
		if left, err = tx.CountInbound("new"); err != nil {
			return err
		}
		replies, err = tx.CountOutbox("")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("stored %d+%d, processed %d+%d, replies %d", stored[0], stored[1], processed[0], processed[1], replies)
	if all != n || left != 0 {
		t.Errorf("inbound: %d stored, %d left new; want %d and 0", all, left, n)
	}
	if processed[0]+processed[1] != n {
		t.Errorf("processed %d + %d mails; want %d in all, each once", processed[0], processed[1], n)
	}
	if replies < n {
		t.Errorf("%d replies queued for %d mails", replies, n)
	}
}

// Two daemons on one PostgreSQL database act on a passed deadline at the
// same moment: the segment is resolved once, by one of them, and its
// results are queued once.
func TestTwoDaemonsOneDeadline(t *testing.T) {
	dsn := storetest.Schema(t)
	ctx := context.Background()
	clock := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	now := func() time.Time { return clock }
	var adjs []*adjudicator.Adjudicator
	for i := range 2 {
		db, err := store.OpenPostgres(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		adjs = append(adjs, adjudicator.New(db, adjudicator.Config{Systems: systems.All(), Address: gm, Domain: "galloper.test", Deadline: time.Hour},
			now, bytes.NewReader(bytes.Repeat([]byte{byte(7 + i)}, 1<<12)), nil))
	}
	err := adjs[0].CreateGame(ctx, adjudicator.GameSpec{ID: "creek", System: "lob.v2", Scenario: "tanners-creek",
		Players: []adjudicator.PlayerSpec{{Side: "CSA", Email: csaAddr, Password: "tulip"}, {Side: "USA", Email: usaAddr, Password: "oak"}}})
	if err != nil {
		t.Fatal(err)
	}
	var before int
	if err := adjs[0].DB().WithTx(ctx, func(tx *store.Tx) (err error) { before, err = tx.CountOutbox(""); return err }); err != nil {
		t.Fatal(err)
	}
	clock = clock.Add(2 * time.Hour) // past the deadline, no orders in
	var wg sync.WaitGroup
	resolved := make([]int, 2)
	errs := make([]error, 2)
	for i, adj := range adjs {
		wg.Go(func() { resolved[i], errs[i] = adj.ResolveDue(ctx) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("daemon %d: %v", i, err)
		}
	}
	var segs []store.Segment
	var after int
	err = adjs[1].DB().WithTx(ctx, func(tx *store.Tx) (err error) {
		if segs, err = tx.Segments("creek"); err != nil {
			return err
		}
		after, err = tx.CountOutbox("")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if resolved[0]+resolved[1] != 1 || len(segs) != 1 {
		t.Fatalf("resolved %d + %d, %d segments recorded; want one segment resolved once", resolved[0], resolved[1], len(segs))
	}
	if after == before {
		t.Fatal("no results queued")
	}
	// Once more, both: nothing is left to do, nothing more is queued.
	for _, adj := range adjs {
		if n, err := adj.ResolveDue(ctx); err != nil || n != 0 {
			t.Fatalf("again: resolved %d (%v)", n, err)
		}
	}
	var again int
	if err := adjs[1].DB().WithTx(ctx, func(tx *store.Tx) (err error) { again, err = tx.CountOutbox(""); return err }); err != nil || again != after {
		t.Fatalf("outbox %d after a second round, %d after the first (%v)", again, after, err)
	}
}
