package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"galloper/rules"
	"galloper/rules/dice"
)

// sideGame is two segments of a game as both sides saw them: CSA's and
// USA's openings mailed during play, and the records the mail that ends
// the game attaches. In each segment the first, third and sixth rolls are
// CSA's and the rest USA's.
type sideGame struct {
	recs      []dice.Record
	csa, usa  [][]dice.Opening
	csaSeen   [][]int
	playFiles map[string]string // side: file of its openings
}

func newSideGame(t *testing.T) sideGame {
	t.Helper()
	chain, err := dice.NewChain(make([]byte, dice.SecretSize), 16)
	if err != nil {
		t.Fatal(err)
	}
	g := sideGame{playFiles: map[string]string{}}
	csaRolls := map[int]bool{0: true, 2: true, 5: true}
	for k := 1; k <= 2; k++ {
		link, _ := chain.Link(k)
		prev, _ := chain.Link(k - 1)
		d, err := dice.NewSegment(dice.SegmentInput{GameID: "creek", Index: k, Engine: "test", Head: chain.Head(),
			Link: link, Prev: prev, State: dice.HashBytes([]byte(fmt.Sprint("state ", k))),
			Orders: [][]byte{dice.HashBytes([]byte("CSA")), dice.HashBytes([]byte("USA"))}, Salts: [][]byte{[]byte("s")}})
		if err != nil {
			t.Fatal(err)
		}
		var csa, usa []int
		for i := range 8 {
			d.Roll(6, "LoB 10.6", fmt.Sprint("Command Roll ", i%3))
			if csaRolls[i] {
				csa = append(csa, i)
			} else {
				usa = append(usa, i)
			}
		}
		rec := d.Record()
		c, err := dice.SideOpenings(rec, "CSA", csa)
		if err != nil {
			t.Fatal(err)
		}
		u, err := dice.SideOpenings(rec, "USA", usa)
		if err != nil {
			t.Fatal(err)
		}
		g.recs, g.csa, g.usa, g.csaSeen = append(g.recs, rec), append(g.csa, c), append(g.usa, u), append(g.csaSeen, csa)
	}
	return g
}

func writeOpenings(t *testing.T, path string, segs ...[]dice.Opening) string {
	t.Helper()
	var b strings.Builder
	for _, ops := range segs {
		for _, o := range ops {
			b.WriteString(dice.FormatOpening(o) + "\n")
		}
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func writeRecords(t *testing.T, path string, recs []dice.Record) string {
	t.Helper()
	var b strings.Builder
	for _, r := range recs {
		b.WriteString(dice.FormatRecord(r) + "\n")
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestDiceVerifySideOpenings: during play a side holds only openings of
// its own rolls; after the game ends both verifiers (galloper dice verify
// and scripts/verify_dice.py) recompute every record and check that each
// roll a side was shown is the record's, and both fail when a record or an
// opening was tampered with or when the host showed a side a value the
// seed does not give.
func TestDiceVerifySideOpenings(t *testing.T) {
	g := newSideGame(t)
	dir := t.TempDir()
	csa := writeOpenings(t, filepath.Join(dir, "csa-play.txt"), g.csa...)
	usa := writeOpenings(t, filepath.Join(dir, "usa-play.txt"), g.usa...)
	end := writeRecords(t, filepath.Join(dir, "over.txt"), g.recs)
	head := fmt.Sprintf("%x", g.recs[0].Head)

	// Wrong results, each as a set of files and the words the Go error
	// must carry.
	lied := g.recs[1]
	lied.Rolls = append([]rules.Roll(nil), lied.Rolls...)
	lied.Rolls[2].Result = lied.Rolls[2].Result%6 + 1
	liedOps, err := dice.SideOpenings(lied, "CSA", g.csaSeen[1])
	if err != nil {
		t.Fatal(err)
	}
	lie := writeOpenings(t, filepath.Join(dir, "csa-lied.txt"), g.csa[0], liedOps)
	rawCSA, _ := os.ReadFile(csa)
	first := g.csa[0][0].Proof.Roll
	altered := filepath.Join(dir, "csa-altered.txt")
	os.WriteFile(altered, []byte(strings.Replace(string(rawCSA), fmt.Sprintf("roll: 0 d6 = %d |", first.Result),
		fmt.Sprintf("roll: 0 d6 = %d |", first.Result%6+1), 1)), 0o600)
	rawEnd, _ := os.ReadFile(end)
	forged := filepath.Join(dir, "over-forged.txt")
	os.WriteFile(forged, []byte(strings.Replace(string(rawEnd), "roll: 2 d6 = "+fmt.Sprint(g.recs[1].Rolls[2].Result),
		"roll: 2 d6 = "+fmt.Sprint(g.recs[1].Rolls[2].Result%6+1), 1)), 0o600)

	if n, err := verifyDiceFiles([]string{csa, usa}, head); err != nil || n != 0 {
		t.Fatalf("openings during play: %d records, %v", n, err)
	}
	if n, err := verifyDiceFiles([]string{csa, usa, end}, head); err != nil || n != 2 {
		t.Fatalf("after the end: %d records, %v", n, err)
	}
	bad := []struct {
		name  string
		files []string
		want  string
	}{
		{"a value the seed does not give", []string{lie, end}, "not in the record"},
		{"an opening altered", []string{altered, end}, "proof does not lead to the root"},
		{"a record altered", []string{csa, forged}, "recomputed"},
	}
	for _, c := range bad {
		if _, err := verifyDiceFiles(c.files, head); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v; want an error with %q", c.name, err, c.want)
		}
	}

	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed; the Python verifier is not checked")
	}
	script := filepath.Join("..", "..", "scripts", "verify_dice.py")
	out, err := exec.Command(py, script, csa, usa, end, "--head", head).CombinedOutput()
	if err != nil || strings.Count(string(out), "are rolls of the record") != 4 {
		t.Fatalf("verify_dice.py after the end: %v\n%s", err, out)
	}
	for _, c := range bad {
		args := append([]string{script}, c.files...)
		if out, err := exec.Command(py, append(args, "--head", head)...).CombinedOutput(); err == nil || !strings.Contains(string(out), c.want) {
			t.Errorf("verify_dice.py passed %s:\n%s", c.name, out)
		}
	}
}

// sideOpeningsVerify runs scripts/verify_dice.py over a whole game's mails
// at once: it must check every record, and the openings mailed to each
// side during play against them, for every segment and both sides.
func sideOpeningsVerify(t *testing.T, mails []string, segments int) {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Log("python3 not installed; the Python verifier is not run over the game")
		return
	}
	out, err := exec.Command(py, append([]string{filepath.Join("..", "..", "scripts", "verify_dice.py")}, mails...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("verify_dice.py over the game's mails: %v\n%s", err, out)
	}
	if n := strings.Count(string(out), "rolls and root check"); n != segments {
		t.Errorf("verify_dice.py checked %d records, want %d:\n%s", n, segments, out)
	}
	if n := strings.Count(string(out), "are rolls of the record"); n < segments {
		t.Errorf("verify_dice.py checked side openings of %d segments, want at least %d:\n%s", n, segments, out)
	}
}
