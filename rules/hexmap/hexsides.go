package lob

import (
	"fmt"
	"sort"
	"strings"

	"galloper/rules"
	"galloper/rules/hex"
)

// Hexside is a feature on the edge between two adjacent hexes: a Woods
// hexside (LoB 1.7d), a Stone Wall (1.7e), a Creek or Stream with its Fords
// and Bridges (1.7h, 3.1e), a thick Slope line (1.7b), a Rock Ledge (1.7j)
// or a Sudden Dip (4.2b). For the directional kinds, ledge and dip, A is
// the uphill side and B the downhill side the feature protects or hides.
type Hexside struct {
	A, B string
	Kind string
	Name string // e.g. the creek's name; may be empty
}

// Hexside kinds.
const (
	SideWoods  = "woods"
	SideCreek  = "creek"
	SideStream = "stream"
	SideFord   = "ford"
	SideBridge = "bridge"
	SideWall   = "wall"
	SideSlope  = "slope"
	SideLedge  = "ledge"
	SideDip    = "dip"
)

// hexsideKinds are the kinds a scenario may use; the value is the slot a
// kind fills, so that one hexside holds at most one of each slot (one
// waterway, one crossing).
var hexsideKinds = map[string]string{
	SideWoods: SideWoods, SideCreek: "water", SideStream: "water", SideFord: "crossing", SideBridge: "crossing",
	SideWall: SideWall, SideSlope: SideSlope, SideLedge: SideLedge, SideDip: SideDip,
}

// directional are the kinds whose A and B sides differ.
var directional = map[string]bool{SideLedge: true, SideDip: true}

// chainTypes are the types a road or a waterway course may have.
var chainTypes = map[string]map[string]bool{
	"roads":  {"pike": true, "road": true, "trail": true, "railroad": true},
	"creeks": {"": true, "creek": true, "stream": true, "river": true, "run": true},
}

// VictoryLocation is a hex worth victory points to the side holding it.
// LoB leaves victory to each game (LoB 11.0 #7); Galloper keeps the
// locations with the scenario.
type VictoryLocation struct {
	Name   string
	Hex    string
	Points int
}

// Reinforcement is one line of the Order of Arrival: units of a Command
// that enter at a map-edge hex on a turn (LoB 3.7).
type Reinforcement struct {
	Turn    int
	Side    rules.Side
	Command string
	Entry   string
	Units   []Brigade // Hex is the Entry hex
}

// yaml shapes of the parts of a scenario file this file reads.
type hexsideGroup struct {
	Kind string   `yaml:"kind"`
	Name string   `yaml:"name"`
	At   []string `yaml:"at"`
}

type victoryFile struct {
	Name   string `yaml:"name"`
	Hex    string `yaml:"hex"`
	Points int    `yaml:"points"`
}

type reinforcementFile struct {
	Turn    int        `yaml:"turn"`
	Side    string     `yaml:"side"`
	Command string     `yaml:"command"`
	Entry   string     `yaml:"entry"`
	Units   []unitFile `yaml:"units"`
}

type unitFile struct {
	Name   string `yaml:"name"`
	SP     int    `yaml:"sp"`
	Morale string `yaml:"morale"`
}

// sideKey names a hexside whichever way round it is written.
type sideKey struct{ a, b hex.Axial }

