package gbacw

import (
	"fmt"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"galloper/orders"
	"galloper/rules"
	"galloper/rules/rulestest"
)

// TestCases runs the rule case corpus in testdata/*.case through the
// shared runner (docs/systems.md, "The case format"). A case starts on
// turn 1 of testdata/field.yaml, in the Turn segment, with an EM of 3 for
// each corps, and no units: STATE places them.
//
// GBACW's own sections:
//
//	SCENARIO <file>       testdata/<file>.yaml or an embedded scenario
//	ACTIVATE <brigade>    one activation of the brigade (5.33) by the
//	                      collected ORDERS (both sides' scripts and doctrine)
//	II/A                  Phase II/A alone (4.23, 5.26, 5.36)
//	II/B                  Phase II/B alone (5.2-5.4)
//	II/C                  Phases II/C-E: Division Orders, reinforcements,
//	                      Reserve (6.12, 9.71, 6.31)
//	II/F                  Phase II/F alone: Engineering (15.1)
//	III                   Phase III: the first AM and the AM Pool drawn
//	                      empty, each AM activating its brigades (5.3)
//	IV                    Phase IV and the next turn's I and EM draws
//	EXPECT-VIEW <side>    lines "line <text>" / "no-line <text>": the
//	                      side's view (side "umpire": the umpire's) has (or
//	                      has not) a line containing text; "map <unit>" /
//	                      "no-map <unit>": its map shows (or not) the unit;
//	                      "roster <unit>: <position>, <strength>": its
//	                      roster lists the unit so; "state <unit>:
//	                      <state>": its roster gives the unit that state;
//	                      "markers <unit>: <a, b>": its roster's markers
//	                      on the unit; "grade <unit>: <text>": its
//	                      roster's values of the counter in play
//	EXPECT-NO-TEXT <text> no event of the last step reads "<kind>: <text>"
//	                      containing text (EXPECT-NO-EVENT names a kind)
//	EXPECT-TOLD <side>    lines "told <text>" / "not-told <text>": the last
//	                      step's events the side is told have (or have
//	                      not) one containing text (fog of war, GBACW-R21)
//
// STATE lines:
//
//	unit <name> key=value ...   a unit: brigade, kind (infantry,
//	                            cavalry, artillery or horse-artillery:
//	                            artillery of MA 10, 2.21), hex, sp, cohesion,
//	                            arrives (a turn: it enters alone at hex),
//	                            disordered, ma, dma (the Disordered
//	                            side's MA), weapon, facing (0-5) or
//	                            face (a hex to face), status, green, blown,
//	                            refused (R or L), orders (kept Out
//	                            of Command, 4.23), collapsed (12.23),
//	                            dma (the Disordered MA, 12.31),
//	                            dismounted (14.21; cavalry's dismounted
//	                            counter is MA 6, Cohesion 6/4, weapon R),
//	                            ammo (ok, low, out; 10.69, 10.9),
//	                            abandoned (1 or 2:
//	                            the Abandoned marker, 12.8), sections
//	                            (a battery's, guns then weapon: 4N/2RG,
//	                            a section's ammunition as 4N:low, 8.37,
//	                            10.69), extleft, extright
//	                            (Extended Line hexes, 8.41), cola,
//	                            colb (Extended Column hexes, 8.5),
//	                            marched (yes: it moved under March
//	                            Orders this turn, 9.71)
//	set <name> key=value ...    change a unit (same keys)
//	leader <name> hex=<hex>|off killed=yes range=<n>
//	orders <brigade> <Orders>   reserve <brigade>   fatigue <brigade> <n>
//	activated <brigade> <n>     ci <brigade>        ams <division> <n>
//	marched <brigade>           it moved on its side's March AM (6.26)
//	division-ci <division>      acted <brigade> <n>  shock-phases <brigade> <n>
//	em <side> <corps> <n>       initiative <side>|none
//	standing <side> <KIND> <choice>
//	phase draw|orders           turn <n>       optional <rule>|<ruling>=<value>
//	lost <side> <n>             dusk <hour>    night <hour> (16.1)
//	light dawn|dusk|night       the current turn's hour is a Dawn, Dusk
//	                            or Night hour (16.1)
//	breastworks <hex> <hex2> [side]   finished Breastworks covering the
//	                            hexsides of the vertex facing hex2 (15.21)
//	own <unit> unbrigaded|reinforcing [level]   the unit tracks its own
//	                            Fatigue (17.5), at level (OK, 0-4)
//	building <unit> <turn>      the unit builds in its hex, as it faces,
//	                            finishing in turn's Phase IV (15.13)
//	fatigue <brigade> OK        the Fatigue OK marker (17.24)
//	placed <brigade> <n>        Fatigue Levels of 17.22 placed this turn
//	book {<key>: <value>, ...}  the Battle Book's overrides (1.0), as the
//	                            scenario's battle_book section writes them
//	chart <table> <row> = <cell> | <cell> ...   the game plays an owner's
//	                            chart pack: the provisional one with that
//	                            row replaced (a case for a value the
//	                            provisional pack never gives)
//
// EXPECT-STATE lines: unit <name> key=value (hex, sp, status, facing,
// blown, refused, orders, outofcommand, collapsed, green, dismounted, kind, horse, ma, ammo, attached, top: first in its stack,
// abandoned: 0, 1 or 2, sections: 4N/2RG,
// building: the turn or "no",
// fatigue: the number of the Fatigue it acts at, own: whose or "no", extleft, extright, cola, colb),
// breastworks <hex> n=<count>, brigade <id> key=value (orders, reserve, ci, activated,
// fatigue, leader, profile, rating), division <id> key=value (ams, ci, leader, coordination,
// activation), corps <id> key=value (leader, rating), leader <name> key=value (hex, killed=yes|no, range),
// side <side> key=value (initiative, lost, em), turn <n>, phase <p>.
//
// ADVANCE is a runner keyword: order lines write ORDERS <b> Advance in
// lower case ("advance"), which the dialect reads.
func TestCases(t *testing.T) {
	rulestest.RunCorpus(t, harness{}, os.DirFS("."), "testdata")
}

