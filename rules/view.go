package rules

import (
	"math"

	"galloper/rules/hex"
)

// View is what one side can see: the input of every report and map, and
// the JSON that bots read. The empty Side is the umpire's view.
//
// The board is either a hex map (Map) of any layout or an open table
// measured in inches (Table); a system without a board sets neither.
type View struct {
	Game    string `json:"game,omitempty"`
	System  string `json:"system"`
	Side    Side   `json:"side,omitempty"`
	Turn    string `json:"turn,omitempty"` // e.g. "Turn 3, 08:00"
	Segment string `json:"segment,omitempty"`
	// Provisional is set when the game runs on a provisional chart pack,
	// so every report says so.
	Provisional bool   `json:"provisional,omitempty"`
	ChartPack   string `json:"chart_pack,omitempty"`
	// Lines is the plain-text situation summary, one line each.
	Lines []string `json:"lines,omitempty"`
	// Map is the board of a hex system.
	Map *MapView `json:"map,omitempty"`
	// Table is the board of a system played on an open table.
	Table *TableView `json:"table,omitempty"`
	// Style is how the system draws its board: colours, unit kinds,
	// hexside kinds, the key. Nil draws with neutral defaults.
	Style *Style `json:"style,omitempty"`
	// Roster lists the side's units, Command by Command, then the enemy
	// units it can see, as far as the rules let it know them. The
	// umpire's roster lists every side's units.
	Roster []RosterGroup `json:"roster,omitempty"`
	// Victory is the scenario's victory conditions and the tally; nil
	// when the system has none.
	Victory *Victory `json:"victory,omitempty"`
}

// MapView is a hex map seen by one side.
type MapView struct {
	Name string `json:"name"`
	// Layout is how the map's hexes point, are offset and are numbered.
	Layout hex.Layout `json:"layout"`
	Cols   int        `json:"cols"`
	Rows   int        `json:"rows"`
	Hexes  []HexView  `json:"hexes"`
	Roads  [][]string `json:"roads,omitempty"` // each road is a chain of hex ids
	// Streams are creeks and rivers, each a chain of hex ids.
	Streams [][]string `json:"streams,omitempty"`
	// Hexsides are features drawn on the edge between two hexes.
	Hexsides []HexsideView `json:"hexsides,omitempty"`
	Units    []UnitView    `json:"units,omitempty"`
	Arrows   []ArrowView   `json:"arrows,omitempty"`
	// Traces are the moves, fire, charges and retreats of the segment
	// just resolved that the side may see (View.AddTraces).
	Traces []Trace `json:"traces,omitempty"`
}

// HexView is one hex as drawn.
type HexView struct {
	ID        string `json:"id"`  // system notation, e.g. "A10.10" or "0614"
	Col       int    `json:"col"` // 1-based offset coordinates in the map's layout
	Row       int    `json:"row"`
	Terrain   string `json:"terrain"` // e.g. "clear", "woods", "orchard", "town"
	Elevation int    `json:"elevation"`
	Hidden    bool   `json:"hidden,omitempty"` // not visible to the viewing side (fog)
	Label     string `json:"label,omitempty"`
}

// HexsideView is a feature on the hexside between hexes A and B.
type HexsideView struct {
	A string `json:"a"` // hex ids on either side
	B string `json:"b"`
	// Kind is one of the system's hexside kinds (its Style lists them).
	// Directional kinds (LoB's ledge and dip) face from A towards B.
	Kind string `json:"kind"`
}

// UnitView is one counter or stand as drawn. On a hex map it stands in
// Hex; on a table its Footprint says where.
type UnitView struct {
	Name string `json:"name"`
	Side Side   `json:"side"`
	Kind string `json:"kind"` // one of the system's unit kinds, e.g. "infantry", "hq"
	Hex  string `json:"hex,omitempty"`
	// Footprint is the unit's rectangle on a table.
	Footprint *Footprint `json:"footprint,omitempty"`
	// Facing is the way the unit's front looks, as a compass bearing in
	// degrees clockwise from the top of the board: across a hexside or to
	// a vertex on a hex map, the heading of its front edge on a table.
	// Nil when the unit has no facing.
	Facing    *float64 `json:"facing,omitempty"`
	Formation string   `json:"formation,omitempty"` // e.g. "line", "column"
	Status    string   `json:"status,omitempty"`    // e.g. "DG", "Routed", "Wrecked"
	// Strength is what the counter shows of the unit's strength, e.g.
	// "5"; empty when the viewing side may not know it.
	Strength string `json:"strength,omitempty"`
}

// Facing returns a facing of the given bearing, for UnitView.Facing.
func Facing(degrees float64) *float64 { return &degrees }

// ArrowView is an order arrow: a route ending at an objective, through hex
// ids on a hex map or points on a table.
type ArrowView struct {
	Side   Side     `json:"side"`
	Label  string   `json:"label"`
	Hexes  []string `json:"hexes,omitempty"`
	Points []Point  `json:"points,omitempty"`
}

