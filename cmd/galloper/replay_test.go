package main

import (
	"bytes"
	"context"
	"database/sql"
	"galloper/rules/systems"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"galloper/adjudicator"
	"galloper/adjudicator/store"
)

// playDemo plays the demo game into a temporary folder and returns the
// path of its database.
func playDemo(tb testing.TB, turns int) string {
	tb.Helper()
	out := tb.TempDir()
	var summary bytes.Buffer
	if err := runDemo(context.Background(), &summary, out, turns, 1); err != nil {
		tb.Fatalf("demo: %v\n%s", err, summary.String())
	}
	return filepath.Join(out, "galloper.db")
}

func replayDB(t *testing.T, path string) (adjudicator.ReplayResult, error) {
	t.Helper()
	db, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	return adjudicator.New(db, adjudicator.Config{Systems: systems.All()}, time.Now, nil, nil).Replay(context.Background(), demoGame)
}

// TestReplay: the demo game replays from its database to the same states
// and dice records, and an altered stored state or order is found and
// named.
func TestReplay(t *testing.T) {
	path := playDemo(t, 4)
	res, err := replayDB(t, path)
	if err != nil {
		t.Fatalf("replay of an untouched game: %v", err)
	}
	if res.Segments != 8 || res.Rolls == 0 {
		t.Fatalf("replayed %+v, want 8 segments with rolls", res)
	}
	for _, c := range []struct{ name, sql, want string }{
		{"state after", `UPDATE segments SET state_after = CAST(state_after || 'x' AS BLOB) WHERE segment_index = 2`, "the state replayed differs"},
		{"orders", `UPDATE orders SET hash = replace(hash, substr(hash, 1, 1), 'f') WHERE segment_index = 1`, "dice record replayed differs"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "g.db")
			copyDB(t, path, p)
			raw, err := sql.Open("sqlite3", p)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := raw.Exec(c.sql); err != nil {
				t.Fatal(err)
			}
			raw.Close()
			if _, err := replayDB(t, p); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("replay after altering the %s: %v, want an error saying %q", c.name, err, c.want)
			}
		})
	}
}

// copyDB copies a SQLite database with VACUUM INTO, so its journal mode
// does not matter.
func copyDB(t *testing.T, from, to string) {
	t.Helper()
	db, err := sql.Open("sqlite3", from)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`VACUUM INTO ?`, to); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkReplay replays every segment of the demo game from its
// database: decode each state, rebuild its dice from the chain, resolve it
// again and compare.
func BenchmarkReplay(b *testing.B) {
	path := playDemo(b, 8)
	db, err := store.Open(context.Background(), path)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	adj := adjudicator.New(db, adjudicator.Config{Systems: systems.All()}, time.Now, nil, nil)
	var res adjudicator.ReplayResult
	for b.Loop() {
		if res, err = adj.Replay(context.Background(), demoGame); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(res.Segments), "segments")
	b.ReportMetric(float64(res.Rolls), "rolls")
}
