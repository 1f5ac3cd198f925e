package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/emersion/go-message"
	gomail "github.com/emersion/go-message/mail"

	"galloper/adjudicator/store"
	"galloper/rules"
)

// maxReportMail is the size budget of a results mail of the Lantern Ridge
// battle, with its maps; maxStartMail that of a game-start mail, which
// carries the player's guide and the whole board (in its JSON document)
// once, besides its map.
const (
	maxReportMail = 300 << 10
	maxStartMail  = 350 << 10
)

// TestDemo plays the default demo game and checks what a user is
// promised: at least 8 mails that parse as MIME, maps, dice that verify,
// a tampered roll or link that does not, and the order system and field
// rules at work in the journal and the players' results (demoStory).
func TestDemo(t *testing.T) {
	out := t.TempDir()
	var summary bytes.Buffer
	if err := runDemo(context.Background(), &summary, out, demoTurns, demoSeed); err != nil {
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
			// A month of these must fit a real mailbox quota.
			budget := maxReportMail
			if strings.Contains(f, "begins") {
				budget = maxStartMail
			}
			if len(raw) > budget {
				t.Errorf("%s weighs %d KB, over the budget of %d KB", filepath.Base(f), len(raw)>>10, budget>>10)
			}
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
	segments := 2 * demoTurns // a CSA and a USA player turn each
	n, err := verifyDiceFiles(mails, "")
	if err != nil || n != segments {
		t.Fatalf("dice verify: %d records, %v; want %d records and no error", n, err, segments)
	}
	sideOpeningsVerify(t, mails, segments)

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
	if n, err := verifyDiceFiles([]string{export}, ""); err != nil || n != segments {
		t.Fatalf("exported journal: %d records, %v", n, err)
	}
	t.Run("story", func(t *testing.T) { demoStory(t, db, mails) })
	t.Run("json", func(t *testing.T) { checkMailDocs(t, mails) })
	t.Run("player view", func(t *testing.T) { demoPlayerView(t, db, mails) })
	t.Run("dice commitment", func(t *testing.T) { demoDiceCommitment(t, mails) })
	t.Run("marks on the maps", func(t *testing.T) { demoMapMarks(t, filepath.Join(out, "maps")) })

	// During play a player holds only openings of its side's rolls; the
	// records, with every link and roll, come with the mail that ends the
	// game (docs/dice.md, section 2.6).
	results, _ := filepath.Glob(filepath.Join(out, "mail", "*-is-over*.eml"))
	if len(results) == 0 {
		t.Fatal("no mail ends the game")
	}
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
	} else if regexp.MustCompile(`segment \d+: segment \d+:`).MatchString(err.Error()) {
		t.Errorf("the error names the segment twice: %v", err)
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
		case "application/zip":
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
		t.Errorf("%s: zipped SVG map disposition %q, want attachment", name, svgDisp)
	}
}

// demoStory checks that the default demo shows the order system at every
// step, in the journal and in the players' result mails: an order in
// transit, refused on a failed Command Roll and then awaiting acceptance,
// accepted, re-issued by a corps to its divisions (LoB 10.6d), stopped
// (Fluke Stoppage, 10.7b, or an attack declared futile, 10.7a), recovering
// (Attack Recovery, 10.8c) and ended (10.7a); and the field rules: fire,
// a Charge, retreats and rallies. It also checks that a decision request
// was answered by mail and an order file with mistakes was refused.
func demoStory(t *testing.T, db *store.DB, mails []string) {
	var j []store.JournalEntry
	if err := db.WithTx(context.Background(), func(tx *store.Tx) (err error) { j, err = tx.Journal(demoGame); return err }); err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for _, e := range j {
		var ev rules.Event
		if err := json.Unmarshal([]byte(e.Body), &ev); err != nil {
			t.Fatalf("journal event %d: %v", e.Seq, err)
		}
		kinds[ev.Kind]++
	}
	for _, want := range [][]string{
		{"order-issued"}, {"order-refused"}, {"order-accepted"}, {"order-relayed"},
		{"fluke-stoppage", "order-futile"}, {"attack-recovery-needed"}, {"attack-recovery", "attack-recovered"},
		{"order-fulfilled", "order-ended"},
		{"fire"}, {"opening-volley"}, {"charge-announced"}, {"retreat"}, {"rally"}, {"decision"},
	} {
		n := 0
		for _, k := range want {
			n += kinds[k]
		}
		if n == 0 {
			t.Errorf("the journal has no %s event", strings.Join(want, " or "))
		}
	}

	var results strings.Builder
	var decided, refusedFile bool
	for _, f := range mails {
		raw, _ := os.ReadFile(f)
		switch subj := subject(raw); {
		case strings.HasPrefix(subj, "Results"):
			results.WriteString(bodyText(raw))
		case strings.Contains(subj, "orders not accepted"):
			refusedFile = true
		case strings.HasPrefix(subj, "DECIDE") && strings.Contains(bodyText(raw), " recorded: "):
			decided = true
		}
	}
	text := results.String()
	for _, want := range [][]string{
		{": in transit (arrives "},
		{"does not yet act on "},
		{": awaiting acceptance ("},
		{": accepted "},
		{" re-issues CSA-", " (re-issue of "},
		{"stopped by Fluke Stoppage", "declares"},
		{"recovering: needs Attack Recovery"},
		{"achieves Attack Recovery", "no recovery this turn", ": not yet"},
		{": ended "},
		{"announce a Charge on "},
		{" retreat from "},
		{" rall"},
	} {
		found := false
		for _, w := range want {
			found = found || strings.Contains(text, w)
		}
		if !found {
			t.Errorf("no result mail says any of %q", want)
		}
	}
	if !decided {
		t.Error("no decision request was answered by mail")
	}
	if !refusedFile {
		t.Error("no order file was refused")
	}
}

// demoMapMarks checks what the demo's maps mark: the results maps draw
// the segment's moves, retreats, fire and the Charge (rules.Trace), and
// decision requests have maps, their choices drawn where they are places
// (the retreat's paths).
func demoMapMarks(t *testing.T, dir string) {
	svgs, _ := filepath.Glob(filepath.Join(dir, "*.svg"))
	marks := map[string]int{}
	decisions := 0
	for _, f := range svgs {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, kind := range []string{"move", "retreat", "fire", "charge", "choice"} {
			if bytes.Contains(b, []byte(`class="trace-`+kind+`"`)) {
				marks[kind]++
			}
		}
		if strings.Contains(filepath.Base(f), "-decision") {
			decisions++
		}
	}
	if decisions == 0 || marks["choice"] == 0 {
		t.Errorf("%d decision requests' maps written, %d with their choices drawn; want some of each", decisions, marks["choice"])
	}
	for _, kind := range []string{"move", "retreat", "fire", "charge"} {
		if marks[kind] == 0 {
			t.Errorf("no results map draws a %s (maps marked: %v)", kind, marks)
		}
	}
}
