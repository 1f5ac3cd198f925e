package adjudicator

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/ProtonMail/go-crypto/openpgp/clearsign"

	"galloper/adjudicator/store"
	"galloper/orders"
	"galloper/rules"
	"galloper/templates"
)

// commands are the mail commands a player (or a bot) may send instead of
// an order file. See docs/commands.md.
var commands = []string{"HELP", "JOIN", "STATUS", "ORDERS", "DEADLINE", "MAP", "ABSENCE", "WITHDRAW", "VERIFY", "RESIGN",
	"PAUSE", "RESUME", "PREVIEW", "RELEASE", "EXTEND", "ROLLBACK", "RULE", "DECIDE"}

// withArgs are the commands that take words after the command word; the
// others must stand alone on their line, so that an order line that
// happens to start with a command word is not taken for one.
var withArgs = []string{"JOIN", "ABSENCE", "RESIGN", "PREVIEW", "EXTEND", "RULE", "DECIDE"}

// umpireOnly are the referee's commands.
var umpireOnly = []string{"PAUSE", "RESUME", "PREVIEW", "RELEASE", "EXTEND", "ROLLBACK", "RULE"}

// command is a parsed command mail.
type command struct {
	Word                 string
	Args                 string // the rest of the command line; for RULE, the rest of the mail
	Game, Side, Password string
}

// parseCommand recognises a command mail: its first line that is not
// blank, quoted, or a GAME/SIDE/PASSWORD/TURN line is a command word.
// Anything after the command word is ignored.
func parseCommand(text string) (command, bool) {
	var c command
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	for i, line := range lines {
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
			if slices.Contains(commands, key) && (val == "" || slices.Contains(withArgs, key)) {
				c.Word, c.Args = key, val
				if key == "RULE" {
					c.Args = ruleText(val, lines[i+1:])
				}
				return c, true
			}
			return c, false
		}
	}
	return c, false
}

// ruleText is a ruling's text: the rest of the RULE line and the lines
// after it, up to a signature.
func ruleText(first string, rest []string) string {
	out := []string{first}
	for _, l := range rest {
		if strings.TrimRight(l, " ") == "--" {
			break
		}
		out = append(out, strings.TrimRight(l, " \t"))
	}
	return strings.TrimSpace(strings.Join(out, "\n"))
}

