package gbacw

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/rulestest"
)

// laterDrawDice rolls as seeded dice do, except that from the from-th
// Activation Marker draw on (counting from 1) each draw's roll comes out
// shift places further round the die: the same turn with other blind
// draws from that point.
type laterDrawDice struct {
	base        *rules.SeededDice
	from, shift int
	draws       int
	log         []rules.Roll
}

func (d *laterDrawDice) Roll(sides int, rule, purpose string) int {
	v := d.base.Roll(sides, rule, purpose)
	if strings.Contains(purpose, "AM draw") {
		d.draws++
		if d.draws >= d.from {
			v = (v-1+d.shift)%sides + 1
		}
	}
	d.log = append(d.log, rules.Roll{Index: len(d.log), Purpose: purpose, Rule: rule, Sides: sides, Result: v})
	return v
}

func (d *laterDrawDice) Rolls() []rules.Roll { return append([]rules.Roll(nil), d.log...) }

// beforeDraw is what side is told of a resolution up to the from-th AM
// draw: the events it may see logged before that draw's roll, as JSON.
// For side "" it is every event but the fog of war's sightings, without
// their audience. ok is false when the turn has fewer draws.
func beforeDraw(res rules.Result, side rules.Side, from int) (string, bool) {
	var evs []rules.Event
	draws := 0
	for _, e := range res.Events {
		if e.Kind == "roll" && e.Roll != nil && strings.Contains(e.Roll.Purpose, "AM draw") {
			if draws++; draws == from {
				b, _ := json.Marshal(evs)
				return string(b), true
			}
		}
		switch {
		case side == "" && e.Kind != "sighting": // every event, without its audience
			evs = append(evs, rules.Event{Kind: e.Kind, Text: e.Text})
		case side != "" && e.VisibleTo(side):
			evs = append(evs, e)
		}
	}
	return "", false
}

// Activation Markers are drawn blind from the Pool (GBACW 5.31), one at a
// time as the turn is played. Nothing a side is told before a draw may
// depend on it or on any later draw, so the engine must not look ahead:
// for each draw of three Bristoe Ford turns, the events each side may see
// before it are the same whatever that draw and the later ones turn out,
// while the turn itself does come out otherwise (so the comparison is of
// different games). Fog of war is off here: with it on (ruling GBACW-R21)
// what each side sees of the turn's events is settled from the sight at
// the turn's end, when its results mail goes, so an event's audience may
// rightly depend on later draws; the events themselves still may not.
func TestAMDrawsStaySecretUntilDrawn(t *testing.T) {
	for _, fog := range []string{"off", "on"} {
		t.Run("fog-of-war="+fog, func(t *testing.T) { amDrawsStaySecret(t, fog) })
	}
}

func amDrawsStaySecret(t *testing.T, fog string) {
	sys := New()
	st, err := sys.NewGame("bristoe-ford", nil)
	if err != nil {
		t.Fatal(err)
	}
	if st, err = sys.WithOptionalRules(st, []string{"fog-of-war=" + fog}); err != nil {
		t.Fatal(err)
	}
	audiences := []rules.Side{"USA", "CSA", ""}
	if fog == "on" {
		audiences = []rules.Side{""}
	}
	checked := 0
	for turn := 0; turn < 3; turn++ {
		in := rules.Input{State: st, Orders: map[rules.Side]*orders.File{"USA": {}, "CSA": {}}}
		seed := []byte(fmt.Sprint("blind draws ", turn))
		var next rules.State
		for from := 1; ; from++ {
			runs := map[rules.Side]map[string]bool{}
			for _, a := range audiences {
				runs[a] = map[string]bool{}
			}
			whole := map[string]bool{}
			present := true
			for shift := 0; shift < 4 && present; shift++ {
				in.Dice = &laterDrawDice{base: rules.NewSeededDice(seed), from: from, shift: shift}
				res, err := sys.Resolve(in)
				if err != nil || res.Paused() {
					t.Fatalf("turn %d: %v %+v", turn, err, res.Pauses)
				}
				if from == 1 && shift == 0 {
					next = res.Next
				}
				b, _ := json.Marshal(res.Events)
				whole[string(b)] = true
				for side := range runs {
					told, ok := beforeDraw(res, side, from)
					present = present && ok
					runs[side][told] = true
				}
			}
			if !present {
				break
			}
			for side, told := range runs {
				if len(told) != 1 {
					t.Errorf("%s: %q is told %d different things before AM draw %d as that draw changes", st.Segment().Label, side, len(told), from)
				}
			}
			if len(whole) > 1 {
				checked++
			}
		}
		st = next
	}
	if checked < 10 {
		t.Fatalf("only %d draws changed their turn: the test compares too little", checked)
	}
	t.Logf("%d AM draws checked", checked)
}

