package gbacw

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"galloper/rules"
	"galloper/rules/hex"
	"galloper/rules/hexmap"
)

// State is a GBACW position: the scenario (whose map is data and is not
// copied into the state), the commanders, divisions, brigades and units,
// the sides' Efficiency and Initiative, and where in the sequence of play
// (GBACW 3.0) the game stands. It is immutable once built; resolution
// works on a copy (clone). The canonical form is its JSON.
type State struct {
	Scenario string `json:"scenario"`
	// File is the owner's scenario file the game plays (NewGameFromFile),
	// or nil for a shipped scenario, which Scenario names.
	File []byte `json:"scenario_file,omitempty"`
	// Pack is the owner's chart pack the game plays with; nil plays the
	// shipped provisional one.
	Pack *rules.ChartPack `json:"chart_pack,omitempty"`
	// Turn is the game turn, 1-based; Phase is PhaseDraw before the first
	// turn's Efficiency is drawn, PhaseOrders while a turn's orders are
	// awaited, PhaseOver at the end.
	Turn      int          `json:"turn"`
	Turns     int          `json:"turns"`
	StartHour int          `json:"start_hour"`
	Phase     string       `json:"phase"`
	Sides     []SideState  `json:"sides"`
	Corps     []Corps      `json:"corps"`
	Divisions []Division   `json:"divisions"`
	Brigades  []BrigadeSt  `json:"brigades"`
	Units     []UnitSt     `json:"units"`
	Leaders   []Leader     `json:"leaders"`
	Places    []VictoryHex `json:"places,omitempty"`
	// Optional lists the optional rules in play, by rule number (17:
	// Fatigue).
	Optional []string `json:"optional,omitempty"`
	// Rulings holds the game's choices of the switchable rulings that
	// differ from their defaults (switchable.go; rulings GBACW-R4-R6).
	Rulings map[string]string `json:"rulings,omitempty"`
	// Dawn, Dusk and Night are the hours of the 24-hour clock whose turns
	// are Dawn, Dusk or Night turns, from the scenario (16.1, ruling
	// GBACW-R55).
	Dawn  []int `json:"dawn,omitempty"`
	Dusk  []int `json:"dusk,omitempty"`
	Night []int `json:"night,omitempty"`
	// Breastworks are the finished Breastworks on the map (15.2).
	Breastworks []Breastwork `json:"breastworks,omitempty"`

	m    *hexmap.Map // the scenario's map, shared and never changed
	g    *grid       // its neighbours and ids, shared and never changed
	book *BattleBook // the scenario's Battle Book overrides (1.0), shared
	// passing is the hex a unit under Advance Orders is moving through
	// along a road, not to end its move there (9.43); transient.
	passing string
}

// grid indexes a map for the hot paths of movement and combat.
type grid struct {
	ids        map[hex.Axial]string
	axial      map[string]hex.Axial
	terrain    map[string]string
	neighbours map[string][]string
	slopes     map[hexmap.SideKey]int // 1 minor, 2 steep, 3 sheer (10.21)
	sides      map[hexmap.SideKey]sideFeatures
	partial    map[string]bool // the partial hexes at the map's edge (9.13 Note)
}

func newGrid(m *hexmap.Map) *grid {
	g := &grid{ids: map[hex.Axial]string{}, axial: map[string]hex.Axial{}, terrain: map[string]string{}, neighbours: map[string][]string{}}
	for _, h := range m.Hexes {
		g.ids[m.ToAxial(h.At)] = h.ID
		g.axial[h.ID] = m.ToAxial(h.At)
		g.terrain[h.ID] = h.Terrain
	}
	g.slopes = map[hexmap.SideKey]int{}
	g.sides = map[hexmap.SideKey]sideFeatures{}
	g.partial = map[string]bool{}
	for _, hs := range m.Hexsides {
		key := hexmap.KeyOf(m.Axial(hs.A), m.Axial(hs.B))
		f := g.sides[key]
		switch hs.Kind {
		case SlopeMinor, SlopeSteep, SlopeSheer:
			g.slopes[key] = map[string]int{SlopeMinor: 1, SlopeSteep: 2, SlopeSheer: 3}[hs.Kind]
			f.slope = hs.Kind
		case SideStream, SideRiver:
			f.water = hs.Kind
		case SideFord, SideBridge:
			f.crossing = hs.Kind
		case SideImpassable:
			f.impassable = true
		}
		g.sides[key] = f
	}
	for _, h := range m.Hexes {
		a := m.ToAxial(h.At)
		for dir := range 6 {
			if id, ok := g.ids[a.Neighbor(dir)]; ok {
				g.neighbours[h.ID] = append(g.neighbours[h.ID], id)
			}
		}
	}
	return g
}

