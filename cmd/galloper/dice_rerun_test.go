package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"galloper/rules/dice"
)

// chainRecords returns the records of segments keyed by links 1..n of the
// chain whose secret starts with byte b, each with one roll.
func chainRecords(t *testing.T, n int, b byte) []dice.Record {
	t.Helper()
	secret := make([]byte, dice.SecretSize)
	secret[0] = b
	chain, err := dice.NewChain(secret, 16)
	if err != nil {
		t.Fatal(err)
	}
	var out []dice.Record
	for k := 1; k <= n; k++ {
		link, _ := chain.Link(k)
		prev, _ := chain.Link(k - 1)
		d, err := dice.NewSegment(dice.SegmentInput{GameID: "creek", Index: k, Engine: "test", Head: chain.Head(),
			Link: link, Prev: prev, State: dice.HashBytes([]byte("state")), Salts: [][]byte{[]byte("s")}})
		if err != nil {
			t.Fatal(err)
		}
		d.Roll(6, "LoB 10.6", "Command Roll")
		out = append(out, d.Record())
	}
	return out
}

// TestDiceVerifyBridgesRerunLinks: after a ROLLBACK the re-run takes a
// fresh link, so a player holding only the records that stand sees a gap
// in the chain. Both verifiers bridge it by hashing, and refuse a record
// whose previous link does not lead back to the last link seen.
func TestDiceVerifyBridgesRerunLinks(t *testing.T) {
	recs := chainRecords(t, 3, 0)
	dir := t.TempDir()
	good := filepath.Join(dir, "good.txt")
	if err := os.WriteFile(good, []byte(dice.FormatRecord(recs[0])+"\n"+dice.FormatRecord(recs[2])+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	other := chainRecords(t, 3, 1)
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte(dice.FormatRecord(recs[0])+"\n"+dice.FormatRecord(other[2])+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	head := fmt.Sprintf("%x", recs[0].Head)
	if n, err := verifyDiceFiles([]string{good}, head); err != nil || n != 2 {
		t.Fatalf("records 1 and 3 of one chain: %d records, %v", n, err)
	}
	if _, err := verifyDiceFiles([]string{bad}, ""); err == nil || !strings.Contains(err.Error(), "does not hash in 1 steps") {
		t.Fatalf("a record of another chain after a gap: %v", err)
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed; the Python verifier is not checked")
	}
	script := filepath.Join("..", "..", "scripts", "verify_dice.py")
	if out, err := exec.Command(py, script, good, "--head", head).CombinedOutput(); err != nil || !strings.Contains(string(out), "bridged") {
		t.Fatalf("verify_dice.py on records 1 and 3: %v\n%s", err, out)
	}
	if out, err := exec.Command(py, script, bad).CombinedOutput(); err == nil {
		t.Fatalf("verify_dice.py accepted a record of another chain after a gap:\n%s", out)
	}
}
