package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// copyTables are the tables a game set lives in, parents before the
// tables that refer to them. schema_migrations is not copied: each
// database records its own engine's migrations.
var copyTables = []string{"games", "players", "inbound", "orders", "segments", "events", "outbox",
	"refusals", "absences", "decisions", "mailboxes"}

// CopyCounts is how many rows of each table Copy copied.
type CopyCounts map[string]int

// Copy copies every row of a game set from one database to another, such
// as a SQLite database to a new PostgreSQL one (`galloper store migrate`),
// keeping every id, so that Message-IDs, journal hashes and references
// between rows stay as they were. The target must hold no games and no
// mail; everything is copied in one transaction on it, or nothing is.
// Stop the daemon that writes from first.
func Copy(ctx context.Context, from, to *DB) (CopyCounts, error) {
	if from.eng.name() != "sqlite" || to.eng.name() != "postgres" {
		return nil, fmt.Errorf("copy: copies a SQLite database to PostgreSQL, not %s to %s", from.eng.name(), to.eng.name())
	}
	counts := CopyCounts{}
	err := to.WithTx(ctx, func(dst *Tx) error {
		for _, table := range []string{"games", "inbound", "outbox"} {
			var n int
			if err := dst.queryRow(`SELECT count(*) FROM ` + table).Scan(&n); err != nil {
				return err
			}
			if n > 0 {
				return fmt.Errorf("copy: the target database already has %d rows in %s; copy only into a new database", n, table)
			}
		}
		src, err := from.sql.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		defer src.Rollback()
		for _, table := range copyTables {
			n, err := copyTable(ctx, src, dst, table)
			if err != nil {
				return fmt.Errorf("copy %s: %w", table, err)
			}
			counts[table] = n
		}
		return to.eng.afterCopy(dst)
	})
	return counts, err
}

// copyTable copies one table's rows, in the order of their keys, column
// by column as the target has them.
func copyTable(ctx context.Context, src *sql.Tx, dst *Tx, table string) (int, error) {
	cols, bools, err := dst.eng.columns(dst, table)
	if err != nil {
		return 0, err
	}
	list := strings.Join(cols, ", ")
	rows, err := src.QueryContext(ctx, `SELECT `+list+` FROM `+table+` ORDER BY rowid`)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	insert := `INSERT INTO ` + table + `(` + list + `) VALUES (` + strings.TrimSuffix(strings.Repeat("?,", len(cols)), ",") + `)`
	n := 0
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return n, err
		}
		for i, v := range vals {
			if iv, ok := v.(int64); ok && bools[i] {
				vals[i] = iv != 0 // SQLite keeps booleans as 0 and 1
			}
		}
		st, err := dst.prepared(insert)
		if err != nil {
			return n, err
		}
		if _, err := st.ExecContext(dst.ctx, vals...); err != nil {
			return n, err
		}
		n++
	}
	return n, rows.Err()
}
