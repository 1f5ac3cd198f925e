package wintersvictory

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"galloper/rules"
	"galloper/rules/hexmap"
)

// The two sides of Winter's Victory (1.0): the French player and the
// Allied player.
const (
	SideFrench rules.Side = "French"
	SideAllied rules.Side = "Allied"
)

// sides in the order the game's data lists them.
var sides = []rules.Side{SideFrench, SideAllied}

// enemy is the other side.
func enemy(s rules.Side) rules.Side {
	if s == SideFrench {
		return SideAllied
	}
	return SideFrench
}

// The segments of one Game-Turn (4.1), as Galloper resolves them: a
// segment is what one mail round can settle. The Rally Phase has no
// choice a side must make at once (13.41 rallies automatically, ruling
// R25; self-rally is a roll), so it is resolved with its side's Command
// Phase (ruling R40).
const (
	stepInterphase    = iota // 1: Game-Turn Interphase (both)
	stepAlliedCommand        // 2-3: Allied Command and Rally Phases
	stepFrenchMove           // 4: French Movement Phase
	stepAlliedShock          // 5: Allied Shock Phase
	stepFire                 // 6: Reciprocal Fire Phase (both)
	stepFrenchCommand        // 7-8: French Command and Rally Phases
	stepAlliedMove           // 9: Allied Movement Phase
	stepFrenchShock          // 10: French Shock Phase
	stepsPerTurn
)

// stepNames name the segments for players; stepSides say who orders.
var (
	stepNames = [stepsPerTurn]string{"Interphase", "Allied Command", "French Movement", "Allied Shock",
		"Reciprocal Fire", "French Command", "Allied Movement", "French Shock"}
	stepSides = [stepsPerTurn][]rules.Side{{SideFrench, SideAllied}, {SideAllied}, {SideFrench}, {SideAllied},
		{SideFrench, SideAllied}, {SideFrench}, {SideAllied}, {SideFrench}}
)

// State is a Winter's Victory position. It is immutable once built;
// resolution works on a copy (clone).
type State struct {
	Scenario string `json:"scenario"`
	// File is the owner's scenario file the game plays (NewGameFromFile),
	// or nil for a shipped scenario, which Scenario names. It is never
	// changed, so copies share it.
	File []byte `json:"scenario_file,omitempty"`
	// Turn is the Game-Turn number as the Turn Record Track prints it;
	// Step the segment within it (stepInterphase...).
	Turn      int   `json:"turn"`
	Step      int   `json:"step"`
	FirstTurn int   `json:"first_turn"`
	LastTurn  int   `json:"last_turn"`
	Hourly    []int `json:"hourly,omitempty"`
	// CP are the Army Command Points of each side (17.2), HQ its Army HQ
	// hex (17.23), French first.
	CP [2]int    `json:"cp"`
	HQ [2]string `json:"hq"`
	// Morale is each side's Army Morale total and Demoralized whether
	// its army is Demoralized (14.1-14.2); MoraleCost the scenario's
	// points per unit (14.11).
	Morale      [2]int     `json:"morale"`
	Demoralized [2]bool    `json:"demoralized,omitempty"`
	MoraleCost  MoraleCost `json:"morale_points"`
	// Corps are the Corps Morale tracks kept apart from an army's (14.0).
	Corps      []CorpsMorale `json:"corps_morale,omitempty"`
	Objectives []Objective   `json:"objectives"`
	// Snow is the Snow Rate ("", light, heavy) and Wind the vertex the
	// wind blows from, 0-5 (4.1 1B, 18.2 PB; ruling R77).
	Snow    string   `json:"snow,omitempty"`
	Wind    int      `json:"wind,omitempty"`
	Leaders []Leader `json:"leaders"`
	Units   []Unit   `json:"units"`
	// Reserve are the reinforcements not yet on the map (6.7).
	Reserve []Unit `json:"reserve,omitempty"`
	// BrokenDown are the battalions turned wholly into skirmish companies
	// (8.62.1: the Battalions Broken Down box).
	BrokenDown []Unit `json:"broken_down,omitempty"`
	// Couriers are the orders still in delivery (17.34-17.35).
	Couriers []Courier `json:"couriers,omitempty"`
	// NextCourier numbers the orders sent.
	NextCourier int `json:"next_courier"`
	// Standing are each side's standing reactions, by kind.
	Standing map[rules.Side]map[string]string `json:"standing,omitempty"`
	// Pack is an owner's chart pack; nil plays the shipped provisional one.
	Pack *rules.ChartPack `json:"chart_pack,omitempty"`
	// Ended is set when the last turn is over.
	Ended bool `json:"ended,omitempty"`
	// grid is the scenario's map, set when the state is built or decoded
	// (never changed after).
	grid *hexmap.Map
}

