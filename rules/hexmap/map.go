// Package hexmap is the hex map every hex system reads: hexes with their
// terrain and elevation, crests, hexside features, roads, waterways and
// named places, on a grid of any layout (rules/hex), loaded from the map
// section of a scenario file and checked with errors that name the file,
// the hex and the field. Each system supplies its vocabulary (Kinds):
// terrain codes, hexside kinds, road and waterway types.
package hexmap

import (
	"fmt"
	"strings"

	"galloper/rules/hex"
)

// Map is one map sheet, made by Build, which keeps its Letter and its
// Layout's letter the same.
type Map struct {
	Name, Description string
	// Letter is the map sheet letter of letter-dot ids (LoB 1.4a); empty
	// for other id schemes.
	Letter string
	// Layout is how the hexes point, are offset and are numbered.
	Layout     hex.Layout
	Cols, Rows int
	Hexes      []Hex // column by column, rows from row 1
	Roads      []Road
	Creeks     []Road // in-hex waterway courses, drawn on the map
	Places     []Place
	// Hexsides are the hexside features, in file order.
	Hexsides []Hexside
	// plain is set when the layout is LoB's, whose offset conversions
	// hex.Offset does directly.
	plain bool
}

// Hex is one map hex.
type Hex struct {
	ID        string
	At        hex.Offset
	Terrain   string
	Elevation int
	Crest     bool // LoB 4.0: +1 to an End Point or Obstacle here
	Slope     bool // a Slope hex: a thick Slope line on one of its hexsides (LoB 1.7b)
	Creek     string
	Place     string
}

// Road is a named chain of adjacent hexes (also used for waterways). Its
// Type is one of the system's road or waterway types.
type Road struct {
	Name  string   `yaml:"name"`
	Type  string   `yaml:"type"`
	Hexes []string `yaml:"hexes"`
}

// Place is a named map location.
type Place struct {
	Name string `yaml:"name"`
	Hex  string `yaml:"hex"`
}

// File is the map section of a scenario file.
type File struct {
	Name        string `yaml:"name"`
	Description string `yaml:"description"`
	Letter      string `yaml:"letter"`
	// Layout, when given, replaces LoB's layout (flat-top, even columns
	// up, rows up, ids like A10.10 with the map's letter).
	Layout    *hex.Layout    `yaml:"layout"`
	Cols      int            `yaml:"cols"`
	Rows      int            `yaml:"rows"`
	Terrain   []string       `yaml:"terrain"`
	Elevation []string       `yaml:"elevation"`
	Creeks    []Road         `yaml:"creeks"`
	Roads     []Road         `yaml:"roads"`
	Places    []Place        `yaml:"places"`
	Crests    []string       `yaml:"crests"`
	Hexsides  []HexsideGroup `yaml:"hexsides"`
}

// Kinds is a system's map vocabulary.
type Kinds struct {
	// Terrain maps each character of a terrain row to a terrain; Codes
	// lists the characters in the order messages give them.
	Terrain map[byte]string
	Codes   string
	// Hexsides maps each hexside kind to its slot: a hexside holds at
	// most one kind of each slot.
	Hexsides map[string]string
	// SlotNames name the slots in messages, e.g. "creek or stream".
	SlotNames map[string]string
	// Needs maps a slot to the slot that must share its hexside (LoB: a
	// crossing needs a waterway), and NeedsRule cites the rule.
	Needs     map[string]string
	NeedsRule string
	// Slope is the hexside kind that makes both its hexes Slope hexes.
	Slope string
	// Roads and Creeks are the types a road or a waterway course may
	// have ("" allows none).
	Roads, Creeks map[string]bool
}

// Build checks a map section and builds the map; fail receives each
// problem, naming the hex and the field.
func Build(f *File, k *Kinds, fail func(format string, args ...any)) Map {
	v := &loader{kinds: k, fail: fail}
	return v.build(f)
}

type loader struct {
	kinds  *Kinds
	layout hex.Layout
	fail   func(format string, args ...any)
}