// TestCaseCoverage checks COVERAGE.md lists every case under a
// subsection it cites.
func TestCaseCoverage(t *testing.T) {
	cases, err := rulestest.ReadCorpus(os.DirFS("."), "testdata")
	if err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile("COVERAGE.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range rulestest.CoverageProblems(string(text), cases) {
		t.Error(p)
	}
}

type harness struct{}

func (harness) System() rules.System { return New() }
func (harness) Keywords() []string {
	return []string{"SCENARIO", "ACTIVATE", "II/A", "II/B", "II/C", "II/F", "III", "IV", "EXPECT-VIEW", "EXPECT-TOLD", "EXPECT-NO-TEXT"}
}
func (harness) NewCase(run *rulestest.Run) rulestest.CaseHooks {
	return &caseRun{Run: run, scenario: "field"}
}

type caseRun struct {
	*rulestest.Run
	scenario string
	// faced are the hexes units were faced toward (face=), to face them
	// toward the same hex when their Orders become March (7.11: a
	// hexside, not a vertex).
	faced map[string]string
}

func (r *caseRun) state() *State { return r.State().(*State) }

func (r *caseRun) Build() rules.State {
	var st *State
	if data, err := os.ReadFile("testdata/" + r.scenario + ".yaml"); err == nil {
		sc, err := LoadScenario(r.scenario, data)
		if err != nil {
			r.T.Fatal(err)
		}
		st = sc.start.clone()
	} else {
		s, err := New().NewGame(r.scenario, nil)
		if err != nil {
			r.T.Fatal(err)
		}
		st = s.(*State)
	}
	st.Phase = PhaseOrders
	for i := range st.Sides {
		st.Sides[i].EMs = map[string]int{}
		for _, c := range st.Corps {
			if c.Side == st.Sides[i].Side {
				st.Sides[i].EMs[c.ID] = 3
			}
		}
	}
	return st
}

