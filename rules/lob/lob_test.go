package lob

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/lob/lobtext"
)

func newGame(t *testing.T) *State {
	t.Helper()
	st, err := New().NewGame("tanners-creek", nil)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// written builds an order as the parser would: positions on line n.
func written(n int, typ, from, to, objective string, route ...string) *lobtext.Written {
	w := &lobtext.Written{At: orders.Pos{Line: n, Col: 1}, Type: typ, From: from, FromAt: orders.Pos{Line: n, Col: 10},
		To: to, ToAt: orders.Pos{Line: n, Col: 20}}
	if objective != "" {
		w.Objective = place(n, 30, objective)
	}
	for i, r := range route {
		w.Route = append(w.Route, *place(n+1, 10+10*i, r))
	}
	return w
}

func place(line, col int, text string) *lobtext.Place {
	p := &lobtext.Place{At: orders.Pos{Line: line, Col: col}}
	if _, _, ok := parseHexID(text); ok {
		p.Hex = text
	} else {
		p.Name = text
	}
	return p
}

func file(side string, ws ...*lobtext.Written) *orders.File {
	f := &orders.File{Side: side, Header: map[string]orders.Pos{"SIDE": {Line: 2, Col: 1}, "TURN": {Line: 3, Col: 1}}}
	for _, w := range ws {
		f.Orders = append(f.Orders, w)
	}
	return f
}

// step resolves the current segment and returns the next state and events.
func step(t *testing.T, st *State, f *orders.File, dice rules.Dice) (*State, []rules.Event) {
	t.Helper()
	in := rules.Input{State: st, Dice: dice, Orders: map[rules.Side]*orders.File{}}
	if f != nil {
		in.Orders[st.side()] = f
	}
	res, err := New().Resolve(in)
	if err != nil {
		t.Fatalf("%s: %v", st.Segment().Label, err)
	}
	return res.Next.(*State), res.Events
}

// until resolves segments with no orders until turn/side. Any rolls (an
// Attack Recovery, LoB 10.8c) come from seeded dice.
func until(t *testing.T, st *State, turn int, side rules.Side) *State {
	t.Helper()
	for st.turn() < turn || st.side() != side {
		st, _ = step(t, st, nil, rules.NewSeededDice([]byte(st.Segment().Label)))
	}
	return st
}

func kinds(evs []rules.Event) string {
	var ks []string
	for _, e := range evs {
		if e.Kind != "roll" {
			ks = append(ks, e.Kind)
		}
	}
	return strings.Join(ks, " ")
}

func findOrder(st *State, id string) *Order {
	for i := range st.doc.Orders {
		if st.doc.Orders[i].ID == id {
			return &st.doc.Orders[i]
		}
	}
	return nil
}

func TestSystemIdentity(t *testing.T) {
	sys := New()
	if sys.ID() != "lob.v2" || sys.Name() != "Line of Battle v2.0" {
		t.Fatalf("got %q %q", sys.ID(), sys.Name())
	}
	if got := sys.Scenarios(); len(got) != 3 || got[0] != DefaultScenario || got[1] != "tanners-creek" || got[2] != "lantern-ridge-battle" {
		t.Fatalf("scenarios %v", got)
	}
	if _, err := sys.NewGame("nowhere", nil); err == nil {
		t.Fatal("unknown scenario accepted")
	}
	if data, err := ScenarioData("tanners-creek"); err != nil || !bytes.Contains(data, []byte("Tanner's Creek")) {
		t.Fatalf("ScenarioData: %v", err)
	}
}

func TestScenarioLoads(t *testing.T) {
	st := newGame(t)
	m := &st.scn.Map
	if m.Cols != 16 || m.Rows != 12 || m.Letter != "A" || m.Name == "" || len(strings.Split(m.Description, "\n")) != 2 {
		t.Fatalf("map %q %dx%d %q: %q", m.Name, m.Cols, m.Rows, m.Letter, m.Description)
	}
	h, ok := m.Hex("A3.10")
	if !ok || h.At.Col != 3 || h.At.Row != 10 || h.ID != "A3.10" {
		t.Fatalf("A3.10 -> %+v", h)
	}
	if h, _ := m.Hex("A8.6"); h.Terrain != "town" || h.Place != "Tanner's Mill" || h.Creek != "Tanner's Creek" {
		t.Fatalf("A8.6 is %+v", h)
	}
	if h, _ := m.Hex("A1.12"); h.Terrain != "clear" || h.Elevation != 3 { // top-left: first grid line
		t.Fatalf("A1.12 is %+v", h)
	}
	if h, _ := m.Hex("A16.1"); h.Terrain != "orchard" || h.Elevation != 2 { // bottom-right: last grid line
		t.Fatalf("A16.1 is %+v", h)
	}
	if _, ok := m.Hex("A17.1"); ok {
		t.Fatal("A17.1 is off the map")
	}
	if _, ok := m.Hex("B1.1"); ok {
		t.Fatal("map B does not exist")
	}
	if st.scn.Sides[0].Side != "CSA" || st.scn.Sides[1].Side != "USA" {
		t.Fatal("CSA moves first (LoB 11.0 #5)")
	}
	for _, sd := range st.scn.Sides {
		if len(sd.Commands) < 2 || sd.Awareness == "" || sd.Army.Leader.Name == "" {
			t.Fatalf("%s: %+v", sd.Side, sd)
		}
		for _, c := range sd.Commands {
			if (c.Level == LevelDivision && len(c.Brigades) < 2) || st.piece(c.Leader.Name).Hex != c.HQ {
				t.Fatalf("%s: %+v", c.Name, c)
			}
		}
	}
	if st.Segment().Label != "Turn 1 (07:00), CSA player turn" || st.Segment().Index != 0 {
		t.Fatalf("segment %+v", st.Segment())
	}
}

func TestBrokenScenarioNamesHexAndField(t *testing.T) {
	good, _ := ScenarioData("tanners-creek")
	cases := []struct{ from, to, want string }{
		{"{name: Ames' Brigade, sp: 14, morale: B, hex: A4.3}", "{name: Ames' Brigade, sp: 14, morale: B, hex: A40.3}",
			`brigade "Ames' Brigade": field hex: "A40.3"`},
		{`"..ww......oo..ww"   # row 12`, `"x.ww......oo..ww"   # row 12`, "hex A1.12: field terrain"},
		{"A9.9, A9.8, A8.7", "A9.9, A9.8, A6.7", `creeks "Tanner's Creek": hex A6.7: not adjacent`},
		{`start: "1863-06-14 07:00"`, `start: "June"`, "field start"},
		{"hq: A14.3", "hq: A14.13", `command "Morrow's Division": field hq: "A14.13"`},
	}
	for _, c := range cases {
		bad := bytes.Replace(good, []byte(c.from), []byte(c.to), 1)
		if bytes.Equal(bad, good) {
			t.Fatalf("case %q did not change the file", c.from)
		}
		_, err := parseScenario("scenarios/broken.yaml", bad)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "scenarios/broken.yaml: ") {
			t.Errorf("error %v, want it to name the file and %q", err, c.want)
		}
	}
}

