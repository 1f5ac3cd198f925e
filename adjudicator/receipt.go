package adjudicator

import (
	"context"
	"encoding/hex"
	"slices"
	"strings"

	"galloper/adjudicator/store"
	"galloper/orders"
	"galloper/rules"
	"galloper/templates"
)

// ReceiptText renders the receipt for an accepted order file: the orders
// in canonical form, numbered, their hash, and the sides still awaited.
func ReceiptText(sys rules.System, st rules.State, game, side, segment string, f *orders.File, waiting []string) (string, error) {
	h := orders.Hash(f, sys.Dialect())
	d := templates.ReceiptData{Game: game, Side: side, Segment: segment,
		Orders: numbered(orders.FormatOrders(f, sys.Dialect())), Hash: hex.EncodeToString(h[:]), Salt: f.Salt != "",
		Waiting: strings.Join(waiting, ", ")}
	if n, ok := sys.(rules.ReceiptNoter); ok {
		d.Notes = n.ReceiptNotes(st, f)
	}
	return templates.Receipt(d)
}

// ProblemsText renders the reply that lists every problem of an order
// file, sorted by position, with the file as sent, numbered; a PASSWORD
// line is not repeated.
func ProblemsText(game, side, text string, probs []orders.Problem) (string, error) {
	return problemsText(game, side, text, probs, DefaultLimits())
}

// problemsText is ProblemsText within lim: the first lim.Problems problems
// in file order, a count of the rest, and the order file repeated only
// while the reply stays within lim.ReplyBytes.
func problemsText(game, side, text string, probs []orders.Problem, lim Limits) (string, error) {
	lim = lim.WithDefaults()
	slices.SortStableFunc(probs, func(x, y orders.Problem) int {
		if x.At.Line != y.At.Line {
			return x.At.Line - y.At.Line
		}
		return x.At.Col - y.At.Col
	})
	d := templates.ProblemsData{Game: game, Side: side, Source: numbered(text)}
	for i, l := range d.Source {
		if f := strings.Fields(l.Text); len(f) > 0 && strings.EqualFold(strings.TrimSuffix(f[0], ":"), "PASSWORD") {
			d.Source[i].Text = "PASSWORD (not repeated by mail)"
		}
	}
	if len(probs) > lim.Problems {
		d.More, probs = len(probs)-lim.Problems, probs[:lim.Problems]
	}
	for _, p := range probs {
		d.Problems = append(d.Problems, templates.ProblemLine{Line: p.At.Line, Col: p.At.Col, Kind: string(p.Kind),
			Code: p.Code, Rule: p.Rule, Message: p.Message, Suggestion: p.Suggestion})
	}
	return boundedReply(d, lim.ReplyBytes)
}

// CheckOrders checks an order file for side against a game state as the
// mail handler does once the sender is known, and returns the reply the
// player would get: the receipt when ok, else the list of problems.
// game names the game when the file has no GAME line. A clearsigned file
// is read for its signed text; the signature is not checked. Nothing is
// stored.
func CheckOrders(sys rules.System, st rules.State, game, side, text string, waiting []string) (reply string, ok bool, err error) {
	lim := DefaultLimits()
	if p := lim.textProblem(text); p != nil {
		reply, err = ProblemsText(game, side, text, []orders.Problem{*p})
		return reply, false, err
	}
	if b := clearsigned(text); b != nil {
		text = string(b.Plaintext)
	}
	text, p := jsonOrders(text)
	if p != nil {
		reply, err = ProblemsText(game, side, text, []orders.Problem{*p})
		return reply, false, err
	}
	if !hasOrderText(text) {
		reply, err = ProblemsText(game, side, text, []orders.Problem{noOrders})
		return reply, false, err
	}
	f, probs := orders.Parse(stripReplace(text), sys.Dialect())
	if f.Game == "" && game != "" {
		f.Game, probs = game, withoutMissingGame(probs)
	}
	seg := st.Segment()
	for _, s := range seg.Sides {
		if strings.EqualFold(string(s), side) {
			side = string(s)
		}
	}
	// A wrong TURN line hides nothing: the body is checked too, so that
	// one reply lists everything.
	p = segmentProblem(f, seg, rules.Side(side))
	if p != nil {
		probs = append(probs, *p)
	}
	if p == nil || wrongTurn(p) {
		if b := lim.blocksProblem(f, text); b != nil {
			probs = append(probs, *b)
		} else {
			probs = append(probs, validateBody(sys, st, rules.Side(side), f, p)...)
		}
	}
	if len(probs) > 0 {
		reply, err = ProblemsText(f.Game, side, text, probs)
		return reply, false, err
	}
	waiting = slices.DeleteFunc(slices.Clone(waiting), func(s string) bool { return s == side })
	reply, err = ReceiptText(sys, st, f.Game, side, seg.Label, f, waiting)
	return reply, err == nil, err
}

// Check checks an order file for a side of a stored game, as CheckOrders
// does, without authenticating, storing or answering anything.
func (a *Adjudicator) Check(ctx context.Context, gameID, side, text string) (reply string, ok bool, err error) {
	err = a.db.WithTx(ctx, func(tx *store.Tx) error {
		g, err := tx.Game(gameID)
		if err != nil {
			return err
		}
		if g.Status != "active" {
			reply, err = ProblemsText(g.ID, side, text, []orders.Problem{{Kind: orders.Illegal, Code: "game-over", Message: errGameOver.Error()}})
			return err
		}
		sys, st, err := a.gameState(g)
		if err != nil {
			return err
		}
		waiting, err := a.waiting(tx, g, st.Segment())
		if err != nil {
			return err
		}
		reply, ok, err = CheckOrders(sys, st, g.ID, side, text, waiting)
		return err
	})
	return reply, ok, err
}
