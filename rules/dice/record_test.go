package dice

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"galloper/rules"
)

// oddPurposes exercise the escaping: non-ASCII, the separators, percent
// signs, runs of spaces, edge spaces, control characters and a long text.
var oddPurposes = []string{
	"Command Roll: Lee issues",
	"Charge: 1/2/II → Garnett's brigade (Pickett) — 50% strength",
	"a | b || c %41 %zz",
	"  leading, trailing  ",
	"tab\there, newline\nthere, CR\r",
	"-",
	"",
	"Émile Zola's café über straße 日本語",
	strings.Repeat("Fire at 1/2/II Div., ", 12),
	strings.Repeat(" ", 90),
}

func rolledSegment(t testing.TB, c *Chain, k int) *Segment {
	t.Helper()
	s := testSegment(t, c, k)
	for i, p := range oddPurposes {
		s.Roll(6+i, "LoB 10.6", p)
	}
	s.Roll(10, "", "no rule")
	Shuffle(s, 5, "ACW 2", "order of march")
	return s
}

func TestRecordRoundTrip(t *testing.T) {
	c := testChain(t, 5)
	s := rolledSegment(t, c, 2)
	rec := s.Record()
	rec.Salts = append(rec.Salts, nil) // an empty salt survives too
	text := FormatRecord(rec)
	for n, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		if len(l) > MaxLine || strings.TrimRight(l, " ") != l {
			t.Errorf("line %d: %d chars or trailing space: %q", n+1, len(l), l)
		}
		for _, r := range l {
			if r < 0x20 || r > 0x7e {
				t.Errorf("line %d: non-ASCII or control character %q", n+1, r)
			}
		}
	}
	got, err := ParseRecord(text)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	rec.Salts = sortedCopy(rec.Salts)
	for i := range rec.Salts {
		if len(rec.Salts[i]) == 0 {
			rec.Salts[i] = nil
		}
	}
	if !reflect.DeepEqual(got, rec) {
		t.Fatalf("round trip changed the record:\n got %+v\nwant %+v", got, rec)
	}
}

func TestParseRecordEmbedded(t *testing.T) {
	c := testChain(t, 5)
	rec := rolledSegment(t, c, 1).Record()
	text := FormatRecord(rec)
	quoted := "> " + strings.ReplaceAll(strings.TrimSuffix(text, "\n"), "\n", "\n> ")
	// Quoting leaves "> +" continuation lines and a bare ">" on empty lines.
	mail := "Dear General,\r\n\r\nResults of turn 3 follow.\r\n\r\n" +
		strings.ReplaceAll(text, "\n", "\r\n") + "\r\nYour obedient servant,\r\nGalloper\r\n"
	for name, body := range map[string]string{"crlf mail": mail, "quoted reply": "On Sunday you wrote:\n" + quoted + "\n>\n> thanks\n"} {
		got, err := ParseRecord(body)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(got, rec) {
			t.Fatalf("%s: record changed", name)
		}
	}
	if _, err := ParseRecord("nothing here"); !errors.Is(err, ErrNoRecord) {
		t.Fatalf("ParseRecord of plain text: %v", err)
	}
	two, err := ParseRecords(text + "\n" + FormatRecord(rolledSegment(t, c, 2).Record()))
	if err != nil || len(two) != 2 || two[1].Segment != 2 {
		t.Fatalf("ParseRecords: %d records, %v", len(two), err)
	}
}

func TestParseRecordErrors(t *testing.T) {
	text := FormatRecord(rolledSegment(t, testChain(t, 2), 1).Record())
	cases := map[string]string{
		"no end":        strings.Replace(text, EndMarker, "", 1),
		"bad spec":      strings.Replace(text, "spec: galloper-dice/1", "spec: galloper-dice/2", 1),
		"unknown key":   strings.Replace(text, "rolls:", "colour: red\nrolls:", 1),
		"twice":         strings.Replace(text, "rolls:", "seed: 00\nrolls:", 1),
		"count":         strings.Replace(text, "rolls: 15", "rolls: 16", 1),
		"bad hex":       strings.Replace(text, "seed: ", "seed: zz", 1),
		"bad roll":      strings.Replace(text, "roll: 0 d6 = ", "roll: 0 d6 =  ", 1),
		"bad escape":    strings.Replace(text, "Command Roll", "Command%2", 1),
		"missing state": strings.Replace(text, "state:", "x-state:", 1),
	}
	for name, bad := range cases {
		if bad == text {
			t.Fatalf("%s: case does not change the text", name)
		}
		if _, err := ParseRecord(bad); err == nil {
			t.Errorf("%s: ParseRecord accepted it", name)
		}
	}
}

