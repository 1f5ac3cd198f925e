package store

import (
	"database/sql"
	"errors"
	"fmt"
)

// Game is a game's row.
type Game struct {
	ID           string
	System       string
	Scenario     string
	Status       string // "active" or "over"
	SegmentIndex int
	State        []byte
	ChartPack    []byte
	DiceSecret   []byte
	DiceHead     []byte
	DiceLinks    int
	Deadline     int64 // Unix ms; 0 = none
	ThreadID     string
	CreatedAt    int64
	PausedAt     int64 // Unix ms when an umpire paused the game; 0 = running
	// Preview holds each segment's results for the umpire until RELEASE.
	Preview bool
	// NMRPolicy says what happens when a deadline and its grace pass
	// without a side's orders: "defaults" resolves with the system's
	// default (standing) orders, "wait" waits for the player.
	NMRPolicy string
}

// Player is one side's player in a game.
type Player struct {
	GameID       string
	Side         string
	Email        string
	PasswordHash string
	// Token authenticates mail sent to the player's reply address
	// (address+game.side.token@domain).
	Token string
	// InviteHash is set while the side waits for a player to JOIN with
	// its invite code; Email is empty until then.
	InviteHash string
	ResignedAt int64  // Unix ms; 0 while playing
	PGPKey     string // armored OpenPGP public key; optional
}

// CreateGame inserts a new game with its players.
func (t *Tx) CreateGame(g Game, players []Player) error {
	_, err := t.exec(`INSERT INTO games(id, system, scenario, status, segment_index, state, chart_pack,
		dice_secret, dice_head, dice_links, deadline, thread_id, created_at, preview, nmr_policy)
		VALUES (?,?,?,'active',?,?,?,?,?,?,?,?,?,?,?)`,
		g.ID, g.System, g.Scenario, g.SegmentIndex, g.State, g.ChartPack, g.DiceSecret, g.DiceHead,
		g.DiceLinks, g.Deadline, g.ThreadID, g.CreatedAt, g.Preview, policy(g.NMRPolicy))
	if err != nil {
		return fmt.Errorf("create game %s: %w", g.ID, err)
	}
	for _, p := range players {
		if _, err := t.exec(`INSERT INTO players(game_id, side, email, password_hash, token, invite_hash, pgp_key)
			VALUES (?,?,?,?,?,?,?)`, g.ID, p.Side, p.Email, p.PasswordHash, p.Token, p.InviteHash, p.PGPKey); err != nil {
			return fmt.Errorf("add player %s to game %s: %w", p.Side, g.ID, err)
		}
	}
	return nil
}

const gameCols = `id, system, scenario, status, segment_index, state, chart_pack, dice_secret, dice_head,
	dice_links, deadline, thread_id, created_at, paused_at, preview, nmr_policy`

func scanGame(row interface{ Scan(...any) error }) (Game, error) {
	var g Game
	err := row.Scan(&g.ID, &g.System, &g.Scenario, &g.Status, &g.SegmentIndex, &g.State, &g.ChartPack,
		&g.DiceSecret, &g.DiceHead, &g.DiceLinks, &g.Deadline, &g.ThreadID, &g.CreatedAt, &g.PausedAt, &g.Preview, &g.NMRPolicy)
	return g, err
}

func policy(p string) string {
	if p == "" {
		return "defaults"
	}
	return p
}

// Game reads a game.
func (t *Tx) Game(id string) (Game, error) {
	g, err := scanGame(t.queryRow(`SELECT `+gameCols+` FROM games WHERE id = ?`+t.eng.forUpdate(), id))
	return g, notFound(err, "game "+id)
}

