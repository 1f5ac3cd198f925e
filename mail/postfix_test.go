package mail_test

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	gomail "github.com/emersion/go-message/mail"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"galloper/adjudicator"
	"galloper/adjudicator/store"
	"galloper/mail"
)

// The Postfix suite runs against the Postfix of scripts/postfix.sh, in
// front of the Dovecot of scripts/dovecot.sh: players and Galloper submit
// mail on the submission port with STARTTLS and SASL (checked by Dovecot),
// Postfix delivers it by LMTP into Dovecot, and everyone reads it there by
// IMAP. Galloper's address gm@galloper.test (and its plus addresses) is
// Dovecot's user referee.

// mailStack is the Postfix and Dovecot pair the suite runs against.
type mailStack struct {
	imapAddr   string // Dovecot's IMAP
	submission string // Postfix's submission port
	ca         string // the private CA that signed Postfix's certificate
	dir        string // Postfix's configuration directory
}

// postfix returns the mail stack of scripts/postfix.sh, or skips the
// test when there is none.
func postfix(t *testing.T) *mailStack {
	s := &mailStack{imapAddr: os.Getenv("GALLOPER_IT_DOVECOT"), submission: os.Getenv("GALLOPER_IT_POSTFIX"),
		ca: os.Getenv("GALLOPER_IT_POSTFIX_CA"), dir: os.Getenv("GALLOPER_IT_POSTFIX_DIR")}
	if s.imapAddr == "" || s.submission == "" || s.ca == "" || s.dir == "" {
		t.Skip("GALLOPER_IT_POSTFIX is not set: run scripts/dovecot.sh then scripts/postfix.sh (scripts/test.sh does)")
	}
	return s
}

// account is a Dovecot user's IMAP settings; every test user's password
// is its name and "pass".
func (s *mailStack) account(user string) *mail.IMAPConfig {
	return &mail.IMAPConfig{Addr: s.imapAddr, Username: user, Password: user + "pass"}
}

// galloperSMTP is how Galloper submits its mail: STARTTLS, verified
// against the private CA under the certificate's name, and SASL as gm.
func (s *mailStack) galloperSMTP() *mail.SMTPConfig {
	return &mail.SMTPConfig{Addr: s.submission, StartTLS: true,
		TLSOptions: mail.TLSOptions{CAFile: s.ca, ServerName: "mail.galloper.test"},
		Username:   "gm", Password: "gmpass", From: gm}
}

// newStackRig is a rig reading Galloper's mail from Dovecot and sending
// through Postfix, with every test mailbox emptied first.
func newStackRig(t *testing.T, s *mailStack) *rig {
	for _, u := range []string{"referee", "csa", "usa", "umpire"} {
		emptyInbox(t, s.account(u))
	}
	return newRigVia(t, s.account("referee"), s.galloperSMTP())
}

// emptyInbox deletes every message in a Dovecot user's INBOX.
func emptyInbox(t *testing.T, cfg *mail.IMAPConfig) {
	t.Helper()
	c := login(t, cfg)
	defer c.Close()
	sel, err := c.Select("INBOX", nil).Wait()
	if err != nil {
		t.Fatal(err)
	}
	if sel.NumMessages > 0 {
		var all imap.SeqSet
		all.AddRange(1, 0)
		if err := c.Store(all, &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagDeleted}}, nil).Close(); err != nil {
			t.Fatal(err)
		}
		if err := c.Expunge().Close(); err != nil {
			t.Fatal(err)
		}
	}
	c.Logout().Wait()
}