// TableView is an open table measured in inches, seen by one side. The
// origin is the table's bottom-left corner as the map is drawn; x runs
// right and y runs up, both in inches.
type TableView struct {
	Name  string  `json:"name"`
	Width float64 `json:"width"` // inches
	Depth float64 `json:"depth"` // inches
	Scale Scale   `json:"scale"`
	// Terrain are the table's features, drawn in order: areas first,
	// then lines such as roads and streams.
	Terrain []TableFeature `json:"terrain,omitempty"`
	Units   []UnitView     `json:"units,omitempty"`
	Arrows  []ArrowView    `json:"arrows,omitempty"`
	// Traces are as a MapView's, through points.
	Traces []Trace `json:"traces,omitempty"`
}

// Scale says what an inch of table stands for, e.g. 1 inch = 20 yards.
type Scale struct {
	Inches float64 `json:"inches"`
	Equals float64 `json:"equals"`
	Unit   string  `json:"unit"` // "yards", "paces"
}

// Point is a place on a table, in inches from its bottom-left corner.
type Point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// TableFeature is a terrain feature on a table: an area (a closed polygon,
// e.g. a wood or a hill) or a line (e.g. a road, a stream, a fence).
type TableFeature struct {
	Kind   string  `json:"kind"` // one of the system's terrain kinds
	Name   string  `json:"name,omitempty"`
	Line   bool    `json:"line,omitempty"` // a polyline, not a closed area
	Points []Point `json:"points"`
	Hidden bool    `json:"hidden,omitempty"` // not visible to the viewing side
}

// Footprint is a unit's base on a table: a rectangle Width inches along
// its front edge and Depth inches deep, centred at (X, Y) and turned so
// that its front looks along the unit's Facing (none: up the table).
type Footprint struct {
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	Width float64 `json:"width"`
	Depth float64 `json:"depth"`
}

// RosterGroup is one block of a side's roster: the units of one Command
// of the viewing side, or (Enemy set) the enemy units the side can see.
type RosterGroup struct {
	Side    Side         `json:"side"`
	Command string       `json:"command,omitempty"` // e.g. "Barton's Division"
	Leader  string       `json:"leader,omitempty"`  // the Command's leader and where he is
	HQ      string       `json:"hq,omitempty"`      // where its HQ stands
	Enemy   bool         `json:"enemy,omitempty"`
	Units   []RosterUnit `json:"units"`
}

// RosterUnit is one unit as a roster lists it. A field the viewing side
// may not know (an enemy unit's strength, LoB 2.4) is "?"; one that does
// not apply is empty.
type RosterUnit struct {
	Name      string   `json:"name"`
	Kind      string   `json:"kind"`               // one of the system's unit kinds
	Position  string   `json:"position"`           // a hex id, or a place on a table
	Strength  string   `json:"strength,omitempty"` // e.g. "6 SP"
	Grade     string   `json:"grade,omitempty"`    // e.g. morale rating and weapon, "B, R"
	Formation string   `json:"formation,omitempty"`
	Facing    string   `json:"facing,omitempty"` // a compass point, e.g. "NE"
	State     string   `json:"state,omitempty"`  // e.g. "Routed", "Reserve"
	Markers   []string `json:"markers,omitempty"`
}

// Victory is what a side may know of the scenario's victory conditions
// and of the score. Tally and Winner are filled as far as the rules let
// the viewing side know them; at the game's end, for everyone.
type Victory struct {
	// Conditions states the scenario's victory conditions in words.
	Conditions []string `json:"conditions"`
	// Locations are the places worth points, with who holds each.
	Locations []VictoryLocation `json:"locations,omitempty"`
	// Tally is the points of each side, counting only what the viewing
	// side can know (Partial says some holders are hidden from it).
	Tally   []Score `json:"tally,omitempty"`
	Partial bool    `json:"partial,omitempty"`
	// Final is set when the game is over: Winner is the winning side, or
	// empty for a draw; Result says so in words.
	Final  bool   `json:"final,omitempty"`
	Winner Side   `json:"winner,omitempty"`
	Result string `json:"result,omitempty"`
}

// VictoryLocation is a place worth points.
type VictoryLocation struct {
	Name   string `json:"name"`
	Hex    string `json:"hex,omitempty"`
	Points int    `json:"points"`
	// Holder is the side holding it, "" when nobody does; Known is false
	// when the viewing side cannot see who holds it.
	Holder Side `json:"holder,omitempty"`
	Known  bool `json:"known"`
}

// Score is one side's victory points.
type Score struct {
	Side   Side `json:"side"`
	Points int  `json:"points"`
}

// CompassPoint names a bearing (degrees clockwise from the top of the
// board) by the nearest of the eight compass points, for rosters: the
// six hexside directions of either hex layout get six distinct names.
func CompassPoint(degrees float64) string {
	names := []string{"N", "NE", "E", "SE", "S", "SW", "W", "NW"}
	d := math.Mod(degrees, 360)
	if d < 0 {
		d += 360
	}
	return names[int(math.Floor(d/45+0.5))%8]
}
