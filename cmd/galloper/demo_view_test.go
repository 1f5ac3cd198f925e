package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	gomail "github.com/emersion/go-message/mail"

	"galloper/adjudicator/store"
)

// demoPlayerView checks, over the whole demo game, what each side is
// told: its start, results and final mails carry its roster (every unit
// of its own, with position and strength) and the victory conditions;
// the final mail names the winner by the scenario's conditions, as the
// umpire's view of the final state has it.
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
		units := section(text, "== Your units")
		for _, name := range own[side] {
			if !strings.Contains(units, "  "+name+" ") {
				t.Errorf("%s (%s %s mail): the roster does not list %s", f, side, kind, name)
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
