package wintersvictory

import (
	"fmt"
	"slices"
	"strings"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/wintersvictory/wvtext"
)

// System is Winter's Victory, "wintersvictory.v1".
type System struct {
	tables *Tables
	pack   *Pack
}

var (
	_ rules.System          = System{}
	_ rules.ScenarioSource  = System{}
	_ rules.ScenarioLoader  = System{}
	_ rules.ChartPackSource = System{}
	_ rules.Demonstrator    = System{}
	_ rules.Chronicler      = System{}
	_ rules.ReceiptNoter    = System{}
)

// New returns the system with the booklet's printed tables and the
// shipped provisional chart pack.
func New() System { return System{tables: PrintedTables(), pack: ProvisionalPack()} }

// ID implements rules.System.
func (System) ID() string { return "wintersvictory.v1" }

// Name implements rules.System.
func (System) Name() string { return "Winter's Victory (Eylau 1807), Living Rules v1.3" }

// Scenarios implements rules.System.
func (System) Scenarios() []string { return scenarioNames() }

// Dialect implements rules.System.
func (System) Dialect() orders.Dialect { return wvtext.Dialect }

// Examples are whole example order files (rulestest.Examples).
func (System) Examples() []string { return wvtext.Samples }

// ScenarioData implements rules.ScenarioSource.
func (System) ScenarioData(name string) ([]byte, error) { return scenarioData(name) }

// ChartPackData implements rules.ChartPackSource.
func (System) ChartPackData() []byte { return ProvisionalPackData() }

// NewGame implements rules.System. A pack given replaces the shipped
// provisional one; it must hold every table this system reads.
func (System) NewGame(scenario string, pack *rules.ChartPack) (rules.State, error) {
	data, err := scenarioData(scenario)
	if err != nil {
		return nil, fmt.Errorf("wintersvictory: no scenario %q (known: %s)", scenario, strings.Join(scenarioNames(), ", "))
	}
	s, err := LoadScenario(scenario, data)
	if err != nil {
		return nil, err
	}
	s.grid = keepMap(mapKey(scenario, nil), s.grid)
	return withPack(s, pack)
}

// NewGameFromFile implements rules.ScenarioLoader: a game of an owner's
// scenario file, a battle of the Playbook's (20.0) or of the owner's own
// written in Galloper's scenario format (docs/maps.md, "Winter's Victory
// maps"), checked as the shipped one is, every fault named. The state
// carries the file, so the game never needs it again.
func (System) NewGameFromFile(name string, data []byte, pack *rules.ChartPack) (rules.State, error) {
	if name == "" || strings.ContainsAny(name, "/\\") {
		return nil, fmt.Errorf("wintersvictory: a scenario file needs a name without slashes, not %q", name)
	}
	s, err := LoadScenario(name, data)
	if err != nil {
		return nil, fmt.Errorf("wintersvictory: %w", err)
	}
	s.File = slices.Clone(data)
	s.grid = keepMap(mapKey(name, s.File), s.grid)
	return withPack(s, pack)
}

// withPack gives a new game the owner's chart pack, when there is one,
// once it is found to hold every table this system reads.
func withPack(s *State, pack *rules.ChartPack) (rules.State, error) {
	if pack != nil {
		if _, err := CompilePack(pack); err != nil {
			return nil, err
		}
		s.Pack = pack
	}
	return s, nil
}

// DecodeState implements rules.System.
func (System) DecodeState(canonical []byte) (rules.State, error) { return Decode(canonical) }

// Default implements rules.System: a side that sends nothing issues no
// orders, moves nothing, fires nothing and makes no attack; its standing
// reactions stay as they were.
func (System) Default(rules.State, rules.Side) *orders.File { return &orders.File{} }

// Validate implements rules.System: the side's orders are carried out on
// a copy of the state, without dice, in the order Resolve takes them, and
// every problem is reported. A problem never names an enemy unit the side
// cannot see.
func (sys System) Validate(st rules.State, side rules.Side, f *orders.File) []orders.Problem {
	s := st.(*State)
	if s.Over() {
		return []orders.Problem{{Kind: orders.Illegal, Code: "wv-game-over", Rule: "WV 4.1", Message: "the game is over"}}
	}
	if !slices.Contains(s.Segment().Sides, side) {
		return []orders.Problem{{Kind: orders.Illegal, Code: "wv-4.1-not-your-segment", Rule: "WV 4.1",
			Message: fmt.Sprintf("this is the %s segment of turn %d: %s sends no orders now", stepNames[s.Step], s.Turn, side)}}
	}
	r := sys.newRun(s.clone(), nil, nil)
	r.segmentOrders(side, f)
	return r.problems
}