func TestRoundTrip(t *testing.T) {
	st := newGame(t)
	check := func(st *State) {
		t.Helper()
		dec, err := New().DecodeState(st.Canonical())
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(dec.Canonical(), st.Canonical()) {
			t.Fatalf("round trip differs:\n%s\n%s", st.Canonical(), dec.Canonical())
		}
		if dec.Segment().Label != st.Segment().Label {
			t.Fatal("segment differs")
		}
	}
	check(st)
	st, _ = step(t, st, file("CSA", written(5, "ATTACK", "Harrow", "Barton", "Tanner's Mill", "Mill Road")),
		&rules.ForcedDice{Results: []int{6, 6}})
	check(st)
	if _, err := New().DecodeState([]byte(`{"system":"lob.v2","scenario":"nowhere"}`)); err == nil {
		t.Fatal("decoded a state of an unknown scenario")
	}
	tampered := bytes.Replace(st.Canonical(), []byte(`"hex":"A3.3"`), []byte(`"hex":"A33.3"`), 1)
	if _, err := New().DecodeState(tampered); err == nil {
		t.Fatal("decoded a counter off the map")
	}
}

func TestValidateReportsEveryProblem(t *testing.T) {
	st := newGame(t)
	w1 := written(5, "CHARGE", "Barton", "Morrow", "", "A30.2", "Mil Road", "Hollins")
	w1.Condition, w1.ConditionAt = "at 8:30", orders.Pos{Line: 7, Col: 6}
	w2 := written(10, "MOVE", "Harow", "Army", "Ridge Pike")
	w2.Condition, w2.ConditionAt = "45 minutes after Whitcomb attacks", orders.Pos{Line: 12, Col: 6}
	f := file("CSA", w1, w2)
	f.Turn = "2"
	ps := New().Validate(st, "CSA", f)
	want := map[string]orders.Pos{
		"lob-wrong-turn":                {Line: 3, Col: 1},
		"lob-10.4-order-type":           {Line: 5, Col: 1},
		"lob-10.5-not-army-commander":   {Line: 5, Col: 10},
		"lob-10.3c-enemy-command":       {Line: 5, Col: 20},
		"lob-10.3b-no-objective":        {Line: 5, Col: 1},
		"lob-10.3b-route-off-map":       {Line: 6, Col: 10},
		"lob-10.3b-route-unknown-place": {Line: 6, Col: 20},
		"lob-10.4d-condition":           {Line: 7, Col: 6},
		"lob-2.1b-one-new-order":        {Line: 10, Col: 1},
		"lob-unknown-leader":            {Line: 10, Col: 10},
		"lob-unknown-command":           {Line: 10, Col: 20},
		"lob-10.3b-vague-objective":     {Line: 10, Col: 30},
		"lob-10.3b-no-route":            {Line: 10, Col: 1},
	}
	got := map[string]orders.Problem{}
	for _, p := range ps {
		if p.Kind != orders.Illegal || p.Rule == "" || p.Message == "" {
			t.Errorf("incomplete problem %+v", p)
		}
		if _, dup := got[p.Code]; !dup {
			got[p.Code] = p
		}
	}
	for code, at := range want {
		p, ok := got[code]
		if !ok {
			t.Errorf("missing %s; got %+v", code, ps)
			continue
		}
		if p.At != at {
			t.Errorf("%s at %v, want %v", code, p.At, at)
		}
	}
	if s := got["lob-unknown-leader"].Suggestion; s != "did you mean 'Harrow'?" {
		t.Errorf("suggestion %q", s)
	}
	if s := got["lob-10.3b-route-unknown-place"].Suggestion; s != "did you mean 'Mill Road'?" {
		t.Errorf("suggestion %q", s)
	}
	if m := got["lob-unknown-command"].Message; !strings.Contains(m, "Army of the Blue Ridge") || !strings.Contains(m, "Army of the Upper Potomac") {
		t.Errorf("ambiguity should list both armies: %q", m)
	}
	if m := got["lob-10.4d-condition"].Message; !strings.Contains(m, "clock times") {
		t.Errorf("clock time message %q", m)
	}
	// The 45-minute condition is its own problem on line 12.
	n := 0
	for _, p := range ps {
		if p.Code == "lob-10.4d-condition" {
			n++
		}
	}
	if n != 2 {
		t.Errorf("want 2 condition problems, got %d", n)
	}
	for _, p := range ps {
		for _, pc := range st.doc.Pieces {
			if pc.Side == "USA" && strings.Contains(p.Message, pc.Hex) {
				t.Errorf("message reveals an enemy position: %q", p.Message)
			}
		}
	}
}

