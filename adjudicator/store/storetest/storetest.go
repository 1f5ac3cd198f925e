// Package storetest gives a test a PostgreSQL schema of its own on the
// server named by GALLOPER_TEST_POSTGRES (scripts/postgres.sh starts one
// and prints it). Without that server the PostgreSQL tests are skipped,
// with a warning.
package storetest

import (
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
)

// Env names the environment variable holding the test server's DSN.
const Env = "GALLOPER_TEST_POSTGRES"

var warnOnce sync.Once

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