// The phases of the game.
const (
	PhaseDraw   = "draw"
	PhaseOrders = "orders"
	PhaseOver   = "over"
)

// SideState is one side's command state.
type SideState struct {
	Side rules.Side `json:"side"`
	// OC is the Overall Commander's leader name.
	OC string `json:"oc"`
	// EMPool is the Battle Book's mix of Efficiency Markers; every turn's
	// draw is made from it whole (5.21, ruling GBACW-R18).
	EMPool []int `json:"em_pool"`
	// EMs are the markers drawn for this turn by corps, face down: only
	// the side itself sees them until the turn is resolved (5.21).
	EMs map[string]int `json:"ems,omitempty"`
	// Initiative: the side holds the Initiative this turn (5.1).
	Initiative bool `json:"initiative,omitempty"`
	// Standing is the side's reaction doctrine, by reaction kind, from
	// the STANDING block of its last order file that had one.
	Standing map[string]string `json:"standing,omitempty"`
	// Lost counts the SPs and guns the side has lost, eliminated or
	// routed, for the victory tally.
	Lost int `json:"lost,omitempty"`
}

// Corps is one corps.
type Corps struct {
	ID     string     `json:"id"`
	Side   rules.Side `json:"side"`
	Leader string     `json:"leader"`
	Rating int        `json:"rating"` // Efficiency Rating (4.12)
}

// Division is one division.
type Division struct {
	ID           string `json:"id"`
	Corps        string `json:"corps"`
	Leader       string `json:"leader"`
	Coordination int    `json:"coordination"`
	Activation   int    `json:"activation"`
	// AMs are its Activation Markers this turn (5.24).
	AMs int  `json:"ams,omitempty"`
	CI  bool `json:"ci,omitempty"`
}

// BrigadeSt is one brigade's state.
type BrigadeSt struct {
	ID       string `json:"id"`
	Division string `json:"division"`
	Leader   string `json:"leader"`
	// Under is set for units directly under a higher leader, "division"
	// or "corps", who commands them as their brigadier would for 4.22;
	// Leader is then empty (ruling GBACW-R100).
	Under     string        `json:"under,omitempty"`
	Orders    string        `json:"orders"` // March, Advance, Attack (6.11)
	Profile   ActionProfile `json:"profile"`
	Rating    int           `json:"rating"`
	Artillery bool          `json:"artillery,omitempty"`
	Reserve   bool          `json:"reserve,omitempty"`
	Arrives   int           `json:"arrives,omitempty"`
	Entry     string        `json:"entry,omitempty"`
	CI        bool          `json:"ci,omitempty"`
	Activated int           `json:"activated,omitempty"` // activations this turn
	// BattleActivated counts the activations this turn on an artillery
	// commander's Battle-specific AMs (4.33, 5.31), beyond its division's.
	BattleActivated int `json:"battle_activated,omitempty"`
	// FatigueTrack is the brigade's Fatigue and what it earned this turn
	// (17.2); a unit that tracks its own (17.5) counts apart.
	FatigueTrack
	// MarchedNow: the brigade was given March Orders in this turn's
	// Division Orders Phase, which caps its March equivalents (5.28).
	MarchedNow bool `json:"marched_now,omitempty"`
	// MarchAM: the brigade moved on its side's March AM this turn; put
	// under Advance Orders afterwards, it does not activate on its
	// division AMs (6.26).
	MarchAM bool `json:"march_am,omitempty"`
	// StandNext: a Change and Stand rolled on the March AM, which applies
	// to the brigade's first division AM drawn this turn (6.25).
	StandNext  bool `json:"stand_next,omitempty"`
	OutOfRange bool `json:"out_of_range,omitempty"`
}