func TestValidateAcceptsGoodOrders(t *testing.T) {
	st := newGame(t)
	for _, cond := range []string{"", "First Light", "Barton attacks", "when Barton's Division attacks",
		"1 hour after Barton attacks", "1.5 hours after barton attacks", "30 minutes after Barton attacks"} {
		w := written(5, "move", "harrow", "whit", "A12.8", "Mill Road", "tanner", "A10.7")
		w.Condition = cond
		if ps := New().Validate(st, "CSA", file("CSA", w)); len(ps) != 0 {
			t.Errorf("condition %q: %+v", cond, ps)
		}
	}
	ps := New().Validate(st, "USA", file("USA", written(5, "MOVE", "Crandall", "Fairfax", "A12.6", "A12.7")))
	if len(ps) != 1 || ps[0].Code != "lob-2.0-not-your-turn" {
		t.Fatalf("USA orders in the CSA player turn: %+v", ps)
	}
}

// An order's whole life: issued, in transit for the chart's turns, arrives,
// refused once, accepted, the HQ moves along the route, fulfilled.
func TestOrderLifeCycle(t *testing.T) {
	st := newGame(t)
	w := written(5, "MOVE", "Harrow", "Barton's Division", "Tanner's Mill", "Mill Road")
	w.Intent = "Hold the mill."
	st, evs := step(t, st, file("CSA", w), &rules.ForcedDice{Results: []int{3, 3}})
	if kinds(evs) != "command-roll order-issued" {
		t.Fatalf("turn 1: %s", kinds(evs))
	}
	o := findOrder(st, "CSA-1")
	// Army HQ A1.12 to Barton's HQ A3.3 is 10 hexes: outside the army's
	// radius, under 50, Normal Awareness: 4 turns (LoB 10.6d example).
	if o == nil || o.Status != InTransit || o.IssuedTurn != 1 || o.ArrivesTurn != 5 || o.Intent != "Hold the mill." {
		t.Fatalf("order %+v", o)
	}
	if !strings.Contains(evs[len(evs)-1].Text, "arrives 08:00 (turn 5)") {
		t.Fatalf("issue text %q", evs[len(evs)-1].Text)
	}
	for _, e := range evs {
		if e.VisibleTo("USA") {
			t.Fatalf("CSA order event visible to USA: %+v", e)
		}
	}
	st = until(t, st, 5, "CSA") // no rolls while in transit
	if o := findOrder(st, "CSA-1"); o.Status != InTransit {
		t.Fatalf("status %s before arrival", o.Status)
	}
	st, evs = step(t, st, nil, &rules.ForcedDice{Results: []int{1, 2}})
	if kinds(evs) != "order-arrived command-roll order-refused" {
		t.Fatalf("turn 5: %s", kinds(evs))
	}
	st = until(t, st, 6, "CSA")
	if !strings.Contains(New().View(st, "CSA").Lines[3], "awaiting acceptance (08:00 rolled 3, no)") {
		t.Fatalf("view: %q", New().View(st, "CSA").Lines)
	}
	st, evs = step(t, st, nil, &rules.ForcedDice{Results: []int{4, 4}})
	if kinds(evs) != "command-roll order-accepted hq-moved close-up close-up close-up" {
		t.Fatalf("turn 6: %s", kinds(evs))
	}
	// 3 hexes across country (3 x 8 of 32) then 2 along the Mill Road (2 x 4).
	if hq := st.piece("Barton's Division HQ").Hex; hq != "A5.6" {
		t.Fatalf("HQ at %s, want A5.6", hq)
	}
	if st.piece("Barton").Hex != "A5.6" {
		t.Fatal("the leader moves with his HQ")
	}
	if d := st.scn.Map.distance(st.piece("Ames' Brigade").Hex, "A5.6"); d > 2 {
		t.Fatalf("Ames' Brigade is %d hexes from its HQ", d)
	}
	if o := findOrder(st, "CSA-1"); o.Status != Accepted || o.AcceptedTurn != 6 ||
		strings.Join(o.Path, " ") != "A6.6 A7.6 A8.6" {
		t.Fatalf("order %+v", o)
	}
	st = until(t, st, 7, "CSA")
	st, evs = step(t, st, nil, &rules.ForcedDice{})
	if kinds(evs) != "hq-moved close-up close-up close-up order-fulfilled" || st.piece("Barton's Division HQ").Hex != "A8.6" {
		t.Fatalf("turn 7: %s, HQ at %s", kinds(evs), st.piece("Barton's Division HQ").Hex)
	}
	if o := findOrder(st, "CSA-1"); o.Status != Ended || !strings.Contains(o.Why, "fulfilled") {
		t.Fatalf("order %+v", o)
	}
}