// A decision request is mailed in the middle of a turn (the resolution
// pauses, GBACW-R18): its question, options and default are the whole of
// the request mail but for the map, which shows the game as it stood
// before the turn. Like the events, a request may depend on the AM draws
// made before it but not on any later one: the demo is played and, at
// each pause, the draws after those made so far are turned round the die;
// the engine must pause with the same requests. Six games of the demo,
// on their own seeds.
func TestAMDrawsStaySecretAtDecisions(t *testing.T) {
	sys := New()
	name, sides, n := sys.DemoScenario()
	pauses, dependent := 0, 0
	for game := range 6 {
		st, err := sys.NewGame(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < n && !st.Over(); i++ {
			files := map[rules.Side]*orders.File{}
			for _, side := range sides {
				text := rulestest.Envelope(side, st.Segment().Turn) + sys.DemoOrders(sys.View(st, side), side)
				f, ps := rulestest.ParseOrders(sys, text)
				if len(ps) > 0 {
					t.Fatalf("%s: %s's demo orders do not parse: %+v", st.Segment().Label, side, ps)
				}
				files[side] = f
			}
			seed := []byte(fmt.Sprint("decisions ", game, " ", i))
			var decisions []rules.Decision
			for {
				d := &laterDrawDice{base: rules.NewSeededDice(seed), from: 1 << 30}
				res, err := sys.Resolve(rules.Input{State: st, Orders: files, Decisions: decisions, Dice: d})
				if err != nil {
					t.Fatal(err)
				}
				if !res.Paused() {
					st = res.Next
					break
				}
				pauses++
				want, _ := json.Marshal(res.Pauses)
				drawn := d.draws
				for shift := 1; shift < 4; shift++ {
					later := &laterDrawDice{base: rules.NewSeededDice(seed), from: drawn + 1, shift: shift}
					other, err := sys.Resolve(rules.Input{State: st, Orders: files, Decisions: decisions, Dice: later})
					if err != nil {
						t.Fatal(err)
					}
					if got, _ := json.Marshal(other.Pauses); string(got) != string(want) {
						t.Errorf("%s: after %d AM draws the engine asks\n%s\nbut with later draws turned by %d it asks\n%s", st.Segment().Label, drawn, want, shift, got)
					}
					// The same turn with the last draw made before the pause turned
					// round: the requests may change, which shows the check can fail.
					if drawn > 0 {
						earlier := &laterDrawDice{base: rules.NewSeededDice(seed), from: drawn, shift: shift}
						if other, err := sys.Resolve(rules.Input{State: st, Orders: files, Decisions: decisions, Dice: earlier}); err == nil {
							if got, _ := json.Marshal(other.Pauses); string(got) != string(want) {
								dependent++
							}
						}
					}
				}
				for _, p := range res.Pauses {
					decisions = append(decisions, rules.Decision{Key: p.Key, Side: p.Side, Choice: p.Default})
				}
			}
		}
	}
	if pauses < 5 {
		t.Fatalf("the demo paused for %d decisions: the test compares too little", pauses)
	}
	t.Logf("%d pauses checked; at %d of their turnings of the last draw before them the requests changed", pauses, dependent)
}
