package dice

import (
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"galloper/rules"
)

var update = flag.Bool("update", false, "rewrite testdata/vectors.json")

const (
	vectorsFile = "testdata/vectors.json"
	mailFile    = "testdata/results-mail.txt"
)

// Test vectors for other implementations; docs/dice.md describes each part
// and scripts/verify_dice.py checks them all.
type vectors struct {
	Spec      string         `json:"spec"`
	Chain     chainVector    `json:"chain"`
	Seeds     []seedVector   `json:"seeds"`
	Rolls     []rollsVector  `json:"rolls"`
	Rejection rejectVector   `json:"rejection"`
	Shuffle   shuffleVector  `json:"shuffle"`
	Merkle    merkleVector   `json:"merkle"`
	Side      sideVector     `json:"side"`
	Record    recordVector   `json:"record"`
	Escapes   []escapeVector `json:"escapes"`
}

type chainVector struct {
	Secret string   `json:"secret"`
	N      int      `json:"n"`
	Links  []string `json:"links"` // Link(0) = head, ..., Link(N) = secret
}

type seedVector struct {
	Link    string   `json:"link"`
	Game    string   `json:"game"`
	Segment int      `json:"segment"`
	Engine  string   `json:"engine"`
	State   string   `json:"state"`
	Orders  []string `json:"orders"`
	Salts   []string `json:"salts"`
	Message string   `json:"message"`
	Seed    string   `json:"seed"`
}

type rollsVector struct {
	Seed    string `json:"seed"`
	Sides   int    `json:"sides"`
	Results []int  `json:"results"` // rolls 0, 1, ... all of this die
}

type rejectVector struct {
	Seed   string   `json:"seed"`
	Index  int      `json:"index"`
	Sides  int      `json:"sides"`
	Words  []string `json:"words"` // first 8 bytes of the HMAC at ctr 0, 1, ...
	Result int      `json:"result"`
}

type shuffleVector struct {
	Seed string `json:"seed"`
	N    int    `json:"n"`
	Perm []int  `json:"perm"`
}

type jsonRoll struct {
	Index   int    `json:"index"`
	Sides   int    `json:"sides"`
	Result  int    `json:"result"`
	Rule    string `json:"rule"`
	Purpose string `json:"purpose"`
}

type merkleVector struct {
	Link   string     `json:"link"`
	Rolls  []jsonRoll `json:"rolls"`
	Width  int        `json:"width"`
	Root   string     `json:"root"`
	Proofs []proofVec `json:"proofs"`
	// Openings holds the same proofs as opening blocks.
	Openings string `json:"openings"`
}

// sideVector is one side's openings of the merkle vector's segment: the
// rolls it sees (Seen, indices into merkle.rolls), renumbered in Rolls,
// under the tree keyed by Key = SideKey(link, side).
type sideVector struct {
	Link     string     `json:"link"`
	Side     string     `json:"side"`
	Seen     []int      `json:"seen"`
	Key      string     `json:"key"`
	Rolls    []jsonRoll `json:"rolls"`
	Width    int        `json:"width"`
	Root     string     `json:"root"`
	Openings string     `json:"openings"`
}

type proofVec struct {
	Index int      `json:"index"`
	Key   string   `json:"key"`
	Path  []string `json:"path"`
}

type recordVector struct {
	Prev string `json:"prev"`
	Text string `json:"text"`
}

type escapeVector struct {
	Raw     string `json:"raw"`
	Escaped string `json:"escaped"`
}

func hx(b []byte) string { return hex.EncodeToString(b) }

func hexes(bs [][]byte) []string {
	out := make([]string, len(bs))
	for i, b := range bs {
		out[i] = hx(b)
	}
	return out
}

func buildVectors(t *testing.T) vectors {
	v := vectors{Spec: specName + "1"}
	c := testChain(t, 8)
	v.Chain = chainVector{Secret: hx(testSecret()), N: 8}
	for k := 0; k <= 8; k++ {
		l, _ := c.Link(k)
		v.Chain.Links = append(v.Chain.Links, hx(l))
	}
	for _, k := range []int{1, 2} {
		in := testInput(t, c, k)
		if k == 2 {
			in.GameID, in.Engine, in.Salts = "wv-eylau-1807 «fog»", "", nil
		}
		s, err := NewSegment(in)
		if err != nil {
			t.Fatal(err)
		}
		v.Seeds = append(v.Seeds, seedVector{
			Link: hx(in.Link), Game: in.GameID, Segment: k, Engine: in.Engine, State: hx(in.State),
			Orders: hexes(in.Orders), Salts: hexes(in.Salts),
			Message: hx(SeedMessage(in.GameID, k, in.Engine, in.State, in.Orders, in.Salts)), Seed: hx(s.Seed()),
		})
	}
	seedHex := v.Seeds[0].Seed
	seed, _ := hex.DecodeString(seedHex)
	for _, n := range []int{6, 10, 3, 7} {
		s := &Segment{seed: seed, r: newRoller(seed)}
		rv := rollsVector{Seed: seedHex, Sides: n}
		for i := 0; i < 20; i++ {
			rv.Results = append(rv.Results, s.Roll(n, "", ""))
		}
		v.Rolls = append(v.Rolls, rv)
	}
	v.Rejection = rejectionVector(t, seed)
	s := &Segment{seed: seed, r: newRoller(seed)}
	v.Shuffle = shuffleVector{Seed: seedHex, N: 10, Perm: Shuffle(s, 10, "", "")}
	v.Merkle = merkleVectorFor(t, c)
	v.Side = sideVectorFor(t, c)
	v.Record = recordVectorFor(t, c)
	for _, p := range oddPurposes[:7] {
		v.Escapes = append(v.Escapes, escapeVector{Raw: p, Escaped: escape(p)})
	}
	return v
}

