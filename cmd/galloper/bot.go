package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	gomail "github.com/emersion/go-message/mail"
	"github.com/emersion/go-smtp"
	"github.com/spf13/cobra"

	"galloper/orders"
	"galloper/rules"
)

// mailBot is the sample bot of `galloper bot` and `galloper demo --bots`:
// it plays one side from the JSON document of each mail Galloper sends it
// (docs/bots.md), reading its mailbox over IMAP and answering by SMTP to
// the mail's reply address, which authenticates it without a password.
//
// Its policy is simple: for each segment it is due to order it writes the
// orders its hints suggest, in the words of the system (botWriters): in
// Line of Battle no new written orders, so that its Commands carry on
// under the orders they hold and its standing reactions, and every stack
// that sees an enemy unit within its weapons' reach fires at the nearest
// (fireScripts); in ACW miniatures a line a unit (tableOrders); in
// Battle Hymn moves toward the Objectives, bombardments and the held
// Combat Turn (hourScripts); in Winter's Victory charges, written orders,
// moves toward the Objectives and fire plans (segmentOrders); in any other
// system an empty order file. It answers every decision request
// with its default. A file once refused is never sent again: it falls
// back once on the empty file. A mail Galloper did not read for the bot's
// rate limit is no refusal: the bot sends it again once the time the
// reply names has passed (resendDue).
type mailBot struct {
	IMAPAddr, User, Password string // its mailbox
	SMTPAddr                 string
	Address                  string // its own address, the sender of its mails

	// sent holds the segments it has sent orders for, by game and index,
	// and the decisions it has answered, by game, segment and number.
	sent map[string]bool
	// Refused counts its order files that Galloper refused; Over is set
	// when its final mail has come.
	Refused  int
	Problems []string
	// Accepted counts its order files that Galloper accepted, and Orders
	// the orders they held.
	Accepted, Orders int
	// Kinds counts the orders of its accepted files by their first word.
	Kinds map[string]int
	Over  bool
	Mails int
	// Log, when set, is told once per game how the bot plays it: from
	// its hints, or with empty order files where the system lists none.
	Log io.Writer
	// Now is the bot's clock (time.Now when nil).
	Now func() time.Time

	// mails are the mails it has sent and has had no reply to, by
	// Message-ID; later are those Galloper did not read for its rate
	// limit, to send again at their time.
	mails map[string]botMail
	later []botMail
	last  string // the Message-ID of its last mail
}

// botMail is a mail the bot sent, and when to send it again.
type botMail struct {
	to, subject, text string
	after             time.Time
	orders            []string // the orders of an order file
}

// Step reads the unseen mail of the bot's mailbox, answers each mail and
// marks it seen. It returns how many mails it read.
func (b *mailBot) Step(ctx context.Context) (int, error) {
	if b.sent == nil {
		b.sent = map[string]bool{}
	}
	if err := b.resendDue(); err != nil {
		return 0, err
	}
	c, err := imapclient.DialInsecure(b.IMAPAddr, nil) // plain text: a loopback or trusted server
	if err != nil {
		return 0, fmt.Errorf("bot %s: %w", b.Address, err)
	}
	defer c.Close()
	if err := c.Login(b.User, b.Password).Wait(); err != nil {
		return 0, fmt.Errorf("bot %s: login: %w", b.Address, err)
	}
	if _, err := c.Select("INBOX", nil).Wait(); err != nil {
		return 0, fmt.Errorf("bot %s: %w", b.Address, err)
	}
	data, err := c.UIDSearch(&imap.SearchCriteria{NotFlag: []imap.Flag{imap.FlagSeen}}, nil).Wait()
	if err != nil {
		return 0, fmt.Errorf("bot %s: search: %w", b.Address, err)
	}
	uids := data.AllUIDs()
	if len(uids) == 0 {
		return 0, c.Logout().Wait()
	}
	sec := &imap.FetchItemBodySection{Peek: true}
	msgs, err := c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{sec}}).Collect()
	if err != nil {
		return 0, fmt.Errorf("bot %s: fetch: %w", b.Address, err)
	}
	for _, m := range msgs {
		if err := b.answer(m.FindBodySection(sec)); err != nil {
			return 0, err
		}
		// Seen only once answered: a bot stopped half-way answers again.
		if err := c.Store(imap.UIDSetNum(m.UID), &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true,
			Flags: []imap.Flag{imap.FlagSeen}}, nil).Close(); err != nil {
			return 0, fmt.Errorf("bot %s: store: %w", b.Address, err)
		}
		b.Mails++
	}
	return len(msgs), c.Logout().Wait()
}

