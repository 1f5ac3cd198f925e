package lob

import (
	"maps"

	"galloper/rules"
)

// oobIndex answers the questions about the order of battle asked for
// every counter at every step: which unit a name is and whom it traces
// Command Radius to. The order of battle is the scenario's and never
// changes, so a position builds the index once (build). Counters moving
// later only ever enter hexes written as the map writes them.
type oobIndex struct {
	units map[string]*Unit                     // Scenario.unit by name
	links map[rules.Side]map[string]radiusLink // State.links by side
	// canonical is set when every counter's hex was written as the map
	// writes it (LoB 1.4a), so that inZOC can compare hex ids as text.
	canonical bool
}

func newOOBIndex(scn *Scenario, ps []Piece) *oobIndex {
	x := &oobIndex{units: map[string]*Unit{}, links: map[rules.Side]map[string]radiusLink{}, canonical: true}
	for _, p := range ps {
		if o, ok := scn.Map.parse(p.Hex); p.Hex != "" && (!ok || scn.Map.hexID(o) != p.Hex) {
			x.canonical = false
		}
	}
	for _, c := range scn.commands() {
		for _, u := range c.units() {
			if _, ok := x.units[u.Name]; !ok {
				x.units[u.Name] = u
			}
		}
	}
	for _, sd := range scn.Sides {
		x.links[sd.Side] = linksOf(scn, sd.Side)
	}
	return x
}

// unit finds a combat unit by exact name, as Scenario.unit does.
func (s *State) unit(name string) *Unit {
	if s.oob == nil {
		return s.scn.unit(name)
	}
	return s.oob.units[name]
}

// reuseTraces is off only in the test that holds trace to building every
// trace afresh.
var reuseTraces = true

// trace is a Command Radius trace of the resolving side for the position
// as it is now. It is the last one built when no hex a trace may enter
// has changed since: then every search it made still holds, and a phase
// of hundreds of stacks does not search from the same HQs again for
// each. See LoB 10.2e.
func (r *resolver) trace() *radiusTrace {
	t := r.s.newTrace(r.side)
	if reuseTraces && r.lastTrace != nil && maps.Equal(r.lastTrace.enemy, t.enemy) && maps.Equal(r.lastTrace.blocked, t.blocked) {
		return r.lastTrace
	}
	r.lastTrace = t
	return t
}
