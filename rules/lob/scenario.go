package lob

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"galloper/rules"
	"galloper/rules/hex"

	"go.yaml.in/yaml/v3"
)

//go:embed scenarios/*.yaml
var scenarioFiles embed.FS

// scenarioNames lists the embedded scenarios.
// The first is the default.
var scenarioNames = []string{DefaultScenario, "tanners-creek", "lantern-ridge-battle"}

// DefaultScenario is the scenario the demo and new games use unless told
// otherwise.
const DefaultScenario = "lantern-ridge"

// ScenarioData returns the bytes of an embedded scenario file. The daemon
// hashes them into the dice commitment.
func ScenarioData(name string) ([]byte, error) {
	for _, n := range scenarioNames {
		if n == name {
			return scenarioFiles.ReadFile("scenarios/" + name + ".yaml")
		}
	}
	if data, ok := registered.Load(name); ok { // scenario_register.go
		return data.([]byte), nil
	}
	return nil, fmt.Errorf("lob: unknown scenario %q (have %s)", name, strings.Join(scenarioNames, ", "))
}

// Scenario is the static part of a game: map, clock and order of battle.
type Scenario struct {
	Name       string
	Title      string
	Map        Map
	Start      time.Time
	TurnMins   int
	Turns      int
	FirstLight string // clock time "HH:MM" of the first Twilight turn
	// Nightfall is the clock time "HH:MM" of the first Night turn, or ""
	// when the scenario ends before dark (LoB 2.3).
	Nightfall  string
	Visibility int // hexes by day (LoB 4.3); night is always 2 (LoB 2.3)
	Sides      []SideOOB
	// Victory lists the scenario's victory locations.
	Victory []VictoryLocation
	// Reinforcements is the Order of Arrival (LoB 3.7), by turn.
	Reinforcements []Reinforcement
	// Optional lists the optional rules (LoB 12.0) in play, e.g. "12.4".
	Optional []string
	// FlukeGrace, when set, replaces the chart pack's Fluke Stoppage grace
	// period: "unless the scenario specifically states otherwise" (10.7b).
	FlukeGrace int
	// unitIndex and commandIndex find units and Commands by name (unit,
	// command); nil until indexUnits.
	unitIndex    map[string]*Unit
	commandIndex map[string]*Command
	// brigadeIndex finds the brigade a unit belongs to (unitBrigade); nil
	// until indexUnits.
	brigadeIndex map[string]*Brigade
}

// SideOOB is one side's order of battle.
type SideOOB struct {
	Side      rules.Side
	Awareness string
	Army      Command
	Commands  []Command
	Wagons    []Wagon
	// Breastworks is the number of Breastwork markers the game rules
	// give the side; none when not listed (LoB 9.5a).
	Breastworks int
	// Supply is the side's game-specific supply (LoB 8.5c, 8.5d).
	Supply SideSupply
}

// Command is a formation with its own HQ (LoB 10.1): the army, a corps, a
// division or an Artillery Battalion. Parent names the Command above it
// ("" for one directly under the army).
type Command struct {
	Name   string
	Side   rules.Side
	Level  string // army, corps, division or artillery-battalion: a Command Radius key
	Parent string
	Leader Leader
	HQ     string // starting hex of the HQ and its leader
	// NoHQ marks a Command whose leader fills in for an HQ (LoB 10.2b,
	// 10.6d example step 4): there is no HQ counter.
	NoHQ bool
	// ArrivesTurn, when set, brings the whole Command on at Entry on that
	// turn as a reinforcement (LoB 3.7); until then it is off the map.
	ArrivesTurn int
	Entry       string
	Brigades    []Brigade
	// Units are combat units attached directly to the Command, outside
	// any brigade: batteries, cavalry (LoB 10.7e, 10.8e).
	Units []Unit
}

// HQName is the name of the Command's HQ counter.
func (c *Command) HQName() string { return c.Name + " HQ" }

