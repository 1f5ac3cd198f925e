package lob

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/hex"
	"galloper/rules/lob/lobtext"
)

// The tests here hold the faster paths of scaling_bench_test.go's
// benchmarks to the plain ones they replace: the same answers for every
// input tried.

// shippedStates are the opening positions of the shipped scenarios.
func shippedStates(t *testing.T) []*State {
	t.Helper()
	var out []*State
	for _, name := range New().Scenarios() {
		st, err := New().NewGame(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, st.(*State))
	}
	return out
}

// writtenNames are names a player might write for the position's
// counters: each name, folded, every beginning of it, with a letter left
// out, and some that name nothing.
func writtenNames(st *State) []string {
	ws := []string{"", " ", "'", "x", "zzz", "Brigade", "the"}
	for _, p := range st.doc.Pieces {
		r := []rune(p.Name)
		ws = append(ws, p.Name, strings.ToUpper(p.Name), strings.ReplaceAll(p.Name, "'", ""), "  "+p.Name+" ")
		for i := 1; i < len(r); i++ {
			ws = append(ws, string(r[:i]), string(r[:i-1])+string(r[i:]))
		}
	}
	return ws
}

func TestMatchPieceAgreesWithMatch(t *testing.T) {
	states := shippedStates(t)
	states = append(states, scaleState(t, 80))
	for _, open := range states {
		// With secret orders of battle each side's lookups see only its
		// own names (R-FOG-6); the umpire's see all.
		secret, err := WithOptionalRules(open, SecretOOB)
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range []*State{open, secret.(*State)} {
			var readers []rules.Side
			if st == open {
				readers = append(readers, "") // the umpire: every name, as open
			}
			for _, sd := range st.scn.Sides {
				readers = append(readers, sd.Side)
			}
			tried := 0
			for _, side := range readers {
				for _, w := range writtenNames(st) {
					want := match("unit", w, st.pieceNames(side))
					if got := st.matchPiece(side, w); !reflect.DeepEqual(got, want) {
						t.Fatalf("%s (%v, side %q): %q: matchPiece gives %+v, match gives %+v", st.scn.Name, st.doc.Optional, side, w, got, want)
					}
					tried++
				}
			}
			if tried < 500 {
				t.Fatalf("%s: only %d names tried", st.scn.Name, tried)
			}
		}
	}
}

// checkOnceEveryPair is checkOnce as it was: each STACK block against
// every earlier one, name by name, each name reported at the first
// earlier block that activates it.
func (s *State) checkOnceEveryPair(f *orders.File, st *lobtext.Stack, ps *problems) {
	reported := map[int]bool{} // indexes into activated(st)
	piece := func(n orders.Name) (string, bool) {
		m := match("unit", n.Text, s.pieceNames(rules.Side(f.Side)))
		if !m.ok {
			return "", false
		}
		return s.doc.Pieces[m.target].Name, true
	}
	for _, o := range f.Orders {
		if o == orders.Order(st) {
			return
		}
		earlier, ok := o.(*lobtext.Stack)
		if !ok {
			continue
		}
		for i, n := range activated(st) {
			if reported[i] {
				continue
			}
			name, ok := piece(n)
			if ok && slices.ContainsFunc(activated(earlier), func(e orders.Name) bool { p, ok := piece(e); return ok && p == name }) {
				reported[i] = true
				ps.add(n.At, "lob-3.0d-activated-twice", "LoB 3.0d",
					fmt.Sprintf("%s already has an activity in the STACK block on line %d; a unit acts once a phase", name, earlier.At.Line),
					"put all of its steps in one STACK block")
			}
		}
	}
}

