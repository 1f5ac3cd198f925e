package gbacw

import (
	"fmt"
	"slices"
	"strings"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/gbacw/gbtext"
)

// System is the GBACW system, "gbacw.v1": the Series Rules' printed
// charts and Galloper's provisional combat pack.
type System struct {
	charts *Charts
	combat *CombatCharts
}

var (
	_ rules.System          = System{}
	_ rules.ScenarioSource  = System{}
	_ rules.ChartPackSource = System{}
	_ rules.Demonstrator    = System{}
)

// New returns the system with the shipped charts.
func New() System {
	ch, err := LoadSeriesCharts()
	if err != nil {
		panic("gbacw: series charts: " + err.Error())
	}
	cc, err := LoadProvisionalCharts()
	if err != nil {
		panic("gbacw: provisional pack: " + err.Error())
	}
	return System{charts: ch, combat: cc}
}

// ID implements rules.System.
func (System) ID() string { return SystemID + ".v1" }

// Name implements rules.System.
func (System) Name() string { return "Great Battles of the American Civil War (2026 series rules)" }

// Scenarios implements rules.System.
func (System) Scenarios() []string { return scenarioNames() }

// Dialect implements rules.System.
func (System) Dialect() orders.Dialect { return gbtext.Dialect }

// Examples are whole example order files (rulestest.Examples).
func (System) Examples() []string { return gbtext.Samples }

// ScenarioData implements rules.ScenarioSource.
func (System) ScenarioData(name string) ([]byte, error) { return scenarioData(name) }

// ChartPackData implements rules.ChartPackSource: the provisional pack.
func (System) ChartPackData() []byte { return ProvisionalPackData() }

// NewGame implements rules.System. Games run on the shipped provisional
// combat pack; an owner's own pack is checked by LoadCombatCharts but
// not yet carried by a game (COVERAGE.md).
func (System) NewGame(name string, pack *rules.ChartPack) (rules.State, error) {
	sc, err := loadScenario(name)
	if err != nil {
		return nil, fmt.Errorf("gbacw: %w", err)
	}
	s := sc.start.clone()
	if pack != nil {
		if _, err := compileCombat(pack); err != nil {
			return nil, fmt.Errorf("gbacw: chart pack: %w", err)
		}
		s.Pack = pack
	}
	return s, nil
}

var _ rules.ScenarioLoader = System{}

// NewGameFromFile implements rules.ScenarioLoader: a game of an owner's
// scenario file, a Battle Book's battle written in Galloper's scenario
// format (docs/maps.md, the battle_book section of ruling GBACW-R50),
// checked as the shipped ones are. The state carries the file (1.0: the
// Battle Book's rules take precedence, as data).
func (System) NewGameFromFile(name string, data []byte, pack *rules.ChartPack) (rules.State, error) {
	if name == "" || strings.ContainsAny(name, "/\\") {
		return nil, fmt.Errorf("gbacw: a scenario file needs a name without slashes, not %q", name)
	}
	sc, err := loadScenarioFile(name, data)
	if err != nil {
		return nil, fmt.Errorf("gbacw: %w", err)
	}
	s := sc.start.clone()
	s.File = slices.Clone(data)
	if pack != nil {
		if _, err := compileCombat(pack); err != nil {
			return nil, fmt.Errorf("gbacw: chart pack: %w", err)
		}
		s.Pack = pack
	}
	return s, nil
}

// forGame is the system with the game's own chart pack in place of the
// shipped provisional one, when the game has one (its owner's card).
func (sys System) forGame(st rules.State) System {
	s, ok := st.(*State)
	if !ok || s.Pack == nil {
		return sys
	}
	cc, err := compileCombat(s.Pack)
	if err != nil { // checked when the game was made; a pack that no longer compiles is a broken store
		panic("gbacw: the game's chart pack: " + err.Error())
	}
	return System{charts: sys.charts, combat: cc}
}