// LoB 10.6d: issued 7:30, out of radius at Normal Awareness, arrives 8:30.
func TestDeliveryArithmetic(t *testing.T) {
	st := until(t, newGame(t), 3, "CSA")
	if st.scn.clock(st.turn()).Format("15:04") != "07:30" {
		t.Fatal("turn 3 is 07:30")
	}
	st, _ = step(t, st, file("CSA", written(5, "ATTACK", "Harrow", "Barton", "A8.6", "A5.5")), &rules.ForcedDice{Results: []int{6, 6}})
	o := findOrder(st, "CSA-1")
	if o.ArrivesTurn-o.IssuedTurn != 4 || st.scn.clock(o.ArrivesTurn).Format("15:04") != "08:30" {
		t.Fatalf("issued turn %d, arrives turn %d", o.IssuedTurn, o.ArrivesTurn)
	}
	if !strings.Contains(strings.Join(New().View(st, "CSA").Lines, "\n"), "CSA-1 ATTACK Harrow -> Barton's Division, objective A8.6: in transit (arrives 08:30)") {
		t.Fatalf("view: %q", New().View(st, "CSA").Lines)
	}
	// Whitcomb's HQ is 3 hexes from the Army HQ: within radius, 3 turns.
	st = until(t, st, 4, "CSA")
	st, _ = step(t, st, file("CSA", written(5, "MOVE", "Harrow", "Whitcomb", "A5.8", "A4.9")), &rules.ForcedDice{Results: []int{6, 6}})
	if o := findOrder(st, "CSA-2"); o.ArrivesTurn != 7 {
		t.Fatalf("within radius: arrives turn %d, want 7", o.ArrivesTurn)
	}
}

