package battlehymn

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"galloper/rules"
)

// State is a Battle Hymn position at the start of an Hour: the map, the
// Formations and their units with Strength, Demoralized SPs and Approach
// Fire markers, the Objectives and who holds them, and each side's
// standing reactions. It is immutable once built; resolution works on a
// copy (clone).
type State struct {
	Scenario string `json:"scenario"`
	// File is the owner's scenario file the game plays (NewGameFromFile),
	// nil for a shipped scenario. The state holds the map, the Hours and
	// the units it was loaded into, so nothing is read from the file
	// again; it is kept for the game-start mail's scenario hash.
	File []byte `json:"scenario_file,omitempty"`
	// Hour is the Hour to be played next; First and Last bound the game
	// (BH 4.5).
	Hour  int `json:"hour"`
	First int `json:"first"`
	Last  int `json:"last"`
	// Night lists the Night Hours (BH 13), VictoryHours the "Victory?"
	// spaces of the Time Record Track (BH 4 step 5, 14).
	Night        []int `json:"night,omitempty"`
	VictoryHours []int `json:"victory_hours,omitempty"`
	// Initiative is the scenario's schedule: the side holding the
	// Initiative from each listed Hour on, "" for neither (BH 3.9, 4.1).
	Initiative []InitiativeFrom `json:"initiative,omitempty"`
	Sides      [2]rules.Side    `json:"sides"`
	Map        MapFile          `json:"map"`
	Formations []Formation      `json:"formations"`
	Units      []Unit           `json:"units"`
	Objectives []Objective      `json:"objectives,omitempty"`
	// Standing are each side's standing reactions, from the STANDING
	// block of its last order file that had one, by reaction kind.
	Standing map[rules.Side]map[string]Standing `json:"standing,omitempty"`
	// Optional lists the switchable rulings the game plays other than
	// their defaults (optional.go).
	Optional []string `json:"optional,omitempty"`
	// Pack is an owner's chart pack (YAML); empty for the shipped
	// provisional one.
	Pack string `json:"pack,omitempty"`
	// Result is set when the game is over.
	Winner rules.Side `json:"winner,omitempty"`
	Result string     `json:"result,omitempty"`

	board  *Board
	charts *Charts
}

// InitiativeFrom is one entry of the Initiative schedule.
type InitiativeFrom struct {
	Hour int        `json:"hour"`
	Side rules.Side `json:"side,omitempty"`
}

// Standing is one standing reaction: the options most preferred first,
// and the names (units or hexes) after PREFER or TOWARD.
type Standing struct {
	Choices []string `json:"choices"`
	Names   []string `json:"names,omitempty"`
}

// Formation is a Formation and its Movement Turn marker (BH 2.2.2,
// 2.2.3): the Hour it enters play.
type Formation struct {
	Name   string     `json:"name"`
	Side   rules.Side `json:"side"`
	Enters int        `json:"enters,omitempty"`
}

// Unit is one combat unit (BH 2.2.1).
type Unit struct {
	Name      string     `json:"name"`
	Side      rules.Side `json:"side"`
	Formation string     `json:"formation"`
	Type      UnitType   `json:"type"`
	Printed   int        `json:"printed"` // printed SPs
	// Strength is its current SPs, Demoralized how many of them are
	// (BH 3.4).
	Strength    int `json:"strength"`
	Demoralized int `json:"demoralized,omitempty"`
	MR          int `json:"mr"` // Morale Rating, -3 to +3 (BH 10)
	MA          int `json:"ma"` // Movement Allowance (BH 5)
	// Hex is where it stands; "" when off the map (not yet arrived,
	// Shattered or eliminated).
	Hex string `json:"hex,omitempty"`
	// Enters and Entry: the Hour and Entry Area letter of a
	// reinforcement (BH 12).
	Enters    int    `json:"enters,omitempty"`
	Entry     string `json:"entry,omitempty"`
	Shattered bool   `json:"shattered,omitempty"`
	// Dismounted cavalry: its dismounted MA, where its horses are held
	// and by how many SPs, and whether the horses are lost (BH 11.3).
	DMA        int    `json:"dma,omitempty"`
	Dismounted bool   `json:"dismounted,omitempty"`
	Horses     string `json:"horses,omitempty"`
	Holders    int    `json:"holders,omitempty"`
	HorsesLost bool   `json:"horses_lost,omitempty"`
	// Approach lists the enemy units whose ZOC it entered in a Movement
	// Turn: its Approach Fire marker, oriented at them (BH 5.3, 6.1.4).
	Approach []string `json:"approach,omitempty"`
}

// sps returns the unit's strength as the morale arithmetic reads it.
func (u *Unit) sps() SPs { return SPs{Strength: u.Strength, Demoralized: u.Demoralized} }

// setSPs stores the result of the morale arithmetic.
func (u *Unit) setSPs(x SPs) { u.Strength, u.Demoralized = x.Strength, x.Demoralized }

// Intact returns the SPs that can fire (see BH 10.1.1).
func (u *Unit) Intact() int { return u.Strength - u.Demoralized }

// Objective is an Objective hex and who controls it (BH 3.6, 14.1).
type Objective struct {
	Name   string     `json:"name"`
	Hex    string     `json:"hex"`
	Points int        `json:"points"`
	Holder rules.Side `json:"holder,omitempty"`
}

