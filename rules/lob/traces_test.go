package lob

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"testing/fstest"

	"galloper/rules"
	"galloper/rules/rulestest"
)

// traceCount counts what a resolution's traces showed and withheld.
type traceCount struct {
	own, enemy, withheld int
}

// checkTraces checks the traces of one resolution from before to after
// against ruling R-FOG-8: a side reads its own units' traces; an enemy
// trace only when it is fire, an Opening Volley, a Charge or a retreat
// and every hex it passes is one the side sees, before or after the
// segment (the reader's units do not move in the enemy's segment but to
// retreat). It returns the problems and adds to n.
func checkTraces(before, after *State, evs []rules.Event, n *traceCount) []string {
	var bad []string
	traced := map[string]bool{} // kind and rule of the events whose owner reads a trace
	for _, e := range evs {
		if e.Trace != nil {
			traced[e.Kind+" "+e.Rule] = true
		}
	}
	for _, sd := range before.scn.Sides {
		side := sd.Side
		seen := func(h string) bool { return before.sees(side, h) || after.sees(side, h) }
		for _, e := range evs {
			if !e.VisibleTo(side) {
				continue
			}
			if e.Trace == nil {
				if e.Copy && traced[e.Kind+" "+e.Rule] {
					n.withheld++
				}
				continue
			}
			if e.Trace.Side == side {
				n.own++
				continue
			}
			n.enemy++
			if e.Trace.Kind == rules.TraceMove {
				bad = append(bad, string(side)+" reads an enemy move's trace: "+e.Text)
			}
			for _, h := range e.Trace.Hexes {
				if !seen(h) {
					bad = append(bad, string(side)+" reads a trace through "+h+", which it does not see: "+e.Text)
				}
			}
		}
	}
	return bad
}

// traceSystem is Line of Battle with every resolution's traces checked.
type traceSystem struct {
	System
	t *testing.T
	n traceCount
}

func (f *traceSystem) Resolve(in rules.Input) (rules.Result, error) {
	res, err := f.System.Resolve(in)
	before, ok := in.State.(*State)
	after, ok2 := res.Next.(*State)
	if err != nil || !ok || !ok2 {
		return res, err
	}
	for _, m := range checkTraces(before, after, res.Events, &f.n) {
		f.t.Errorf("%s: %s", before.Segment().Label, m)
	}
	return res, err
}

type traceHarness struct {
	harness
	sys *traceSystem
}

func (h traceHarness) System() rules.System { return h.sys }

// TestTracesShowOnlyWhatTheSideSees runs the fire, Charge, retreat and
// battle cases and plays the conformance suite's recorded game: every
// trace a side reads is of its own units, or of enemy fire, Charges and
// retreats wholly within its sight, and some of each are drawn, so the
// test shows something (R-FOG-8). TestRetreatTraceWithheldOutOfSight
// shows traces withheld.
func TestTracesShowOnlyWhatTheSideSees(t *testing.T) {
	sub := fstest.MapFS{}
	for _, n := range []string{"field-fire.case", "charge.case", "retreat.case", "battle.case", "sight.case", "entry.case", "support-recovery.case"} {
		b, err := os.ReadFile(filepath.Join("testdata", n))
		if err != nil {
			t.Fatal(err)
		}
		sub["testdata/"+n] = &fstest.MapFile{Data: b}
	}
	sys := &traceSystem{System: New().(System), t: t}
	rulestest.RunCorpus(t, traceHarness{sys: sys}, sub, "testdata")
	rec, err := rulestest.Record(New(), 12)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range rec.Segments {
		before, err := decodeState(p.Before)
		if err != nil {
			t.Fatal(err)
		}
		after, err := decodeState(p.After)
		if err != nil {
			t.Fatal(err)
		}
		var evs []rules.Event
		if err := json.Unmarshal(p.Events, &evs); err != nil {
			t.Fatal(err)
		}
		for _, m := range checkTraces(before, after, evs, &sys.n) {
			t.Errorf("recorded segment %d (%s): %s", i, before.Segment().Label, m)
		}
	}
	n := sys.n
	t.Logf("%d own traces, %d enemy traces drawn, %d withheld", n.own, n.enemy, n.withheld)
	if n.own == 0 || n.enemy == 0 {
		t.Fatalf("the test shows nothing: %d own traces, %d enemy traces drawn", n.own, n.enemy)
	}
}

