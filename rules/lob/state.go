package lob

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"

	"galloper/orders"
	"galloper/rules"
)

// State is a Line of Battle position: the clock, where every counter is,
// and every order. It is immutable; Resolve returns a new one.
type State struct {
	scn     *Scenario
	charts  *charts
	doc     stateDoc
	index   map[string]int             // counter name -> position in doc.Pieces
	names   map[rules.Side]*pieceIndex // counters by written name, by the side reading (names_index.go)
	oob     *oobIndex                  // the order of battle (oob_index.go)
	hexIdx  *hexIndex                  // counters by hex (hex_index.go)
	markIdx *markerIndex               // hex markers by hex (hex_index.go)
}

var _ rules.State = (*State)(nil)

// stateDoc is the canonical form. Every collection is a slice in a fixed
// order, so encoding/json gives the same bytes for the same position.
type stateDoc struct {
	System   string `json:"system"`
	Scenario string `json:"scenario"`
	// File is the owner's scenario file the game plays (NewGameFromFile),
	// or nil for a shipped scenario, which Scenario names.
	File     []byte    `json:"scenario_file,omitempty"`
	Segment  int       `json:"segment"`
	Pieces   []Piece   `json:"pieces"`
	Orders   []Order   `json:"orders"`
	Counters []Counter `json:"counters"`
	Pack     packDoc   `json:"chart_pack"`
	// Commands is each Command's order-system status, by scenario order.
	Commands []CommandState `json:"commands,omitempty"`
	// Markers are per-hex markers: the stack's Morale State (LoB 6.0a).
	Markers []HexMarker `json:"markers,omitempty"`
	// Optional lists the optional rules in play, e.g. "12.2" (LoB 12.0).
	Optional []string `json:"optional,omitempty"`
	// Pending are field events command and control has still to answer.
	Pending []Pending `json:"pending,omitempty"`
	// Support is the state of supply, leaders and Breastworks (support.go).
	Support supportDoc `json:"support"`
	// Standing are each side's standing reactions from its last STANDING
	// block, which answer for it while the other side is active.
	Standing []StandingReaction `json:"standing,omitempty"`
}

// StandingReaction is one kept standing reaction of a side: its kind
// (VOLLEY, LOSSES, ...), the option chosen and, for VOLLEY PREFER, the
// units in order of preference.
type StandingReaction struct {
	Side   rules.Side `json:"side"`
	Kind   string     `json:"kind"`
	Choice string     `json:"choice"`
	Units  []string   `json:"units,omitempty"`
	// Choices are all the options written, most preferred first, when
	// there are several (RETREAT, WITHDRAW); Choice is the first.
	Choices []string `json:"choices,omitempty"`
}

// Piece is a counter and its dynamic state: a leader, an HQ, a Wagon or a
// combat unit (kind infantry, cavalry or artillery). Printed data stays in
// the scenario's order of battle.
type Piece struct {
	Name string     `json:"name"`
	Kind string     `json:"kind"` // "leader", "hq", "wagon", "infantry", "cavalry", "artillery"
	Side rules.Side `json:"side"`
	Hex  string     `json:"hex"`
	// Unit is a combat unit's changing state; nil for other counters.
	Unit *UnitState `json:"unit,omitempty"`
	// Status is a leader's: "" (active), "lost" (LoB 9.1a), "off-map" (10.3f).
	Status string `json:"status,omitempty"`
	// OffMap marks a counter not yet on the map (a reinforcement, LoB 3.7).
	OffMap bool `json:"off_map,omitempty"`
}

// UnitState is what changes on a combat unit in play.
type UnitState struct {
	SP        int    `json:"sp"`
	Formation string `json:"formation"` // one of its printed sides (LoB 3.3)
	Facing    int    `json:"facing"`    // 0..5, the hexside its front faces (LoB 3.1)
	Reserve   bool   `json:"reserve,omitempty"`
	// Eliminated units keep their losses for Loss Recovery (LoB 9.3).
	Eliminated bool `json:"eliminated,omitempty"`
	Losses     int  `json:"losses,omitempty"`
	// Artillery (LoB 8.2, 9.1c).
	DepletedShell    bool   `json:"depleted_shell,omitempty"`
	DepletedCanister bool   `json:"depleted_canister,omitempty"`
	Posted           string `json:"posted,omitempty"`
}