// answer reads one mail's document and sends what the policy says.
func (b *mailBot) answer(raw []byte) error {
	d, replyTo, answers, err := readDoc(raw)
	if err != nil || d == nil {
		return err // a mail with no document asks nothing of a bot
	}
	m, mine := b.mails[answers]
	delete(b.mails, answers)
	switch {
	case d.Kind == "problems" && len(d.Problems) == 1 && d.Problems[0].Code == "rate-limited":
		return b.resendLater(m, mine, d.Problems[0])
	case d.Kind == "receipt" && mine:
		b.Accepted++
		b.Orders += len(m.orders)
		if b.Kinds == nil {
			b.Kinds = map[string]int{}
		}
		for _, o := range m.orders {
			if f := strings.Fields(o); len(f) > 0 {
				b.Kinds[strings.ToUpper(f[0])]++
			}
		}
	}
	switch {
	case d.Over:
		b.Over = true
		return nil
	case d.Kind == "problems":
		b.Refused++
		for _, p := range d.Problems {
			b.Problems = append(b.Problems, fmt.Sprintf("line %d: %s [%s]", p.Line, p.Message, p.Code))
		}
	}
	seg := -1
	if d.Segment != nil {
		seg = d.Segment.Index
	}
	for _, q := range d.Decisions {
		key := fmt.Sprintf("%s/%d/decide/%d", d.Game, seg, q.Seq) // Seq is unique within a segment
		if b.sent[key] || d.Kind != "decision" {
			continue
		}
		b.sent[key] = true
		// By the default's number: an option's text may itself be a
		// number, such as a hex id, which DECIDE would read as one.
		choice := q.Default
		if i := slices.Index(q.Options, q.Default); i >= 0 {
			choice = fmt.Sprint(i + 1)
		}
		if err := b.send(replyTo, "Decision", fmt.Sprintf("DECIDE %d %s\n", q.Seq, choice)); err != nil {
			return err
		}
	}
	if !d.OrdersDue || d.Segment == nil || d.Orders != nil && d.Orders.Status != "refused" {
		return nil
	}
	key := fmt.Sprintf("%s/%d/orders", d.Game, d.Segment.Index)
	body := botOrders(d)
	if b.sent[key] {
		// A refused file is never sent again: the side falls back once on
		// the empty file.
		if d.Kind != "problems" || b.sent[key+"/empty"] || len(body) == 0 {
			return nil
		}
		b.sent[key+"/empty"], body = true, []string{}
	}
	b.sent[key] = true
	if !b.sent[d.Game+"/told"] && b.Log != nil {
		b.sent[d.Game+"/told"] = true
		how := "from the order hints in its mails"
		if _, ok := botWriters[d.System]; !ok || d.Hints == nil {
			how = "with empty order files: " + d.System + " gives it no hints it can write orders from"
		}
		fmt.Fprintf(b.Log, "%s plays %s of game %s %s.\n", b.Address, d.Side, d.Game, how)
	}
	f := orders.JSONFile{Schema: orders.JSONSchema, Game: d.Game, Side: string(d.Side), Turn: fmt.Sprint(d.Segment.Turn),
		Orders: body}
	data, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return err
	}
	if err := b.send(replyTo, "Orders", string(data)+"\n"); err != nil {
		return err
	}
	b.mails[b.last] = botMail{to: replyTo, subject: "Orders", text: string(data) + "\n", orders: body}
	return nil
}

// rateSuggestion is how a rate-limited reply's suggestion names the time
// after which to send the mail again (docs/bots.md): a minute in UTC.
var rateSuggestion = regexp.MustCompile(`after (\w{3} \d{1,2} \w{3} \d{4} \d{2}:\d{2} UTC)`)

// resendLater keeps m, the bot's mail that Galloper did not read for its
// rate limit (p), to send again once the minute p names is over: the
// reply gives the time to the minute.
func (b *mailBot) resendLater(m botMail, mine bool, p rules.ProblemDoc) error {
	at := rateSuggestion.FindStringSubmatch(p.Suggestion)
	if !mine || at == nil {
		b.Problems = append(b.Problems, fmt.Sprintf("not read, and not sent again: %s [%s] %s", p.Message, p.Code, p.Suggestion))
		return nil
	}
	t, err := time.Parse("Mon 2 Jan 2006 15:04 MST", at[1])
	if err != nil {
		return fmt.Errorf("bot %s: a rate-limited reply's time %q: %w", b.Address, at[1], err)
	}
	m.after = t.Add(time.Minute)
	b.later = append(b.later, m)
	return nil
}