// FatigueTrack is a Fatigue Level and what earns or lowers it this turn:
// a brigade's, or an individual unit's (17.5).
type FatigueTrack struct {
	Fatigue Fatigue `json:"fatigue,omitempty"`
	// Acted counts this turn's activations in which the units moved,
	// fired or shocked, and ShockPhases the Action Phases in which they
	// took part in a shock (17.22).
	Acted       int `json:"acted,omitempty"`
	ShockPhases int `json:"shock_phases,omitempty"`
	// Placed counts the Fatigue Levels of 17.22 already placed this turn,
	// each when an Activation or Action Phase was over (17.21).
	Placed int `json:"placed,omitempty"`
	// Stirred: a non-artillery unit moved, moved in reaction, used
	// Phasing Fire, built Breastworks, declared a shock or was a shock's
	// target this turn (17.42).
	Stirred bool `json:"stirred,omitempty"`
}

// UnitSt is one combat unit.
type UnitSt struct {
	Name    string     `json:"name"`
	Side    rules.Side `json:"side"`
	Brigade string     `json:"brigade"`
	// Kind is infantry, cavalry or artillery: cavalry while mounted;
	// dismounted cavalry is infantry (14.23) and Dismounted.
	Kind string `json:"kind"`
	// Horse: a horse artillery battery (2.21), artillery in every rule,
	// its movement costs artillery's (9.14); only its printed MA, which
	// the counter marks in yellow, sets it apart (ruling GBACW-R92).
	Horse      bool   `json:"horse,omitempty"`
	Hex        string `json:"hex,omitempty"`
	Facing     int    `json:"facing"` // the vertex 0-5 faced (7.11)
	SP         int    `json:"sp"`
	Printed    int    `json:"printed"`
	Cohesion   int    `json:"cohesion"`
	Disordered int    `json:"disordered_cohesion"`
	MA         int    `json:"ma"`
	// DisMA is the MA on the counter's Disordered side (12.31); 0 when
	// the scenario gives none (ruling GBACW-R47).
	DisMA  int    `json:"disordered_ma,omitempty"`
	Weapon string `json:"weapon"`
	Green  bool   `json:"green,omitempty"`
	// Status is StGood (""), StDisordered, StRouted, StEliminated or
	// StAbandoned; Blown marks mounted cavalry (11.58).
	Status string `json:"status,omitempty"`
	Blown  bool   `json:"blown,omitempty"`
	// Reblown: the Blown unit took part in a completed shock since its
	// command's current or last Activation began; its marker stays at
	// that Activation's end (11.58).
	Reblown bool `json:"reblown,omitempty"`
	// Dismounted: a cavalry unit on its dismounted counter (14.21);
	// Other is the counter not in play, nil for a unit with one counter
	// (ruling GBACW-R49). Switched: it mounted or dismounted in this
	// activation (14.22).
	Dismounted bool     `json:"dismounted,omitempty"`
	Other      *Counter `json:"other_counter,omitempty"`
	Switched   bool     `json:"switched,omitempty"`
	// Collapsed: an infantry or cavalry unit below half its printed
	// strength, Disordered with it; only Straggler Recovery ends it
	// (12.23, 16.2).
	Collapsed bool `json:"collapsed,omitempty"`
	// Sections are a battery's sections when it has two or more, each
	// with its guns and their weapon; SP is their sum (8.37).
	Sections []Section `json:"sections,omitempty"`
	// Abandoned2: an Abandoned battery's marker has flipped to Abandoned
	// 2, in the Recovery Phase of the turn it was Abandoned (12.8).
	Abandoned2 bool `json:"abandoned_2,omitempty"`
	// Refused is RefusedRight or RefusedLeft for a Refused unit (7.3).
	Refused string `json:"refused,omitempty"`
	// Ammo is AmmoOK (""), AmmoLow or AmmoOut (10.69, 10.9).
	Ammo string `json:"ammo,omitempty"`
	// Fired and Moved are this activation's scratch, cleared each
	// activation; ReturnFired counts its non-phasing fires in the
	// current enemy brigade activation (10.41).
	Moved   bool `json:"moved,omitempty"`
	Fired   bool `json:"fired,omitempty"`
	Rallied bool `json:"rallied,omitempty"`
	// Spent is the half MPs the unit has spent this activation (10.32,
	// 10.61), moving or not (turning, extending, retracting: 8.42).
	Spent int `json:"spent,omitempty"`
	// Stack places the unit in its hex's stack: lower is higher, equal
	// values keep the units' order (8.23).
	Stack int `json:"stack,omitempty"`
	// Attached is the brigade a division's battery is attached to this
	// turn (4.32); "" for none.
	Attached string `json:"attached,omitempty"`
	// Barred: the unit may neither fire nor shock for the rest of this
	// activation: it used Withdrawal Movement (9.54), or changed its
	// stacking order under Advance Orders (8.24).
	Barred      bool `json:"barred,omitempty"`
	ReturnFired int  `json:"return_fired,omitempty"`
	Reacted     bool `json:"reacted,omitempty"`
	// ExtLeft and ExtRight are the hexes of its Extended Line's left and
	// right extensions, or "" (8.41-8.44).
	ExtLeft  string `json:"ext_left,omitempty"`
	ExtRight string `json:"ext_right,omitempty"`
	// ColA and ColB are the hexes of its Extended Column's first and
	// second extensions behind it, or "" (8.5).
	ColA string `json:"col_a,omitempty"`
	ColB string `json:"col_b,omitempty"`
	// FiredParts are the Extended Line's parts, or the battery's
	// sections (8.37), that fired in this
	// activation, a bit each (lineParts' order).
	FiredParts int `json:"fired_parts,omitempty"`
	// Walked: it has moved from hex to hex in this activation (a unit
	// under Advance Orders moves once, 6.15).
	Walked bool `json:"walked,omitempty"`
	// Wrap: its shocks in this activation use Wrap-Around when they may
	// (8.48); Wrapped: it did, and retracts before it advances, retreats
	// or shocks again (8.49).
	Wrap    bool `json:"wrap,omitempty"`
	Wrapped bool `json:"wrapped,omitempty"`
	// NoFire: under Attack Orders, the unit stacked with Refused units
	// after they fired, and may not fire in this Activation (7.34).
	NoFire bool `json:"no_fire,omitempty"`
	// NoShock: it may not shock in this activation (9.42 Exception 2).
	NoShock bool `json:"no_shock,omitempty"`
	// LostMP: a friendly unit ended its move in the unit's Refused
	// flank before the unit moved in its brigade's Activation, which
	// costs it 1 MP of that Activation (7.32).
	LostMP bool `json:"lost_mp,omitempty"`
	// Orders are the Orders the unit kept, Out of Command when its
	// brigade's changed (4.23, 5.36); "" when it follows its brigade's.
	Orders string `json:"orders,omitempty"`
	// OutOfCommand: the unit was Out of Command in this turn's Phase
	// II/A, so it activates one fewer time than its division (5.36).
	OutOfCommand bool `json:"out_of_command,omitempty"`
	// Building is the turn in whose Phase IV/B the unit's Breastworks
	// are finished, 0 when it builds none; BuildHex and BuildFacing are
	// the hex and the vertex its Construction marker covers (15.13).
	Building    int    `json:"building,omitempty"`
	BuildHex    string `json:"build_hex,omitempty"`
	BuildFacing int    `json:"build_facing,omitempty"`
	// BuildAt are the hexes an Extended Line builds in, each part in its
	// own (15.15, ruling GBACW-R98); nil for a unit building in BuildHex
	// alone.
	BuildAt []string `json:"build_at,omitempty"`
	// Own is OwnUnbrigaded or OwnReinforcing for a unit that incurs and
	// lowers Fatigue by itself (17.51, 17.52), on its FatigueTrack; ""
	// when its brigade's counts.
	Own string `json:"own_fatigue,omitempty"`
	FatigueTrack
	// Arrives is the turn a unit entering on its own comes on at Entry
	// (9.71, 17.52); 0 when it comes with its brigade.
	Arrives int    `json:"arrives,omitempty"`
	Entry   string `json:"entry,omitempty"`
	// Marched: the unit moved under March Orders this turn; Finished: it
	// took its brigadier's other Orders after that, and is finished for
	// the turn (9.71).
	Marched  bool `json:"marched,omitempty"`
	Finished bool `json:"finished,omitempty"`
}

