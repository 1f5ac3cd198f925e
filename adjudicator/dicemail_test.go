package adjudicator

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"galloper/rules"
	"galloper/rules/dice"
)

// TestSideDiceHideTheRest is the no-leak property of the dice part of a
// player's results mail (and VERIFY reply) during play: two segments that
// differ in everything CSA may not see (the state, both sides' orders and
// salts, the seed, and the number, place and content of the rolls made for
// USA's secret orders) but agree on the rolls CSA sees give CSA
// byte-identical dice text and summary line. The umpire's is the whole
// record.
func TestSideDiceHideTheRest(t *testing.T) {
	chain, err := dice.NewChain(bytes.Repeat([]byte{3}, dice.SecretSize), 16)
	if err != nil {
		t.Fatal(err)
	}
	rapid.Check(t, func(rt *rapid.T) {
		k := rapid.IntRange(1, 15).Draw(rt, "segment")
		seen := rapid.SliceOfN(rapid.IntRange(1, 6), 0, 40).Draw(rt, "CSA's rolls")
		recA, evA := segmentWorld(rt, chain, k, seen, "a")
		recB, evB := segmentWorld(rt, chain, k, seen, "b")
		a, err := diceFor(recA, evA, "CSA")
		if err != nil {
			rt.Fatal(err)
		}
		b, err := diceFor(recB, evB, "CSA")
		if err != nil {
			rt.Fatal(err)
		}
		if a.Text != b.Text || a.Full || b.Full {
			rt.Fatalf("CSA's dice depend on what it may not see (full %v, %v):\n%s\n----\n%s", a.Full, b.Full, a.Text, b.Text)
		}
		if la, lb := diceLine(recA, a.Ops, false), diceLine(recB, b.Ops, false); la != lb {
			rt.Fatalf("CSA's dice line depends on what it may not see:\n%s\n%s", la, lb)
		}
		for _, secret := range [][]byte{recA.Link, recA.State, recA.Seed, recA.Orders[0], recA.Root} {
			if strings.Contains(a.Text, fmt.Sprintf("%x", secret)) {
				rt.Fatalf("CSA's dice carry %x:\n%s", secret, a.Text)
			}
		}
		u, err := diceFor(recA, evA, "")
		if err != nil || !u.Full || u.Text != dice.FormatRecord(recA) {
			rt.Fatalf("the umpire's dice are not the whole record: %v", err)
		}
	})
}

// segmentWorld is segment k with CSA's rolls (results seen) among a drawn
// number of rolls only USA may see, and drawn state, orders and salts.
func segmentWorld(rt *rapid.T, chain *dice.Chain, k int, seen []int, tag string) (dice.Record, []rules.Event) {
	link, _ := chain.Link(k)
	prev, _ := chain.Link(k - 1)
	rec := dice.Record{Version: dice.Version, GameID: "creek", Segment: k, Engine: Engine, Head: chain.Head(), Prev: prev, Link: link,
		State: dice.HashBytes([]byte(rapid.String().Draw(rt, "state "+tag))),
		Orders: [][]byte{dice.HashBytes([]byte(rapid.String().Draw(rt, "CSA orders "+tag))),
			dice.HashBytes([]byte(rapid.String().Draw(rt, "USA orders "+tag)))},
		Salts: [][]byte{[]byte(rapid.StringN(0, 16, 64).Draw(rt, "USA salt "+tag))},
		Seed:  dice.HashBytes([]byte(tag))}
	var events []rules.Event
	add := func(r rules.Roll, visible []rules.Side) {
		r.Index = len(rec.Rolls)
		rec.Rolls = append(rec.Rolls, r)
		events = append(events, rules.Event{Kind: "roll", Rule: r.Rule, Text: r.Purpose, Visible: visible, Roll: &r})
	}
	for i := 0; i <= len(seen); i++ {
		for range rapid.IntRange(0, 4).Draw(rt, fmt.Sprintf("USA's rolls %s before %d", tag, i)) {
			add(rules.Roll{Sides: 6, Result: rapid.IntRange(1, 6).Draw(rt, "USA roll "+tag), Rule: "LoB 10.6",
				Purpose: rapid.SampledFrom([]string{"Command Roll: Cole issues", "Command Roll: Drury issues"}).Draw(rt, "purpose "+tag)},
				[]rules.Side{"USA"})
		}
		if i < len(seen) {
			add(rules.Roll{Sides: 6, Result: seen[i], Rule: "LoB 9.2", Purpose: "Combat Table: fire at A12.8"}, nil)
		}
	}
	rec.Root = dice.MerkleRoot(rec.Link, rec.Rolls)
	return rec, events
}

// TestVisibleRollsUntold: a roll no event tells of (a system that rolls
// without rules.Log.Roll marks none hidden) is opened to every side; a
// roll whose event names its audience only to that audience.
func TestVisibleRollsUntold(t *testing.T) {
	rec := dice.Record{Rolls: []rules.Roll{{Index: 0}, {Index: 1}, {Index: 2}, {Index: 3}}}
	r1, r3 := rec.Rolls[1], rec.Rolls[3]
	events := []rules.Event{{Kind: "roll", Visible: []rules.Side{"USA"}, Roll: &r1}, {Kind: "roll", Roll: &r3}}
	for side, want := range map[rules.Side]string{"CSA": "[0 2 3]", "USA": "[0 1 2 3]"} {
		if got := fmt.Sprint(visibleRolls(rec, events, side)); got != want {
			t.Errorf("%s may see rolls %s, want %s", side, got, want)
		}
	}
}
