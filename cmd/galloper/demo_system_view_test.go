package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"galloper/adjudicator/store"
	"galloper/rules"
)

// checkSystemDemoView checks, over a whole system demo, what each side is
// told, as demoPlayerView does for the Line of Battle demo: every start,
// results and final mail to a player carries its roster and, where the
// scenario has them, the victory conditions; the final roster lists every
// unit the side has at the end; the final mail names the result the
// umpire's view gives; and every event naming one of a side's own units
// is told to that side (a cut copy for the other side is not one).
func checkSystemDemoView(t *testing.T, sys rules.System, out string, over bool, sides []rules.Side) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(out, "galloper.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	st, err := gameState(ctx, db, sys)
	if err != nil {
		t.Fatal(err)
	}
	end := sys.View(st, "")
	own := map[rules.Side][]string{}
	for _, g := range end.Roster {
		for _, u := range g.Units {
			own[g.Side] = append(own[g.Side], u.Name)
		}
	}
	bySide := map[string]rules.Side{}
	for _, s := range sides {
		bySide[demoEmail(s)] = s
	}
	mails, _ := filepath.Glob(filepath.Join(out, "mail", "*.eml"))
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
		side, ok := bySide[mailTo(t, raw)]
		if !ok {
			continue // the umpire's copies
		}
		count[string(side)+" "+kind]++
		text := bodyText(raw)
		wants := []string{"== Your units, and the enemy in sight"}
		if end.Victory != nil {
			wants = append(wants, "== Victory ==")
		}
		for _, want := range wants {
			if !strings.Contains(text, want) {
				t.Errorf("%s (%s %s mail) lacks %q", filepath.Base(f), side, kind, want)
			}
		}
		if kind != "final" {
			continue
		}
		units := text[strings.Index(text, "== Your units"):]
		if i := strings.Index(units, "\n== Dice"); i > 0 {
			units = units[:i]
		}
		for _, name := range own[side] {
			if !strings.Contains(units, name) {
				t.Errorf("%s (%s final mail): the roster does not list %s", filepath.Base(f), side, name)
			}
		}
		if end.Victory != nil && end.Victory.Final && end.Victory.Result != "" {
			if want := "RESULT: " + end.Victory.Result + "."; !strings.Contains(text, want) {
				t.Errorf("%s (%s final mail) does not name the result %q", filepath.Base(f), side, want)
			}
		}
	}
	for _, s := range sides {
		if count[string(s)+" start"] != 1 || count[string(s)+" results"] == 0 {
			t.Errorf("%s got %d start and %d results mails; want 1 and at least 1", s, count[string(s)+" start"], count[string(s)+" results"])
		}
		if over && count[string(s)+" final"] != 1 {
			t.Errorf("%s got %d final mails, want 1", s, count[string(s)+" final"])
		}
	}

	var j []store.JournalEntry
	if err := db.WithTx(ctx, func(tx *store.Tx) (err error) { j, err = tx.Journal(demoGame); return err }); err != nil {
		t.Fatal(err)
	}
	names := map[rules.Side]*regexp.Regexp{}
	for s, list := range own {
		var alts []string
		for _, n := range list {
			alts = append(alts, regexp.QuoteMeta(n))
		}
		if len(alts) > 0 {
			names[s] = regexp.MustCompile(`(^|[^\w'])(` + strings.Join(alts, "|") + `)([^\w']|$)`)
		}
	}
	told, missed := 0, 0
	for _, e := range j {
		var ev rules.Event
		if json.Unmarshal([]byte(e.Body), &ev) != nil || ev.Copy || ev.Text == "" {
			continue
		}
		if ev.Kind == "decision" && len(ev.Visible) == 1 {
			// The record of a decision taken by mail is the deciding
			// side's alone (adjudicator decisionEvents); what it chose
			// reaches the other side through the system's own events.
			continue
		}
		for s, re := range names {
			if !re.MatchString(ev.Text) {
				continue
			}
			if ev.VisibleTo(s) {
				told++
				continue
			}
			missed++
			if missed <= 10 {
				t.Errorf("an event naming a unit of %s is not told to %s: %q (%s)", s, s, ev.Text, ev.Rule)
			}
		}
	}
	if told == 0 {
		t.Errorf("no event of the demo names a side's own unit; the check proves nothing")
	}
	t.Logf("mails read: %v; %d events naming a side's own units were told to it; %d were not", count, told, missed)
}
