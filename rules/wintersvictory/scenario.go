package wintersvictory

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"fmt"
	"io/fs"
	"slices"
	"sort"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"

	"galloper/rules"
	"galloper/rules/hex"
	"galloper/rules/hexmap"
	"galloper/rules/wintersvictory/wvtext"
)

//go:embed scenarios/*.yaml
var scenarioFiles embed.FS

// Scenario is a scenario file: the map, the turns, each side's HQ and
// Command Points, the objectives, the leaders and the combat units.
type Scenario struct {
	Name        string      `yaml:"name"`
	Description string      `yaml:"description"`
	FirstTurn   int         `yaml:"first_turn"`
	LastTurn    int         `yaml:"last_turn"`
	Hourly      []int       `yaml:"hourly"`
	Map         hexmap.File `yaml:"map"`
	Objectives  []Objective `yaml:"objectives"`
	MoraleCost  MoraleCost  `yaml:"morale_points"`
	Sides       []sideSetup `yaml:"sides"`
	// Corps are Corps Morale tracks apart from the armies' (14.0).
	Corps   []CorpsMorale `yaml:"corps_morale"`
	Leaders []leaderFile  `yaml:"leaders"`
	Units   []unitFile    `yaml:"units"`
}

type sideSetup struct {
	Side          rules.Side `yaml:"side"`
	Nation        string     `yaml:"nation"`
	HQ            string     `yaml:"hq"`
	CommandPoints int        `yaml:"command_points"`
	Morale        int        `yaml:"morale"`
}

type leaderFile struct {
	Name     string     `yaml:"name"`
	Side     rules.Side `yaml:"side"`
	Level    string     `yaml:"level"`
	Superior string     `yaml:"superior"`
	Hex      string     `yaml:"hex"`
	Radius   []int      `yaml:"radius"`
	MA       []int      `yaml:"ma"`
	Bonus    int        `yaml:"bonus"`
	State    string     `yaml:"state"`
}

type unitFile struct {
	Name      string     `yaml:"name"`
	Side      rules.Side `yaml:"side"`
	Nation    string     `yaml:"nation"`
	Type      string     `yaml:"type"`
	Class     string     `yaml:"class"`
	Brigade   string     `yaml:"brigade"`
	Hex       string     `yaml:"hex"`
	Facing    string     `yaml:"facing"`
	Formation string     `yaml:"formation"`
	Strength  int        `yaml:"strength"`
	ER        int        `yaml:"er"`
	EM        int        `yaml:"em"`
	FireClass int        `yaml:"fire_class"`
	MA        int        `yaml:"ma"`
	Crew      int        `yaml:"crew"`
	Ammo      int        `yaml:"ammo"`
	// Arrives is the turn a reinforcement may enter, at Hex (6.7).
	Arrives int `yaml:"arrives"`
}

// mapKinds is the map vocabulary: a terrain code per row of the Terrain
// Effects Chart (10.11) and the hexside kinds of 10.12-10.13 (hexside.go).
var mapKinds = hexmap.Kinds{
	Terrain:   map[byte]string{'.': "clear", 'l': "light-cover", 'f': "farmette", 'w': "woods", 't': "town", 'm': "frozen-wetlands"},
	Codes:     ".lfwtm",
	Hexsides:  hexsideKinds,
	SlotNames: hexsideSlots,
	Roads:     map[string]bool{"major": true, "minor": true},
	Creeks:    map[string]bool{"": true},
}

// scenarioNames lists the embedded scenarios.
func scenarioNames() []string {
	es, _ := fs.ReadDir(scenarioFiles, "scenarios")
	var out []string
	for _, e := range es {
		out = append(out, strings.TrimSuffix(e.Name(), ".yaml"))
	}
	sort.Strings(out)
	return out
}

// scenarioData returns an embedded scenario file.
func scenarioData(name string) ([]byte, error) {
	return scenarioFiles.ReadFile("scenarios/" + strings.TrimSuffix(name, ".yaml") + ".yaml")
}

