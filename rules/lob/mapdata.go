package lob

import (
	"fmt"
	"sort"

	"galloper/rules"
	"galloper/rules/hex"
	"galloper/rules/hexmap"
)

// Map is a single LoB map sheet: the shared hex map (rules/hexmap) with
// LoB's Entry Areas and the map as line of sight reads it.
type Map struct {
	hexmap.Map
	// EntryAreas are the Entry Areas in order along the map edge (LoB
	// 3.7a), see reinforcements.go.
	EntryAreas []EntryArea
	// sight is the map as line of sight reads it (see los.go).
	sight *sightMap
}

// The map's parts, as rules/hexmap defines them.
type (
	Hex          = hexmap.Hex
	Road         = hexmap.Road
	Place        = hexmap.Place
	Hexside      = hexmap.Hexside
	hexsideGroup = hexmap.HexsideGroup
	sideKey      = hexmap.SideKey
)

func keyOf(a, b hex.Axial) sideKey { return hexmap.KeyOf(a, b) }

// parse reads an LoB hex id ("A3.10") that lies on this map.
func (m *Map) parse(id string) (hex.Offset, bool) { return m.Map.Parse(id) }

// hexID prints an offset as the rulebook does (LoB 1.4a), without padding.
func (m *Map) hexID(o hex.Offset) string { return m.Map.ID(o) }

// axial returns the axial coordinate of an on-map hex id.
func (m *Map) axial(id string) hex.Axial { return m.Map.Axial(id) }

// distance is the hex distance between two on-map hex ids.
func (m *Map) distance(a, b string) int { return m.Map.Distance(a, b) }

// onMap reports whether an axial coordinate lies on the map.
func (m *Map) onMap(a hex.Axial) bool { return m.Map.OnMap(a) }

// Hexside kinds: a Woods hexside (LoB 1.7d), a Stone Wall (1.7e), a Creek
// or Stream with its Fords and Bridges (1.7h, 3.1e), a thick Slope line
// (1.7b), a Rock Ledge (1.7j) or a Sudden Dip (4.2b). For the directional
// kinds, ledge and dip, A is the uphill side and B the downhill side.
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

var terrainCodes = map[byte]string{'.': "clear", 'w': "woods", 'o': "orchard", 't': "town"}

// mapKinds is LoB's map vocabulary for the shared loader: terrain codes,
// hexside kinds (a ford or bridge needs a creek or stream, LoB 3.1e), road
// types (LoB 3.0a) and waterway types.
var mapKinds = hexmap.Kinds{
	Terrain:   terrainCodes,
	Codes:     ".wot",
	Hexsides:  hexsideKinds,
	SlotNames: map[string]string{"water": "creek or stream", "crossing": "ford or bridge"},
	Needs:     map[string]string{"crossing": "water"},
	NeedsRule: "LoB 3.1e",
	Slope:     SideSlope,
	Roads:     map[string]bool{"pike": true, "road": true, "trail": true, "railroad": true},
	Creeks:    map[string]bool{"": true, "creek": true, "stream": true, "river": true, "run": true},
}

// mapFile is the map section of a scenario file: the shared hex map and
// LoB's Entry Areas (LoB 3.7).
type mapFile struct {
	hexmap.File `yaml:",inline"`
	EntryAreas  []entryAreaFile `yaml:"entry_areas"`
}

// mapData builds the map with the shared loader, then LoB's Entry Areas
// and line-of-sight grid.
func (v *loader) mapData(f *mapFile) Map {
	m := Map{Map: hexmap.Build(&f.File, &mapKinds, v.fail)}
	if m.Hexes == nil {
		return m
	}
	m.EntryAreas = v.entryAreas(&m, f.EntryAreas)
	m.sight = newSightMap(&m)
	return m
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
