package store

import (
	"context"
	"testing"
)

// TestPendingDecisions: a segment may wait on a set of requests from both
// sides; each is listed in the order asked until it is answered, and
// PendingDecision gives the first still open.
func TestPendingDecisions(t *testing.T) {
	forEachEngine(t, func(t *testing.T, db *DB) {
		ctx := context.Background()
		var ids []int64
		err := db.WithTx(ctx, func(tx *Tx) error {
			if err := tx.CreateGame(Game{ID: "g", System: "s", Scenario: "x", State: []byte("s"), ChartPack: []byte("c"),
				DiceSecret: []byte{1}, DiceHead: []byte{2}, DiceLinks: 3, ThreadID: "<t@x>"}, nil); err != nil {
				return err
			}
			for _, side := range []string{"CSA", "USA"} {
				d, err := tx.RequestDecision(Decision{GameID: "g", SegmentIndex: 4, Key: "pick:" + side, Side: side, Rule: "R 1",
					Question: "Which?", Options: []string{"a", "b"}, Default: "a", RequestedAt: 1, Deadline: 2})
				if err != nil {
					return err
				}
				ids = append(ids, d.ID)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		pending := func() ([]Decision, Decision, bool) {
			var ds []Decision
			var first Decision
			var ok bool
			err := db.WithTx(ctx, func(tx *Tx) error {
				var err error
				if ds, err = tx.PendingDecisions("g"); err != nil {
					return err
				}
				first, ok, err = tx.PendingDecision("g")
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			return ds, first, ok
		}
		ds, first, ok := pending()
		if len(ds) != 2 || ds[0].Side != "CSA" || ds[0].Seq != 1 || ds[1].Side != "USA" || ds[1].Seq != 2 || !ok || first.Seq != 1 {
			t.Fatalf("pending %+v, first %+v", ds, first)
		}
		if err := db.WithTx(ctx, func(tx *Tx) error { return tx.Decide(ids[0], "b", "player", 3) }); err != nil {
			t.Fatal(err)
		}
		ds, first, ok = pending()
		if len(ds) != 1 || ds[0].Side != "USA" || !ok || first.Seq != 2 {
			t.Fatalf("after CSA's answer: pending %+v, first %+v", ds, first)
		}
		if err := db.WithTx(ctx, func(tx *Tx) error { return tx.Decide(ids[1], "a", "deadline", 3) }); err != nil {
			t.Fatal(err)
		}
		if ds, _, ok = pending(); len(ds) != 0 || ok {
			t.Fatalf("after both answers: pending %+v", ds)
		}
	})
}
