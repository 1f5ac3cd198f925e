package rules

import (
	"errors"

	"galloper/orders"
)

// Capabilities: what a System may do beyond the System interface. The
// adjudicator finds each by type assertion on the System, and a system
// states the ones it has with compile-time guards, as rules/lob does:
//
//	var _ rules.OptionalRules = System{}

// OptionalRule is one optional rule a game may switch on before play.
type OptionalRule struct {
	ID   string // the rule number, e.g. "12.2"
	Name string // e.g. "Defensive Positions"
}

// OptionalRules is the capability of a System whose games may switch on
// optional rules when they are set up.
type OptionalRules interface {
	// OptionalRules lists the optional rules a game may switch on.
	OptionalRules() []OptionalRule
	// WithOptionalRules returns a copy of a new game's state with the
	// optional rules ids (each an OptionalRule's ID) in play. It is an
	// error if an id names no optional rule or play has started.
	WithOptionalRules(s State, ids []string) (State, error)
	// OptionalRulesInPlay lists the ids of the optional rules in play in s.
	OptionalRulesInPlay(s State) []string
}

// ErrNotRuling is wrapped by a Ruler's error when a referee's text is not
// in the form the system understands: the ruling is then free text, for
// people only.
var ErrNotRuling = errors.New("not a ruling the engine understands")

// Ruler is the capability of a System that can apply a referee's rulings
// on matters it cannot judge itself, such as whether an order has met its
// intent.
type Ruler interface {
	// Rule applies a ruling to s and returns the new state and the event
	// that records it. The error wraps ErrNotRuling when text is not in
	// the system's form; any other error means the ruling is understood
	// but cannot be applied to s, and says why.
	Rule(s State, text string) (State, Event, error)
}

// ReceiptNoter is the capability of a System that adds notes to the
// receipt of accepted orders, such as which kinds of orders it keeps but
// does not carry out yet.
type ReceiptNoter interface {
	// ReceiptNotes returns the notes for f, accepted in state st.
	ReceiptNotes(st State, f *orders.File) []string
}

// ScenarioSource is the capability of a System whose scenarios are data
// files: the adjudicator hashes a game's scenario into its dice
// commitment and mails it with the game start.
type ScenarioSource interface {
	// ScenarioData returns the bytes of the named scenario's file.
	ScenarioData(name string) ([]byte, error)
}

// ScenarioLoader is the capability of a System that plays a scenario file
// a game's owner brings (a battle from a Battle Book, written in the
// system's scenario format) as well as the scenarios it ships. The file
// is checked as a shipped one is, every fault reported, and travels in
// the game's state, so the game never needs the file again.
type ScenarioLoader interface {
	// NewGameFromFile starts a game of the scenario in data, called name.
	NewGameFromFile(name string, data []byte, pack *ChartPack) (State, error)
}

// ScenarioCarrier is the capability of a State that carries its own
// scenario file (ScenarioLoader): the adjudicator hashes it into the
// game's dice commitment in place of a shipped scenario's.
type ScenarioCarrier interface {
	// ScenarioFile returns the scenario file the state carries, or nil
	// when it plays a shipped scenario.
	ScenarioFile() []byte
}

// ChartPackSource is the capability of a System that ships a chart pack:
// the adjudicator hashes it into a game's dice commitment when the game
// brings no pack of its own.
type ChartPackSource interface {
	// ChartPackData returns the bytes of the shipped chart pack.
	ChartPackData() []byte
}

// Styler is a system that says how its boards are drawn and its orders
// are taught, without a game: the HELP reply asks it.
type Styler interface {
	Style() *Style
}

// OrderHinter is the capability of a System that lists the orders open to
// a side, for the JSON document of its mails (docs/bots.md). The hints
// must depend only on what the side may see.
type OrderHinter interface {
	// OrderHints lists the orders open to side in s, or nil when side
	// sends no orders now.
	OrderHints(s State, side Side) *OrderHints
}

// Chronicler is the capability of a System that tells how its events
// read in a report: the phase of the segment each belongs to, and what it
// counts toward in the summary that leads the report.
type Chronicler interface {
	// Phases lists a segment's phases in order, e.g. "Command Phase".
	Phases() []string
	// Chronicle says how one event counts.
	Chronicle(e Event) EventNote
}

// EventNote is how one event counts in a report.
type EventNote struct {
	// Phase is the phase the event belongs to; events follow one another
	// in time, so an event of an earlier phase after a later one stays in
	// the later one. Empty: the phase of the event before it.
	Phase string
	// Tally is the summary line the event counts toward: TallyLosses, or
	// a label such as "units routed", "orders accepted". Empty: none.
	Tally string
	// Subject is the unit, stack or order the event concerns, e.g. "12 Va".
	Subject string
	// Count is how much the event adds (Strength Points for a loss); zero
	// counts as one.
	Count int
}

// TallyLosses is the tally of losses: the report sums each side's from
// the events' Count, the side found by the Subject unit in the roster.
const TallyLosses = "losses"

// ScenarioExamples is the capability of a System that writes example
// orders in the names and places of one of its scenarios, for the
// player's guide mailed with a game.
type ScenarioExamples interface {
	// OrderExamples returns the body of an order file (no envelope) for
	// side in scenario, each order valid at the scenario's start.
	OrderExamples(scenario string, side Side) (string, error)
}

// Demonstrator is the capability of a System that plays its sample
// scenario by email for `galloper demo --system ID`: the demo creates the
// game, and each side's player writes its orders from the side's own view
// only, as a person reading his report would.
type Demonstrator interface {
	// DemoScenario is the scenario the demo plays, the sides in the order
	// their players are listed, and the most segments the demo resolves
	// (the game may end sooner).
	DemoScenario() (scenario string, sides []Side, segments int)
	// DemoOrders is the body of side's order file (the dialect's orders,
	// no envelope) for the segment awaited in v, written from v alone.
	// An empty body sends no orders.
	DemoOrders(v View, side Side) string
	// DemoShows lists what the demo must have shown, each as a kind of
	// event the game's journal must hold at least once by the end (e.g.
	// "order-delayed", "charge"), so a test can check the demo's story.
	DemoShows() []string
}
