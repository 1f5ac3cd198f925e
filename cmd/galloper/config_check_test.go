package main

import (
	"context"
	"fmt"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"galloper/adjudicator/store"
	"galloper/mail"
	"galloper/mail/mailtest"
)

// goodConfig is a valid configuration, to which each case adds one line.
const goodConfig = `database: /var/lib/galloper/galloper.db
address: gm@example.test
domain: example.test
imap:
  addr: imap.example.test:993
  tls: true
  username: gm
  password: pw
smtp:
  addr: smtp.example.test:587
  username: gm
  password: pw
`

// Each mistake an operator can make in the file is refused with the key
// named, rather than read as something else or ignored.
func TestStrictConfig(t *testing.T) {
	cases := []struct {
		name, edit, want string
	}{
		{"misspelt key", "imap:\n  proccessed: Done\n", "unknown key imap.proccessed"},
		{"unknown top-level key", "pol: 1m\n", "unknown key pol"},
		{"poll without unit", "poll: 20\n", "poll: 20 has no unit"},
		{"deadline without unit", "deadline: 72\n", "deadline: 72 has no unit"},
		{"duration string without unit", "grace: \"24\"\n", `grace: "24" is not a duration`},
		{"poll too short", "poll: 20ms\n", "poll must be at least 1s"},
		{"tls and starttls", "imap:\n  starttls: true\n", "imap.tls and imap.starttls are both on"},
		{"smtp tls and starttls", "smtp:\n  tls: true\n  starttls: true\n", "smtp.tls and smtp.starttls are both on"},
		{"addr without port", "smtp:\n  addr: smtp.example.test\n", `smtp.addr "smtp.example.test" needs a host and a port`},
		{"plain text off loopback", "imap:\n  tls: false\n", "the password would go in clear"},
		{"metrics on every interface", "metrics: 0.0.0.0:9464\n", "metrics 0.0.0.0:9464 serves /metrics beyond loopback"},
		{"missing CA file", "smtp:\n  ca_file: /nonexistent/ca.pem\n", "smtp.ca_file"},
		{"domain that breaks Message-IDs", "domain: example..test\n", `domain "example..test" is not a domain name`},
		{"unknown store", "store: mysql\n", `store must be sqlite or postgres, got "mysql"`},
		{"postgres without a DSN", "store: postgres\ntoken_key_file: /etc/galloper/token.key\n", "no DSN is given"},
		{"postgres DSN in the file", "postgres_dsn: postgres://gm:secret@db.example.test/galloper\n", "postgres_dsn does not belong in the configuration file"},
		{"postgres without a shared token key", "store: postgres\npostgres_dsn_file: /dev/null\n", "set token_key_file"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "g.yaml")
			if err := os.WriteFile(path, []byte(merge(goodConfig, c.edit)), 0o600); err != nil {
				t.Fatal(err)
			}
			_, err := loadConfig(path)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("loadConfig: %v; want an error containing %q", err, c.want)
			}
		})
	}
	path := filepath.Join(t.TempDir(), "g.yaml")
	os.WriteFile(path, []byte(merge(goodConfig, "metrics: 0.0.0.0:9464\nmetrics_public: true\nsmtp:\n  tls: true\n")), 0o600)
	c, err := loadConfig(path)
	if err != nil {
		t.Fatalf("a public metrics address asked for knowingly, and implicit TLS for SMTP: %v", err)
	}
	if !c.SMTP.TLS || c.SMTP.StartTLS {
		t.Fatalf("smtp.tls alone: tls %v, starttls %v; want implicit TLS only", c.SMTP.TLS, c.SMTP.StartTLS)
	}
}

