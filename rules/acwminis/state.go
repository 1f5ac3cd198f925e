package acwminis

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"galloper/rules"
	"galloper/rules/table"
)

// State is an ACW position: the table and its terrain, every unit's pose
// in integer thousandths of an inch and tenths of a degree, hits and
// disorder markers, the commanders, and whose half of which turn it is.
// It is immutable once built; resolution works on a copy (clone).
type State struct {
	Scenario string `json:"scenario"`
	// File is the owner's scenario file the game plays (NewGameFromFile),
	// nil for a shipped scenario. The state holds the whole table, so the
	// file is carried for its hash (rules.ScenarioCarrier), never read
	// again.
	File []byte `json:"scenario_file,omitempty"`
	// Turn is the game turn, 1-based; Half is 0 for the initiative
	// side's half, 1 for the other's (TURN SEQUENCE, seed L15).
	Turn  int `json:"turn"`
	Half  int `json:"half"`
	Turns int `json:"turns"`
	// Sides in the order they play each turn: the initiative side first.
	Sides   [2]rules.Side `json:"sides"`
	Table   Tabletop      `json:"table"`
	Terrain []Feature     `json:"terrain"`
	// Commanders and Units in scenario order, which is the order of
	// everything done "for each" of them.
	Commanders []Commander `json:"commanders"`
	Units      []Unit      `json:"units"`
	// Standing are each side's standing reactions, from the STANDING
	// block of its last order file that had one, by reaction kind.
	Standing map[rules.Side]map[string]Standing `json:"standing,omitempty"`
	// Options are the switchable rulings set for the game or by its
	// scenario, by key (options.go); a key not set takes its default.
	Options map[string]string `json:"options,omitempty"`
}

// Standing is one standing reaction: the options most preferred first,
// and the units named after RETIRE IF or PREFER.
type Standing struct {
	Choices []string `json:"choices"`
	Units   []string `json:"units,omitempty"`
}

// Tabletop is the table's size in thousandths of an inch and its scale.
type Tabletop struct {
	Name  string      `json:"name"`
	Width int64       `json:"width"`
	Depth int64       `json:"depth"`
	Scale rules.Scale `json:"scale"`
}

// Feature is a piece of terrain: a convex area, or a line (a road's
// centre line), in thousandths of an inch.
type Feature struct {
	Name      string `json:"name"`
	Kind      string `json:"kind"`
	Category  string `json:"category"` // a row of the TERRAIN TABLE: Difficult, Obstacle, Building, Road
	Cover     bool   `json:"cover,omitempty"`
	Obscures  bool   `json:"obscures,omitempty"`
	BlocksLOS bool   `json:"blocks_los,omitempty"`
	Line      bool   `json:"line,omitempty"`
	// Width of a line feature (a road), thousandths of an inch.
	Width int64 `json:"width,omitempty"`
	// Elevation is a hill's level above the table (0 for flat ground);
	// it decides only UPHILL in melee (seed L382, L402-404).
	Elevation int        `json:"elevation,omitempty"`
	Points    [][2]int64 `json:"points"`
}

// Commander is a Commander or the C-in-C (COMMANDER BONUSES, seed L5-11),
// a single base at a point.
type Commander struct {
	Name string     `json:"name"`
	Side rules.Side `json:"side"`
	Rank string     `json:"rank"` // "Commander" or "C-in-C"
	At   [2]int64   `json:"at"`
	// Base is the side of his square base, centred on At.
	Base int64 `json:"base"`
	// RallyUsed is set once a unit of his has taken a RALLY order this
	// turn (ORDERS, RALLY, seed L76).
	RallyUsed bool `json:"rally_used,omitempty"`
}

// Unit is one regiment or battery.
type Unit struct {
	Name      string     `json:"name"`
	Side      rules.Side `json:"side"`
	List      string     `json:"list"` // its row of the army list
	Type      string     `json:"type"` // Infantry, Cavalry, Skirmishers, Artillery
	Size      string     `json:"size"` // small, standard, large
	Specials  []string   `json:"specials,omitempty"`
	Commander string     `json:"commander,omitempty"`
	Formation string     `json:"formation"`
	// X, Y is the centre of its front edge, Heading its compass bearing
	// in tenths of a degree.
	X       int64 `json:"x"`
	Y       int64 `json:"y"`
	Heading int64 `json:"heading"`
	Bases   int   `json:"bases"`
	BaseW   int64 `json:"base_w"`
	BaseD   int64 `json:"base_d"`
	Hits    int   `json:"hits,omitempty"`
	Markers int   `json:"markers,omitempty"`
	// Order is the order the unit carried out in its side's last half
	// turn, as "ADVANCE", "DISORDERED"...
	Order string `json:"order,omitempty"`
	// Fire is set when the unit's order this half lets it shoot;
	// Rallied when it rallied; Unlimbered when it unlimbered in its move.
	Fire       bool `json:"fire,omitempty"`
	Rallied    bool `json:"rallied,omitempty"`
	Unlimbered bool `json:"unlimbered,omitempty"`
	// Broken units are removed from play but kept for the VP count.
	Broken bool `json:"broken,omitempty"`
	// Worn, Shaken and Broken thresholds (UNIT SIZES, seed L130-146).
	Worn     int `json:"worn"`
	Shaken   int `json:"shaken"`
	BrokenAt int `json:"broken_at"`
}