// HexMarker holds the markers on one hex: the Morale State shared by its
// stack (LoB 6.0a) and the Cowardly Legs marker (6.5).
type HexMarker struct {
	Hex          string       `json:"hex"`
	Morale       MoraleMarker `json:"morale,omitempty"`
	CowardlyLegs bool         `json:"cowardly_legs,omitempty"`
	// Exempt are the units a Cowardly Legs marker here never affects:
	// those of the stack that created it and of stacks it forced to
	// Displace (LoB 6.5c). Sorted.
	Exempt []string `json:"exempt,omitempty"`
	// CBF is the Counter Battery Fire marker level, 0-2 (LoB 5.8).
	CBF int `json:"cbf,omitempty"`
}

// CommandState is a Command's standing in the order system.
type CommandState struct {
	Name string `json:"name"`
	// Fluke is set from a Fluke Stoppage until Attack Recovery (LoB
	// 10.7b); Withdraw while its units still must fall back.
	Fluke    bool `json:"fluke,omitempty"`
	Withdraw bool `json:"withdraw,omitempty"`
	// Recovering is set while it needs Attack Recovery (LoB 10.8c).
	Recovering bool `json:"recovering,omitempty"`
	// Skedaddle is the hex the HQ was placed in during a Skedaddle (LoB
	// 10.9); SkedaddleDue marks a forced one starting next Activity Phase.
	Skedaddle    string `json:"skedaddle,omitempty"`
	SkedaddleDue bool   `json:"skedaddle_due,omitempty"`
	// Reserve is a whole Command in Reserve (LoB 10.4c).
	Reserve bool `json:"reserve,omitempty"`
	// Associated names the Command an Artillery Battalion moves with
	// (LoB 10.8e part 2); Destination is its HQ's destination hex.
	Associated  string `json:"associated,omitempty"`
	Destination string `json:"destination,omitempty"`
	// ArrivesTurn and Entry bring an off-map Command on (LoB 3.7, 10.3f).
	ArrivesTurn int    `json:"arrives_turn,omitempty"`
	Entry       string `json:"entry,omitempty"`
	// Area is the area recorded for its time without an accepted order
	// (LoB 10.8a, R-C2-8A; areas.go).
	Area *NoOrdersArea `json:"area,omitempty"`
}

// Counter is the last order number used by a side.
type Counter struct {
	Side rules.Side `json:"side"`
	Last int        `json:"last"`
}

// Order statuses.
const (
	InTransit = "in-transit" // issued, not yet arrived (LoB 10.6a)
	Waiting   = "waiting"    // arrived, its condition has not occurred (LoB 10.4d), or held (10.8c, 10.9c)
	Awaiting  = "awaiting"   // arrived, awaiting a "yes" Command Roll (LoB 10.6)
	Accepted  = "accepted"   // being carried out
	Ended     = "ended"      // fulfilled, superseded or replaced (LoB 10.7a)
)

// Order is a written order (LoB 10.3) and its life cycle.
type Order struct {
	ID            string        `json:"id"`
	Side          rules.Side    `json:"side"`
	Type          string        `json:"type"` // ATTACK or MOVE (LoB 10.4)
	From          string        `json:"from"` // issuing leader
	To            string        `json:"to"`   // receiving Command
	Objective     string        `json:"objective"`
	ObjectiveName string        `json:"objective_name,omitempty"`
	Route         []Waypoint    `json:"route"`
	Condition     Condition     `json:"condition"`
	For           []Instruction `json:"for,omitempty"`
	Intent        string        `json:"intent,omitempty"`
	IssuedTurn    int           `json:"issued_turn"`
	ArrivesTurn   int           `json:"arrives_turn"`
	Status        string        `json:"status"`
	Rolls         []RollNote    `json:"rolls,omitempty"`
	AcceptedTurn  int           `json:"accepted_turn,omitempty"`
	EndedTurn     int           `json:"ended_turn,omitempty"`
	Why           string        `json:"why,omitempty"` // why it ended
	Path          []string      `json:"path,omitempty"`
	// Parent is the order this one re-issues (LoB 10.6d).
	Parent string `json:"parent,omitempty"`
	// NotBefore is the first turn it may roll to implement (LoB 10.3e).
	NotBefore int `json:"not_before,omitempty"`
	// Initiative is the 10.10b type of an Initiative order.
	Initiative string `json:"initiative,omitempty"`
	// Reserves names the formations it puts into Reserve (LoB 10.4c).
	Reserves []string `json:"reserves,omitempty"`
	// Artillery gives Artillery Battalions their destination hex or, when
	// Hex is empty, associates them with the Command (LoB 10.8e).
	Artillery []ArtilleryNote `json:"artillery,omitempty"`
	Axis      string          `json:"axis,omitempty"`   // LoB 12.4
	Defend    string          `json:"defend,omitempty"` // LoB 12.2
	// Ruling is a referee's ruling on the order's intent.
	Ruling string `json:"ruling,omitempty"`
}