func keyOf(a, b hex.Axial) sideKey {
	if b.Q < a.Q || (b.Q == a.Q && b.R < a.R) {
		a, b = b, a
	}
	return sideKey{a, b}
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
// and the hexsides it runs along, written "A4.7-A5.7".
func (v *loader) hexsides(m *Map, groups []hexsideGroup) []Hexside {
	var out []Hexside
	var group []int                      // group index of each of out
	seen := map[sideKey]map[string]int{} // slot -> group index
	for gi, g := range groups {
		slot, ok := hexsideKinds[g.Kind]
		if !ok {
			v.fail("hexsides[%d]: field kind: unknown kind %q (use %s)", gi, g.Kind, strings.Join(sortedKeys(hexsideKinds), ", "))
			continue
		}
		if len(g.At) == 0 {
			v.fail("hexsides[%d]: field at: list at least one hexside, like A4.7-A5.7", gi)
		}
		for _, at := range g.At {
			a, b, ok := v.hexsidePair(m, gi, at)
			if !ok {
				continue
			}
			k := keyOf(m.axial(a), m.axial(b))
			if seen[k] == nil {
				seen[k] = map[string]int{}
			}
			if prev, dup := seen[k][slot]; dup {
				v.fail("hexsides[%d]: %s: already has a %s (hexsides[%d])", gi, at, slotName(slot), prev)
				continue
			}
			seen[k][slot] = gi
			out = append(out, Hexside{A: a, B: b, Kind: g.Kind, Name: g.Name})
			group = append(group, gi)
		}
	}
	for i, hs := range out {
		if hexsideKinds[hs.Kind] == "crossing" {
			if _, wet := seen[keyOf(m.axial(hs.A), m.axial(hs.B))]["water"]; !wet {
				v.fail("hexsides[%d]: %s-%s: a %s needs a creek or stream on the same hexside (LoB 3.1e)", group[i], hs.A, hs.B, hs.Kind)
			}
		}
		if hs.Kind == SideSlope {
			for _, id := range []string{hs.A, hs.B} {
				h, _ := m.Hex(id)
				h.Slope = true
			}
		}
	}
	return out
}

func slotName(slot string) string {
	switch slot {
	case "water":
		return "creek or stream"
	case "crossing":
		return "ford or bridge"
	}
	return slot
}

// hexsidePair parses "A4.7-A5.7" into two adjacent on-map hex ids.
func (v *loader) hexsidePair(m *Map, gi int, at string) (string, string, bool) {
	a, b, ok := strings.Cut(at, "-")
	if !ok {
		v.fail("hexsides[%d]: %q: write a hexside as two hex ids joined by a dash, like A4.7-A5.7", gi, at)
		return "", "", false
	}
	for _, id := range []string{a, b} {
		if _, ok := m.Hex(id); !ok {
			v.fail("hexsides[%d]: %s: %q is not a hex of this map", gi, at, id)
			return "", "", false
		}
	}
	if m.distance(a, b) != 1 {
		v.fail("hexsides[%d]: %s: hexes are not adjacent", gi, at)
		return "", "", false
	}
	ha, _ := m.Hex(a)
	hb, _ := m.Hex(b)
	return ha.ID, hb.ID, true
}

// victory reads the victory locations.
func (v *loader) victory(m *Map, fs []victoryFile) []VictoryLocation {
	var out []VictoryLocation
	for i, f := range fs {
		h, ok := m.Hex(f.Hex)
		switch {
		case f.Name == "":
			v.fail("victory[%d]: field name: a victory location needs a name", i)
		case !ok:
			v.fail("victory[%d] %q: field hex: %q is not a hex of this map", i, f.Name, f.Hex)
		case f.Points <= 0:
			v.fail("victory[%d] %q: field points: want a positive number, got %d", i, f.Name, f.Points)
		default:
			out = append(out, VictoryLocation{Name: f.Name, Hex: h.ID, Points: f.Points})
		}
	}
	return out
}

// reinforcements reads the Order of Arrival (LoB 3.7): units, each one
// infantry counter with its SPs and Morale Rating, that join a Command of
// their side and enter at a hex on the map edge (LoB 1.4b) on a turn of
// the scenario.
func (v *loader) reinforcements(s *Scenario, fs []reinforcementFile, names map[string]string) []Reinforcement {
	var out []Reinforcement
	for i, f := range fs {
		where := fmt.Sprintf("reinforcements[%d]", i)
		r := Reinforcement{Turn: f.Turn, Side: rules.Side(f.Side), Command: f.Command}
		if f.Turn < 1 || f.Turn > s.Turns {
			v.fail("%s: field turn: %d is not a turn of this scenario (1 to %d)", where, f.Turn, s.Turns)
		}
		if s.side(r.Side) == nil {
			v.fail("%s: field side: %q is not a side of this scenario", where, f.Side)
		} else if c := s.command(f.Command); c == nil || c.Side != r.Side {
			v.fail("%s: field command: %q is not a %s Command", where, f.Command, f.Side)
		}
		h, ok := s.Map.Hex(f.Entry)
		if !ok {
			v.fail("%s: field entry: %q is not a hex of this map", where, f.Entry)
		} else if o := h.At; o.Col != 1 && o.Col != s.Map.Cols && o.Row != 1 && o.Row != s.Map.Rows {
			v.fail("%s: field entry: %s is not on the map edge (LoB 3.7)", where, h.ID)
		} else {
			r.Entry = h.ID
		}
		if len(f.Units) == 0 {
			v.fail("%s: field units: list the units that arrive", where)
		}
		for _, u := range f.Units {
			if u.SP <= 0 || len(u.Morale) != 1 || u.Morale[0] < 'A' || u.Morale[0] > 'F' {
				v.fail("%s, unit %q: fields sp and morale: want sp > 0 and a morale rating A-F", where, u.Name)
			}
			v.unique(names, where, u.Name)
			r.Units = append(r.Units, Brigade{Unit: Unit{Name: u.Name, Arm: ArmInfantry, Sides: defaultSides(ArmInfantry, false), SP: u.SP, Morale: u.Morale, Hex: r.Entry}})
		}
		if c := s.command(f.Command); c != nil && c.Side == r.Side {
			// The units join their Command's order of battle; they stay
			// off the map until their turn (reinforcements.go).
			c.Brigades = append(c.Brigades, r.Units...)
		}
		out = append(out, r)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Turn < out[j].Turn })
	return out
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

// night reports whether a turn is a Night turn: before First Light or from
// nightfall on (LoB 2.3).
func (s *Scenario) night(turn int) bool {
	hm := s.clock(turn).Format("15:04")
	return hm < s.FirstLight || (s.Nightfall != "" && hm >= s.Nightfall)
}

// visibility is how far units can see on a turn: the scenario's day
// visibility, or 2 hexes at night (LoB 4.3, 2.3).
func (s *Scenario) visibility(turn int) int {
	if s.night(turn) {
		return losData.NightVisibility
	}
	return s.Visibility
}
