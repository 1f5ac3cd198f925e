package orders_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"galloper/orders"
)

// toy is a small dialect unlike Line of Battle's, to show that the shared
// envelope, STANDING block and printing work for any system: one order
// kind, "MARCH <unit> TO <hex>", hexes written as four digits ("0614"),
// and a reaction table of two reactions.
type toy struct{}

// March is the toy dialect's one order kind.
type March struct {
	At   orders.Pos
	Unit string
	Hex  string
}

func (m *March) Position() orders.Pos { return m.At }

var toyReactions = &orders.ReactionTable{Reactions: []orders.ReactionSpec{
	{Kind: "EVADE", Forms: []string{"EVADE FIRE", "SKIRMISH EVADE"}, Default: "NEVER", Example: "EVADE ALWAYS",
		Choices: map[string]string{"ALWAYS": "ALWAYS", "NEVER": "NEVER", "WHEN OUTNUMBERED": "OUTNUMBERED", "OUTNUMBERED": "OUTNUMBERED"}},
	{Kind: "PATH", Several: true, Default: "SHORTEST", Example: "PATH WOODS, SHORTEST",
		Choices: map[string]string{"WOODS": "WOODS", "SHORTEST": "SHORTEST", "HILLS": "HILLS"}},
	{Kind: "SCREEN", NamesAfter: "WITH", NamesForm: "SCREEN WITH 1st Sharpshooters", Default: "NONE", Example: "SCREEN NONE",
		Choices: map[string]string{"NONE": "NONE", "WITH": "WITH"}},
}}

func (toy) Starts() []string                 { return []string{"MARCH"} }
func (toy) Keywords() []string               { return []string{"MARCH"} }
func (toy) Reactions() *orders.ReactionTable { return toyReactions }
func (toy) Seeds() []string                  { return []string{toySample} }

// Place reads a four-digit hex id: column and row, two digits each.
func (toy) Place(s string) (string, bool) {
	if len(s) != 4 || !orders.IsDigits(s) {
		return "", false
	}
	return s, true
}

func (toy) NewBody(p *orders.Parser) orders.Body { return toyBody{p} }

func (toy) WriteOrder(b *strings.Builder, o orders.Order) {
	m := o.(*March)
	fmt.Fprintf(b, "MARCH %s TO %s\n", m.Unit, m.Hex)
}

func (toy) StripOrder(o orders.Order) orders.Order {
	m := *o.(*March)
	m.At = orders.Pos{}
	return &m
}

type toyBody struct{ p *orders.Parser }

func (toyBody) Close() {}

func (b toyBody) Line(l orders.Line) {
	if l.Key != "MARCH" {
		b.p.Unknown(l, "")
		return
	}
	unit, hex, ok := strings.Cut(l.Value, " TO ")
	h, good := toy{}.Place(strings.TrimSpace(hex))
	if !ok || !good || orders.CleanName(unit) == "" {
		b.p.Add(l.At(), "bad-march", "MARCH needs a unit, TO and a hex such as 0614", "write MARCH Iron Brigade TO 0614")
		return
	}
	b.p.Append(&March{At: l.At(), Unit: orders.CleanName(unit), Hex: h})
}

const toySample = `GAME     hymn-1
SIDE     USA
TURN     2
PASSWORD oak
SALT     a b c

MARCH Iron Brigade TO 0614

STANDING
  EVADE     OUTNUMBERED
  PATH      WOODS, SHORTEST
  SCREEN    WITH 2nd Wisconsin, 6th Wisconsin
END
`

func TestToyDialect(t *testing.T) {
	f, probs := orders.Parse(toySample, toy{})
	if len(probs) != 0 {
		t.Fatalf("problems: %+v", probs)
	}
	if f.Game != "hymn-1" || f.Side != "USA" || f.Turn != "2" || f.Password != "oak" || f.Salt != "a b c" {
		t.Errorf("envelope %+v", f)
	}
	want := []orders.Order{
		&March{Unit: "Iron Brigade", Hex: "0614"},
		&orders.Standing{Reactions: []orders.Reaction{
			{Kind: "EVADE", Choices: []orders.Choice{{Text: "OUTNUMBERED"}}},
			{Kind: "PATH", Choices: []orders.Choice{{Text: "WOODS"}, {Text: "SHORTEST"}}},
			{Kind: "SCREEN", Choices: []orders.Choice{{Text: "WITH"}}, Units: []orders.Name{{Text: "2nd Wisconsin"}, {Text: "6th Wisconsin"}}},
		}},
	}
	if got := orders.StripPositions(f, toy{}).Orders; !reflect.DeepEqual(got, want) {
		t.Errorf("orders\n got %#v\nwant %#v", got, want)
	}
	if got := orders.Format(f, toy{}); got != toySample {
		t.Errorf("Format gave\n%s\nwant\n%s", got, toySample)
	}
	if err := orders.RoundTrip(toySample, toy{}); err != nil {
		t.Error(err)
	}
}

