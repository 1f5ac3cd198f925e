package lob

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/rulestest"
)

// The tests of this file check that what a side is shown depends only on
// what it knows (issue 23, ruling R-FOG-1): the fog's shape, the
// no-orders area, FIRE at a hex it cannot see, loss lines.

// enemyCombatPiece returns the first enemy combat unit of side on the map.
func enemyCombatPiece(t *testing.T, st *State, side rules.Side) *Piece {
	t.Helper()
	for i := range st.doc.Pieces {
		if p := &st.doc.Pieces[i]; p.Side != side && p.Unit != nil && st.onMapNow(p) {
			return p
		}
	}
	t.Fatal("no enemy combat unit on the map")
	return nil
}

// TestFogShapeIgnoresHiddenEnemies puts an enemy combat unit in each hex
// next to a USA unit in turn: the hexes the USA see stay the same, though
// the real line of sight (LoB 4.2e) is blocked behind the unit.
func TestFogShapeIgnoresHiddenEnemies(t *testing.T) {
	st := newGame(t)
	side := rules.Side("USA")
	enemy := enemyCombatPiece(t, st, side)
	enemy.Hex = "A1.1"
	own := st.piece("Coyle's Brigade")
	if own.Side != side {
		t.Fatalf("Coyle's Brigade is %s", own.Side)
	}
	m := &st.scn.Map
	base := st.seenBy(side)
	blocked := 0
	for _, h := range m.adjacentHexes(own.Hex) {
		enemy.Hex = h
		if got := st.seenBy(side); !slices.Equal(got, base) {
			t.Errorf("an enemy unit in %s changes which hexes the USA see", h)
		}
		all := m.sight.blockersFor(side, st.sightUnits())
		for _, x := range m.Hexes {
			if m.distance(own.Hex, x.ID) > 3 {
				continue
			}
			shot := Shot{Side: side}
			if m.sight.lineOfSight(m.axial(own.Hex), m.axial(x.ID), shot, nil).Clear &&
				!m.sight.lineOfSight(m.axial(own.Hex), m.axial(x.ID), shot, all).Clear {
				blocked++
			}
		}
	}
	if blocked == 0 {
		t.Fatal("no placed enemy unit blocked a real line of sight: the test shows nothing")
	}
}

// csaEvents resolves the CSA's turn on st with an order file and returns
// the events the CSA may see, one a line.
func csaEvents(t *testing.T, st *State, text string) string {
	t.Helper()
	f := validOrders(t, st, text)
	res, err := New().Resolve(rules.Input{State: st, Orders: map[rules.Side]*orders.File{st.side(): f}, Dice: rules.NewSeededDice([]byte("blind"))})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range res.Events {
		if e.VisibleTo("CSA") {
			got = append(got, e.Kind+": "+e.Text)
		}
	}
	return strings.Join(got, "\n")
}

// TestFireAtAnUnseenHexReadsTheSame fires at hexes the CSA cannot see,
// near and beyond the visibility, once empty and once with a USA unit
// there: the CSA read the same events (R-FOG-2).
func TestFireAtAnUnseenHexReadsTheSame(t *testing.T) {
	g, err := New().NewGame(DefaultScenario, nil)
	if err != nil {
		t.Fatal(err)
	}
	base := g.(*State)
	m := &base.scn.Map
	firer := base.piece("Lytle's Brigade")
	seen := base.seenBy("CSA")
	occupied := map[string]bool{}
	for _, p := range base.doc.Pieces {
		occupied[p.Hex] = true
	}
	var near, far []string
	for i, h := range m.Hexes {
		if seen[i] || occupied[h.ID] {
			continue
		}
		if d := m.distance(firer.Hex, h.ID); d <= base.scn.visibility(1) {
			near = append(near, h.ID)
		} else if d <= 10 {
			far = append(far, h.ID)
		}
	}
	if len(near) == 0 || len(far) == 0 {
		t.Fatalf("no unseen empty hex near (%d) or beyond the visibility (%d)", len(near), len(far))
	}
	for _, target := range []string{near[0], far[0]} {
		text := "GAME lr\nSIDE CSA\nTURN 1\nSTACK Lytle's Brigade\n  FORMATION LINE\n  FIRE " + target + "\nEND\n"
		empty := csaEvents(t, base.clone(), text)
		st := base.clone()
		enemyCombatPiece(t, st, "CSA").Hex = target
		if got := csaEvents(t, st, text); got != empty {
			t.Errorf("FIRE %s reads differently with a USA unit there:\n%s\nversus, empty:\n%s", target, got, empty)
		}
		if !strings.Contains(empty, "cannot fire at "+target) {
			t.Errorf("FIRE %s is not refused:\n%s", target, empty)
		}
	}
}