// merge inserts edit's keys into the YAML base: a top-level key replaces
// the one there or is appended, a nested one ("imap:\n  key: v") goes under its section,
// replacing the same key there.
func merge(base, edit string) string {
	lines := strings.Split(strings.TrimSuffix(base, "\n"), "\n")
	section := ""
	for _, l := range strings.Split(strings.TrimSuffix(edit, "\n"), "\n") {
		if !strings.HasPrefix(l, " ") && strings.HasSuffix(l, ":") {
			section = l
			continue
		}
		if !strings.HasPrefix(l, " ") {
			key, _, _ := strings.Cut(l, ":")
			lines = slices.DeleteFunc(lines, func(b string) bool { return strings.HasPrefix(b, key+":") })
			lines = append(lines, l)
			continue
		}
		key, _, _ := strings.Cut(strings.TrimSpace(l), ":")
		at := -1
		for i, b := range lines {
			if b == section {
				at = i
			}
		}
		end := at + 1
		for end < len(lines) && strings.HasPrefix(lines[end], " ") {
			if k, _, _ := strings.Cut(strings.TrimSpace(lines[end]), ":"); k == key {
				lines = append(lines[:end], lines[end+1:]...)
				continue
			}
			end++
		}
		lines = append(lines[:end], append([]string{l}, lines[end:]...)...)
	}
	return strings.Join(lines, "\n") + "\n"
}

// check-config refuses a configuration without the passwords `serve`
// needs.
func TestCheckConfigWantsPasswords(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.yaml")
	os.WriteFile(path, []byte(strings.ReplaceAll(goodConfig, "  password: pw\n", "")), 0o600)
	if _, err := runGalloper("check-config", "--config", path); err == nil || !strings.Contains(err.Error(), "imap.password is missing") {
		t.Fatalf("check-config without passwords: %v", err)
	}
	t.Setenv("GALLOPER_IMAP_PASSWORD", "pw")
	if _, err := runGalloper("check-config", "--config", path); err == nil || !strings.Contains(err.Error(), "smtp.password is missing") {
		t.Fatalf("check-config without the SMTP password: %v", err)
	}
}

// check-config warns when a mail server's well-known port and the TLS
// mode disagree: plain IMAP to 993 (even to upgrade with STARTTLS),
// plain SMTP to 465, a TLS handshake to 143, 587 or 25. Other ports and
// matching modes draw no warning.
func TestCheckConfigPortWarnings(t *testing.T) {
	t.Setenv("GALLOPER_IMAP_PASSWORD", "pw")
	t.Setenv("GALLOPER_SMTP_PASSWORD", "pw")
	cases := []struct {
		name, edit, want string
	}{
		{"plain IMAP to 993", "imap:\n  addr: 127.0.0.1:993\n  tls: false\n", "imap.addr 127.0.0.1:993: port 993 expects TLS from the first byte, but Galloper would speak in plain text"},
		{"STARTTLS IMAP to 993", "imap:\n  tls: false\n  starttls: true\n", "port 993 expects TLS from the first byte, but Galloper would speak in plain text to upgrade with STARTTLS"},
		{"plain SMTP to 465", "smtp:\n  addr: smtp.example.test:465\n", "smtp.addr smtp.example.test:465: port 465 expects TLS"},
		{"TLS IMAP to 143", "imap:\n  addr: imap.example.test:143\n", "imap.addr imap.example.test:143: port 143 begins in plain text"},
		{"TLS SMTP to 587", "smtp:\n  tls: true\n  starttls: false\n", "smtp.addr smtp.example.test:587: port 587 begins in plain text"},
		{"TLS SMTP to 25", "smtp:\n  addr: smtp.example.test:25\n  tls: true\n  starttls: false\n", "port 25 begins in plain text"},
		{"as it should be", "", ""},
		{"TLS SMTP to 465", "smtp:\n  addr: smtp.example.test:465\n  tls: true\n  starttls: false\n", ""},
		{"a port of its own", "imap:\n  addr: imap.example.test:1993\n", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "g.yaml")
			if err := os.WriteFile(path, []byte(merge(strings.ReplaceAll(goodConfig, "  password: pw\n", ""), c.edit)), 0o600); err != nil {
				t.Fatal(err)
			}
			out, err := runGalloper("check-config", "--config", path)
			if err != nil {
				t.Fatalf("check-config: %v", err)
			}
			if n := strings.Count(out, "warning: "); c.want == "" && n != 0 || c.want != "" && n != 1 {
				t.Fatalf("%d warnings, want %d:\n%s", n, min(len(c.want), 1), out)
			}
			if !strings.Contains(out, c.want) {
				t.Fatalf("no warning %q:\n%s", c.want, out)
			}
		})
	}
}

