package dice

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestMerkleProofs(t *testing.T) {
	c := testChain(t, 3)
	for _, n := range []int{1, 15, 64, 65, 200} {
		s := testSegment(t, c, 2)
		for i := 0; i < n; i++ {
			s.Roll(6, "LoB 9.2", "fire")
		}
		rec := s.Record()
		if w := TreeWidth(n); w < MinLeaves || w < n || w&(w-1) != 0 {
			t.Fatalf("TreeWidth(%d) = %d", n, w)
		}
		for _, j := range []int{0, n / 2, n - 1} {
			p, err := Proof(rec.Link, rec.Rolls, j)
			if err != nil {
				t.Fatal(err)
			}
			if err := VerifyProof(rec.Root, p); err != nil {
				t.Fatalf("%d rolls, roll #%d: %v", n, j, err)
			}
			bad := p
			bad.Roll.Result = p.Roll.Result%6 + 1
			if err := VerifyProof(rec.Root, bad); err == nil || !strings.Contains(err.Error(), "roll #") {
				t.Fatalf("%d rolls: a changed result passes: %v", n, err)
			}
			bad = p
			bad.Roll.Index = p.Roll.Index ^ 1
			if err := VerifyProof(rec.Root, bad); err == nil {
				t.Fatalf("%d rolls: a moved roll passes", n)
			}
			bad = p
			bad.Key = LeafKey(rec.Link, j+1)
			if err := VerifyProof(rec.Root, bad); err == nil {
				t.Fatalf("%d rolls: a wrong leaf key passes", n)
			}
			bad = p
			bad.Path = p.Path[1:]
			if err := VerifyProof(rec.Root, bad); err == nil {
				t.Fatalf("%d rolls: a short path passes", n)
			}
		}
		if _, err := Proof(rec.Link, rec.Rolls, n); err == nil {
			t.Fatalf("Proof of roll #%d among %d succeeded", n, n)
		}
	}
}

// TestMerkleRootHidesCount checks that the tree is padded: the root of one
// roll and of forty share a width, and padding leaves differ per segment.
func TestMerkleRootHidesCount(t *testing.T) {
	if TreeWidth(1) != TreeWidth(40) {
		t.Fatal("trees of 1 and 40 rolls differ in width")
	}
	c := testChain(t, 3)
	l1, _ := c.Link(1)
	l2, _ := c.Link(2)
	if bytes.Equal(MerkleRoot(l1, nil), MerkleRoot(l2, nil)) {
		t.Fatal("empty roll logs of two segments share a root")
	}
	if bytes.Equal(LeafKey(l1, 0), LeafKey(l1, 1)) || bytes.Equal(LeafKey(l1, 0), LeafKey(l2, 0)) {
		t.Fatal("leaf keys repeat")
	}
}

func TestOpenings(t *testing.T) {
	c := testChain(t, 3)
	rec := rolledSegment(t, c, 2).Record()
	os, err := Openings(rec, []int{0, 8, 9, 14})
	if err != nil {
		t.Fatal(err)
	}
	var mail strings.Builder
	mail.WriteString("CSA eyes only.\r\n\r\n")
	for _, o := range os {
		mail.WriteString(strings.ReplaceAll(FormatOpening(o), "\n", "\r\n"))
	}
	got, err := ParseOpenings("> " + strings.ReplaceAll(mail.String(), "\r\n", "\r\n> "))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, os) {
		t.Fatalf("openings changed in the round trip:\n got %+v\nwant %+v", got, os)
	}
	for _, o := range got {
		if err := o.Verify(); err != nil {
			t.Fatal(err)
		}
	}
	bad := got[1]
	bad.Proof.Roll.Purpose = "Fire: 1/2/II at Garnett"
	if err := bad.Verify(); err == nil || !strings.Contains(err.Error(), "segment 2: dice: roll #8") {
		t.Fatalf("relabelled opening: %v", err)
	}
	if _, err := Openings(rec, []int{15}); err == nil {
		t.Fatal("opening of a roll past the log")
	}
	if _, err := ParseOpenings(FormatRecord(rec)); !errors.Is(err, ErrNoOpening) {
		t.Fatalf("ParseOpenings of a record: %v", err)
	}
	text := FormatOpening(os[0])
	for name, spoil := range map[string]string{
		"twice":   strings.Replace(text, "width:", "key: 00\nwidth:", 1),
		"no roll": strings.Replace(text, "roll:", "rolls:", 1),
		"no end":  strings.Replace(text, OpeningEnd, "", 1),
	} {
		if _, err := ParseOpenings(spoil); err == nil {
			t.Errorf("%s: parsed", name)
		}
	}
}
