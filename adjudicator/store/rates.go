package store

// RecentMail counts the mails of class noted for address after since,
// and gives the time of the oldest of them (0 when there is none).
func (t *Tx) RecentMail(address, class string, since int64) (n int, oldest int64, err error) {
	var first *int64
	err = t.queryRow(`SELECT count(*), min(at) FROM mail_rates WHERE address = ? AND class = ? AND at > ?`,
		address, class, since).Scan(&n, &first)
	if first != nil {
		oldest = *first
	}
	return n, oldest, err
}

// NoteMail notes a mail of class from address at time at, and forgets
// that address's notes of the class at or before before.
func (t *Tx) NoteMail(address, class string, at, before int64) error {
	if _, err := t.exec(`DELETE FROM mail_rates WHERE address = ? AND class = ? AND at <= ?`, address, class, before); err != nil {
		return err
	}
	_, err := t.exec(`INSERT INTO mail_rates(address, class, at) VALUES (?, ?, ?)`, address, class, at)
	return err
}
