package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"galloper/adjudicator"
)

// testConfig writes a configuration whose mail servers are never reached.
func testConfig(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	cfg := filepath.Join(dir, "g.yaml")
	err := os.WriteFile(cfg, []byte("database: "+filepath.Join(dir, "g.db")+"\naddress: gm@x.test\ndomain: x.test\n"+
		"imap: {addr: 127.0.0.1:1, username: gm}\nsmtp: {addr: 127.0.0.1:1}\n"), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

func TestMailIngest(t *testing.T) {
	cfg := testConfig(t)
	ctx := context.Background()
	adj := creekGame(t, cfg)
	raw := []byte("From: c@p.test\r\nTo: gm@x.test\r\nSubject: orders\r\nMessage-ID: <saved@p.test>\r\n\r\n" +
		"GAME creek\r\nSIDE CSA\r\nTURN 1\r\nPASSWORD pc\r\n\r\nORDER MOVE from Harrow to Barton\r\n  OBJECTIVE Tanner's Mill\r\n" +
		"  ROUTE A5.6, Tanner's Mill\r\nEND\r\n")
	var out bytes.Buffer
	if err := ingestMail(ctx, adj, raw, "creek", &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"accepted", "queued receipt to c@p.test", "OBJECTIVE Tanner's Mill", "queued report to u@p.test"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("ingest output lacks %q:\n%s", want, out.String())
		}
	}
	err := ingestMail(ctx, adj, raw, "creek", &out)
	if err == nil || !strings.Contains(err.Error(), "already received") {
		t.Fatalf("a second ingest of the same mail: %v", err)
	}
	// --game stands in for a GAME line the mail lacks, as the game's
	// plus address would.
	noGame := []byte("From: u@p.test\r\nTo: gm@x.test\r\nSubject: status\r\nMessage-ID: <nogame@p.test>\r\n\r\n" +
		"SIDE USA\r\nTURN 1\r\nPASSWORD pu\r\n")
	out.Reset()
	if err := ingestMail(ctx, adj, noGame, "creek", &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `accepted (game "creek")`) || !strings.Contains(out.String(), "queued receipt to u@p.test") {
		t.Fatalf("ingest --game creek of a mail without GAME:\n%s", out.String())
	}
}

// creekGame opens the adjudicator of a test configuration file, closed when the
// test ends, with game "creek" on Tanner's Creek for two players:
// c@p.test (CSA, password pc) and u@p.test (USA, password pu).
func creekGame(t *testing.T, cfg string) *adjudicator.Adjudicator {
	t.Helper()
	_, adj, err := openAdjudicator(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { adj.DB().Close() })
	if err := adj.CreateGame(context.Background(), adjudicator.GameSpec{ID: "creek", System: "lob.v2", Scenario: "tanners-creek",
		Players: []adjudicator.PlayerSpec{{Side: "CSA", Email: "c@p.test", Password: "pc"}, {Side: "USA", Email: "u@p.test", Password: "pu"}}}); err != nil {
		t.Fatal(err)
	}
	return adj
}
