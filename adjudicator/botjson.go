package adjudicator

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"galloper/adjudicator/store"
	"galloper/orders"
	"galloper/rules"
	"galloper/templates"
)

// JSONContentType is the content type of the machine-readable attachment
// every mail to a player carries (docs/bots.md).
const JSONContentType = "application/json"

// mailDoc is the document of a mail of kind to player p of game g: the
// side's view of the game as it stands in tx, the segment awaiting
// orders and its deadline, the side's orders held for it and the decision
// requests awaiting its answer.
func (a *Adjudicator) mailDoc(tx *store.Tx, g store.Game, p store.Player, kind string) (rules.MailDoc, error) {
	g, err := tx.Game(g.ID) // the state as this transaction leaves it
	if err != nil {
		return rules.MailDoc{}, err
	}
	sys, st, err := a.gameState(g)
	if err != nil {
		return rules.MailDoc{}, err
	}
	return a.mailDocOf(tx, g, p, kind, sys, st, view(sys, st, viewSide(p), g.ID))
}

// mailDocOf is mailDoc for a caller that holds the game's state st as tx
// leaves it, and v, p's view of it.
func (a *Adjudicator) mailDocOf(tx *store.Tx, g store.Game, p store.Player, kind string, sys rules.System, st rules.State, v rules.View) (rules.MailDoc, error) {
	side := viewSide(p)
	d := rules.NewMailDoc(sys, st, v, kind)
	if !fullBoard[kind] {
		d.Slim()
	}
	if g.Status != "active" {
		d.OrdersDue = false
	}
	if d.OrdersDue && g.Deadline != 0 {
		d.Deadline = jsonTime(g.Deadline)
	}
	if d.Segment != nil && side != "" {
		held, err := tx.LatestOrders(g.ID, d.Segment.Index)
		if err != nil {
			return rules.MailDoc{}, err
		}
		for _, o := range held {
			if o.Side == p.Side {
				d.Orders = &rules.OrdersDoc{Status: "held", Text: o.Canonical, Hash: o.Hash}
			}
		}
	}
	pending, err := tx.PendingDecisions(g.ID)
	if err != nil {
		return rules.MailDoc{}, err
	}
	for _, q := range pending {
		if side != "" && q.Side != p.Side {
			continue
		}
		d.Decisions = append(d.Decisions, rules.DecisionDoc{Seq: q.Seq, Key: q.Key, Rule: q.Rule, Question: q.Question,
			Options: q.Options, Default: q.Default, Deadline: jsonTime(q.Deadline)})
	}
	return d, nil
}

// fullBoard lists the kinds of mail whose document carries the whole
// board; the others leave out what never changes in a game (MailDoc.Slim).
var fullBoard = map[string]bool{"start": true, "status": true}

// jsonAttachment is a mail's document as its attachment.
func jsonAttachment(d rules.MailDoc) (templates.Attachment, error) {
	data, err := json.Marshal(d)
	if err != nil {
		return templates.Attachment{}, fmt.Errorf("%s document: %w", d.Kind, err)
	}
	name := "galloper-" + d.Kind
	if d.Game != "" {
		name = "galloper-" + d.Game + "-" + d.Kind
	}
	if d.Side != "" {
		name += "-" + string(d.Side)
	}
	return templates.Attachment{Name: name + ".json", ContentType: JSONContentType, Data: append(data, '\n')}, nil
}

// withDoc returns atts with the document of a mail of kind to the player
// of g whose address is to, unless atts holds one already. A mail to an
// address that is no player's gets none.
func (a *Adjudicator) withDoc(tx *store.Tx, g store.Game, kind, to string, atts []templates.Attachment) ([]templates.Attachment, error) {
	if g.ID == "" {
		return atts, nil
	}
	for _, att := range atts {
		if att.ContentType == JSONContentType {
			return atts, nil
		}
	}
	players, err := tx.Players(g.ID)
	if err != nil {
		return nil, err
	}
	for _, p := range players {
		if p.Email == "" || !strings.EqualFold(p.Email, to) {
			continue
		}
		d, err := a.mailDoc(tx, g, p, kind)
		if err != nil {
			return nil, fmt.Errorf("%s mail to %s: %w", kind, to, err)
		}
		att, err := jsonAttachment(d)
		if err != nil {
			return nil, err
		}
		return append(atts, att), nil
	}
	return atts, nil
}