// Segment implements rules.State: each side's half of a turn is a
// segment, and only that side orders in it.
func (s *State) Segment() rules.Segment {
	side := s.Sides[s.Half]
	return rules.Segment{
		Turn: s.Turn, Index: (s.Turn-1)*2 + s.Half, Name: string(side),
		Label: fmt.Sprintf("Turn %d, %s", s.Turn, side),
		Sides: []rules.Side{side},
	}
}

// Over implements rules.State.
func (s *State) Over() bool { return s.Turn > s.Turns }

// Canonical implements rules.State: JSON of the whole position, whose
// fields and slices are in a fixed order.
func (s *State) Canonical() []byte {
	b, err := json.Marshal(s)
	if err != nil {
		panic("acwminis: state does not encode: " + err.Error())
	}
	return b
}

// Decode reads a state from its canonical form.
func Decode(canonical []byte) (*State, error) {
	var s State
	if err := json.Unmarshal(canonical, &s); err != nil {
		return nil, fmt.Errorf("acwminis: state: %w", err)
	}
	for i := range s.Units {
		if _, err := s.Units[i].Body(); err != nil {
			return nil, fmt.Errorf("acwminis: state: %w", err)
		}
	}
	return &s, nil
}

var _ rules.ScenarioCarrier = (*State)(nil)

// ScenarioFile implements rules.ScenarioCarrier.
func (s *State) ScenarioFile() []byte { return s.File }

// clone returns a deep copy.
func (s *State) clone() *State {
	c := *s
	c.Terrain = slices.Clone(s.Terrain)
	c.Commanders = slices.Clone(s.Commanders)
	c.Units = slices.Clone(s.Units)
	if s.Standing != nil {
		c.Standing = map[rules.Side]map[string]Standing{}
		for k, v := range s.Standing {
			c.Standing[k] = v // replaced whole, never changed in place
		}
	}
	if s.Options != nil {
		c.Options = maps.Clone(s.Options)
	}
	for i := range c.Units {
		c.Units[i].Specials = slices.Clone(s.Units[i].Specials)
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

// commander returns the commander of that name, or nil.
func (s *State) commander(name string) *Commander {
	for i := range s.Commanders {
		if strings.EqualFold(s.Commanders[i].Name, name) {
			return &s.Commanders[i]
		}
	}
	return nil
}

// feature returns the terrain feature of that name, or nil.
func (s *State) feature(name string) *Feature {
	for i := range s.Terrain {
		if strings.EqualFold(s.Terrain[i].Name, name) {
			return &s.Terrain[i]
		}
	}
	return nil
}

// layouts are the formations as blocks of bases. The sheet's formation
// diagrams are lost (UNIT FORMATIONS, seed L461-464), so Galloper rules
// (docs/rulings-acwminis.md, G7): Line, Mounted Line, Dismounted and
// Unlimbered stand all bases abreast; Supported Line in two ranks; March
// Column, Mounted Column and Limbered in single file; Skirmish abreast with
// a base's width between bases.
func layout(formation string, bases int, w, d int64) table.Layout {
	l := table.Layout{Bases: bases, Files: bases, BaseW: table.Length(w), BaseD: table.Length(d)}
	switch formation {
	case "Supported Line":
		l.Files = (bases + 1) / 2
	case "March Column", "Mounted Column", "Limbered":
		l.Files = 1
	case "Skirmish":
		l.Gap = table.Length(w)
	}
	return l
}

// Body is the unit's footprint on the table.
func (u *Unit) Body() (table.Body, error) {
	return table.NewBody(u.Name, u.Pose(), layout(u.Formation, u.Bases, u.BaseW, u.BaseD))
}

// Pose is where the unit stands.
func (u *Unit) Pose() table.Pose {
	return table.Pose{Front: table.Point{X: table.Length(u.X), Y: table.Length(u.Y)}, Heading: table.Angle(u.Heading)}
}

// place sets the unit's pose.
func (u *Unit) place(p table.Pose) {
	u.X, u.Y, u.Heading = int64(p.Front.X), int64(p.Front.Y), int64(p.Heading.Norm())
}

// body is Body for a unit whose layout is known to be good.
func (u *Unit) body() table.Body {
	b, err := u.Body()
	if err != nil {
		panic("acwminis: " + err.Error())
	}
	return b
}

// State names the unit's state (UNIT STATES, seed L118-128).
func (u *Unit) State() string {
	switch {
	case u.Broken || u.Hits >= u.BrokenAt:
		return "Broken"
	case u.Hits >= u.Shaken:
		return "Shaken"
	case u.Hits >= u.Worn:
		return "Worn"
	}
	return "Steady"
}

// Has reports whether the unit has a special rule.
func (u *Unit) Has(rule string) bool { return slices.Contains(u.Specials, rule) }

// inPlay reports whether the unit is on the table.
func (u *Unit) inPlay() bool { return !u.Broken }

// Point of a commander.
func (c *Commander) Point() table.Point {
	return table.Point{X: table.Length(c.At[0]), Y: table.Length(c.At[1])}
}

// Footprint is the commander's square base.
func (c *Commander) Footprint() table.Polygon {
	h := table.Length(c.Base / 2)
	x, y := table.Length(c.At[0]), table.Length(c.At[1])
	return table.Polygon{{X: x - h, Y: y - h}, {X: x + h, Y: y - h}, {X: x + h, Y: y + h}, {X: x - h, Y: y + h}}
}

// Polygon is the feature's shape on the table.
func (f *Feature) Polygon() table.Polygon {
	pg := make(table.Polygon, len(f.Points))
	for i, p := range f.Points {
		pg[i] = table.Point{X: table.Length(p[0]), Y: table.Length(p[1])}
	}
	return pg
}
