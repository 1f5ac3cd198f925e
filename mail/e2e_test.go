package mail_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"galloper/rules/systems"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	gomail "github.com/emersion/go-message/mail"

	"galloper/adjudicator"
	"galloper/adjudicator/store"
	"galloper/mail"
	"galloper/mail/mailtest"
)

const (
	gm      = "gm@galloper.test"
	csaAddr = "csa@players.test"
	usaAddr = "usa@players.test"
	umpAddr = "umpire@players.test"
)

// rig is one Galloper daemon (its database and components) wired to an
// in-process IMAP server and SMTP sink over loopback.
type rig struct {
	t        *testing.T
	srv      *mailtest.Server
	imap     mail.IMAPConfig  // where the daemon reads mail
	smtp     *mail.SMTPConfig // where it sends mail; nil: the in-process sink
	deadline time.Duration
	remind   time.Duration
	grace    time.Duration
	limits   adjudicator.Limits
	dbPath   string
	db       *store.DB
	d        *mail.Daemon
	clock    time.Time
}

func newRig(t *testing.T) *rig {
	return newRigOn(t, nil)
}

// newRigOn is newRig reading mail from the given IMAP server instead of
// the in-process one; the in-process SMTP sink still takes Galloper's mail.
func newRigOn(t *testing.T, imapCfg *mail.IMAPConfig) *rig {
	t.Helper()
	return newRigVia(t, imapCfg, nil)
}

// newRigVia is newRigOn sending Galloper's mail to the given SMTP server
// instead of the in-process sink, when smtpCfg is set.
func newRigVia(t *testing.T, imapCfg *mail.IMAPConfig, smtpCfg *mail.SMTPConfig) *rig {
	t.Helper()
	srv, err := mailtest.Start(gm, "gm", "pw")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	r := &rig{t: t, srv: srv, dbPath: filepath.Join(t.TempDir(), "g.db"), clock: time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC),
		imap: mail.IMAPConfig{Addr: srv.IMAPAddr, Username: "gm", Password: "pw"}}
	if imapCfg != nil {
		r.imap = *imapCfg
	}
	r.smtp = smtpCfg
	r.start()
	adj := r.d.Adj
	err = adj.CreateGame(context.Background(), adjudicator.GameSpec{ID: "creek", System: "lob.v2", Scenario: "tanners-creek",
		Players: []adjudicator.PlayerSpec{{Side: "CSA", Email: csaAddr, Password: "tulip"}, {Side: "USA", Email: usaAddr, Password: "oak"},
			{Side: "UMPIRE", Email: umpAddr, Password: "whistle"}}})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// start opens the database and builds a daemon, as `galloper serve` does
// at start-up.
func (r *rig) start() {
	db, err := store.Open(context.Background(), r.dbPath)
	if err != nil {
		r.t.Fatal(err)
	}
	r.db = db
	now := func() time.Time { return r.clock }
	smtpCfg := mail.SMTPConfig{Addr: r.srv.SMTPAddr, From: gm}
	if r.smtp != nil {
		smtpCfg = *r.smtp
	}
	adj := adjudicator.New(db, adjudicator.Config{Systems: systems.All(), Address: gm, Domain: "galloper.test", Deadline: r.deadline,
		RemindBefore: r.remind, Grace: r.grace, Limits: r.limits}, now, bytes.NewReader(bytes.Repeat([]byte{7}, 1<<12)), nil)
	r.d = &mail.Daemon{
		Intake:    mail.NewIntake(r.imap, db, now, nil),
		Processor: mail.NewProcessor(adj, nil),
		Sender:    mail.NewSender(smtpCfg, db, now, nil),
		Adj:       adj,
	}
	r.t.Cleanup(func() { r.db.Close() })
}

// restart drops the daemon without any shutdown work and starts a new one
// on the same database, as after a crash.
func (r *rig) restart() {
	r.db.Close()
	r.start()
}

// cycle is one turn of the daemon's loop: fetch, process, send.
func (r *rig) cycle() {
	r.t.Helper()
	ctx := context.Background()
	if _, err := r.d.Intake.PollOnce(ctx); err != nil {
		r.t.Fatal(err)
	}
	if err := r.d.Step(ctx); err != nil {
		r.t.Fatal(err)
	}
}

func (r *rig) send(from, subject, body string) {
	r.t.Helper()
	if err := r.srv.Send(from, gm, r.compose(from, subject, body)); err != nil {
		r.t.Fatal(err)
	}
}