// Whose Fatigue a unit tracks (17.5).
const (
	OwnUnbrigaded  = "unbrigaded"  // an unbrigaded unit, always (17.51)
	OwnReinforcing = "reinforcing" // a unit entering alone, until it joins its brigade (17.52)
)

// Counter is the ratings of one of a cavalry unit's two counters
// (14.21): MA, Disordered MA, Cohesion and Disordered Cohesion, weapon.
type Counter struct {
	MA         int    `json:"ma" yaml:"ma"`
	DisMA      int    `json:"disordered_ma,omitempty" yaml:"disordered_ma"`
	Cohesion   int    `json:"cohesion" yaml:"cohesion"`
	Disordered int    `json:"disordered_cohesion" yaml:"disordered"`
	Weapon     string `json:"weapon" yaml:"weapon"`
}

// Section is one section of a battery: its guns and their weapon (the
// Range Effects Chart's row). See GBACW 8.37, 2.21.
type Section struct {
	Guns   int    `json:"guns" yaml:"guns"`
	Weapon string `json:"weapon" yaml:"weapon"`
	// Ammo is the section's own ammunition level: a section that fires
	// takes its own depletion (10.69).
	Ammo string `json:"ammo,omitempty" yaml:"-"`
}

// Unit statuses.
const (
	StGood       = ""
	StDisordered = "Disordered"
	StRouted     = "Routed"
	StEliminated = "Eliminated"
	StAbandoned  = "Abandoned"
)

