package store

import (
	"context"
	"slices"
	"testing"
)

// dueGames creates, in db, one game for each way a game can stand at
// deadline time 1,000 (Unix ms) with players reminded 100 ms ahead.
func dueGames(t *testing.T, db *DB) {
	t.Helper()
	ctx := context.Background()
	err := db.WithTx(ctx, func(tx *Tx) error {
		for _, g := range []Game{
			{ID: "due", Deadline: 1000},
			{ID: "past", Deadline: 500},
			{ID: "remind", Deadline: 1050}, // in the reminder window
			{ID: "later", Deadline: 5000},
			{ID: "none"},                    // no deadline
			{ID: "paused", Deadline: 500},   // paused below
			{ID: "over", Deadline: 500},     // over below
			{ID: "asked", Deadline: 5000},   // a decision's deadline has passed
			{ID: "waiting", Deadline: 5000}, // a decision's deadline is still ahead
		} {
			g.System, g.Scenario, g.State, g.ChartPack = "lob.v2", "s", []byte("{}"), []byte("{}")
			g.DiceSecret, g.DiceHead = []byte("s"), []byte("h")
			if err := tx.CreateGame(g, nil); err != nil {
				return err
			}
		}
		if err := tx.SetSchedule("paused", 500, 700); err != nil {
			return err
		}
		if err := tx.AdvanceGame("over", 1, []byte("{}"), true, 500); err != nil {
			return err
		}
		for _, d := range []Decision{{GameID: "asked", Deadline: 900}, {GameID: "waiting", Deadline: 2000}} {
			d.Key, d.Side, d.Options, d.Default = "k", "USA", []string{"a", "b"}, "a"
			if _, err := tx.RequestDecision(d); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// DueGames lists exactly the games whose deadline work may be due: the
// deadline reached or within the reminder window, or a decision's own
// deadline passed; never a game without a deadline, paused or over.
func TestDueGames(t *testing.T) {
	forEachEngine(t, func(t *testing.T, db *DB) {
		dueGames(t, db)
		var ids []string
		err := db.WithTx(context.Background(), func(tx *Tx) (err error) {
			ids, err = tx.DueGames(1000, 100)
			return err
		})
		if want := []string{"asked", "due", "past", "remind"}; err != nil || !slices.Equal(ids, want) {
			t.Fatalf("DueGames = %v, %v; want %v", ids, err, want)
		}
		if err := db.WithTx(context.Background(), func(tx *Tx) (err error) {
			ids, err = tx.DueGames(1000, 0)
			return err
		}); err != nil || !slices.Equal(ids, []string{"asked", "due", "past"}) {
			t.Fatalf("DueGames without reminders = %v, %v", ids, err)
		}
	})
}

// ClaimGame claims a game that exists and no other transaction holds; a
// game that does not exist is not claimed.
func TestClaimGame(t *testing.T) {
	forEachEngine(t, func(t *testing.T, db *DB) {
		dueGames(t, db)
		err := db.WithTx(context.Background(), func(tx *Tx) error {
			if g, ok, err := tx.ClaimGame("due"); err != nil || !ok || g.ID != "due" || g.Deadline != 1000 {
				t.Errorf("ClaimGame(due) = %+v, %v, %v", g.ID, ok, err)
			}
			if _, ok, err := tx.ClaimGame("nosuch"); err != nil || ok {
				t.Errorf("ClaimGame(nosuch) = %v, %v; want not ok", ok, err)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}

// On a shared database, a daemon's deadline check passes over a game
// another daemon holds, at once, instead of waiting for its row lock
// (SELECT ... FOR UPDATE SKIP LOCKED), and claims it once it is free.
func TestClaimGameSkipsLocked(t *testing.T) {
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
	dueGames(t, a)
	claim := func(id string) bool {
		var ok bool
		if err := b.WithTx(ctx, func(tx *Tx) (err error) { _, ok, err = tx.ClaimGame(id); return err }); err != nil {
			t.Fatal(err)
		}
		return ok
	}
	err = a.WithTx(ctx, func(tx *Tx) error {
		if _, err := tx.Game("due"); err != nil { // holds the row, as work on the game does
			return err
		}
		if claim("due") {
			t.Error("another daemon claimed a game whose row is held")
		}
		if !claim("past") {
			t.Error("another daemon could not claim a game nobody holds")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !claim("due") {
		t.Error("the game was not claimed once its row was free")
	}
}
