package gbacw

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"galloper/orders"
	"galloper/rules"
	"galloper/templates"
)

// twistDice rolls as seeded dice do, except that the rolls whose purpose
// contains match come out shift places further round the die: the same
// game with another blind draw.
type twistDice struct {
	base  *rules.SeededDice
	match string
	shift int
	log   []rules.Roll
}

func (d *twistDice) Roll(sides int, rule, purpose string) int {
	v := d.base.Roll(sides, rule, purpose)
	if strings.Contains(purpose, d.match) {
		v = (v-1+d.shift)%sides + 1
	}
	d.log = append(d.log, rules.Roll{Index: len(d.log), Purpose: purpose, Rule: rule, Sides: sides, Result: v})
	return v
}

func (d *twistDice) Rolls() []rules.Roll { return append([]rules.Roll(nil), d.log...) }

// received is everything side is sent about a resolution: the events it
// may see (rolls included), its view as JSON, its mail's JSON document
// and its map.
func received(t *testing.T, sys System, res rules.Result, side rules.Side) string {
	t.Helper()
	var evs []rules.Event
	for _, e := range res.Events {
		if e.VisibleTo(side) {
			evs = append(evs, e)
		}
	}
	ej, _ := json.Marshal(evs)
	v := sys.View(res.Next, side)
	vj, _ := json.Marshal(v)
	mj, _ := json.Marshal(rules.NewMailDoc(sys, res.Next, v, "results"))
	svg, err := templates.MapSVG(v)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("events %s\nview %s\nmail %s\nmap %s", ej, vj, mj, svg)
}

// Efficiency Markers are drawn face down (GBACW 5.21): until the turn's
// resolution reveals them, what a side is sent is the same whatever the
// enemy drew, and what the drawing side is sent is not.
func TestEMDrawsStaySecret(t *testing.T) {
	sys := New()
	st, err := sys.NewGame("bristoe-ford", nil)
	if err != nil {
		t.Fatal(err)
	}
	for turn := 0; turn < 3; turn++ {
		in := rules.Input{State: st, Orders: map[rules.Side]*orders.File{"USA": {}, "CSA": {}}}
		got := map[string]bool{}
		var own []string
		var next rules.State
		for shift := 0; shift < 6; shift++ {
			in.Dice = &twistDice{base: rules.NewSeededDice([]byte(fmt.Sprint("secret ", turn))), match: "Efficiency Marker: corps Third Corps", shift: shift}
			res, err := sys.Resolve(in)
			if err != nil || res.Paused() {
				t.Fatalf("turn %d: %v %+v", turn, err, res.Pauses)
			}
			got[received(t, sys, res, "USA")] = true
			own = append(own, received(t, sys, res, "CSA"))
			if shift == 0 {
				next = res.Next
			}
		}
		if len(got) != 1 {
			t.Fatalf("%s: USA is sent %d different things as the CSA's EM draw changes", st.Segment().Label, len(got))
		}
		distinct := map[string]bool{}
		for _, o := range own {
			distinct[o] = true
		}
		if len(distinct) < 2 {
			t.Fatalf("%s: the CSA's own mails do not change with its draw: the test compares nothing", st.Segment().Label)
		}
		st = next
	}
}