// onMap reports whether the unit stands on the map.
func (u *Unit) onMap() bool { return u.Hex != "" }

// eliminated reports a unit whose SPs are all Losses (BH 10.2.3).
func (u *Unit) eliminated() bool { return u.Strength == 0 }

// fires reports whether the unit has SPs that can fire (BH 10.1.1).
func (u *Unit) fires() bool { return u.onMap() && u.Intact() > 0 }

// cavalryLike is mounted cavalry or horse artillery, which retreat before
// combat and keep out of infantry and artillery ZOCs (BH 6.1.1, 11.2,
// 11.3).
func (u *Unit) cavalryLike() bool {
	return (u.Type == Cavalry && !u.Dismounted) || u.Type == HorseArtillery
}

// fightsAs is the type a unit moves and fights as: dismounted cavalry is
// infantry "in every way except retreat" (BH 11.3).
func (u *Unit) fightsAs() UnitType {
	if u.Dismounted {
		return Infantry
	}
	return u.Type
}

// allowance is the unit's MA for a Movement Turn: its dismounted MA when
// it begins dismounted (ruling A7).
func (u *Unit) allowance() int {
	if u.Dismounted {
		return u.DMA
	}
	return u.MA
}

// Segment implements rules.State: the whole Hour is one segment, and both
// sides send their orders for it at once.
func (s *State) Segment() rules.Segment {
	label := fmt.Sprintf("Hour %d", s.Hour)
	if s.isNight(s.Hour) {
		label += " (Night)"
	}
	return rules.Segment{Turn: s.Hour, Index: s.Hour - s.First, Name: "Hour", Label: label, Sides: s.Sides[:]}
}

// ScenarioFile implements rules.ScenarioCarrier.
func (s *State) ScenarioFile() []byte { return s.File }

// Over implements rules.State.
func (s *State) Over() bool { return s.Hour > s.Last }

func (s *State) isNight(h int) bool { return slices.Contains(s.Night, h) }

// initiative is the side holding the Initiative in hour h (BH 3.9).
func (s *State) initiative(h int) rules.Side {
	var side rules.Side
	for _, e := range s.Initiative {
		if e.Hour <= h {
			side = e.Side
		}
	}
	return side
}

// Canonical implements rules.State: JSON of the whole position, whose
// fields and slices are in a fixed order.
func (s *State) Canonical() []byte {
	b, err := json.Marshal(s)
	if err != nil {
		panic("battlehymn: state does not encode: " + err.Error())
	}
	return b
}

// Decode reads a state from its canonical form.
func Decode(canonical []byte) (*State, error) {
	var s State
	if err := json.Unmarshal(canonical, &s); err != nil {
		return nil, fmt.Errorf("battlehymn: state: %w", err)
	}
	if err := s.prepare(); err != nil {
		return nil, err
	}
	return &s, nil
}

// prepare builds the board and reads the charts of a decoded or loaded
// state.
func (s *State) prepare() error {
	b, err := buildBoard(&s.Map)
	if err != nil {
		return fmt.Errorf("battlehymn: %s: %w", s.Scenario, err)
	}
	s.board = b
	if s.Pack == "" {
		s.charts, err = DefaultCharts()
	} else {
		s.charts, err = LoadCharts([]byte(s.Pack))
	}
	if err != nil {
		return fmt.Errorf("battlehymn: %s: %w", s.Scenario, err)
	}
	return nil
}

// clone returns a deep copy sharing the immutable board and charts.
func (s *State) clone() *State {
	c := *s
	c.Formations = slices.Clone(s.Formations)
	c.Units = slices.Clone(s.Units)
	for i := range c.Units {
		c.Units[i].Approach = slices.Clone(s.Units[i].Approach)
	}
	c.Objectives = slices.Clone(s.Objectives)
	c.Optional = slices.Clone(s.Optional)
	if s.Standing != nil {
		c.Standing = map[rules.Side]map[string]Standing{}
		for k, v := range s.Standing {
			c.Standing[k] = v // replaced whole, never changed in place
		}
	}
	return &c
}

// unit returns the unit of that name (case-insensitive), or nil.
func (s *State) unit(name string) *Unit {
	for i := range s.Units {
		if strings.EqualFold(s.Units[i].Name, name) {
			return &s.Units[i]
		}
	}
	return nil
}

// formation returns the Formation of that name (case-insensitive), or nil.
func (s *State) formation(name string) *Formation {
	for i := range s.Formations {
		if strings.EqualFold(s.Formations[i].Name, name) {
			return &s.Formations[i]
		}
	}
	return nil
}

// at returns the unit standing in hex h, or nil (BH 3.7: one a hex).
func (s *State) at(h string) *Unit {
	if h == "" {
		return nil
	}
	for i := range s.Units {
		if s.Units[i].Hex == h {
			return &s.Units[i]
		}
	}
	return nil
}

// enemy returns the other side.
func (s *State) enemy(side rules.Side) rules.Side {
	if s.Sides[0] == side {
		return s.Sides[1]
	}
	return s.Sides[0]
}

// standing is a side's standing reaction of kind, and whether it set one.
func (s *State) standing(side rules.Side, kind string) (Standing, bool) {
	x, ok := s.Standing[side][kind]
	return x, ok
}