// TestNoOrdersAreaFromWhatTheSideSees moves a USA unit between two hexes
// the CSA cannot see: Hood's Division's no-orders area, its report line
// and the refusal of a step beyond it stay the same and name neither hex
// (LoB 10.8a, R-FOG-3).
func TestNoOrdersAreaFromWhatTheSideSees(t *testing.T) {
	base := stateOn(t, testdataScenario(t, "c2.yaml"), shippedPack(t))
	base.scn.Visibility = 4 // a hazy day, so that the CSA do not see the whole map
	m := &base.scn.Map
	enemy := enemyCombatPiece(t, base, "CSA")
	enemy.Hex = "A1.1"
	seen := base.seenBy("CSA")
	var hidden []string
	for i, h := range m.Hexes {
		if !seen[i] && len(base.combatUnitsIn(h.ID)) == 0 {
			hidden = append(hidden, h.ID)
		}
	}
	if len(hidden) < 2 {
		t.Fatalf("%d hexes hidden from the CSA", len(hidden))
	}
	read := func(at string) string {
		st := base.clone()
		st.piece(enemy.Name).Hex = at
		r := &resolver{s: st, side: "CSA", turn: 1, log: &rules.Log{}}
		c := st.scn.command("Hood's Division")
		why, rule := r.moveBarred(scriptedStack(r, "A9.7", "4 Ala", "15 Ala"), "A10.7", true)
		return fmt.Sprintf("%v\n%s (%s)\n%s", st.drawArea(c, func() []string { return st.enemyHexes(c) }), why, rule, st.areaNote(c))
	}
	a, b := read(hidden[0]), read(hidden[len(hidden)-1])
	if a != b {
		t.Errorf("the area reads differently with a hidden USA unit in %s and in %s:\n%s\nversus\n%s", hidden[0], hidden[len(hidden)-1], a, b)
	}
	if !strings.Contains(a, "LoB 10.8a") || !strings.Contains(a, "its units may go no nearer") {
		t.Errorf("the step is not barred by the area, or the area is not reported:\n%s", a)
	}
}

