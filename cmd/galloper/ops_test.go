package main

import (
	"context"
	"io"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"galloper/adjudicator/store"
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
	srv := httptest.NewServer(opsHandler(db))
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
	if !strings.Contains(m, `galloper_outbox_mails{status="pending"} 1`) || !strings.Contains(m, "go_goroutines") {
		t.Fatalf("metrics lack the outbox gauge:\n%.2000s", m)
	}
}
