package adjudicator

import (
	"crypto/sha256"
	"encoding/base32"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"galloper/adjudicator/store"
	"galloper/orders"
	"galloper/rules"
	"galloper/rules/dice"
	"galloper/templates"
)

// The players' commands that change their place in a game: JOIN, WITHDRAW
// and RESIGN; and VERIFY, which mails the dice records a side may see.

// inviteHash is how an invite code is stored: never in the clear.
func inviteHash(code string) string {
	s := sha256.Sum256([]byte("galloper-invite\x00" + strings.TrimSpace(code)))
	return hex.EncodeToString(s[:])
}

// newToken draws a player's secret reply token.
func (a *Adjudicator) newToken() (string, error) {
	tok := make([]byte, 10)
	if _, err := io.ReadFull(a.rand, tok); err != nil {
		return "", fmt.Errorf("reply token: %w", err)
	}
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(tok)), nil
}

// join seats the sender in the side an invite code was made for. The code
// is the credential; the sender's address becomes the player's address and
// the game-start mail, with the player's secret reply address, goes there.
func (a *Adjudicator) join(tx *store.Tx, in Incoming, code string) (Outcome, error) {
	var found []store.Player
	var err error
	if code != "" {
		if found, err = tx.InvitedPlayers(inviteHash(code)); err != nil {
			return Outcome{}, err
		}
	}
	if len(found) != 1 {
		return a.reject(tx, in, nil, "", []orders.Problem{{Kind: orders.Invalid, Code: "bad-invite",
			Message:    "that invite code does not match an open seat in any game (it may have been used already)",
			Suggestion: "write JOIN and the code exactly as the game's organiser sent it, e.g. JOIN 7QK4-M2TD"}})
	}
	g, err := tx.Game(found[0].GameID)
	if err != nil {
		return Outcome{}, err
	}
	tok, err := a.newToken()
	if err != nil {
		return Outcome{}, err
	}
	if err := tx.JoinPlayer(g.ID, found[0].Side, in.From, sealToken(a.cfg.TokenKey, g.ID, found[0].Side, tok)); err != nil {
		return Outcome{}, err
	}
	sys, st, err := a.gameState(g)
	if err != nil {
		return Outcome{}, err
	}
	players, err := tx.Players(g.ID)
	if err != nil {
		return Outcome{}, err
	}
	for _, p := range players {
		if p.Side == found[0].Side {
			if err := a.queueStart(tx, g, sys, st, []store.Player{p}); err != nil {
				return Outcome{}, err
			}
		}
	}
	return Outcome{GameID: g.ID, Result: "joined as " + found[0].Side}, nil
}

// waiting lists the sides whose orders the current segment still needs:
// due, not yet sent (or withdrawn), and not resigned.
func (a *Adjudicator) waiting(tx *store.Tx, g store.Game, seg rules.Segment) ([]string, error) {
	sent, err := tx.LatestOrders(g.ID, seg.Index)
	if err != nil {
		return nil, err
	}
	players, err := tx.Players(g.ID)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, s := range seg.Sides {
		if slices.ContainsFunc(sent, func(o store.Order) bool { return o.Side == string(s) }) ||
			slices.ContainsFunc(players, func(p store.Player) bool { return p.Side == string(s) && p.ResignedAt != 0 }) {
			continue
		}
		out = append(out, string(s))
	}
	return out, nil
}

// withdraw takes back the side's orders for the open segment, so that it
// is waited for again (and gets its standing orders if none come).
func (a *Adjudicator) withdraw(tx *store.Tx, g store.Game, st rules.State, p store.Player) (string, error) {
	seg := st.Segment()
	if st.Over() || g.Status != "active" {
		return "", refuse("game-over", errGameOver.Error())
	}
	if !slices.Contains(seg.Sides, rules.Side(p.Side)) {
		return "", refuse("not-your-segment", fmt.Sprintf("%s sends no orders now: the game is at %s", p.Side, seg.Label))
	}
	if err := a.notDeciding(tx, g, "orders can no longer be withdrawn"); err != nil {
		return "", err
	}
	sent, err := tx.LatestOrders(g.ID, seg.Index)
	if err != nil {
		return "", err
	}
	if !slices.ContainsFunc(sent, func(o store.Order) bool { return o.Side == p.Side }) {
		return "", refuse("nothing-to-withdraw", "Galloper holds no orders from you for "+seg.Label)
	}
	if err := tx.WithdrawOrders(g.ID, seg.Index, p.Side, 0, a.now().UnixMilli()); err != nil {
		return "", err
	}
	return fmt.Sprintf("Your orders for %s are withdrawn. Send new ones before the deadline, or your side's standing orders will be used.", seg.Label), nil
}