// TestLossLinesTellTheOtherSideOnlyWhatItSees takes two losses from a
// USA stack of two in a hex the CSA see, with the USA units' strengths
// varied: the CSA read the same lines every time, naming only the top
// unit and no SPs left; the USA read their SPs left (LoB 2.4, 5.1b,
// R-FOG-4).
func TestLossLinesTellTheOtherSideOnlyWhatItSees(t *testing.T) {
	base := newGame(t)
	var usa []*Piece
	for i := range base.doc.Pieces {
		if p := &base.doc.Pieces[i]; p.Side == "USA" && p.Unit != nil && base.onMapNow(p) && len(usa) < 2 {
			usa = append(usa, p)
		}
	}
	own := enemyCombatPiece(t, base, "USA")
	var at string
	for _, h := range base.scn.Map.adjacentHexes(own.Hex) {
		if len(base.combatUnitsIn(h)) == 0 {
			at = h
		}
	}
	top, under := usa[0].Name, usa[1].Name
	read := func(spTop, spUnder int) (csa, us string) {
		st := base.clone()
		for _, n := range []string{top, under} {
			st.piece(n).Hex = at
		}
		st.piece(top).Unit.SP, st.piece(under).Unit.SP = spTop, spUnder
		r := &resolver{s: st, side: "CSA", turn: 1, log: &rules.Log{}}
		r.takeLosses(at, 2, "LoB 5.6", "the Combat Table")
		var c, u []string
		for _, e := range r.log.Events {
			if e.VisibleTo("CSA") {
				c = append(c, e.Text)
			}
			if e.VisibleTo("USA") {
				u = append(u, e.Text)
			}
		}
		return strings.Join(c, "\n"), strings.Join(u, "\n")
	}
	first, us := read(4, 4)
	if !strings.Contains(us, "left") || !strings.Contains(us, under) {
		t.Errorf("the USA are not told both losses with their SPs left:\n%s", us)
	}
	if strings.Contains(first, "left") || strings.Contains(first, under) || !strings.Contains(first, top) {
		t.Errorf("the CSA read more than their map shows:\n%s", first)
	}
	for _, sp := range [][2]int{{3, 5}, {6, 2}, {2, 7}} {
		if got, _ := read(sp[0], sp[1]); got != first {
			t.Errorf("with strengths %v the CSA read:\n%s\nnot:\n%s", sp, got, first)
		}
	}
}

// ownFateMisses lists the changes to a side's own counters and hex
// markers from one state to the next that no event the side may read
// tells of: a counter's change must be told by an event naming it, a
// marker's by one naming its hex (R-FOG-5). A leader, HQ or Wagon that
// goes with a stack, and a reinforcement arriving with its Command, may
// be told by an event naming the hex it is in now.
func ownFateMisses(before, after *State, evs []rules.Event) []string {
	told := map[rules.Side]string{}
	for _, sd := range before.scn.Sides {
		var b strings.Builder
		for _, e := range evs {
			if e.Kind != "roll" && e.VisibleTo(sd.Side) {
				b.WriteString(e.Text + "\n")
			}
		}
		told[sd.Side] = b.String()
	}
	var misses []string
	owners := map[string]rules.Side{}
	for i, p := range after.doc.Pieces {
		q := before.doc.Pieces[i]
		owners[p.Hex], owners[q.Hex] = p.Side, q.Side
		if fmt.Sprint(p.Hex, p.Status, p.OffMap) == fmt.Sprint(q.Hex, q.Status, q.OffMap) &&
			(p.Unit == nil || *p.Unit == *q.Unit) {
			continue
		}
		byHex := (p.Unit == nil || p.OffMap != q.OffMap) && p.Hex != "" && strings.Contains(told[p.Side], p.Hex)
		if !strings.Contains(told[p.Side], p.Name) && !byHex {
			misses = append(misses, fmt.Sprintf("%s: %s %+v %+v -> %s %+v %+v", p.Side, p.Name, q, q.Unit, p.Name, p, p.Unit))
		}
	}
	markers := func(s *State) map[string]string {
		out := map[string]string{}
		for _, m := range s.doc.Markers {
			out[m.Hex] = fmt.Sprint(m.Morale, m.CowardlyLegs, m.CBF)
		}
		return out
	}
	mb, ma := markers(before), markers(after)
	for _, h := range append(slices.Collect(maps.Keys(mb)), slices.Collect(maps.Keys(ma))...) {
		if mb[h] == ma[h] || owners[h] == "" {
			continue
		}
		if !strings.Contains(told[owners[h]], h) {
			misses = append(misses, fmt.Sprintf("%s: marker in %s %q -> %q", owners[h], h, mb[h], ma[h]))
		}
	}
	slices.Sort(misses)
	return slices.Compact(misses)
}

// TestOwnFate plays the conformance suite's recorded game and checks
// that every change to a side's own counters and markers, in its own
// segment and in the enemy's, appears in an event that side reads
// (R-FOG-5).
func TestOwnFate(t *testing.T) {
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
		for _, m := range ownFateMisses(before, after, evs) {
			t.Errorf("segment %d (%s): untold: %s", i, before.Segment().Label, m)
		}
	}
}