// resendDue sends again each mail Galloper did not read for the bot's
// rate limit whose time has come.
func (b *mailBot) resendDue() error {
	now := time.Now
	if b.Now != nil {
		now = b.Now
	}
	var wait []botMail
	for _, m := range b.later {
		if now().Before(m.after) {
			wait = append(wait, m)
			continue
		}
		if err := b.send(m.to, m.subject, m.text); err != nil {
			return err
		}
		m.after = time.Time{}
		b.mails[b.last] = m
	}
	b.later = wait
	return nil
}

// send mails text to Galloper's reply address for the bot.
func (b *mailBot) send(to, subject, text string) error {
	var h gomail.Header
	h.SetAddressList("From", []*gomail.Address{{Address: b.Address}})
	h.SetAddressList("To", []*gomail.Address{{Address: to}})
	h.SetSubject(subject)
	if err := h.GenerateMessageID(); err != nil {
		return err
	}
	id, err := h.MessageID()
	if err != nil {
		return err
	}
	if b.mails == nil {
		b.mails = map[string]botMail{}
	}
	b.mails[id] = botMail{to: to, subject: subject, text: text}
	b.last = id
	var buf bytes.Buffer
	w, err := gomail.CreateSingleInlineWriter(&buf, h)
	if err != nil {
		return err
	}
	io.WriteString(w, text)
	w.Close()
	c, err := smtp.Dial(b.SMTPAddr)
	if err != nil {
		return fmt.Errorf("bot %s: %w", b.Address, err)
	}
	defer c.Close()
	if err := c.SendMail(b.Address, []string{to}, &buf); err != nil {
		return fmt.Errorf("bot %s: send: %w", b.Address, err)
	}
	return nil
}

// readDoc returns a mail's JSON document, its reply address and the
// Message-ID of the mail it answers (its In-Reply-To).
func readDoc(raw []byte) (*rules.MailDoc, string, string, error) {
	mr, err := gomail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		return nil, "", "", fmt.Errorf("a mail to the bot: %w", err)
	}
	replyTo, answers := "", ""
	if l, err := mr.Header.AddressList("Reply-To"); err == nil && len(l) > 0 {
		replyTo = l[0].Address
	} else if l, err := mr.Header.AddressList("From"); err == nil && len(l) > 0 {
		replyTo = l[0].Address
	}
	if ids, err := mr.Header.MsgIDList("In-Reply-To"); err == nil && len(ids) > 0 {
		answers = ids[0]
	}
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return nil, replyTo, answers, nil
		}
		if err != nil {
			return nil, "", "", fmt.Errorf("a mail to the bot: %w", err)
		}
		if !strings.HasPrefix(p.Header.Get("Content-Type"), "application/json") {
			continue
		}
		var d rules.MailDoc
		if err := json.NewDecoder(p.Body).Decode(&d); err != nil {
			return nil, "", "", fmt.Errorf("a mail's document: %w", err)
		}
		return &d, replyTo, answers, nil
	}
}

// botCmd is `galloper bot`: the sample bot, playing one side of any number
// of games from the mailbox it reads.
func botCmd() *cobra.Command {
	b := &mailBot{}
	var poll time.Duration
	cmd := &cobra.Command{
		Use:   "bot --imap HOST:PORT --user NAME --smtp HOST:PORT --address ADDR",
		Short: "Play a side from Galloper's mails with the sample bot",
		Long: "bot reads its IMAP mailbox, answers every mail Galloper sends it from the mail's JSON document\n" +
			"alone (docs/bots.md) and sends its answers by SMTP to the mail's reply address: for each segment\n" +
			"it is due to order, the orders its hints suggest where it knows the system's order words (Line of\n" +
			"Battle: no new written orders, and fire at the nearest target; ACW miniatures: charge, shoot,\n" +
			"rally or advance, a line a unit; Battle Hymn: move toward the Objectives and bombard; Winter's\n" +
			"Victory: charge, order, move toward the Objectives and fire), else an empty order file; and the\n" +
			"default of every decision request, by its number. It never sends a refused file again; a mail\n" +
			"Galloper did not read for the bot's rate limit it sends again once the time the reply names has\n" +
			"passed. The mailbox password is read from GALLOPER_BOT_PASSWORD. It speaks plain IMAP and SMTP,\n" +
			"for a server on loopback or a trusted network.",
		RunE: func(cmd *cobra.Command, _ []string) error {
			b.Password = os.Getenv("GALLOPER_BOT_PASSWORD")
			ctx := cmd.Context()
			for {
				if _, err := b.Step(ctx); err != nil {
					return err
				}
				select {
				case <-ctx.Done():
					return nil
				case <-time.After(poll):
				}
			}
		},
	}
	cmd.Flags().StringVar(&b.IMAPAddr, "imap", "", "the bot's IMAP server")
	cmd.Flags().StringVar(&b.User, "user", "", "the bot's IMAP login")
	cmd.Flags().StringVar(&b.SMTPAddr, "smtp", "", "the SMTP server it sends through")
	cmd.Flags().StringVar(&b.Address, "address", "", "the bot's own address, as registered with Galloper")
	cmd.Flags().DurationVar(&poll, "poll", 30*time.Second, "how often it reads its mailbox")
	for _, f := range []string{"imap", "user", "smtp", "address"} {
		cmd.MarkFlagRequired(f)
	}
	return cmd
}

