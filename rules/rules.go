// Package rules is Galloper's engine core: the vocabulary every game system
// speaks (sides, segments, state, events, problems, views), the Dice
// interface through which every die is rolled, and chart packs. Each system
// lives in a sub-package (rules/lob, ...) and is listed in rules/systems.
//
// Nothing in this package or below it does I/O or reads the clock:
// resolution is a pure function of (state, orders, decisions, dice).
package rules

import "galloper/orders"

// Side names one side of a game, such as "USA" or "CSA".
type Side string

// Segment is the unit of adjudication: the stretch of a turn that can be
// resolved from the orders in hand. In Line of Battle it is one Player Turn.
type Segment struct {
	Turn  int    // 1-based game turn
	Index int    // 0-based segment index within the whole game
	Name  string // system-defined, e.g. "CSA"
	Label string // for players, e.g. "Turn 3 (08:00) CSA player turn"
	// Sides lists who sends orders for this segment.
	Sides []Side
}

// State is an immutable game position. Resolution never changes a State; it
// returns a new one.
type State interface {
	// Canonical is the canonical text form of the state: the same position
	// always gives the same bytes. Journals, fixtures and hashes use it.
	Canonical() []byte
	// Segment is the segment whose orders are awaited now.
	Segment() Segment
	// Over reports whether the game has ended.
	Over() bool
}

// System is one game system, such as Line of Battle v2.0.
type System interface {
	// ID is the versioned system id, e.g. "lob.v2".
	ID() string
	// Name is the system's name for people.
	Name() string
	// Scenarios lists the embedded scenario names.
	Scenarios() []string
	// NewGame builds the starting state of a scenario with a chart pack.
	// A nil pack selects the system's shipped (possibly provisional) pack.
	NewGame(scenario string, pack *ChartPack) (State, error)
	// DecodeState reads a state from its canonical form.
	DecodeState(canonical []byte) (State, error)
	// Validate checks one side's parsed orders against the rules for the
	// current segment. It reports every illegal order at once. It must not
	// reveal hidden enemy positions in its messages.
	Validate(s State, side Side, f *orders.File) []orders.Problem
	// Default gives the orders a side is taken to have sent when none came
	// (no moves received). It may return an empty file.
	Default(s State, side Side) *orders.File
	// Resolve adjudicates the current segment.
	Resolve(in Input) (Result, error)
	// View is what one side can see of the state. The empty side is the
	// umpire's view, which sees everything.
	View(s State, side Side) View
	// Dialect is the system's order language: the orders its players
	// write inside the shared envelope, parsed once the game is known.
	Dialect() orders.Dialect
}

// Input is everything a resolution may depend on.
type Input struct {
	State State
	// Orders holds each ordering side's orders, already validated.
	Orders map[Side]*orders.File
	// Decisions are answers to decision requests made by earlier runs of the
	// same segment, in the order they were requested.
	Decisions []Decision
	// Dice is the only source of randomness.
	Dice Dice
}

// Result is the outcome of one resolution.
type Result struct {
	// Next is the state after the segment. It is nil when Pauses is set.
	Next State
	// Events is everything that happened, rolls included, in order.
	Events []Event
	// Pauses is set when choices that no standing order covers are
	// needed: one request, or a set of them from one side or both (such
	// as a secret choice both sides make at once after a roll). Each side
	// answers only its own requests, secretly and independently; when
	// every request of the set is answered (or defaulted at its
	// deadline) the segment is re-run from its start with the answers.
	Pauses []DecisionRequest
}

// Paused reports whether the resolution stopped for decisions.
func (r Result) Paused() bool { return len(r.Pauses) > 0 }

// Decision answers a DecisionRequest.
type Decision struct {
	Key    string // the request's Key
	Side   Side
	Choice string // one of the request's Options
}

// DecisionRequest asks one side to choose mid-segment. Its Key is unique
// among the requests of a segment, whichever side they are for.
type DecisionRequest struct {
	Key      string // stable within the segment, e.g. "retreat:1st Texas"
	Side     Side
	Rule     string
	Question string
	Options  []string
	Default  string
}

// Event is one thing that happened during resolution.
type Event struct {
	Kind string // e.g. "roll", "order-issued", "order-arrived", "hq-moved"
	Rule string // rule reference, e.g. "LoB 10.6a"
	Text string // plain English for players
	// Visible lists the sides that may see the event; nil means everyone.
	Visible []Side
	// Roll is set on events of kind "roll".
	Roll *Roll `json:",omitempty"`
	// Copy marks a cut copy of an event told in full to other sides: the
	// sides in Visible may know only part of it (a unit's strength is
	// secret, LoB 2.4). The umpire reads the full event and not the copy.
	Copy bool `json:",omitempty"`
	// Trace is what the event leaves on the map of a results report, for
	// the sides that may see the event (trace.go); nil leaves nothing.
	Trace *Trace `json:",omitempty"`
}

// VisibleTo reports whether side may see the event. The umpire (empty side)
// sees everything but the cut copies of events.
func (e Event) VisibleTo(side Side) bool {
	if side == "" {
		return !e.Copy
	}
	if e.Visible == nil {
		return true
	}
	for _, s := range e.Visible {
		if s == side {
			return true
		}
	}
	return false
}
