package adjudicator

import (
	"fmt"
	"strings"
	"time"

	"galloper/adjudicator/store"
	"galloper/orders"
	"galloper/templates"
)

// Mail classes the per-address rate limits count (Limits.OrderFiles,
// Limits.Commands), and the replies sent to mails over them.
const (
	rateOrders   = "orders"
	rateCommands = "commands"
	rateLimited  = "limited-" // + the class: replies to mails over its limit
)

// overRate counts a mail of class (rateOrders or rateCommands) against its
// sender's rate limit. A mail within the limit is noted and read as usual
// (over is false). A mail over it is not read: it stays stored, marked
// "rate-limited", and is answered with a reply that names the limit and
// says when the sender may send it again. An address that goes on sending
// has as many such replies in a window as its limit, and no more, so that
// a loop or a forged sender cannot make Galloper a source of mail floods;
// its further mails are stored and not answered.
func (a *Adjudicator) overRate(tx *store.Tx, in Incoming, class string) (out Outcome, over bool, err error) {
	lim := a.Limits()
	max, what, key := lim.OrderFiles, "order files", "limits.order_files"
	if class == rateCommands {
		max, what, key = lim.Commands, "command mails", "limits.commands"
	}
	addr := strings.ToLower(in.From)
	now := a.now()
	since := now.Add(-lim.RateWindow).UnixMilli()
	n, oldest, err := tx.RecentMail(addr, class, since)
	if err != nil {
		return Outcome{}, false, err
	}
	if n < max {
		return Outcome{}, false, tx.NoteMail(addr, class, now.UnixMilli(), since)
	}
	again := time.UnixMilli(oldest).Add(lim.RateWindow)
	result := fmt.Sprintf("rate-limited: %d %s from %s within %s", n, what, addr, lim.RateWindow)
	told, _, err := tx.RecentMail(addr, rateLimited+class, since)
	if err != nil {
		return Outcome{}, false, err
	}
	if told >= max {
		return Outcome{Result: result + "; not answered (as many replies as the limit sent already)"}, true, nil
	}
	if err := tx.NoteMail(addr, rateLimited+class, now.UnixMilli(), since); err != nil {
		return Outcome{}, false, err
	}
	p := orders.Problem{Kind: orders.Invalid, Code: "rate-limited",
		Message: fmt.Sprintf("Galloper reads at most %d %s from one address in %s (%s), and has read %d from %s since %s: this mail is kept, but not read, and nothing in it is acted on",
			max, what, windowText(lim.RateWindow), key, n, addr, timeText(oldest)),
		Suggestion: fmt.Sprintf("send it again after %s", timeText(again.UnixMilli()))}
	text := fmt.Sprintf("%s.\n\nSend it again after %s.", p.Message, timeText(again.UnixMilli()))
	if len(in.Text) <= lim.ReplyBytes {
		text += " Its text was:\n\n" + quoted(withoutPassword(in.Text))
	}
	text += "\n"
	doc, err := a.problemsDoc(tx, nil, "", in.Text, []orders.Problem{p})
	if err != nil {
		return Outcome{}, false, err
	}
	subject := "Not read: rate limit"
	if in.Subject != "" {
		subject = "Re: " + strings.TrimPrefix(in.Subject, "Re: ") + " (not read: rate limit)"
	}
	if err := a.queue(tx, store.Game{}, "problems", in.InboundID, in.From, subject, text, in, []templates.Attachment{doc}); err != nil {
		return Outcome{}, false, err
	}
	return Outcome{Result: result}, true, nil
}

// quoted is text with each line quoted as a mail reply quotes it, within
// the reply limit's bounds.
func quoted(text string) string {
	lines := strings.Split(strings.TrimRight(strings.ReplaceAll(text, "\r\n", "\n"), "\n"), "\n")
	for i, l := range lines {
		lines[i] = "> " + l
	}
	return strings.Join(lines, "\n")
}

// windowText writes a rate window for a player: "an hour", "10 minutes".
func windowText(d time.Duration) string {
	if d == time.Hour {
		return "an hour"
	}
	return spanText(d)
}
