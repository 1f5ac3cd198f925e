package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestExampleConfigIsValid(t *testing.T) {
	c, err := loadConfig("../../config.example.yaml")
	if err != nil {
		t.Fatalf("config.example.yaml as shipped: %v", err)
	}
	if days, err := c.weekdays(); err != nil || len(days) != 5 || days[0] != time.Monday {
		t.Fatalf("deadline_days: %v, %v", days, err)
	}
	if c.IMAP.Addr == "" || c.Deadline <= 0 || !c.SMTP.StartTLS || c.imapConfig().MaxSize != 10<<20 {
		t.Fatalf("unexpected values: %+v", c)
	}
}

// `galloper check-config` accepts the shipped example as it is.
func TestCheckConfigCommand(t *testing.T) {
	t.Setenv("GALLOPER_IMAP_PASSWORD", "imap-secret")
	t.Setenv("GALLOPER_SMTP_PASSWORD", "smtp-secret")
	out, err := runGalloper("check-config", "--config", "../../config.example.yaml")
	if err != nil || !strings.Contains(out, "config ../../config.example.yaml is valid") {
		t.Fatalf("check-config on the example: %v\n%s", err, out)
	}
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	os.WriteFile(bad, []byte("address: gm@x.test\npoll: -1s\n"), 0o644)
	if out, err := runGalloper("check-config", "--config", bad); err == nil || !strings.Contains(err.Error(), "missing domain, imap.addr") {
		t.Fatalf("check-config on a bad file: %v\n%s", err, out)
	}
}

func TestConfigEnvOverridesAndErrors(t *testing.T) {
	t.Setenv("GALLOPER_IMAP_PASSWORD", "from-env")
	c, err := loadConfig("../../config.example.yaml")
	if err != nil || c.IMAP.Password != "from-env" {
		t.Fatalf("env override: %q, %v", c.IMAP.Password, err)
	}
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	os.WriteFile(bad, []byte("database: x.db\nimap:\n  username: gm\n"), 0o644)
	_, err = loadConfig(bad)
	if err == nil || !strings.Contains(err.Error(), "address") || !strings.Contains(err.Error(), "imap.addr") {
		t.Fatalf("err = %v, want one naming the missing keys", err)
	}
}

func TestPasswordFileFromEnv(t *testing.T) {
	pw := filepath.Join(t.TempDir(), "imap-password")
	os.WriteFile(pw, []byte("s3cret\n"), 0o600)
	t.Setenv("GALLOPER_IMAP_PASSWORD_FILE", pw)
	c, err := loadConfig("../../config.example.yaml")
	if err != nil || c.IMAP.Password != "s3cret" {
		t.Fatalf("password from GALLOPER_IMAP_PASSWORD_FILE: %q, %v", c.IMAP.Password, err)
	}
}

func TestBadWeekday(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	os.WriteFile(bad, []byte("database: x.db\naddress: a@b\ndomain: b\nimap: {addr: h:1, username: u}\nsmtp: {addr: h:2}\ndeadline_days: [mon, funday]\n"), 0o644)
	if _, err := loadConfig(bad); err == nil || !strings.Contains(err.Error(), "funday") {
		t.Fatalf("err = %v, want one naming funday", err)
	}
}

// The PostgreSQL engine is chosen in the file, its DSN read from the
// environment or from a file of its own.
func TestPostgresConfig(t *testing.T) {
	dir := t.TempDir()
	dsnFile := filepath.Join(dir, "dsn")
	if err := os.WriteFile(dsnFile, []byte("postgres://gm@db.example.test/galloper\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "g.yaml")
	body := merge(goodConfig, "store: postgres\ntoken_key_file: "+filepath.Join(dir, "token.key")+"\npostgres_dsn_file: "+dsnFile+"\n")
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := loadConfig(path)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Store != "postgres" || cfg.PostgresDSN != "postgres://gm@db.example.test/galloper" {
		t.Fatalf("store %q, DSN %q", cfg.Store, cfg.PostgresDSN)
	}
	t.Setenv("GALLOPER_POSTGRES_DSN", "host=db2.example.test dbname=galloper")
	body = merge(goodConfig, "store: postgres\ntoken_key_file: "+filepath.Join(dir, "token.key")+"\n")
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	if cfg, err = loadConfig(path); err != nil || cfg.PostgresDSN != "host=db2.example.test dbname=galloper" {
		t.Fatalf("DSN from the environment: %q, %v", cfg.PostgresDSN, err)
	}
}