func (r *caseRun) Section(s rulestest.Section) {
	l := s.Line
	switch s.Head[0] {
	case "SCENARIO":
		if len(s.Head) != 2 {
			r.T.Fatalf("%s: SCENARIO <name>", r.Where(l))
		}
		r.scenario = s.Head[1]
	case "ACTIVATE":
		id := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l.Text), "ACTIVATE"))
		st := r.state()
		b := st.brigade(id)
		if b == nil {
			r.T.Fatalf("%s: no brigade %q", r.Where(l), id)
		}
		side := st.sideOfBrigade(b)
		r.step(l, func(x *resolver) { x.activateBrigade(x.s.brigade(id), side) })
	case "II/A":
		r.step(l, func(x *resolver) { x.chainOfCommand() })
	case "II/B":
		r.step(l, func(x *resolver) { x.efficiency() })
	case "II/C":
		r.step(l, func(x *resolver) { x.divisionOrders(); x.attachments(); x.reinforcements(); x.reserves() })
	case "II/F":
		r.step(l, func(x *resolver) { x.engineering() })
	case "III":
		r.step(l, func(x *resolver) { x.activations() })
	case "IV":
		r.step(l, func(x *resolver) { x.endOfTurn() })
	case "EXPECT-VIEW":
		side := rules.Side(s.Head[1])
		if side == "umpire" {
			side = ""
		}
		v := New().View(r.State(), side)
		for _, b := range s.Body {
			kind, text, _ := strings.Cut(strings.TrimSpace(b.Text), " ")
			switch kind {
			case "line", "no-line":
				has := slices.ContainsFunc(v.Lines, func(x string) bool { return strings.Contains(x, text) })
				if has != (kind == "line") {
					r.T.Errorf("%s: %s's view: %s %q; lines:\n  %s", r.Where(b), s.Head[1], kind, text, strings.Join(v.Lines, "\n  "))
				}
			case "map", "no-map":
				has := slices.ContainsFunc(v.Map.Units, func(u rules.UnitView) bool { return u.Name == text })
				if has != (kind == "map") {
					r.T.Errorf("%s: %s's map: %s %q", r.Where(b), s.Head[1], kind, text)
				}
			case "state":
				name, want, _ := strings.Cut(text, ": ")
				got := "(not listed)"
				for _, g := range v.Roster {
					for _, u := range g.Units {
						if u.Name == name {
							got = u.State
						}
					}
				}
				if got != want {
					r.T.Errorf("%s: %s's roster: %s's state is %q, want %q", r.Where(b), s.Head[1], name, got, want)
				}
			case "roster":
				name, want, _ := strings.Cut(text, ": ")
				got := "(not listed)"
				for _, g := range v.Roster {
					for _, u := range g.Units {
						if u.Name == name {
							got = u.Position + ", " + u.Strength
						}
					}
				}
				if got != want {
					r.T.Errorf("%s: %s's roster: %s is %q, want %q", r.Where(b), s.Head[1], name, got, want)
				}
			case "markers", "grade":
				name, want, _ := strings.Cut(text, ":") // "markers <unit>:" for none
				want = strings.TrimSpace(want)
				got := "(not listed)"
				for _, g := range v.Roster {
					for _, u := range g.Units {
						if u.Name == name && kind == "markers" {
							got = strings.Join(u.Markers, ", ")
						} else if u.Name == name {
							got = u.Grade
						}
					}
				}
				if got != want {
					r.T.Errorf("%s: %s's roster: %s's %s are %q, want %q", r.Where(b), s.Head[1], name, kind, got, want)
				}
			default:
				r.T.Fatalf("%s: EXPECT-VIEW lines are line, no-line, map, no-map, roster, state, markers or grade", r.Where(b))
			}
		}
	case "EXPECT-TOLD":
		side := rules.Side(s.Head[1])
		for _, b := range s.Body {
			kind, text, _ := strings.Cut(strings.TrimSpace(b.Text), " ")
			told := slices.ContainsFunc(r.Events, func(e rules.Event) bool { return e.VisibleTo(side) && strings.Contains(e.Text, text) })
			if kind != "told" && kind != "not-told" {
				r.T.Fatalf("%s: EXPECT-TOLD lines are told or not-told", r.Where(b))
			}
			if told != (kind == "told") {
				r.T.Errorf("%s: %s: %s %q\nevents:\n%s", r.Where(b), side, kind, text, rulestest.EventList(r.Events))
			}
		}
	case "EXPECT-NO-TEXT":
		text := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l.Text), "EXPECT-NO-TEXT"))
		if text == "" {
			r.T.Fatalf("%s: EXPECT-NO-TEXT <text>", r.Where(l))
		}
		for _, e := range r.Events {
			if strings.Contains(e.Kind+": "+e.Text, text) {
				r.T.Errorf("%s: unexpected event %s: %s", r.Where(l), e.Kind, e.Text)
			}
		}
	default:
		r.T.Fatalf("%s: bad section %v", r.Where(l), s.Head)
	}
}

