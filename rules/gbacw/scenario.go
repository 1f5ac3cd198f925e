package gbacw

import (
	"bytes"
	"crypto/sha256"
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
	// Partial lists the partial hexes along the map's edges (2.1), which
	// no unit enters unless the Battle Book opens them (9.13 Note).
	Partial []string `yaml:"partial_hexes"`
	// BattleBook holds the battle's changes to the Series Rules (1.0).
	BattleBook BattleBook   `yaml:"battle_book"`
	Victory    []VictoryHex `yaml:"victory"`
	// Optional lists the optional rules the scenario is played with
	// (fog-of-war, ruling GBACW-R21); a game's own are added to them.
	Optional []string `yaml:"optional"`
	// Dawn, Dusk and Night list the hours (0-23) of the Battle Book's
	// Dawn, Dusk and Night turns (16.1, ruling GBACW-R55).
	Dawn       []int `yaml:"dawn"`
	Dusk       []int `yaml:"dusk"`
	Night      []int `yaml:"night"`
	Commanders []struct {
		Side        rules.Side       `yaml:"side"`
		OC          string           `yaml:"oc"`
		Hex         string           `yaml:"hex"`
		Initiative  int              `yaml:"initiative"`
		Range       int              `yaml:"range"`
		Replacement *replacementFile `yaml:"replacement"`
	} `yaml:"commanders"`
	Corps []struct {
		ID          string           `yaml:"id"`
		Side        rules.Side       `yaml:"side"`
		Leader      string           `yaml:"leader"`
		Hex         string           `yaml:"hex"`
		Efficiency  int              `yaml:"efficiency"`
		Range       int              `yaml:"range"`
		Replacement *replacementFile `yaml:"replacement"`
		// Arrives: as a division's (9.71), for a corps entering as
		// reinforcements.
		Arrives int `yaml:"arrives"`
	} `yaml:"corps"`
	Divisions []struct {
		ID           string           `yaml:"id"`
		Corps        string           `yaml:"corps"`
		Leader       string           `yaml:"leader"`
		Hex          string           `yaml:"hex"`
		Coordination int              `yaml:"coordination"`
		Activation   int              `yaml:"activation"`
		Range        int              `yaml:"range"`
		Replacement  *replacementFile `yaml:"replacement"`
		// Arrives is the turn a division entering as reinforcements
		// comes on: its leader is off the map until he enters with its
		// first unit (9.71); it has no hex then.
		Arrives int `yaml:"arrives"`
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
		// Under puts the command's units directly under their division
		// leader ("division") or its corps commander ("corps"), with no
		// brigadier of their own: a brigade for 4.22, traced to that
		// leader (ruling GBACW-R100).
		Under string `yaml:"under"`
		// Fatigue is the Fatigue Level the brigade starts or enters at:
		// "" (none), OK, or 0 to 4 (17.21 Play Note).
		Fatigue     string           `yaml:"fatigue"`
		Replacement *replacementFile `yaml:"replacement"`
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
		DisMA      int    `yaml:"disordered_ma"`
		Weapon     string `yaml:"weapon"`
		Facing     string `yaml:"facing"`
		Green      bool   `yaml:"green"`
		// Unbrigaded: the unit belongs to no brigade of its own (the
		// scenario groups it under one for activation) and incurs and
		// lowers Fatigue by itself (17.51).
		Unbrigaded bool `yaml:"unbrigaded"`
		// Arrives: a turn on which the unit enters alone at its hex, after
		// its brigade (9.71), tracking its own Fatigue until it joins it
		// (17.52).
		Arrives int `yaml:"arrives"`
		// Fatigue is the Fatigue Level an unbrigaded unit starts at or a
		// unit entering alone comes on at (17.21 Play Note, 17.5).
		Fatigue string `yaml:"fatigue"`
		// Dismounted is a cavalry unit's dismounted counter (14.21);
		// without it the unit may not dismount (ruling GBACW-R49).
		Dismounted *Counter `yaml:"dismounted"`
		// Sections are a battery's sections, if two or more (8.37).
		Sections []Section `yaml:"sections"`
	} `yaml:"units"`
}