// Leader is one leader.
type Leader struct {
	Name    string     `json:"name"`
	Side    rules.Side `json:"side"`
	Stars   int        `json:"stars"`   // 1 brigade ... 4 OC (4.1)
	Command string     `json:"command"` // the brigade, division or corps id; "" for the OC
	Hex     string     `json:"hex,omitempty"`
	Range   int        `json:"range"` // Command Range in leader MP (4.15)
	// Initiative is an OC's Initiative Rating (5.22).
	Initiative int  `json:"initiative,omitempty"`
	Killed     bool `json:"killed,omitempty"`
	// Rode: a corps commander or OC used more than 10 MP in the last
	// Commander Movement Phase: Command Range 0, or no Initiative
	// Rating, for the turn that follows (9.32).
	Rode bool `json:"rode,omitempty"`
	// Replacement is the back of the counter, the leader who replaces
	// him (4.18); nil when it names none. Replaced: the counter shows
	// that side now, and Original names the leader on its front
	// (12.74).
	Replacement *Standin `json:"replacement,omitempty"`
	Replaced    bool     `json:"replaced,omitempty"`
	Original    string   `json:"original,omitempty"`
}

// Standin is the Replacement side of a leader's counter: his name, his
// Command Range and the ratings of the command he takes over (4.11-4.14,
// 4.18). Where the scenario does not give one, it is the front's
// (ruling GBACW-R45).
type Standin struct {
	Name         string        `json:"name"`
	Range        int           `json:"range"`
	Initiative   int           `json:"initiative,omitempty"`   // an OC's (4.11)
	Efficiency   int           `json:"efficiency,omitempty"`   // a corps commander's (4.12)
	Coordination int           `json:"coordination,omitempty"` // a division leader's (4.13)
	Activation   int           `json:"activation,omitempty"`   // a division leader's (4.13)
	Profile      ActionProfile `json:"profile,omitempty"`      // a brigadier's (4.14)
	Rating       int           `json:"rating,omitempty"`       // a brigadier's Orders Rating (4.14)
}

// VictoryHex is a hex worth victory points.
type VictoryHex struct {
	Name   string `json:"name"`
	Hex    string `json:"hex"`
	Points int    `json:"points"`
}