func TestVerify(t *testing.T) {
	c := testChain(t, 5)
	rec := rolledSegment(t, c, 3).Record()
	prev, _ := c.Link(2)
	if err := Verify(rec, prev); err != nil {
		t.Fatal(err)
	}
	parsed, _ := ParseRecord(FormatRecord(rec))
	if err := Verify(parsed, prev); err != nil {
		t.Fatalf("parsed record: %v", err)
	}
}

func TestVerifyNamesTamperedRoll(t *testing.T) {
	c := testChain(t, 5)
	prev, _ := c.Link(2)
	rec := rolledSegment(t, c, 3).Record()
	r := &rec.Rolls[7]
	r.Purpose, r.Rule = "Command Roll: Lee issues", "LoB 10.6"
	// Keep the Merkle root consistent so that the roll check is what fails.
	rec.Root = MerkleRoot(rec.Link, rec.Rolls)
	if err := Verify(rec, prev); err != nil {
		t.Fatalf("relabelled record: %v", err)
	}
	was := r.Result
	r.Result = was%r.Sides + 1
	rec.Root = MerkleRoot(rec.Link, rec.Rolls)
	want := "roll #7 (Command Roll: Lee issues, LoB 10.6): recorded " + strconv.Itoa(r.Result) + ", recomputed " + strconv.Itoa(was)
	if err := Verify(rec, prev); err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("Verify = %v, want it to contain %q", err, want)
	}
}

func TestVerifyTamper(t *testing.T) {
	c := testChain(t, 5)
	prev, _ := c.Link(2)
	base := rolledSegment(t, c, 3).Record()
	cases := map[string]struct {
		spoil func(*Record)
		want  string
	}{
		"root":   {func(r *Record) { r.Rolls[2].Purpose += "!" }, "Merkle root"},
		"seed":   {func(r *Record) { r.Seed[0] ^= 1 }, "seed recorded"},
		"state":  {func(r *Record) { r.State[0] ^= 1 }, "seed recorded"},
		"salt":   {func(r *Record) { r.Salts = r.Salts[1:] }, "seed recorded"},
		"index":  {func(r *Record) { r.Rolls[4].Index = 5 }, "roll #4 recorded with index 5"},
		"sides":  {func(r *Record) { r.Rolls[0].Sides = 0 }, "roll #0"},
		"prev":   {func(r *Record) { r.Prev = c.Head() }, "previous link recorded"},
		"link":   {func(r *Record) { r.Link, _ = c.Link(4) }, "segment 3: link"},
		"forged": {func(r *Record) { h := sha256.Sum256([]byte("x")); r.Link = h[:] }, "does not hash to the previous link"},
	}
	for name, c := range cases {
		rec := clone(base)
		c.spoil(&rec)
		err := Verify(rec, prev)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Verify = %v, want %q", name, err, c.want)
		}
	}
}

func clone(r Record) Record {
	p, err := ParseRecord(FormatRecord(r))
	if err != nil {
		panic(err)
	}
	return p
}

func TestVerifyRecords(t *testing.T) {
	c := testChain(t, 6)
	var recs []Record
	for k := 1; k <= 5; k++ {
		recs = append(recs, rolledSegment(t, c, k).Record())
	}
	if err := VerifyRecords(c.Head(), recs); err != nil {
		t.Fatal(err)
	}
	gappy := []Record{recs[0], recs[3], recs[4]}
	if err := VerifyRecords(c.Head(), gappy); err == nil || !strings.Contains(err.Error(), "segment 2: record missing") {
		t.Fatalf("unstated gap: %v", err)
	}
	if err := VerifyRecordsGaps(c.Head(), gappy, []int{2, 3}); err != nil {
		t.Fatalf("stated gap: %v", err)
	}
	if err := VerifyRecordsGaps(c.Head(), recs[2:], []int{1, 2}); err != nil {
		t.Fatalf("leading gap: %v", err)
	}
	if err := VerifyRecordsGaps(c.Head(), recs, []int{2}); err == nil {
		t.Fatal("a segment listed missing but present was accepted")
	}
	if err := VerifyRecords(c.Head(), []Record{recs[1], recs[0]}); err == nil {
		t.Fatal("records out of order accepted")
	}
	// A record from another chain cannot be spliced in.
	other, _ := NewChain(bytes.Repeat([]byte{9}, 32), 6)
	alien := rolledSegment(t, other, 3).Record()
	alien.Head = c.Head()
	bad := []Record{recs[0], recs[1], alien}
	if err := VerifyRecords(c.Head(), bad); err == nil || !strings.Contains(err.Error(), "segment 3: previous link") {
		t.Fatalf("spliced record: %v", err)
	}
}