// turnedBefore is what noteTurns keeps, as it was found: by reading
// every script before st.
func (s *State) turnedBefore(f *orders.File, st *lobtext.Stack, side rules.Side) map[string]int {
	out := map[string]int{}
	for _, o := range f.Orders {
		if o == orders.Order(st) {
			break
		}
		earlier, ok := o.(*lobtext.Stack)
		if !ok || !slices.ContainsFunc(earlier.Steps, turns) {
			continue // no names to look up
		}
		units := s.scriptPieces(side, activated(earlier))
		for _, step := range earlier.Steps {
			if turns(step) {
				for _, p := range units {
					out[p.Name] = facingIndex(step.Word)
				}
			}
		}
	}
	return out
}

func TestCheckOnceAgreesWithEveryPair(t *testing.T) {
	open := newGame(t)
	secret, err := WithOptionalRules(open, SecretOOB) // R-FOG-6
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range []*State{open, secret.(*State)} {
		checkOnceAgreesWithEveryPair(t, st)
	}
}

func checkOnceAgreesWithEveryPair(t *testing.T, st *State) {
	var names []string
	for _, p := range st.doc.Pieces {
		if p.Side == st.side() {
			names = append(names, p.Name)
		}
	}
	rng := rand.New(rand.NewPCG(25, 1))
	pick := func() string {
		n := names[rng.IntN(len(names))]
		if rng.IntN(3) == 0 { // an abbreviation, maybe an ambiguous one
			n = n[:1+rng.IntN(len(n))]
		}
		return n
	}
	twice, turned := 0, 0
	for file := 0; file < 200; file++ {
		var b strings.Builder
		fmt.Fprintf(&b, "GAME g\nSIDE %s\nTURN 1\n", st.side())
		for k := rng.IntN(12); k >= 0; k-- {
			us := []string{pick()}
			for rng.IntN(3) == 0 {
				us = append(us, pick())
			}
			fmt.Fprintf(&b, "STACK %s\n", strings.Join(us, ", "))
			if rng.IntN(4) == 0 {
				fmt.Fprintf(&b, "  JOIN %s\n", pick())
			}
			fmt.Fprintf(&b, "  FACE %s\nEND\n", hexsideFacings[rng.IntN(len(hexsideFacings))])
		}
		f, perr := lobtext.Parse(b.String())
		if len(perr) > 0 {
			continue // a name the parser does not take; another file
		}
		fc := newFileChecks()
		for _, o := range f.Orders {
			s, ok := o.(*lobtext.Stack)
			if !ok {
				continue
			}
			var want, got problems
			st.checkOnceEveryPair(f, s, &want)
			st.checkOnce(st.side(), fc, s, &got)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("file %d:\n%s\nblock on line %d: checkOnce gives %+v, every pair gives %+v", file, b.String(), s.At.Line, got, want)
			}
			if got, want := fc.faced, st.turnedBefore(f, s, st.side()); !maps.Equal(got, want) {
				t.Fatalf("file %d:\n%s\nblock on line %d: noteTurns gives %v, turnedBefore %v", file, b.String(), s.At.Line, got, want)
			}
			turned += len(fc.faced)
			st.noteTurns(fc, st.side(), s)
			twice += len(want)
		}
	}
	if twice < 50 || turned < 50 {
		t.Fatalf("only %d units activated twice and %d facings kept in all the files: the files test little", twice, turned)
	}
}

