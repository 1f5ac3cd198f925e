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
	c := login(t, cfg)
	defer c.Close()
	cmd := c.Append("INBOX", int64(len(raw)), nil)
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

// unseen counts the messages Dovecot still holds unread.
func unseen(t *testing.T, cfg *mail.IMAPConfig) int {
	t.Helper()
	c := login(t, cfg)
	defer c.Close()
	if _, err := c.Select("INBOX", &imap.SelectOptions{ReadOnly: true}).Wait(); err != nil {
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
