package store

// DiceLinkUsed returns the highest dice chain link a record of the game
// has used (0 before the first), including records since rolled back.
func (t *Tx) DiceLinkUsed(gameID string) (int, error) {
	var k int
	err := t.queryRow(`SELECT dice_used FROM games WHERE id = ?`, gameID).Scan(&k)
	return k, notFound(err, "game "+gameID)
}

// UseDiceLink records that a record of the game has used chain link k.
// The mark never goes down: a rolled-back record's link stays used.
func (t *Tx) UseDiceLink(gameID string, k int) error {
	_, err := t.exec(`UPDATE games SET dice_used = CASE WHEN dice_used > ? THEN dice_used ELSE ? END WHERE id = ?`, k, k, gameID)
	return err
}