// ArtilleryNote is an Artillery Battalion line of an order (LoB 10.8e).
type ArtilleryNote struct {
	Battalion string `json:"battalion"`
	Hex       string `json:"hex,omitempty"`
}

// Pending is an event the field rules raised that command and control
// answers at the next opportunity: "leader-lost" (LoB 10.8b),
// "hq-overrun", "hq-retreat-small-arms", "hq-displaced" (10.9).
type Pending struct {
	Kind string `json:"kind"`
	Name string `json:"name"` // the leader or Command
	// Commands are, for a leader lost, the Commands he headed at that
	// moment, printed or by promotion (LoB 9.1b, 10.8b).
	Commands []string `json:"commands,omitempty"`
}

// Waypoint is one route point: a hex (possibly a named place) or a road.
type Waypoint struct {
	Text string `json:"text"`
	Hex  string `json:"hex,omitempty"`
	Road string `json:"road,omitempty"`
}

// Condition is one of the three conditions LoB 10.4d allows.
type Condition struct {
	Kind    string `json:"kind,omitempty"` // "", "first-light", "attacks"
	Command string `json:"command,omitempty"`
	Minutes int    `json:"minutes,omitempty"` // after Command attacks
	Text    string `json:"text,omitempty"`
}

// Instruction is a per-subordinate instruction, kept verbatim (LoB 10.3a).
type Instruction struct {
	Unit string `json:"unit"`
	Text string `json:"text"`
}

// RollNote is one Command Roll to implement an order.
type RollNote struct {
	Turn int  `json:"turn"`
	Sum  int  `json:"sum"`
	Yes  bool `json:"yes"`
}

// packDoc is a chart pack with its maps turned into sorted slices.
type packDoc struct {
	Name        string     `json:"name"`
	System      string     `json:"system"`
	Provisional bool       `json:"provisional"`
	Notes       string     `json:"notes"`
	Hash        string     `json:"hash"`
	Tables      []tableDoc `json:"tables"`
}

type tableDoc struct {
	Name       string   `json:"name"`
	Rule       string   `json:"rule"`
	Derivation string   `json:"derivation"`
	Columns    []string `json:"columns"`
	Rows       []rowDoc `json:"rows"`
	Values     []rowDoc `json:"values"`
}

type rowDoc struct {
	Key   string   `json:"key"`
	Cells []string `json:"cells,omitempty"`
	Value string   `json:"value,omitempty"`
}

func packToDoc(p *rules.ChartPack) packDoc {
	d := packDoc{Name: p.Name, System: p.System, Provisional: p.Provisional, Notes: p.Notes, Hash: p.Hash}
	for _, name := range sortedKeys(p.Tables) {
		t := p.Tables[name]
		td := tableDoc{Name: name, Rule: t.Rule, Derivation: t.Derivation, Columns: t.Columns}
		for _, k := range sortedKeys(t.Rows) {
			td.Rows = append(td.Rows, rowDoc{Key: k, Cells: t.Rows[k]})
		}
		for _, k := range sortedKeys(t.Values) {
			td.Values = append(td.Values, rowDoc{Key: k, Value: t.Values[k]})
		}
		d.Tables = append(d.Tables, td)
	}
	return d
}