// HorseArtillery is the scenario's unit kind for a horse artillery
// battery: artillery, paying artillery's movement costs (2.21, 9.14;
// ruling GBACW-R92).
const HorseArtillery = "horse-artillery"

// replacementFile is the back of a leader's counter (4.18): the
// replacement's name and the ratings that differ from the front's
// (ruling GBACW-R45).
type replacementFile struct {
	Name         string  `yaml:"name"`
	Range        *int    `yaml:"range"`
	Initiative   *int    `yaml:"initiative"`
	Efficiency   *int    `yaml:"efficiency"`
	Coordination *int    `yaml:"coordination"`
	Activation   *int    `yaml:"activation"`
	Profile      *string `yaml:"profile"`
	Rating       *int    `yaml:"rating"`
}

// standin is the Replacement side: the front's ratings, each replaced by
// the one the file gives. Nil when the file names no replacement.
func (f *replacementFile) standin(front Standin) *Standin {
	if f == nil || f.Name == "" {
		return nil
	}
	st := front
	st.Name = f.Name
	for _, x := range []struct {
		to   *int
		from *int
	}{{&st.Range, f.Range}, {&st.Initiative, f.Initiative}, {&st.Efficiency, f.Efficiency},
		{&st.Coordination, f.Coordination}, {&st.Activation, f.Activation}, {&st.Rating, f.Rating}} {
		if x.from != nil {
			*x.to = *x.from
		}
	}
	if f.Profile != nil {
		st.Profile = profileOf(*f.Profile)
	}
	return &st
}

// profileOf reads an Action Profile letter; "-" or "" is none (4.14).
func profileOf(p string) ActionProfile {
	if p == "-" || p == "" {
		return NoProfile
	}
	return ActionProfile(p)
}

// scenario is a loaded scenario: its starting state and map.
type scenario struct {
	start *State
	m     *hexmap.Map
}

var (
	scenarioMu    sync.Mutex
	scenarioCache = map[string]*scenario{}
	fileCache     = map[string]*scenario{} // owners' files, by name and content
)