// botWriters write the bot's orders from a document's hints, by system
// id: the hints are common to all systems, the words of an order file are
// each system's own.
var botWriters = map[string]func(*rules.MailDoc) []string{
	"lob.v2":            func(d *rules.MailDoc) []string { return fireScripts(d.Hints) },
	"acwminis.v1":       func(d *rules.MailDoc) []string { return tableOrders(d.Hints) },
	"battlehymn.v1":     hourScripts,
	"wintersvictory.v1": segmentOrders,
	"gbacw.v1":          activationScripts,
}

// botOrders are the orders the bot sends for the segment a document
// awaits: written from its hints where the bot knows the system's order
// words (botWriters), else none: an empty order file, as a player with
// nothing to order sends.
func botOrders(d *rules.MailDoc) []string {
	if w, ok := botWriters[d.System]; ok && d.Hints != nil {
		return w(d)
	}
	return []string{}
}

// fireScripts are the bot's activity scripts from a document's hints: each
// stack that may fire and has targets fires at the nearest one, the first
// listed among equals.
func fireScripts(h *rules.OrderHints) []string {
	out := []string{}
	for _, st := range h.Stacks {
		if len(st.Targets) == 0 || !slices.Contains(st.Steps, "FIRE") {
			continue
		}
		best := st.Targets[0]
		for _, t := range st.Targets[1:] {
			if t.Distance < best.Distance {
				best = t
			}
		}
		out = append(out, fmt.Sprintf("STACK %s\n  FIRE %s\nEND", strings.Join(st.Units, ", "), best.At))
	}
	return out
}

// tableOrders are the bot's unit orders on an open table (ACW
// miniatures) from a document's hints, a line a unit: it charges the
// nearest enemy a charge may be declared at, one charger a target; else
// stands and shoots at the nearest it may shoot at; else rallies when hit,
// one unit a commander; else unlimbers its guns; else, unless Shaken,
// goes forward as far as it may. A unit with none of these holds, which
// is what a unit without an order does.
func tableOrders(h *rules.OrderHints) []string {
	out := []string{}
	charged, rallied := map[string]bool{}, map[string]bool{}
	for _, u := range h.Units {
		can := func(o string) bool { return slices.Contains(u.Orders, o) }
		free := slices.IndexFunc(u.Charges, func(c rules.ReachHint) bool { return !charged[c.Unit] })
		switch {
		case can("CHARGE") && free >= 0:
			charged[u.Charges[free].Unit] = true
			out = append(out, fmt.Sprintf("CHARGE %s: %s", u.Unit, u.Charges[free].Unit))
		case can("HOLD") && len(u.Targets) > 0:
			out = append(out, fmt.Sprintf("HOLD %s: FIRE %s", u.Unit, u.Targets[0].Unit))
		case can("RALLY") && u.State != "Steady" && u.Rally != "" && !rallied[u.Rally]:
			rallied[u.Rally] = true
			out = append(out, "RALLY "+u.Unit)
		case can("ADVANCE") && slices.Contains(u.Steps, "UNLIMBER"):
			out = append(out, fmt.Sprintf("ADVANCE %s: UNLIMBER", u.Unit))
		case can("ADVANCE") && u.State != "Shaken":
			out = append(out, fmt.Sprintf("ADVANCE %s: FORWARD MAX", u.Unit))
		}
	}
	return out
}