// handleCommand answers a command mail.
func (a *Adjudicator) handleCommand(tx *store.Tx, in Incoming, c command, signed *clearsign.Block) (Outcome, error) {
	if c.Word == "JOIN" {
		return a.join(tx, in, c.Args)
	}
	if c.Word == "HELP" {
		first, err := tx.NoteRefusal("help:"+strings.ToLower(in.From), a.now().UTC().Format("2006-01-02"))
		if err != nil || !first {
			return Outcome{Result: "help: not answered (already answered today)"}, err
		}
		text, err := templates.Help(templates.HelpData{Address: a.cfg.Address, Commands: commands, Examples: a.orderExamples()})
		if err != nil {
			return Outcome{}, err
		}
		return Outcome{Result: "help"}, a.queue(tx, store.Game{}, "help", in.InboundID, in.From, "Galloper help", text, in, a.guideAttachments(nil, "", ""))
	}
	g, p, ok, err := a.commandPlayer(tx, in, c, signed)
	if err != nil {
		return Outcome{}, err
	}
	if !ok {
		return a.reject(tx, in, nil, "", []orders.Problem{{Kind: orders.Invalid, Code: "not-authenticated",
			Message:    fmt.Sprintf("%s needs GAME, SIDE and PASSWORD lines, or a reply to one of Galloper's mails", c.Word),
			Suggestion: "reply to your latest Galloper mail and write the command alone on the first line"}})
	}
	sys, st, err := a.gameState(g)
	if err != nil {
		return Outcome{}, err
	}
	side := viewSide(p)
	var note string
	var atts []templates.Attachment
	if slices.Contains(umpireOnly, c.Word) && p.Side != Umpire {
		err = refuse("umpire-only", c.Word+" is for the game's umpire")
	} else {
		note, atts, err = a.runCommand(tx, in, g, st, p, c)
	}
	if r := (*refusal)(nil); errors.As(err, &r) {
		return a.reject(tx, in, &g, p.Side, []orders.Problem{{Kind: orders.Illegal, Code: r.code, Message: r.msg, Suggestion: r.fix}})
	}
	if err != nil {
		return Outcome{}, err
	}
	if g, err = tx.Game(g.ID); err != nil { // the schedule may have changed
		return Outcome{}, err
	}
	if st, err = sys.DecodeState(g.State); err != nil {
		return Outcome{}, err
	}
	st, held, err := a.shownState(tx, g, p, sys, st)
	if err != nil {
		return Outcome{}, err
	}
	v := view(sys, st, side, g.ID)
	d := templates.StatusData{Command: c.Word, Note: note, View: v, Paused: g.PausedAt != 0}
	if held && d.Note == "" {
		d.Note = "The latest results are held for the umpire's review."
	}
	if g.Deadline != 0 && !st.Over() && !held {
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
	var sent []string
	if p.Side == Umpire && !st.Over() {
		received, err := receivedOrders(tx, g.ID, st.Segment())
		if err != nil {
			return Outcome{}, err
		}
		for _, r := range received {
			if r.At != "" {
				sent = append(sent, r.Side)
			}
		}
		if c.Word == "ORDERS" || c.Word == "STATUS" {
			d.Received = received
		}
	}
	d.Next = nextLine(st, side, sent...)
	text, err := templates.Status(d)
	if err != nil {
		return Outcome{}, err
	}
	if c.Word == "MAP" {
		if atts, err = a.mapAttachments(v, g.ID, "now"); err != nil {
			return Outcome{}, err
		}
	}
	subject := fmt.Sprintf("%s: %s, %s", c.Word, g.ID, p.Side)
	return Outcome{GameID: g.ID, Result: strings.ToLower(c.Word)},
		a.queue(tx, g, strings.ToLower(c.Word), in.InboundID, p.Email, subject, text, in, atts)
}

// receivedOrders is what each side due in seg has sent so far, as the
// umpire's STATUS and ORDERS replies show it: the umpire reads the
// players' orders and scripts before resolution. Only the umpire's
// replies carry it.
func receivedOrders(tx *store.Tx, game string, seg rules.Segment) ([]templates.SideOrders, error) {
	sent, err := tx.LatestOrders(game, seg.Index)
	if err != nil {
		return nil, err
	}
	out := make([]templates.SideOrders, 0, len(seg.Sides))
	for _, side := range seg.Sides {
		so := templates.SideOrders{Side: string(side)}
		for _, o := range sent {
			if o.Side == string(side) {
				so.At, so.Orders = timeText(o.CreatedAt), numbered(o.Canonical)
			}
		}
		out = append(out, so)
	}
	return out, nil
}

// runCommand does what an authenticated command asks and returns a note
// for the reply. A *refusal error is the player's mistake, answered with a
// problem; any other error leaves the mail pending.
func (a *Adjudicator) runCommand(tx *store.Tx, in Incoming, g store.Game, st rules.State, p store.Player, c command) (string, []templates.Attachment, error) {
	due := st.Segment().Sides
	switch c.Word {
	case "ABSENCE":
		note, err := a.bookAbsence(tx, g, p, c.Args, due)
		if err != nil {
			return "", nil, refuse("bad-absence", err.Error())
		}
		return note, nil, nil
	case "PAUSE":
		note, err := a.pause(tx, g)
		return note, nil, err
	case "RESUME":
		note, err := a.resume(tx, g, due)
		return note, nil, err
	case "PREVIEW":
		note, err := a.preview(tx, g, c.Args)
		return note, nil, err
	case "RELEASE":
		note, err := a.release(tx, g)
		return note, nil, err
	case "EXTEND":
		note, err := a.extend(tx, g, c.Args)
		return note, nil, err
	case "ROLLBACK":
		note, err := a.rollback(tx, g)
		return note, nil, err
	case "RULE":
		note, err := a.rule(tx, g, st, in, c.Args)
		return note, nil, err
	case "WITHDRAW":
		note, err := a.withdraw(tx, g, st, p)
		return note, nil, err
	case "RESIGN":
		note, err := a.resign(tx, g, st, p, c.Args)
		return note, nil, err
	case "VERIFY":
		return a.verify(tx, g, p)
	case "DECIDE":
		note, err := a.decide(tx, g, p, c.Args)
		return note, nil, err
	}
	return "", nil, nil
}

// refusal is a command the player got wrong: answered with a problem,
// not an operator error.
type refusal struct{ code, msg, fix string }

func (r *refusal) Error() string { return r.msg }

func refuse(code, msg string) error { return &refusal{code: code, msg: msg} }

// commandPlayer authenticates a command mail: by the reply address it was
// sent to, or by its GAME, SIDE and PASSWORD lines.
func (a *Adjudicator) commandPlayer(tx *store.Tx, in Incoming, c command, signed *clearsign.Block) (store.Game, store.Player, bool, error) {
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
	if err != nil || !ok {
		return g, p, false, err
	}
	if a.signedBy(signed, p) {
		return g, p, true, nil
	}
	ok, err = a.passwordOK(tx, g.ID, p, c.Password)
	return g, p, ok, err
}

func (a *Adjudicator) playerOf(tx *store.Tx, game, side string) (store.Game, store.Player, bool, error) {
	g, err := tx.GameFold(game)
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
