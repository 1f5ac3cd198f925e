package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestExampleConfigIsValid(t *testing.T) {
	c, err := loadConfig("../../config.example.yaml")
	if err != nil {
		t.Fatalf("config.example.yaml as shipped: %v", err)
	}
	if c.IMAP.Addr == "" || c.Deadline <= 0 || !c.SMTP.StartTLS {
		t.Fatalf("unexpected values: %+v", c)
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