// readScenario parses and checks a scenario file.
func readScenario(name string, data []byte) (*Scenario, *hexmap.Map, error) {
	var sc Scenario
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&sc); err != nil {
		return nil, nil, fmt.Errorf("scenario %s: %w", name, err)
	}
	var errs []string
	fail := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }
	m := hexmap.Build(&sc.Map, &mapKinds, fail)
	if len(errs) == 0 {
		checkHexsides(&sc.Map, &m, fail)
	}
	if len(errs) > 0 {
		return nil, nil, fmt.Errorf("scenario %s: %s", name, strings.Join(errs, "; "))
	}
	return &sc, &m, nil
}

var (
	mapsMu sync.Mutex
	maps   = map[string]*hexmap.Map{}
)

// mapKey is the key of a scenario's map in maps: a shipped scenario's
// name, or an owner's file's name and content (NewGameFromFile), so that
// a file never stands in for a shipped scenario of the same name.
func mapKey(name string, file []byte) string {
	if file == nil {
		return name
	}
	return fmt.Sprintf("%s\x00%x", name, sha256.Sum256(file))
}

// keepMap caches a map just built under its key and returns the one
// kept, the first built when two were.
func keepMap(key string, m *hexmap.Map) *hexmap.Map {
	mapsMu.Lock()
	defer mapsMu.Unlock()
	if old, ok := maps[key]; ok {
		return old
	}
	maps[key] = m
	return m
}

// scenarioMap returns the map of a scenario, read once: the owner's file
// a game carries when it carries one, otherwise the embedded scenario
// the name gives.
func scenarioMap(name string, file []byte) (*hexmap.Map, error) {
	key := mapKey(name, file)
	mapsMu.Lock()
	m, ok := maps[key]
	mapsMu.Unlock()
	if ok {
		return m, nil
	}
	data := file
	if data == nil {
		d, err := scenarioData(name)
		if err != nil {
			return nil, fmt.Errorf("no scenario %q (known: %s)", name, strings.Join(scenarioNames(), ", "))
		}
		data = d
	}
	_, m, err := readScenario(name, data)
	if err != nil {
		return nil, err
	}
	return keepMap(key, m), nil
}

