package mail_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"galloper/rules/dice"
	"galloper/rules/lob/lobtext"
)

// predictRolls computes, as a player holding a revealed record could,
// the first n rolls a segment keyed by that record's link would give for
// the given order hashes and salts.
func predictRolls(t *testing.T, rec dice.Record, hashes, salts [][]byte, n int) ([]byte, []int) {
	t.Helper()
	d, err := dice.NewSegment(dice.SegmentInput{GameID: rec.GameID, Index: rec.Segment, Engine: rec.Engine,
		Head: rec.Head, Link: rec.Link, Prev: rec.Prev, State: rec.State, Orders: hashes, Salts: salts})
	if err != nil {
		t.Fatal(err)
	}
	var out []int
	for _, r := range rec.Rolls[:n] {
		out = append(out, d.Roll(r.Sides, r.Rule, r.Purpose))
	}
	return d.Seed(), out
}

// TestRollbackRerunDiceUnpredictable replays the ROLLBACK attack of issue
// 25: a player who has read a segment's record (its chain link revealed)
// searches SALT values offline until the first rolls come up as he wants,
// the segment is rolled back, he sends his orders again with that SALT,
// and the umpire resumes. The re-run must draw on a link nobody had seen,
// so the prediction fails, while both records still verify as one chain.
func TestRollbackRerunDiceUnpredictable(t *testing.T) {
	r := newRig(t)
	r.cycle()
	r.send(csaAddr, "t1", csaTurn1)
	r.cycle()
	segs := r.segments("creek")
	if len(segs) != 1 {
		t.Fatalf("%d segments resolved, want 1", len(segs))
	}
	old, err := dice.ParseRecord(segs[0].DiceRecord)
	if err != nil {
		t.Fatal(err)
	}
	if len(old.Rolls) < 2 {
		t.Fatalf("the segment rolled %d dice; the attack needs two", len(old.Rolls))
	}

	// The attacker's model is exact: with the record's own inputs it gives
	// the record's seed and rolls.
	seed, _ := predictRolls(t, old, old.Orders, old.Salts, 2)
	if !bytes.Equal(seed, old.Seed) {
		t.Fatal("the attacker's model does not reproduce the revealed record's seed")
	}

	// His orders are the same; only the SALT changes. The other side's
	// order hash and salt are in the record.
	f, probs := lobtext.Parse(csaTurn1)
	if len(probs) > 0 {
		t.Fatal(probs[0].Message)
	}
	h := lobtext.Hash(f)
	var others [][]byte
	for _, o := range old.Orders {
		if !bytes.Equal(o, h[:]) {
			others = append(others, o)
		}
	}
	if len(others) != len(old.Orders)-1 {
		t.Fatalf("the CSA order hash is not among the record's %d order hashes", len(old.Orders))
	}
	hashes := append([][]byte{h[:]}, others...)
	want := []int{old.Rolls[0].Sides, old.Rolls[1].Sides}
	var salt string
	var predicted []byte
	for i := 0; i < 100000 && salt == ""; i++ {
		s := fmt.Sprintf("steer-%d", i)
		seed, got := predictRolls(t, old, hashes, [][]byte{[]byte(s)}, 2)
		if got[0] == want[0] && got[1] == want[1] && (old.Rolls[0].Result != want[0] || old.Rolls[1].Result != want[1]) {
			salt, predicted = s, seed
		}
	}
	if salt == "" {
		t.Fatal("no SALT found that gives the highest first two rolls")
	}

	r.send(umpAddr, "rollback", umpire+"ROLLBACK\n")
	r.cycle()
	r.send(csaAddr, "t1 again", strings.Replace(csaTurn1, "PASSWORD tulip\n", "PASSWORD tulip\nSALT "+salt+"\n", 1))
	r.cycle()
	r.send(umpAddr, "resume", umpire+"RESUME\n")
	r.cycle()

	segs = r.segments("creek")
	if len(segs) != 1 {
		t.Fatalf("%d segments after ROLLBACK and RESUME, want 1", len(segs))
	}
	again, err := dice.ParseRecord(segs[0].DiceRecord)
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Salts) != 1 || string(again.Salts[0]) != salt {
		t.Fatalf("the re-run's salts are %q, want the attacker's %q", again.Salts, salt)
	}
	// The prediction used exactly the inputs the re-run saw, but the
	// revealed link: it was right about everything the attacker controls.
	if seed, _ := predictRolls(t, dice.Record{GameID: old.GameID, Segment: old.Segment, Engine: again.Engine,
		Head: old.Head, Link: old.Link, Prev: old.Prev, State: again.State, Rolls: old.Rolls}, again.Orders, again.Salts, 2); !bytes.Equal(seed, predicted) {
		t.Fatal("the re-run's inputs are not the ones the attacker predicted from")
	}
	if bytes.Equal(again.Seed, predicted) || bytes.Equal(again.Link, old.Link) {
		t.Fatalf("the re-run used the revealed link %x: its seed was predicted", old.Link)
	}
	if again.Segment != old.Segment+1 || !bytes.Equal(again.Prev, old.Link) {
		t.Fatalf("the re-run uses link %d after %x, want link %d after the undone record's link %x",
			again.Segment, again.Prev, old.Segment+1, old.Link)
	}
	if err := dice.VerifyRecords(old.Head, []dice.Record{old, again}); err != nil {
		t.Fatalf("the undone record and the re-run do not verify as one chain: %v", err)
	}
	// The journal names both links.
	var rollbacks int
	for _, e := range r.journal("creek") {
		if e.Kind == "rollback" {
			rollbacks++
			if want := fmt.Sprintf(`"dice_link":%d`, old.Segment); !strings.Contains(e.Body, want) ||
				!strings.Contains(e.Body, fmt.Sprintf(`"rerun_dice_link":%d`, again.Segment)) {
				t.Fatalf("rollback journal entry %s: want the undone and the re-run links %d and %d", e.Body, old.Segment, again.Segment)
			}
		}
	}
	if rollbacks != 1 {
		t.Fatalf("%d rollback journal entries, want 1", rollbacks)
	}
	// Resolving it again in a replay gives the same record.
	if _, err := r.d.Adj.Replay(t.Context(), "creek"); err != nil {
		t.Fatalf("replay after a re-run: %v", err)
	}
}
