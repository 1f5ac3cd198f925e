package hexmap

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"galloper/rules/hex"

	"go.yaml.in/yaml/v3"
)

// testKinds is a small vocabulary of another system: open ground, woods
// and hills; fences, and a bridge that needs a river.
var testKinds = Kinds{
	Terrain:   map[byte]string{'.': "open", 'w': "woods", 'h': "hill"},
	Hexsides:  map[string]string{"fence": "fence", "river": "water", "bridge": "crossing"},
	SlotNames: map[string]string{"water": "river"},
	Needs:     map[string]string{"crossing": "water"},
	NeedsRule: "test 1.1",
	Roads:     map[string]bool{"road": true},
	Creeks:    map[string]bool{"": true},
}

// digitsMap is a 4x3 map with four-digit ids and row 1 at the top, so its
// terrain rows are listed in row order.
const digitsMap = `
name: Digits
layout: {top: flat, shifted: even, rows: down, ids: {form: digits}}
cols: 4
rows: 3
terrain:
  - "ww.."   # row 1, the top row
  - "...h"
  - "...."
elevation:
  - "1100"
  - "0002"
  - "0000"
roads: [{name: Pike, type: road, hexes: ["0103", "0203", "0303", "0403"]}]
places: [{name: Mill, hex: "0302"}]
crests: ["0402"]
hexsides:
  - {kind: river, name: Run, at: ["0201-0301", "0202-0302"]}
  - {kind: bridge, at: ["0202-0302"]}
  - {kind: fence, at: ["0101-0102"]}
`

func load(t *testing.T, text string) (Map, error) {
	t.Helper()
	var f File
	dec := yaml.NewDecoder(strings.NewReader(text))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil {
		t.Fatal(err)
	}
	var errs []error
	m := Build(&f, &testKinds, func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) })
	return m, errors.Join(errs...)
}

func TestDigitsMapLoads(t *testing.T) {
	m, err := load(t, digitsMap)
	if err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string]struct {
		terrain string
		elev    int
	}{"0101": {"woods", 1}, "0201": {"woods", 1}, "0402": {"hill", 2}, "0403": {"open", 0}} {
		h, ok := m.Hex(id)
		if !ok || h.Terrain != want.terrain || h.Elevation != want.elev || h.ID != id {
			t.Errorf("hex %s: %+v %v, want %s at %d", id, h, ok, want.terrain, want.elev)
		}
	}
	if h, _ := m.Hex("0402"); !h.Crest {
		t.Error("0402 is not a crest")
	}
	if h, _ := m.Hex("0302"); h.Place != "Mill" {
		t.Errorf("0302 place %q", h.Place)
	}
	if len(m.Hexsides) != 4 || m.Hexsides[0] != (Hexside{A: "0201", B: "0301", Kind: "river", Name: "Run"}) {
		t.Errorf("hexsides %+v", m.Hexsides)
	}
	// Even columns sit half a hex lower: 0201 touches 0101 and 0102.
	if m.Distance("0201", "0102") != 1 || m.Distance("0101", "0202") != 2 || m.Distance("0103", "0403") != 3 {
		t.Errorf("distances 0201-0102 %d, 0101-0202 %d, 0103-0403 %d", m.Distance("0201", "0102"), m.Distance("0101", "0202"), m.Distance("0103", "0403"))
	}
	for _, bad := range []string{"0501", "0100", "A1.1", "101"} {
		if _, ok := m.Hex(bad); ok {
			t.Errorf("%q is a hex of the map", bad)
		}
	}
	for _, h := range m.Hexes {
		if !m.OnMap(m.Axial(h.ID)) || m.ID(m.ToOffset(m.Axial(h.ID))) != h.ID {
			t.Errorf("hex %s does not round-trip through axial", h.ID)
		}
	}
}

// TestLetterDotMapIsLoBs: a map with a letter and no layout is laid out
// and numbered as LoB's.
func TestLetterDotMapIsLoBs(t *testing.T) {
	m, err := load(t, "name: L\nletter: B\ncols: 2\nrows: 2\nterrain: ['..', '..']\nelevation: ['00', '00']\n")
	if err != nil {
		t.Fatal(err)
	}
	if m.Layout != hex.LoB("B") || !m.plain || m.Hexes[1].ID != "B1.2" {
		t.Fatalf("layout %+v, plain %v, hex %s", m.Layout, m.plain, m.Hexes[1].ID)
	}
	if a := m.Axial("b2.1"); a != (hex.Offset{Col: 2, Row: 1}).ToAxial() {
		t.Errorf("b2.1 at %v", a)
	}
}

func TestMapErrorsNameHexAndField(t *testing.T) {
	cases := []struct{ from, to, want string }{
		{`"...h"`, `"...x"`, `hex 0402: field terrain: unknown code 'x' (use . h w)`},
		{`"0002"`, `"000z"`, `hex 0402: field elevation: 'z' is not a digit`},
		{`at: ["0202-0302"]}`, `at: ["0402-0403"]}`, `hexsides[1]: 0402-0403: a bridge needs a river on the same hexside (test 1.1)`},
		{`at: ["0101-0102"]`, `at: ["0101-0103"]`, `hexsides[2]: 0101-0103: hexes are not adjacent`},
		{`at: ["0101-0102"]`, `at: []`, `hexsides[2]: field at: list at least one hexside, like 0407-0507`},
		{`type: road`, `type: pike`, `roads "Pike": field type: "pike" is not one of road`},
		{`form: digits`, `form: roman`, `map: layout: field ids.form: "roman" is not letter-dot or digits`},
		{`hex: "0302"`, `hex: "0309"`, `places[0] "Mill": field hex: "0309" is not a hex of this map`},
	}
	for _, c := range cases {
		_, err := load(t, strings.Replace(digitsMap, c.from, c.to, 1))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s -> %s: error %v, want %q", c.from, c.to, err, c.want)
		}
	}
}