// problemsDoc is the document of a problems mail: the refused file's
// problems with their positions and codes, and, when the sender proved
// which side of g they play, that side's view.
func (a *Adjudicator) problemsDoc(tx *store.Tx, g *store.Game, side, text string, probs []orders.Problem) (templates.Attachment, error) {
	d := rules.MailDoc{Schema: rules.MailSchema("problems"), Kind: "problems"}
	if g != nil && side != "" {
		players, err := tx.Players(g.ID)
		if err != nil {
			return templates.Attachment{}, err
		}
		for _, p := range players {
			if p.Side == side {
				if d, err = a.mailDoc(tx, *g, p, "problems"); err != nil {
					return templates.Attachment{}, err
				}
			}
		}
	}
	// Within the same bounds as the reply's text.
	lim := a.Limits().WithDefaults()
	if len(probs) > lim.Problems {
		probs = probs[:lim.Problems]
	}
	if len(text) > lim.ReplyBytes {
		text = ""
	}
	d.Orders = &rules.OrdersDoc{Status: "refused", Text: withoutPassword(text)}
	d.Problems = rules.ProblemDocs(probs)
	return jsonAttachment(d)
}

// withoutPassword blanks the value of an order file's PASSWORD line, as the
// problems reply does.
func withoutPassword(text string) string {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	for i, l := range lines {
		if f := strings.Fields(l); len(f) > 0 && strings.EqualFold(strings.TrimSuffix(f[0], ":"), "PASSWORD") {
			lines[i] = "PASSWORD"
		}
	}
	return strings.Join(lines, "\n")
}

// jsonTime is a Unix-millisecond time in RFC 3339.
func jsonTime(ms int64) string {
	return time.UnixMilli(ms).UTC().Format(time.RFC3339)
}

// withResultsDoc returns atts with the document of a results mail to p:
// the segment's events p's side may see, with their rolls and rules. The
// mail at game end is of kind "final".
func (a *Adjudicator) withResultsDoc(tx *store.Tx, g store.Game, p store.Player, sys rules.System, next rules.State, v rules.View,
	seg rules.Segment, events []rules.Event, atts []templates.Attachment) ([]templates.Attachment, error) {
	if next.Over() {
		g.Status = "over"
	}
	d, err := a.mailDocOf(tx, g, p, "results", sys, next, v)
	if err != nil {
		return nil, err
	}
	if d.Over {
		d.Kind, d.Schema = "final", rules.MailSchema("final")
	}
	d.Resolved, d.Events = seg.Label, rules.EventDocs(events, viewSide(p))
	att, err := jsonAttachment(d)
	if err != nil {
		return nil, err
	}
	return append(atts, att), nil
}

// receiptDoc is the document of the receipt for f, accepted from p: the
// orders in canonical text, their hash and the sides still awaited.
func (a *Adjudicator) receiptDoc(tx *store.Tx, g store.Game, sys rules.System, st rules.State, p store.Player, f *orders.File, waiting []string) ([]templates.Attachment, error) {
	d, err := a.mailDocOf(tx, g, p, "receipt", sys, st, view(sys, st, viewSide(p), g.ID))
	if err != nil {
		return nil, err
	}
	h := orders.Hash(f, sys.Dialect())
	d.Orders = &rules.OrdersDoc{Status: "accepted", Text: orders.FormatOrders(f, sys.Dialect()), Hash: fmt.Sprintf("%x", h[:]),
		Waiting: waiting}
	if n, ok := sys.(rules.ReceiptNoter); ok {
		d.Orders.Notes = n.ReceiptNotes(st, f)
	}
	att, err := jsonAttachment(d)
	if err != nil {
		return nil, err
	}
	return []templates.Attachment{att}, nil
}
