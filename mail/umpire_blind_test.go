package mail_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"galloper/adjudicator"
	"galloper/rules"
	"galloper/rules/systems"
)

// TestUmpireHoldsDoubleBlindResults plays the first segments of a
// double-blind Winter's Victory game (Serpallen, WV 10.4 and ruling R43)
// with an umpire who previews results. The umpire's preview comes first
// and names an Allied unit the French cannot see; the players get nothing
// until RELEASE; then the French results mail comes, and it names no
// Allied unit the French view leaves out.
func TestUmpireHoldsDoubleBlindResults(t *testing.T) {
	r := newRig(t)
	const french, allied = "french@players.test", "allied@players.test"
	err := r.d.Adj.CreateGame(context.Background(), adjudicator.GameSpec{ID: "eylau", System: "wintersvictory.v1", Scenario: "serpallen",
		Players: []adjudicator.PlayerSpec{{Side: "French", Email: french, Password: "eagle"}, {Side: "Allied", Email: allied, Password: "bear"},
			{Side: "UMPIRE", Email: umpAddr, Password: "whistle"}}})
	if err != nil {
		t.Fatal(err)
	}
	var sys rules.System
	for _, s := range systems.All() {
		if s.ID() == "wintersvictory.v1" {
			sys = s
		}
	}
	state := func() rules.State {
		st, err := sys.DecodeState(r.game("eylau").State)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	r.cycle()
	r.send(umpAddr, "preview", "GAME eylau\nSIDE UMPIRE\nPASSWORD whistle\nPREVIEW ON\n")
	r.cycle()
	addr := map[rules.Side]string{"French": french, "Allied": allied}
	pw := map[rules.Side]string{"French": "eagle", "Allied": "bear"}
	seg := state().Segment()
	for _, side := range seg.Sides {
		r.send(addr[side], fmt.Sprintf("orders %s", side), fmt.Sprintf("GAME eylau\nSIDE %s\nTURN %d\nPASSWORD %s\n\n", side, seg.Turn, pw[side]))
	}
	r.cycle()
	if n := len(r.segments("eylau")); n != 1 {
		t.Fatalf("%d segments resolved, want 1 (%s, sides %v)", n, seg.Label, seg.Sides)
	}
	preview := r.mailsTo(umpAddr, "Preview: Results: eylau")
	if len(preview) != 1 {
		t.Fatalf("the umpire got %d previews, want 1", len(preview))
	}
	for _, a := range []string{french, allied} {
		if n := len(r.mailsTo(a, "Results: eylau")); n != 0 {
			t.Fatalf("%s got %d results mails during the hold", a, n)
		}
	}

	// An Allied unit the umpire's roster lists and the French one does not.
	st := state()
	seen := map[string]bool{}
	var frenchNames []string
	for _, g := range sys.View(st, "French").Roster {
		for _, u := range g.Units {
			seen[u.Name] = true
			frenchNames = append(frenchNames, u.Name)
		}
	}
	hidden := ""
	for _, g := range sys.View(st, "").Roster {
		for _, u := range g.Units {
			if g.Side == "Allied" && !seen[u.Name] && !strings.Contains(strings.Join(frenchNames, "\n"), u.Name) && hidden == "" {
				hidden = u.Name
			}
		}
	}
	if hidden == "" {
		t.Fatal("the French see every Allied unit: the game is not double-blind here and the test shows nothing")
	}
	if !strings.Contains(preview[0], hidden) {
		t.Errorf("the umpire's preview does not name %s, an Allied unit the French cannot see", hidden)
	}

	r.send(umpAddr, "release", "GAME eylau\nSIDE UMPIRE\nPASSWORD whistle\nRELEASE\n")
	r.cycle()
	res := r.textsTo(french, "Results: eylau")
	if len(res) != 1 {
		t.Fatalf("the French got %d results mails after RELEASE, want 1", len(res))
	}
	if strings.Contains(res[0], hidden) {
		t.Errorf("the French results mail names %s, which they cannot see", hidden)
	}
	if n := len(r.mailsTo(allied, "Results: eylau")); n != 1 {
		t.Errorf("the Allied player got %d results mails after RELEASE, want 1", n)
	}
	t.Logf("%s resolved and held; the umpire's preview names %s, hidden from the French", seg.Label, hidden)
}
