package gbacw

import (
	"encoding/json"
	"fmt"
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

	m *hexmap.Map // the scenario's map, shared and never changed
	g *grid       // its neighbours and ids, shared and never changed
}

// grid indexes a map for the hot paths of movement and combat.
type grid struct {
	ids        map[hex.Axial]string
	axial      map[string]hex.Axial
	terrain    map[string]string
	neighbours map[string][]string
	slopes     map[hexmap.SideKey]int // 1 minor, 2 steep, 3 sheer (10.21)
}

func newGrid(m *hexmap.Map) *grid {
	g := &grid{ids: map[hex.Axial]string{}, axial: map[string]hex.Axial{}, terrain: map[string]string{}, neighbours: map[string][]string{}}
	for _, h := range m.Hexes {
		g.ids[m.ToAxial(h.At)] = h.ID
		g.axial[h.ID] = m.ToAxial(h.At)
		g.terrain[h.ID] = h.Terrain
	}
	g.slopes = map[hexmap.SideKey]int{}
	for _, hs := range m.Hexsides {
		g.slopes[hexmap.KeyOf(m.Axial(hs.A), m.Axial(hs.B))] = map[string]int{"minor": 1, "steep": 2, "sheer": 3}[hs.Kind]
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
	ID        string        `json:"id"`
	Division  string        `json:"division"`
	Leader    string        `json:"leader"`
	Orders    string        `json:"orders"` // March, Advance, Attack (6.11)
	Profile   ActionProfile `json:"profile"`
	Rating    int           `json:"rating"`
	Artillery bool          `json:"artillery,omitempty"`
	Reserve   bool          `json:"reserve,omitempty"`
	Arrives   int           `json:"arrives,omitempty"`
	Entry     string        `json:"entry,omitempty"`
	Fatigue   Fatigue       `json:"fatigue,omitempty"`
	CI        bool          `json:"ci,omitempty"`
	Activated int           `json:"activated,omitempty"` // activations this turn
	// Acted counts this turn's activations in which its units moved,
	// fired or shocked, and ShockPhases the Action Phases in which they
	// took part in a shock (17.22).
	Acted       int `json:"acted,omitempty"`
	ShockPhases int `json:"shock_phases,omitempty"`
	// MarchedNow: the brigade was given March Orders in this turn's
	// Division Orders Phase, which caps its March equivalents (5.28).
	MarchedNow bool `json:"marched_now,omitempty"`
	OutOfRange bool `json:"out_of_range,omitempty"`
}

// UnitSt is one combat unit.
type UnitSt struct {
	Name       string     `json:"name"`
	Side       rules.Side `json:"side"`
	Brigade    string     `json:"brigade"`
	Kind       string     `json:"kind"` // infantry, cavalry, artillery
	Hex        string     `json:"hex,omitempty"`
	Facing     int        `json:"facing"` // the vertex 0-5 faced (7.11)
	SP         int        `json:"sp"`
	Printed    int        `json:"printed"`
	Cohesion   int        `json:"cohesion"`
	Disordered int        `json:"disordered_cohesion"`
	MA         int        `json:"ma"`
	Weapon     string     `json:"weapon"`
	Green      bool       `json:"green,omitempty"`
	// Status is StGood (""), StDisordered, StRouted, StEliminated or
	// StAbandoned; Blown marks mounted cavalry (11.58).
	Status string `json:"status,omitempty"`
	Blown  bool   `json:"blown,omitempty"`
	// Refused is RefusedRight or RefusedLeft for a Refused unit (7.3).
	Refused string `json:"refused,omitempty"`
	// Fired and Moved are this activation's scratch, cleared each
	// activation; ReturnFired counts its non-phasing fires in the
	// current enemy brigade activation (10.41).
	Moved       bool `json:"moved,omitempty"`
	Fired       bool `json:"fired,omitempty"`
	Rallied     bool `json:"rallied,omitempty"`
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
	// Spent is this activation's MPs spent outside a move (extending,
	// retracting), in half MPs; FiredParts the Extended Line's parts
	// that fired in it, a bit each (lineParts' order).
	Spent      int `json:"spent,omitempty"`
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
	sc, err := loadScenario(s.Scenario)
	if err != nil {
		return nil, fmt.Errorf("gbacw: state: %w", err)
	}
	s.m, s.g = sc.m, sc.start.g
	return &s, nil
}

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
	return rules.Segment{Turn: s.Turn, Index: s.Turn, Name: "Turn", Label: fmt.Sprintf("Turn %d (%s)", s.Turn, s.Clock()), Sides: sides}
}

// Clock is the turn's time on the 24-hour clock (2.43).
func (s *State) Clock() string { return fmt.Sprintf("%02d00", s.StartHour+s.Turn-1) }

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
	c.Leaders = slices.Clone(s.Leaders)
	c.Places = slices.Clone(s.Places)
	c.Optional = slices.Clone(s.Optional)
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

// unitKind is the unit's kind for fire frontage and shock (8.31, 11.43).
func (u *UnitSt) unitKind() UnitKind {
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
	if u.Orders != "" {
		o, _ := ParseOrders(u.Orders)
		return o
	}
	o, _ := ParseOrders(s.brigade(u.Brigade).Orders)
	return o
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
	return out
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