// TestPointQueriesAgreeWithMaps holds occupied, inZOC, adjacentEnemies
// and the one-pass trace to occupancy, zoc, a search of each neighbour
// and newTraceByID, for every hex and side, in
// the shipped positions and the scaling benchmark's as its Activity Phase
// leaves it (units moved, fired on, some Routed).
func TestPointQueriesAgreeWithMaps(t *testing.T) {
	states := shippedStates(t)
	big, after := scaleActivity(t, 80)
	states = append(states, big, after)
	zocs, adjacent := 0, 0
	for _, st := range states {
		if !st.oob.canonical {
			t.Fatalf("%s: hex ids not canonical", st.scn.Name)
		}
		occ := st.occupancy()
		for _, sd := range st.scn.Sides {
			zoc := st.zoc(sd.Side)
			zocs += len(zoc)
			for _, h := range st.scn.Map.Hexes {
				if got, want := st.occupied(sd.Side, h.ID), occ[sd.Side][h.ID]; got != want {
					t.Fatalf("%s: occupied(%s, %s) = %v, occupancy says %v", st.scn.Name, sd.Side, h.ID, got, want)
				}
				if got, want := st.inZOC(sd.Side, h.ID), zoc[h.ID]; got != want {
					t.Fatalf("%s: inZOC(%s, %s) = %v, zoc says %v", st.scn.Name, sd.Side, h.ID, got, want)
				}
			}
			r := &resolver{s: st, side: sd.Side}
			for _, h := range st.scn.Map.Hexes {
				var want []*Piece // as adjacentEnemies was: a search a neighbour
				for _, n := range st.scn.Map.adjacentHexes(h.ID) {
					for _, p := range st.combatUnitsIn(n) {
						if p.Side == st.enemyOf(sd.Side) {
							want = append(want, p)
						}
					}
				}
				if got := r.adjacentEnemies(h.ID); !slices.Equal(got, want) {
					t.Fatalf("%s: adjacentEnemies(%s) for %s differs", st.scn.Name, h.ID, sd.Side)
				}
				adjacent += len(want)
			}
			got, want := st.newTrace(sd.Side), st.newTraceByID(sd.Side)
			if !maps.Equal(got.enemy, want.enemy) || !maps.Equal(got.blocked, want.blocked) {
				t.Fatalf("%s: %s trace: one pass blocks %v, by id %v", st.scn.Name, sd.Side, got.blocked, want.blocked)
			}
		}
	}
	if zocs < 50 || adjacent < 50 {
		t.Fatalf("%d hexes in a ZOC and %d units next to a hex in all the positions: they test little", zocs, adjacent)
	}
}

// TestOOBIndexAgrees holds the order of battle index to the scenario.
func TestOOBIndexAgrees(t *testing.T) {
	for _, st := range append(shippedStates(t), scaleState(t, 80)) {
		for _, p := range st.doc.Pieces {
			plain := *st.scn
			plain.unitIndex = nil // unit searches every command
			if got, want := st.scn.unit(p.Name), plain.unit(p.Name); got != want {
				t.Fatalf("%s: unit(%q) = %p, the search gives %p", st.scn.Name, p.Name, got, want)
			}
			plain.brigadeIndex = nil // unitBrigade searches every command
			search := *st
			search.scn = &plain
			if got, want := st.unitBrigade(p.Name), search.unitBrigade(p.Name); got != want {
				t.Fatalf("%s: unitBrigade(%q) = %p, the search gives %p", st.scn.Name, p.Name, got, want)
			}
		}
		plain := *st.scn
		plain.unitIndex, plain.commandIndex = nil, nil
		for _, name := range []string{"", "nobody", st.scn.commands()[0].Name, st.scn.commands()[len(st.scn.commands())-1].Name} {
			if got, want := st.scn.command(name), plain.command(name); got != want {
				t.Fatalf("%s: command(%q) = %p, the search gives %p", st.scn.Name, name, got, want)
			}
		}
		for _, sd := range st.scn.Sides {
			if got, want := st.links(sd.Side), linksOf(st.scn, sd.Side); !reflect.DeepEqual(got, want) || len(want) == 0 {
				t.Fatalf("%s: %s links differ or are empty", st.scn.Name, sd.Side)
			}
		}
	}
}

// resolveAll resolves a segment, answering every decision request with
// its default, and returns the events and the position reached.
func resolveAll(t *testing.T, st *State, f *orders.File, seed string) ([]rules.Event, []byte) {
	t.Helper()
	in := rules.Input{State: st, Orders: map[rules.Side]*orders.File{st.side(): f}}
	for {
		in.Dice = rules.NewSeededDice([]byte(seed))
		res, err := New().Resolve(in)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Pauses) == 0 {
			return res.Events, res.Next.Canonical()
		}
		for _, p := range res.Pauses {
			in.Decisions = append(in.Decisions, rules.Decision{Key: p.Key, Side: p.Side, Choice: p.Default})
		}
	}
}

