package gbacw

import (
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"

	"galloper/rules"
	"galloper/rules/hex"
	"galloper/rules/hexmap"
)

//go:embed scenarios/*.yaml
var scenarioFiles embed.FS

// scenarioFile is a scenario file: the map, the victory hexes, the
// commanders, divisions, brigades and units (scenarios/bristoe-ford.yaml
// documents the fields).
type scenarioFile struct {
	Name       string       `yaml:"name"`
	Turns      int          `yaml:"turns"`
	StartHour  int          `yaml:"start_hour"`
	Sides      []rules.Side `yaml:"sides"`
	Initiative rules.Side   `yaml:"initiative"`
	EMPool     []int        `yaml:"em_pool"`
	Map        hexmap.File  `yaml:"map"`
	Victory    []VictoryHex `yaml:"victory"`
	// Optional lists the optional rules the scenario is played with
	// (fog-of-war, ruling GBACW-R21); a game's own are added to them.
	Optional   []string `yaml:"optional"`
	Commanders []struct {
		Side       rules.Side `yaml:"side"`
		OC         string     `yaml:"oc"`
		Hex        string     `yaml:"hex"`
		Initiative int        `yaml:"initiative"`
		Range      int        `yaml:"range"`
	} `yaml:"commanders"`
	Corps []struct {
		ID         string     `yaml:"id"`
		Side       rules.Side `yaml:"side"`
		Leader     string     `yaml:"leader"`
		Hex        string     `yaml:"hex"`
		Efficiency int        `yaml:"efficiency"`
		Range      int        `yaml:"range"`
	} `yaml:"corps"`
	Divisions []struct {
		ID           string `yaml:"id"`
		Corps        string `yaml:"corps"`
		Leader       string `yaml:"leader"`
		Hex          string `yaml:"hex"`
		Coordination int    `yaml:"coordination"`
		Activation   int    `yaml:"activation"`
		Range        int    `yaml:"range"`
	} `yaml:"divisions"`
	Brigades []struct {
		ID        string `yaml:"id"`
		Division  string `yaml:"division"`
		Leader    string `yaml:"leader"`
		Hex       string `yaml:"hex"`
		Orders    string `yaml:"orders"`
		Profile   string `yaml:"profile"`
		Rating    int    `yaml:"rating"`
		Range     int    `yaml:"range"`
		Artillery bool   `yaml:"artillery"`
		Arrives   int    `yaml:"arrives"`
	} `yaml:"brigades"`
	Units []struct {
		Name       string `yaml:"name"`
		Brigade    string `yaml:"brigade"`
		Kind       string `yaml:"kind"`
		Hex        string `yaml:"hex"`
		SP         int    `yaml:"sp"`
		Cohesion   int    `yaml:"cohesion"`
		Disordered int    `yaml:"disordered"`
		MA         int    `yaml:"ma"`
		Weapon     string `yaml:"weapon"`
		Facing     string `yaml:"facing"`
		Green      bool   `yaml:"green"`
		// Sections are a battery's sections, if two or more (8.37).
		Sections []Section `yaml:"sections"`
	} `yaml:"units"`
}

// scenario is a loaded scenario: its starting state and map.
type scenario struct {
	start *State
	m     *hexmap.Map
}

var (
	scenarioMu    sync.Mutex
	scenarioCache = map[string]*scenario{}
)

// MapKinds is the GBACW map vocabulary: the Terrain Effects Chart's hex
// types by code, a pike and roads (9.43-9.45).
var MapKinds = &hexmap.Kinds{
	Terrain: map[byte]string{'.': "clear", 'o': "orchard", 'w': "woods", 'c': "cedar", 't': "town", 'b': "building", 'm': "marsh"},
	Codes:   ".owctbm",
	Roads:   map[string]bool{"pike": true, "road": true, "trail": true},
	Creeks:  map[string]bool{"stream": true},
	// Slope hexsides (10.21): Minor, Steep and Sheer; no entry is gradual.
	Hexsides:  map[string]string{SlopeMinor: "slope", SlopeSteep: "slope", SlopeSheer: "slope"},
	SlotNames: map[string]string{"slope": "slope"},
}

// The slope hexside kinds, in order of steepness (10.21).
const (
	SlopeMinor = "minor"
	SlopeSteep = "steep"
	SlopeSheer = "sheer"
)

func scenarioNames() []string {
	es, _ := fs.ReadDir(scenarioFiles, "scenarios")
	var out []string
	for _, e := range es {
		out = append(out, strings.TrimSuffix(e.Name(), ".yaml"))
	}
	sort.Strings(out)
	return out
}

func scenarioData(name string) ([]byte, error) {
	if strings.ContainsAny(name, "/\\.") {
		return nil, fmt.Errorf("no scenario %q", name)
	}
	return scenarioFiles.ReadFile("scenarios/" + name + ".yaml")
}

// loadScenario loads an embedded scenario once; its state is shared and
// must be cloned before use.
func loadScenario(name string) (*scenario, error) {
	scenarioMu.Lock()
	defer scenarioMu.Unlock()
	if sc, ok := scenarioCache[name]; ok {
		return sc, nil
	}
	data, err := scenarioData(name)
	if err != nil {
		return nil, fmt.Errorf("no scenario %q (known: %s)", name, strings.Join(scenarioNames(), ", "))
	}
	sc, err := LoadScenario(name, data)
	if err != nil {
		return nil, err
	}
	scenarioCache[name] = sc
	return sc, nil
}