// check-config --connect logs in to both servers, and finds an SMTP
// server that will not take mail from Galloper's address before any
// mail is lost to it.
func TestCheckConfigConnect(t *testing.T) {
	srv, err := mailtest.Start("gm@example.test", "gm", "pw")
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	dir := t.TempDir()
	path := filepath.Join(dir, "g.yaml")
	os.WriteFile(path, fmt.Appendf(nil, "database: %s\naddress: gm@example.test\ndomain: example.test\n"+
		"imap: {addr: %q, username: gm, password: pw}\nsmtp: {addr: %q, starttls: false}\n",
		filepath.Join(dir, "g.db"), srv.IMAPAddr, srv.SMTPAddr), 0o600)
	out, err := runGalloper("check-config", "--config", path, "--connect")
	if err != nil || !strings.Contains(out, "imap: logged in") || !strings.Contains(out, "accepts mail from gm@example.test") {
		t.Fatalf("check-config --connect: %v\n%s", err, out)
	}
	srv.RefuseSender("gm@example.test")
	if _, err := runGalloper("check-config", "--config", path, "--connect"); err == nil ||
		!strings.Contains(err.Error(), "refuses a mail from gm@example.test") || !strings.Contains(err.Error(), "553") {
		t.Fatalf("check-config --connect with the sender refused: %v", err)
	}
	os.WriteFile(path, fmt.Appendf(nil, "database: %s\naddress: gm@example.test\ndomain: example.test\n"+
		"imap: {addr: %q, username: gm, password: wrong}\nsmtp: {addr: %q, starttls: false}\n",
		filepath.Join(dir, "g.db"), srv.IMAPAddr, srv.SMTPAddr), 0o600)
	if _, err := runGalloper("check-config", "--config", path, "--connect"); err == nil || !strings.Contains(err.Error(), "imap login as gm") {
		t.Fatalf("check-config --connect with a wrong IMAP password: %v", err)
	}
}

// /healthz fails when the database cannot be written, and when IMAP or
// SMTP has not answered within the configured time; it says which.
func TestHealthzTellsTheTruth(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "g.db")
	db, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)
	now := start
	health := mail.NewHealth(start)
	reg := opsRegistry(db)
	health.Register(reg)
	srv := httptest.NewServer(opsHandler(healthCheck{db: db, health: health, within: 10 * time.Minute,
		now: func() time.Time { return now }}, reg))
	defer srv.Close()
	get := func(path string) (int, string) {
		res, err := srv.Client().Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	if code, body := get("/healthz"); code != 200 {
		t.Fatalf("/healthz just after the start = %d %s", code, body)
	}
	now = start.Add(11 * time.Minute)
	if code, body := get("/healthz"); code != 503 || !strings.Contains(body, "imap: no successful exchange since the start 11m0s ago") {
		t.Fatalf("/healthz with no IMAP success for 11 min = %d %q", code, body)
	}
	if _, m := get("/metrics"); !strings.Contains(m, "galloper_imap_last_success_timestamp_seconds 0") {
		t.Fatalf("metrics lack the IMAP last success:\n%.2000s", m)
	}
	db.Close()

	ro, err := store.OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	srv2 := httptest.NewServer(opsHandler(healthCheck{db: ro}, reg))
	defer srv2.Close()
	res, err := srv2.Client().Get(srv2.URL + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 503 || !strings.Contains(string(b), "database not writable") {
		t.Fatalf("/healthz on a read-only database = %d %q", res.StatusCode, b)
	}
}
