package rules

import (
	"slices"
	"strconv"
	"strings"
)

// Traces: what a segment's events leave on the map of a results report,
// as players draw them by hand on a shared board: each move's path, each
// fire from the firers to their target, each charge and each retreat.
// A system puts a Trace on an event only where the sides that may read
// the event may also see every place the trace passes: the trace of a
// cut copy (Event.Copy) is cut as its text is, or left off.

// Kinds of Trace.
const (
	TraceMove    = "move"    // a move's path, from where it began to where it ended
	TraceFire    = "fire"    // from the firers' hex to the target's
	TraceCharge  = "charge"  // from the chargers' hex into the target's
	TraceRetreat = "retreat" // a retreat's path
	// TraceChoice is not an event's: it draws one option of a decision
	// request on the map of its mail, labelled with the option's number.
	TraceChoice = "choice"
)

// Trace is a mark an event leaves on the map: a path through hex ids on a
// hex map or points on a table, from its first place to its last.
type Trace struct {
	Kind   string   `json:"kind"` // one of the Trace kinds
	Side   Side     `json:"side"` // whose units moved, fired, charged or retreated
	Label  string   `json:"label,omitempty"`
	Hexes  []string `json:"hexes,omitempty"`
	Points []Point  `json:"points,omitempty"`
}

// Traced returns a copy of e that leaves tr on the map.
func (e Event) Traced(tr Trace) Event {
	e.Trace = &tr
	return e
}

// AddTraces puts on v's board the traces of the events v's side may see,
// in order, a move's steps joined into one path: a move trace that starts
// where an earlier one of the same units ended extends it.
func (v *View) AddTraces(events []Event) {
	var out []Trace
	for _, e := range events {
		if e.Trace == nil || !e.VisibleTo(v.Side) {
			continue
		}
		tr := *e.Trace
		if tr.Kind == TraceMove && extend(out, tr) {
			continue
		}
		tr.Hexes, tr.Points = slices.Clone(tr.Hexes), slices.Clone(tr.Points)
		out = append(out, tr)
	}
	if len(out) == 0 {
		return
	}
	switch {
	case v.Map != nil:
		m := *v.Map
		m.Traces = append(slices.Clone(m.Traces), out...)
		v.Map = &m
	case v.Table != nil:
		t := *v.Table
		t.Traces = append(slices.Clone(t.Traces), out...)
		v.Table = &t
	}
}

// extend joins a move's next step to the last move of the same units
// that ended where it starts, and reports whether it did.
func extend(out []Trace, tr Trace) bool {
	for i := len(out) - 1; i >= 0; i-- {
		o := &out[i]
		if o.Kind != TraceMove || o.Side != tr.Side || o.Label != tr.Label {
			continue
		}
		switch {
		case len(o.Hexes) > 0 && len(tr.Hexes) > 0 && o.Hexes[len(o.Hexes)-1] == tr.Hexes[0]:
			o.Hexes = append(o.Hexes, tr.Hexes[1:]...)
			return true
		case len(o.Points) > 0 && len(tr.Points) > 0 && o.Points[len(o.Points)-1] == tr.Points[0]:
			o.Points = append(o.Points, tr.Points[1:]...)
			return true
		}
		return false
	}
	return false
}

// AddChoices draws the options of a decision request on v's hex map, each
// that names places (hex ids of the map, in the order written) as a
// TraceChoice labelled with its number: from the first place the question
// names, when it names one, through the option's places. An option
// written "to X via ... X" goes through its places once. Options that
// name no place are left off.
func (v *View) AddChoices(question string, options []string) {
	if v.Map == nil {
		return
	}
	ids := map[string]bool{}
	for _, h := range v.Map.Hexes {
		ids[h.ID] = true
	}
	places := func(s string) []string {
		var out []string
		for _, f := range strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(" \t\n,;:()[]", r) }) {
			if f = strings.TrimRight(f, "."); ids[f] {
				out = append(out, f)
			}
		}
		return out
	}
	from := places(question)
	m := *v.Map
	m.Traces = slices.Clone(m.Traces)
	for i, o := range options {
		hs := places(o)
		if len(hs) > 2 && hs[0] == hs[len(hs)-1] {
			hs = hs[1:]
		}
		if len(hs) == 0 {
			continue
		}
		if len(from) > 0 && from[0] != hs[0] {
			hs = append([]string{from[0]}, hs...)
		}
		m.Traces = append(m.Traces, Trace{Kind: TraceChoice, Side: v.Side, Label: strconv.Itoa(i + 1), Hexes: hs})
	}
	v.Map = &m
}
