package mail_test

import (
	"context"
	"strings"
	"testing"

	"galloper/adjudicator"
	"galloper/rules/lob"
)

// TestOptionalRules: a game created with optional rules names them in its
// dice commitment and every situation, keeps them across a restart, and
// its orders may use them; a game without them refuses their orders, and
// an unknown rule or a system without optional rules is refused at
// creation.
func TestOptionalRules(t *testing.T) {
	r := newRig(t)
	mails := func(addr, prefix string) []string {
		m := r.mailsTo(addr, prefix)
		for i := range m {
			m[i] = strings.ReplaceAll(m[i], "\r\n", "\n")
		}
		return m
	}
	ctx := context.Background()
	players := []adjudicator.PlayerSpec{{Side: "CSA", Email: csaAddr, Password: "tulip"}, {Side: "USA", Email: usaAddr, Password: "oak"}}
	if err := r.d.Adj.CreateGame(ctx, adjudicator.GameSpec{ID: "opt", System: "lob.v2", Scenario: "tanners-creek",
		Players: players, Optional: []string{"12.4", "12.2"}}); err != nil {
		t.Fatal(err)
	}
	err := r.d.Adj.CreateGame(ctx, adjudicator.GameSpec{ID: "nine", System: "lob.v2", Scenario: "tanners-creek",
		Players: players, Optional: []string{"12.9"}})
	if err == nil || !strings.Contains(err.Error(), `"12.9" is not an optional rule`) || !strings.Contains(err.Error(), "12.5 Sound of the Guns") {
		t.Fatalf("unknown optional rule: %v", err)
	}
	r.d.Adj.UseSystem(broken{lob.New()})
	err = r.d.Adj.CreateGame(ctx, adjudicator.GameSpec{ID: "plain", System: "test.broken", Scenario: "tanners-creek",
		Players: players, Optional: []string{"12.2"}})
	if err == nil || !strings.Contains(err.Error(), "has no optional rules") {
		t.Fatalf("optional rules for a system without them: %v", err)
	}
	r.cycle()

	const named = "12.2 Defensive Positions, 12.4 Axis of Advance"
	if m := mails(csaAddr, "Game opt begins"); len(m) != 1 || !strings.Contains(m[0], "optional rules:  "+named+"\n") ||
		!strings.Contains(m[0], "Optional rules in play: "+named+".") {
		t.Fatalf("game-start mail of a game with optional rules: %q", m)
	}
	if m := mails(csaAddr, "Game opt begins"); strings.Contains(m[0], emptyHash) {
		t.Fatalf("the dice commitment hashes no scenario or chart pack: %q", m)
	}
	if m := mails(csaAddr, "Game creek begins"); len(m) != 1 || strings.Contains(strings.ToLower(m[0]), "optional rules") {
		t.Fatalf("game-start mail of a game without optional rules: %q", m)
	}

	r.restart()
	defend := "ORDER MOVE from Harrow to Barton\n  OBJECTIVE Tanner's Mill\n  ROUTE A5.6, Mill Road, Tanner's Mill\n" +
		"  DEFEND facing NE from A5.6 to A5.8\nEND\n"
	r.send(csaAddr, "opt orders", "GAME opt\nSIDE CSA\nTURN 1\nPASSWORD tulip\n\n"+defend)
	r.send(csaAddr, "creek orders", "GAME creek\nSIDE CSA\nTURN 1\nPASSWORD tulip\n\n"+defend)
	r.cycle()
	if m := mails(csaAddr, "Results: opt"); len(m) != 1 || !strings.Contains(m[0], "Optional rules in play: "+named+".") {
		t.Fatalf("results of game opt after a restart: %q", m)
	}
	if m := mails(csaAddr, "Re: creek orders"); len(m) != 1 || !strings.Contains(m[0], "lob-12.2-not-in-play") {
		t.Fatalf("DEFEND in a game without 12.2: %q", m)
	}
}

// emptyHash is the SHA-256 of nothing.
const emptyHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