// resign takes a player out of the game on "RESIGN YES". The side plays
// on with its standing (default) orders and is never waited for again.
func (a *Adjudicator) resign(tx *store.Tx, g store.Game, st rules.State, p store.Player, arg string) (string, error) {
	if p.Side == Umpire {
		return "", refuse("umpire-cannot-resign", "an umpire cannot resign; ask the game's operator to replace you")
	}
	if !strings.EqualFold(strings.TrimSpace(arg), "YES") {
		return fmt.Sprintf("To resign from game %s send RESIGN YES. Side %s would then play on with its standing orders, "+
			"and nobody would wait for its orders again. Nothing has changed yet.", g.ID, p.Side), nil
	}
	if p.ResignedAt != 0 {
		return "You had already resigned.", nil
	}
	if err := tx.Resign(g.ID, p.Side, a.now().UnixMilli()); err != nil {
		return "", err
	}
	text := fmt.Sprintf("The player of %s has resigned from game %s. %s plays on with its standing orders.\n", p.Side, g.ID, p.Side)
	if err := a.tellPlayers(tx, g, "resigned", p.Side, fmt.Sprintf("%s resigned: %s", p.Side, g.ID), text); err != nil {
		return "", err
	}
	note := "You have resigned. Your side plays on with its standing orders. Thank you for playing."
	if st.Over() || g.PausedAt != 0 {
		return note, nil
	}
	left, err := a.waiting(tx, g, st.Segment())
	if err != nil || len(left) > 0 {
		return note, err
	}
	return note, a.resolve(tx, g)
}

// verify mails the dice of every resolved segment as the player's side
// may see them, with the published commitment, so that `galloper dice
// verify` (or scripts/verify_dice.py) can check them from one mail.
func (a *Adjudicator) verify(tx *store.Tx, g store.Game, p store.Player) (string, []templates.Attachment, error) {
	segs, err := tx.Segments(g.ID)
	if err != nil {
		return "", nil, err
	}
	journal, err := tx.Journal(g.ID)
	if err != nil {
		return "", nil, err
	}
	bySeg := map[int][]rules.Event{}
	for _, e := range journal {
		var ev rules.Event
		if err := json.Unmarshal([]byte(e.Body), &ev); err == nil && ev.Kind != "" {
			bySeg[e.SegmentIndex] = append(bySeg[e.SegmentIndex], ev)
		}
	}
	hold, held, err := a.heldSegment(tx, g, p)
	if err != nil {
		return "", nil, err
	}
	if held {
		segs = slices.DeleteFunc(segs, func(s store.Segment) bool { return s.SegmentIndex >= hold.SegmentIndex })
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Galloper dice for game %s\ncommitment (chain head) %x, %d links, engine %s\n\n", g.ID, g.DiceHead, g.DiceLinks, Engine)
	over := g.Status == "over" && !held
	for _, s := range segs {
		rec, err := dice.ParseRecord(s.DiceRecord)
		if err != nil {
			return "", nil, fmt.Errorf("game %s: stored record of %s: %w", g.ID, s.Label, err)
		}
		text := s.DiceRecord
		if !over {
			sd, err := diceFor(rec, bySeg[s.SegmentIndex], viewSide(p))
			if err != nil {
				return "", nil, err
			}
			text = sd.Text
		}
		b.WriteString(text + "\n")
	}
	att := templates.Attachment{Name: fmt.Sprintf("dice-%s-verify.txt", g.ID), ContentType: "text/plain; charset=us-ascii",
		Data: []byte(b.String())}
	note := fmt.Sprintf("The dice of the %d resolved segment(s) you may see are attached, with the game's commitment %x. "+
		"Check them with `galloper dice verify --head %x FILE` or scripts/verify_dice.py.", len(segs), g.DiceHead, g.DiceHead)
	return note, []templates.Attachment{att}, nil
}