// LoadScenario builds the starting state of a scenario file. Every
// problem is reported at once, naming the leader or unit and the field.
func LoadScenario(name string, data []byte) (*State, error) {
	sc, m, err := readScenario(name, data)
	if err != nil {
		return nil, err
	}
	s := &State{Scenario: name, Turn: sc.FirstTurn, FirstTurn: sc.FirstTurn, LastTurn: sc.LastTurn,
		Hourly: sc.Hourly, Objectives: sc.Objectives, MoraleCost: sc.MoraleCost, Corps: sc.Corps}
	var errs []string
	fail := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }
	onMap := func(what, id string) {
		if _, ok := m.Hex(id); !ok {
			fail("%s: hex %q is not on the map", what, id)
		}
	}
	if sc.FirstTurn < 1 || sc.LastTurn < sc.FirstTurn {
		fail("turns %d to %d", sc.FirstTurn, sc.LastTurn)
	}
	for _, o := range sc.Objectives {
		onMap("objective "+o.Name, o.Hex)
		for _, h := range o.Held {
			if !slices.Contains(sides, h) {
				fail("objective %s: held by %q, not French or Allied", o.Name, h)
			}
		}
		if o.Morale < 0 {
			fail("objective %s: morale %d is under 0", o.Name, o.Morale)
		}
	}
	for _, sd := range sc.Sides {
		if !slices.Contains(sides, sd.Side) {
			fail("side %q is not French or Allied", sd.Side)
			continue
		}
		onMap(string(sd.Side)+" HQ", sd.HQ)
		s.HQ[sideIndex(sd.Side)], s.CP[sideIndex(sd.Side)] = sd.HQ, sd.CommandPoints
		s.Morale[sideIndex(sd.Side)] = sd.Morale
	}
	levels := map[string]Level{"army": Army, "corps": Corps, "division": Division, "brigade": Brigade}
	for _, lf := range sc.Leaders {
		l := Leader{Name: lf.Name, Side: lf.Side, Level: levels[lf.Level], Superior: lf.Superior, Hex: lf.Hex,
			Radius: lf.Radius, MA: lf.MA, Bonus: lf.Bonus}
		what := "leader " + lf.Name
		onMap(what, lf.Hex)
		switch {
		case l.Level == 0:
			fail("%s: level %q is not army, corps, division or brigade", what, lf.Level)
		case l.Level == Brigade && (len(l.Radius) != 1 || len(l.MA) != 1):
			fail("%s: a brigade has one radius and one MA", what)
		case l.Level != Brigade && (len(l.Radius) != 2 || len(l.MA) != 2):
			fail("%s: radius and ma are [Standing, Mobilized]", what)
		}
		if l.Level != Brigade {
			l.State = map[string]CommandState{"standing": Standing, "mobilized": Mobilized}[lf.State]
			if l.State == 0 {
				fail("%s: state %q is not standing or mobilized", what, lf.State)
			}
		}
		if (l.Level == Army) != (lf.Superior == "") {
			fail("%s: only the Army Commander has no superior", what)
		}
		s.Leaders = append(s.Leaders, l)
	}
	for _, l := range s.Leaders {
		if sup := s.leader(l.Superior); l.Superior != "" && (sup == nil || sup.Side != l.Side || sup.Level >= l.Level) {
			fail("leader %s: superior %q is not a higher leader of his side", l.Name, l.Superior)
		}
	}
	for _, uf := range sc.Units {
		what := "unit " + uf.Name
		onMap(what, uf.Hex)
		u := Unit{Name: uf.Name, Side: uf.Side, Nation: uf.Nation, Type: uf.Type, Class: uf.Class, Brigade: uf.Brigade,
			Hex: uf.Hex, Formation: uf.Formation, Strength: uf.Strength, Printed: uf.Strength, ER: uf.ER, EM: uf.EM,
			FireClass: uf.FireClass, MA: uf.MA, Crew: uf.Crew, Ammo: uf.Ammo, FullAmmo: uf.Ammo}
		f, ok := facingIndex(uf.Facing)
		if !ok {
			fail("%s: facing %q is not one of %s", what, uf.Facing, strings.Join(wvtext.Facings, " "))
		}
		u.Facing = f
		if !slices.Contains(formationsOf(u.Type), u.Formation) {
			fail("%s: formation %q is not one of %s", what, u.Formation, strings.Join(formationsOf(u.Type), ", "))
		}
		if b := s.leader(uf.Brigade); b == nil || b.Side != u.Side {
			fail("%s: brigade %q is not a leader of its side", what, uf.Brigade)
		}
		if u.Strength < 1 || u.ER < 0 || u.MA < 1 {
			fail("%s: strength, er and ma must be positive", what)
		}
		if s.unit(u.Name) != nil || s.reserveIndex(u.Side, u.Name) >= 0 {
			fail("%s: the name is used twice", what)
		}
		if uf.Arrives > 0 {
			u.Arrives = uf.Arrives
			s.Reserve = append(s.Reserve, u)
			continue
		}
		s.Units = append(s.Units, u)
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("scenario %s: %s", name, strings.Join(errs, "; "))
	}
	s.grid = m
	return s, nil
}

// formationsOf lists the formations of a unit type (7.3, 7.4, 7.51).
func formationsOf(typ string) []string {
	switch typ {
	case "infantry":
		return []string{"column", "line", "square", "general order"}
	case "cavalry":
		return []string{"line", "general order"}
	case "artillery":
		return []string{"limbered", "unlimbered"}
	}
	return nil
}

// layout is the layout every Winter's Victory map of Galloper's uses:
// flat-top hexes, so the six vertices a front may point at are NE, E,
// SE, SW, W and NW.
var layout = hex.Layout{Top: hex.FlatTop, Shifted: hex.Even, Rows: hex.RowsDown, IDs: hex.IDScheme{Form: hex.Digits}}

// facingNames name vertex 0-5 by their compass point.
var facingNames = func() [6]string {
	var out [6]string
	for i := range out {
		out[i] = rules.CompassPoint(layout.CornerBearing(i))
	}
	return out
}()

// facingIndex reads a facing name.
func facingIndex(name string) (int, bool) {
	i := slices.Index(facingNames[:], strings.ToUpper(name))
	return i, i >= 0
}