// MoraleCost is what a unit costs its Army Morale when reduced to half
// strength, eliminated or routed, and gives back when it rallies from
// rout (14.11), and what a command unit reduced costs it (14.12):
// scenario data.
type MoraleCost struct {
	Half       int `json:"half" yaml:"half"`
	Eliminated int `json:"eliminated" yaml:"eliminated"`
	Routed     int `json:"routed" yaml:"routed"`
	Rallied    int `json:"rallied" yaml:"rallied"`
	Leader     int `json:"leader,omitempty" yaml:"leader"`
}

// Objective is a place worth victory points, and Morale Points to the
// side occupying it (scenario data, 14.13). Held are the sides whose Army
// Morale counts its Morale Points now (ruling R95).
type Objective struct {
	Name   string       `json:"name"`
	Hex    string       `json:"hex"`
	Points int          `json:"points"`
	Morale int          `json:"morale,omitempty"`
	Held   []rules.Side `json:"held,omitempty"`
}

// Leader is a command unit (2.32, 16.0).
type Leader struct {
	Name     string     `json:"name"`
	Side     rules.Side `json:"side"`
	Level    Level      `json:"level"`
	Superior string     `json:"superior,omitempty"`
	Hex      string     `json:"hex"`
	// State is Standing or Mobilized (16.15); brigades have none.
	State CommandState `json:"state,omitempty"`
	// Radius and MA by Command State: [Standing, Mobilized] (16.12,
	// 16.15); a Brigade Leader has one of each.
	Radius []int `json:"radius"`
	MA     []int `json:"ma"`
	Bonus  int   `json:"bonus"`
	// Received: an Order Received marker (17.34); Objective is the hex of
	// the last order received; Attack: an Attack Order (17.71).
	Received  bool   `json:"received,omitempty"`
	Objective string `json:"objective,omitempty"`
	Attack    bool   `json:"attack,omitempty"`
	// Violations are the Attack Order violations of the formation whose
	// Attack Order this leader holds (17.75).
	Violations int `json:"violations,omitempty"`
	// Fatigue is a brigade's Fatigue Points (15.1), kept on its leader.
	Fatigue int `json:"fatigue,omitempty"`
	// Engaged: a unit of the brigade has shocked, fired, charged or made
	// a routed retreat (15.11); Charged: one of its units charged this
	// hour (15.21).
	Engaged bool `json:"engaged,omitempty"`
	Charged bool `json:"charged,omitempty"`
	// Reduced: a casualty of fire or shock (11.44, 12.44; ruling R70).
	Reduced bool `json:"reduced,omitempty"`
	// Inactive: a Division or Brigade Leader on its army's display (Hex
	// empty), or a Corps Commander under an Inactive marker (17.5);
	// Retired: a Brigade Leader whose units are all gone (17.54).
	Inactive bool `json:"inactive,omitempty"`
	Retired  bool `json:"retired,omitempty"`
	// Held: a Corps Commander holds an Attack Order not yet implemented;
	// Letter: his Attack Order marker, upper case for a Division Leader's,
	// lower case for a Brigade Leader's (17.71-17.72).
	Held   bool   `json:"held,omitempty"`
	Letter string `json:"letter,omitempty"`
}

// radius is the leader's current Command Radius (16.12).
func (l *Leader) radius() int {
	if l.State == Mobilized && len(l.Radius) > 1 {
		return l.Radius[1]
	}
	return l.Radius[0]
}

