package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files of the order mail corpus")

// TestMailCorpus reads every order file and saved mail in testdata/mails
// as `galloper validate --scenario tanners-creek --side CSA` does, and
// compares the reply with the file's .golden twin. Run with -update to
// rewrite the golden files, then read the diff before committing.
func TestMailCorpus(t *testing.T) {
	files, err := filepath.Glob("testdata/mails/*")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, path := range files {
		if strings.HasSuffix(path, ".golden") {
			continue
		}
		n++
		t.Run(filepath.Base(path), func(t *testing.T) {
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			text, readErr := orderText(path, raw)
			reply, ok, err := validateScenario("lob.v2", "tanners-creek", nil, "CSA", text)
			if readErr != nil {
				reply, ok, err = unreadable("", "CSA", readErr)
			}
			if err != nil {
				t.Fatal(err)
			}
			got := fmt.Sprintf("%s\n(exit %d)\n", reply, map[bool]int{true: 0, false: 1}[ok])
			golden := path + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -run TestMailCorpus -update to create it)", err)
			}
			if d := lineDiff(string(want), got); d != "" {
				t.Errorf("reply differs from %s:\n%s", golden, d)
			}
		})
	}
	if n < 40 {
		t.Errorf("the corpus has %d cases; it should have at least 40", n)
	}
}

// lineDiff returns the lines where want and got differ, "" if none.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := 0; i < max(len(w), len(g)); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			fmt.Fprintf(&b, "line %d:\n  want %q\n  got  %q\n", i+1, wl, gl)
		}
	}
	return b.String()
}

// TestValidateCommand runs the command itself: exit status 0 and the
// receipt for valid orders, 1 and the problems otherwise, 2 when the
// orders cannot be checked.
func TestValidateCommand(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--scenario", "tanners-creek", "--side", "CSA", "testdata/mails/02-clean-activity.txt"}, 0, "Galloper received your orders"},
		{[]string{"--scenario", "tanners-creek", "--side", "csa", "testdata/mails/37-plain.eml"}, 0, "STACK Barton\n"},
		{[]string{"--scenario", "tanners-creek", "--side", "CSA", "testdata/mails/22-misspelt-units.txt"}, 1, "did you mean 'Ames' Brigade'?"},
		{[]string{"--scenario", "tanners-creek", "--side", "USA", "testdata/mails/02-clean-activity.txt"}, 1, "not-your-segment"},
		{[]string{"--scenario", "nowhere", "--side", "CSA", "testdata/mails/02-clean-activity.txt"}, 2, ""},
		{[]string{"--side", "CSA", "testdata/mails/02-clean-activity.txt"}, 2, ""},
		{[]string{"--scenario", "tanners-creek", "--side", "CSA", "testdata/mails/no-such-file"}, 2, ""},
		// Usage errors: a missing flag, an unknown flag, no file.
		{[]string{"--scenario", "tanners-creek", "testdata/mails/02-clean-activity.txt"}, 2, ""},
		{[]string{"--scenario", "tanners-creek", "--side", "CSA", "--bogus", "testdata/mails/02-clean-activity.txt"}, 2, ""},
		{[]string{"--scenario", "tanners-creek", "--side", "CSA"}, 2, ""},
	} {
		root := rootCmd()
		var out bytes.Buffer
		root.SetOut(&out)
		root.SetArgs(append([]string{"validate"}, tc.args...))
		err := root.Execute()
		code := 0
		if err != nil {
			code = exitCode(err)
		}
		if code != tc.code || !strings.Contains(out.String(), tc.want) {
			t.Errorf("%v: exit %d (%v), want %d; output:\n%s", tc.args, code, err, tc.code, out.String())
		}
	}
}

