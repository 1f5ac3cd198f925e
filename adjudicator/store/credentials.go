package store

// SetPasswordHash replaces a player's stored password hash.
func (t *Tx) SetPasswordHash(gameID, side, hash string) error {
	_, err := t.exec(`UPDATE players SET password_hash = ? WHERE game_id = ? AND side = ?`, hash, gameID, side)
	return err
}

// SetToken replaces a player's stored reply token.
func (t *Tx) SetToken(gameID, side, token string) error {
	_, err := t.exec(`UPDATE players SET token = ? WHERE game_id = ? AND side = ?`, token, gameID, side)
	return err
}

// PlainTokens lists the players whose stored reply token is set and does
// not start with sealed, the prefix of a sealed token.
func (t *Tx) PlainTokens(sealed string) ([]Player, error) {
	rows, err := t.query(`SELECT game_id, side, token FROM players WHERE token != '' AND substr(token, 1, ?) != ?
		ORDER BY game_id, side`, len(sealed), sealed)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Player
	for rows.Next() {
		var p Player
		if err := rows.Scan(&p.GameID, &p.Side, &p.Token); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}
