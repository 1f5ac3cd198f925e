package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	gomail "github.com/emersion/go-message/mail"

	"galloper/adjudicator/store"
	"galloper/rules"
)

// demoPlayerView checks, over the whole demo game, what each side is
// told: its start, results and final mails carry its roster (every unit
// of its own, with position and strength) and the victory conditions;
// a results mail's dice are attached, not in its body;
// the final mail names the winner by the scenario's conditions, as the
// umpire's view of the final state has it; and every unit its roster
// places on the map, its own and the enemy in sight, lies inside the
// part of the map its PNG shows.
func demoPlayerView(t *testing.T, db *store.DB, mails []string) {
	end, err := sideView(context.Background(), db, "")
	if err != nil {
		t.Fatal(err)
	}
	if end.Victory == nil || !end.Victory.Final || end.Victory.Result == "" {
		t.Fatalf("the demo game's final state has no result: %+v", end.Victory)
	}
	own := map[string][]string{}
	for _, g := range end.Roster {
		for _, u := range g.Units {
			if u.Kind != "wagon" {
				own[string(g.Side)] = append(own[string(g.Side)], u.Name)
			}
		}
	}
	sides := map[string]string{demoCSA: "CSA", demoUSA: "USA"}
	count := map[string]int{}
	summaries, phased := 0, 0
	for _, f := range mails {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		subj := subject(raw)
		kind := ""
		switch {
		case strings.HasPrefix(subj, "Game "+demoGame+" begins"):
			kind = "start"
		case strings.HasPrefix(subj, "Results"):
			kind = "results"
		case strings.HasPrefix(subj, "Game "+demoGame+" is over"):
			kind = "final"
		default:
			continue
		}
		side := sides[mailTo(t, raw)]
		if side == "" {
			t.Fatalf("%s went to %s, who plays no side", f, mailTo(t, raw))
		}
		count[side+" "+kind]++
		text := bodyText(raw)
		for _, want := range []string{"Your units, and the enemy in sight", "== Victory ==", "Sorrel Bridge (A13.11): 3 points"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s (%s %s mail) lacks %q", f, side, kind, want)
			}
		}
		units := text[strings.Index(text, "== Your units"):]
		if i := strings.Index(units, "\n== Dice"); i > 0 {
			units = units[:i]
		}
		for _, name := range own[side] {
			if !strings.Contains(units, "  "+name+" ") {
				t.Errorf("%s (%s %s mail): the roster does not list %s", f, side, kind, name)
			}
		}
		checkCrop(t, f, raw, units, end)
		if strings.Contains(text, "docs/orders.md") {
			t.Errorf("%s (%s %s mail) sends the player to docs/orders.md", f, side, kind)
		}
		if kind == "start" && !hasAttachment(t, raw, "guide-lob.v2.txt") {
			t.Errorf("%s (%s start mail) does not attach the player's guide", f, side)
		}
		if kind == "results" {
			if strings.Contains(text, "== Summary ==") {
				summaries++
				if strings.Index(text, "== Summary ==") > strings.Index(text, "== What happened ==") {
					t.Errorf("%s: the summary does not lead the report", f)
				}
			}
			if strings.Contains(text, "\nActivity Phase:") {
				phased++
			}
			// The dice record or openings ride in an attachment; the body
			// has one line naming the root.
			if strings.Contains(text, "BEGIN GALLOPER DICE") || !strings.Contains(text, "Dice: segment ") || !strings.Contains(text, "Merkle root ") {
				t.Errorf("%s (%s results mail): the body carries dice blocks or lacks the one-line summary", f, side)
			}
			if !hasAttachment(t, raw, fmt.Sprintf("dice-%s-%d.txt", demoGame, count[side+" results"])) {
				t.Errorf("%s (%s results mail) does not attach its dice", f, side)
			}
		}
		if kind == "final" {
			want := "RESULT: " + end.Victory.Result + "."
			if !strings.Contains(text, want) || !strings.Contains(subj, end.Victory.Result) {
				t.Errorf("%s (%s final mail, %q) does not name the result %q", f, side, subj, want)
			}
			if !hasAttachment(t, raw, "dice-"+demoGame+"-all.txt") {
				t.Errorf("%s (%s final mail) does not attach the whole dice record", f, side)
			}
		}
	}
	for _, side := range []string{"CSA", "USA"} {
		if count[side+" start"] != 1 || count[side+" results"] != 2*demoTurns || count[side+" final"] != 1 {
			t.Errorf("%s got %d start, %d results and %d final mails; want 1, %d and 1", side,
				count[side+" start"], count[side+" results"], count[side+" final"], 2*demoTurns)
		}
	}
	if summaries < demoTurns || phased < demoTurns {
		t.Errorf("%d results mails lead with a summary and %d group their log by phase; want at least %d each", summaries, phased, demoTurns)
	}
	t.Logf("final result: %s", end.Victory.Result)
}