func TestRecordWithoutRollsOrSalts(t *testing.T) {
	c := testChain(t, 2)
	in := testInput(t, c, 1)
	in.Salts, in.Orders = nil, nil
	s, err := NewSegment(in)
	if err != nil {
		t.Fatal(err)
	}
	rec := s.Record()
	got, err := ParseRecord(FormatRecord(rec))
	if err != nil || !reflect.DeepEqual(got, rec) {
		t.Fatalf("empty record round trip: %v\n got %+v\nwant %+v", err, got, rec)
	}
	if err := Verify(got, c.Head()); err != nil {
		t.Fatal(err)
	}
}

func TestVerifyChecksHead(t *testing.T) {
	c := testChain(t, 5)
	prev, _ := c.Link(2)
	rec := rolledSegment(t, c, 3).Record()
	rec.Head, _ = c.Link(1)
	if err := Verify(rec, prev); err == nil || !strings.Contains(err.Error(), "does not lead back to the head") {
		t.Fatalf("wrong head: %v", err)
	}
}

// FuzzRecordText round-trips arbitrary game ids, rules and purposes
// through FormatRecord and ParseRecord, and checks the line rules.
func FuzzRecordText(f *testing.F) {
	for _, p := range oddPurposes {
		f.Add("lob-1", "LoB 10.6", p)
	}
	f.Add("-", "", " | ")
	c := testChain(f, 2)
	f.Fuzz(func(t *testing.T, game, rule, purpose string) {
		in := testInput(t, c, 1)
		in.GameID = game
		s, err := NewSegment(in)
		if err != nil {
			return // an empty game id
		}
		s.Roll(6, rule, purpose)
		rec := s.Record()
		text := FormatRecord(rec)
		for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
			if len(l) > MaxLine || strings.TrimRight(l, " ") != l || strings.ContainsFunc(l, func(r rune) bool { return r < 0x20 || r > 0x7e }) {
				t.Fatalf("bad line %q", l)
			}
		}
		got, err := ParseRecord(text)
		if err != nil {
			t.Fatalf("%v\n%s", err, text)
		}
		if !reflect.DeepEqual(got, rec) {
			t.Fatalf("round trip changed the record\n%s", text)
		}
		if err := Verify(got, c.Head()); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzParseRecord feeds arbitrary text to ParseRecord: it must not panic,
// and whatever it accepts must print and parse back unchanged.
func FuzzParseRecord(f *testing.F) {
	f.Add(FormatRecord(rolledSegment(f, testChain(f, 2), 1).Record()))
	f.Add(BeginMarker + "\nspec: galloper-dice/1\nroll: 0 d6 = 1 | - | -\n" + EndMarker)
	f.Fuzz(func(t *testing.T, text string) {
		rec, err := ParseRecord(text)
		if err != nil {
			return
		}
		again, err := ParseRecord(FormatRecord(rec))
		if err != nil {
			t.Fatalf("reprinted record does not parse: %v", err)
		}
		rec.Orders, rec.Salts = sortedCopy(rec.Orders), sortedCopy(rec.Salts)
		if !reflect.DeepEqual(again, rec) {
			t.Fatalf("reprinted record differs:\n got %+v\nwant %+v", again, rec)
		}
	})
}

// TestRecordKeepsWordsWhole checks that a long roll line is cut before a
// space, not inside a word ("Lyle's Co" / "+rps"), and reads back the same.
func TestRecordKeepsWordsWhole(t *testing.T) {
	purpose := "Command Roll: Harrow issue an order to Lyle's Corps (die 1 of 2)"
	rec := Record{Version: Version, GameID: "demo", Segment: 1, Engine: "test",
		Rolls: []rules.Roll{{Index: 0, Sides: 6, Result: 1, Rule: "LoB 10.6", Purpose: purpose}}}
	text := FormatRecord(rec)
	if !strings.Contains(text, "Lyle's\n+ Corps (die 1 of 2)") {
		t.Errorf("the roll line is not cut before a word:\n%s", text)
	}
	for _, l := range strings.Split(text, "\n") {
		if len(l) > MaxLine || strings.TrimRight(l, " ") != l {
			t.Errorf("line %q is too long or ends in a space", l)
		}
	}
	back, err := ParseRecord(text)
	if err != nil || len(back.Rolls) != 1 || back.Rolls[0].Purpose != purpose {
		t.Fatalf("read back: %v, %+v", err, back.Rolls)
	}
}