// TestToyStandingForms checks that a reaction's longer forms are read,
// the longest first, and that its table gives the problems.
func TestToyStandingForms(t *testing.T) {
	f, probs := orders.Parse("GAME g\nSIDE s\nTURN 1\nSTANDING\n skirmish evade: always\nEND\n", toy{})
	if len(probs) != 0 {
		t.Fatalf("problems: %+v", probs)
	}
	if r := f.Orders[0].(*orders.Standing).Reactions[0]; r.Kind != "EVADE" || r.Choices[0].Text != "ALWAYS" {
		t.Errorf("reaction %+v", r)
	}
	for text, want := range map[string]string{
		"EVADE SOMETIMES":     "5:8 bad-choice",
		"EVADE ALWAYS, NEVER": "5:16 too-many-choices",
		"EVADE":               "5:2 empty-value",
		"EVAD ALWAYS":         "5:2 unknown-reaction",
		"SCREEN WITH":         "5:9 empty-value",
	} {
		_, probs := orders.Parse("GAME g\nSIDE s\nTURN 1\nSTANDING\n "+text+"\nEND\n", toy{})
		if len(probs) != 1 || fmt.Sprintf("%d:%d %s", probs[0].At.Line, probs[0].At.Col, probs[0].Code) != want {
			t.Errorf("%q: problems %+v, want one %s", text, probs, want)
		}
	}
	if toyReactions.Default("PATH") != "SHORTEST" || toyReactions.Default("NOPE") != "" {
		t.Error("defaults")
	}
}

// TestParseEnvelope checks that the envelope is read without a dialect,
// through mail noise, and that Parse reports its problems again with the
// body's, sorted by line.
func TestParseEnvelope(t *testing.T) {
	text := "> quoted\nGAME hymn-1\nSIDE USA\nSIDE CSA\nMARCH Iron Brigade TO 61\nSTANDING\n EVADE ALWAYS\nEND\n-- \nTURN 9\n"
	env, probs := orders.ParseEnvelope(text)
	if env.Game != "hymn-1" || env.Side != "USA" || len(env.Orders) != 0 {
		t.Errorf("envelope %+v", env)
	}
	codes := func(ps []orders.Problem) string {
		var s []string
		for _, p := range ps {
			s = append(s, fmt.Sprintf("%d:%s", p.At.Line, p.Code))
		}
		return strings.Join(s, " ")
	}
	if got := codes(probs); got != "0:missing-header 4:duplicate-header" {
		t.Errorf("envelope problems %s", got)
	}
	_, probs = orders.Parse(text, toy{})
	if got := codes(probs); got != "0:missing-header 4:duplicate-header 5:bad-march" {
		t.Errorf("problems %s", got)
	}
}

// TestUnknownKeyword checks the shared suggestions for a line that starts
// with no keyword: the nearest keyword of the envelope or the dialect,
// then the keywords a line may start with.
func TestUnknownKeyword(t *testing.T) {
	_, probs := orders.Parse("GAME g\nSIDE s\nTURN 1\nMARHC Iron Brigade TO 0614\nHello there\n", toy{})
	if len(probs) != 2 {
		t.Fatalf("problems %+v", probs)
	}
	if p := probs[0]; p.Code != orders.CodeUnknownKeyword || p.Suggestion != "write MARCH Iron Brigade TO 0614" {
		t.Errorf("misspelt keyword: %+v", p)
	}
	if p := probs[1]; p.Suggestion != "start every line with a keyword: GAME, SIDE, TURN, PASSWORD, SALT, MARCH, STANDING" {
		t.Errorf("unknown line: %+v", p)
	}
}

// FuzzToyDialect checks the shared envelope, noise handling and STANDING
// block through the parse, print and parse round trip in the toy dialect.
func FuzzToyDialect(f *testing.F) {
	for _, s := range (toy{}).Seeds() {
		f.Add(s)
	}
	f.Add("On Monday, Ann wrote:\nGAME x\nSTANDING\n evade fire: when outnumbered\n PATH HILLS, WOODS\nEND\n")
	f.Fuzz(func(t *testing.T, text string) {
		if err := orders.RoundTrip(text, toy{}); err != nil {
			t.Fatal(err)
		}
	})
}
