package store_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"galloper/adjudicator/store"
)

// A new database is readable by its owner only.
func TestNewDatabaseIsPrivate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.db")
	db, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if m := st.Mode().Perm(); m != 0o600 {
		t.Fatalf("database created with mode %o, want 600", m)
	}
}

// A database whose folder is missing is refused with a sentence that
// names the folder to create.
func TestDatabaseFolderMissing(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "var-lib-galloper")
	_, err := store.Open(context.Background(), filepath.Join(dir, "g.db"))
	if err == nil || !strings.Contains(err.Error(), "folder "+dir+" does not exist") {
		t.Fatalf("Open in a missing folder: %v; want it to name the folder", err)
	}
}

// Writable succeeds on an ordinary database, leaves nothing behind, and
// fails on one that cannot be written.
func TestWritable(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "g.db")
	db, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Writable(ctx); err != nil {
		t.Fatalf("Writable on a fresh database: %v", err)
	}
	if err := db.Writable(ctx); err != nil {
		t.Fatalf("Writable twice: %v (the probe was left behind)", err)
	}
	db.Close()
	ro, err := store.OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if err := ro.Writable(ctx); err == nil || !strings.Contains(err.Error(), "readonly") {
		t.Fatalf("Writable on a read-only database: %v; want a readonly error", err)
	}
}