// compose builds a player's plain-text mail to Galloper.
func (r *rig) compose(from, subject, body string) []byte {
	r.t.Helper()
	var h gomail.Header
	h.SetAddressList("From", []*gomail.Address{{Address: from}})
	h.SetAddressList("To", []*gomail.Address{{Address: gm}})
	h.SetSubject(subject)
	h.SetDate(r.clock)
	h.SetMessageID(fmt.Sprintf("%x@players.test", sha256.Sum256([]byte(from+"\n"+subject+"\n"+body))))
	var buf bytes.Buffer
	w, err := gomail.CreateSingleInlineWriter(&buf, h)
	if err != nil {
		r.t.Fatal(err)
	}
	io.WriteString(w, body)
	w.Close()
	return buf.Bytes()
}

// textsTo is as mailsTo, with each mail's text attachments (its dice
// record or openings) after its body.
func (r *rig) textsTo(addr, prefix string) []string {
	var out []string
	for _, mr := range r.sentTo(addr, prefix) {
		out = append(out, mail.TextParts(mr))
	}
	return out
}

// mailsTo returns the text bodies of every mail sent to addr whose subject
// starts with prefix.
func (r *rig) mailsTo(addr, prefix string) []string {
	var out []string
	for _, mr := range r.sentTo(addr, prefix) {
		p, err := mr.NextPart()
		if err != nil {
			r.t.Fatal(err)
		}
		b, _ := io.ReadAll(p.Body)
		out = append(out, string(b))
	}
	return out
}

// sentTo returns a reader of every mail sent to addr whose subject starts
// with prefix, in the order sent.
func (r *rig) sentTo(addr, prefix string) []*gomail.Reader {
	var out []*gomail.Reader
	for _, m := range r.srv.Sent() {
		if m.To != addr {
			continue
		}
		mr, err := gomail.CreateReader(bytes.NewReader(m.Raw))
		if err != nil {
			r.t.Fatalf("a sent mail does not parse as MIME: %v", err)
		}
		if s, _ := mr.Header.Subject(); strings.HasPrefix(s, prefix) {
			out = append(out, mr)
		}
	}
	return out
}

const csaTurn1 = `GAME creek
SIDE CSA
TURN 1
PASSWORD tulip

ORDER MOVE from Harrow to Barton
  OBJECTIVE Tanner's Mill
  ROUTE A5.6, Mill Road, Tanner's Mill
  INTENT Take the mill crossing.
END
`

func TestValidOrdersGetReceiptEchoingThem(t *testing.T) {
	r := newRig(t)
	r.cycle()
	if got := len(r.mailsTo(csaAddr, "Game creek begins")); got != 1 {
		t.Fatalf("CSA got %d game-start mails, want 1", got)
	}
	r.send(csaAddr, "orders", csaTurn1)
	r.cycle()
	receipts := r.mailsTo(csaAddr, "Receipt")
	if len(receipts) != 1 {
		t.Fatalf("CSA got %d receipts, want 1", len(receipts))
	}
	for _, want := range []string{"ORDER MOVE", "Harrow", "Barton", "OBJECTIVE Tanner's Mill", "Mill Road", "Take the mill crossing."} {
		if !strings.Contains(receipts[0], want) {
			t.Errorf("receipt does not echo %q:\n%s", want, receipts[0])
		}
	}
	r.db.WithTx(context.Background(), func(tx *store.Tx) error {
		stored, err := tx.LatestOrders("creek", 0)
		if err != nil || len(stored) != 1 {
			t.Fatalf("stored orders: %d, %v", len(stored), err)
		}
		if strings.Contains(stored[0].Canonical, "tulip") {
			t.Errorf("the password was stored with the orders:\n%s", stored[0].Canonical)
		}
		return nil
	})
	// CSA's orders were the only ones due: the segment resolved and both
	// sides got results. CSA's rolls were for its secret orders (LoB 2.4):
	// CSA gets openings of them under its own Merkle root, USA none; the
	// whole record, with USA's order hash and the state's, opens at game
	// end (docs/dice.md, section 2.5).
	csa, usa := r.textsTo(csaAddr, "Results"), r.textsTo(usaAddr, "Results")
	if body := r.mailsTo(csaAddr, "Results"); len(body) != 1 || strings.Contains(body[0], "BEGIN GALLOPER DICE") || !strings.Contains(body[0], "Merkle root") {
		t.Fatalf("CSA's results body carries dice blocks or lacks the one-line summary: %q", body)
	}
	if len(csa) != 1 || strings.Contains(csa[0], "BEGIN GALLOPER DICE RECORD") || !strings.Contains(csa[0], "BEGIN GALLOPER DICE OPENING") {
		t.Fatalf("CSA: %d results mails, want 1 with openings and no record", len(csa))
	}
	if len(usa) != 1 || strings.Contains(usa[0], "BEGIN GALLOPER DICE") || !strings.Contains(usa[0], "no roll you may see") {
		t.Fatalf("USA: %d results mails, want 1 with no dice block:\n%s", len(usa), strings.Join(usa, "\n"))
	}
	if strings.Contains(usa[0], "Barton") || strings.Contains(usa[0], "Harrow") {
		t.Fatalf("USA's results reveal CSA's orders:\n%s", usa[0])
	}
}