func TestRefusedIssueRoll(t *testing.T) {
	st := newGame(t)
	next, evs := step(t, st, file("CSA", written(5, "MOVE", "Harrow", "Barton", "A8.6", "Mill Road")),
		&rules.ForcedDice{Results: []int{1, 4}}) // 5 on Command Value 3: no
	if kinds(evs) != "command-roll order-not-sent" || len(next.doc.Orders) != 0 {
		t.Fatalf("%s, %d orders", kinds(evs), len(next.doc.Orders))
	}
	if !strings.Contains(evs[len(evs)-1].Text, "try again next turn") {
		t.Fatalf("text %q", evs[len(evs)-1].Text)
	}
	// The next order issued is still CSA-1.
	next = until(t, next, 2, "CSA")
	next, _ = step(t, next, file("CSA", written(5, "MOVE", "Harrow", "Barton", "A8.6", "Mill Road")), &rules.ForcedDice{Results: []int{3, 3}})
	if findOrder(next, "CSA-1") == nil {
		t.Fatal("no CSA-1")
	}
}

// LoB 10.6b: a newly arrived order eliminates the one still awaiting a roll;
// an accepted order replaces the one being carried out.
func TestSupersession(t *testing.T) {
	st := newGame(t)
	st, _ = step(t, st, file("CSA", written(5, "MOVE", "Harrow", "Barton", "A8.6", "Mill Road")), &rules.ForcedDice{Results: []int{3, 3}})
	st = until(t, st, 2, "CSA")
	st, _ = step(t, st, file("CSA", written(5, "ATTACK", "Harrow", "Barton", "A5.8", "A4.6")), &rules.ForcedDice{Results: []int{3, 3}})
	st = until(t, st, 5, "CSA")
	st, _ = step(t, st, nil, &rules.ForcedDice{Results: []int{1, 1}}) // CSA-1 arrives, refused
	st = until(t, st, 6, "CSA")
	st, evs := step(t, st, nil, &rules.ForcedDice{Results: []int{1, 1}}) // CSA-2 arrives
	if kinds(evs) != "order-superseded order-arrived command-roll order-refused" {
		t.Fatalf("turn 6: %s", kinds(evs))
	}
	if o := findOrder(st, "CSA-1"); o.Status != Ended || !strings.Contains(o.Why, "superseded by CSA-2") {
		t.Fatalf("CSA-1 %+v", o)
	}
	// One roll per leader per phase: only CSA-2 rolled.
	if o := findOrder(st, "CSA-2"); o.Status != Awaiting || len(o.Rolls) != 1 {
		t.Fatalf("CSA-2 %+v", o)
	}
}

func TestAcceptedOrderReplacesExecutingOrder(t *testing.T) {
	st := newGame(t)
	st, _ = step(t, st, file("CSA", written(5, "MOVE", "Harrow", "Whitcomb", "A9.12", "A6.11")), &rules.ForcedDice{Results: []int{3, 3}})
	st = until(t, st, 2, "CSA")
	st, _ = step(t, st, file("CSA", written(5, "MOVE", "Harrow", "Whitcomb", "A2.9", "A3.9")), &rules.ForcedDice{Results: []int{3, 3}})
	st = until(t, st, 4, "CSA")
	st, _ = step(t, st, nil, &rules.ForcedDice{Results: []int{6, 6}}) // CSA-1 arrives, accepted
	st = until(t, st, 5, "CSA")
	st, evs := step(t, st, nil, &rules.ForcedDice{Results: []int{6, 6}}) // CSA-2 arrives, accepted
	if kinds(evs) != "order-arrived command-roll order-superseded order-accepted hq-moved close-up close-up" &&
		kinds(evs) != "order-arrived command-roll order-superseded order-accepted hq-moved order-fulfilled" {
		t.Fatalf("turn 5: %s", kinds(evs))
	}
	if o := findOrder(st, "CSA-1"); o.Status != Ended || o.Why != "replaced by CSA-2" {
		t.Fatalf("CSA-1 %+v", o)
	}
}