// step runs one procedure of the resolution on the collected orders
// (validated for each side) and the forced dice.
func (r *caseRun) step(l rulestest.Line, fn func(*resolver)) {
	st := r.state()
	sys := New().forGame(st) // a chart line's pack
	files := map[rules.Side]*orders.File{}
	for _, ss := range st.Sides {
		f := r.File(l, ss.Side)
		if ps := sys.Validate(st, ss.Side, f); len(ps) > 0 {
			r.T.Fatalf("%s: %s orders are illegal: %+v", r.Where(l), ss.Side, ps)
		}
		files[ss.Side] = f
	}
	dice := r.ForcedDice()
	var res rules.Result
	func() {
		defer func() {
			if p := recover(); p != nil {
				r.T.Fatalf("%s: %v\nevents so far:\n%s", r.Where(l), p, rulestest.EventList(res.Events))
			}
		}()
		res = sys.run(st, rules.Input{State: st, Orders: files, Decisions: r.Decisions, Dice: dice}, fn)
	}()
	r.Step(l, dice, res)
}

// caseFields splits "name key=value key=value" into the name (words
// before the first key) and the pairs.
func caseFields(text string) (string, map[string]string) {
	var name []string
	kv := map[string]string{}
	for _, w := range strings.Fields(text) {
		if k, v, ok := strings.Cut(w, "="); ok {
			kv[k] = v
		} else {
			name = append(name, w)
		}
	}
	return strings.Join(name, " "), kv
}