// Leader is a leader counter (LoB 9.1).
type Leader struct {
	Name    string
	Command int // Command Value
	Morale  int // Morale Value
	// Artillery marks an Artillery Leader, crossed cannons (LoB 9.1c).
	Artillery bool
}

// Brigade is a brigade: its own counter (a consolidated brigade, LoB
// 1.3c) when it lists no regiments, or a leader and regiments.
type Brigade struct {
	Unit
	Leader    *Leader
	Regiments []Unit
}

// parseHexID splits "A3.10" into its map letter and offset.
func parseHexID(id string) (hex.Offset, string, bool) {
	i := strings.IndexFunc(id, func(r rune) bool { return r >= '0' && r <= '9' })
	if i < 1 {
		return hex.Offset{}, "", false
	}
	c, r, ok := strings.Cut(id[i:], ".")
	if !ok {
		return hex.Offset{}, "", false
	}
	col, err1 := strconv.Atoi(c)
	row, err2 := strconv.Atoi(r)
	if err1 != nil || err2 != nil {
		return hex.Offset{}, "", false
	}
	return hex.Offset{Col: col, Row: row}, id[:i], true
}

// yaml shapes of the scenario file.
type scenarioFile struct {
	Name  string  `yaml:"name"`
	Title string  `yaml:"title"`
	Map   mapFile `yaml:"map"`
	// MapFrom names another embedded scenario whose map this one is
	// fought on, instead of a map of its own.
	MapFrom    string              `yaml:"map_from"`
	Start      string              `yaml:"start"`
	TurnMins   int                 `yaml:"turn_minutes"`
	Turns      int                 `yaml:"turns"`
	FirstLight string              `yaml:"first_light"`
	Nightfall  string              `yaml:"nightfall"`
	Visibility int                 `yaml:"visibility"`
	Sides      []sideFile          `yaml:"sides"`
	Victory    []victoryFile       `yaml:"victory"`
	Arrivals   []reinforcementFile `yaml:"reinforcements"`
	Optional   []string            `yaml:"optional_rules"`
	FlukeGrace int                 `yaml:"fluke_grace_turns"`
}

type sideFile struct {
	Side      string        `yaml:"side"`
	Awareness string        `yaml:"awareness"`
	Army      commandFile   `yaml:"army"`
	Commands  []commandFile `yaml:"commands"`
	Wagons    []wagonFile   `yaml:"wagons"`
	// Breastworks is the side's Breastwork marker count (LoB 9.5a).
	Breastworks int `yaml:"breastworks"`
	// Supply is the game's own supply rules (LoB 8.5c, 8.5d).
	Supply supplyFile `yaml:"supply"`
}

type commandFile struct {
	Name     string        `yaml:"name"`
	Level    string        `yaml:"level"`
	Parent   string        `yaml:"parent"`
	Leader   leaderFile    `yaml:"leader"`
	HQ       string        `yaml:"hq"`
	NoHQ     bool          `yaml:"no_hq"`
	Arrives  *arrivalFile  `yaml:"arrives"`
	Brigades []brigadeFile `yaml:"brigades"`
	Units    []counterFile `yaml:"units"`
}

type wagonFile struct {
	Name    string `yaml:"name"`
	Command string `yaml:"command"`
	Hex     string `yaml:"hex"`
	Shell   int    `yaml:"shell"`
	Can     int    `yaml:"canister"`
}

// counterFile is a combat unit: a regiment, battery or brigade counter.
type counterFile struct {
	Name         string   `yaml:"name"`
	Arm          string   `yaml:"arm"`
	Mounted      bool     `yaml:"mounted"`
	Weapon       string   `yaml:"weapon"`
	SP           int      `yaml:"sp"`
	Morale       string   `yaml:"morale"`
	Sides        []string `yaml:"sides"`
	OpenOrder    bool     `yaml:"open_order"`
	Sharpshooter bool     `yaml:"sharpshooter"`
	Canister     string   `yaml:"canister"`
	Hex          string   `yaml:"hex"`
}