// Canonical implements rules.State.
func (s *State) Canonical() []byte {
	b, err := json.Marshal(s)
	if err != nil {
		panic("gbacw: state does not encode: " + err.Error())
	}
	return b
}

// Decode reads a state from its canonical form.
func Decode(canonical []byte) (*State, error) {
	var s State
	if err := json.Unmarshal(canonical, &s); err != nil {
		return nil, fmt.Errorf("gbacw: state: %w", err)
	}
	load := loadScenario
	if s.File != nil {
		load = func(name string) (*scenario, error) { return loadScenarioFile(name, s.File) }
	}
	sc, err := load(s.Scenario)
	if err != nil {
		return nil, fmt.Errorf("gbacw: state: %w", err)
	}
	s.m, s.g, s.book = sc.m, sc.start.g, sc.start.book
	return &s, nil
}

var _ rules.ScenarioCarrier = (*State)(nil)

// ScenarioFile implements rules.ScenarioCarrier.
func (s *State) ScenarioFile() []byte { return s.File }

// Segment implements rules.State: before the first turn, a segment that
// draws the first Efficiency; then one segment a turn, for which both
// sides send their orders at once (ruling GBACW-R18).
func (s *State) Segment() rules.Segment {
	sides := []rules.Side{s.Sides[0].Side, s.Sides[1].Side}
	if s.Phase == PhaseDraw {
		return rules.Segment{Turn: 1, Index: 0, Name: "Draw", Label: "Before turn 1: Initiative and Efficiency", Sides: sides}
	}
	if s.Phase == PhaseOver {
		return rules.Segment{Turn: s.Turn, Index: s.Turn, Name: "Over", Label: "The game is over"}
	}
	return rules.Segment{Turn: s.Turn, Index: s.Turn, Name: "Turn", Label: fmt.Sprintf("Turn %d (%s)", s.Turn, s.When()), Sides: sides}
}

// Clock is the turn's time: on the military clock, 0100 to 2400, each
// turn an hour after the last (2.43), or as the Battle Book has it (45
// minutes a turn, a 12-hour clock).
func (s *State) Clock() string {
	step, twelve := 60, false
	if s.book != nil {
		if s.book.TurnMinutes > 0 {
			step = s.book.TurnMinutes
		}
		twelve = s.book.TwelveHourClock
	}
	m := (s.StartHour*60 + (s.Turn-1)*step) % (24 * 60)
	h, min := m/60, m%60
	if twelve {
		half := map[bool]string{false: "AM", true: "PM"}[h >= 12]
		if h = h % 12; h == 0 {
			h = 12
		}
		return fmt.Sprintf("%d:%02d %s", h, min, half)
	}
	if m == 0 {
		h = 24 // midnight is 2400
	}
	return fmt.Sprintf("%02d%02d", h, min)
}

// Day is the day of the battle the turn begins on, the first day 1: a
// turn that begins past 0000 is on the next day (3.0 IV/D, the Day
// marker); 2400 is still the day before. See GBACW 2.43, 3.0.
func (s *State) Day() int {
	step := 60
	if s.book != nil && s.book.TurnMinutes > 0 {
		step = s.book.TurnMinutes
	}
	m := s.StartHour*60 + (s.Turn-1)*step
	if m <= 0 {
		return 1
	}
	return 1 + (m-1)/(24*60)
}

// When is the turn's time for its labels: the clock, and the day from
// the second day on (3.0 IV/D).
func (s *State) When() string {
	if d := s.Day(); d > 1 {
		return fmt.Sprintf("%s, day %d", s.Clock(), d)
	}
	return s.Clock()
}

// duskOrNight reports whether this turn is a Dusk or Night turn (16.1).
func (s *State) duskOrNight() bool { l := s.light(); return l == LightDusk || l == LightNight }

// Over implements rules.State.
func (s *State) Over() bool { return s.Phase == PhaseOver }

