package adjudicator

import (
	"context"
	"fmt"
	"strings"

	"galloper/adjudicator/store"
)

// SetAside sets a stored mail aside after its processing failed, or never
// finished, attempts times, so that the mails behind it go on. The sender
// is told once, in the same transaction: the notice goes out with the
// mail's change of status or not at all. Bounces and auto-replies are not
// answered, and an address gets at most one such notice a day, so a forged
// sender cannot turn Galloper into a source of backscatter. in needs only
// the mail's headers (the body may be what fails).
func (a *Adjudicator) SetAside(ctx context.Context, in Incoming, attempts int, cause error) error {
	return a.db.WithTx(ctx, func(tx *store.Tx) error {
		reason := fmt.Sprintf("set aside after %d attempts: %v", attempts, cause)
		if err := tx.SetInboundAside(in.InboundID, reason); err != nil {
			return err
		}
		if in.Automatic || in.From == "" {
			return nil
		}
		first, err := tx.NoteRefusal("set-aside:"+strings.ToLower(in.From), a.now().UTC().Format("2006-01-02"))
		if err != nil || !first {
			return err
		}
		subject := "Not processed"
		if in.Subject != "" {
			subject = "Not processed: " + in.Subject
		}
		text := fmt.Sprintf("Galloper could not process your mail%s: it tried %d times and failed each time.\n"+
			"The mail has been set aside for the operator of this Galloper, who can see what went wrong.\n"+
			"Nothing from it was stored as orders. If it held orders, send them again as plain text in\n"+
			"the body of a new mail, without forwarded or attached mails.\n", quotedSubject(in.Subject), attempts)
		return a.queue(tx, store.Game{}, "set-aside", in.InboundID, in.From, subject, text, in, nil)
	})
}

func quotedSubject(s string) string {
	if s == "" {
		return ""
	}
	return fmt.Sprintf(" (subject %q)", s)
}