// Unit is a combat unit (2.31).
type Unit struct {
	Name   string     `json:"name"`
	Side   rules.Side `json:"side"`
	Nation string     `json:"nation"` // French, Russian, Prussian
	Type   string     `json:"type"`   // infantry, cavalry, artillery
	Class  string     `json:"class,omitempty"`
	// Brigade is the leader the unit answers to: its Brigade Leader, or
	// for a battery the command unit it is assigned to (17.11).
	Brigade string `json:"brigade"`
	Hex     string `json:"hex"`
	// Facing is the vertex the front points at, 0-5 (5.0).
	Facing    int    `json:"facing"`
	Formation string `json:"formation"`
	Strength  int    `json:"strength"`
	Printed   int    `json:"printed"`
	ER        int    `json:"er"`
	EM        int    `json:"em"`
	FireClass int    `json:"fire_class,omitempty"`
	MA        int    `json:"ma"`
	Crew      int    `json:"crew,omitempty"`
	Ammo      int    `json:"ammo,omitempty"`
	// FullAmmo is a battery's full supply, restored in a Transitional
	// Night turn (11.93.3).
	FullAmmo int `json:"full_ammo,omitempty"`
	// Morale is "", Disordered or Routed (7.2).
	Morale    string `json:"morale,omitempty"`
	Exhausted bool   `json:"exhausted,omitempty"` // cavalry after a charge (7.41)
	// AmmoOut: a skirmish company under an Ammo Deplt marker (11.91).
	AmmoOut bool `json:"ammo_out,omitempty"`
	// Rear: an infantry battalion under a Facing to the Rear marker, its
	// Facing turned about to its original rear (5.42).
	Rear bool `json:"rear,omitempty"`
	// GunLoss is the gun Strength Points an artillery crew alone has lost
	// (7.62 B).
	GunLoss int `json:"gun_loss,omitempty"`
	// Charge is the enemy unit a declared charge is aimed at (12.51),
	// carried out in the side's next Shock Phase.
	Charge string `json:"charge,omitempty"`
	// Primary: the declared charge is an Opportunity Charge of cavalry
	// Out of Command, whose Charge Zone is only Primary (12.56.1).
	Primary bool `json:"charge_primary,omitempty"`
	// Fired: fired in this Reciprocal Fire Phase (11.11).
	Fired      bool `json:"fired,omitempty"`
	Eliminated bool `json:"eliminated,omitempty"`
	// Halved: its Army Morale has paid for it at half strength (14.11).
	Halved bool `json:"halved,omitempty"`
	// Arrives is a reinforcement's turn of entry, at Hex (6.7).
	Arrives int `json:"arrives,omitempty"`
	// Parent is a skirmish company's battalion; Detached counts the
	// companies a battalion has detached in the game (8.61-8.62).
	Parent   string `json:"parent,omitempty"`
	Detached int    `json:"detached,omitempty"`
	// Extended is the hex of an Extended Line's marker, a flank hex of
	// Hex: the unit stands in both (8.3).
	Extended string `json:"extended,omitempty"`
	// RoadTail is the road hex a limbered battery of more than 4 guns came
	// from into the obstructed road hex it stands in: it fills it too
	// (6.52 Note; ruling R109).
	RoadTail string `json:"road_tail,omitempty"`
}

// Morale states (7.2).
const (
	moraleDisordered = "Disordered"
	moraleRouted     = "Routed"
)

// Courier is an order in delivery (17.34): who sent it to whom, its
// objective, and its state.
type Courier struct {
	ID        int        `json:"id"`
	Side      rules.Side `json:"side"`
	From      string     `json:"from"`
	To        string     `json:"to"`
	Objective string     `json:"objective"`
	Attack    bool       `json:"attack,omitempty"`
	// Corps: a Division Attack Order sent implementing a Corps Attack
	// Order (17.71).
	Corps bool  `json:"corps,omitempty"`
	Order Order `json:"order"`
	Sent  int   `json:"sent"` // the Game-Turn it was sent
}

// Segment implements rules.State.
func (s *State) Segment() rules.Segment {
	seg := rules.Segment{
		Turn: s.Turn, Index: (s.Turn-s.FirstTurn)*stepsPerTurn + s.Step,
		Name: strings.ReplaceAll(stepNames[s.Step], " ", "-"), Sides: slices.Clone(stepSides[s.Step]),
	}
	seg.Label = fmt.Sprintf("Turn %d (%s), %s", s.Turn, s.clock(), stepNames[s.Step])
	if s.Over() {
		seg.Sides = nil
		seg.Label = fmt.Sprintf("Turn %d, game over", s.Turn)
	}
	return seg
}

// clock is the time of day of the turn: turn 1 is 07:00 (the Turn Record
// Track is not in the booklet, ruling R41); Daylight and Dusk/Dawn turns
// last 15 minutes, Evening turns 30 (2.5), Night turns 30 and
// Transitional Night turns 3 hours (4.4, 2.5; ruling R99).
func (s *State) clock() string {
	m := 7 * 60
	for t := 1; t < s.Turn; t++ {
		m += turnMinutes(t)
	}
	return fmt.Sprintf("%02d:%02d", m/60%24, m%60)
}