// DecodeState implements rules.System.
func (System) DecodeState(canonical []byte) (rules.State, error) { return Decode(canonical) }

// Default implements rules.System: no orders. The brigades keep their
// Orders, every unit follows the default script (fire if it may, else
// hold, ruling GBACW-R18), and the doctrine stays as it was.
func (System) Default(rules.State, rules.Side) *orders.File { return &orders.File{} }

// Validate implements rules.System.
func (sys System) Validate(st rules.State, side rules.Side, f *orders.File) []orders.Problem {
	sys = sys.forGame(st)
	s, ok := st.(*State)
	if !ok {
		return []orders.Problem{{Kind: orders.Illegal, Code: "gb-state", Message: "not a GBACW game"}}
	}
	_, ps := sys.buildPlan(s.knownTo(sys.combat, side), side, f) // as the side knows it (ruling GBACW-R21)
	return ps
}

var _ rules.OptionalRules = System{}

// OptionalRules implements rules.OptionalRules: Combined Small Arms Fire
// (10.82), Ammo Depletion and Resupply (10.9), Crests (10.24), Fatigue
// (17) and Galloper's fog of war (ruling GBACW-R21); and the switchable
// rulings, an entry for each of their values (switchable.go).
func (System) OptionalRules() []rules.OptionalRule {
	opts := []rules.OptionalRule{{ID: "10.24", Name: "Crests"}, {ID: "10.82", Name: "Combined Small Arms Fire"},
		{ID: "10.9", Name: "Ammo Depletion and Resupply"}, {ID: "17", Name: "Fatigue"}, {ID: optFog, Name: "Fog of war (ruling GBACW-R21)"}}
	// and the switchable rulings, each value an entry (ruling GBACW-R4-R6)
	return append(opts, switchableRules()...)
}

// knownOptional reports whether id is one of the optional rules.
func knownOptional(id string) bool {
	return slices.ContainsFunc(System{}.OptionalRules(), func(o rules.OptionalRule) bool { return o.ID == id })
}

// WithOptionalRules implements rules.OptionalRules: the rules chosen
// for a game are in play in addition to any the scenario lists (Bristoe
// Ford's fog of war, ruling GBACW-R21); "ID=off" takes one out, so a
// Bristoe Ford game may be played open ("fog-of-war=off"), and "ID=on"
// is the same as "ID".
func (sys System) WithOptionalRules(st rules.State, ids []string) (rules.State, error) {
	s, ok := st.(*State)
	if !ok {
		return nil, fmt.Errorf("gbacw: not a GBACW state")
	}
	if s.Phase != PhaseDraw {
		return nil, fmt.Errorf("gbacw: optional rules are chosen before play starts")
	}
	c := s.clone()
	c.Optional = slices.Clone(s.Optional)
	for _, choice := range ids {
		id, value, set := strings.Cut(choice, "=")
		if isRuling, err := c.chooseRuling(id, value); isRuling {
			if err != nil {
				return nil, err
			}
			continue
		}
		if !knownOptional(id) {
			return nil, fmt.Errorf("gbacw: no optional rule %q (known: 10.24 Crests, 10.82 Combined Small Arms Fire, 10.9 Ammo Depletion, 17 Fatigue, fog-of-war; and the switchable rulings %s)", id, strings.Join(rulingKeys(), ", "))
		}
		switch {
		case !set || value == "on":
			if !slices.Contains(c.Optional, id) {
				c.Optional = append(c.Optional, id)
			}
		case value == "off":
			c.Optional = slices.DeleteFunc(c.Optional, func(o string) bool { return o == id })
		default:
			return nil, fmt.Errorf("gbacw: optional rule %s: %q is not on or off", id, value)
		}
	}
	return c, nil
}

// OptionalRulesInPlay implements rules.OptionalRules.
func (System) OptionalRulesInPlay(st rules.State) []string {
	if s, ok := st.(*State); ok {
		return append(slices.Clone(s.Optional), s.rulingsInPlay()...)
	}
	return nil
}
