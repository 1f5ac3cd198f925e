package lob

import (
	"math/rand/v2"
	"slices"
	"testing"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/lob/lobtext"
)

// Every test of the package checks the hex index against the counters at
// each look-up (hex_index.go).
func init() { checkHexIndex = true }

// measured turns the check off for a benchmark, which measures the index
// itself, not the search that checks it.
func measured(b *testing.B) {
	checkHexIndex = false
	b.Cleanup(func() { checkHexIndex = true })
}

// TestSightBlockersAgree holds the blockers read from the hex index to
// those blockersFor marks from every counter, for every hex and side, in
// the shipped positions and the scaling benchmark's before and after its
// Activity Phase (units moved, fired on, some Routed).
func TestSightBlockersAgree(t *testing.T) {
	big := scaleState(t, 80)
	f, ps := lobtext.Parse(scaleOrders(80))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	in := rules.Input{State: big, Orders: map[rules.Side]*orders.File{big.side(): f}}
	var res rules.Result
	for {
		in.Dice = rules.NewSeededDice([]byte("scale"))
		var err error
		if res, err = New().Resolve(in); err != nil {
			t.Fatal(err)
		}
		if len(res.Pauses) == 0 {
			break
		}
		for _, p := range res.Pauses {
			in.Decisions = append(in.Decisions, rules.Decision{Key: p.Key, Side: p.Side, Choice: p.Default})
		}
	}
	blocking := 0
	for _, st := range append(shippedStates(t), big, res.Next.(*State)) {
		g := st.scn.Map.sight
		for _, sd := range st.scn.Sides {
			want, got := g.blockersFor(sd.Side, st.sightUnits()), st.sightBlockers(sd.Side)
			if got.at == nil {
				t.Fatalf("%s: blockers not read from the index", st.scn.Name)
			}
			for i := range g.ids {
				if got.friendAt(i) != want.friend[i] || got.enemyAt(i) != want.enemy[i] {
					t.Fatalf("%s: %s blockers at %s differ", st.scn.Name, sd.Side, g.ids[i])
				}
				if want.friend[i] {
					blocking++
				}
			}
		}
	}
	if blocking < 100 {
		t.Fatalf("only %d blocking hexes in all the positions: the test tests little", blocking)
	}
}

// TestHQNamesAgree holds the HQ names index to boltedIn and to the search
// orderedHQMoves made (the first Command with an HQ counter of a name
// given), for every counter alone and for random groups of counters, in
// the shipped positions, with and without accepted orders.
func TestHQNamesAgree(t *testing.T) {
	firstHQ := func(s *State, names []string) *Command {
		for _, c := range s.scn.commands() {
			if !c.NoHQ && slices.Contains(names, c.HQName()) {
				return c
			}
		}
		return nil
	}
	rng := rand.New(rand.NewPCG(25, 2))
	bolted, hqs := 0, 0
	for _, st := range append(shippedStates(t), scaleState(t, 80)) {
		for round := 0; round < 2; round++ {
			if round == 1 { // every Command without an accepted order
				st = st.clone()
				st.doc.Orders = nil
			}
			x := st.newHQNames()
			var all []string
			for _, p := range st.doc.Pieces {
				all = append(all, p.Name)
			}
			groups := [][]string{}
			for _, n := range all {
				groups = append(groups, []string{n})
			}
			for range 300 {
				g := []string{}
				for k := 1 + rng.IntN(4); k > 0; k-- {
					g = append(g, all[rng.IntN(len(all))])
				}
				groups = append(groups, g)
			}
			for _, g := range groups {
				gn, gc := x.boltedIn(st, g)
				wn, wc := st.boltedIn(g)
				if gn != wn || gc != wc {
					t.Fatalf("%s: boltedIn(%q): index gives %q, search %q", st.scn.Name, g, gn, wn)
				}
				if got, want := x.hqOf(g), firstHQ(st, g); got != want {
					t.Fatalf("%s: HQ named in %q differs", st.scn.Name, g)
				}
				if wn != "" {
					bolted++
				}
				if firstHQ(st, g) != nil {
					hqs++
				}
			}
		}
	}
	if bolted < 20 || hqs < 20 {
		t.Fatalf("only %d bolted and %d HQ groups: the test tests little", bolted, hqs)
	}
}
