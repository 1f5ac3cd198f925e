package battlehymn

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"galloper/rules/hex"
	"galloper/rules/hexmap"
)

// The map: hexes of one terrain each (BH 2.1.1) with an elevation, and
// hexsides with any number of features (BH 2.1.2), read with the shared
// hex map loader. Roads, minor roads and railroads are drawn as chains of
// hexes; each step of a chain is a road hexside (BH 5.4.3).

// MapFile is the map section of a scenario: the shared hex map and the
// lettered Entry Areas along its edge (BH 12.2).
type MapFile struct {
	hexmap.File `yaml:",inline"`
	EntryAreas  map[string][]string `json:"entry_areas,omitempty" yaml:"entry_areas"`
}

// mapKinds is Battle Hymn's map vocabulary for the shared loader: one
// feature of each slot a hexside.
var mapKinds = hexmap.Kinds{
	Terrain: map[byte]string{'.': "clear", 'w': "woods", 'm': "marsh", 't': "town"},
	Codes:   ".wmt",
	Hexsides: map[string]string{
		"road": "road", "minor-road": "road", "railroad": "road",
		"stream": "water", "creek": "water", "river": "water",
		"bridge": "crossing", "ford": "crossing",
		"slope": "height", "escarpment": "height",
		"fortification": "work",
	},
	SlotNames: map[string]string{"road": "road type", "water": "waterway", "crossing": "bridge or ford", "height": "slope or escarpment", "work": "fortification"},
	Needs:     map[string]string{"crossing": "water"},
	NeedsRule: "BH 5.4.2",
	Roads:     map[string]bool{"road": true, "minor-road": true, "railroad": true},
	Creeks:    map[string]bool{"": true},
}

// Board is a built map: the shared map with each hexside's features.
type Board struct {
	hexmap.Map
	sides map[hexmap.SideKey][]string
	entry map[string][]string
	ids   []string // every hex id, sorted
	// ax and nb are each hex's axial coordinate and on-map neighbours.
	ax map[string]hex.Axial
	nb map[string][]string
}

// buildBoard checks a map section and builds the board.
func buildBoard(f *MapFile) (*Board, error) {
	var errs []string
	m := hexmap.Build(&f.File, &mapKinds, func(format string, args ...any) {
		errs = append(errs, fmt.Sprintf(format, args...))
	})
	if len(errs) > 0 {
		return nil, errors.New("map: " + strings.Join(errs, "; "))
	}
	b := &Board{Map: m, sides: map[hexmap.SideKey][]string{}, entry: map[string][]string{}}
	for _, h := range m.Hexsides {
		k := hexmap.KeyOf(m.Axial(h.A), m.Axial(h.B))
		b.sides[k] = append(b.sides[k], h.Kind)
	}
	for _, r := range m.Roads {
		for i := 1; i < len(r.Hexes); i++ {
			k := hexmap.KeyOf(m.Axial(r.Hexes[i-1]), m.Axial(r.Hexes[i]))
			if !slices.Contains(b.sides[k], r.Type) {
				b.sides[k] = append(b.sides[k], r.Type)
			}
		}
	}
	b.ax, b.nb = map[string]hex.Axial{}, map[string][]string{}
	for _, h := range m.Hexes {
		b.ids = append(b.ids, h.ID)
		b.ax[h.ID] = m.ToAxial(h.At)
	}
	sort.Strings(b.ids)
	for _, id := range b.ids {
		a := b.ax[id]
		for d := 0; d < 6; d++ {
			if n := a.Neighbor(d); m.OnMap(n) {
				b.nb[id] = append(b.nb[id], m.ID(m.ToOffset(n)))
			}
		}
	}
	letters := make([]string, 0, len(f.EntryAreas))
	for l := range f.EntryAreas {
		letters = append(letters, l)
	}
	sort.Strings(letters)
	for _, l := range letters {
		for _, id := range f.EntryAreas[l] {
			if _, ok := m.Hex(id); !ok || !b.edge(id) {
				return nil, fmt.Errorf("map: entry area %s: %q is not a hex on the map's edge (BH 12.2)", l, id)
			}
		}
		b.entry[l] = slices.Clone(f.EntryAreas[l])
	}
	return b, nil
}

// has reports whether id is a hex of the map.
func (b *Board) has(id string) bool {
	_, ok := b.Map.Hex(id)
	return ok
}

// terrain is the hex terrain of id.
func (b *Board) terrain(id string) string {
	h, _ := b.Map.Hex(id)
	return h.Terrain
}

// elevation is the elevation of id.
func (b *Board) elevation(id string) int {
	h, _ := b.Map.Hex(id)
	return h.Elevation
}

// features lists the hexside features between adjacent hexes a and b.
func (b *Board) features(a, c string) []string {
	return b.sides[hexmap.KeyOf(b.Axial(a), b.Axial(c))]
}

// hasFeature reports whether the hexside between a and c has one of kinds.
func (b *Board) hasFeature(a, c string, kinds ...string) bool {
	for _, f := range b.features(a, c) {
		if slices.Contains(kinds, f) {
			return true
		}
	}
	return false
}

// adjacent reports whether a and c are neighbours.
func (b *Board) adjacent(a, c string) bool { return a != c && b.Distance(a, c) == 1 }

// neighbors lists the on-map neighbours of id, in direction order.
func (b *Board) neighbors(id string) []string { return b.nb[id] }

// Axial is the axial coordinate of a hex of the map.
func (b *Board) Axial(id string) hex.Axial {
	if a, ok := b.ax[id]; ok {
		return a
	}
	return b.Map.Axial(id)
}

// Distance is the distance in hexes between two hexes of the map (BH 3.5).
func (b *Board) Distance(x, y string) int { return hex.Distance(b.Axial(x), b.Axial(y)) }

// edge reports whether id lies on the map's edge.
func (b *Board) edge(id string) bool { return len(b.neighbors(id)) < 6 }

// entryArea lists the hexes of Entry Area letter (BH 12.2).
func (b *Board) entryArea(letter string) []string { return b.entry[letter] }

// sight reports whether there is a Line of Sight from a to c within four
// hexes (BH 9.3, ruling E-3): an intervening hex blocks when its height
// (elevation, plus one for blocking terrain) is above both ends, or when it
// is a high hex as high as the higher end that lies nearer the lower end
// (the elevation change hex). Along a hexside spine both hexes must block.
func (b *Board) sight(a, c string, ch *Charts) bool {
	d := b.Distance(a, c)
	if d > 4 {
		return false
	}
	if d <= 1 {
		return true
	}
	ea, ec := b.elevation(a), b.elevation(c)
	hi, lo, hiHex, loHex := ea, ec, a, c
	if ec > ea {
		hi, lo, hiHex, loHex = ec, ea, c, a
	}
	blocks := func(x hex.Axial) bool {
		id := b.ID(b.ToOffset(x))
		if id == a || id == c || !b.OnMap(x) {
			return false
		}
		h := b.elevation(id)
		if t, ok := ch.hexes[b.terrain(id)]; ok && t.BlocksLOS {
			h++
		}
		if h > hi {
			return true
		}
		return hi > lo && h >= hi && b.Distance(id, loHex) < b.Distance(id, hiHex)
	}
	left, right := hex.Line(b.Axial(a), b.Axial(c))
	for i := range left {
		if blocks(left[i]) && blocks(right[i]) {
			return false
		}
	}
	return true
}