// LoadScenario reads and checks a scenario file, reporting every fault.
func LoadScenario(name string, data []byte) (*scenario, error) {
	var f scenarioFile
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("scenario %s: %w", name, err)
	}
	var errs []string
	fail := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }
	m := hexmap.Build(&f.Map, MapKinds, fail)
	if len(errs) > 0 {
		return nil, fmt.Errorf("scenario %s: %s", name, strings.Join(errs, "; "))
	}
	s := &State{Scenario: name, Turn: 1, Turns: f.Turns, StartHour: f.StartHour, Phase: PhaseDraw, Places: f.Victory, m: &m, g: newGrid(&m)}
	for _, o := range f.Optional {
		if o != optFog && o != "17" && o != "10.24" {
			fail("optional rule %q is not known", o)
		}
		s.Optional = append(s.Optional, o)
	}
	onMap := func(what, h string) {
		if _, ok := m.Hex(h); !ok {
			fail("%s: hex %q is not on the map", what, h)
		}
	}
	if len(f.Sides) != 2 {
		fail("sides: a scenario has two sides")
		return nil, fmt.Errorf("scenario %s: %s", name, strings.Join(errs, "; "))
	}
	for _, side := range f.Sides {
		s.Sides = append(s.Sides, SideState{Side: side, EMPool: f.EMPool})
	}
	for _, c := range f.Commanders {
		onMap("OC "+c.OC, c.Hex)
		if ss := s.side(c.Side); ss != nil {
			ss.OC = c.OC
		} else {
			fail("OC %s: side %q", c.OC, c.Side)
		}
		s.Leaders = append(s.Leaders, Leader{Name: c.OC, Side: c.Side, Stars: 4, Hex: c.Hex, Range: c.Range, Initiative: c.Initiative})
	}
	for _, c := range f.Corps {
		onMap("corps "+c.ID, c.Hex)
		s.Corps = append(s.Corps, Corps{ID: c.ID, Side: c.Side, Leader: c.Leader, Rating: c.Efficiency})
		s.Leaders = append(s.Leaders, Leader{Name: c.Leader, Side: c.Side, Stars: 3, Command: c.ID, Hex: c.Hex, Range: c.Range})
	}
	for _, d := range f.Divisions {
		c := s.corps(d.Corps)
		if c == nil {
			fail("division %s: no corps %q", d.ID, d.Corps)
			continue
		}
		onMap("division "+d.ID, d.Hex)
		s.Divisions = append(s.Divisions, Division{ID: d.ID, Corps: d.Corps, Leader: d.Leader, Coordination: d.Coordination, Activation: d.Activation})
		s.Leaders = append(s.Leaders, Leader{Name: d.Leader, Side: c.Side, Stars: 2, Command: d.ID, Hex: d.Hex, Range: d.Range})
	}
	for _, b := range f.Brigades {
		d := s.division(b.Division)
		if d == nil {
			fail("brigade %s: no division %q", b.ID, b.Division)
			continue
		}
		onMap("brigade "+b.ID, b.Hex)
		o, err := ParseOrders(b.Orders)
		if err != nil {
			fail("brigade %s: %v", b.ID, err)
		}
		p := ActionProfile(b.Profile)
		if b.Profile == "-" || b.Profile == "" {
			p = NoProfile
		}
		bs := BrigadeSt{ID: b.ID, Division: b.Division, Leader: b.Leader, Orders: o.String(), Profile: p, Rating: b.Rating, Artillery: b.Artillery, Arrives: b.Arrives}
		lh := b.Hex
		if b.Arrives > 1 {
			bs.Entry, lh = b.Hex, ""
		}
		s.Brigades = append(s.Brigades, bs)
		s.Leaders = append(s.Leaders, Leader{Name: b.Leader, Side: s.sideOfDivision(d), Stars: 1, Command: b.ID, Hex: lh, Range: b.Range})
	}
	for _, u := range f.Units {
		b := s.brigade(u.Brigade)
		if b == nil {
			fail("unit %s: no brigade %q", u.Name, u.Brigade)
			continue
		}
		onMap("unit "+u.Name, u.Hex)
		if u.Kind != "infantry" && u.Kind != "cavalry" && u.Kind != "artillery" {
			fail("unit %s: kind %q (infantry, cavalry or artillery)", u.Name, u.Kind)
		}
		if s.unit(u.Name) != nil {
			fail("unit %s: the name is taken", u.Name)
		}
		us := UnitSt{Name: u.Name, Side: s.sideOfBrigade(b), Brigade: b.ID, Kind: u.Kind, Hex: u.Hex, SP: u.SP, Printed: u.SP,
			Cohesion: u.Cohesion, Disordered: u.Disordered, MA: u.MA, Weapon: u.Weapon, Green: u.Green, Sections: u.Sections}
		if err := checkSections(us); err != nil {
			fail("unit %s: %v", u.Name, err)
		}
		if b.Arrives > 1 {
			us.Hex = ""
		}
		if _, ok := m.Hex(u.Hex); ok {
			far := m.Axial(u.Hex)
			switch u.Facing {
			case "east":
				far = m.ToAxial(hex.Offset{Col: m.ToOffset(far).Col + 6, Row: m.ToOffset(far).Row})
			case "west":
				far = m.ToAxial(hex.Offset{Col: m.ToOffset(far).Col - 6, Row: m.ToOffset(far).Row})
			default:
				fail("unit %s: facing %q (east or west)", u.Name, u.Facing)
			}
			us.Facing = faceToward(m.Axial(u.Hex), far)
		}
		s.Units = append(s.Units, us)
	}
	if s.side(f.Initiative) == nil {
		fail("initiative: side %q", f.Initiative)
	} else {
		s.side(f.Initiative).Initiative = true
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("scenario %s: %s", name, strings.Join(errs, "; "))
	}
	return &scenario{start: s, m: &m}, nil
}