// TestTraceReuseChangesNothing resolves the scaling benchmark's Activity
// Phase with Command Radius traces reused and built afresh for every
// stack: the events and the position must be the same.
func TestTraceReuseChangesNothing(t *testing.T) {
	st := scaleState(t, 40)
	f, ps := lobtext.Parse(scaleOrders(40))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	for _, seed := range []string{"a", "b"} {
		events, next := resolveAll(t, st, f, seed)
		reuseTraces = false
		fresh, freshNext := resolveAll(t, st, f, seed)
		reuseTraces = true
		if !reflect.DeepEqual(events, fresh) || string(next) != string(freshNext) {
			t.Fatalf("seed %s: reusing traces changes the segment", seed)
		}
		if len(events) < 100 {
			t.Fatalf("seed %s: only %d events", seed, len(events))
		}
	}
}

// TestAxialOfIsAxial holds axialOf to Map.axial for every hex id of a map
// written every way, and for ids that are not.
func TestAxialOfIsAxial(t *testing.T) {
	m := &scaleState(t, 40).scn.Map
	ids := []string{"", "B", "B.", "B1.", "B.1", "b1.1", "B01.01", "B0.1", "B1.0", "B121.1", "B1.21", "B1.1x", "BB1.1", "B-1.1", "B+1.1", "B1234567.1", "C1.1", "B1..1", "B 1.1"}
	for c := 0; c <= m.Cols+1; c++ {
		for r := 0; r <= m.Rows+1; r++ {
			ids = append(ids, fmt.Sprintf("B%d.%d", c, r), fmt.Sprintf("b%d.%d", c, r), fmt.Sprintf("B%03d.%d", c, r))
		}
	}
	for _, id := range ids {
		if got, want := axialOf(m, id), m.axial(id); got != want {
			t.Fatalf("axialOf(%q) = %v, axial gives %v", id, got, want)
		}
	}
}

// TestEnemyHexesAgreeWithSees holds enemyHexes, which reads the side's
// counters once and keeps no search per enemy hex, to its definition
// (R-FOG-3): the hexes of the enemy combat units on the map that the
// side sees, each once, sorted; and a side's looker to the looker as
// first written (every sight unit of the side, its blockers marked on the
// map's arrays) at every hex of the map. Tried on the shipped
// openings, the scaling position and that position after its Activity
// Phase, when the lines are in contact.
func TestEnemyHexesAgreeWithSees(t *testing.T) {
	big := scaleState(t, 80)
	f, ps := lobtext.Parse(scaleOrders(80))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	in := rules.Input{State: big, Orders: map[rules.Side]*orders.File{big.side(): f}}
	var res rules.Result
	for {
		in.Dice = rules.NewSeededDice([]byte("a"))
		var err error
		if res, err = New().Resolve(in); err != nil {
			t.Fatal(err)
		}
		if len(res.Pauses) == 0 {
			break
		}
		for _, p := range res.Pauses { // as resolveAll: every decision its default
			in.Decisions = append(in.Decisions, rules.Decision{Key: p.Key, Side: p.Side, Choice: p.Default})
		}
	}
	seen, fast := 0, 0
	for _, st := range append(shippedStates(t), big, res.Next.(*State)) {
		for _, c := range st.scn.commands() {
			var want []string
			for i := range st.doc.Pieces {
				p := &st.doc.Pieces[i]
				if p.Side != c.Side && p.Unit != nil && !p.Unit.Eliminated && st.onMapNow(p) && st.sees(c.Side, p.Hex) && !slices.Contains(want, p.Hex) {
					want = append(want, p.Hex)
				}
			}
			slices.Sort(want)
			if got := st.enemyHexes(c); !slices.Equal(got, want) {
				t.Fatalf("%s: %s sees %v, the enemy units it sees stand in %v", st.scn.Name, c.Name, got, want)
			}
			seen += len(want)
		}
		for _, sd := range st.scn.Sides {
			// The looker as first written: every sight unit of the side,
			// its blockers marked on the map's arrays.
			plain := &looker{s: st, side: sd.Side, vis: st.scn.visibility(st.Segment().Turn)}
			for _, u := range st.sightUnits() {
				if u.Side == sd.Side {
					plain.own = append(plain.own, u)
				}
			}
			plain.b = st.scn.Map.sight.blockersFor(sd.Side, plain.own)
			l := st.lookerFor(sd.Side)
			if l.b.at != nil {
				fast++
			}
			for i := range plain.b.friend {
				if l.b.friendAt(i) != plain.b.friend[i] || l.b.enemyAt(i) != plain.b.enemy[i] {
					t.Fatalf("%s: %s's blockers differ at %s", st.scn.Name, sd.Side, st.scn.Map.sight.ids[i])
				}
			}
			n := 0
			for _, h := range st.scn.Map.sight.ids {
				got, want := l.sees(h), plain.sees(h)
				if got != want {
					t.Fatalf("%s: %s sees %s: %v, as first written %v", st.scn.Name, sd.Side, h, got, want)
				}
				if want {
					n++
				}
			}
			if n == 0 {
				t.Fatalf("%s: %s sees no hex", st.scn.Name, sd.Side)
			}
		}
	}
	if seen == 0 || fast == 0 {
		t.Fatalf("%d enemy hexes seen, %d lookers reading the hex index: the test tries too little", seen, fast)
	}
}

