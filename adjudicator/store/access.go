package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// prepareFile makes sure a new database is created readable by its owner
// only (0600; SQLite gives its -wal and -shm files the same mode), and
// says plainly when the folder it belongs in does not exist.
func prepareFile(path string) error {
	if _, err := os.Stat(path); err == nil || !errors.Is(err, fs.ErrNotExist) {
		return nil // there already, or a problem SQLite reports itself
	}
	dir := filepath.Dir(path)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return fmt.Errorf("database %s: its folder %s does not exist; create it first, owned by the user Galloper runs as (e.g. install -d -m 0750 -o galloper %s)", path, dir, dir)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		if errors.Is(err, fs.ErrExist) {
			return nil
		}
		return fmt.Errorf("create database %s: %w", path, err)
	}
	return f.Close()
}

// OpenReadOnly opens an existing database for reading only: every write
// fails with SQLite's "attempt to write a readonly database". It applies
// no migrations.
func OpenReadOnly(ctx context.Context, path string) (*DB, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	sdb, err := sql.Open("sqlite3", "file:"+path+"?_busy_timeout=10000&_foreign_keys=on&_query_only=1")
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	sdb.SetMaxOpenConns(1)
	if err := sdb.PingContext(ctx); err != nil {
		sdb.Close()
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	return &DB{sql: sdb, eng: sqliteEngine{}}, nil
}

// Writable reports an error when the database cannot be written (a
// read-only file or folder, a full disk, a lock held too long): it makes a
// write in a transaction and rolls it back.
func (db *DB) Writable(ctx context.Context) error {
	errProbe := errors.New("probe")
	err := db.WithTx(ctx, func(tx *Tx) error {
		if _, err := tx.exec(`INSERT INTO schema_migrations(version, sha256) VALUES ('writable-probe', '')`); err != nil {
			return err
		}
		return errProbe
	})
	if errors.Is(err, errProbe) {
		return nil
	}
	return fmt.Errorf("database not writable: %w", err)
}
