package rules

import (
	"reflect"
	"testing"
)

// TestAddTraces: a side's map gets the traces of the events it may see,
// in order, a move's steps joined into one path; the umpire's skips the
// cut copies; the view's map is copied, not changed in place.
func TestAddTraces(t *testing.T) {
	step := func(label string, from, to string) Event {
		return Event{Kind: "move", Visible: []Side{"A"}}.Traced(Trace{Kind: TraceMove, Side: "A", Label: label, Hexes: []string{from, to}})
	}
	fire := Event{Kind: "fire", Visible: []Side{"A"}}.Traced(Trace{Kind: TraceFire, Side: "A", Label: "1st", Hexes: []string{"0103", "0305"}})
	cut := Event{Kind: "fire", Visible: []Side{"B"}, Copy: true}.Traced(Trace{Kind: TraceFire, Side: "A", Hexes: []string{"0103", "0305"}})
	events := []Event{
		step("1st", "0101", "0102"), {Kind: "roll"}, step("2nd", "0201", "0202"), step("1st", "0102", "0103"),
		fire, cut, step("1st", "0104", "0105"), // a new move: it does not start where the last ended
	}
	base := &MapView{Name: "m", Traces: []Trace{{Kind: TraceMove, Side: "A", Label: "old", Hexes: []string{"0909", "0910"}}}}
	for _, c := range []struct {
		side Side
		want []Trace
	}{
		{"A", []Trace{
			{Kind: TraceMove, Side: "A", Label: "old", Hexes: []string{"0909", "0910"}},
			{Kind: TraceMove, Side: "A", Label: "1st", Hexes: []string{"0101", "0102", "0103"}},
			{Kind: TraceMove, Side: "A", Label: "2nd", Hexes: []string{"0201", "0202"}},
			{Kind: TraceFire, Side: "A", Label: "1st", Hexes: []string{"0103", "0305"}},
			{Kind: TraceMove, Side: "A", Label: "1st", Hexes: []string{"0104", "0105"}},
		}},
		{"B", []Trace{
			{Kind: TraceMove, Side: "A", Label: "old", Hexes: []string{"0909", "0910"}},
			{Kind: TraceFire, Side: "A", Hexes: []string{"0103", "0305"}},
		}},
		{"", []Trace{
			{Kind: TraceMove, Side: "A", Label: "old", Hexes: []string{"0909", "0910"}},
			{Kind: TraceMove, Side: "A", Label: "1st", Hexes: []string{"0101", "0102", "0103"}},
			{Kind: TraceMove, Side: "A", Label: "2nd", Hexes: []string{"0201", "0202"}},
			{Kind: TraceFire, Side: "A", Label: "1st", Hexes: []string{"0103", "0305"}},
			{Kind: TraceMove, Side: "A", Label: "1st", Hexes: []string{"0104", "0105"}},
		}},
	} {
		v := View{Side: c.side, Map: base}
		v.AddTraces(events)
		if !reflect.DeepEqual(v.Map.Traces, c.want) {
			t.Errorf("side %q: traces\n%+v\nwant\n%+v", c.side, v.Map.Traces, c.want)
		}
	}
	if len(base.Traces) != 1 {
		t.Errorf("AddTraces changed the map it was given: %+v", base.Traces)
	}
	if got := events[0].Trace.Hexes; !reflect.DeepEqual(got, []string{"0101", "0102"}) {
		t.Errorf("AddTraces changed an event's trace: %v", got)
	}
	tv := View{Side: "A", Table: &TableView{Name: "t"}}
	tv.AddTraces([]Event{
		Event{}.Traced(Trace{Kind: TraceMove, Side: "A", Label: "x", Points: []Point{{1, 1}, {2, 2}}}),
		Event{}.Traced(Trace{Kind: TraceMove, Side: "A", Label: "x", Points: []Point{{2, 2}, {3, 1}}}),
	})
	if want := []Trace{{Kind: TraceMove, Side: "A", Label: "x", Points: []Point{{1, 1}, {2, 2}, {3, 1}}}}; !reflect.DeepEqual(tv.Table.Traces, want) {
		t.Errorf("table traces %+v, want %+v", tv.Table.Traces, want)
	}
}

// TestAddChoices: a decision's options that name hexes of the map become
// numbered choice traces from the hex the question names; an option
// naming no hex is left off, and "to X via ... X" passes X once.
func TestAddChoices(t *testing.T) {
	m := &MapView{Name: "m"}
	for _, id := range []string{"A1.1", "A1.2", "A1.3", "A2.2", "A2.3"} {
		m.Hexes = append(m.Hexes, HexView{ID: id})
	}
	v := View{Side: "B", Map: m}
	v.AddChoices("LoB 6.2: the stack of 7 Wis in A1.1 must retreat 2 hexes; which path?", []string{
		"to A1.3 via A1.2 A1.3", "to A2.3 via A2.2, A2.3.", "stand and take the loss", "to Z9.9 via Z9.8 Z9.9", "A1.1",
	})
	want := []Trace{
		{Kind: TraceChoice, Side: "B", Label: "1", Hexes: []string{"A1.1", "A1.2", "A1.3"}},
		{Kind: TraceChoice, Side: "B", Label: "2", Hexes: []string{"A1.1", "A2.2", "A2.3"}},
		{Kind: TraceChoice, Side: "B", Label: "5", Hexes: []string{"A1.1"}},
	}
	if !reflect.DeepEqual(v.Map.Traces, want) {
		t.Errorf("choices\n%+v\nwant\n%+v", v.Map.Traces, want)
	}
	if len(m.Traces) != 0 {
		t.Error("AddChoices changed the map it was given")
	}
}
