package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"sync"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
)

// engine is what differs between the databases Galloper runs on. The
// queries are written once, with ? placeholders; the engine rewrites
// them for its driver.
type engine interface {
	name() string
	// rebind rewrites a query's ? placeholders for the driver.
	rebind(q string) string
	txOptions() *sql.TxOptions
	migrationsDir() string
	migrationsTable() string
	// lockMigrations serialises migrations between processes.
	lockMigrations(*Tx) error
	// forUpdate ends a query that reads a game's row: it holds the game
	// for the rest of the transaction, so that work on one game never
	// runs in two transactions at once.
	forUpdate() string
	beforeClose(*sql.DB)
}

// sqliteEngine is SQLite through mattn/go-sqlite3. Its one connection
// and immediate transactions serialise all work, so it needs no locks.
type sqliteEngine struct{}

func (sqliteEngine) name() string              { return "sqlite" }
func (sqliteEngine) rebind(q string) string    { return q }
func (sqliteEngine) txOptions() *sql.TxOptions { return nil }
func (sqliteEngine) migrationsDir() string     { return "migrations" }
func (sqliteEngine) lockMigrations(*Tx) error  { return nil }
func (sqliteEngine) forUpdate() string         { return "" }
func (sqliteEngine) beforeClose(sdb *sql.DB)   { _, _ = sdb.Exec("PRAGMA wal_checkpoint(TRUNCATE)") }
func (sqliteEngine) migrationsTable() string {
	return `CREATE TABLE IF NOT EXISTS schema_migrations (
		version TEXT PRIMARY KEY, sha256 TEXT NOT NULL) STRICT`
}

// postgresEngine is PostgreSQL through pgx. Several daemons may share the
// database: transactions run at READ COMMITTED, and work on a game takes
// the game's row lock first (see forUpdate), so each game's work is
// serialised across daemons while different games go on in parallel.
type postgresEngine struct{}

func (postgresEngine) name() string { return "postgres" }
func (postgresEngine) txOptions() *sql.TxOptions {
	return &sql.TxOptions{Isolation: sql.LevelReadCommitted}
}
func (postgresEngine) migrationsDir() string { return "migrations/postgres" }
func (postgresEngine) beforeClose(*sql.DB)   {}
func (postgresEngine) migrationsTable() string {
	return `CREATE TABLE IF NOT EXISTS schema_migrations (version TEXT PRIMARY KEY, sha256 TEXT NOT NULL)`
}

// lockMigrations takes a transaction-scoped advisory lock, keyed by the
// schema so that separate schemas in one database do not wait on each
// other.
func (postgresEngine) lockMigrations(t *Tx) error {
	_, err := t.exec(`SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':galloper-migrate'))`)
	return err
}

func (postgresEngine) forUpdate() string { return " FOR UPDATE" }

var rebound sync.Map // query → query with $n placeholders

// rebind turns each ? outside a quoted string into $1, $2, ...
func (postgresEngine) rebind(q string) string {
	if r, ok := rebound.Load(q); ok {
		return r.(string)
	}
	var b strings.Builder
	n, quoted := 0, false
	for i := 0; i < len(q); i++ {
		c := q[i]
		switch {
		case c == '\'':
			quoted = !quoted
		case c == '?' && !quoted:
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteByte(c)
	}
	r := b.String()
	rebound.Store(q, r)
	return r
}

// OpenPostgres connects to the PostgreSQL database at dsn (a URL or
// key=value string, as libpq reads it) and applies any pending
// migrations. Several daemons may open the same database.
func OpenPostgres(ctx context.Context, dsn string) (*DB, error) {
	sdb, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, fmt.Errorf("open PostgreSQL database: %w", err)
	}
	sdb.SetMaxOpenConns(8)
	sdb.SetMaxIdleConns(8)
	if err := sdb.PingContext(ctx); err != nil {
		sdb.Close()
		return nil, fmt.Errorf("connect to PostgreSQL: %w", err)
	}
	db := &DB{sql: sdb, eng: postgresEngine{}}
	if err := db.migrate(ctx); err != nil {
		sdb.Close()
		return nil, fmt.Errorf("migrate PostgreSQL database: %w", err)
	}
	return db, nil
}
