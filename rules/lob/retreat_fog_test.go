package lob

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"galloper/rules"
	"galloper/rules/lob/lobtext"
)

// retreatRequest runs a 3-hex retreat of the stack in hex for the side
// whose turn it is, with no decisions, and returns the request it pauses
// for, and the options the full rules would give (every enemy counter
// counting).
func retreatRequest(t *testing.T, st *State, hex string) (rules.DecisionRequest, []string) {
	t.Helper()
	rs := &resolver{s: st.clone(), side: st.side(), turn: st.turn(), log: &rules.Log{Dice: rules.NewSeededDice([]byte("fog"))},
		rolled: map[string]bool{}, heldNoted: map[string]bool{}}
	o := retreatOrder{Hex: hex, Hexes: 3, Cause: "fire", Rule: "LoB 6.3"}
	var truth []string
	rt := rs.startRetreat(o, rs.s.ownerOf(hex))
	def := strings.Split(lobtext.ReactionDefault["RETREAT"], ", ")
	paths, err := rs.s.retreatPaths(rs.retreatPlan(rt), def)
	if err != nil {
		t.Fatal(err)
	}
	rankPaths(paths, def)
	for _, p := range paths[:min(len(paths), maxPathOptions)] {
		truth = append(truth, p.label())
	}
	rs = &resolver{s: st.clone(), side: st.side(), turn: st.turn(), log: &rules.Log{Dice: rules.NewSeededDice([]byte("fog"))},
		rolled: map[string]bool{}, heldNoted: map[string]bool{}}
	_, err = rs.retreat(o)
	var p *pauseError
	if !asPause(err, &p) {
		t.Fatalf("the retreat from %s did not ask for a path: %v\n%s", hex, err, eventList(rs.log.Events))
	}
	return p.req, truth
}

// TestRetreatChoicesFromWhatTheSideSees puts a USA combat unit in each
// empty hex near a CSA stack that must retreat, out of the CSA's sight
// (visibility 2): the retreat paths the CSA are offered, their order and
// the default stay those offered with the unit far away, though the unit
// blocks paths, nears the enemy or casts a Zone of Control under the full
// rules (ruling R-FOG-7). With a seen USA unit placed instead, the
// choices do change.
func TestRetreatChoicesFromWhatTheSideSees(t *testing.T) {
	r := newCaseRun(t, "fog retreat", "retreat.yaml")
	base := r.state()
	sc := *base.scn
	sc.Visibility = 2
	base.scn = &sc
	const from = "A10.6"
	base.setHex(base.piece("4 Ala"), from)
	base.setHex(base.piece("20 Ind"), "A12.6") // the enemy in sight
	hidden := base.piece("3 Me")
	seen := base.seenBy("CSA")
	m := &base.scn.Map
	sees := func(h string) bool { return seen[m.sight.index(m.axial(h))] }
	if sees(hidden.Hex) {
		t.Fatalf("the CSA see %s in %s", hidden.Name, hidden.Hex)
	}
	want, _ := retreatRequest(t, base, from)
	if len(want.Options) < 2 {
		t.Fatalf("the request offers %v: nothing to choose", want.Options)
	}
	occupied := map[string]bool{}
	for _, p := range base.doc.Pieces {
		occupied[p.Hex] = true
	}
	changed, tried := 0, 0
	var shown string
	for _, h := range m.Hexes {
		if occupied[h.ID] || m.distance(from, h.ID) > 6 {
			continue
		}
		st := base.clone()
		st.setHex(st.piece(hidden.Name), h.ID)
		got, truth := retreatRequest(t, st, from)
		if sees(h.ID) {
			if shown == "" && !slices.Equal(got.Options, want.Options) {
				shown = h.ID
			}
			continue
		}
		tried++
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("3 Me unseen in %s changes the CSA's retreat choices:\n%v\nwant\n%v", h.ID, got.Options, want.Options)
		}
		if !slices.Equal(truth, want.Options) {
			changed++
		}
	}
	if tried == 0 || changed == 0 {
		t.Fatalf("%d unseen hexes tried, %d change the paths the full rules allow: the test shows nothing", tried, changed)
	}
	if shown == "" {
		t.Error("no seen hex for 3 Me changes the CSA's choices: the choices do not read the enemy the CSA see")
	}
	t.Logf("%d unseen hexes, %d of them change the legal paths; 3 Me seen in %s changes the choices", tried, changed, shown)
}

// TestRetreatPathBlockedByUnseenEnemy: the CSA choose the default path,
// offered from what they see, and an unseen USA unit stands in its last
// hex. The full rules hold: the stack retreats by a legal path that avoids
// the unit, and the CSA read why (ruling R-FOG-7).
func TestRetreatPathBlockedByUnseenEnemy(t *testing.T) {
	r := newCaseRun(t, "fog retreat blocked", "retreat.yaml")
	st := r.state()
	sc := *st.scn
	sc.Visibility = 2
	st.scn = &sc
	const from = "A10.6"
	st.setHex(st.piece("4 Ala"), from)
	st.setHex(st.piece("20 Ind"), "A12.6")
	req, _ := retreatRequest(t, st, from)
	end := lastWord(req.Default)
	st.setHex(st.piece("3 Me"), end)
	if st.sees("CSA", end) {
		t.Fatalf("the CSA see %s", end)
	}
	if again, _ := retreatRequest(t, st, from); fmt.Sprint(again) != fmt.Sprint(req) {
		t.Fatalf("3 Me unseen in %s changes the request:\n%v\nwant\n%v", end, again, req)
	}
	rs := &resolver{s: st.clone(), side: st.side(), turn: st.turn(), log: &rules.Log{Dice: rules.NewSeededDice([]byte("fog"))},
		rolled: map[string]bool{}, heldNoted: map[string]bool{},
		decisions: []rules.Decision{{Key: req.Key, Side: req.Side, Choice: req.Default}}}
	got, err := rs.retreat(retreatOrder{Hex: from, Hexes: 3, Cause: "fire", Rule: "LoB 6.3"})
	if err != nil {
		t.Fatal(err)
	}
	if got == end || got == from || rs.s.enemyIn("CSA", got) {
		t.Fatalf("4 Ala ended in %s (chosen %s, where 3 Me stands)", got, req.Default)
	}
	var told bool
	for _, e := range rs.log.Events {
		if e.Kind == "retreat-path-blocked" {
			told = e.VisibleTo("CSA") && !e.VisibleTo("USA") && strings.Contains(e.Text, req.Default)
		}
	}
	if !told {
		t.Errorf("the CSA were not told their path was blocked:\n%s", eventList(rs.log.Events))
	}
}
