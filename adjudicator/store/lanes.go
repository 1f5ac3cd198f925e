package store

import (
	"context"
	"database/sql/driver"
	"fmt"
)

// Lane claims a lane of work (the mail of one game, say) for this process
// until release is called: on PostgreSQL, several daemons share the
// database, and a lane claimed by one is refused (ok false) to the others
// until it is released, or until the daemon holding it dies and its
// connection with it. On SQLite, where one daemon works alone, every lane
// is granted at once.
//
// The claim is a connection-level advisory lock, on a connection of its
// own, keyed by the schema and the lane's name.
func (db *DB) Lane(ctx context.Context, name string) (release func(), ok bool, err error) {
	if db.eng.name() != "postgres" {
		return func() {}, true, nil
	}
	conn, err := db.sql.Conn(ctx)
	if err != nil {
		return nil, false, fmt.Errorf("claim lane %q: %w", name, err)
	}
	key := `hashtext(current_schema() || ':lane:' || $1)`
	if err := conn.QueryRowContext(ctx, `SELECT pg_try_advisory_lock(`+key+`)`, name).Scan(&ok); err != nil || !ok {
		conn.Close()
		if err != nil {
			err = fmt.Errorf("claim lane %q: %w", name, err)
		}
		return nil, false, err
	}
	return func() {
		var unlocked bool
		err := conn.QueryRowContext(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock(`+key+`)`, name).Scan(&unlocked)
		if err != nil || !unlocked {
			// Never hand a connection that may still hold the lock back
			// to the pool: drop it, and the server drops the lock.
			_ = conn.Raw(func(any) error { return driver.ErrBadConn })
		}
		conn.Close()
	}, true, nil
}
