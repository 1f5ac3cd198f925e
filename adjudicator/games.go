package adjudicator

import (
	"context"
	"time"

	"galloper/adjudicator/store"
)

// GameInfo is what an operator sees of a game: never a password, token
// or hidden unit.
type GameInfo struct {
	ID, System, Scenario string
	Status               string // "active" or "over"
	Segment              string // the segment awaiting orders, or the last one
	Deadline             time.Time
	Paused               bool
	Players              []PlayerInfo
}

// PlayerInfo is one seat of a game.
type PlayerInfo struct {
	Side     string
	Email    string // empty while the seat waits for its invite
	Invited  bool
	Resigned bool
}

// Games lists every game in the database, active or over, by id.
func (a *Adjudicator) Games(ctx context.Context) ([]GameInfo, error) {
	var out []GameInfo
	err := a.db.WithTx(ctx, func(tx *store.Tx) error {
		games, err := tx.Games()
		if err != nil {
			return err
		}
		for _, g := range games {
			info, err := a.gameInfo(tx, g)
			if err != nil {
				return err
			}
			out = append(out, info)
		}
		return nil
	})
	return out, err
}

// Game describes one game.
func (a *Adjudicator) Game(ctx context.Context, id string) (GameInfo, error) {
	var info GameInfo
	err := a.db.WithTx(ctx, func(tx *store.Tx) error {
		g, err := tx.Game(id)
		if err != nil {
			return err
		}
		info, err = a.gameInfo(tx, g)
		return err
	})
	return info, err
}

func (a *Adjudicator) gameInfo(tx *store.Tx, g store.Game) (GameInfo, error) {
	info := GameInfo{ID: g.ID, System: g.System, Scenario: g.Scenario, Status: g.Status, Paused: g.PausedAt != 0}
	if g.Deadline != 0 && g.Status == "active" {
		info.Deadline = time.UnixMilli(g.Deadline).UTC()
	}
	_, st, err := a.gameState(g)
	if err != nil {
		return GameInfo{}, err
	}
	info.Segment = st.Segment().Label
	players, err := tx.Players(g.ID)
	if err != nil {
		return GameInfo{}, err
	}
	for _, p := range players {
		info.Players = append(info.Players, PlayerInfo{Side: p.Side, Email: p.Email,
			Invited: p.Email == "" && p.InviteHash != "", Resigned: p.ResignedAt != 0})
	}
	return info, nil
}
