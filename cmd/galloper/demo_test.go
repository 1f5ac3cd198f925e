package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	gomail "github.com/emersion/go-message/mail"

	"galloper/adjudicator/store"
)

// TestDemo plays the demo game and checks what a user is promised: at
// least 8 mails that parse as MIME, maps, dice that verify, and a
// tampered roll or link that does not.
func TestDemo(t *testing.T) {
	out := t.TempDir()
	var summary bytes.Buffer
	if err := runDemo(context.Background(), &summary, out, 4, 1); err != nil {
		t.Fatalf("demo: %v\n%s", err, summary.String())
	}
	mails, _ := filepath.Glob(filepath.Join(out, "mail", "*.eml"))
	if len(mails) < 8 {
		t.Fatalf("demo wrote %d mails, want at least 8", len(mails))
	}
	for _, f := range mails {
		raw, _ := os.ReadFile(f)
		mr, err := gomail.CreateReader(bytes.NewReader(raw))
		if err != nil {
			t.Fatalf("%s does not parse as MIME: %v", f, err)
		}
		for {
			if _, err := mr.NextPart(); err != nil {
				if err.Error() != "EOF" {
					t.Fatalf("%s: bad MIME part: %v", f, err)
				}
				break
			}
		}
	}
	for _, ext := range []string{"png", "svg"} {
		if maps, _ := filepath.Glob(filepath.Join(out, "maps", "*."+ext)); len(maps) == 0 {
			t.Fatalf("no %s maps written", ext)
		}
	}
	for _, want := range []string{"mistakes", "rolls", "to issue an order", "journal hash chain intact"} {
		if !strings.Contains(summary.String(), want) {
			t.Errorf("the summary does not mention %q:\n%s", want, summary.String())
		}
	}
	n, err := verifyDiceFiles(mails, "")
	if err != nil || n != 8 {
		t.Fatalf("dice verify: %d records, %v; want 8 records and no error", n, err)
	}

	// The exported journal verifies too.
	db, err := store.Open(context.Background(), filepath.Join(out, "galloper.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	export := filepath.Join(t.TempDir(), "journal.txt")
	var jb bytes.Buffer
	if err := exportGame(context.Background(), db, demoGame, &jb); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(export, jb.Bytes(), 0o644)
	if n, err := verifyDiceFiles([]string{export}, ""); err != nil || n != 8 {
		t.Fatalf("exported journal: %d records, %v", n, err)
	}

	results, _ := filepath.Glob(filepath.Join(out, "mail", "*results*.eml"))
	raw, _ := os.ReadFile(results[0])

	roll := regexp.MustCompile(`(?m)^roll: 0 d6 =3D ([1-6])`)
	m := roll.FindSubmatch(raw)
	if m == nil {
		t.Fatalf("no roll #0 line in %s", results[0])
	}
	other := map[byte]string{'1': "2"}[m[1][0]]
	if other == "" {
		other = "1"
	}
	changed := roll.ReplaceAll(raw, []byte("roll: 0 d6 =3D "+other))
	bad := filepath.Join(t.TempDir(), "tampered.eml")
	os.WriteFile(bad, changed, 0o644)
	if _, err := verifyDiceFiles([]string{bad}, ""); err == nil || !strings.Contains(err.Error(), "roll #0") {
		t.Fatalf("a changed die value was not caught by name: %v", err)
	}

	link := regexp.MustCompile(`(?m)^link: ([0-9a-f])`)
	lm := link.FindSubmatch(raw)
	flip := "0"
	if lm[1][0] == '0' {
		flip = "1"
	}
	os.WriteFile(bad, link.ReplaceAll(raw, []byte("link: "+flip)), 0o644)
	if _, err := verifyDiceFiles([]string{bad}, ""); err == nil || !strings.Contains(err.Error(), "link") {
		t.Fatalf("a forged link was not caught: %v", err)
	}
	if _, err := verifyDiceFiles(mails, strings.Repeat("ab", 32)); err == nil || !strings.Contains(err.Error(), "published head") {
		t.Fatalf("records checked against the wrong head passed: %v", err)
	}
}