func TestThreeErrorsOneReply(t *testing.T) {
	r := newRig(t)
	r.send(csaAddr, "orders", `GAME creek
SIDE CSA
TURN 1
PASSWORD tulip

ORDER MOVE from Harrow to Bartn
  OBJECTIVE Tanner's Mill
  ROUTE A5.6, Tanner's Mill
  WHEN 14:00
  OBJETIVE A8.6
END
`)
	r.cycle()
	replies := r.mailsTo(csaAddr, "Re: orders (orders not accepted)")
	if len(replies) != 1 {
		t.Fatalf("got %d replies, want exactly one", len(replies))
	}
	reply := replies[0]
	if !strings.Contains(reply, "3 problems found") {
		t.Fatalf("reply does not count 3 problems:\n%s", reply)
	}
	for _, want := range []string{"line 6", "Barton", "line 9", "line 10", "OBJECTIVE"} {
		if !strings.Contains(reply, want) {
			t.Errorf("reply lacks %q:\n%s", want, reply)
		}
	}
	if strings.Contains(reply, "tulip") {
		t.Errorf("the reply repeats the password:\n%s", reply)
	}
	if n := len(r.mailsTo(csaAddr, "Receipt")); n != 0 {
		t.Fatalf("a receipt was sent for invalid orders")
	}
}

func TestSpoofedSenderChangesNothing(t *testing.T) {
	r := newRig(t)
	r.cycle()
	spoof := strings.Replace(csaTurn1, "PASSWORD tulip", "PASSWORD guess", 1)
	r.send(csaAddr, "orders", spoof) // the right From:, the wrong password
	r.cycle()
	if n := len(r.mailsTo(csaAddr, "Receipt")) + len(r.mailsTo(csaAddr, "Results")); n != 0 {
		t.Fatalf("a mail with a player's From: but a wrong password was acted on")
	}
	var orders []store.Order
	r.db.WithTx(context.Background(), func(tx *store.Tx) error {
		var err error
		orders, err = tx.LatestOrders("creek", 0)
		return err
	})
	if len(orders) != 0 {
		t.Fatalf("orders were stored: %+v", orders)
	}
}

// TestRestartResumes crashes the daemon after mail is stored but before it
// is processed, and after mail is processed but before replies are sent,
// and checks that nothing is lost or done twice.
func TestRestartResumes(t *testing.T) {
	r := newRig(t)
	r.cycle()
	r.send(csaAddr, "orders", csaTurn1)
	// Crash 1: the mail is stored and acknowledged, not yet processed.
	if _, err := r.d.Intake.PollOnce(context.Background()); err != nil {
		t.Fatal(err)
	}
	r.restart()
	// Crash 2: processed and resolved, replies queued but not sent.
	if _, err := r.d.Processor.RunOnce(context.Background()); err != nil {
		t.Fatal(err)
	}
	r.restart()
	r.cycle()
	// The same mail delivered again (a client resending it) is recognised.
	r.send(csaAddr, "orders", csaTurn1)
	r.cycle()
	r.send(usaAddr, "orders", "GAME creek\nSIDE USA\nTURN 1\nPASSWORD oak\n")
	r.cycle()
	r.restart()
	r.cycle()

	if n := len(r.mailsTo(csaAddr, "Receipt")); n != 1 {
		t.Errorf("CSA got %d receipts, want 1", n)
	}
	if n := len(r.mailsTo(usaAddr, "Receipt")); n != 1 {
		t.Errorf("USA got %d receipts, want 1", n)
	}
	if n := len(r.mailsTo(usaAddr, "Results")); n != 2 {
		t.Errorf("USA got %d results mails, want 2 (one per segment)", n)
	}
	ids := map[string]bool{}
	for _, m := range r.srv.Sent() {
		mr, _ := gomail.CreateReader(bytes.NewReader(m.Raw))
		id, _ := mr.Header.MessageID()
		if ids[id+m.To] {
			t.Errorf("mail %s sent twice to %s", id, m.To)
		}
		ids[id+m.To] = true
	}
	r.db.WithTx(context.Background(), func(tx *store.Tx) error {
		segs, err := tx.Segments("creek")
		if err != nil || len(segs) != 2 {
			t.Errorf("resolved segments = %d (%v), want 2", len(segs), err)
		}
		pending, _ := tx.CountInbound("new")
		unsent, _ := tx.CountOutbox("pending")
		if pending != 0 || unsent != 0 {
			t.Errorf("left over: %d unprocessed mails, %d unsent", pending, unsent)
		}
		j, _ := tx.Journal("creek")
		if err := store.VerifyJournal(j); err != nil {
			t.Errorf("journal: %v", err)
		}
		return nil
	})
}