// waitInbox waits, in IMAP IDLE, until a Dovecot user's INBOX holds at
// least n messages, and returns them, oldest first.
func waitInbox(t *testing.T, cfg *mail.IMAPConfig, n int) [][]byte {
	t.Helper()
	grew := make(chan struct{}, 1)
	c, err := imapclient.DialInsecure(cfg.Addr, &imapclient.Options{UnilateralDataHandler: &imapclient.UnilateralDataHandler{
		Mailbox: func(d *imapclient.UnilateralDataMailbox) {
			if d.NumMessages != nil {
				select {
				case grew <- struct{}{}:
				default:
				}
			}
		}}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Login(cfg.Username, cfg.Password).Wait(); err != nil {
		t.Fatal(err)
	}
	sel, err := c.Select("INBOX", &imap.SelectOptions{ReadOnly: true}).Wait()
	if err != nil {
		t.Fatal(err)
	}
	count := func() int {
		st, err := c.Status("INBOX", &imap.StatusOptions{NumMessages: true}).Wait()
		if err != nil {
			t.Fatal(err)
		}
		return int(*st.NumMessages)
	}
	have := int(sel.NumMessages)
	deadline := time.After(20 * time.Second)
	for have < n {
		idle, err := c.Idle()
		if err != nil {
			t.Fatal(err)
		}
		select {
		case <-grew:
		case <-deadline:
			t.Fatalf("%s's INBOX holds %d messages after 20 s, want %d", cfg.Username, have, n)
		}
		if err := idle.Close(); err != nil {
			t.Fatal(err)
		}
		if err := idle.Wait(); err != nil {
			t.Fatal(err)
		}
		have = count()
	}
	var all imap.SeqSet
	all.AddRange(1, 0)
	msgs, err := c.Fetch(all, &imap.FetchOptions{BodySection: []*imap.FetchItemBodySection{{Peek: true}}}).Collect()
	if err != nil {
		t.Fatal(err)
	}
	out := make([][]byte, 0, len(msgs))
	for _, m := range msgs {
		for _, b := range m.BodySection {
			out = append(out, b.Bytes)
		}
	}
	return out
}

// submit sends a raw mail as a player would: to Postfix's submission
// port, STARTTLS verified against the private CA, SASL PLAIN as user.
func (s *mailStack) submit(t *testing.T, user, from, to string, raw []byte) {
	t.Helper()
	pem, err := os.ReadFile(s.ca)
	if err != nil {
		t.Fatal(err)
	}
	roots := x509.NewCertPool()
	roots.AppendCertsFromPEM(pem)
	c, err := smtp.DialStartTLS(s.submission, &tls.Config{ServerName: "mail.galloper.test", RootCAs: roots})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Auth(sasl.NewPlainClient("", user, user+"pass")); err != nil {
		t.Fatal(err)
	}
	if err := c.SendMail(from, []string{to}, bytes.NewReader(raw)); err != nil {
		t.Fatal(err)
	}
	c.Quit()
}

// headerOf reads one header field of a raw mail.
func headerOf(t *testing.T, raw []byte, key string) string {
	t.Helper()
	mr, err := gomail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	return mr.Header.Get(key)
}

// textOf is a raw mail's first text part.
func textOf(t *testing.T, raw []byte) string {
	t.Helper()
	mr, err := gomail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	p, err := mr.NextPart()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(p.Body)
	return string(b)
}

// subjects lists the decoded subjects of raw mails.
func subjects(t *testing.T, raws [][]byte) []string {
	t.Helper()
	var out []string
	for _, raw := range raws {
		mr, err := gomail.CreateReader(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		s, _ := mr.Header.Subject()
		out = append(out, s)
	}
	return out
}

// TestPostfixFirstTurn plays a game's first turn through the real mail
// stack: Galloper's start mails go out by submission and reach each
// player's Dovecot mailbox; the CSA player answers from its own mail
// client (submission, STARTTLS, SASL) to the plus address the start mail
// gave; Postfix delivers that to Galloper's mailbox, Galloper reads it by
// IMAP, and its receipt and results reach the players.
func TestPostfixFirstTurn(t *testing.T) {
	s := postfix(t)
	r := newStackRig(t, s)
	r.cycle() // the three start mails go out
	start := waitInbox(t, s.account("csa"), 1)[0]
	waitInbox(t, s.account("usa"), 1)
	waitInbox(t, s.account("umpire"), 1)
	reply := headerOf(t, start, "Reply-To")
	to, err := gomail.ParseAddress(reply)
	if err != nil || !strings.HasPrefix(to.Address, "gm+") || !strings.HasSuffix(to.Address, "@galloper.test") {
		t.Fatalf("the start mail's Reply-To is %q (%v), want a plus address of gm@galloper.test", reply, err)
	}
	orders := r.compose(csaAddr, "Re: "+subjects(t, [][]byte{start})[0], csaTurn1)
	orders = bytes.Replace(orders, []byte("To: <"+gm+">"), []byte("To: <"+to.Address+">"), 1)
	s.submit(t, "csa", csaAddr, to.Address, orders)
	got := waitInbox(t, s.account("referee"), 1)
	if rcpt := headerOf(t, got[0], "To"); !strings.Contains(rcpt, to.Address) {
		t.Fatalf("Galloper's mailbox got a mail to %q, want %q", rcpt, to.Address)
	}
	r.cycle() // read, adjudicate, send the receipt and the results
	csa := waitInbox(t, s.account("csa"), 3)
	waitInbox(t, s.account("usa"), 2)
	waitInbox(t, s.account("umpire"), 2)
	subj := subjects(t, csa)
	var receipt []byte
	for i, sj := range subj {
		if strings.HasPrefix(sj, "Receipt") {
			receipt = csa[i]
		}
	}
	if receipt == nil {
		t.Fatalf("CSA's mailbox holds %q: no receipt", subj)
	}
	if body := textOf(t, receipt); !strings.Contains(body, "Tanner's Mill") {
		t.Fatalf("the receipt does not echo the orders:\n%s", body)
	}
	if n := r.inbound(""); n != 1 {
		t.Fatalf("%d mails stored, want the one order mail", n)
	}
}

// outboxTo is the outbox row of the mail of a kind to a recipient.
func (r *rig) outboxTo(recipient, kind string) store.Outgoing {
	r.t.Helper()
	var found store.Outgoing
	if err := r.db.WithTx(context.Background(), func(tx *store.Tx) error {
		rows, err := tx.OutboxAfter(0)
		for _, m := range rows {
			if m.Recipient == recipient && m.Kind == kind {
				found = m
			}
		}
		return err
	}); err != nil {
		r.t.Fatal(err)
	}
	return found
}

// TestPostfixBounce: a game whose USA player's address has no mailbox.
// Postfix accepts Galloper's start mail to it, Dovecot's LMTP refuses the
// unknown user, and Postfix returns a delivery status notification to
// Galloper's address; Galloper reads it, matches it to the start mail,
// marks that bounced, and tells the game's umpire.
func TestPostfixBounce(t *testing.T) {
	s := postfix(t)
	r := newStackRig(t, s)
	const ghost = "ghost@players.test"
	err := r.d.Adj.CreateGame(context.Background(), adjudicator.GameSpec{ID: "lost", System: "lob.v2", Scenario: "tanners-creek",
		Players: []adjudicator.PlayerSpec{{Side: "CSA", Email: csaAddr, Password: "tulip"}, {Side: "USA", Email: ghost, Password: "oak"},
			{Side: "UMPIRE", Email: umpAddr, Password: "whistle"}}})
	if err != nil {
		t.Fatal(err)
	}
	r.cycle() // both games' start mails go out
	if m := r.outboxTo(ghost, "start"); m.Status != "sent" {
		t.Fatalf("the start mail to %s is %q, want sent (Postfix accepts it)", ghost, m.Status)
	}
	dsn := waitInbox(t, s.account("referee"), 1)[0]
	if b := mail.ParseDSN(dsn); b == nil || b.Recipient != ghost {
		t.Fatalf("Postfix's notification parses as %+v:\n%s", b, dsn)
	}
	waitInbox(t, s.account("umpire"), 2) // the two start mails
	r.cycle()
	m := r.outboxTo(ghost, "start")
	if m.Status != "bounced" || !strings.Contains(m.LastError, "5.1.1") {
		t.Fatalf("the start mail to %s is %q (%q), want bounced with status 5.1.1", ghost, m.Status, m.LastError)
	}
	ump := waitInbox(t, s.account("umpire"), 3)
	var notice string
	for i, sj := range subjects(t, ump) {
		if strings.HasPrefix(sj, "Undeliverable: start to "+ghost) {
			notice = textOf(t, ump[i])
		}
	}
	if !strings.Contains(notice, "doesn't exist") || !strings.Contains(notice, "galloper outbox retry") {
		t.Fatalf("the umpire's notice of the bounce: %q", notice)
	}
}

// postfixCtl runs `postfix -c DIR cmd` for the suite's Postfix.
func postfixCtl(t *testing.T, s *mailStack, cmd string) {
	t.Helper()
	if out, err := exec.Command("postfix", "-c", s.dir, cmd).CombinedOutput(); err != nil {
		t.Fatalf("postfix %s: %v\n%s", cmd, err, out)
	}
}

// TestPostfixOutage stops Postfix with Galloper's start mails queued:
// sending fails, nothing is marked failed, and no connection is tried
// until the backoff has passed; once Postfix is started again and the
// backoff is over, every mail goes and reaches its reader.
func TestPostfixOutage(t *testing.T) {
	s := postfix(t)
	r := newStackRig(t, s)
	postfixCtl(t, s, "stop")
	up := false
	t.Cleanup(func() {
		if !up {
			postfixCtl(t, s, "start")
		}
	})
	ctx := context.Background()
	if n, err := r.d.Sender.Flush(ctx); err == nil || n != 0 {
		t.Fatalf("with Postfix stopped, Flush sent %d, error %v; want 0 and an error", n, err)
	}
	if m := r.outboxTo(csaAddr, "start"); m.Status != "pending" {
		t.Fatalf("after the failed attempt the start mail is %q, want still pending", m.Status)
	}
	postfixCtl(t, s, "start")
	up = true
	if n, err := r.d.Sender.Flush(ctx); n != 0 || err != nil {
		t.Fatalf("within the backoff Flush sent %d (%v); want nothing tried", n, err)
	}
	r.clock = r.clock.Add(time.Minute)
	if n, err := r.d.Sender.Flush(ctx); n != 3 || err != nil {
		t.Fatalf("after the outage Flush sent %d (%v), want the 3 start mails", n, err)
	}
	for _, u := range []string{"csa", "usa", "umpire"} {
		got := subjects(t, waitInbox(t, s.account(u), 1))
		if len(got) != 1 || !strings.HasPrefix(got[0], "Game creek begins") {
			t.Fatalf("%s's mailbox holds %q, want its start mail", u, got)
		}
	}
}
