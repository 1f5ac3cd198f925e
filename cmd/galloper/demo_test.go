package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/emersion/go-message"
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
	reports := 0
	for _, f := range mails {
		if strings.Contains(f, "results") || strings.Contains(f, "begins") {
			raw, _ := os.ReadFile(f)
			checkInlineMap(t, f, raw)
			reports++
		}
	}
	if reports < 8 {
		t.Fatalf("%d results and game-start mails, want at least 8", reports)
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

// checkInlineMap checks that a report mail shows its map inline: text/plain
// first, an HTML part naming cid:X, a PNG part with Content-ID <X> and
// Content-Disposition inline, and the SVG attached.
func checkInlineMap(t *testing.T, name string, raw []byte) {
	t.Helper()
	mr, err := gomail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var types []string
	var html, cid, pngDisp, svgDisp string
	for {
		p, err := mr.NextPart()
		if err != nil {
			break
		}
		var h *message.Header
		switch ph := p.Header.(type) {
		case *gomail.InlineHeader:
			h = &ph.Header
		case *gomail.AttachmentHeader:
			h = &ph.Header
		}
		ct, _, _ := h.ContentType()
		disp, _, _ := h.ContentDisposition()
		types = append(types, ct)
		switch ct {
		case "text/html":
			b, _ := io.ReadAll(p.Body)
			html = string(b)
		case "image/png":
			cid, pngDisp = h.Get("Content-Id"), disp
		case "image/svg+xml":
			svgDisp = disp
		}
	}
	if len(types) < 4 || types[0] != "text/plain" || types[1] != "text/html" {
		t.Errorf("%s: parts %v, want text/plain, text/html, then the maps", name, types)
	}
	if cid == "" || pngDisp != "inline" {
		t.Errorf("%s: PNG map Content-ID %q, disposition %q; want an id and inline", name, cid, pngDisp)
	}
	if !strings.Contains(html, `src="cid:`+strings.Trim(cid, "<>")+`"`) {
		t.Errorf("%s: the HTML part does not show the PNG by its Content-ID %s", name, cid)
	}
	if svgDisp != "attachment" {
		t.Errorf("%s: SVG map disposition %q, want attachment", name, svgDisp)
	}
}
