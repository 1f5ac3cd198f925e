// Package storetest opens Galloper databases for tests: SQLite in a
// temporary folder, and PostgreSQL in a schema of its own on the server
// named by GALLOPER_TEST_POSTGRES (scripts/postgres.sh starts one and
// prints it). Without that server the PostgreSQL tests are skipped, with
// a warning.
package storetest

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

	"galloper/adjudicator/store"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
)

// Env names the environment variable holding the test server's DSN.
const Env = "GALLOPER_TEST_POSTGRES"

var warnOnce sync.Once

// Engines are the engines every store test runs on.
var Engines = []string{"sqlite", "postgres"}

// Open opens a new, empty database on engine ("sqlite" or "postgres"),
// closed when the test ends. It skips the test when engine is postgres
// and no server is configured.
func Open(t testing.TB, engine string) *store.DB {
	t.Helper()
	ctx := context.Background()
	var db *store.DB
	var err error
	switch engine {
	case "sqlite":
		db, err = store.Open(ctx, filepath.Join(t.TempDir(), "g.db"))
	case "postgres":
		db, err = store.OpenPostgres(ctx, Schema(t))
	default:
		t.Fatalf("unknown engine %q", engine)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// Schema creates a schema of its own for the test on the test server,
// dropped when the test ends, and returns a DSN that works in it. It
// skips the test when no server is configured.
func Schema(t testing.TB) string {
	t.Helper()
	dsn := os.Getenv(Env)
	if dsn == "" {
		warnOnce.Do(func() {
			fmt.Fprintf(os.Stderr, "warning: %s is not set: the PostgreSQL tests are skipped (scripts/postgres.sh starts a server)\n", Env)
		})
		t.Skipf("PostgreSQL: %s is not set", Env)
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
		t.Fatalf("PostgreSQL at %s: %v", Env, err)
	}
	t.Cleanup(func() { _, _ = admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`) })
	return WithSearchPath(dsn, schema)
}

// WithSearchPath returns dsn with its search path set to schema.
func WithSearchPath(dsn, schema string) string {
	if strings.Contains(dsn, "://") {
		sep := "?"
		if strings.Contains(dsn, "?") {
			sep = "&"
		}
		return dsn + sep + "search_path=" + schema
	}
	return dsn + " search_path=" + schema
}