// ReceiptNotes implements rules.ReceiptNoter: the dry run of the orders,
// what each will do if nothing else happens first (an order's delivery,
// a move's end and cost, a formation or facing change), without dice.
func (sys System) ReceiptNotes(st rules.State, f *orders.File) []string {
	s := st.(*State)
	side := rules.Side(f.Side)
	if s.Over() || !slices.Contains(s.Segment().Sides, side) {
		return nil
	}
	r := sys.newRun(s.clone(), nil, nil)
	r.noting = true
	r.segmentOrders(side, f)
	var notes []string
	for _, e := range r.events {
		if e.VisibleTo(side) && e.Kind != "roll" {
			notes = append(notes, e.Text)
		}
	}
	return notes
}

// segmentOrders carries out one side's orders of the current segment.
func (r *run) segmentOrders(side rules.Side, f *orders.File) {
	os := r.inSegment(side, f)
	switch r.s.Step {
	case stepInterphase:
		r.exemptions(side, os)
		if r.dry() {
			r.deactivations(side, os) // checked; carried out in the hourly 1E
		}
	case stepAlliedCommand, stepFrenchCommand:
		r.commandPhase(side, os)
	case stepFrenchMove, stepAlliedMove:
		r.movementPhase(side, os)
	case stepAlliedShock, stepFrenchShock:
		r.shockOrders(side, os)
	case stepFire:
		r.firePlans(side, os) // checked only: the fire itself interleaves both sides
	}
}

// Resolve implements rules.System: the segment's part of the sequence of
// play (4.1), over a copy of the state.
func (sys System) Resolve(in rules.Input) (res rules.Result, err error) {
	s := in.State.(*State)
	if s.Over() {
		return rules.Result{}, fmt.Errorf("wintersvictory: the game is over")
	}
	r := sys.newRun(s.clone(), in.Dice, in.Decisions)
	defer func() {
		if p := recover(); p != nil {
			pz, ok := p.(pause)
			if !ok {
				panic(p)
			}
			res = rules.Result{Events: r.events, Pauses: []rules.DecisionRequest{pz.req}}
			err = nil
		}
	}()
	for _, side := range s.Segment().Sides {
		r.s.keepStanding(side, in.Orders[side])
	}
	r.tell("segment", "WV 4.1", nil, "%s of turn %d", stepNames[s.Step], s.Turn)
	switch r.s.Step {
	case stepInterphase:
		r.interphase(in.Orders)
	case stepAlliedCommand, stepFrenchCommand:
		side := stepSides[r.s.Step][0]
		r.segmentOrders(side, in.Orders[side])
		r.resupply(side) // 11.93.3, at the end of the Command Phase
		r.rallyPhase(side)
		r.rallyViolations(side)
		r.attackStoppage(side, r.endAttacks)
	case stepFrenchMove, stepAlliedMove:
		side := stepSides[r.s.Step][0]
		before := r.nearestSeen(side)
		r.segmentOrders(side, in.Orders[side])
		r.movementViolations(side, before)
	case stepAlliedShock, stepFrenchShock:
		side := stepSides[r.s.Step][0]
		r.segmentOrders(side, in.Orders[side])
		r.charges(side)
		r.spikeGuns(side) // 12.43.3
	case stepFire:
		r.reciprocalFire(in.Orders)
		r.delayCheck(SideFrench) // 4.1 7A, rolled before the French write their orders
	}
	r.sharedDepletion() // 11.91
	r.objectiveMorale() // 14.13
	r.shortenLines()    // 8.32.2, 8.33.3
	r.dropRearMarkers() // 5.42, ruling R94
	r.advance()
	return rules.Result{Next: r.s, Events: r.events}, nil
}

// advance moves to the next segment, and at the end of the last turn
// ends the game (4.1, End of Game-Turn).
func (r *run) advance() {
	s := r.s
	s.Step++
	if s.Step < stepsPerTurn {
		return
	}
	if s.Turn >= s.LastTurn {
		s.Step = stepsPerTurn - 1
		s.Ended = true
		v := r.victory("")
		r.tell("game-over", "WV 4.1", nil, "the game ends after turn %d: %s", s.Turn, v.Result)
		return
	}
	s.Turn++
	s.Step = stepInterphase
}

// Phases implements rules.Chronicler.
func (System) Phases() []string { return stepNames[:] }

// Chronicle implements rules.Chronicler.
func (System) Chronicle(e rules.Event) rules.EventNote {
	switch e.Kind {
	case "segment":
		phase, _, _ := strings.Cut(e.Text, " of turn")
		return rules.EventNote{Phase: phase}
	case "order-received", "order-delayed", "order-ignored":
		return rules.EventNote{Tally: "orders " + strings.TrimPrefix(e.Kind, "order-")}
	case "routed":
		return rules.EventNote{Tally: "units routed"}
	}
	return rules.EventNote{}
}