// TestEyesWithin holds the grouped eyes of enemyHexes to the test they
// replace (any counter within the visibility), for random counters and
// hexes, visibilities from 0 to beyond the groups, negative coordinates
// included.
func TestEyesWithin(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 25))
	for range 200 {
		vis := rng.IntN(12)
		e := newEyes(vis)
		var all []hex.Axial
		for k := rng.IntN(30); k > 0; k-- {
			a := hex.Offset{Col: rng.IntN(80) - 10, Row: rng.IntN(60) - 10}.ToAxial()
			e.add(a)
			all = append(all, a)
		}
		for range 200 {
			h := hex.Offset{Col: rng.IntN(80) - 10, Row: rng.IntN(60) - 10}.ToAxial()
			want := slices.ContainsFunc(all, func(a hex.Axial) bool { return hex.Distance(a, h) <= vis })
			if got := e.within(h); got != want {
				t.Fatalf("visibility %d, hex %v: within says %v, the counters say %v", vis, h, got, want)
			}
		}
	}
}

// TestSightGridIDs holds the sight grid's ids, which the hex index's cells
// (cellOf) and the trace's ZOC marks (inEZOC) are compared by, to the ids
// the map writes, for every hex of the shipped maps and the scaling
// benchmark's; hexes off the map have no cell.
func TestSightGridIDs(t *testing.T) {
	for _, st := range append(shippedStates(t), scaleState(t, 40)) {
		m := &st.scn.Map
		for c := -1; c <= m.Cols+2; c++ {
			for r := -1; r <= m.Rows+2; r++ {
				o := hex.Offset{Col: c, Row: r}
				i := m.sight.index(o.ToAxial())
				switch on := m.onMap(o.ToAxial()); {
				case on && (i < 0 || m.sight.ids[i] != m.hexID(o) || st.cellOf(m.hexID(o)) != int32(i)):
					t.Fatalf("%s: hex %v is cell %d, id %q", st.scn.Name, o, i, m.hexID(o))
				case !on && i >= 0:
					t.Fatalf("%s: hex %v off the map has cell %d", st.scn.Name, o, i)
				}
			}
		}
		if st.cellOf("") != -1 || st.cellOf("nowhere") != -1 {
			t.Fatalf("%s: a hex that is no map hex has a cell", st.scn.Name)
		}
	}
}