// TestValidateGameMatchesMail checks that `galloper validate --game`
// prints exactly the reply that the same mail then gets from the daemon,
// for accepted orders and for orders with problems.
func TestValidateGameMatchesMail(t *testing.T) {
	cfg := testConfig(t)
	ctx := context.Background()
	adj := creekGame(t, cfg)
	for i, body := range []string{
		"GAME creek\r\nSIDE CSA\r\nTURN 1\r\nPASSWORD pc\r\n\r\nSTACK Amse\r\n  FACE E\r\nEND\r\nSTANDNG\r\n",
		// A wrong TURN line comes back with the body's problems.
		"GAME creek\r\nSIDE CSA\r\nTURN 7\r\nPASSWORD pc\r\n\r\nSTACK Ames\r\n  MOVE A40.40\r\nEND\r\n",
		"GAME creek\r\nSIDE CSA\r\nTURN 1\r\nPASSWORD pc\r\n\r\nSTACK Ames\r\n  MOVE A4.2\r\n  FACE NE\r\nEND\r\nSTANDING\r\n  LOSSES TOP\r\nEND\r\n",
	} {
		raw := []byte(fmt.Sprintf("From: c@p.test\r\nTo: gm@x.test\r\nSubject: orders\r\nMessage-ID: <v%d@p.test>\r\n\r\n%s", i, body))
		path := filepath.Join(t.TempDir(), "orders.eml")
		if err := os.WriteFile(path, raw, 0o644); err != nil {
			t.Fatal(err)
		}
		root := rootCmd()
		var printed bytes.Buffer
		root.SetOut(&printed)
		root.SetArgs([]string{"validate", "--game", "creek", "--config", cfg, "--side", "CSA", path})
		verr := root.Execute()
		var ingested bytes.Buffer
		if err := ingestMail(ctx, adj, raw, "creek", &ingested); err != nil {
			t.Fatal(err)
		}
		if (verr == nil) != (i == 2) {
			t.Errorf("mail %d: validate gave %v", i, verr)
		}
		// The mail has CRLF line ends, as SMTP wants; the text is the same.
		got := strings.ReplaceAll(ingested.String(), "\r\n", "\n")
		if printed.Len() == 0 || !strings.Contains(got, strings.TrimSpace(printed.String())) {
			t.Errorf("mail %d: validate printed\n%s\nbut the mail got\n%s", i, printed.String(), ingested.String())
		}
		if i == 1 && (!strings.Contains(got, "these orders are for turn 7") || !strings.Contains(got, "A40.40 is not a hex of this map")) {
			t.Errorf("mail %d: a wrong TURN line hides the body's problems:\n%s", i, got)
		}
	}
}

// TestValidateGameNeedsNoMailSettings: validate --game reads only the
// database, so a configuration without IMAP and SMTP settings will do.
func TestValidateGameNeedsNoMailSettings(t *testing.T) {
	cfg := testConfig(t)
	creekGame(t, cfg)
	full, err := os.ReadFile(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var kept []string
	for _, l := range strings.Split(string(full), "\n") {
		if !strings.HasPrefix(l, "imap:") && !strings.HasPrefix(l, "smtp:") {
			kept = append(kept, l)
		}
	}
	noMail := filepath.Join(filepath.Dir(cfg), "nomail.yaml")
	if err := os.WriteFile(noMail, []byte(strings.Join(kept, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	orders := filepath.Join(t.TempDir(), "o.txt")
	if err := os.WriteFile(orders, []byte("GAME creek\nSIDE CSA\nTURN 1\nPASSWORD pc\n\nORDER MOVE from Harrow to Barton\n  OBJECTIVE Tanner's Mill\n  ROUTE A5.6, Tanner's Mill\nEND\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	root := rootCmd()
	var out bytes.Buffer
	root.SetOut(&out)
	root.SetArgs([]string{"validate", "--game", "creek", "--config", noMail, "--side", "CSA", orders})
	if err := root.Execute(); err != nil {
		t.Fatalf("validate --game without mail settings: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "OBJECTIVE Tanner's Mill") {
		t.Errorf("validate --game did not print the receipt:\n%s", out.String())
	}
	if _, err := loadConfig(noMail); err == nil || !strings.Contains(err.Error(), "imap.addr") {
		t.Errorf("the daemon's configuration check no longer asks for the mail settings: %v", err)
	}
}
