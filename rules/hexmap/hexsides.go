package hexmap

import (
	"sort"
	"strings"

	"galloper/rules/hex"
)

// Hexside is a feature on the edge between two adjacent hexes, of one of
// the system's hexside kinds (LoB: a Woods hexside, a Stone Wall, a Creek
// with its Fords and Bridges...). For a directional kind, A is the uphill
// side and B the downhill side the feature protects or hides.
type Hexside struct {
	A, B string
	Kind string
	Name string // e.g. the creek's name; may be empty
}

// HexsideGroup is one entry of a map file's hexsides: a kind, an optional
// name and the hexsides it runs along, each written as two hex ids joined
// by a dash ("A4.7-A5.7", "0614-0615").
type HexsideGroup struct {
	Kind string   `yaml:"kind"`
	Name string   `yaml:"name"`
	At   []string `yaml:"at"`
}

// SideKey names a hexside whichever way round it is written.
type SideKey struct{ A, B hex.Axial }

// KeyOf is the key of the hexside between a and b.
func KeyOf(a, b hex.Axial) SideKey {
	if b.Q < a.Q || (b.Q == a.Q && b.R < a.R) {
		a, b = b, a
	}
	return SideKey{a, b}
}

// crests marks the Crest hexes (LoB 4.0).
func (v *loader) crests(m *Map, ids []string) {
	for i, id := range ids {
		h, ok := m.Hex(id)
		if !ok {
			v.fail("crests[%d]: %q is not a hex of this map", i, id)
			continue
		}
		if h.Crest {
			v.fail("crests[%d]: hex %s is listed twice", i, id)
		}
		h.Crest = true
	}
}

// hexsides reads the hexside groups: each has a kind, an optional name
// and the hexsides it runs along. One hexside holds at most one kind of
// each slot (LoB: one waterway, one crossing), and a slot the system says
// needs another (a crossing needs a waterway) finds it there.
func (v *loader) hexsides(m *Map, groups []HexsideGroup) []Hexside {
	k := v.kinds
	var out []Hexside
	var group []int                      // group index of each of out
	seen := map[SideKey]map[string]int{} // slot -> group index
	for gi, g := range groups {
		slot, ok := k.Hexsides[g.Kind]
		if !ok {
			v.fail("hexsides[%d]: field kind: unknown kind %q (use %s)", gi, g.Kind, strings.Join(sortedKeys(k.Hexsides), ", "))
			continue
		}
		if len(g.At) == 0 {
			v.fail("hexsides[%d]: field at: list at least one hexside, like %s", gi, v.example())
		}
		for _, at := range g.At {
			a, b, ok := v.hexsidePair(m, gi, at)
			if !ok {
				continue
			}
			key := KeyOf(m.Axial(a), m.Axial(b))
			if seen[key] == nil {
				seen[key] = map[string]int{}
			}
			if prev, dup := seen[key][slot]; dup {
				v.fail("hexsides[%d]: %s: already has a %s (hexsides[%d])", gi, at, k.slotName(slot), prev)
				continue
			}
			seen[key][slot] = gi
			out = append(out, Hexside{A: a, B: b, Kind: g.Kind, Name: g.Name})
			group = append(group, gi)
		}
	}
	for i, hs := range out {
		if need, ok := k.Needs[k.Hexsides[hs.Kind]]; ok {
			if _, there := seen[KeyOf(m.Axial(hs.A), m.Axial(hs.B))][need]; !there {
				v.fail("hexsides[%d]: %s-%s: a %s needs a %s on the same hexside (%s)", group[i], hs.A, hs.B, hs.Kind, k.slotName(need), k.NeedsRule)
			}
		}
		if hs.Kind == k.Slope && k.Slope != "" {
			for _, id := range []string{hs.A, hs.B} {
				h, _ := m.Hex(id)
				h.Slope = true
			}
		}
	}
	return out
}

// slotName names a slot in messages.
func (k *Kinds) slotName(slot string) string {
	if n, ok := k.SlotNames[slot]; ok {
		return n
	}
	return slot
}

// example is a hexside written as the map's ids are, for messages.
func (v *loader) example() string {
	return v.layout.ID(hex.Offset{Col: 4, Row: 7}) + "-" + v.layout.ID(hex.Offset{Col: 5, Row: 7})
}

// hexsidePair parses "A4.7-A5.7" into two adjacent on-map hex ids.
func (v *loader) hexsidePair(m *Map, gi int, at string) (string, string, bool) {
	a, b, ok := strings.Cut(at, "-")
	if !ok {
		v.fail("hexsides[%d]: %q: write a hexside as two hex ids joined by a dash, like %s", gi, at, v.example())
		return "", "", false
	}
	for _, id := range []string{a, b} {
		if _, ok := m.Hex(id); !ok {
			v.fail("hexsides[%d]: %s: %q is not a hex of this map", gi, at, id)
			return "", "", false
		}
	}
	if m.Distance(a, b) != 1 {
		v.fail("hexsides[%d]: %s: hexes are not adjacent", gi, at)
		return "", "", false
	}
	ha, _ := m.Hex(a)
	hb, _ := m.Hex(b)
	return ha.ID, hb.ID, true
}

// kindList lists the non-empty keys of a set, sorted, for messages.
func kindList(set map[string]bool) string {
	var ks []string
	for _, k := range sortedKeys(set) {
		if k != "" {
			ks = append(ks, k)
		}
	}
	return strings.Join(ks, ", ")
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