func docToPack(d packDoc) *rules.ChartPack {
	p := &rules.ChartPack{Name: d.Name, System: d.System, Provisional: d.Provisional, Notes: d.Notes, Hash: d.Hash,
		Tables: map[string]rules.ChartTable{}}
	for _, td := range d.Tables {
		t := rules.ChartTable{Rule: td.Rule, Derivation: td.Derivation, Columns: td.Columns}
		for _, r := range td.Rows {
			if t.Rows == nil {
				t.Rows = map[string][]string{}
			}
			t.Rows[r.Key] = r.Cells
		}
		for _, v := range td.Values {
			if t.Values == nil {
				t.Values = map[string]string{}
			}
			t.Values[v.Key] = v.Value
		}
		p.Tables[td.Name] = t
	}
	return p
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// newState builds the starting position of a scenario.
func newState(scn *Scenario, ch *charts) *State {
	d := stateDoc{System: systemID, Scenario: scn.Name, Optional: append([]string(nil), scn.Optional...)}
	for _, c := range scn.commands() {
		ps := commandPieces(c)
		for i := range ps {
			ps[i].OffMap = c.ArrivesTurn > 0 || scn.arrival(ps[i].Name) != nil
		}
		d.Pieces = append(d.Pieces, ps...)
		d.Commands = append(d.Commands, CommandState{Name: c.Name, ArrivesTurn: c.ArrivesTurn, Entry: c.Entry})
	}
	for _, sd := range scn.Sides {
		d.Counters = append(d.Counters, Counter{Side: sd.Side})
		for _, w := range sd.Wagons {
			d.Pieces = append(d.Pieces, Piece{Name: w.Name, Kind: "wagon", Side: sd.Side, Hex: w.Hex})
		}
	}
	d.Pack = packToDoc(ch.pack)
	return build(scn, ch, d)
}

// commandPieces are the counters of one Command at set-up: its leader,
// its HQ, brigade leaders and combat units (LoB 11.0 #1: Normal Morale).
func commandPieces(c *Command) []Piece {
	ps := []Piece{{Name: c.Leader.Name, Kind: "leader", Side: c.Side, Hex: c.HQ}}
	if !c.NoHQ {
		ps = append(ps, Piece{Name: c.HQName(), Kind: "hq", Side: c.Side, Hex: c.HQ})
	}
	for _, b := range c.Brigades {
		if b.Leader != nil {
			ps = append(ps, Piece{Name: b.Leader.Name, Kind: "leader", Side: c.Side, Hex: b.Hex})
		}
		for _, u := range b.units() {
			ps = append(ps, unitPiece(c.Side, u))
		}
	}
	for i := range c.Units {
		ps = append(ps, unitPiece(c.Side, &c.Units[i]))
	}
	return ps
}

// unitPiece is a combat unit at full strength on its first printed side.
func unitPiece(side rules.Side, u *Unit) Piece {
	return Piece{Name: u.Name, Kind: u.Arm, Side: side, Hex: u.Hex,
		Unit: &UnitState{SP: u.SP, Formation: formationName(u.Sides[0])}}
}

func build(scn *Scenario, ch *charts, d stateDoc) *State {
	s := &State{scn: scn, charts: ch, doc: d, index: map[string]int{}}
	for i, p := range d.Pieces {
		s.index[p.Name] = i
	}
	s.names, s.oob = pieceIndexes(scn, d.Pieces), newOOBIndex(scn, d.Pieces)
	return s
}

// Canonical implements rules.State.
func (s *State) Canonical() []byte {
	b, err := json.Marshal(s.doc)
	if err != nil {
		panic(fmt.Sprintf("lob: encoding state: %v", err)) // plain data: cannot fail
	}
	return b
}

// decodeState reads a canonical state and checks it against its scenario.
func decodeState(b []byte) (*State, error) {
	var d stateDoc
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&d); err != nil {
		return nil, fmt.Errorf("lob: decoding state: %w", err)
	}
	if d.System != systemID {
		return nil, fmt.Errorf("lob: decoding state: system %q, want %s", d.System, systemID)
	}
	load := loadScenario
	if d.File != nil {
		load = func(name string) (*Scenario, error) { return loadScenarioFile(name, d.File) }
	}
	scn, err := load(d.Scenario)
	if err != nil {
		return nil, fmt.Errorf("lob: decoding state: %w", err)
	}
	ch, err := compileCharts(docToPack(d.Pack), scn)
	if err != nil {
		return nil, fmt.Errorf("lob: decoding state: %w", err)
	}
	s := build(scn, ch, d)
	want := newState(scn, ch).doc.Pieces
	if len(want) != len(d.Pieces) {
		return nil, fmt.Errorf("lob: decoding state: %d counters, scenario %s has %d", len(d.Pieces), scn.Name, len(want))
	}
	for i, p := range d.Pieces {
		if p.Name != want[i].Name || p.Kind != want[i].Kind || p.Side != want[i].Side {
			return nil, fmt.Errorf("lob: decoding state: counter %d is %q, scenario has %q", i, p.Name, want[i].Name)
		}
		if _, ok := scn.Map.Hex(p.Hex); !ok {
			return nil, fmt.Errorf("lob: decoding state: counter %q: hex %q is not on the map", p.Name, p.Hex)
		}
	}
	return s, nil
}