// clone returns a deep copy.
func (s *State) clone() *State {
	c := *s
	c.Sides = slices.Clone(s.Sides)
	for i := range c.Sides {
		c.Sides[i].EMPool = slices.Clone(s.Sides[i].EMPool)
		c.Sides[i].EMs = cloneMap(s.Sides[i].EMs)
		c.Sides[i].Standing = cloneMap(s.Sides[i].Standing)
	}
	c.Corps = slices.Clone(s.Corps)
	c.Divisions = slices.Clone(s.Divisions)
	c.Brigades = slices.Clone(s.Brigades)
	c.Units = slices.Clone(s.Units)
	for i := range c.Units {
		if x := c.Units[i].Other; x != nil {
			y := *x
			c.Units[i].Other = &y
		}
		c.Units[i].Sections = slices.Clone(s.Units[i].Sections)
	}
	c.Leaders = slices.Clone(s.Leaders)
	for i := range c.Leaders {
		if x := c.Leaders[i].Replacement; x != nil {
			y := *x
			c.Leaders[i].Replacement = &y
		}
	}
	c.Places = slices.Clone(s.Places)
	c.Optional = slices.Clone(s.Optional)
	c.Rulings = maps.Clone(s.Rulings)
	c.Dawn, c.Dusk, c.Night = slices.Clone(s.Dawn), slices.Clone(s.Dusk), slices.Clone(s.Night)
	c.Breastworks = slices.Clone(s.Breastworks)
	return &c
}

