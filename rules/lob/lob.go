// Package lob is Galloper's Line of Battle v2.0 system (LoB Series Rules,
// Multi-Man Publishing). It holds the order of battle (a Command tree of
// corps, divisions, brigades, regiments, batteries and Wagons, units.go),
// the game state, and command and control complete at HQ-and-Command
// level (LoB 10.0-10.10 and the optional rules 12.1-12.5): written orders
// with a Command Roll to send and to accept, delivery delays, re-issue
// down the chain, Reserve, conditions, night orders, Fluke Stoppage,
// Attack Recovery, leader losses, Skedaddle, Initiative and Command Radius
// traced through enemy ZOCs; and line of sight and visibility (4.0-4.3).
//
// In the Activity Phase HQs move along their orders' routes, units the
// player does not move close on them, and the players' activity scripts
// are carried out stack by stack (activity.go): movement, formations and
// Facing, ZOCs, Closing Rolls, fire with Opening Volleys, Morale Checks
// (movement.go, closing.go, fire.go, volley.go, morale.go) and Charges
// (charge.go). The field rules raise events, such as a leader's loss,
// that command and control answers. Tables come from a chart pack; the
// shipped one is provisional (docs/charts-lob.md). Rulings on the rulebook's ambiguities are in
// docs/rulings-lob.md; the rule cases in testdata, listed in COVERAGE.md.
package lob

import (
	"errors"
	"fmt"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/lob/lobtext"
)

const systemID = "lob.v2"

// System is Line of Battle v2.0.
type System struct{}

var (
	_ rules.System        = System{}
	_ rules.OptionalRules = System{}
	_ rules.Ruler         = System{}
	_ rules.ReceiptNoter  = System{}
	// The adjudicator hashes these into a game's dice commitment.
	_ rules.ScenarioSource  = System{}
	_ rules.ChartPackSource = System{}
	_ rules.Styler          = System{}
)

// New returns the Line of Battle v2.0 system.
func New() rules.System { return System{} }

// ID implements rules.System.
func (System) ID() string { return systemID }

// Dialect implements rules.System: Line of Battle's order language.
func (System) Dialect() orders.Dialect { return lobtext.Dialect }

// Name implements rules.System.
func (System) Name() string { return "Line of Battle v2.0" }

// Scenarios implements rules.System.
func (System) Scenarios() []string { return append([]string(nil), scenarioNames...) }

// NewGame implements rules.System. A nil pack selects the embedded
// provisional pack; a given pack must hold every table the game uses.
func (System) NewGame(scenario string, pack *rules.ChartPack) (rules.State, error) {
	scn, err := loadScenario(scenario)
	if err != nil {
		return nil, err
	}
	st, err := startGame(scn, pack)
	if err != nil {
		return nil, err
	}
	return st, nil
}

// startGame is the starting state of a scenario, on pack or, when it is
// nil, on the embedded provisional pack.
func startGame(scn *Scenario, pack *rules.ChartPack) (*State, error) {
	var err error
	if pack == nil {
		if pack, err = rules.ParseChartPack("charts/provisional.yaml", provisionalPack); err != nil {
			return nil, err
		}
	}
	ch, err := compileCharts(pack, scn)
	if err != nil {
		return nil, err
	}
	return newState(scn, ch), nil
}

// DecodeState implements rules.System.
func (System) DecodeState(canonical []byte) (rules.State, error) { return decodeState(canonical) }

// Validate implements rules.System. It reports every problem at once.
func (System) Validate(s rules.State, side rules.Side, f *orders.File) []orders.Problem {
	st, ok := s.(*State)
	if !ok {
		return []orders.Problem{{Kind: orders.Illegal, Code: "lob-not-a-lob-game", Rule: "LoB 1.2",
			Message: "this game is not a Line of Battle game"}}
	}
	return st.validate(side, f)
}

// Default implements rules.System: no new orders. Orders already on hand
// still make their Command Rolls during Resolve.
func (System) Default(_ rules.State, side rules.Side) *orders.File { return emptyFile(side) }

// Resolve implements rules.System for the current player turn.
func (System) Resolve(in rules.Input) (rules.Result, error) {
	st, ok := in.State.(*State)
	if !ok {
		return rules.Result{}, fmt.Errorf("lob: state is %T, not a Line of Battle state", in.State)
	}
	next, events, err := st.resolve(in)
	if p := (*pauseError)(nil); errors.As(err, &p) {
		return rules.Result{Events: events, Pauses: []rules.DecisionRequest{p.req}}, nil
	}
	if err != nil {
		return rules.Result{}, err
	}
	return rules.Result{Next: next, Events: events}, nil
}

// View implements rules.System.
func (System) View(s rules.State, side rules.Side) rules.View {
	st, ok := s.(*State)
	if !ok {
		return rules.View{System: systemID, Side: side, Style: Style()}
	}
	return st.view(side)
}

// WithOptionalRules returns a copy of a new game's state with the optional
// rules a game's players agreed on before play (LoB 12.0), e.g. "12.2",
// "12.4", in addition to any its scenario lists. Game set-up calls it
// right after NewGame.
func WithOptionalRules(s rules.State, opts ...string) (rules.State, error) {
	st, ok := s.(*State)
	if !ok {
		return nil, fmt.Errorf("lob: state is %T, not a Line of Battle state", s)
	}
	if st.doc.Segment != 0 {
		return nil, fmt.Errorf("lob: optional rules are chosen before play starts (LoB 12.0)")
	}
	next := st.clone()
	for _, o := range opts {
		if !optionalRules[o] {
			return nil, fmt.Errorf("lob: %q is not an optional rule (12.1 to 12.5, or %s)", o, SecretOOB)
		}
		if !next.optional(o) {
			next.doc.Optional = append(next.doc.Optional, o)
		}
	}
	return next, nil
}

// OptionalRules lists the optional rules a game may switch on (LoB 12.0).
func (System) OptionalRules() []rules.OptionalRule {
	return []rules.OptionalRule{
		{ID: "12.1", Name: "Pre-Set Orders"},
		{ID: "12.2", Name: "Defensive Positions"},
		{ID: "12.3", Name: "Advanced Road Columns"},
		{ID: "12.4", Name: "Axis of Advance"},
		{ID: "12.5", Name: "Sound of the Guns"},
		{ID: SecretOOB, Name: "Secret orders of battle (Galloper's setting: no enemy names are offered)"},
	}
}

// WithOptionalRules is the package's WithOptionalRules, for the
// adjudicator's game set-up.
func (System) WithOptionalRules(s rules.State, ids []string) (rules.State, error) {
	return WithOptionalRules(s, ids...)
}

// OptionalRulesInPlay lists the optional rules in play in s, the
// scenario's included.
func (System) OptionalRulesInPlay(s rules.State) []string {
	st, ok := s.(*State)
	if !ok {
		return nil
	}
	return append([]string(nil), st.doc.Optional...)
}

// ScenarioData returns the bytes of an embedded scenario file, whose hash
// the game-start mail publishes with the dice commitment.
func (System) ScenarioData(name string) ([]byte, error) { return ScenarioData(name) }

// ChartPackData returns the bytes of the shipped chart pack, which a game
// not given its own records and hashes.
func (System) ChartPackData() []byte { return ChartPackData() }