// TestKnownEnemyAgrees holds the enemy a side knows, found hex by hex as
// a retreat asks (enemyKnown), to the whole enemy looked at at once
// (knownMaps, as it was first written): the same counters in every hex,
// the same Zones of Control and the same distance to the nearest known
// combat unit from every hex, for both sides of the shipped positions and
// of the 80-stack scaling position before and after its Activity Phase.
func TestKnownEnemyAgrees(t *testing.T) {
	st := scaleState(t, 80)
	f, ps := lobtext.Parse(scaleOrders(80))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	in := rules.Input{State: st, Orders: map[rules.Side]*orders.File{st.side(): f}}
	var res rules.Result
	for {
		var err error
		in.Dice = rules.NewSeededDice([]byte("a"))
		if res, err = New().Resolve(in); err != nil {
			t.Fatal(err)
		}
		if len(res.Pauses) == 0 {
			break
		}
		for _, p := range res.Pauses { // decisions answered with their defaults
			in.Decisions = append(in.Decisions, rules.Decision{Key: p.Key, Side: p.Side, Choice: p.Default})
		}
	}
	zocs := 0
	for _, st := range append(shippedStates(t), st, res.Next.(*State)) {
		m := &st.scn.Map
		for _, sd := range st.scn.Sides {
			k := st.knownEnemy(sd.Side)
			if k.all != nil {
				t.Fatalf("%s: the position's hex ids are not canonical; the test tests nothing", st.scn.Name)
			}
			all := st.knownMaps(sd.Side, st.lookerFor(sd.Side))
			for i, h := range m.Hexes {
				if got, want := k.atHex(h.ID), all.at[h.ID]; got != want {
					t.Fatalf("%s, %s: known enemy in %s: %v, looked at all at once: %v", st.scn.Name, sd.Side, h.ID, got, want)
				}
				if got, want := k.inZOC(h.ID), all.zoc[h.ID]; got != want {
					t.Fatalf("%s, %s: known Zone of Control in %s: %v, looked at all at once: %v", st.scn.Name, sd.Side, h.ID, got, want)
				}
				if all.zoc[h.ID] {
					zocs++
				}
				if i%7 != 0 {
					continue // the distance from every seventh hex
				}
				want := 1 << 20
				for _, c := range all.combat {
					want = min(want, m.distance(c, h.ID))
				}
				if got := k.distance(m, h.ID); got != want {
					t.Fatalf("%s, %s: distance from %s to the known enemy: %d, looked at all at once: %d", st.scn.Name, sd.Side, h.ID, got, want)
				}
			}
			for _, h := range []string{"", "nowhere", "B0.0"} {
				if k.atHex(h) != all.at[h] || k.inZOC(h) != all.zoc[h] {
					t.Fatalf("%s, %s: %q: the known enemy differs", st.scn.Name, sd.Side, h)
				}
			}
		}
	}
	if zocs < 50 {
		t.Fatalf("only %d hexes in a known Zone of Control: the test tests little", zocs)
	}
}

// scaleActivity is the scaling benchmark's position with n stacks a side,
// and the position its Activity Phase leaves (units moved, fired on, some
// Routed), every decision request answered with its default.
func scaleActivity(t *testing.T, n int) (before, after *State) {
	t.Helper()
	big := scaleState(t, n)
	f, ps := lobtext.Parse(scaleOrders(n))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	in := rules.Input{State: big, Orders: map[rules.Side]*orders.File{big.side(): f}}
	for {
		in.Dice = rules.NewSeededDice([]byte("scale"))
		res, err := New().Resolve(in)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Pauses) == 0 {
			return big, res.Next.(*State)
		}
		for _, p := range res.Pauses {
			in.Decisions = append(in.Decisions, rules.Decision{Key: p.Key, Side: p.Side, Choice: p.Default})
		}
	}
}