// turnMinutes is the length of turn t (2.5, 4.2-4.5; ruling R99).
func turnMinutes(t int) int {
	switch {
	case t >= 60:
		return 180
	case t >= 51:
		return 30
	}
	return 15
}

// Over implements rules.State.
func (s *State) Over() bool { return s.Ended }

// Canonical implements rules.State: JSON of the whole position, whose
// fields and slices are in a fixed order (maps are written sorted).
func (s *State) Canonical() []byte {
	b, err := json.Marshal(s)
	if err != nil {
		panic("wintersvictory: state does not encode: " + err.Error())
	}
	return b
}

// Decode reads a state from its canonical form.
func Decode(canonical []byte) (*State, error) {
	var s State
	if err := json.Unmarshal(canonical, &s); err != nil {
		return nil, fmt.Errorf("wintersvictory: state: %w", err)
	}
	m, err := scenarioMap(s.Scenario, s.File)
	if err != nil {
		return nil, fmt.Errorf("wintersvictory: state: %w", err)
	}
	s.grid = m
	if s.Step < 0 || s.Step >= stepsPerTurn {
		return nil, fmt.Errorf("wintersvictory: state: step %d", s.Step)
	}
	return &s, nil
}

var _ rules.ScenarioCarrier = (*State)(nil)

// ScenarioFile implements rules.ScenarioCarrier.
func (s *State) ScenarioFile() []byte { return s.File }

// clone returns a deep copy.
func (s *State) clone() *State {
	c := *s
	c.Hourly = slices.Clone(s.Hourly)
	c.Objectives = slices.Clone(s.Objectives)
	for i := range c.Objectives {
		c.Objectives[i].Held = slices.Clone(c.Objectives[i].Held)
	}
	c.Corps = slices.Clone(s.Corps)
	c.Leaders = slices.Clone(s.Leaders)
	for i := range c.Leaders {
		c.Leaders[i].Radius = slices.Clone(s.Leaders[i].Radius)
		c.Leaders[i].MA = slices.Clone(s.Leaders[i].MA)
	}
	c.Units = slices.Clone(s.Units)
	c.Couriers = slices.Clone(s.Couriers)
	c.Reserve = slices.Clone(s.Reserve)
	c.BrokenDown = slices.Clone(s.BrokenDown)
	if s.Standing != nil {
		c.Standing = map[rules.Side]map[string]string{}
		for k, v := range s.Standing {
			c.Standing[k] = v // replaced whole, never changed in place
		}
	}
	return &c
}

// sideIndex is 0 for the French, 1 for the Allies.
func sideIndex(side rules.Side) int {
	if side == SideAllied {
		return 1
	}
	return 0
}

// unit returns the unit in play of that name (case-insensitive), or nil.
func (s *State) unit(name string) *Unit {
	for i := range s.Units {
		if strings.EqualFold(s.Units[i].Name, name) && !s.Units[i].Eliminated {
			return &s.Units[i]
		}
	}
	return nil
}

// leader returns the leader of that name (case-insensitive), or nil.
func (s *State) leader(name string) *Leader {
	for i := range s.Leaders {
		if strings.EqualFold(s.Leaders[i].Name, name) {
			return &s.Leaders[i]
		}
	}
	return nil
}

// unitsAt lists the units in play in a hex, top first (9.0).
func (s *State) unitsAt(hex string) []*Unit {
	var out []*Unit
	for i := range s.Units {
		if u := &s.Units[i]; (u.Hex == hex || u.Extended == hex) && !u.Eliminated {
			out = append(out, u)
		}
	}
	return out
}

// hourly reports whether the current turn is an hourly turn (ruling R28).
func (s *State) hourly() bool { return slices.Contains(s.Hourly, s.Turn) }

// frontal reports whether the unit's formation has frontal facing (5.1):
// Line, Column, cavalry and unlimbered artillery; all-around units (5.2)
// are Square, General Order, limbered artillery, Disordered (except
// artillery) and Routed units.
func (u *Unit) frontal() bool {
	switch {
	case u.Morale == moraleRouted:
		return false
	case u.Morale == moraleDisordered && u.Type != "artillery":
		return false
	case u.Formation == "square", u.Formation == "general order", u.Formation == "limbered", u.Formation == "road column", u.Formation == "skirmish", u.isCrew(): // 5.2, 6.63, 7.61
		return false
	}
	return true
}

// formed reports whether the unit is neither Disordered nor Routed.
func (u *Unit) formed() bool { return u.Morale == "" }
