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
				errs = append(errs, fmt.Sprintf("entry area %s: %q is not a hex on the map's edge (BH 12.2)", l, id))
			}
		}
		b.entry[l] = slices.Clone(f.EntryAreas[l])
	}
	if len(errs) > 0 {
		return nil, errors.New("map: " + strings.Join(errs, "; "))
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
// hexes (BH 9.3, ruling E-3). It is traced along both of the line's traces
// (hex.Line) and is blocked only when both are, so a line down a hexside
// spine is blocked only by terrain on both sides of it.
func (b *Board) sight(a, c string, ch *Charts) bool {
	d := b.Distance(a, c)
	if d > 4 {
		return false
	}
	if d <= 1 {
		return true
	}
	hiHex := a
	if b.elevation(c) > b.elevation(a) {
		hiHex = c
	}
	left, right := hex.Line(b.Axial(a), b.Axial(c))
	return !b.traceBlocked(left, hiHex, ch) || !b.traceBlocked(right, hiHex, ch)
}

// traceBlocked reports whether one trace of a Line of Sight is blocked
// (BH 9.3, ruling E-3). The trace is read from the higher end (hiHex) to
// the lower; the terrain of the two ends is ignored. An intervening hex
// blocks when its height (its elevation, plus one for Blocking Terrain)
// is above the higher end. Between different elevations, a hex as high as
// the higher end blocks when it is nearer the lower end (the elevation
// change hex must be the same distance from the higher unit or closer),
// and an elevation change hex exactly half-way blocks when the line
// leaves it across an Escarpment hexside (it "must be closer").
func (b *Board) traceBlocked(trace []hex.Axial, hiHex string, ch *Charts) bool {
	ids := make([]string, len(trace))
	for i, x := range trace {
		ids[i] = b.ID(b.ToOffset(x))
	}
	if ids[0] != hiHex {
		slices.Reverse(ids)
	}
	d := len(ids) - 1
	hi, lo := b.elevation(ids[0]), b.elevation(ids[d])
	for j := 1; j < d; j++ {
		id := ids[j]
		if !b.has(id) {
			continue
		}
		e := b.elevation(id)
		h := e
		if t, ok := ch.hexes[b.terrain(id)]; ok && t.BlocksLOS {
			h++
		}
		switch {
		case h > hi:
			return true
		case hi == lo || h < hi:
		case j > d-j:
			return true
		case j == d-j && e >= hi && b.adjacent(id, ids[j+1]) && b.elevation(ids[j+1]) < hi &&
			b.hasFeature(id, ids[j+1], "escarpment"):
			return true
		}
	}
	return false
}