func (r *caseRun) SetState(l rulestest.Line) {
	fail := func(format string, args ...any) { r.T.Fatalf("%s: "+format, append([]any{r.Where(l)}, args...)...) }
	s := r.state()
	verb, rest, _ := strings.Cut(strings.TrimSpace(l.Text), " ")
	atoi := func(v string) int {
		n, err := strconv.Atoi(v)
		if err != nil {
			fail("%q is not a number", v)
		}
		return n
	}
	lastWord := func() (string, string) {
		i := strings.LastIndex(rest, " ")
		if i < 0 {
			fail("%s <name> <value>", verb)
		}
		return rest[:i], rest[i+1:]
	}
	brigade := func(id string) *BrigadeSt {
		b := s.brigade(id)
		if b == nil {
			fail("no brigade %q", id)
		}
		return b
	}
	switch verb {
	case "unit", "set":
		r.setUnit(l, verb, rest)
	case "leader":
		name, kv := caseFields(rest)
		ld := s.leader(name)
		if ld == nil {
			fail("no leader %q", name)
		}
		if h, ok := kv["hex"]; ok {
			ld.Hex = map[bool]string{true: "", false: h}[h == "off"]
		}
		if kv["killed"] == "yes" {
			ld.Killed, ld.Hex = true, ""
		}
		if n, ok := kv["range"]; ok {
			ld.Range = atoi(n)
		}
	case "orders":
		id, o := lastWord()
		ord, err := ParseOrders(o)
		if err != nil {
			fail("%v", err)
		}
		brigade(id).Orders = ord.String()
		for i := range s.Units {
			if u := &s.Units[i]; u.Brigade == brigade(id).ID && r.faced[u.Name] != "" {
				u.Facing = s.faceTo(u, s.ordersOf(u), r.faced[u.Name])
			}
		}
	case "reserve":
		brigade(rest).Reserve = true
	case "ci":
		brigade(rest).CI = true
	case "division-ci":
		d := s.division(rest)
		if d == nil {
			fail("no division %q", rest)
		}
		d.CI = true
	case "fatigue":
		id, n := lastWord()
		if n == "OK" {
			brigade(id).Fatigue = FatigueOK
			break
		}
		brigade(id).Fatigue = Fatigue0 + Fatigue(atoi(n))
	case "light":
		switch Light(rest) {
		case LightDawn:
			s.Dawn = append(s.Dawn, s.hour())
		case LightDusk:
			s.Dusk = append(s.Dusk, s.hour())
		case LightNight:
			s.Night = append(s.Night, s.hour())
		default:
			fail("light dawn|dusk|night")
		}
	case "breastworks":
		ws := strings.Fields(rest)
		if len(ws) < 2 {
			fail("breastworks <hex> <hex faced> [side]")
		}
		bw := Breastwork{Hex: ws[0], Facing: faceToward(s.axial(ws[0]), s.axial(ws[1])), Side: s.Sides[0].Side}
		if len(ws) > 2 {
			bw.Side = rules.Side(ws[2])
		}
		s.Breastworks = append(s.Breastworks, bw)
	case "own":
		ws := strings.Fields(rest)
		if len(ws) < 2 {
			fail("own <unit> unbrigaded|reinforcing [level]")
		}
		level := ""
		if ws[len(ws)-1] != OwnUnbrigaded && ws[len(ws)-1] != OwnReinforcing {
			level, ws = ws[len(ws)-1], ws[:len(ws)-1]
		}
		u := s.unit(strings.Join(ws[:len(ws)-1], " "))
		if u == nil {
			fail("no unit %q", strings.Join(ws[:len(ws)-1], " "))
		}
		u.Own = ws[len(ws)-1]
		f, err := ParseFatigue(level)
		if err != nil {
			fail("%v", err)
		}
		u.Fatigue = f
	case "building":
		name, n := lastWord()
		u := s.unit(name)
		if u == nil {
			fail("no unit %q", name)
		}
		u.Building, u.BuildHex, u.BuildFacing = atoi(n), u.Hex, u.Facing
		if u.extended() {
			for _, p := range u.lineParts() {
				u.BuildAt = append(u.BuildAt, p.hex) // 15.15: every part
			}
		}
	case "marched":
		brigade(rest).MarchAM = true
	case "activated":
		id, n := lastWord()
		brigade(id).Activated = atoi(n)
	case "acted":
		id, n := lastWord()
		brigade(id).Acted = atoi(n)
	case "placed":
		id, n := lastWord()
		brigade(id).Placed = atoi(n)
	case "shock-phases":
		id, n := lastWord()
		brigade(id).ShockPhases = atoi(n)
	case "ams":
		id, n := lastWord()
		d := s.division(id)
		if d == nil {
			fail("no division %q", id)
		}
		d.AMs = atoi(n)
	case "em":
		ws := strings.Fields(rest)
		if len(ws) < 3 || s.side(rules.Side(ws[0])) == nil {
			fail("em <side> <corps> <n>")
		}
		s.side(rules.Side(ws[0])).EMs[strings.Join(ws[1:len(ws)-1], " ")] = atoi(ws[len(ws)-1])
	case "initiative":
		for i := range s.Sides {
			s.Sides[i].Initiative = s.Sides[i].Side == rules.Side(rest)
		}
	case "standing":
		ws := strings.Fields(rest)
		if len(ws) < 3 {
			fail("standing <side> <KIND> <choice>")
		}
		ss := s.side(rules.Side(ws[0]))
		if ss.Standing == nil {
			ss.Standing = map[string]string{}
		}
		ss.Standing[ws[1]] = strings.Join(ws[2:], " ")
	case "phase":
		s.Phase = rest
	case "optional":
		// An optional rule by number, or a switchable ruling's KEY=VALUE.
		if k, v, set := strings.Cut(rest, "="); set {
			if isRuling, err := s.chooseRuling(k, v); !isRuling || err != nil {
				fail(fmt.Sprintf("optional %s: no such switchable ruling (%v)", rest, err))
			}
			break
		}
		s.Optional = append(s.Optional, rest)
	case "book":
		// The Battle Book's overrides for this case, a YAML flow mapping
		// read over the scenario's (1.0).
		bb := *s.book
		if bb.Stacking != nil {
			st := *bb.Stacking
			bb.Stacking = &st
		}
		dec := yaml.NewDecoder(strings.NewReader(rest))
		dec.KnownFields(true)
		if err := dec.Decode(&bb); err != nil {
			fail("book: %v", err)
		}
		bb.check(func(format string, args ...any) { fail(format, args...) })
		bb.checkCommands(s, func(format string, args ...any) { fail(format, args...) })
		s.book = &bb
		s.startFormations()
	case "chart":
		// An owner's chart pack for this case: the provisional pack with
		// one row of one table replaced, its cells split at "|".
		table, rest, _ := strings.Cut(rest, " ")
		row, cells, ok := strings.Cut(rest, " = ")
		if !ok {
			fail("chart <table> <row> = <cell> [| <cell>...]")
		}
		if s.Pack == nil {
			p, err := rules.ParseChartPack("case.yaml", ProvisionalPackData())
			if err != nil {
				fail("chart: %v", err)
			}
			p.Name, p.Provisional = "case pack", false
			s.Pack = p
		}
		t, ok := s.Pack.Tables[table]
		if _, had := t.Rows[row]; !ok || !had {
			fail("chart: no row %q in table %q", row, table)
		}
		t.Rows = maps.Clone(t.Rows)
		t.Rows[row] = nil
		for _, c := range strings.Split(cells, "|") {
			t.Rows[row] = append(t.Rows[row], strings.TrimSpace(c))
		}
		s.Pack.Tables[table] = t
		if _, err := compileCombat(s.Pack); err != nil {
			fail("chart: %v", err)
		}
	case "lost":
		side, n := lastWord()
		s.side(rules.Side(side)).Lost = atoi(n)
	case "turn":
		s.Turn = atoi(rest)
	case "dusk":
		s.Dusk = append(s.Dusk, atoi(rest))
	case "night":
		s.Night = append(s.Night, atoi(rest))
	default:
		fail("unknown STATE line")
	}
}