// LoB 10.4d: a First Light order makes no roll until the first Twilight turn.
func TestFirstLightWaits(t *testing.T) {
	st := newGame(t)
	w := written(5, "MOVE", "Harrow", "Whitcomb", "A5.8", "A4.9")
	w.Condition = "First Light"
	st, _ = step(t, st, file("CSA", w), &rules.ForcedDice{Results: []int{3, 3}})
	st = until(t, st, 4, "CSA")
	st, evs := step(t, st, nil, &rules.ForcedDice{}) // arrives; no roll (forced dice would run out)
	if kinds(evs) != "order-arrived order-waiting" {
		t.Fatalf("turn 4: %s", kinds(evs))
	}
	for st.turn() < 8 {
		st = until(t, st, st.turn()+1, "CSA")
	}
	if o := findOrder(st, "CSA-1"); o.Status != Waiting || len(o.Rolls) != 0 {
		t.Fatalf("CSA-1 %+v", o)
	}
	// Once the clock reaches First Light, the order rolls. Moving First
	// Light to 10:30 makes every earlier turn a 30-minute night turn (LoB
	// 2.3), so turn 8 starts at 10:30, First Light.
	st.scn = withFirstLight(st.scn, "10:30")
	st, evs = step(t, st, nil, &rules.ForcedDice{Results: []int{5, 5}})
	if !strings.HasPrefix(kinds(evs), "order-condition-met command-roll order-accepted") {
		t.Fatalf("turn 8 at First Light: %s", kinds(evs))
	}
}

func withFirstLight(s *Scenario, at string) *Scenario {
	c := *s
	c.FirstLight = at
	return &c
}

// LoB 10.4d: "when Command X attacks" occurs the turn X accepts an Attack
// order; "N hours after" counts turns from then.
func TestWhenAnotherCommandAttacks(t *testing.T) {
	st := newGame(t)
	st, _ = step(t, st, file("CSA", written(5, "ATTACK", "Harrow", "Whitcomb", "A8.10", "A6.10")), &rules.ForcedDice{Results: []int{3, 3}})
	st = until(t, st, 2, "CSA")
	w := written(5, "ATTACK", "Harrow", "Barton", "A8.6", "Mill Road")
	w.Condition = "1 hour after Whitcomb attacks"
	st, _ = step(t, st, file("CSA", w), &rules.ForcedDice{Results: []int{3, 3}})
	st = until(t, st, 4, "CSA")
	st, evs := step(t, st, nil, &rules.ForcedDice{Results: []int{4, 4}}) // Whitcomb accepts CSA-1 at 07:45
	if kinds(evs) != "order-arrived command-roll order-accepted fluke-grace hq-moved close-up close-up" {
		t.Fatalf("turn 4: %s", kinds(evs))
	}
	st = until(t, st, 6, "CSA")
	// Whitcomb reached his objective, so he rolls for Attack Recovery
	// (LoB 10.8c) each turn: 1+1 is outside every Base Check range.
	st, evs = step(t, st, nil, &rules.ForcedDice{Results: []int{1, 1}}) // CSA-2 arrives at 08:15 and waits
	if kinds(evs) != "order-arrived order-waiting attack-recovery" {
		t.Fatalf("turn 6: %s", kinds(evs))
	}
	st = until(t, st, 7, "CSA")
	st, evs = step(t, st, nil, &rules.ForcedDice{Results: []int{1, 1}})
	if kinds(evs) != "order-waiting attack-recovery" {
		t.Fatalf("turn 7: %s", kinds(evs))
	}
	st = until(t, st, 8, "CSA")
	st, evs = step(t, st, nil, &rules.ForcedDice{Results: []int{2, 2, 1, 1}}) // 08:45, one hour after 07:45
	if kinds(evs) != "order-condition-met command-roll order-refused attack-recovery" {
		t.Fatalf("turn 8: %s", kinds(evs))
	}
}

