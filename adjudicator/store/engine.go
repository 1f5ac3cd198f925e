package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

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
	// skipLocked ends a query that claims a game's row like forUpdate,
	// but passes over a row another transaction holds instead of
	// waiting for it.
	skipLocked() string
	// queueIndex follows "FROM outbox" in a query that reads the queue in
	// id order: SQLite's planner would rather sort every pending mail.
	queueIndex() string
	beforeClose(*sql.DB)
	// columns lists a table's columns, and which of them are booleans.
	columns(t *Tx, table string) (cols []string, bools []bool, err error)
	// afterCopy brings the id sequences past the copied rows.
	afterCopy(t *Tx) error
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
func (sqliteEngine) skipLocked() string        { return "" }
func (sqliteEngine) queueIndex() string        { return " INDEXED BY outbox_queue" }
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

func (postgresEngine) forUpdate() string  { return " FOR UPDATE" }
func (postgresEngine) skipLocked() string { return " FOR UPDATE SKIP LOCKED" }
func (postgresEngine) queueIndex() string { return "" }

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
// migrations. Several daemons may open the same database. Connecting and
// migrating finish (or fail, within a minute) even when ctx ends
// meanwhile, so that a daemon stopped while it starts stops cleanly.
func OpenPostgres(ctx context.Context, dsn string) (*DB, error) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
	defer cancel()
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
	if err := db.holdDaemonLock(ctx); err != nil {
		sdb.Close()
		return nil, err
	}
	return db, nil
}

// claimedBy follows claimedNote on a shared database, before the name of
// the process that claimed the mail.
const claimedBy = " by "

// holdDaemonLock names this process and holds an advisory lock under that
// name, on a connection of its own, until Close: while the lock is held
// the process is alive, and when it dies the server drops the lock with
// its connection. Other daemons read the lock (daemonAlive) to tell a
// live daemon's claims from a dead one's.
func (db *DB) holdDaemonLock(ctx context.Context) error {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return err
	}
	db.instance = hex.EncodeToString(b[:])
	conn, err := db.sql.Conn(ctx)
	if err != nil {
		return fmt.Errorf("daemon lock: %w", err)
	}
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock(`+daemonKey(`$1`)+`)`, db.instance); err != nil {
		conn.Close()
		return fmt.Errorf("daemon lock: %w", err)
	}
	db.alive = conn
	return nil
}

// daemonKey is the two-part advisory lock key of the daemon named by the
// SQL expression name: non-negative, as pg_locks shows it.
func daemonKey(name string) string {
	return `hashtext(current_schema() || ':daemon') & 2147483647, hashtext(` + name + `) & 2147483647`
}

// daemonAlive is an SQL condition: the daemon named by the SQL expression
// name holds its daemon lock.
func daemonAlive(name string) string {
	return `EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted AND objsubid = 2
		AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
		AND classid::bigint = (hashtext(current_schema() || ':daemon') & 2147483647)
		AND objid::bigint = (hashtext(` + name + `) & 2147483647))`
}

func (sqliteEngine) columns(t *Tx, table string) ([]string, []bool, error) {
	rows, err := t.query(`SELECT name FROM pragma_table_info(?) ORDER BY cid`, table)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	var cols []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return nil, nil, err
		}
		cols = append(cols, c)
	}
	return cols, make([]bool, len(cols)), rows.Err()
}

func (sqliteEngine) afterCopy(*Tx) error { return nil }

func (postgresEngine) columns(t *Tx, table string) ([]string, []bool, error) {
	rows, err := t.query(`SELECT column_name, data_type FROM information_schema.columns
		WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position`, table)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	var cols []string
	var bools []bool
	for rows.Next() {
		var c, typ string
		if err := rows.Scan(&c, &typ); err != nil {
			return nil, nil, err
		}
		cols, bools = append(cols, c), append(bools, typ == "boolean")
	}
	return cols, bools, rows.Err()
}

// afterCopy moves each identity column's sequence past the highest id
// copied, so that the next row inserted gets a new one.
func (postgresEngine) afterCopy(t *Tx) error {
	for _, tc := range [][2]string{{"inbound", "id"}, {"orders", "id"}, {"outbox", "id"}, {"absences", "rowid"}, {"decisions", "id"}} {
		if _, err := t.exec(`SELECT setval(pg_get_serial_sequence('` + tc[0] + `', '` + tc[1] + `'),
			(SELECT COALESCE(max(` + tc[1] + `), 0) + 1 FROM ` + tc[0] + `), false)`); err != nil {
			return fmt.Errorf("sequence of %s: %w", tc[0], err)
		}
	}
	return nil
}