func (r *caseRun) setUnit(l rulestest.Line, verb, rest string) {
	fail := func(format string, args ...any) { r.T.Fatalf("%s: "+format, append([]any{r.Where(l)}, args...)...) }
	s := r.state()
	name, kv := caseFields(rest)
	var u *UnitSt
	if verb == "unit" {
		b := s.brigade(strings.ReplaceAll(kv["brigade"], "_", " "))
		if b == nil {
			fail("unit %s: brigade=%q is not a brigade (write spaces as _)", name, kv["brigade"])
		}
		nu := UnitSt{Name: name, Side: s.sideOfBrigade(b), Brigade: b.ID, Kind: "infantry", SP: 5, Cohesion: 6, Disordered: 4, MA: 6, Weapon: "R"}
		switch kv["kind"] {
		case "cavalry":
			nu.Kind, nu.MA, nu.Weapon = "cavalry", 12, "M"
			nu.Other = &Counter{MA: 6, Cohesion: 6, Disordered: 4, Weapon: "R"} // its dismounted counter (14.21)
		case "artillery":
			nu.Kind, nu.MA, nu.Weapon, nu.Disordered = "artillery", 8, "N", 5
		case HorseArtillery: // the cases' horse battery: MA 10 (2.21, 9.14)
			nu.Kind, nu.Horse, nu.MA, nu.Weapon, nu.Disordered = "artillery", true, 10, "N", 5
		}
		s.Units = append(s.Units, nu)
		u = &s.Units[len(s.Units)-1]
	} else if u = s.unit(name); u == nil {
		fail("no unit %q", name)
	}
	atoi := func(v string) int {
		n, err := strconv.Atoi(v)
		if err != nil {
			fail("%q is not a number", v)
		}
		return n
	}
	for _, k := range []string{"kind", "hex", "sp", "printed", "cohesion", "disordered", "ma", "weapon", "facing", "face", "status", "green", "blown", "refused", "orders", "arrives", "collapsed", "dma", "dismounted", "ammo", "abandoned", "sections", "extleft", "extright", "cola", "colb", "marched"} {
		v, ok := kv[k]
		if !ok {
			continue
		}
		switch k {
		case "kind":
			if v != HorseArtillery {
				u.Kind = v
			}
		case "hex":
			if _, ok := s.m.Hex(v); !ok && v != "" {
				fail("hex %s is not on the map", v)
			}
			u.Hex = v
		case "sp":
			u.SP = atoi(v)
			if verb == "unit" || u.Printed < u.SP {
				u.Printed = u.SP
			}
		case "printed":
			u.Printed = atoi(v)
		case "cohesion":
			u.Cohesion = atoi(v)
		case "disordered":
			u.Disordered = atoi(v)
		case "ma":
			u.MA = atoi(v)
		case "weapon":
			u.Weapon = v
		case "facing":
			u.Facing = atoi(v)
		case "face":
			if r.faced == nil {
				r.faced = map[string]string{}
			}
			r.faced[u.Name] = v
			u.Facing = s.faceTo(u, s.ordersOf(u), v)
		case "status":
			u.Status = map[string]string{"good": StGood}[v]
			if v != "good" {
				u.Status = v
			}
		case "green":
			u.Green = v == "yes"
		case "marched":
			u.Marched = v == "yes" // it moved under March Orders this turn (9.71)
		case "blown":
			u.Blown = v == "yes"
		case "collapsed":
			u.Collapsed = v == "yes"
		case "dma":
			u.DisMA = atoi(v)
		case "dismounted":
			if v == "yes" && !u.Dismounted && u.Other != nil {
				u.swapCounter()
			}
		case "abandoned":
			u.Status, u.Abandoned2 = StAbandoned, v == "2"
		case "sections":
			u.Sections = nil
			for _, x := range strings.Split(v, "/") {
				x, ammo, _ := strings.Cut(x, ":") // 4N:low, the section's ammunition (10.69)
				i := strings.IndexFunc(x, func(c rune) bool { return c < '0' || c > '9' })
				if i <= 0 {
					fail("sections %q: write guns then weapon, e.g. 4N/2RG, and :low or :out for a section's ammunition", v)
				}
				u.Sections = append(u.Sections, Section{Guns: atoi(x[:i]), Weapon: x[i:], Ammo: map[string]string{"low": AmmoLow, "out": AmmoOut}[ammo]})
			}
			syncAmmo(u)
		case "refused":
			u.Refused = v
		case "orders":
			u.Orders = v
		case "arrives":
			u.Arrives, u.Entry, u.Hex = atoi(v), u.Hex, ""
		case "ammo":
			u.Ammo = map[string]string{"ok": AmmoOK, "low": AmmoLow, "out": AmmoOut}[v]
			if v != "ok" && u.Ammo == AmmoOK {
				fail("ammo=%s: ok, low or out", v)
			}
		case "extleft":
			u.ExtLeft = v
		case "extright":
			u.ExtRight = v
		case "cola":
			u.ColA = v
		case "colb":
			u.ColB = v
		}
	}
	for k := range kv {
		if !slices.Contains([]string{"brigade", "kind", "hex", "sp", "printed", "cohesion", "disordered", "ma", "weapon", "facing", "face", "status", "green", "blown", "refused", "orders", "arrives", "collapsed", "dma", "dismounted", "ammo", "abandoned", "sections", "extleft", "extright", "cola", "colb", "marched"}, k) {
			fail("unknown key %q", k)
		}
	}
}