func (v *loader) build(f *File) Map {
	m := Map{Name: f.Name, Description: strings.TrimSpace(f.Description), Letter: f.Letter, Cols: f.Cols, Rows: f.Rows}
	m.Layout = hex.LoB(f.Letter)
	if f.Layout != nil {
		m.Layout = *f.Layout
		if err := m.Layout.Check(); err != nil {
			v.fail("map: %v", err)
			return m
		}
		if m.Layout.IDs.Form != hex.Digits {
			m.Layout.IDs.Letter = f.Letter
		}
	}
	v.layout = m.Layout
	m.plain = m.Layout == hex.LoB(f.Letter) || m.Layout == (hex.Layout{IDs: hex.IDScheme{Letter: f.Letter}})
	if (m.Layout.IDs.Form != hex.Digits && m.Letter == "") || m.Cols <= 0 || m.Rows <= 0 {
		v.fail("map: fields letter, cols and rows are required")
		return m
	}
	if len(f.Terrain) != m.Rows || len(f.Elevation) != m.Rows {
		v.fail("map: terrain and elevation need %d rows each, got %d and %d", m.Rows, len(f.Terrain), len(f.Elevation))
		return m
	}
	m.Hexes = make([]Hex, m.Cols*m.Rows)
	for col := 1; col <= m.Cols; col++ {
		for row := 1; row <= m.Rows; row++ {
			o := hex.Offset{Col: col, Row: row}
			h := Hex{ID: m.ID(o), At: o}
			line := m.Rows - row // grids list the top row first
			if m.Layout.Rows == hex.RowsDown {
				line = row - 1 // row 1 is the top row
			}
			t, e := f.Terrain[line], f.Elevation[line]
			if len(t) != m.Cols || len(e) != m.Cols {
				v.fail("map: row %d: terrain and elevation need %d columns, got %d and %d", row, m.Cols, len(t), len(e))
				m.Hexes = nil
				return m
			}
			var ok bool
			if h.Terrain, ok = v.kinds.Terrain[t[col-1]]; !ok {
				v.fail("hex %s: field terrain: unknown code %q (use %s)", h.ID, t[col-1], v.codes())
			}
			if e[col-1] < '0' || e[col-1] > '9' {
				v.fail("hex %s: field elevation: %q is not a digit", h.ID, e[col-1])
			}
			h.Elevation = int(e[col-1] - '0')
			m.Hexes[(col-1)*m.Rows+row-1] = h
		}
	}
	for i, c := range f.Creeks {
		v.chain(&m, "creeks", i, c)
		for _, id := range c.Hexes {
			if h, ok := m.Hex(id); ok {
				h.Creek = c.Name
			}
		}
	}
	for i, r := range f.Roads {
		v.chain(&m, "roads", i, r)
	}
	for i, p := range f.Places {
		h, ok := m.Hex(p.Hex)
		if p.Name == "" || !ok {
			v.fail("places[%d] %q: field hex: %q is not a hex of this map", i, p.Name, p.Hex)
			continue
		}
		h.Place = p.Name
	}
	m.Creeks, m.Roads, m.Places = f.Creeks, f.Roads, f.Places
	v.crests(&m, f.Crests)
	m.Hexsides = v.hexsides(&m, f.Hexsides)
	return m
}

// codes lists the terrain codes for messages, as "use . w o t" says
// them: in the order Kinds.Codes gives, or sorted.
func (v *loader) codes() string {
	order := v.kinds.Codes
	if order == "" {
		for _, c := range sortedKeys(byteKeys(v.kinds.Terrain)) {
			order += c
		}
	}
	return strings.Join(strings.Split(order, ""), " ")
}

func byteKeys(m map[byte]string) map[string]bool {
	out := map[string]bool{}
	for c := range m {
		out[string(c)] = true
	}
	return out
}

// chain checks that a road or creek runs through adjacent on-map hexes.
func (v *loader) chain(m *Map, field string, i int, r Road) {
	if r.Name == "" || len(r.Hexes) < 2 {
		v.fail("%s[%d]: needs a name and at least 2 hexes", field, i)
		return
	}
	kinds := v.kinds.Roads
	if field == "creeks" {
		kinds = v.kinds.Creeks
	}
	if !kinds[r.Type] {
		v.fail("%s %q: field type: %q is not one of %s", field, r.Name, r.Type, kindList(kinds))
	}
	for j, id := range r.Hexes {
		if _, ok := m.Hex(id); !ok {
			v.fail("%s %q: hex %s: not a hex of this map", field, r.Name, id)
			return
		}
		if j > 0 && m.Distance(r.Hexes[j-1], id) != 1 {
			v.fail("%s %q: hex %s: not adjacent to the previous hex %s", field, r.Name, id, r.Hexes[j-1])
			return
		}
	}
}

// Hex returns the hex with the given id.
func (m *Map) Hex(id string) (*Hex, bool) {
	o, ok := m.Parse(id)
	if !ok {
		return nil, false
	}
	return &m.Hexes[(o.Col-1)*m.Rows+o.Row-1], true
}

// Parse reads a hex id that lies on this map.
func (m *Map) Parse(id string) (hex.Offset, bool) {
	var o hex.Offset
	var ok bool
	if m.plain {
		o, ok = hex.ParseLetterDot(id, m.Letter) // the quick way for LoB's ids
	} else {
		o, ok = m.Layout.ParseID(id)
	}
	if !ok || o.Col < 1 || o.Col > m.Cols || o.Row < 1 || o.Row > m.Rows {
		return hex.Offset{}, false
	}
	return o, true
}

// ID writes an offset as the map's hex id (LoB 1.4a: A3.10, unpadded).
func (m *Map) ID(o hex.Offset) string {
	if m.plain {
		return fmt.Sprintf("%s%d.%d", m.Letter, o.Col, o.Row)
	}
	return m.Layout.ID(o)
}

// ToAxial converts a position on this map to axial coordinates.
func (m *Map) ToAxial(o hex.Offset) hex.Axial {
	if m.plain {
		return o.ToAxial()
	}
	return m.Layout.ToAxial(o)
}

// ToOffset converts axial coordinates to a position on this map.
func (m *Map) ToOffset(a hex.Axial) hex.Offset {
	if m.plain {
		return a.ToOffset()
	}
	return m.Layout.ToOffset(a)
}

// Axial returns the axial coordinate of an on-map hex id.
func (m *Map) Axial(id string) hex.Axial {
	o, _ := m.Parse(id)
	return m.ToAxial(o)
}

// Distance is the hex distance between two on-map hex ids.
func (m *Map) Distance(a, b string) int { return hex.Distance(m.Axial(a), m.Axial(b)) }

// OnMap reports whether an axial coordinate lies on the map.
func (m *Map) OnMap(a hex.Axial) bool {
	o := m.ToOffset(a)
	return o.Col >= 1 && o.Col <= m.Cols && o.Row >= 1 && o.Row <= m.Rows
}