// replyTo is the Reply-To address of the last mail Galloper sent addr.
func (r *rig) replyTo(addr string) string {
	r.t.Helper()
	found := ""
	for _, m := range r.srv.Sent() {
		if m.To != addr {
			continue
		}
		mr, err := gomail.CreateReader(bytes.NewReader(m.Raw))
		if err != nil {
			r.t.Fatal(err)
		}
		if list, _ := mr.Header.AddressList("Reply-To"); len(list) == 1 {
			found = list[0].Address
		}
	}
	return found
}

// TestSpoofedCommandsChangeNothing: commands that would change a game,
// sent with a player's or the umpire's From: and a receiving server's
// dkim=pass, but without the password or the reply address, change
// nothing; each spoofed address gets one refusal.
func TestSpoofedCommandsChangeNothing(t *testing.T) {
	r := newRig(t)
	r.cycle()
	dkim := "Authentication-Results: mx.galloper.test; dkim=pass header.d=players.test; spf=pass smtp.mailfrom=players.test\r\n"
	for _, m := range []struct{ from, subject, body string }{
		{csaAddr, "quit", "GAME creek\nSIDE CSA\nRESIGN YES\n"},
		{umpAddr, "stop", "GAME creek\nSIDE UMPIRE\nPASSWORD guess\nPAUSE\n"},
		{umpAddr, "ruling", "GAME creek\nSIDE UMPIRE\nRULE the CSA wins\n"},
		{usaAddr, "take back", "GAME creek\nSIDE USA\nWITHDRAW\n"},
	} {
		raw := append([]byte(dkim), r.compose(m.from, m.subject, m.body)...)
		if err := r.srv.Send(m.from, gm, raw); err != nil {
			t.Fatal(err)
		}
	}
	r.cycle()
	g := r.game("creek")
	if g.PausedAt != 0 {
		t.Error("a spoofed PAUSE paused the game")
	}
	r.db.WithTx(context.Background(), func(tx *store.Tx) error {
		ps, err := tx.Players("creek")
		for _, p := range ps {
			if p.ResignedAt != 0 {
				t.Errorf("a spoofed RESIGN resigned %s", p.Side)
			}
		}
		return err
	})
	for _, e := range r.journal("creek") {
		if e.Kind == "ruling" || strings.Contains(e.Body, "the CSA wins") {
			t.Errorf("a spoofed RULE reached the journal: %s", e.Body)
		}
	}
	for addr, want := range map[string]int{csaAddr: 1, umpAddr: 1, usaAddr: 1} {
		if n := len(r.mailsTo(addr, "Re: ")); n != want {
			t.Errorf("%s got %d refusals, want %d", addr, n, want)
		}
	}
	for _, m := range r.srv.Sent() {
		if bytes.Contains(m.Raw, []byte("Subject: RESIGN")) || bytes.Contains(m.Raw, []byte("Subject: PAUSE")) ||
			bytes.Contains(m.Raw, []byte("Subject: RULE")) || bytes.Contains(m.Raw, []byte("Subject: WITHDRAW")) {
			t.Errorf("a spoofed command was answered as done: %s", header(t, m.Raw).Get("Subject"))
		}
	}
}
