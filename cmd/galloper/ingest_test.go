package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"galloper/adjudicator"
	"galloper/adjudicator/store"
	"galloper/mail"
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
	// The stored copy has its password redacted, and the same mail is
	// still recognised by the hash of its body as it came.
	adj.DB().WithTx(ctx, func(tx *store.Tx) error {
		m, err := tx.Inbound(1)
		if err != nil || strings.Contains(string(m.Raw), "PASSWORD pc") || !strings.Contains(string(m.Raw), "PASSWORD [redacted]") {
			t.Errorf("stored mail (%v):\n%s", err, m.Raw)
		}
		return nil
	})
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

// ingestCommand runs `galloper mail ingest` on raw and returns its output.
func ingestCommand(t *testing.T, cfg string, raw []byte, args ...string) (string, error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "mail.eml")
	if err := os.WriteFile(path, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	root := rootCmd()
	var out bytes.Buffer
	root.SetOut(&out)
	root.SetArgs(append(append([]string{"mail", "ingest", "--config", cfg}, args...), path))
	err := root.Execute()
	return clip(out.String()), err
}

// clip shortens command output for a test's failure message.
func clip(s string) string {
	if len(s) > 3000 {
		return s[:3000] + "..."
	}
	return s
}

// TestMailIngestSizeLimit checks that `galloper mail ingest` applies the
// daemon's size limit (imap.max_size, 10 MiB by default): the mail is not
// read, only its header is stored, and the sender is told why.
func TestMailIngestSizeLimit(t *testing.T) {
	cfg := testConfig(t)
	creekGame(t, cfg)
	orders := "GAME creek\r\nSIDE CSA\r\nTURN 1\r\nPASSWORD pc\r\n\r\nORDER MOVE from Harrow to Barton\r\n  OBJECTIVE Tanner's Mill\r\n" +
		"  ROUTE A5.6, Tanner's Mill\r\n  INTENT "
	// Each from its own address: a mail that names no game is answered
	// once a day per sender.
	big := func(id string, size int) []byte {
		head := "From: " + id + "@p.test\r\nTo: gm@x.test\r\nSubject: big orders\r\nMessage-ID: <" + id + "@p.test>\r\n\r\n" + orders
		return []byte(head + strings.Repeat("x", size-len(head)-len("\r\nEND\r\n")) + "\r\nEND\r\n")
	}
	out, err := ingestCommand(t, cfg, big("default", mail.DefaultMaxSize+1))
	if err != nil || !strings.Contains(out, "over Galloper's limit of 10485760 bytes") || strings.Contains(out, ": accepted") {
		t.Fatalf("a mail over the default limit: %v\n%s", err, out)
	}
	if out, err := ingestCommand(t, cfg, big("under", 64<<10)); err != nil || !strings.Contains(out, ": accepted") {
		t.Fatalf("a 64 KiB mail under the limit: %v\n%s", err, out)
	}
	limited := strings.Replace(readFile(t, cfg), "imap: {addr: 127.0.0.1:1, username: gm}",
		"imap: {addr: 127.0.0.1:1, username: gm, max_size: 4096}", 1)
	if err := os.WriteFile(cfg, []byte(limited), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err = ingestCommand(t, cfg, big("configured", 8000))
	if err != nil || !strings.Contains(out, "it is 8000 bytes, over Galloper's limit of 4096 bytes") {
		t.Fatalf("a mail over imap.max_size: %v\n%s", err, out)
	}
	_, adj, err := openAdjudicator(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer adj.DB().Close()
	adj.DB().WithTx(context.Background(), func(tx *store.Tx) error {
		for id := int64(1); ; id++ {
			m, err := tx.Inbound(id)
			if err != nil {
				return nil
			}
			if m.MessageID == "<configured@p.test>" && (len(m.Raw) > 4096 || !strings.Contains(string(m.Raw), mail.OversizeHeader)) {
				t.Errorf("the oversize mail was stored whole (%d bytes)", len(m.Raw))
			}
		}
	})
}

// TestMailIngestEmptyMail checks that an empty mail, or one holding only a
// phone's signature, is told that no orders were found and how to write
// them, without naming a game that does not exist.
func TestMailIngestEmptyMail(t *testing.T) {
	cfg := testConfig(t)
	creekGame(t, cfg)
	for i, body := range []string{"", "\r\n\r\n", "Sent from my iPhone\r\n", "\r\n-- \r\nEd Porter\r\n", "> GAME creek\r\n> SIDE CSA\r\n"} {
		// Each from its own address: an unknown sender is answered once a day.
		raw := fmt.Appendf(nil, "From: c%d@p.test\r\nTo: gm@x.test\r\nSubject: orders\r\nMessage-ID: <empty%d@p.test>\r\n\r\n%s", i, i, body)
		out, err := ingestCommand(t, cfg, raw)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out, "no orders were found in this mail") || !strings.Contains(out, "GAME, SIDE, TURN and PASSWORD lines") ||
			strings.Contains(out, "tanners-1") || strings.Contains(out, "no GAME line") {
			t.Errorf("mail %q got:\n%s", body, out)
		}
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
