package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// The store's own tests cannot use package storetest (it imports this
// one), so they open their databases here, the same way.

var warnOnce sync.Once

func openEngine(t testing.TB, engine string) *DB {
	t.Helper()
	ctx := context.Background()
	var db *DB
	var err error
	if engine == "sqlite" {
		db, err = Open(ctx, filepath.Join(t.TempDir(), "g.db"))
	} else {
		db, err = OpenPostgres(ctx, testSchema(t))
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// testSchema creates a schema of the test's own on the server named by
// GALLOPER_TEST_POSTGRES, dropped when the test ends, and returns a DSN
// working in it; it skips the test, with a warning, when none is named.
func testSchema(t testing.TB) string {
	t.Helper()
	dsn := os.Getenv("GALLOPER_TEST_POSTGRES")
	if dsn == "" {
		warnOnce.Do(func() {
			fmt.Fprintln(os.Stderr, "warning: GALLOPER_TEST_POSTGRES is not set: the PostgreSQL tests are skipped (scripts/postgres.sh starts a server)")
		})
		t.Skip("PostgreSQL: GALLOPER_TEST_POSTGRES is not set")
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	schema := "test_" + hex.EncodeToString(b[:])
	admin, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Close() })
	if _, err := admin.Exec(`CREATE SCHEMA ` + schema); err != nil {
		t.Fatalf("PostgreSQL at GALLOPER_TEST_POSTGRES: %v", err)
	}
	t.Cleanup(func() { _, _ = admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`) })
	sep := " "
	if strings.Contains(dsn, "://") {
		sep = "?"
		if strings.Contains(dsn, "?") {
			sep = "&"
		}
	}
	return dsn + sep + "search_path=" + schema
}