// fateHarness runs cases with a Line of Battle whose every resolution is
// checked for untold changes to a side's own counters (ownFateMisses).
type fateHarness struct {
	harness
	sys *fateSystem
}

func (h fateHarness) System() rules.System { return h.sys }

type fateSystem struct {
	System
	t       *testing.T
	checked int // resolutions that changed a counter of the side not moving
}

func (f *fateSystem) Resolve(in rules.Input) (rules.Result, error) {
	res, err := f.System.Resolve(in)
	before, ok := in.State.(*State)
	after, ok2 := res.Next.(*State)
	if err != nil || !ok || !ok2 {
		return res, err
	}
	for i, p := range after.doc.Pieces {
		if q := before.doc.Pieces[i]; p.Side != before.side() && (p.Hex != q.Hex || p.Unit != nil && *p.Unit != *q.Unit) {
			f.checked++
			break
		}
	}
	for _, m := range ownFateMisses(before, after, res.Events) {
		f.t.Errorf("%s: untold: %s", before.Segment().Label, m)
	}
	return res, err
}

// TestOwnFateInCombatCases runs the fire, Charge, retreat and battle
// cases and checks every resolution: each change to a side's own counters
// and markers, in the enemy's turn too, is told to that side (R-FOG-5).
func TestOwnFateInCombatCases(t *testing.T) {
	sub := fstest.MapFS{}
	for _, n := range []string{"field-fire.case", "charge.case", "retreat.case", "battle.case"} {
		b, err := os.ReadFile(filepath.Join("testdata", n))
		if err != nil {
			t.Fatal(err)
		}
		sub["testdata/"+n] = &fstest.MapFile{Data: b}
	}
	sys := &fateSystem{System: New().(System), t: t}
	rulestest.RunCorpus(t, fateHarness{sys: sys}, sub, "testdata")
	if sys.checked == 0 {
		t.Fatal("no resolution changed the other side's counters: the test shows nothing")
	}
	t.Logf("%d resolutions changed counters of the side not moving", sys.checked)
}

// TestSecretOrdersOfBattleOfferNoEnemyNames writes a CSA script naming a
// USA brigade, misspelt and in full: with the orders of battle open the
// refusal names the brigade; with them secret (SecretOOB) no problem
// names it, and the refusal reads as for a name no counter has (R-FOG-6).
func TestSecretOrdersOfBattleOfferNoEnemyNames(t *testing.T) {
	open := newGame(t)
	enemy := enemyCombatPiece(t, open, "CSA").Name
	misspelt := enemy[:len(enemy)-1] + "x"
	problems := func(st *State, name string) string {
		text := "GAME lr\nSIDE CSA\nTURN 1\nSTACK " + name + "\n  FORMATION LINE\nEND\n"
		f, ps := rulestest.ParseOrders(New(), text)
		if len(ps) > 0 {
			t.Fatalf("%s does not parse: %+v", text, ps)
		}
		j, _ := json.Marshal(New().Validate(st, "CSA", f))
		return string(j)
	}
	if got := problems(open, misspelt); !strings.Contains(got, "did you mean '"+enemy+"'") {
		t.Errorf("with open orders of battle %q is not suggested: %s", enemy, got)
	}
	s, err := WithOptionalRules(open, SecretOOB)
	if err != nil {
		t.Fatal(err)
	}
	secret := s.(*State)
	for _, name := range []string{misspelt, enemy} {
		got := problems(secret, name)
		if strings.Contains(strings.ReplaceAll(got, name, ""), enemy) || strings.Contains(got, "USA") {
			t.Errorf("with secret orders of battle, STACK %s: %s", name, got)
		}
		if !strings.Contains(got, `"Code":"lob-unknown-unit"`) || !strings.Contains(got, "there is no unit called") {
			t.Errorf("STACK %s reads otherwise than a name no counter has: %s", name, got)
		}
	}
}