// clone returns a deep copy to build the next position on.
func (s *State) clone() *State {
	var d stateDoc
	if err := json.Unmarshal(s.Canonical(), &d); err != nil {
		panic(fmt.Sprintf("lob: cloning state: %v", err))
	}
	return build(s.scn, s.charts, d)
}

// turn is the 1-based game turn of the current segment.
func (s *State) turn() int { return s.doc.Segment/2 + 1 }

// side is the side whose player turn it is.
func (s *State) side() rules.Side { return s.scn.Sides[s.doc.Segment%2].Side }

// Segment implements rules.State: each game turn is a CSA player turn and
// then a USA player turn (LoB 2.0, 11.0 #5).
func (s *State) Segment() rules.Segment {
	t, sd := s.turn(), s.side()
	if s.Over() {
		t, sd = s.scn.Turns, s.scn.Sides[1].Side
	}
	return rules.Segment{
		Turn:  t,
		Index: s.doc.Segment,
		Name:  string(sd),
		Label: fmt.Sprintf("Turn %d (%s), %s player turn", t, s.scn.clock(t).Format("15:04"), sd),
		Sides: []rules.Side{sd},
	}
}

// Over implements rules.State: the game ends after the last turn's second
// player turn.
func (s *State) Over() bool { return s.doc.Segment >= 2*s.scn.Turns }

// piece returns a counter by name. Every caller passes a name the state
// holds (the scenario's, or one checked against s.index first), so a name
// it lacks is a fault in Galloper: it panics naming it, never falling
// back on another counter. Mail handling recovers the panic and keeps the
// mail for the operator (mail/poison.go).
func (s *State) piece(name string) *Piece {
	i, ok := s.index[name]
	if !ok {
		panic(fmt.Sprintf("lob: no counter named %q", name))
	}
	return &s.doc.Pieces[i]
}

// hqHex is where a Command's HQ stands, or the leader heading it now when
// he fills in for one (LoB 10.2b, 10.6a, 9.1b).
func (s *State) hqHex(c *Command) string { return s.hqPiece(c).Hex }

// hqPiece is the counter that is a Command's HQ: its HQ counter or, for a
// Command without one, its commander's (LoB 10.2b).
func (s *State) hqPiece(c *Command) *Piece {
	if c.NoHQ {
		return s.commanderPiece(c)
	}
	return s.piece(c.HQName())
}

// commanderPiece is the counter of the leader heading a Command now,
// after losses and promotions (LoB 9.1b): his own, or the fallen leader's
// when a Repl has taken over with it or the post is empty
// (docs/rulings-lob.md R-C2-LEAD).
func (s *State) commanderPiece(c *Command) *Piece {
	if l, ok := s.commander(c); ok {
		if i, ok := s.index[l.Name]; ok {
			return &s.doc.Pieces[i]
		}
	}
	return s.piece(c.Leader.Name)
}

// cmdState is a Command's order-system status.
func (s *State) cmdState(name string) *CommandState {
	for i := range s.doc.Commands {
		if s.doc.Commands[i].Name == name {
			return &s.doc.Commands[i]
		}
	}
	s.doc.Commands = append(s.doc.Commands, CommandState{Name: name})
	return &s.doc.Commands[len(s.doc.Commands)-1]
}

// optional reports whether an optional rule (e.g. "12.2") is in play.
func (s *State) optional(rule string) bool {
	for _, o := range s.doc.Optional {
		if o == rule {
			return true
		}
	}
	return false
}

// orderFile is a convenience for tests and Default.
func emptyFile(side rules.Side) *orders.File { return &orders.File{Side: string(side)} }