func mailTo(t *testing.T, raw []byte) string {
	t.Helper()
	mr, err := gomail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	to, err := mr.Header.AddressList("To")
	if err != nil || len(to) == 0 {
		t.Fatalf("no To: %v", err)
	}
	return to[0].Address
}

func hasAttachment(t *testing.T, raw []byte, name string) bool {
	t.Helper()
	mr, err := gomail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	for {
		p, err := mr.NextPart()
		if err != nil {
			return false
		}
		if h, ok := p.Header.(*gomail.AttachmentHeader); ok {
			if n, _ := h.Filename(); n == name {
				return true
			}
		}
	}
}

// cropNote is the line under a mail's map that names the part shown.
var cropNote = regexp.MustCompile(`columns (\d+)-(\d+), rows (\d+)-(\d+) of`)

// rosterLine is a unit line of a roster: name, kind, position, ...
var rosterLine = regexp.MustCompile(`(?m)^  (\S.*?)  +(infantry|cavalry|artillery|leader|hq|wagon)  +(\S+)`)

// checkCrop checks that every unit a mail's roster places on the map
// lies inside the window of the mail's PNG (the whole map when the note
// under it names no window).
func checkCrop(t *testing.T, name string, raw []byte, roster string, v rules.View) {
	t.Helper()
	c0, c1, r0, r1 := 1, v.Map.Cols, 1, v.Map.Rows
	if m := cropNote.FindStringSubmatch(htmlPart(t, raw)); m != nil {
		c0, c1, r0, r1 = atoi(m[1]), atoi(m[2]), atoi(m[3]), atoi(m[4])
	}
	at := map[string]rules.HexView{}
	for _, h := range v.Map.Hexes {
		at[h.ID] = h
	}
	n := 0
	for _, m := range rosterLine.FindAllStringSubmatch(roster, -1) {
		h, ok := at[m[3]]
		if !ok {
			continue // off the map, eliminated
		}
		n++
		if h.Col < c0 || h.Col > c1 || h.Row < r0 || h.Row > r1 {
			t.Errorf("%s: %s at %s lies outside the mailed map (columns %d-%d, rows %d-%d)", name, m[1], m[3], c0, c1, r0, r1)
		}
	}
	if n == 0 {
		t.Errorf("%s: no unit of the roster found on the map", name)
	}
}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }

func htmlPart(t *testing.T, raw []byte) string {
	t.Helper()
	mr, err := gomail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	for {
		p, err := mr.NextPart()
		if err != nil {
			return ""
		}
		if h, ok := p.Header.(*gomail.InlineHeader); ok {
			if ct, _, _ := h.ContentType(); ct == "text/html" {
				b, _ := io.ReadAll(p.Body)
				return string(b)
			}
		}
	}
}

// demoDiceCommitment checks dice verify against the game-start mail's
// commitment: read from the start mail without --head, said plainly when
// no start mail is among the files, and a tampered head in the start
// mail fails naming the commitment.
func demoDiceCommitment(t *testing.T, mails []string) {
	var start string
	var rest []string
	for _, f := range mails {
		raw, _ := os.ReadFile(f)
		if start == "" && strings.HasPrefix(subject(raw), "Game "+demoGame+" begins") {
			start = f
		} else if !strings.HasPrefix(subject(raw), "Game "+demoGame+" begins") {
			rest = append(rest, f)
		}
	}
	if start == "" {
		t.Fatal("no game-start mail")
	}
	if _, against, err := verifyDiceCommitment(append([]string{start}, rest...), ""); err != nil || !strings.Contains(against, "game-start mail "+start) {
		t.Fatalf("with the start mail: checked against %q, %v; want its commitment", against, err)
	}
	if _, against, err := verifyDiceCommitment(rest, ""); err != nil || against != "" {
		t.Fatalf("without the start mail: checked against %q, %v; want nothing checked and no error", against, err)
	}
	raw, _ := os.ReadFile(start)
	text, _ := recordText(raw)
	m := startHead.FindStringSubmatch(text)
	if m == nil {
		t.Fatal("the start mail names no chain head")
	}
	flip := "0"
	if m[2][0] == '0' {
		flip = "1"
	}
	bad := filepath.Join(t.TempDir(), "start-tampered.eml")
	if err := os.WriteFile(bad, bytes.Replace(raw, []byte(m[2][:20]), []byte(flip+m[2][1:20]), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err := verifyDiceCommitment(append([]string{bad}, rest...), "")
	if err == nil || !strings.Contains(err.Error(), "game-start commitment") {
		t.Fatalf("a tampered head in the start mail: %v; want a failure naming the game-start commitment", err)
	}
}