// The condition can be met by an acceptance earlier in the same phase.
func TestConditionMetInSamePhase(t *testing.T) {
	st := newGame(t)
	st, _ = step(t, st, file("CSA", written(5, "ATTACK", "Harrow", "Whitcomb", "A8.10", "A6.10")), &rules.ForcedDice{Results: []int{3, 3}})
	st = until(t, st, 2, "CSA")
	w := written(5, "MOVE", "Harrow", "Army of the Blue Ridge", "A2.11", "A2.12")
	w.Condition = "Whitcomb attacks"
	st, _ = step(t, st, file("CSA", w), &rules.ForcedDice{Results: []int{3, 3}})
	// CSA-2 to the Army HQ: 0 hexes, within radius, Normal: arrives turn 5.
	if o := findOrder(st, "CSA-2"); o.ArrivesTurn != 5 {
		t.Fatalf("CSA-2 arrives turn %d", o.ArrivesTurn)
	}
	st = until(t, st, 4, "CSA")
	st, _ = step(t, st, nil, &rules.ForcedDice{Results: []int{1, 1}}) // Whitcomb refuses
	st = until(t, st, 5, "CSA")
	st, evs := step(t, st, nil, &rules.ForcedDice{Results: []int{6, 6}})
	want := "order-arrived command-roll order-accepted order-condition-met order-accepted fluke-grace hq-moved order-fulfilled hq-moved close-up close-up"
	if kinds(evs) != want {
		t.Fatalf("turn 5: %s", kinds(evs))
	}
	// LoB 9.2a: the Army HQ's order needs no roll to implement.
	if o := findOrder(st, "CSA-2"); o.Status != Ended || len(o.Rolls) != 0 || st.piece("Harrow").Hex != "A2.11" {
		t.Fatalf("CSA-2 %+v", o)
	}
}

func TestChartPack(t *testing.T) {
	p, err := rules.ParseChartPack("provisional.yaml", ChartPackData())
	if err != nil {
		t.Fatal(err)
	}
	if !p.Provisional || p.System != "lob.v2" {
		t.Fatal("the shipped pack must say it is provisional")
	}
	st := newGame(t)
	ch := st.charts
	// The seed's pinned values (LoB 10.6d, 10.8e).
	if ch.deliveryTurns(bandOutside, "Normal") != 4 || ch.deliveryTurns(bandWithin, distanceOnly) != 1 {
		t.Fatal("delivery chart disagrees with the 10.6d example")
	}
	if v, _ := p.Tables["command-radius"].Value("command-radius", "artillery-battalion"); v != "4" {
		t.Fatal("Artillery Battalion HQ radius is 4 hexes (10.8e)")
	}
	// The documented derivation: yes when 2d6 + CV >= 9; 2 never, 12 always.
	for cv := 0; cv <= 5; cv++ {
		for sum := 2; sum <= 12; sum++ {
			want := sum == 12 || (sum > 2 && sum+cv >= 9)
			if ch.commandRoll(cv, sum) != want {
				t.Errorf("command roll cv %d sum %d: got %v", cv, sum, !want)
			}
		}
	}
	for _, tb := range p.Tables {
		if tb.Derivation == "" || tb.Rule == "" {
			t.Errorf("table without rule or derivation: %+v", tb)
		}
	}
}

func TestIncompletePackIsRejected(t *testing.T) {
	cases := []struct{ cut, want string }{
		{"  hq-movement:", `missing table "hq-movement"`},
		{`      "7":  [no,  no,  yes, yes, yes, yes]`, `missing row "7"`},
		{"      army: \"6\"", `missing value "army"`},
	}
	for _, c := range cases {
		data := string(ChartPackData())
		i := strings.Index(data, c.cut)
		if i < 0 {
			t.Fatalf("no %q in the pack", c.cut)
		}
		end := i + len(c.cut) + 1
		if c.cut == "  hq-movement:" {
			end = len(data)
		}
		p, err := rules.ParseChartPack("cut.yaml", []byte(data[:i]+data[end:]))
		if err != nil {
			t.Fatal(err)
		}
		_, err = New().NewGame("tanners-creek", p)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want %q", err, c.want)
		}
	}
	// A pack without the Awareness column this scenario needs.
	data := strings.Replace(string(ChartPackData()), "columns: [distance-only, Alert, Normal, Sluggish]", "columns: [distance-only, Alert, Usual, Sluggish]", 1)
	p, err := rules.ParseChartPack("renamed.yaml", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New().NewGame("tanners-creek", p); err == nil || !strings.Contains(err.Error(), `missing column "Normal"`) {
		t.Errorf("error %v", err)
	}
	// A complete replacement pack is used and carried in the state.
	data = strings.Replace(string(ChartPackData()), "provisional: true", "provisional: false", 1)
	data = strings.Replace(data, "name: LoB v2.0 provisional", "name: House card", 1)
	p, _ = rules.ParseChartPack("house.yaml", []byte(data))
	st, err := New().NewGame("tanners-creek", p)
	if err != nil {
		t.Fatal(err)
	}
	dec, _ := New().DecodeState(st.Canonical())
	if v := New().View(dec, "CSA"); v.Provisional || v.ChartPack != "House card" {
		t.Fatalf("view %+v", v)
	}
}