type leaderFile struct {
	Name    string `yaml:"name"`
	Command *int   `yaml:"command"`
	Morale  *int   `yaml:"morale"`
	// Artillery marks an Artillery Leader (LoB 9.1c).
	Artillery bool `yaml:"artillery"`
}

type brigadeFile struct {
	counterFile `yaml:",inline"`
	Leader      *leaderFile   `yaml:"leader"`
	Regiments   []counterFile `yaml:"regiments"`
}

// loadScenario reads and validates an embedded scenario.
func loadScenario(name string) (*Scenario, error) {
	data, err := ScenarioData(name)
	if err != nil {
		return nil, err
	}
	return parseScenario("scenarios/"+name+".yaml", data)
}

// parseScenario reads a scenario file; errors name the file, hex and field.
func parseScenario(file string, data []byte) (*Scenario, error) {
	var f scenarioFile
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	v := &loader{file: file}
	if err := dec.Decode(&f); err != nil {
		var te *yaml.TypeError
		if !errors.As(err, &te) {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		for _, e := range te.Errors {
			v.fail("%s", e)
		}
		return nil, v.err()
	}
	s := v.scenario(&f)
	if err := v.err(); err != nil {
		return nil, err
	}
	s.indexUnits()
	return s, nil
}

// maxLoadErrors bounds how many problems one load reports.
const maxLoadErrors = 20

// loader collects the problems found while building a scenario, so that
// an author sees them all at once, each naming the file, hex and field.
type loader struct {
	file string
	errs []error
}

func (v *loader) fail(format string, args ...any) {
	if len(v.errs) < maxLoadErrors {
		v.errs = append(v.errs, fmt.Errorf("%s: %s", v.file, fmt.Sprintf(format, args...)))
	}
}

// err joins the problems found, one a line, or is nil.
func (v *loader) err() error { return errors.Join(v.errs...) }

func (v *loader) scenario(f *scenarioFile) *Scenario {
	s := &Scenario{Name: f.Name, Title: f.Title, TurnMins: f.TurnMins, Turns: f.Turns,
		FirstLight: f.FirstLight, Visibility: f.Visibility, Optional: f.Optional, FlukeGrace: f.FlukeGrace}
	if f.FlukeGrace < 0 {
		v.fail("field fluke_grace_turns: %d is negative", f.FlukeGrace)
	}
	for _, o := range f.Optional {
		if !optionalRules[o] {
			v.fail("field optional_rules: %q is not one of 12.1, 12.2, 12.3, 12.4, 12.5", o)
		}
	}
	start, err := time.Parse("2006-01-02 15:04", f.Start)
	if err != nil {
		v.fail("field start: %q is not a date and time like 1863-06-14 07:00", f.Start)
	}
	s.Start = start
	if _, err := time.Parse("15:04", f.FirstLight); err != nil {
		v.fail("field first_light: %q is not a clock time like 04:45", f.FirstLight)
	}
	if _, err := time.Parse("15:04", f.Nightfall); f.Nightfall != "" && err != nil {
		v.fail("field nightfall: %q is not a clock time like 20:15", f.Nightfall)
	}
	s.Nightfall = f.Nightfall
	if !v.bounded(f) { // scenario_bounds.go
		return s
	}
	mf := v.mapOf(f)
	if mf == nil {
		return s // no map to check the rest against
	}
	s.Map = v.mapData(mf)
	if s.Map.Hexes == nil {
		return s // no grid to check the rest against
	}
	names := map[string]string{}
	for _, sf := range f.Sides {
		s.Sides = append(s.Sides, v.side(&s.Map, &sf, names))
	}
	if len(s.Sides) != 2 {
		v.fail("field sides: want 2 sides, got %d", len(s.Sides))
	}
	s.Victory = v.victory(&s.Map, f.Victory)
	s.Reinforcements = v.reinforcements(s, f.Arrivals, names)
	return s
}

func (v *loader) side(m *Map, f *sideFile, names map[string]string) SideOOB {
	sd := SideOOB{Side: rules.Side(f.Side), Awareness: f.Awareness, Breastworks: f.Breastworks}
	if f.Side == "" || f.Awareness == "" {
		v.fail("side %q: fields side and awareness are required", f.Side)
	}
	if f.Breastworks < 0 {
		v.fail("side %s: field breastworks: %d is negative", f.Side, f.Breastworks)
	}
	sd.Army = v.command(m, sd.Side, LevelArmy, &f.Army, names)
	for i := range f.Commands {
		sd.Commands = append(sd.Commands, v.command(m, sd.Side, f.Commands[i].Level, &f.Commands[i], names))
	}
	if len(sd.Commands) < 1 {
		v.fail("side %s: field commands: at least one Command is required", f.Side)
	}
	v.parents(&sd)
	for _, w := range f.Wagons {
		where := fmt.Sprintf("side %s, wagon %q", sd.Side, w.Name)
		if _, ok := m.Hex(w.Hex); !ok {
			v.fail("%s: field hex: %q is not a hex of this map", where, w.Hex)
		}
		v.unique(names, where, w.Name)
		sd.Wagons = append(sd.Wagons, Wagon(w))
	}
	sd.Supply = v.supply(m, &sd, f.Supply)
	return sd
}

// optionalRules are the optional rules a game may switch on (LoB 12.0).
var optionalRules = map[string]bool{"12.1": true, "12.2": true, "12.3": true, "12.4": true, "12.5": true, SecretOOB: true}

// commandLevels are the levels a scenario may give a Command (LoB 10.1a).
var commandLevels = map[string]bool{LevelCorps: true, LevelDivision: true, LevelBrigade: true, LevelArtillery: true}

// parents checks each Command's parent and fills in organisation paths.
func (v *loader) parents(sd *SideOOB) {
	known := map[string]*Command{sd.Army.Name: &sd.Army}
	for i := range sd.Commands {
		known[sd.Commands[i].Name] = &sd.Commands[i]
	}
	for i := range sd.Commands {
		c := &sd.Commands[i]
		if c.Parent == "" {
			continue
		}
		p, ok := known[c.Parent]
		if !ok || p == c || p.Level == LevelDivision && c.Level == LevelCorps {
			v.fail("side %s, command %q: field parent: %q is not a higher Command of this side", sd.Side, c.Name, c.Parent)
			c.Parent = ""
		}
	}
	for _, c := range append([]*Command{&sd.Army}, ptrs(sd.Commands)...) {
		path := orgChain(c, known)
		for i := range c.Brigades {
			b := &c.Brigades[i]
			b.Org = path
			for j := range b.Regiments {
				b.Regiments[j].Org = append(append([]string(nil), path...), b.Name)
			}
		}
		for i := range c.Units {
			c.Units[i].Org = path
		}
	}
}

// orgChain is the organisation path of a Command's units: the army, then
// each Command down to this one (LoB 11.0 #10).
func orgChain(c *Command, known map[string]*Command) []string {
	var path []string
	seen := map[string]bool{}
	for x := c; x != nil && !seen[x.Name]; x = known[x.Parent] {
		seen[x.Name] = true
		path = append([]string{x.Name}, path...)
		if x.Level == LevelArmy {
			return path
		}
		if x.Parent == "" {
			for _, k := range known {
				if k.Level == LevelArmy {
					return append([]string{k.Name}, path...)
				}
			}
		}
	}
	return path
}

func (v *loader) command(m *Map, side rules.Side, level string, f *commandFile, names map[string]string) Command {
	if level == "" {
		level = LevelDivision
	}
	c := Command{Name: f.Name, Side: side, Level: level, Parent: f.Parent, HQ: f.HQ, NoHQ: f.NoHQ}
	where := fmt.Sprintf("side %s, command %q", side, f.Name)
	if level != LevelArmy && !commandLevels[level] {
		v.fail("%s: field level: %q is not corps, division, brigade or artillery-battalion", where, level)
	}
	if l, ok := v.leader(where, &f.Leader); ok {
		c.Leader = l
	}
	if _, ok := m.Hex(f.HQ); !ok {
		v.fail("%s: field hq: %q is not a hex of this map", where, f.HQ)
	}
	if c.NoHQ {
		v.unique(names, where, f.Name, c.Leader.Name)
	} else {
		v.unique(names, where, f.Name, c.HQName(), c.Leader.Name)
	}
	if level == LevelDivision && len(f.Brigades) == 0 {
		v.fail("%s: field brigades: a division needs brigades", where)
	}
	for i := range f.Brigades {
		c.Brigades = append(c.Brigades, v.brigade(m, where, &f.Brigades[i], names))
	}
	for i := range f.Units {
		c.Units = append(c.Units, v.counter(m, where, "unit", &f.Units[i], names))
	}
	if f.Arrives != nil {
		c.ArrivesTurn, c.Entry = f.Arrives.Turn, v.entryHex(m, where, f.Arrives.Entry)
		if f.Arrives.Turn < 2 {
			v.fail("%s: field arrives: turn %d; a Command on the map from the start needs no arrives", where, f.Arrives.Turn)
		}
	}
	return c
}

// arrivalFile brings a whole Command on as a reinforcement (LoB 3.7).
type arrivalFile struct {
	Turn  int    `yaml:"turn"`
	Entry string `yaml:"entry"`
}

// entryHex checks that a reinforcement's Entry Hex is on the map edge
// (LoB 3.7).
func (v *loader) entryHex(m *Map, where, id string) string {
	h, ok := m.Hex(id)
	switch {
	case !ok:
		v.fail("%s: field entry: %q is not a hex of this map", where, id)
	case h.At.Col != 1 && h.At.Col != m.Cols && h.At.Row != 1 && h.At.Row != m.Rows:
		v.fail("%s: field entry: %s is not on the map edge (LoB 3.7)", where, h.ID)
	default:
		return h.ID
	}
	return ""
}

// mapOf is the scenario's own map, or the map of the embedded scenario
// named by map_from; nil when that scenario has no map of its own.
func (v *loader) mapOf(f *scenarioFile) *mapFile {
	if f.MapFrom == "" {
		return &f.Map
	}
	if f.Map.Letter != "" {
		v.fail("fields map and map_from: give one or the other")
	}
	data, err := ScenarioData(f.MapFrom)
	if err != nil {
		v.fail("field map_from: %v", err)
		return &f.Map
	}
	var other struct {
		Map     mapFile `yaml:"map"`
		MapFrom string  `yaml:"map_from"`
	}
	if err := yaml.Unmarshal(data, &other); err != nil {
		v.fail("field map_from: %s: %v", f.MapFrom, err)
		return &f.Map
	}
	if other.MapFrom != "" { // one step only: the named scenario must hold the map
		v.fail("field map_from: %s takes its own map from %s; name that one", f.MapFrom, other.MapFrom)
		return nil
	}
	return &other.Map
}

func (v *loader) leader(where string, f *leaderFile) (Leader, bool) {
	if f.Command == nil || f.Morale == nil || f.Name == "" {
		v.fail("%s: field leader: name, command and morale are required", where)
		return Leader{}, false
	}
	return Leader{Name: f.Name, Command: *f.Command, Morale: *f.Morale, Artillery: f.Artillery}, true
}

// brigade reads a brigade: a counter of its own, or a leader and regiments.
func (v *loader) brigade(m *Map, where string, f *brigadeFile, names map[string]string) Brigade {
	bw := fmt.Sprintf("%s, brigade %q", where, f.Name)
	if len(f.Regiments) == 0 {
		return Brigade{Unit: v.counter(m, where, "brigade", &f.counterFile, names)}
	}
	b := Brigade{Unit: Unit{Name: f.Name, Hex: f.Hex}}
	v.unique(names, bw, f.Name)
	if f.Leader != nil {
		if l, ok := v.leader(bw, f.Leader); ok {
			b.Leader = &l
			v.unique(names, bw, l.Name)
		}
	}
	if _, ok := m.Hex(f.Hex); !ok {
		v.fail("%s: field hex: %q is not a hex of this map (the brigade leader's set-up hex)", bw, f.Hex)
	}
	for i := range f.Regiments {
		b.Regiments = append(b.Regiments, v.counter(m, bw, "unit", &f.Regiments[i], names))
	}
	return b
}

// arms are the combat arms a unit may have (LoB 1.3).
var arms = map[string]bool{ArmInfantry: true, ArmCavalry: true, ArmArtillery: true}

// counter reads one combat unit counter, a brigade's or a unit's (what
// names it in errors); arm defaults to infantry.
func (v *loader) counter(m *Map, where, what string, f *counterFile, names map[string]string) Unit {
	u := Unit{Name: f.Name, Arm: f.Arm, Mounted: f.Mounted, Weapon: f.Weapon, SP: f.SP, Morale: f.Morale,
		Sides: f.Sides, OpenOrder: f.OpenOrder, Sharpshooter: f.Sharpshooter, Canister: f.Canister, Hex: f.Hex}
	if u.Arm == "" {
		u.Arm = ArmInfantry
	}
	if len(u.Sides) == 0 {
		u.Sides = defaultSides(u.Arm, u.Mounted)
	}
	uw := fmt.Sprintf("%s, %s %q", where, what, f.Name)
	if !arms[u.Arm] {
		v.fail("%s: field arm: %q is not infantry, cavalry or artillery", uw, u.Arm)
	}
	if _, ok := m.Hex(f.Hex); !ok {
		v.fail("%s: field hex: %q is not a hex of this map", uw, f.Hex)
	}
	if u.SP <= 0 || len(u.Morale) != 1 || u.Morale[0] < 'A' || u.Morale[0] > 'F' {
		v.fail("%s: fields sp and morale: want sp > 0 and a morale rating A-F", uw)
	}
	if u.Canister != "" && u.Canister != "dense" && u.Canister != "normal" {
		v.fail("%s: field canister: %q is not dense or normal", uw, u.Canister)
	}
	v.unique(names, uw, f.Name)
	return u
}

// unique checks that every counter name is used once in the scenario.
func (v *loader) unique(names map[string]string, where string, ns ...string) {
	for _, n := range ns {
		if n == "" {
			v.fail("%s: a name is missing", where)
			continue
		}
		if prev, ok := names[n]; ok {
			v.fail("%s: name %q is already used by %s", where, n, prev)
		}
		names[n] = where
	}
}

// side returns the order of battle of a side.
func (s *Scenario) side(sd rules.Side) *SideOOB {
	for i := range s.Sides {
		if s.Sides[i].Side == sd {
			return &s.Sides[i]
		}
	}
	return nil
}

// commands lists every Command of every side: each army, then its divisions.
func (s *Scenario) commands() []*Command {
	var cs []*Command
	for i := range s.Sides {
		sd := &s.Sides[i]
		cs = append(cs, &sd.Army)
		for j := range sd.Commands {
			cs = append(cs, &sd.Commands[j])
		}
	}
	return cs
}

// command finds a Command by its exact name.
func (s *Scenario) command(name string) *Command {
	if s.commandIndex != nil {
		return s.commandIndex[name]
	}
	for _, c := range s.commands() {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// clock is the time of day at a 1-based turn; night turns last half an
// hour (LoB 2.3, night.go).
func (s *Scenario) clock(turn int) time.Time { return s.turnTime(turn) }
