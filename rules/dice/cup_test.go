package dice

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"galloper/rules"
)

// TestCupDrawVerifies draws a whole cup (dice of 14 sides down to a d1) on
// a verifiable segment, and checks that the record's text recomputes with
// both verifiers, and that the logged picks name the markers they read.
func TestCupDrawVerifies(t *testing.T) {
	c := testChain(t, 5)
	s := testSegment(t, c, 1)
	cup, err := rules.NewCup([]string{
		"CSA Combat", "USA Combat", "Anderson", "Early", "Heth", "Johnson", "Pender", "Rodes",
		"Doubleday", "Robinson", "Wadsworth", "Barlow", "Schimmelfennig", "Buford",
	})
	if err != nil {
		t.Fatal(err)
	}
	order, err := cup.DrawAll(s, "BH 4.3", "Turn Cup, Hour 1")
	if err != nil {
		t.Fatal(err)
	}
	rec := s.Record()
	if len(rec.Rolls) != 14 || rec.Rolls[0].Sides != 14 || rec.Rolls[13].Sides != 1 {
		t.Fatalf("record rolls %v", rec.Rolls)
	}
	// The pick's purpose lists the cup, so the roll alone names the marker.
	for i, r := range rec.Rolls {
		list := r.Purpose[strings.Index(r.Purpose, " = ")+3:]
		if got := strings.Split(list, ", ")[r.Result-1]; got != order[i] {
			t.Fatalf("pick %d: roll %d reads %q from %q, but %q was drawn", i+1, r.Result, got, list, order[i])
		}
	}
	text := FormatRecord(rec)
	parsed, err := ParseRecord(text)
	if err != nil {
		t.Fatal(err)
	}
	prev, _ := c.Link(0)
	if err := Verify(parsed, prev); err != nil {
		t.Fatalf("Verify: %v", err)
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed; the Python verifier is not checked")
	}
	file := filepath.Join(t.TempDir(), "cup.txt")
	if err := os.WriteFile(file, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join("..", "..", "scripts", "verify_dice.py")
	if out, err := exec.Command(py, script, file, "--head", hexOrDash(rec.Head)).CombinedOutput(); err != nil {
		t.Fatalf("verify_dice.py on a cup draw: %v\n%s", err, out)
	}
	// A tampered pick is caught by the Python verifier too.
	bad := strings.Replace(text, "roll: 0 d14 = ", "roll: 0 d13 = ", 1)
	if bad == text {
		t.Fatalf("no first d14 roll line in the record:\n%s", text)
	}
	if err := os.WriteFile(file, []byte(bad), 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(py, script, file, "--head", hexOrDash(rec.Head)).CombinedOutput(); err == nil {
		t.Fatalf("verify_dice.py accepted a pick rolled on the wrong die:\n%s", out)
	}
}
