package store

import "fmt"

// StartInboundAttempt counts one more attempt to process a pending mail,
// before the attempt starts, so that an attempt that kills the process
// counts too. It returns the attempt's number (1 for the first).
func (t *Tx) StartInboundAttempt(id int64) (int, error) {
	var n int
	err := t.queryRow(`UPDATE inbound SET attempts = attempts + 1 WHERE id = ? AND status = 'new' RETURNING attempts`, id).Scan(&n)
	return n, notFound(err, fmt.Sprintf("pending inbound mail %d", id))
}

// NoteInboundError records the error of a failed attempt counted by
// StartInboundAttempt; the mail stays pending.
func (t *Tx) NoteInboundError(id int64, reason string) error {
	_, err := t.exec(`UPDATE inbound SET result = ? WHERE id = ?`, "error: "+reason, id)
	return err
}

// SetInboundAside sets a mail aside as failed, with the reason, so that
// the mails behind it can go on. An operator finds it by its status.
func (t *Tx) SetInboundAside(id int64, reason string) error {
	_, err := t.exec(`UPDATE inbound SET status = 'failed', result = ? WHERE id = ?`, "error: "+reason, id)
	return err
}
