package adjudicator

import (
	"errors"
	"fmt"
	"strings"

	"galloper/adjudicator/store"
)

// Bounce is what a delivery status notification (RFC 3464) says of a
// mail Galloper sent: which recipient it failed for, with what status
// and diagnostic, and the failed mail's Message-ID when the report
// returned its header.
type Bounce struct {
	Recipient  string // Final-Recipient, without its address type
	Status     string // e.g. 5.1.1
	Diagnostic string // the remote server's words (Diagnostic-Code)
	MessageID  string // the Message-ID of the mail that failed, if returned
}

// bounce records a failed delivery: the outgoing mail it reports (found
// by Message-ID, else as the newest sent to that recipient) is marked
// bounced, and the game's umpire is told, so that a player who silently
// gets no mail is not taken to have ignored the game. A bounce that
// matches no mail of Galloper's is only logged.
func (a *Adjudicator) bounce(tx *store.Tx, in Incoming) (Outcome, error) {
	b := in.Bounce
	m, err := tx.OutgoingByMessageID(b.MessageID)
	if errors.Is(err, store.ErrNotFound) && b.Recipient != "" {
		m, err = tx.LastSentTo(b.Recipient)
	}
	if errors.Is(err, store.ErrNotFound) {
		a.log.Warn("bounce for no mail of Galloper's", "inbound", in.InboundID, "recipient", b.Recipient, "status", b.Status,
			"msgid", b.MessageID)
		return Outcome{Result: "bounce: matches no outgoing mail"}, nil
	}
	if err != nil {
		return Outcome{}, err
	}
	why := strings.TrimSpace(b.Status + " " + b.Diagnostic)
	if err := tx.MarkBounced(m.ID, why); err != nil {
		return Outcome{}, err
	}
	a.log.Error("mail bounced", "game", m.GameID, "kind", m.Kind, "to", m.Recipient, "msgid", m.MessageID, "status", b.Status,
		"diagnostic", b.Diagnostic)
	if m.GameID == "" {
		return Outcome{Result: "bounced: " + m.Kind + " to " + m.Recipient}, nil
	}
	g, err := tx.Game(m.GameID)
	if err != nil {
		return Outcome{}, err
	}
	players, err := tx.Players(g.ID)
	if err != nil {
		return Outcome{}, err
	}
	for _, p := range players {
		if p.Side != Umpire || p.Email == "" || strings.EqualFold(p.Email, m.Recipient) {
			continue
		}
		text := fmt.Sprintf("A mail of game %s could not be delivered.\n\n"+
			"  Recipient: %s\n  Mail:      %s (%s)\n  Status:    %s\n  Server:    %s\n\n"+
			"The player may not know the game is waiting for them. Check the address with them; "+
			"the operator can send the mail again with `galloper outbox retry %d`.\n",
			g.ID, m.Recipient, m.Kind, m.MessageID, b.Status, b.Diagnostic, m.ID)
		if err := a.queue(tx, g, "bounce", m.ID, p.Email, "Undeliverable: "+m.Kind+" to "+m.Recipient+" in game "+g.ID, text, Incoming{}, nil); err != nil {
			return Outcome{}, err
		}
	}
	return Outcome{GameID: g.ID, Result: "bounced: " + m.Kind + " to " + m.Recipient}, nil
}
