package dice

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"galloper/rules"
)

// TestSideOpeningsHideTheRest is the no-leak property of a side's dice
// during play (docs/dice.md, section 2.5): two records of the same segment
// that differ in everything the side may not see (the state hash, the
// orders, the salts, the seed, the number, place and content of the rolls
// made for the other side) but agree on the rolls the side sees give that
// side byte-identical openings.
func TestSideOpeningsHideTheRest(t *testing.T) {
	c := testChain(t, 8)
	rapid.Check(t, func(rt *rapid.T) {
		k := rapid.IntRange(1, 7).Draw(rt, "segment")
		seen := rapid.SliceOfN(rollGen(), 0, 70).Draw(rt, "seen")
		a := hiddenWorld(rt, c, k, seen, "a")
		b := hiddenWorld(rt, c, k, seen, "b")
		ta, tb := sideText(rt, a), sideText(rt, b)
		if ta != tb {
			rt.Fatalf("the side's openings depend on what it may not see:\n%s\n----\n%s", ta, tb)
		}
		if strings.Contains(ta, fmt.Sprintf("%x", a.rec.State)) || strings.Contains(ta, fmt.Sprintf("%x", a.rec.Link)) {
			rt.Fatalf("the openings carry the state hash or the chain link:\n%s", ta)
		}
	})
}

// world is a record and the indices of the rolls the side sees in it.
type world struct {
	rec     Record
	visible []int
}

// rollGen draws a roll entry; its index is set where it is placed.
func rollGen() *rapid.Generator[rules.Roll] {
	return rapid.Custom(func(rt *rapid.T) rules.Roll {
		sides := rapid.SampledFrom([]int{1, 2, 3, 6, 10}).Draw(rt, "sides")
		return rules.Roll{Sides: sides, Result: rapid.IntRange(1, sides).Draw(rt, "result"),
			Rule: rapid.SampledFrom([]string{"LoB 10.6", "LoB 9.2", "LoB 11.3"}).Draw(rt, "rule"),
			Purpose: rapid.SampledFrom([]string{"Command Roll: Harrow issues", "Combat Table: fire at A12.8",
				"Rally", "Command Roll: Barton%s issues"}).Draw(rt, "purpose")}
	})
}

// hiddenWorld places the seen rolls among a drawn number of hidden ones and
// draws the hidden seed inputs.
func hiddenWorld(rt *rapid.T, c *Chain, k int, seen []rules.Roll, tag string) world {
	link, _ := c.Link(k)
	prev, _ := c.Link(k - 1)
	rec := Record{Version: Version, GameID: "lob-gettysburg-7", Segment: k, Engine: "galloper (test)",
		Head: c.Head(), Prev: prev, Link: link,
		State:  HashBytes([]byte(rapid.String().Draw(rt, "state "+tag))),
		Orders: [][]byte{HashBytes([]byte(rapid.String().Draw(rt, "orders "+tag)))},
		Salts:  [][]byte{[]byte(rapid.StringN(0, 20, 64).Draw(rt, "salt "+tag))},
		Seed:   HashBytes([]byte(rapid.String().Draw(rt, "seed "+tag)))}
	var w world
	for i := 0; i <= len(seen); i++ {
		for range rapid.IntRange(0, 5).Draw(rt, fmt.Sprintf("hidden %s before %d", tag, i)) {
			r := rollGen().Draw(rt, "hidden roll "+tag)
			r.Index = len(rec.Rolls)
			rec.Rolls = append(rec.Rolls, r)
		}
		if i < len(seen) {
			r := seen[i]
			r.Index = len(rec.Rolls)
			w.visible = append(w.visible, r.Index)
			rec.Rolls = append(rec.Rolls, r)
		}
	}
	rec.Root = MerkleRoot(rec.Link, rec.Rolls)
	w.rec = rec
	return w
}

// sideText is the side's openings, formatted as they are mailed.
func sideText(rt *rapid.T, w world) string {
	ops, err := SideOpenings(w.rec, "CSA", w.visible)
	if err != nil {
		rt.Fatal(err)
	}
	var b strings.Builder
	for _, o := range ops {
		b.WriteString(FormatOpening(o))
	}
	return b.String()
}

// TestCheckSideOpenings checks a side's openings against the record opened
// at game end: they pass as mailed, and fail when a value shown during play
// is not the record's, when a leaf key was not derived from the record's
// link, or when the opening was altered.
func TestCheckSideOpenings(t *testing.T) {
	c := testChain(t, 4)
	s := testSegment(t, c, 2)
	for i := range 12 {
		s.Roll(6, "LoB 10.6", fmt.Sprintf("Command Roll %d", i))
	}
	rec := s.Record()
	visible := []int{1, 4, 5, 9}
	ops, err := SideOpenings(rec, "USA", visible)
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := ParseOpenings(joinOpenings(ops))
	if err != nil {
		t.Fatal(err)
	}
	for j, o := range parsed {
		if o.Side != "USA" || o.Proof.Roll.Index != j || o.Proof.Width != MinLeaves {
			t.Fatalf("opening %d: side %q, place %d, width %d", j, o.Side, o.Proof.Roll.Index, o.Proof.Width)
		}
	}
	if err := CheckSideOpenings(rec, append(parsed, parsed[2])); err != nil {
		t.Fatalf("the openings as mailed (one twice): %v", err)
	}

	// A value shown during play that the seed does not give: the host
	// committed the side to another result.
	lied := rec
	lied.Rolls = append([]rules.Roll(nil), rec.Rolls...)
	lied.Rolls[5].Result = lied.Rolls[5].Result%6 + 1
	forged, _ := SideOpenings(lied, "USA", visible)
	if err := CheckSideOpenings(rec, forged); err == nil || !strings.Contains(err.Error(), "not in the record") {
		t.Fatalf("a result the record does not hold passed: %v", err)
	}
	// Leaf keys not derived from the record's link.
	other := rec
	other.Link = HashBytes([]byte("another link"))
	forged, _ = SideOpenings(other, "USA", visible)
	if err := CheckSideOpenings(rec, forged); err == nil || !strings.Contains(err.Error(), "leaf key") {
		t.Fatalf("openings keyed by another link passed: %v", err)
	}
	// Another side's openings.
	forged, _ = SideOpenings(rec, "CSA", visible)
	forged[0].Side = "USA"
	if err := CheckSideOpenings(rec, forged); err == nil {
		t.Fatal("CSA's openings passed as USA's")
	}
	// An opening altered after it was mailed.
	bad := append([]Opening(nil), parsed...)
	bad[1].Proof.Roll.Result = bad[1].Proof.Roll.Result%6 + 1
	if err := CheckSideOpenings(rec, bad); err == nil || !strings.Contains(err.Error(), "proof does not lead to the root") {
		t.Fatalf("an altered opening passed: %v", err)
	}
	// Rolls opened out of their order in the record.
	fixed, _ := SideOpenings(Record{GameID: rec.GameID, Segment: rec.Segment, Link: rec.Link,
		Rolls: []rules.Roll{rec.Rolls[4], rec.Rolls[1]}}, "USA", []int{0, 1})
	if err := CheckSideOpenings(rec, fixed); err == nil || !strings.Contains(err.Error(), "not in the record") {
		t.Fatalf("rolls opened out of order passed: %v", err)
	}
	if _, err := SideOpenings(rec, "USA", []int{4, 1}); err == nil {
		t.Fatal("SideOpenings took indices out of order")
	}
}

func joinOpenings(ops []Opening) string {
	var b strings.Builder
	for _, o := range ops {
		b.WriteString(FormatOpening(o) + "\n")
	}
	return b.String()
}