func cloneMap[V any](m map[string]V) map[string]V {
	if m == nil {
		return nil
	}
	out := make(map[string]V, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// side returns a side's state.
func (s *State) side(side rules.Side) *SideState {
	for i := range s.Sides {
		if s.Sides[i].Side == side {
			return &s.Sides[i]
		}
	}
	return nil
}

// enemy is the other side.
func (s *State) enemy(side rules.Side) rules.Side {
	if s.Sides[0].Side == side {
		return s.Sides[1].Side
	}
	return s.Sides[0].Side
}

func (s *State) unit(name string) *UnitSt {
	for i := range s.Units {
		if eqName(s.Units[i].Name, name) {
			return &s.Units[i]
		}
	}
	return nil
}

func (s *State) brigade(id string) *BrigadeSt {
	for i := range s.Brigades {
		if eqName(s.Brigades[i].ID, id) {
			return &s.Brigades[i]
		}
	}
	return nil
}

func (s *State) division(id string) *Division {
	for i := range s.Divisions {
		if eqName(s.Divisions[i].ID, id) {
			return &s.Divisions[i]
		}
	}
	return nil
}

func (s *State) corps(id string) *Corps {
	for i := range s.Corps {
		if eqName(s.Corps[i].ID, id) {
			return &s.Corps[i]
		}
	}
	return nil
}

func (s *State) leader(name string) *Leader {
	for i := range s.Leaders {
		if s.Leaders[i].Name == name {
			return &s.Leaders[i]
		}
	}
	return nil
}

// sideOfBrigade is the side a brigade belongs to.
func (s *State) sideOfBrigade(b *BrigadeSt) rules.Side {
	if d := s.division(b.Division); d != nil {
		if c := s.corps(d.Corps); c != nil {
			return c.Side
		}
	}
	return ""
}

// sideOfDivision is the side a division belongs to.
func (s *State) sideOfDivision(d *Division) rules.Side {
	if c := s.corps(d.Corps); c != nil {
		return c.Side
	}
	return ""
}

// onMap reports whether a unit stands on the map in play.
func (u *UnitSt) onMap() bool {
	return u.Hex != "" && u.Status != StRouted && u.Status != StEliminated
}

// combat reports whether a unit is a combat unit able to act: on the map
// and not Abandoned artillery.
func (u *UnitSt) combat() bool { return u.onMap() && u.Status != StAbandoned }

// cohesionNow is the unit's current Cohesion Rating: its Disordered side
// when Disordered (2.21, 12.31).
func (u *UnitSt) cohesionNow() int {
	if u.Status == StDisordered {
		return u.Disordered
	}
	return u.Cohesion
}

// maNow is the unit's current MA: its Disordered side's when Disordered,
// but for artillery, whose movement Disorder does not affect (12.31 and
// its Exception); the printed MA when the scenario gives no Disordered
// MA (ruling GBACW-R47).
func (u *UnitSt) maNow() int {
	ma := u.MA
	if u.Status == StDisordered && u.Kind != "artillery" && u.DisMA > 0 {
		ma = u.DisMA
	}
	if u.Blown {
		ma = (ma + 1) / 2 // 11.58: the Disordered MA halved, rounded up
	}
	return ma
}

// cohesion is a unit's Cohesion Rating now: its Disordered side's, unless
// the Battle Book keeps artillery's values (2.21).
func (s *State) cohesion(u *UnitSt) int {
	if u.Kind == "artillery" && s.book != nil && s.book.ArtilleryDisorder == "all" {
		return u.Cohesion
	}
	return u.cohesionNow()
}

// maNow is a unit's MA now (u.maNow: artillery's is never reduced by
// Disorder, 12.31 Exception).
func (s *State) maNow(u *UnitSt) int {
	return u.maNow()
}

// unitKind is the unit's kind for fire frontage and shock (8.31, 11.43).
func (u *UnitSt) unitKind() UnitKind {
	if u.Dismounted {
		return DismountedCavalry // 14.23, 14.25
	}
	switch u.Kind {
	case "artillery":
		return Artillery
	case "cavalry":
		return MountedCavalry
	}
	return Infantry
}

// ordersOf is a unit's Orders: those it kept Out of Command (4.23), else
// its brigade's.
func (s *State) ordersOf(u *UnitSt) Orders {
	if u.Blown {
		return Advance // 11.58
	}
	if u.Orders != "" {
		o, _ := ParseOrders(u.Orders)
		return o
	}
	o, _ := ParseOrders(s.brigadeOf(u).Orders)
	if o == Attack && u.Kind == "artillery" {
		o = Advance // 6.18: artillery is never under Attack Orders
	}
	return o
}

// brigadeOf is the brigade a unit acts with: the one a battery is
// attached to (4.32, 5.33), or its own.
func (s *State) brigadeOf(u *UnitSt) *BrigadeSt {
	if u.Attached != "" {
		return s.brigade(u.Attached)
	}
	return s.brigade(u.Brigade)
}

// unitsAt lists the units in play in a hex, top first (8.35: the order
// of the state's list is the stacking order).
func (s *State) unitsAt(h string) []*UnitSt {
	var out []*UnitSt
	for i := range s.Units {
		if u := &s.Units[i]; u.onMap() && u.Hex == h {
			out = append(out, u)
		}
	}
	slices.SortStableFunc(out, func(a, b *UnitSt) int { return a.Stack - b.Stack })
	return out
}

// combatAt lists the units in a hex that count as units: all but
// Abandoned guns (12.8), the top first.
func (s *State) combatAt(h string) []*UnitSt {
	return slices.DeleteFunc(s.unitsAt(h), func(u *UnitSt) bool { return !u.combat() })
}

// enemiesAt lists the enemy combat units of side in a hex, an enemy
// Extended Line or Column reaching into it included (8.44, 8.5).
func (s *State) enemiesAt(h string, side rules.Side) []*UnitSt {
	var out []*UnitSt
	for _, u := range s.holders(h) {
		if u.Side != side {
			out = append(out, u)
		}
	}
	return out
}

// holders are the units in a hex, top first, with the unit whose Extended
// Line or Column reaches into it on top: it holds the hex as one solid
// unit (8.44, 8.46, 8.5).
func (s *State) holders(h string) []*UnitSt {
	if l := s.lineAt(h); l != nil && l.combat() {
		return append([]*UnitSt{l}, s.unitsAt(h)...)
	}
	return s.unitsAt(h)
}

// axial is a hex id's axial coordinate.
func (s *State) axial(id string) hex.Axial { return s.g.axial[id] }

// hexID is the id of an on-map axial coordinate, or "".
func (s *State) hexID(a hex.Axial) string { return s.g.ids[a] }

func eqName(a, b string) bool { return len(a) == len(b) && (a == b || equalFold(a, b)) }

func equalFold(a, b string) bool {
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}