func (r *caseRun) ExpectState(l rulestest.Line) {
	s := r.state()
	verb, rest, _ := strings.Cut(strings.TrimSpace(l.Text), " ")
	check := func(what, k, got, want string) {
		if got != want {
			r.T.Errorf("%s: %s %s is %q, want %q", r.Where(l), what, k, got, want)
		}
	}
	switch verb {
	case "turn":
		check("game", "turn", strconv.Itoa(s.Turn), rest)
		return
	case "phase":
		check("game", "phase", s.Phase, rest)
		return
	}
	name, kv := caseFields(rest)
	for _, k := range slices.Sorted(maps.Keys(kv)) {
		want := kv[k]
		var got string
		switch verb {
		case "unit":
			u := s.unit(name)
			if u == nil {
				r.T.Fatalf("%s: no unit %q", r.Where(l), name)
			}
			got = map[string]string{"hex": u.Hex, "sp": strconv.Itoa(u.SP), "status": map[bool]string{true: "good", false: u.Status}[u.Status == StGood],
				"facing": strconv.Itoa(u.Facing), "blown": yesNo(u.Blown), "refused": u.Refused, "collapsed": yesNo(u.Collapsed), "green": yesNo(u.Green),
				"dismounted": yesNo(u.Dismounted), "kind": u.Kind, "horse": yesNo(u.Horse), "ma": strconv.Itoa(u.MA),
				"orders": s.ordersOf(u).String(), "outofcommand": yesNo(u.OutOfCommand), "attached": strings.ReplaceAll(u.Attached, " ", "_"),
				"top":      yesNo(u.onMap() && s.unitsAt(u.Hex)[0] == u),
				"ammo":     map[string]string{AmmoOK: "ok", AmmoLow: "low", AmmoOut: "out"}[u.Ammo],
				"building": map[bool]string{true: "no", false: strconv.Itoa(u.Building)}[u.Building == 0],
				"fatigue":  strconv.Itoa(s.fatigueOf(u).Number()), "own": map[bool]string{true: "no", false: u.Own}[u.Own == ""],
				"abandoned": abandonedMarker(u), "sections": sectionsText(u),
				"extleft": u.ExtLeft, "extright": u.ExtRight, "cola": u.ColA, "colb": u.ColB}[k]
		case "breastworks":
			got = map[string]string{"n": strconv.Itoa(len(s.breastworksAt(name)))}[k]
		case "brigade":
			b := s.brigade(name)
			if b == nil {
				r.T.Fatalf("%s: no brigade %q", r.Where(l), name)
			}
			got = map[string]string{"orders": b.Orders, "reserve": yesNo(b.Reserve), "ci": yesNo(b.CI), "activated": strconv.Itoa(b.Activated),
				"fatigue": strconv.Itoa(b.Fatigue.Number()), "leader": b.Leader, "profile": string(b.Profile), "rating": strconv.Itoa(b.Rating)}[k]
		case "division":
			d := s.division(name)
			if d == nil {
				r.T.Fatalf("%s: no division %q", r.Where(l), name)
			}
			got = map[string]string{"ams": strconv.Itoa(d.AMs), "ci": yesNo(d.CI), "leader": d.Leader,
				"coordination": strconv.Itoa(d.Coordination), "activation": strconv.Itoa(d.Activation)}[k]
		case "corps":
			c := s.corps(name)
			if c == nil {
				r.T.Fatalf("%s: no corps %q", r.Where(l), name)
			}
			got = map[string]string{"leader": c.Leader, "rating": strconv.Itoa(c.Rating)}[k]
		case "leader":
			ld := s.leader(name)
			if ld == nil {
				r.T.Fatalf("%s: no leader %q", r.Where(l), name)
			}
			got = map[string]string{"hex": ld.Hex, "killed": yesNo(ld.Killed), "range": strconv.Itoa(ld.Range)}[k]
		case "side":
			ss := s.side(rules.Side(name))
			if ss == nil {
				r.T.Fatalf("%s: no side %q", r.Where(l), name)
			}
			var ems []string
			for _, c := range slices.Sorted(maps.Keys(ss.EMs)) {
				ems = append(ems, fmt.Sprintf("%s:%d", strings.ReplaceAll(c, " ", "_"), ss.EMs[c]))
			}
			got = map[string]string{"initiative": yesNo(ss.Initiative), "lost": strconv.Itoa(ss.Lost), "em": strings.Join(ems, ",")}[k]
		default:
			r.T.Fatalf("%s: bad EXPECT-STATE line", r.Where(l))
		}
		check(verb+" "+name, k, got, want)
	}
}

func yesNo(b bool) string { return map[bool]string{true: "yes", false: "no"}[b] }

// abandonedMarker is a unit's Abandoned marker: 0 for none, 1 or 2
// (12.8).
func abandonedMarker(u *UnitSt) string {
	switch {
	case u.Status != StAbandoned:
		return "0"
	case u.Abandoned2:
		return "2"
	}
	return "1"
}

// sectionsText is a battery's sections as a case writes them: 4N/2RG.
func sectionsText(u *UnitSt) string {
	var out []string
	for _, x := range u.Sections {
		a := map[string]string{AmmoLow: ":low", AmmoOut: ":out"}[x.Ammo]
		out = append(out, x.String()+a)
	}
	return strings.Join(out, "/")
}