// rejectionVector finds the first roll of a die of 2^62+1 sides whose
// counter-0 word is rejected.
func rejectionVector(t *testing.T, seed []byte) rejectVector {
	const n = 1<<62 + 1
	big := uint64(n)
	limit := -(-big % big)
	r := newRoller(seed)
	for i := 0; i < 100; i++ {
		if r.word(uint64(i), n, 0) < limit {
			continue
		}
		rv := rejectVector{Seed: hx(seed), Index: i, Sides: n, Result: int(r.draw(uint64(i), n))}
		for ctr := uint64(0); ; ctr++ {
			w := r.word(uint64(i), n, ctr)
			rv.Words = append(rv.Words, hex.EncodeToString([]byte{byte(w >> 56), byte(w >> 48), byte(w >> 40), byte(w >> 32), byte(w >> 24), byte(w >> 16), byte(w >> 8), byte(w)}))
			if w < limit {
				return rv
			}
		}
	}
	t.Fatal("no rejected roll found")
	return rejectVector{}
}

func merkleVectorFor(t *testing.T, c *Chain) merkleVector {
	s := testSegment(t, c, 3)
	s.Roll(6, "LoB 10.6", "Command Roll: Lee issues")
	s.Roll(6, "LoB 10.6", "Command Roll: Longstreet accepts")
	s.Roll(10, "GBACW 6.2", "Efficiency: Hood's division")
	rec := s.Record()
	mv := merkleVector{Link: hx(rec.Link), Width: TreeWidth(len(rec.Rolls)), Root: hx(rec.Root)}
	for _, r := range rec.Rolls {
		mv.Rolls = append(mv.Rolls, jsonRoll{r.Index, r.Sides, r.Result, r.Rule, r.Purpose})
	}
	os, err := Openings(rec, []int{0, 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range os {
		p := o.Proof
		mv.Proofs = append(mv.Proofs, proofVec{Index: p.Roll.Index, Key: hx(p.Key), Path: hexes(p.Path)})
		mv.Openings += FormatOpening(o)
	}
	return mv
}

func sideVectorFor(t *testing.T, c *Chain) sideVector {
	s := testSegment(t, c, 3)
	s.Roll(6, "LoB 10.6", "Command Roll: Lee issues")
	s.Roll(6, "LoB 10.6", "Command Roll: Longstreet accepts")
	s.Roll(10, "GBACW 6.2", "Efficiency: Hood's division")
	rec := s.Record()
	sv := sideVector{Link: hx(rec.Link), Side: "CSA", Seen: []int{0, 2}, Key: hx(SideKey(rec.Link, "CSA"))}
	rolls, err := SideRolls(rec, sv.Seen)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rolls {
		sv.Rolls = append(sv.Rolls, jsonRoll{r.Index, r.Sides, r.Result, r.Rule, r.Purpose})
	}
	ops, err := SideOpenings(rec, sv.Side, sv.Seen)
	if err != nil {
		t.Fatal(err)
	}
	sv.Width, sv.Root = ops[0].Proof.Width, hx(ops[0].Root)
	for _, o := range ops {
		sv.Openings += FormatOpening(o)
	}
	return sv
}

func recordVectorFor(t *testing.T, c *Chain) recordVector {
	s := testSegment(t, c, 4)
	s.Roll(6, "LoB 10.6", "Command Roll: Lee issues")
	s.Roll(6, "LoB 10.6", "Command Roll: Lee issues (die 2 of 2)")
	s.Roll(6, "LoB 11.3", "Fluke Stoppage: Ewell → Early | 50% chance")
	Pool(s, 3, 6, "ACW QR 4", "fire pool: 1st Texas")
	D10Zero(s, "WV 7.1", "Brigade efficiency: Grenadiers à cheval")
	Shuffle(s, 4, "BH 3.1", "chit draw cup")
	s.Roll(7, "  odd | rule %", "a long purpose that continues: "+strings.Repeat("Sédan  →  Metz, ", 6))
	prev, _ := c.Link(3)
	return recordVector{Prev: hx(prev), Text: FormatRecord(s.Record())}
}

func TestVectors(t *testing.T) {
	got, err := json.MarshalIndent(buildVectors(t), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	if *update {
		if err := os.MkdirAll(filepath.Dir(vectorsFile), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(vectorsFile, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(vectorsFile)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if string(got) != string(want) {
		g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
		for i := 0; i < len(g) && i < len(w); i++ {
			if g[i] != w[i] {
				t.Fatalf("%s line %d:\n got %s\nwant %s", vectorsFile, i+1, g[i], w[i])
			}
		}
		t.Fatalf("%s: %d lines, computed %d", vectorsFile, len(w), len(g))
	}
}

// TestVectorFile checks the file on its own terms: its record verifies and
// its proofs lead to its root, so a hand edit that kept the generator in
// step would still be caught.
func TestVectorFile(t *testing.T) {
	raw, err := os.ReadFile(vectorsFile)
	if err != nil {
		t.Fatal(err)
	}
	var v vectors
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	rec, err := ParseRecord(v.Record.Text)
	if err != nil {
		t.Fatal(err)
	}
	prev, _ := hex.DecodeString(v.Record.Prev)
	if err := Verify(rec, prev); err != nil {
		t.Fatal(err)
	}
	root, _ := hex.DecodeString(v.Merkle.Root)
	for _, pv := range v.Merkle.Proofs {
		jr := v.Merkle.Rolls[pv.Index]
		r := rules.Roll{Index: jr.Index, Sides: jr.Sides, Result: jr.Result, Rule: jr.Rule, Purpose: jr.Purpose}
		p := RollProof{Roll: r, Width: v.Merkle.Width}
		p.Key, _ = hex.DecodeString(pv.Key)
		for _, h := range pv.Path {
			b, _ := hex.DecodeString(h)
			p.Path = append(p.Path, b)
		}
		if err := VerifyProof(root, p); err != nil {
			t.Fatal(err)
		}
	}
	ops, err := ParseOpenings(v.Side.Openings)
	if err != nil {
		t.Fatal(err)
	}
	link, _ := hex.DecodeString(v.Side.Link)
	if hx(SideKey(link, v.Side.Side)) != v.Side.Key || len(ops) != len(v.Side.Seen) {
		t.Fatalf("side vector: key or openings do not match")
	}
	for j, o := range ops {
		key, _ := hex.DecodeString(v.Side.Key)
		if err := o.Verify(); err != nil || hx(o.Root) != v.Side.Root || hx(o.Proof.Key) != hx(LeafKey(key, j)) {
			t.Fatalf("side vector, opening %d: %v", j, err)
		}
	}
	for k := 1; k < len(v.Chain.Links); k++ {
		l, _ := hex.DecodeString(v.Chain.Links[k])
		p, _ := hex.DecodeString(v.Chain.Links[k-1])
		if err := CheckLink(l, p, 1); err != nil {
			t.Fatalf("link %d: %v", k, err)
		}
	}
}

// resultsMail is a results mail body carrying the records of segments 1 to
// 3 of one game, the form in which players receive them.
func resultsMail(t *testing.T) string {
	c := testChain(t, 8)
	var b strings.Builder
	b.WriteString("Subject: Gettysburg, turn 1 results\n\nGenerals,\n\nThe dice of each segment follow; check them with\nscripts/verify_dice.py and the chain head from the game-start mail.\n\n")
	for k := 1; k <= 3; k++ {
		s := testSegment(t, c, k)
		s.Roll(6, "LoB 10.6", "Command Roll: Lee issues")
		s.Roll(6, "LoB 10.6", "Command Roll: Lee issues (die 2 of 2)")
		D10Zero(s, "GBACW 6.2", "Efficiency: Hood’s division")
		fmt.Fprintf(&b, "Segment %d\n\n%s\n", k, FormatRecord(s.Record()))
	}
	b.WriteString("Your obedient servant,\nGalloper\n")
	return b.String()
}

func TestResultsMail(t *testing.T) {
	got := resultsMail(t)
	if *update {
		if err := os.WriteFile(mailFile, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(mailFile)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if got != string(want) {
		t.Fatalf("%s is out of date (run go test -update)", mailFile)
	}
	recs, err := ParseRecords(got)
	if err != nil {
		t.Fatal(err)
	}
	if err := VerifyRecords(testChain(t, 8).Head(), recs); err != nil || len(recs) != 3 {
		t.Fatalf("%d records: %v", len(recs), err)
	}
}
