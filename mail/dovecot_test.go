package mail_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"galloper/mail"
)

// dovecot returns the IMAP settings of the Dovecot started by
// scripts/dovecot.sh, or skips the test when there is none.
func dovecot(t *testing.T) *mail.IMAPConfig {
	addr := os.Getenv("GALLOPER_IT_DOVECOT")
	if addr == "" {
		t.Skip("GALLOPER_IT_DOVECOT is not set: run scripts/dovecot.sh (scripts/test.sh does)")
	}
	return &mail.IMAPConfig{Addr: addr, Username: "gm", Password: "gmpass"}
}

// login opens an IMAP session as cfg's user.
func login(t *testing.T, cfg *mail.IMAPConfig) *imapclient.Client {
	t.Helper()
	c, err := imapclient.DialInsecure(cfg.Addr, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Login(cfg.Username, cfg.Password).Wait(); err != nil {
		c.Close()
		t.Fatal(err)
	}
	return c
}

// appendMail delivers a raw mail into Dovecot's INBOX, as the MTA would.
func appendMail(t *testing.T, cfg *mail.IMAPConfig, raw []byte) {
	t.Helper()
	appendTo(t, cfg, "INBOX", raw)
}

// appendTo puts a raw mail into a Dovecot mailbox with the given flags.
func appendTo(t *testing.T, cfg *mail.IMAPConfig, mailbox string, raw []byte, flags ...imap.Flag) {
	t.Helper()
	c := login(t, cfg)
	defer c.Close()
	cmd := c.Append(mailbox, int64(len(raw)), &imap.AppendOptions{Flags: flags})
	if _, err := cmd.Write(raw); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	c.Logout().Wait()
}

// unseen counts the messages Dovecot still holds unread in the INBOX.
func unseen(t *testing.T, cfg *mail.IMAPConfig) int {
	t.Helper()
	return unseenIn(t, cfg, "INBOX")
}

// unseenIn counts the messages Dovecot still holds unread in a mailbox.
func unseenIn(t *testing.T, cfg *mail.IMAPConfig, mailbox string) int {
	t.Helper()
	c := login(t, cfg)
	defer c.Close()
	if _, err := c.Select(mailbox, &imap.SelectOptions{ReadOnly: true}).Wait(); err != nil {
		t.Fatal(err)
	}
	d, err := c.UIDSearch(&imap.SearchCriteria{NotFlag: []imap.Flag{imap.FlagSeen}}, nil).Wait()
	if err != nil {
		t.Fatal(err)
	}
	return len(d.AllUIDs())
}

// TestDovecotOrdersRoundTrip runs the real daemon loop against Dovecot: it
// waits in IDLE, is woken by a new order mail, stores it, marks it \Seen,
// and sends the receipt.
func TestDovecotOrdersRoundTrip(t *testing.T) {
	cfg := dovecot(t)
	if n := unseen(t, cfg); n != 0 {
		t.Fatalf("Dovecot INBOX starts with %d unseen mails", n)
	}
	r := newRigOn(t, cfg)
	r.d.Poll = time.Minute // long: only IDLE can wake the daemon in time
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- r.d.Run(ctx) }()
	defer func() { stop(); <-done }()
	if _, err := r.srv.WaitFor(ctx, 3, 20*time.Second); err != nil { // game-start mails
		t.Fatal(err)
	}
	appendMail(t, cfg, r.compose(csaAddr, "dovecot orders "+t.Name(), csaTurn1))
	if _, err := r.srv.WaitFor(ctx, 7, 20*time.Second); err != nil { // receipt + three results
		t.Fatalf("no answer through IDLE: %v", err)
	}
	rc := r.mailsTo(csaAddr, "Receipt")
	if len(rc) != 1 || !strings.Contains(rc[0], "Tanner's Mill") {
		t.Fatalf("receipts: %q", rc)
	}
	if n := unseen(t, cfg); n != 0 {
		t.Fatalf("%d mails left unseen in Dovecot after processing", n)
	}
}

// recreate deletes a Dovecot mailbox (if it exists) and creates it again,
// and returns its new UIDVALIDITY.
func recreate(t *testing.T, cfg *mail.IMAPConfig, mailbox string) uint32 {
	t.Helper()
	c := login(t, cfg)
	defer c.Close()
	_ = c.Delete(mailbox).Wait() // absent the first time
	if err := c.Create(mailbox, nil).Wait(); err != nil {
		t.Fatal(err)
	}
	st, err := c.Status(mailbox, &imap.StatusOptions{UIDValidity: true}).Wait()
	if err != nil {
		t.Fatal(err)
	}
	c.Logout().Wait()
	return st.UIDValidity
}

