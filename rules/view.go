package rules

// View is what one side can see: the input of every report and map. The
// empty Side is the umpire's view.
type View struct {
	Game    string
	System  string
	Side    Side
	Turn    string // e.g. "Turn 3, 08:00"
	Segment string
	// Provisional is set when the game runs on a provisional chart pack,
	// so every report says so.
	Provisional bool
	ChartPack   string
	// Lines is the plain-text situation summary, one line each.
	Lines []string
	// Map is nil for systems without a hex map.
	Map *MapView
}

// MapView is a hex map seen by one side.
type MapView struct {
	Name  string
	Cols  int
	Rows  int
	Hexes []HexView
	Roads [][]string // each road is a chain of hex ids
	// Streams are creeks and rivers, each a chain of hex ids.
	Streams [][]string
	// Hexsides are features drawn on the edge between two hexes.
	Hexsides []HexsideView
	Units    []UnitView
	Arrows   []ArrowView
}

// HexView is one hex as drawn.
type HexView struct {
	ID        string // system notation, e.g. "A10.10"
	Col, Row  int    // 1-based offset coordinates; Row 1 is the bottom row
	Terrain   string // e.g. "clear", "woods", "orchard", "town"
	Elevation int
	Hidden    bool // not visible to the viewing side (fog)
	Label     string
}

// HexsideView is a feature on the hexside between hexes A and B.
type HexsideView struct {
	A, B string // hex ids on either side
	// Kind is "woods", "creek", "stream", "ford", "bridge", "wall",
	// "slope", "ledge" or "dip". Directional kinds (ledge, dip) face from
	// A towards B.
	Kind string
}

// UnitView is one counter as drawn.
type UnitView struct {
	Name      string
	Side      Side
	Kind      string // "infantry", "cavalry", "artillery", "leader", "hq", "wagon"
	Hex       string
	Facing    int    // 0..5 hexside, -1 when none
	Formation string // e.g. "line", "column"
	Status    string // e.g. "DG", "Routed", "Wrecked"
}

// ArrowView is an order arrow: a route ending at an objective.
type ArrowView struct {
	Side  Side
	Label string
	Hexes []string
}
