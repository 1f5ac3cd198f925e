package main

import (
	"context"
	"io"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"galloper/adjudicator/store"
	"galloper/mail"
)

func TestOpsEndpoints(t *testing.T) {
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "g.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.WithTx(context.Background(), func(tx *store.Tx) error {
		return tx.Enqueue(store.Outgoing{MessageID: "<a@x>", Kind: "receipt", Recipient: "p@x", Raw: []byte("x")})
	})
	reg := opsRegistry(db)
	mail.NewMetrics(reg)
	srv := httptest.NewServer(opsHandler(healthCheck{db: db}, reg))
	defer srv.Close()
	get := func(path string) string {
		res, err := srv.Client().Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 {
			t.Fatalf("%s: %s", path, res.Status)
		}
		return string(b)
	}
	if got := get("/healthz"); got != "ok\n" {
		t.Fatalf("/healthz = %q", got)
	}
	m := get("/metrics")
	for _, want := range []string{`galloper_outbox_mails{status="pending"} 1`, `galloper_inbound_mails{status="new"} 0`,
		"go_goroutines", `galloper_smtp_sends_total{result="temporary"} 0`, "galloper_imap_sessions_total 0",
		`galloper_mails_processed_total{outcome="accepted"} 0`, "galloper_imap_uidvalidity_changes_total 0"} {
		if !strings.Contains(m, want) {
			t.Errorf("metrics lack %s:\n%.3000s", want, m)
		}
	}
}