// DueGames lists, by id, the active and running games with a deadline
// whose deadline work may be due at now (Unix ms): a deadline no later
// than now+ahead (ahead is how long before the deadline players are
// reminded), or a decision request whose own deadline has passed. It
// reads the ids only, through the games_due index, so a daemon's deadline
// check costs what is due, not what is stored.
func (t *Tx) DueGames(now, ahead int64) ([]string, error) {
	rows, err := t.query(`SELECT id FROM games WHERE status = 'active' AND deadline <> 0 AND deadline <= ? AND paused_at = 0
		UNION SELECT g.id FROM decisions d JOIN games g ON g.id = d.game_id
		WHERE d.choice = '' AND d.deadline <= ? AND g.status = 'active' AND g.deadline <> 0 AND g.paused_at = 0
		ORDER BY 1`, now+ahead, now)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// ClaimGame reads a game and holds its row for the rest of the
// transaction, as Game does, unless another transaction holds it: then,
// on PostgreSQL, it reports ok false at once instead of waiting (SELECT
// ... FOR UPDATE SKIP LOCKED), so a daemon passes over a game another
// daemon is working on. A game that does not exist is not ok either. On
// SQLite, where transactions never overlap, a game that exists is always
// claimed.
func (t *Tx) ClaimGame(id string) (g Game, ok bool, err error) {
	g, err = scanGame(t.queryRow(`SELECT `+gameCols+` FROM games WHERE id = ?`+t.eng.skipLocked(), id))
	if errors.Is(err, sql.ErrNoRows) {
		return Game{}, false, nil
	}
	return g, err == nil, err
}

// ActiveGames lists the games still being played, by id.
func (t *Tx) ActiveGames() ([]Game, error) {
	rows, err := t.query(`SELECT ` + gameCols + ` FROM games WHERE status = 'active' ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// AdvanceGame stores the state awaiting orders for the next segment.
func (t *Tx) AdvanceGame(id string, segmentIndex int, state []byte, over bool, deadline int64) error {
	status := "active"
	if over {
		status = "over"
	}
	_, err := t.exec(`UPDATE games SET segment_index = ?, state = ?, status = ?, deadline = ? WHERE id = ?`,
		segmentIndex, state, status, deadline, id)
	return err
}

// SetState replaces the state of a game awaiting orders for a segment,
// after a referee's ruling changed it.
func (t *Tx) SetState(id string, segmentIndex int, state []byte) error {
	res, err := t.exec(`UPDATE games SET state = ? WHERE id = ? AND segment_index = ? AND status = 'active'`, state, id, segmentIndex)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return fmt.Errorf("game %s is not active at segment %d (%v)", id, segmentIndex, err)
	}
	return nil
}

// Players lists a game's players by side.
func (t *Tx) Players(gameID string) ([]Player, error) {
	rows, err := t.query(`SELECT game_id, side, email, password_hash, token, invite_hash, resigned_at, pgp_key
		FROM players WHERE game_id = ? ORDER BY side`, gameID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Player
	for rows.Next() {
		var p Player
		if err := rows.Scan(&p.GameID, &p.Side, &p.Email, &p.PasswordHash, &p.Token, &p.InviteHash, &p.ResignedAt, &p.PGPKey); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// NoteRefusal records that a refusal is being sent to address on day. It
// reports false when one was already sent that day.
func (t *Tx) NoteRefusal(address, day string) (bool, error) {
	res, err := t.exec(`INSERT INTO refusals(address, day) VALUES (?, ?) ON CONFLICT DO NOTHING`, address, day)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// SetSchedule stores a game's deadline and pause state.
func (t *Tx) SetSchedule(id string, deadline, pausedAt int64) error {
	_, err := t.exec(`UPDATE games SET deadline = ?, paused_at = ? WHERE id = ?`, deadline, pausedAt, id)
	return err
}

// Absence is a player's booked absence, whole days in UTC.
type Absence struct {
	Side              string
	FirstDay, LastDay string // YYYY-MM-DD
}

// AddAbsence books an absence.
func (t *Tx) AddAbsence(gameID string, a Absence) error {
	_, err := t.exec(`INSERT INTO absences(game_id, side, first_day, last_day) VALUES (?,?,?,?)`, gameID, a.Side, a.FirstDay, a.LastDay)
	return err
}

// Absences lists a game's absences in booking order.
func (t *Tx) Absences(gameID string) ([]Absence, error) {
	rows, err := t.query(`SELECT side, first_day, last_day FROM absences WHERE game_id = ? ORDER BY rowid`, gameID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Absence
	for rows.Next() {
		var a Absence
		if err := rows.Scan(&a.Side, &a.FirstDay, &a.LastDay); err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// SetPreview turns holding results for the umpire on or off.
func (t *Tx) SetPreview(id string, on bool) error {
	_, err := t.exec(`UPDATE games SET preview = ? WHERE id = ?`, on, id)
	return err
}

// ReopenGame makes a finished game active again, at the given segment and
// state, after an umpire rolls back its last segment.
func (t *Tx) ReopenGame(id string, segmentIndex int, state []byte, deadline int64) error {
	_, err := t.exec(`UPDATE games SET segment_index = ?, state = ?, status = 'active', deadline = ? WHERE id = ?`,
		segmentIndex, state, deadline, id)
	return err
}

// JoinPlayer gives an invited side its player: the address the JOIN came
// from and a fresh reply token. The invite code is used up.
func (t *Tx) JoinPlayer(gameID, side, email, token string) error {
	res, err := t.exec(`UPDATE players SET email = ?, token = ?, invite_hash = '' WHERE game_id = ? AND side = ? AND invite_hash != ''`,
		email, token, gameID, side)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return fmt.Errorf("join %s %s: invitation already used (%v)", gameID, side, err)
	}
	return nil
}

// Resign records that a side's player has resigned.
func (t *Tx) Resign(gameID, side string, at int64) error {
	_, err := t.exec(`UPDATE players SET resigned_at = ? WHERE game_id = ? AND side = ?`, at, gameID, side)
	return err
}

// InvitedPlayers finds the unused invitations with the given code hash.
func (t *Tx) InvitedPlayers(inviteHash string) ([]Player, error) {
	rows, err := t.query(`SELECT game_id, side FROM players WHERE invite_hash = ? AND invite_hash != '' ORDER BY game_id, side`, inviteHash)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Player
	for rows.Next() {
		var p Player
		if err := rows.Scan(&p.GameID, &p.Side); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// GameFold finds a game by its id in any case, as a mail gateway may
// write the plus part of an address (GALLOPER+CREEK-1...@). A game whose
// id matches exactly comes first.
func (t *Tx) GameFold(id string) (Game, error) {
	g, err := scanGame(t.queryRow(`SELECT `+gameCols+` FROM games WHERE lower(id) = lower(?) ORDER BY id = ? DESC, id LIMIT 1`+t.eng.forUpdate(), id, id))
	return g, notFound(err, "game "+id)
}

// Games lists every game, active or over, by id.
func (t *Tx) Games() ([]Game, error) {
	rows, err := t.query(`SELECT ` + gameCols + ` FROM games ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}