func TestViewFogAndArrows(t *testing.T) {
	st := newGame(t)
	st, _ = step(t, st, file("CSA", written(5, "MOVE", "Harrow", "Barton", "A8.6", "Mill Road")), &rules.ForcedDice{Results: []int{3, 3}})
	v := New().View(st, "CSA")
	if !v.Provisional || v.System != "lob.v2" || v.Turn != "Turn 1 of 8, 07:00" || v.Segment != "Turn 1 (07:00), USA player turn" {
		t.Fatalf("view header %+v", v)
	}
	if len(v.Map.Hexes) != 16*12 {
		t.Fatalf("%d hexes", len(v.Map.Hexes))
	}
	hidden := 0
	for _, h := range v.Map.Hexes {
		if h.Hidden {
			hidden++
		}
	}
	if hidden == 0 {
		t.Fatal("the CSA should not see the whole map")
	}
	for _, u := range v.Map.Units {
		if u.Side == "USA" && st.scn.Map.distance(u.Hex, "A4.3") > 6 && st.scn.Map.distance(u.Hex, "A3.10") > 6 {
			t.Errorf("CSA sees distant %s at %s", u.Name, u.Hex)
		}
	}
	if len(v.Map.Arrows) != 1 || v.Map.Arrows[0].Hexes[0] != "A3.3" || v.Map.Arrows[0].Hexes[len(v.Map.Arrows[0].Hexes)-1] != "A8.6" {
		t.Fatalf("arrows %+v", v.Map.Arrows)
	}
	for _, l := range New().View(st, "USA").Lines {
		if strings.Contains(l, "CSA-1") {
			t.Fatalf("USA sees CSA orders: %q", l)
		}
	}
	if len(New().View(st, "USA").Map.Arrows) != 0 {
		t.Fatal("USA sees CSA arrows")
	}
	u := New().View(st, "")
	if len(u.Map.Units) != len(st.doc.Pieces) || !strings.Contains(strings.Join(u.Lines, "\n"), "CSA-1") {
		t.Fatal("the umpire sees everything")
	}
}

// A whole game with seeded dice, default orders and a couple of real ones.
func TestWholeGame(t *testing.T) {
	for seed := 0; seed < 20; seed++ {
		st := newGame(t)
		dice := rules.NewSeededDice([]byte(fmt.Sprintf("tanners-creek-%d", seed)))
		plan := map[int]*lobtext.Written{
			0: written(5, "ATTACK", "Harrow", "Barton", "Tanner's Mill", "Mill Road"),
			1: written(5, "MOVE", "Crandall", "Morrow", "Hollins Crossroads", "Ridge Pike"),
			2: written(5, "MOVE", "Harrow", "Whitcomb", "Pratt Orchard", "A4.9"),
			3: written(5, "MOVE", "Crandall", "Crandall", "A15.9", "Gilmer"),
		}
		plan[2].Condition = "1 hour after Barton attacks"
		n := 0
		for !st.Over() {
			f := New().Default(st, st.side())
			if w, ok := plan[st.doc.Segment]; ok {
				f = file(string(st.side()), w)
			}
			if ps := New().Validate(st, st.side(), f); len(ps) > 0 {
				t.Fatalf("segment %d: %+v", st.doc.Segment, ps)
			}
			if st.Segment().Index != n {
				t.Fatalf("segment index %d, want %d", st.Segment().Index, n)
			}
			st, _ = step(t, st, f, dice)
			dec, err := New().DecodeState(st.Canonical())
			if err != nil || !bytes.Equal(dec.Canonical(), st.Canonical()) {
				t.Fatalf("segment %d: round trip: %v", n, err)
			}
			n++
		}
		if n != 16 {
			t.Fatalf("%d segments, want 16", n)
		}
		if _, err := New().Resolve(rules.Input{State: st, Dice: dice}); err == nil {
			t.Fatal("resolved a finished game")
		}
	}
}
