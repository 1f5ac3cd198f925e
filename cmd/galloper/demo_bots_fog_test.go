package main

import (
	"bytes"
	"context"
	"testing"
)

// TestDemoBotsFogBattleHymn: the bots play Battle Hymn's Herr Ridge, a
// scenario with fog of war (docs/rulings-battlehymn.md, ruling E-11),
// from what their views show; every order file they send is accepted.
func TestDemoBotsFogBattleHymn(t *testing.T) {
	var out bytes.Buffer
	res, err := runDemoBots(context.Background(), &out, t.TempDir(), demoBots{System: "battlehymn.v1", Scenario: "herr-ridge", Seed: demoSeed})
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if !res.Over || res.Refused != 0 || res.Accepted == 0 || res.Orders == 0 {
		t.Fatalf("over %v, %d order files accepted holding %d orders, %d refused\n%s", res.Over, res.Accepted, res.Orders, res.Refused, out.String())
	}
	t.Logf("%d mails, %d files accepted holding %d orders, %d decisions", res.Mails, res.Accepted, res.Orders, res.Decided)
}
