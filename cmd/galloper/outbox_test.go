package main

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"galloper/adjudicator/store"
	"galloper/mail"
	"galloper/mail/mailtest"
)

// A sender address the SMTP login may not use (Postfix's 553 "Sender
// address rejected: not owned by user") is reported as an error naming
// the cause, and once the server is fixed `galloper outbox retry` sends
// the refused mail after all.
func TestRefusedSenderIsLoudAndRetried(t *testing.T) {
	ctx := context.Background()
	srv, err := mailtest.Start("gm@example.test", "gm", "pw")
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "g.db")
	cfg := filepath.Join(dir, "g.yaml")
	os.WriteFile(cfg, fmt.Appendf(nil, "database: %s\naddress: gm@example.test\ndomain: example.test\n"+
		"imap: {addr: %q, username: gm, password: pw}\nsmtp: {addr: %q, starttls: false}\n", dbPath, srv.IMAPAddr, srv.SMTPAddr), 0o600)
	db, err := store.Open(ctx, dbPath)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	if err := db.WithTx(ctx, func(tx *store.Tx) error {
		return tx.Enqueue(store.Outgoing{MessageID: "<start.1@example.test>", GameID: "creek", Kind: "game-start",
			Recipient: "ann@players.test", Raw: []byte("Subject: start\r\n\r\nhello\r\n"), CreatedAt: now.UnixMilli(), Segment: -1})
	}); err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	s := mail.NewSender(mail.SMTPConfig{Addr: srv.SMTPAddr, From: "gm@example.test"}, db, time.Now,
		slog.New(slog.NewJSONHandler(&logs, nil)))
	srv.RefuseSender("gm@example.test")
	if _, err := s.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(logs.String(), `"level":"ERROR"`) || !strings.Contains(logs.String(), "refuses the sender address") {
		t.Fatalf("the refused sender is not logged as an error with its cause:\n%s", logs.String())
	}
	db.Close()
	out, err := runGalloper("outbox", "list", "--config", cfg, "--status", "failed")
	if err != nil || !strings.Contains(out, "ann@players.test") || !strings.Contains(out, "553") {
		t.Fatalf("outbox list --status failed: %v\n%s", err, out)
	}
	if out, err := runGalloper("outbox", "retry", "--config", cfg, "--failed"); err != nil || !strings.Contains(out, "1 mails queued") {
		t.Fatalf("outbox retry --failed: %v\n%s", err, out)
	}
	if _, err := runGalloper("outbox", "retry", "--config", cfg, "99"); err == nil || !strings.Contains(err.Error(), "mail 99") {
		t.Fatalf("outbox retry of a mail that is not there: %v", err)
	}
	srv.RefuseSender("")
	db, err = store.Open(ctx, dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s = mail.NewSender(mail.SMTPConfig{Addr: srv.SMTPAddr, From: "gm@example.test"}, db, time.Now, nil)
	if n, err := s.Flush(ctx); err != nil || n != 1 {
		t.Fatalf("Flush after the retry: %d sent, %v; want 1", n, err)
	}
	if sent := srv.Sent(); len(sent) != 1 || sent[0].To != "ann@players.test" {
		t.Fatalf("sent %v, want the refused mail", sent)
	}
}
