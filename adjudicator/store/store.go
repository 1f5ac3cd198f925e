// Package store keeps everything Galloper knows in a database: games,
// players, raw inbound mail, orders, resolved segments, the hash-linked
// event journal and the outbound mail queue. Nothing lives only in memory.
//
// The database is SQLite (the default, one file beside the daemon) or
// PostgreSQL (for several daemons on one mailbox set). Both run the same
// queries through an engine (see engine.go), which supplies what differs:
// the driver, placeholders, migrations and locks.
package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strings"

	_ "github.com/mattn/go-sqlite3" // registers the "sqlite3" driver
)

//go:embed migrations/*.sql migrations/postgres/*.sql
var migrations embed.FS

// ErrNotFound is returned when a row does not exist.
var ErrNotFound = errors.New("not found")

// DB is a Galloper database.
type DB struct {
	sql *sql.DB
	eng engine
	// instance names this process's connection to a shared (PostgreSQL)
	// database; alive holds its daemon lock (see OpenPostgres).
	instance string
	alive    *sql.Conn
	// mailKey keys the hashes of received mail (see SetMailKey).
	mailKey []byte
}

// Open opens (creating if needed) the database at path and applies any
// pending migrations. The connection runs in WAL mode with full sync, so a
// committed row survives a crash or power loss.
func Open(ctx context.Context, path string) (*DB, error) {
	if err := prepareFile(path); err != nil {
		return nil, err
	}
	dsn := "file:" + path + "?_journal_mode=WAL&_busy_timeout=10000&_foreign_keys=on&_synchronous=FULL&_txlock=immediate"
	sdb, err := sql.Open("sqlite3", dsn)
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	sdb.SetMaxOpenConns(1) // one writer; SQLite serialises writes anyway
	db := &DB{sql: sdb, eng: sqliteEngine{}}
	if err := db.migrate(ctx); err != nil {
		sdb.Close()
		return nil, fmt.Errorf("migrate database %s: %w", path, err)
	}
	return db, nil
}

// Close closes the database (a SQLite database checkpoints its WAL first).
func (db *DB) Close() error {
	db.eng.beforeClose(db.sql)
	if db.alive != nil {
		// Give the daemon lock back before the connection goes: the server
		// drops a closed connection's locks only when its backend has
		// exited, which another daemon may not see at once. (A daemon that
		// dies loses the lock that way, a moment later.)
		db.alive.ExecContext(context.Background(), `SELECT pg_advisory_unlock(`+daemonKey(`$1`)+`)`, db.instance)
		db.alive.Close()
	}
	return db.sql.Close()
}

// Engine names the database engine: "sqlite" or "postgres".
func (db *DB) Engine() string { return db.eng.name() }

func (db *DB) migrate(ctx context.Context) error {
	if _, err := db.sql.ExecContext(ctx, db.eng.migrationsTable()); err != nil {
		return err
	}
	dir := db.eng.migrationsDir()
	names, err := fs.Glob(migrations, dir+"/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	for _, name := range names {
		body, err := migrations.ReadFile(name)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(body)
		want := hex.EncodeToString(sum[:])
		version := strings.TrimSuffix(strings.TrimPrefix(name, dir+"/"), ".sql")
		// Checked and applied in one transaction, which on PostgreSQL
		// holds a lock, so that daemons starting together apply each
		// migration once.
		err = db.WithTx(ctx, func(tx *Tx) error {
			if err := db.eng.lockMigrations(tx); err != nil {
				return err
			}
			var got string
			err := tx.queryRow(`SELECT sha256 FROM schema_migrations WHERE version = ?`, version).Scan(&got)
			switch {
			case err == nil:
				if got != want {
					return fmt.Errorf("migration %s was changed after it was applied (recorded %s, file %s)", version, got, want)
				}
				return nil
			case !errors.Is(err, sql.ErrNoRows):
				return err
			}
			if _, err := tx.tx.ExecContext(ctx, string(body)); err != nil {
				return fmt.Errorf("apply %s: %w", version, err)
			}
			_, err = tx.exec(`INSERT INTO schema_migrations(version, sha256) VALUES (?, ?)`, version, want)
			return err
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// Tx is a write transaction. Every method of Tx takes part in it.
type Tx struct {
	eng       engine
	claimNote string // what ClaimOutgoing writes: who claimed the mail
	mailKey   []byte // the database's mail key (see DB.SetMailKey)
	tx        *sql.Tx
	ctx       context.Context
	stmts     map[string]*sql.Stmt // prepared once per transaction; closed with it
}

// prepared returns q prepared in this transaction, reusing it for a batch
// of the same statement.
func (t *Tx) prepared(q string) (*sql.Stmt, error) {
	if st, ok := t.stmts[q]; ok {
		return st, nil
	}
	st, err := t.tx.PrepareContext(t.ctx, t.eng.rebind(q))
	if err != nil {
		return nil, err
	}
	if t.stmts == nil {
		t.stmts = map[string]*sql.Stmt{}
	}
	t.stmts[q] = st
	return st, nil
}

// WithTx runs fn in one transaction, committing if fn returns nil. If fn
// panics the transaction is rolled back before the panic goes on, so the
// one connection is free for whoever recovers it.
func (db *DB) WithTx(ctx context.Context, fn func(*Tx) error) error {
	t, err := db.sql.BeginTx(ctx, db.eng.txOptions())
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer func() {
		if r := recover(); r != nil {
			_ = t.Rollback()
			panic(r)
		}
	}()
	note := claimedNote
	if db.instance != "" {
		note += claimedBy + db.instance
	}
	if err := fn(&Tx{eng: db.eng, claimNote: note, mailKey: db.mailKey, tx: t, ctx: ctx}); err != nil {
		_ = t.Rollback()
		return err
	}
	if err := t.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

func (t *Tx) exec(q string, args ...any) (sql.Result, error) {
	return t.tx.ExecContext(t.ctx, t.eng.rebind(q), args...)
}
func (t *Tx) queryRow(q string, args ...any) *sql.Row {
	return t.tx.QueryRowContext(t.ctx, t.eng.rebind(q), args...)
}
func (t *Tx) query(q string, args ...any) (*sql.Rows, error) {
	return t.tx.QueryContext(t.ctx, t.eng.rebind(q), args...)
}

func notFound(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%s: %w", what, ErrNotFound)
	}
	return err
}