// MapKinds is the GBACW map vocabulary: the Terrain Effects Chart's hex
// types by code, a pike and roads (9.43-9.45).
var MapKinds = &hexmap.Kinds{
	Terrain: map[byte]string{'.': "clear", 'o': "orchard", 'w': "woods", 'c': "cedar", 't': "town", 'b': "building", 'm': "marsh"},
	Codes:   ".owctbm",
	Roads:   map[string]bool{"pike": true, "road": true, "trail": true},
	Creeks:  map[string]bool{"stream": true},
	// Slope hexsides (10.21): Minor, Steep and Sheer; no entry is gradual.
	// Waterways with their fords and bridges, and impassable hexsides
	// (9.41-9.45, ruling GBACW-R50).
	Hexsides: map[string]string{SlopeMinor: "slope", SlopeSteep: "slope", SlopeSheer: "slope",
		SideStream: "water", SideRiver: "water", SideFord: "crossing", SideBridge: "crossing", SideImpassable: "barrier"},
	SlotNames: map[string]string{"slope": "slope", "water": "stream or river", "crossing": "ford or bridge", "barrier": "impassable hexside"},
	Needs:     map[string]string{"crossing": "water"},
	NeedsRule: "GBACW 9.43",
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

// loadScenarioFile loads an owner's scenario file (NewGameFromFile) once
// for each content: a game's state carries the file and is decoded at
// every mail.
func loadScenarioFile(name string, data []byte) (*scenario, error) {
	sum := sha256.Sum256(data)
	key := fmt.Sprintf("%s\x00%x", name, sum)
	scenarioMu.Lock()
	defer scenarioMu.Unlock()
	if sc, ok := fileCache[key]; ok {
		return sc, nil
	}
	sc, err := LoadScenario(name, data)
	if err != nil {
		return nil, err
	}
	fileCache[key] = sc
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
	s := &State{Scenario: name, Turn: 1, Turns: f.Turns, StartHour: f.StartHour, Phase: PhaseDraw, Places: f.Victory, m: &m, g: newGrid(&m), book: &f.BattleBook}
	for _, hs := range [][]int{f.Dawn, f.Dusk, f.Night} {
		for _, h := range hs {
			if h < 0 || h > 23 {
				fail("dawn, dusk, night: hour %d is not on the 24-hour clock (0-23)", h)
			}
		}
	}
	s.Dawn, s.Dusk, s.Night = f.Dawn, f.Dusk, f.Night
	f.BattleBook.check(fail)
	for i, id := range f.Partial {
		h, ok := m.Hex(id)
		if !ok {
			fail("partial_hexes[%d]: %q is not a hex of this map", i, id)
			continue
		}
		if h.At.Col != 1 && h.At.Col != m.Cols && h.At.Row != 1 && h.At.Row != m.Rows {
			fail("partial_hexes[%d]: %s is not on the map's edge", i, id)
		}
		s.g.partial[id] = true
	}
	for _, o := range f.Optional {
		if !knownOptional(o) {
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
		s.Leaders = append(s.Leaders, Leader{Name: c.OC, Side: c.Side, Stars: 4, Hex: c.Hex, Range: c.Range, Initiative: c.Initiative,
			Replacement: c.Replacement.standin(Standin{Range: c.Range, Initiative: c.Initiative})})
	}
	for _, c := range f.Corps {
		ch := c.Hex
		if c.Arrives > 1 {
			ch = "" // 9.71: he enters with the corps' first unit
		} else {
			onMap("corps "+c.ID, c.Hex)
		}
		s.Corps = append(s.Corps, Corps{ID: c.ID, Side: c.Side, Leader: c.Leader, Rating: c.Efficiency})
		s.Leaders = append(s.Leaders, Leader{Name: c.Leader, Side: c.Side, Stars: 3, Command: c.ID, Hex: ch, Range: c.Range,
			Replacement: c.Replacement.standin(Standin{Range: c.Range, Efficiency: c.Efficiency})})
	}
	for _, d := range f.Divisions {
		c := s.corps(d.Corps)
		if c == nil {
			fail("division %s: no corps %q", d.ID, d.Corps)
			continue
		}
		lh := d.Hex
		if d.Arrives > 1 {
			lh = "" // 9.71: he enters with the division's first unit
		} else {
			onMap("division "+d.ID, d.Hex)
		}
		s.Divisions = append(s.Divisions, Division{ID: d.ID, Corps: d.Corps, Leader: d.Leader, Coordination: d.Coordination, Activation: d.Activation})
		s.Leaders = append(s.Leaders, Leader{Name: d.Leader, Side: c.Side, Stars: 2, Command: d.ID, Hex: lh, Range: d.Range,
			Replacement: d.Replacement.standin(Standin{Range: d.Range, Coordination: d.Coordination, Activation: d.Activation})})
	}
	for _, b := range f.Brigades {
		d := s.division(b.Division)
		if d == nil {
			fail("brigade %s: no division %q", b.ID, b.Division)
			continue
		}
		if b.Under != "" {
			checkDirect(b.ID, b.Under, b.Leader != "" || b.Hex != "" || b.Profile != "" || b.Rating != 0 || b.Range != 0 || b.Replacement != nil, b.Arrives, fail)
		} else {
			onMap("brigade "+b.ID, b.Hex)
		}
		o, err := ParseOrders(b.Orders)
		if err != nil {
			fail("brigade %s: %v", b.ID, err)
		}
		p := profileOf(b.Profile)
		bs := BrigadeSt{ID: b.ID, Division: b.Division, Leader: b.Leader, Orders: o.String(), Profile: p, Rating: b.Rating, Artillery: b.Artillery, Arrives: b.Arrives, Under: b.Under}
		if bs.Fatigue, err = ParseFatigue(b.Fatigue); err != nil {
			fail("brigade %s: %v", b.ID, err)
		}
		lh := b.Hex
		if b.Arrives > 1 {
			bs.Entry, lh = b.Hex, ""
		}
		s.Brigades = append(s.Brigades, bs)
		if b.Under != "" {
			continue // no brigadier's counter (4.22)
		}
		s.Leaders = append(s.Leaders, Leader{Name: b.Leader, Side: s.sideOfDivision(d), Stars: 1, Command: b.ID, Hex: lh, Range: b.Range,
			Replacement: b.Replacement.standin(Standin{Range: b.Range, Profile: p, Rating: b.Rating})})
	}
	for _, u := range f.Units {
		b := s.brigade(u.Brigade)
		if b == nil {
			fail("unit %s: no brigade %q", u.Name, u.Brigade)
			continue
		}
		onMap("unit "+u.Name, u.Hex)
		kind, horse := u.Kind, u.Kind == HorseArtillery
		if horse {
			kind = "artillery" // 2.21, 9.14
		}
		if kind != "infantry" && kind != "cavalry" && kind != "artillery" {
			fail("unit %s: kind %q (infantry, cavalry, artillery or %s)", u.Name, u.Kind, HorseArtillery)
		}
		if s.unit(u.Name) != nil {
			fail("unit %s: the name is taken", u.Name)
		}
		us := UnitSt{Name: u.Name, Side: s.sideOfBrigade(b), Brigade: b.ID, Kind: kind, Horse: horse, Hex: u.Hex, SP: u.SP, Printed: u.SP,
			Cohesion: u.Cohesion, Disordered: u.Disordered, MA: u.MA, DisMA: u.DisMA, Weapon: u.Weapon, Green: u.Green, Sections: u.Sections}
		if err := checkSections(us); err != nil {
			fail("unit %s: %v", u.Name, err)
		}
		if u.Dismounted != nil {
			if u.Kind != "cavalry" {
				fail("unit %s: only cavalry has a dismounted counter (14.21)", u.Name)
			}
			c := *u.Dismounted
			us.Other = &c
		}
		if b.Arrives > 1 {
			us.Hex = ""
		}
		switch {
		case u.Unbrigaded:
			us.Own = OwnUnbrigaded
		case u.Arrives > max(b.Arrives, 1):
			us.Own, us.Arrives, us.Entry, us.Hex = OwnReinforcing, u.Arrives, u.Hex, ""
		case u.Arrives != 0:
			fail("unit %s: arrives %d: a unit entering alone comes after its brigade (turn %d)", u.Name, u.Arrives, max(b.Arrives, 1))
		case u.Fatigue != "":
			fail("unit %s: only an unbrigaded unit or one entering alone has a Fatigue Level of its own (GBACW 17.5)", u.Name)
		}
		var err error
		if us.Fatigue, err = ParseFatigue(u.Fatigue); err != nil {
			fail("unit %s: %v", u.Name, err)
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
	switch {
	case f.Initiative == "":
		// 5.11 Exception: only some scenarios say who has the first
		// turn's Initiative; without it, it is rolled before turn 1.
	case s.side(f.Initiative) == nil:
		fail("initiative: side %q", f.Initiative)
	default:
		s.side(f.Initiative).Initiative = true
	}
	s.checkDirectCommands(fail)         // 4.22
	f.BattleBook.checkCommands(s, fail) // 4.33
	s.startFormations()
	if len(errs) > 0 {
		return nil, fmt.Errorf("scenario %s: %s", name, strings.Join(errs, "; "))
	}
	return &scenario{start: s, m: &m}, nil
}