// TestDovecotUIDValidityChange deletes and recreates the mailbox Galloper
// reads, as an operator restoring it from a backup would, so that Dovecot
// gives it a new UIDVALIDITY. Galloper reads every message in it again:
// an order mail that came back marked \Seen is recognised and not
// processed twice, and a new one, also marked \Seen, is processed.
func TestDovecotUIDValidityChange(t *testing.T) {
	cfg := *dovecot(t)
	cfg.Mailbox = "Orders"
	before := recreate(t, &cfg, cfg.Mailbox)
	r := newRigOn(t, &cfg)
	r.cycle()
	csa := r.compose(csaAddr, "dovecot uidvalidity "+t.Name(), csaTurn1)
	appendTo(t, &cfg, cfg.Mailbox, csa)
	r.cycle()
	if n := len(r.mailsTo(csaAddr, "Receipt")); n != 1 {
		t.Fatalf("CSA receipts before the change: %d", n)
	}
	after := recreate(t, &cfg, cfg.Mailbox)
	if after == before {
		t.Fatalf("Dovecot kept UIDVALIDITY %d for the recreated mailbox", after)
	}
	usa := r.compose(usaAddr, "dovecot uidvalidity "+t.Name(), "GAME creek\nSIDE USA\nTURN 1\nPASSWORD oak\n")
	appendTo(t, &cfg, cfg.Mailbox, csa, imap.FlagSeen)
	appendTo(t, &cfg, cfg.Mailbox, usa, imap.FlagSeen)
	r.cycle()
	if c, u := len(r.mailsTo(csaAddr, "Receipt")), len(r.mailsTo(usaAddr, "Receipt")); c != 1 || u != 1 {
		t.Fatalf("after the change: CSA receipts %d, USA receipts %d; want 1 and 1", c, u)
	}
	if n := r.inbound(""); n != 2 {
		t.Fatalf("%d mails stored, want 2", n)
	}
	if n := unseenIn(t, &cfg, cfg.Mailbox); n != 0 {
		t.Fatalf("%d mails left unseen", n)
	}
}

// TestDovecotProcessedFolder: with a processed folder, each mail is
// stored, marked \Seen and moved there by Dovecot's MOVE, leaving the
// mailbox Galloper reads empty.
func TestDovecotProcessedFolder(t *testing.T) {
	cfg := *dovecot(t)
	cfg.Mailbox, cfg.Processed = "Intake", "Intake-done"
	recreate(t, &cfg, cfg.Mailbox)
	recreate(t, &cfg, cfg.Processed)
	r := newRigOn(t, &cfg)
	appendTo(t, &cfg, cfg.Mailbox, r.compose(csaAddr, "dovecot processed "+t.Name(), csaTurn1))
	r.cycle()
	if n := len(r.mailsTo(csaAddr, "Receipt")); n != 1 {
		t.Fatalf("CSA receipts: %d", n)
	}
	c := login(t, &cfg)
	defer c.Close()
	for mbox, want := range map[string][2]uint32{cfg.Mailbox: {0, 0}, cfg.Processed: {1, 0}} {
		st, err := c.Status(mbox, &imap.StatusOptions{NumMessages: true, NumUnseen: true}).Wait()
		if err != nil {
			t.Fatal(err)
		}
		if got := [2]uint32{*st.NumMessages, *st.NumUnseen}; got != want {
			t.Errorf("%s holds %d messages, %d unseen; want %v", mbox, got[0], got[1], want)
		}
	}
}

// TestDovecotConnectionLostBeforeAck cuts the connection to Dovecot after
// a batch is fetched, so that it is committed but never marked \Seen: the
// next poll fetches it again, recognises it, marks it \Seen, and its
// orders take effect once.
func TestDovecotConnectionLostBeforeAck(t *testing.T) {
	cfg := *dovecot(t)
	cfg.Mailbox = "Lossy"
	recreate(t, &cfg, cfg.Mailbox)
	p := newProxy(t, cfg.Addr, false)
	p.setUp(true)
	via := cfg
	via.Addr = p.ln.Addr().String()
	r := newRigOn(t, &via)
	appendTo(t, &cfg, cfg.Mailbox, r.compose(csaAddr, "dovecot lossy "+t.Name(), csaTurn1))
	cut := true
	mail.SetAfterFetch(r.d.Intake, func() {
		if cut {
			cut = false
			p.setUp(false)
		}
	})
	if _, err := r.d.Intake.PollOnce(context.Background()); err == nil {
		t.Fatal("the poll whose connection was cut reported no error")
	}
	if n, u := r.inbound(""), unseenIn(t, &cfg, cfg.Mailbox); n != 1 || u != 1 {
		t.Fatalf("after the cut: %d stored, %d unseen in Dovecot; want 1 stored and still unseen", n, u)
	}
	p.setUp(true)
	r.cycle()
	r.cycle()
	if n, u := r.inbound(""), unseenIn(t, &cfg, cfg.Mailbox); n != 1 || u != 0 {
		t.Fatalf("after reconnecting: %d stored, %d unseen; want 1 and 0", n, u)
	}
	if n := len(r.mailsTo(csaAddr, "Receipt")); n != 1 {
		t.Fatalf("CSA got %d receipts, want 1", n)
	}
}

// TestDovecotMailReadElsewhere: a mail another client has opened (so
// Dovecot holds it \Seen) before Galloper reads it is still taken, once.
func TestDovecotMailReadElsewhere(t *testing.T) {
	cfg := *dovecot(t)
	cfg.Mailbox = "ReadElsewhere"
	recreate(t, &cfg, cfg.Mailbox)
	r := newRigOn(t, &cfg)
	appendTo(t, &cfg, cfg.Mailbox, r.compose(csaAddr, "dovecot read "+t.Name(), csaTurn1))
	r.cycle() // the mailbox is known from here on
	usa := r.compose(usaAddr, "dovecot read "+t.Name(), "GAME creek\nSIDE USA\nTURN 1\nPASSWORD oak\n")
	appendTo(t, &cfg, cfg.Mailbox, usa, imap.FlagSeen)
	r.cycle()
	r.cycle()
	if n := r.inbound(""); n != 2 {
		t.Fatalf("%d mails stored, want 2", n)
	}
	if n := len(r.mailsTo(usaAddr, "Receipt")); n != 1 {
		t.Fatalf("USA got %d receipts for the mail read elsewhere, want 1", n)
	}
}