// TestRetreatTraceWithheldOutOfSight retreats each USA stack the CSA see
// at the start of the Lantern Ridge battle four hexes, the CSA resolving: the USA
// read every retreat's trace; the CSA read one only when they see every
// hex of its path, and then with the path the USA read (R-FOG-8).
func TestRetreatTraceWithheldOutOfSight(t *testing.T) {
	g, err := New().NewGame("lantern-ridge-battle", nil)
	if err != nil {
		t.Fatal(err)
	}
	base := g.(*State)
	drawn, withheld := 0, 0
	// retreat retreats the stack in h, choosing option n of the path when
	// asked, and returns the events, the state after and the options.
	retreat := func(h string, n int) ([]rules.Event, *State, []string) {
		var ds []rules.Decision
		for {
			st := base.clone()
			r := &resolver{s: st, side: "CSA", turn: 1, log: &rules.Log{}, decisions: ds}
			_, err := r.retreat(retreatOrder{Hex: h, Hexes: 4, Cause: "fire", Rule: "LoB 6.2"})
			var pe *pauseError
			if !errors.As(err, &pe) {
				if err != nil {
					t.Fatal(err)
				}
				return r.log.Events, st, nil
			}
			if n >= len(pe.req.Options) {
				return nil, nil, pe.req.Options
			}
			ds = append(ds, rules.Decision{Key: pe.req.Key, Side: pe.req.Side, Choice: pe.req.Options[n]})
		}
	}
	for _, p := range base.doc.Pieces {
		if p.Side != "USA" || p.Unit == nil || !base.onMapNow(&p) || !base.sees("CSA", p.Hex) {
			continue
		}
		for n := 0; ; n++ {
			evs, st, _ := retreat(p.Hex, n)
			if evs == nil {
				break
			}
			var usa, csa *rules.Event
			for i, e := range evs {
				if e.Kind != "retreat" {
					continue
				}
				if e.VisibleTo("USA") {
					usa = &evs[i]
				}
				if e.VisibleTo("CSA") {
					csa = &evs[i]
				}
			}
			if usa == nil || usa.Trace == nil || len(usa.Trace.Hexes) < 2 || usa.Trace.Hexes[0] != p.Hex {
				t.Errorf("%s: the USA read no retreat trace from %s: %+v", p.Name, p.Hex, usa)
				break
			}
			all := st.seesAll("CSA", usa.Trace.Hexes)
			switch {
			case csa == nil || csa.Trace == nil:
				if all && csa != nil {
					t.Errorf("%s: the CSA see every hex of %v but read no trace", p.Name, usa.Trace.Hexes)
				}
				withheld++
			case !all || !slices.Equal(csa.Trace.Hexes, usa.Trace.Hexes):
				t.Errorf("%s: the CSA read the trace %v (the USA %v), not all of which they see", p.Name, csa.Trace.Hexes, usa.Trace.Hexes)
			default:
				drawn++
			}
			if n > 8 {
				break
			}
		}
	}
	t.Logf("%d retreat traces drawn for the CSA, %d withheld", drawn, withheld)
	if drawn == 0 || withheld == 0 {
		t.Fatalf("the test shows nothing: %d drawn, %d withheld", drawn, withheld)
	}
}

// TestTellTraced: the owner and the umpire read an event's trace; the
// other side reads it only when it sees every hex it passes, and
// otherwise the same words, or its cut of them, without it; a side whose
// cut is empty reads nothing (R-FOG-8).
func TestTellTraced(t *testing.T) {
	tr := rules.Trace{Kind: rules.TraceFire, Side: "CSA", Label: "12 Va", Hexes: []string{"A11.12", "A12.12"}}
	for _, c := range []struct {
		name      string
		cut       string
		seen      bool
		usa       string // what the USA read, "" for nothing
		usaTraced bool
	}{
		{"cut, seen", "12 Va fire", true, "12 Va fire", true},
		{"cut, unseen", "unseen units fire", false, "unseen units fire", false},
		{"same words, seen", "12 Va fire 6 SPs", true, "12 Va fire 6 SPs", true},
		{"same words, unseen", "12 Va fire 6 SPs", false, "12 Va fire 6 SPs", false},
		{"nothing", "", false, "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := &resolver{s: newGame(t), side: "CSA", log: &rules.Log{}}
			r.tellTraced("CSA", c.cut, "fire", "LoB 5.6", "12 Va fire 6 SPs", tr, c.seen)
			read := func(side rules.Side) (texts []string, traced bool) {
				for _, e := range r.log.Events {
					if e.VisibleTo(side) {
						texts = append(texts, e.Text)
						traced = traced || e.Trace != nil
					}
				}
				return texts, traced
			}
			for _, side := range []rules.Side{"CSA", ""} {
				if texts, traced := read(side); len(texts) != 1 || texts[0] != "12 Va fire 6 SPs" || !traced {
					t.Errorf("%q reads %q, traced %v; want the whole event with its trace", side, texts, traced)
				}
			}
			texts, traced := read("USA")
			switch {
			case c.usa == "" && len(texts) != 0:
				t.Errorf("the USA read %q, want nothing", texts)
			case c.usa != "" && (len(texts) != 1 || texts[0] != c.usa || traced != c.usaTraced):
				t.Errorf("the USA read %q, traced %v; want %q, traced %v", texts, traced, c.usa, c.usaTraced)
			}
		})
	}
}
