package adjudicator

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"galloper/adjudicator/store"
	"galloper/orders"
	"galloper/rules/systems"
	"galloper/templates"
)

// commands are the mail commands a player (or a bot) may send instead of
// an order file. See docs/commands.md.
var commands = []string{"HELP", "STATUS", "ORDERS", "DEADLINE", "MAP", "ABSENCE", "PAUSE", "RESUME"}

// command is a parsed command mail.
type command struct {
	Word                 string
	Args                 string // ABSENCE's dates
	Game, Side, Password string
}

// parseCommand recognises a command mail: its first line that is not
// blank, quoted, or a GAME/SIDE/PASSWORD/TURN line is a command word.
// Anything after the command word is ignored.
func parseCommand(text string) (command, bool) {
	var c command
	for _, line := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		line = strings.TrimSpace(line)
		if line == "--" {
			break
		}
		if line == "" || strings.HasPrefix(line, ">") {
			continue
		}
		key, val, _ := strings.Cut(line, " ")
		key = strings.ToUpper(strings.TrimSuffix(key, ":"))
		val = strings.TrimSpace(val)
		switch key {
		case "GAME":
			c.Game = val
		case "SIDE":
			c.Side = val
		case "PASSWORD":
			c.Password = val
		case "TURN":
		default:
			if slices.Contains(commands, key) && (val == "" || key == "ABSENCE") {
				c.Word, c.Args = key, val
				return c, true
			}
			return c, false
		}
	}
	return c, false
}

// handleCommand answers a command mail.
func (a *Adjudicator) handleCommand(tx *store.Tx, in Incoming, c command) (Outcome, error) {
	if c.Word == "HELP" {
		first, err := tx.NoteRefusal("help:"+strings.ToLower(in.From), a.now().UTC().Format("2006-01-02"))
		if err != nil || !first {
			return Outcome{Result: "help: not answered (already answered today)"}, err
		}
		text, err := templates.Help(templates.HelpData{Address: a.cfg.Address, Commands: commands})
		if err != nil {
			return Outcome{}, err
		}
		return Outcome{Result: "help"}, a.queue(tx, store.Game{}, "help", in.InboundID, in.From, "Galloper help", text, in, nil)
	}
	g, p, ok, err := a.commandPlayer(tx, in, c)
	if err != nil {
		return Outcome{}, err
	}
	if !ok {
		return a.reject(tx, in, nil, "", []orders.Problem{{Kind: orders.Invalid, Code: "not-authenticated",
			Message:    fmt.Sprintf("%s needs GAME, SIDE and PASSWORD lines, or a reply to one of Galloper's mails", c.Word),
			Suggestion: "reply to your latest Galloper mail and write the command alone on the first line"}})
	}
	sys, err := systems.Get(g.System)
	if err != nil {
		return Outcome{}, err
	}
	st, err := sys.DecodeState(g.State)
	if err != nil {
		return Outcome{}, err
	}
	side := viewSide(p)
	due := st.Segment().Sides
	var note string
	switch {
	case c.Word == "ABSENCE":
		note, err = a.bookAbsence(tx, g, p, c.Args, due)
		if err != nil {
			return a.reject(tx, in, &g, p.Side, []orders.Problem{{Kind: orders.Invalid, Code: "bad-absence", Message: err.Error()}})
		}
	case c.Word == "PAUSE" || c.Word == "RESUME":
		if p.Side != Umpire {
			return a.reject(tx, in, &g, p.Side, []orders.Problem{{Kind: orders.Illegal, Code: "umpire-only",
				Message: c.Word + " is for the game's umpire"}})
		}
		if c.Word == "PAUSE" {
			note, err = a.pause(tx, g)
		} else {
			note, err = a.resume(tx, g, due)
		}
		if err != nil {
			return Outcome{}, err
		}
	}
	if g, err = tx.Game(g.ID); err != nil { // the schedule may have changed
		return Outcome{}, err
	}
	if st, err = sys.DecodeState(g.State); err != nil {
		return Outcome{}, err
	}
	v := sys.View(st, side)
	v.Game = g.ID
	d := templates.StatusData{Command: c.Word, Note: note, View: v, Next: nextLine(st, side), Paused: g.PausedAt != 0}
	if g.Deadline != 0 && !st.Over() {
		d.Deadline = timeText(g.Deadline)
	}
	if c.Word == "ORDERS" && !st.Over() {
		sent, err := tx.LatestOrders(g.ID, st.Segment().Index)
		if err != nil {
			return Outcome{}, err
		}
		for _, o := range sent {
			if o.Side == p.Side {
				d.Orders = numbered(o.Canonical)
			}
		}
	}
	text, err := templates.Status(d)
	if err != nil {
		return Outcome{}, err
	}
	var atts []templates.Attachment
	if c.Word == "MAP" {
		if atts, err = a.mapAttachments(v, g.ID, "now"); err != nil {
			return Outcome{}, err
		}
	}
	subject := fmt.Sprintf("%s: %s, %s", c.Word, g.ID, p.Side)
	return Outcome{GameID: g.ID, Result: strings.ToLower(c.Word)},
		a.queue(tx, g, strings.ToLower(c.Word), in.InboundID, p.Email, subject, text, in, atts)
}

// commandPlayer authenticates a command mail: by the reply address it was
// sent to, or by its GAME, SIDE and PASSWORD lines.
func (a *Adjudicator) commandPlayer(tx *store.Tx, in Incoming, c command) (store.Game, store.Player, bool, error) {
	for _, addr := range in.To {
		local, _, _ := strings.Cut(addr, "@")
		_, plus, ok := strings.Cut(local, "+")
		parts := strings.Split(plus, ".")
		if !ok || len(parts) < 3 {
			continue
		}
		game, side := strings.Join(parts[:len(parts)-2], "."), parts[len(parts)-2]
		if g, p, ok, err := a.playerOf(tx, game, side); err != nil || (ok && a.tokenMatches(in.To, g.ID, p)) {
			return g, p, ok, err
		}
	}
	g, p, ok, err := a.playerOf(tx, c.Game, c.Side)
	return g, p, ok && passwordOK(g.ID, p, c.Password), err
}

func (a *Adjudicator) playerOf(tx *store.Tx, game, side string) (store.Game, store.Player, bool, error) {
	g, err := tx.Game(game)
	if errors.Is(err, store.ErrNotFound) {
		return g, store.Player{}, false, nil
	}
	if err != nil {
		return g, store.Player{}, false, err
	}
	players, err := tx.Players(g.ID)
	for _, p := range players {
		if strings.EqualFold(p.Side, side) {
			return g, p, true, err
		}
	}
	return g, store.Player{}, false, err
}
